import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { OrdersPage } from './OrdersPage';
import { ALL_ORDER_PERMISSIONS, summary } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The data grid takes a while to lay out its rows in happy-dom.
const SLOW = { timeout: 8000 };
const SECOND = 'a0000000-0000-4000-8000-000000000002';
const JOB = 'f0000000-0000-4000-8000-000000000001';
const COUNTS = { all: 1234, draft: 3, on_hold: 5, open: 1200, closed: 20, error: 4, cancelled: 2 };

const rows = [
  summary(),
  summary({
    id: SECOND, number: 'AC-1002', status: 'error', fulfillment_status: 'unallocated', error_code: 'sku_not_found',
    error_message: 'Unknown SKU NOPE-1', customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' }, total: '5.00',
  }),
];

function routes(extra: FetchRoute[] = []): FetchRoute[] {
  return [
    ['GET', '/api/1.0/orders', [200, page(rows, 1234)]],
    ['GET', '/api/1.0/orders/counts', [200, { data: COUNTS }]],
    ...extra,
  ];
}

describe('OrdersPage', { timeout: 30_000 }, () => {
  it('lists orders with status tabs and their counts; an error order shows its code and message', async () => {
    routeFetch(routes());
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });

    expect(await screen.findByText('AC-1002', {}, SLOW)).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Orders by status' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All1,234', 'Draft3', 'On hold5', 'Open1,200', 'Error4', 'Closed20', 'Cancelled2',
    ]);
    expect(screen.getByText('SKU not found')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AC-1001' }).getAttribute('href')).toBe(`/orders/edit/${rows[0]!.id}`);
    expect(screen.getByRole('button', { name: 'New order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeTruthy();
    // The Error tab opens the error column: code and the server's message.
    expect(screen.queryByText('Unknown SKU NOPE-1')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /^Error/ }));
    expect(await screen.findByText('Unknown SKU NOPE-1', {}, SLOW)).toBeTruthy();
  });

  it('sends the tab as search status, the text as bare search, and the filter panel as spec operators', async () => {
    const net = routeFetch(routes());
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    await screen.findByText('AC-1002', {}, SLOW);

    fireEvent.click(screen.getByRole('tab', { name: /^Open/ }));
    fireEvent.change(screen.getByLabelText('Search number, customer or e-mail'), { target: { value: 'ada' } });
    await waitFor(() => expect(net.to('GET', '/api/1.0/orders').at(-1)?.url.searchParams.get('search')).toBe('ada;status:open'), SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter orders' });
    fireEvent.change(within(dialog).getByLabelText('Channel'), { target: { value: 'shopify' } });
    fireEvent.change(within(dialog).getByLabelText('Created from'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('Created to'), { target: { value: '2026-03-31' } });
    fireEvent.change(within(dialog).getByLabelText('Total greater than'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Total less than'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Must be greater than the lower limit')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Total less than'), { target: { value: '500.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(net.to('GET', '/api/1.0/orders').at(-1)?.url.searchParams.get('filters')).toBeTruthy(), SLOW);
    const last = net.to('GET', '/api/1.0/orders').at(-1)!;
    expect(JSON.parse(last.url.searchParams.get('filters')!)).toEqual([
      { field: 'channel', operator: 'like', value: 'shopify' },
      { field: 'created_at', operator: 'between', value: [new Date('2026-03-01T00:00:00').toISOString(), new Date('2026-03-31T23:59:59.999').toISOString()] },
      { field: 'total', operator: 'gt', value: '100' },
      { field: 'total', operator: 'lt', value: '500.5' },
    ]);
    const counts = net.to('GET', '/api/1.0/orders/counts').at(-1)!;
    expect(counts.url.searchParams.get('search')).toBe('ada');
    expect(counts.url.searchParams.get('filters')).toBe(last.url.searchParams.get('filters'));

    // The active filters show as chips; removing one asks again without it.
    const chips = await screen.findByRole('group', { name: 'Active filters' }, SLOW);
    fireEvent.click(within(within(chips).getByRole('button', { name: 'Channel ~ shopify' })).getByTestId('CancelIcon'));
    await waitFor(() => expect(net.to('GET', '/api/1.0/orders').at(-1)?.url.searchParams.get('filters')).not.toContain('shopify'), SLOW);
  });

  it('applies the filters and field search of the link that opened it, until their chip is removed', async () => {
    const net = routeFetch(routes());
    const linked = [{ field: 'status', operator: 'in', value: ['open', 'closed'] }, { field: 'currency', operator: 'where', value: 'USD' }];
    const path = `/orders?filters=${encodeURIComponent(JSON.stringify(linked))}&search=${encodeURIComponent('country:;iloc_id:i1')}`;
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant'), path });
    await screen.findByText('AC-1002', {}, SLOW);
    const first = net.to('GET', '/api/1.0/orders')[0]!.url.searchParams;
    expect(JSON.parse(first.get('filters')!)).toEqual(linked);
    expect(first.get('search')).toBe('country:;iloc_id:i1');
    expect(net.to('GET', '/api/1.0/orders/counts')[0]!.url.searchParams.get('search')).toBe('country:;iloc_id:i1');

    const chips = screen.getByRole('group', { name: 'Active filters' });
    fireEvent.click(within(within(chips).getByRole('button', { name: 'Filtered by the link you followed' })).getByTestId('CancelIcon'));
    await waitFor(() => expect(net.to('GET', '/api/1.0/orders').at(-1)!.url.searchParams.get('filters')).toBeNull(), SLOW);
    expect(net.to('GET', '/api/1.0/orders').at(-1)!.url.searchParams.get('search')).toBeNull();
  });

  it('bulk-cancels the selection through a job and reports cancelled and skipped orders', async () => {
    const net = routeFetch(
      routes([
        ['POST', '/api/1.0/orders/bulk-cancel', [202, { data: { job_id: JOB, status: 'PENDING' } }]],
        [
          'GET',
          `/api/1.0/jobs/${JOB}`,
          (_call, nth) =>
            nth === 0
              ? [200, { data: { id: JOB, kind: 'orders.bulk-cancel', status: 'RUNNING', progress: 50, result: null, error: null, created_at: '', finished_at: null } }]
              : [200, { data: { id: JOB, kind: 'orders.bulk-cancel', status: 'COMPLETED', progress: 100, error: null, created_at: '', finished_at: '',
                  result: { cancelled: 1, skipped: [{ id: SECOND, number: 'AC-1002', reason: 'Orders in error are not cancelled in bulk' }] } } }],
        ],
      ]),
    );
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    await screen.findByText('AC-1002', {}, SLOW);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(await screen.findByText('2 orders selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel orders' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel 2 orders?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel orders' }));

    const result = await screen.findByRole('dialog', { name: 'Cancel orders' });
    expect(await within(result).findByText('1 order cancelled. 1 skipped.', {}, SLOW)).toBeTruthy();
    expect(within(result).getByText('Orders in error are not cancelled in bulk')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/orders/bulk-cancel')[0]?.body).toEqual({ ids: [rows[0]!.id, SECOND] });
    expect(net.to('GET', `/api/1.0/jobs/${JOB}`).length).toBeGreaterThanOrEqual(2);
  });

  it('says "Could not cancel orders" when the job fails', async () => {
    routeFetch(
      routes([
        ['POST', '/api/1.0/orders/bulk-cancel', [202, { data: { job_id: JOB, status: 'PENDING' } }]],
        ['GET', `/api/1.0/jobs/${JOB}`, [200, { data: { id: JOB, kind: 'orders.bulk-cancel', status: 'FAILED', progress: 0, result: null, error: 'Worker stopped', created_at: '', finished_at: '' } }]],
      ]),
    );
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    await screen.findByText('AC-1002', {}, SLOW);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel orders' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel 1 order?' })).getByRole('button', { name: 'Cancel orders' }));
    expect(await screen.findByText('Could not cancel orders: Worker stopped', {}, SLOW)).toBeTruthy();
  });

  it('holds the selection with a date and shows what was skipped', async () => {
    const net = routeFetch(
      routes([['POST', '/api/1.0/orders/bulk-hold', [200, { data: { updated: [rows[0]!.id], skipped: [{ id: SECOND, number: 'AC-1002', reason: 'Closed' }] } }]]]),
    );
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    await screen.findByText('AC-1002', {}, SLOW);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold 2 orders' });
    fireEvent.change(within(dialog).getByLabelText('Hold until (date)'), { target: { value: '2031-06-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold' }));
    expect(await screen.findByText('1 order put on hold. 1 skipped.', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/orders/bulk-hold')[0]?.body).toEqual({ ids: [rows[0]!.id, SECOND], hold_until: new Date('2031-06-01T00:00').toISOString() });
  });

  it('restores the saved column layout and saves changes to the preferences', async () => {
    const net = routeFetch(routes([['POST', '/api/1.0/preferences/update-or-create', [200, { data: {} }]]]));
    const session = fakeSession(ALL_ORDER_PERMISSIONS, 'tenant');
    session.user!.preferences = {
      grids: { orders: { order: ['total', 'number'], hidden: ['customer', 'fulfillment_status'], widths: { total: 200 } }, skus: { hidden: ['x'] } },
    };
    renderWithProviders(<OrdersPage />, { session });
    await screen.findByText('AC-1002', {}, SLOW);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent).filter(Boolean);
    expect(headers.slice(0, 3)).toEqual(['Total', 'Number', 'Status']);
    expect(headers).not.toContain('Customer');

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Show Customer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Number up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(net.to('POST', '/api/1.0/preferences/update-or-create')).toHaveLength(1), SLOW);
    const body = net.to('POST', '/api/1.0/preferences/update-or-create')[0]!.body as { data: { preferences: { grids: Record<string, { order: string[]; hidden: string[] }> } } };
    expect(body.data.preferences.grids.skus).toEqual({ hidden: ['x'] });
    expect(body.data.preferences.grids.orders!.hidden).toEqual(['fulfillment_status']);
    expect(body.data.preferences.grids.orders!.order.slice(0, 2)).toEqual(['number', 'total']);
    expect(session.reloadUser).toHaveBeenCalled();
  });

  it('without create-order or update-order: no New order, no Upload CSV, no selection', async () => {
    routeFetch(routes());
    renderWithProviders(<OrdersPage />, { session: fakeSession(['read-order'], 'tenant') });
    await screen.findByText('AC-1002', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'New order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload CSV' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all rows' })).toBeNull();
  });

  it('shows an error state with a retry, and an empty state', async () => {
    routeFetch([
      ['GET', '/api/1.0/orders', (_c, nth) => (nth === 0 ? [500, { message: 'Server Error' }] : [200, page([])])],
      ['GET', '/api/1.0/orders/counts', [200, { data: { ...COUNTS, all: 0 } }]],
    ]);
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    expect(await screen.findByText('Could not show the orders: Server Error', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet', {}, SLOW)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    routeFetch(routes());
    renderWithProviders(<OrdersPage />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant'), language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Pedidos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo pedido' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: /^En espera/ })).toBeTruthy();
    expect(await screen.findByText('SKU no encontrado', {}, SLOW)).toBeTruthy();
  });
});
