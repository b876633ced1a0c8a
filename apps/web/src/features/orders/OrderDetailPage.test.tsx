import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { OrderDetailPage } from './OrderDetailPage';
import { ALL_ORDER_PERMISSIONS, ORDER_ID, line, order } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ONE = `/api/1.0/orders/${ORDER_ID}`;
// Forms and dialogs take their time in happy-dom when the whole suite runs in parallel.
const SLOW = { timeout: 8000 };

function renderDetail(routes: FetchRoute[], permissions = ALL_ORDER_PERMISSIONS, language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/orders/edit/:id" element={<OrderDetailPage />} />
      <Route path="/shipments/create/:orderId" element={<p>shipment screen</p>} />
    </Routes>,
    { session: fakeSession(permissions, 'tenant'), path: `/orders/edit/${ORDER_ID}`, language },
  );
  return net;
}

const toolbarButtons = async (name = 'Order actions') => {
  const toolbar = await screen.findByRole('toolbar', { name });
  return within(toolbar).getAllByRole('button').map((b) => b.textContent);
};

describe('order detail', { timeout: 20_000 }, () => {
  it('shows the order: chips, lines with allocation per iloc, totals, addresses, and the include it asked for', async () => {
    const net = renderDetail([['GET', ONE, [200, { data: order() }]]]);
    expect(await screen.findByRole('heading', { name: 'Order AC-1001', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Open').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Allocated').length).toBeGreaterThan(0);
    expect(screen.getByText('2 at Austin Main Warehouse')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toMatch(/USD\s?39\.80/);
    expect(screen.getByText('1 Main St')).toBeTruthy();
    expect(net.to('GET', ONE)[0]?.url.searchParams.get('include')).toBe('shipments,returns');
  });

  it('draws buttons from allowed_actions only: a closed order offers just Reopen', async () => {
    renderDetail([['GET', ONE, [200, { data: order({ status: 'closed', fulfillment_status: 'shipped' }) }]]]);
    expect(await toolbarButtons()).toEqual(['Reopen']);
  });

  it('draws every allowed action of an open order, and nothing the server left out', async () => {
    renderDetail([['GET', ONE, [200, { data: order({ allowed_actions: ['hold', 'cancel'] }) }]]]);
    expect(await toolbarButtons()).toEqual(['Hold', 'Cancel order']);
  });

  it('holds with a date and a time: hold_until is that local instant', async () => {
    const net = renderDetail([
      ['GET', ONE, [200, { data: order() }]],
      ['POST', `${ONE}/hold`, [200, { data: order({ status: 'on_hold', hold_until: '2030-01-02T09:30:00Z' }) }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold order AC-1001' });
    fireEvent.change(within(dialog).getByLabelText('Hold until (date)'), { target: { value: '2030-01-02' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold' }));

    expect(await screen.findByText('Order AC-1001 put on hold', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${ONE}/hold`)[0]?.body).toEqual({ hold_until: new Date('2030-01-02T09:30').toISOString() });
  });

  it('holds without a date (until released), and refuses a date in the past', async () => {
    const net = renderDetail([
      ['GET', ONE, [200, { data: order() }]],
      ['POST', `${ONE}/hold`, [200, { data: order({ status: 'on_hold' }) }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold order AC-1001' });
    fireEvent.change(within(dialog).getByLabelText('Hold until (date)'), { target: { value: '2001-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold' }));
    expect(await within(dialog).findByText('Choose a date and time in the future')).toBeTruthy();
    expect(net.to('POST', `${ONE}/hold`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Hold until (date)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold' }));
    await waitFor(() => expect(net.to('POST', `${ONE}/hold`)[0]?.body).toEqual({ hold_until: null }));
  });

  it('shows an error order’s code, the server message and what to fix', async () => {
    renderDetail([
      ['GET', ONE, [200, { data: order({ status: 'error', error_code: 'sku_not_found', error_message: 'Unknown SKU NOPE-1 on line 1', fulfillment_status: 'unallocated' }) }]],
    ]);
    const alert = await screen.findByTestId('order-error');
    expect(within(alert).getByText('SKU not found')).toBeTruthy();
    expect(within(alert).getByText('Unknown SKU NOPE-1 on line 1')).toBeTruthy();
    expect(within(alert).getByText(/Correct the SKU/)).toBeTruthy();
    expect(await toolbarButtons()).toEqual(['Edit', 'Retry', 'Hold', 'Clone', 'Cancel order']);
  });

  it('cancels after confirming; a refused transition says so', async () => {
    const net = renderDetail([
      ['GET', ONE, [200, { data: order() }]],
      ['POST', `${ONE}/cancel`, [409, { code: 'INVALID_TRANSITION', from: 'closed', action: 'cancel', message: 'Closed orders allow nothing' }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order AC-1001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText(/Closed orders allow nothing/)).toBeTruthy();
    expect(net.to('POST', `${ONE}/cancel`)).toHaveLength(1);
  });

  it('clones and opens the new draft', async () => {
    const CLONE = 'a0000000-0000-4000-8000-000000000002';
    renderDetail([
      ['GET', ONE, [200, { data: order({ status: 'cancelled' }) }]],
      ['POST', `${ONE}/clone`, [201, { data: order({ id: CLONE, number: 'AC-1002', status: 'draft' }) }]],
      ['GET', `/api/1.0/orders/${CLONE}`, [200, { data: order({ id: CLONE, number: 'AC-1002', status: 'draft' }) }]],
    ]);
    expect(await toolbarButtons()).toEqual(['Clone']);
    fireEvent.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByRole('heading', { name: 'Order AC-1002', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText('Draft AC-1002 created from the order')).toBeTruthy();
  });

  it('links to "Create shipment" for an open order with reserved units and the permission', async () => {
    renderDetail([['GET', ONE, [200, { data: order() }]]]);
    const link = await screen.findByRole('link', { name: 'Create shipment' });
    expect(link.getAttribute('href')).toBe(`/shipments/create/${ORDER_ID}`);
  });

  it('offers no shipment without allocated units or without create-shipment', async () => {
    renderDetail([['GET', ONE, [200, { data: order({ lines: [line({ qty_allocated: 0, qty_backordered: 2, allocations: [] })] }) }]]]);
    await screen.findByRole('heading', { name: 'Order AC-1001', level: 1 });
    expect(screen.queryByRole('link', { name: 'Create shipment' })).toBeNull();
  });

  describe('Start a return', () => {
    const RETURNS = ['read-returns', 'create-returns'];
    const shippedOrder = (lines = [line({ qty_shipped: 2, qty_allocated: 0, allocations: [] })]) =>
      order({ status: 'closed', fulfillment_status: 'shipped', allowed_actions: ['reopen'], lines, returns: [
        { id: 'r1', number: 'RMA-AC-1001-1', status: 'open', refund_status: 'open', reason: null, shipment_id: null, created_at: '2026-03-06T10:00:00Z', units: 1 },
      ] });
    const returnable = (n: number) => [200, { data: [{ line_id: line().id, line_no: 1, sku: 'TEE-M', name: 'Tee M', shipped: 2, returned: 0, returnable: n }] }] as [number, unknown];

    it('links to the start-a-return screen when some shipped unit is left to return; the return made without a shipment links to the list', async () => {
      const net = renderDetail([['GET', ONE, [200, { data: shippedOrder() }]], ['GET', `${ONE}/returnable`, returnable(1)]], [...ALL_ORDER_PERMISSIONS, ...RETURNS]);
      const start = await screen.findByRole('link', { name: 'Start a return of order AC-1001' }, SLOW);
      expect(start.textContent).toBe('Start a return');
      expect(start.getAttribute('href')).toBe(`/returns?order=${ORDER_ID}&from=order`);
      expect(net.to('GET', `${ONE}/returnable`)).toHaveLength(1);
      expect(screen.getByRole('link', { name: 'Return RMA-AC-1001-1' }).getAttribute('href')).toBe('/returns?search=RMA-AC-1001-1');
    });

    it('offers none when every shipped unit is already claimed by a return', async () => {
      const net = renderDetail([['GET', ONE, [200, { data: shippedOrder() }]], ['GET', `${ONE}/returnable`, returnable(0)]], [...ALL_ORDER_PERMISSIONS, ...RETURNS]);
      await screen.findByRole('heading', { name: 'Order AC-1001', level: 1 }, SLOW);
      await waitFor(() => expect(net.to('GET', `${ONE}/returnable`)).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 100));
      expect(screen.queryByRole('link', { name: /Start a return/ })).toBeNull();
    });

    it('does not ask without create-returns', async () => {
      const first = renderDetail([['GET', ONE, [200, { data: shippedOrder() }]]], [...ALL_ORDER_PERMISSIONS, 'read-returns']);
      await screen.findByRole('heading', { name: 'Order AC-1001', level: 1 }, SLOW);
      expect(screen.queryByRole('link', { name: /Start a return/ })).toBeNull();
      expect(first.to('GET', `${ONE}/returnable`)).toHaveLength(0);
    });

    it('does not ask when nothing shipped, and speaks Spanish', async () => {
      const net = renderDetail([['GET', ONE, [200, { data: order({ lines: [line({ qty_shipped: 0 })] }) }]]], [...ALL_ORDER_PERMISSIONS, ...RETURNS], 'es');
      await screen.findByRole('heading', { name: 'Pedido AC-1001', level: 1 }, SLOW);
      expect(screen.queryByRole('link', { name: /Iniciar una devolución/ })).toBeNull();
      expect(net.to('GET', `${ONE}/returnable`)).toHaveLength(0);
    });
  });

  it('lists the history: who, action, from → to, when', async () => {
    renderDetail([
      ['GET', ONE, [200, { data: order({ status: 'on_hold', hold_until: '2030-01-02T09:30:00Z' }) }]],
      [
        'GET',
        `${ONE}/events`,
        [200, page([
          { id: 1, action: 'create', from_status: null, to_status: 'open', user: { id: 'u1', name: 'Tess Tenant' }, data: {}, created_at: '2026-03-05T14:07:00Z' },
          { id: 2, action: 'hold', from_status: 'open', to_status: 'on_hold', user: { id: 'u1', name: 'Tess Tenant' }, data: { hold_until: '2030-01-02T09:30:00Z' }, created_at: '2026-03-05T15:00:00Z' },
        ])],
      ],
    ]);
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Order history' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[1]?.slice(1, 4)).toEqual(['Tess Tenant', 'Held', 'Open → On hold']);
    expect(rows[0]?.[3]).toBe('— → Open');
  });

  it('edits with the version read; a 409 CONFLICT reloads the order and says someone else changed it', async () => {
    let reads = 0;
    const net = renderDetail([
      ['GET', ONE, () => [200, { data: reads++ === 0 ? order() : order({ version: 4, notes: 'Changed by a colleague' }) }]],
      ['PUT', ONE, [409, { code: 'CONFLICT', message: 'The order was changed by someone else' }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit order AC-1001' }, SLOW);
    fireEvent.change(within(form).getByLabelText('Notes'), { target: { value: 'Leave at the door' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Someone else changed this order', {}, SLOW)).toBeTruthy();
    const [put] = net.to('PUT', ONE);
    expect(put?.body).toMatchObject({ version: 3, notes: 'Leave at the door', lines: [{ sku: 'TEE-M', quantity: 2, price: '19.90' }] });
    expect(put?.body).not.toHaveProperty('channel');
    expect(put?.body).not.toHaveProperty('hold_until');
    await waitFor(() => expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Changed by a colleague'), SLOW);
  });

  it('shows a not-found state for an unknown order, and speaks Spanish', async () => {
    renderDetail([['GET', ONE, [404, { message: 'Not found' }]]], ALL_ORDER_PERMISSIONS, 'es');
    expect(await screen.findByText('Este pedido no existe o pertenece a otra empresa.')).toBeTruthy();
  });

  it('speaks Spanish on a held order', async () => {
    renderDetail([['GET', ONE, [200, { data: order({ status: 'on_hold' }) }]]], ALL_ORDER_PERMISSIONS, 'es');
    expect(await screen.findByRole('heading', { name: 'Pedido AC-1001' })).toBeTruthy();
    expect(screen.getByText('En espera hasta que alguien lo libere.')).toBeTruthy();
    expect(await toolbarButtons('Acciones del pedido')).toEqual(['Editar', 'Liberar', 'Poner en espera', 'Clonar', 'Cancelar pedido']);
  });
});
