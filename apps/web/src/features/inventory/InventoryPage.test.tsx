import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { setTokens } from '../../shared/session/storage';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { InventoryPage } from './InventoryPage';
import { filtersFromLink } from './inventory-link';
import type { InventoryRow } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The data grid takes a while to lay out its rows in happy-dom.
const SLOW = { timeout: 8000 };
const ALL = ['read-product', 'create-product', 'update-product', 'read-inventory', 'update-inventory'];
const AUSTIN = 'e0000000-0000-4000-8000-000000000001';
const RENO = 'e0000000-0000-4000-8000-000000000002';

const row = (overrides: Partial<InventoryRow> = {}): InventoryRow => ({
  sku_id: 'b0000000-0000-4000-8000-000000000001', sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', iloc_id: AUSTIN, iloc_code: 'AUS-MAIN', iloc_name: 'Austin Main Warehouse',
  qty_available: 8, qty_good: 10, qty_hold: 0, qty_hurt: 1, qty_in_transit: 0, qty_reserved: 2, updated_at: '2026-01-01T10:00:00Z',
  ...overrides,
});
const ilocs = page([
  { id: AUSTIN, name: 'Austin Main Warehouse', code: 'AUS-MAIN' },
  { id: RENO, name: 'Shipedge Reno', code: 'SE-RENO' },
]);

function routes(extra: FetchRoute[] = []): FetchRoute[] {
  return [
    ['GET', '/api/1.0/inventory', [200, page([row(), row({ iloc_id: RENO, iloc_name: 'Shipedge Reno', qty_available: 3, qty_good: 3, qty_reserved: 0, qty_hurt: 0 })])]],
    ['GET', '/api/1.0/tenants/c1/ilocs', [200, ilocs]],
    ['GET', '/api/1.0/skus', [200, page([])]],
    ...extra,
  ];
}

describe('filtersFromLink', () => {
  it("reads the dashboard's low-stock link into the search box and the location", () => {
    expect(filtersFromLink(`sku:TEE-M;iloc:${RENO}`)).toEqual({ search: 'TEE-M', ilocId: RENO, type: '', available: false });
    expect(filtersFromLink(null)).toEqual({ search: '', ilocId: '', type: '', available: false });
    expect(filtersFromLink('tee')).toMatchObject({ search: 'tee', ilocId: '' });
  });
});

describe('InventoryPage', { timeout: 30_000 }, () => {
  it('opens filtered as a link asks: the SKU searched at the location', async () => {
    const net = routeFetch(routes());
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant'), path: `/inventory?search=sku:TEE-M;iloc:${RENO}` });
    await waitFor(() => expect(net.to('GET', '/api/1.0/inventory').at(-1)?.url.searchParams.get('search')).toBe(`TEE-M;iloc:${RENO}`), SLOW);
    expect((screen.getByLabelText('Search SKU or name') as HTMLInputElement).value).toBe('TEE-M');
  });

  it('lists quantities per SKU and iloc, and sends search and filters to the server', async () => {
    const net = routeFetch(routes());
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant') });

    expect(await screen.findByText('Shipedge Reno', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByText('TEE-M')).toHaveLength(2);

    await screen.findByRole('option', { name: 'Shipedge Reno' });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: RENO } });
    fireEvent.click(screen.getByRole('switch', { name: 'Available only' }));
    fireEvent.change(screen.getByLabelText('Search SKU or name'), { target: { value: 'tee;m' } });

    await waitFor(() => {
      const last = net.to('GET', '/api/1.0/inventory').at(-1);
      expect(last?.url.searchParams.get('search')).toBe(`tee m;iloc:${RENO};available:gt0`);
    }, SLOW);
    expect(net.to('GET', '/api/1.0/inventory').at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('adjusts a row in place: bucket, delta, reason and note go to /inventory/adjustments', async () => {
    const net = routeFetch(routes([['POST', '/api/1.0/inventory/adjustments', [201, { data: { movements: 1, balances: [] } }]]]));
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant') });

    const [adjust] = await screen.findAllByRole('menuitem', { name: 'Adjust' }, SLOW);
    fireEvent.click(adjust!);
    const dialog = await screen.findByRole('dialog', { name: 'Adjust TEE-M at Austin Main Warehouse' });
    fireEvent.change(within(dialog).getByLabelText('Bucket'), { target: { value: 'hurt' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'damaged' } });
    fireEvent.change(within(dialog).getByLabelText(/^Quantity to add or remove/), { target: { value: '-1' } });
    expect(within(dialog).getByText('Damaged after this change: 0')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Torn seam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Stock of TEE-M at Austin Main Warehouse adjusted')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/inventory/adjustments')[0]?.body).toEqual({
      adjustments: [{ sku: 'TEE-M', iloc_id: AUSTIN, bucket: 'hurt', delta: -1, reason: 'damaged', note: 'Torn seam' }],
    });
  });

  it('sets a count from the toolbar and shows "Insufficient stock" under the quantity', async () => {
    const net = routeFetch(
      routes([
        ['POST', '/api/1.0/inventory/adjustments', [422, { message: 'Invalid data', errors: { 'adjustments.0.set': ['Insufficient stock'] } }]],
      ]),
    );
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant') });
    await screen.findByText('Shipedge Reno', {}, SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('The SKU is required')).toBeTruthy();
    expect(within(dialog).getByText('The location is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('combobox', { name: /^SKU/ }), { target: { value: 'TEE-M' } });
    await within(dialog).findByRole('option', { name: 'Shipedge Reno (SE-RENO)' });
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: RENO } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Set the count' }));
    fireEvent.change(within(dialog).getByLabelText(/^New count/), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Enter a whole number of 0 or more')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^New count/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Insufficient stock')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/inventory/adjustments')[0]?.body).toEqual({
      adjustments: [{ sku: 'TEE-M', iloc_id: RENO, bucket: 'good', set: 1, reason: 'cycle_count' }],
    });
  });

  it("opens a row's history and its channel availability from the row's menu", async () => {
    const net = routeFetch(routes([
      ['GET', '/api/1.0/inventory/movements', [200, page([])]],
      ['GET', '/api/1.0/inventory/availability', [200, page([])]],
    ]));
    renderWithProviders(<InventoryPage />, { session: fakeSession(['read-product'], 'tenant') });
    await screen.findByText('Shipedge Reno', {}, SLOW);

    fireEvent.click(screen.getAllByRole('menuitem', { name: 'more' })[1]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'History' }));
    const drawer = await screen.findByRole('dialog', { name: 'Stock history of TEE-M' });
    expect(await within(drawer).findByText('No stock movements at this location yet')).toBeTruthy();
    expect(net.to('GET', '/api/1.0/inventory/movements')[0]?.url.searchParams.get('search')).toBe(`sku_id:${row().sku_id};iloc:${RENO}`);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stock history of TEE-M' })).toBeNull());

    fireEvent.click((await screen.findAllByRole('menuitem', { name: 'more' }))[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Channel availability' }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel availability of TEE-M' });
    expect(within(dialog).getByRole('checkbox', { name: 'Austin Main Warehouse' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Shipedge Reno' })).toHaveProperty('checked', false);
    await waitFor(() => expect(net.to('GET', '/api/1.0/inventory/availability')[0]?.url.searchParams.get('iloc_ids')).toBe(AUSTIN), SLOW);
  });

  it('offers no adjusting or importing without the rights', async () => {
    routeFetch(routes());
    renderWithProviders(<InventoryPage />, { session: fakeSession(['read-product'], 'tenant') });
    await screen.findByText('Shipedge Reno', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Adjust stock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New product' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Adjust' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('shows an error state with a retry when the list fails', async () => {
    routeFetch([
      ['GET', '/api/1.0/inventory', [500, { message: 'Server error' }]],
      ['GET', '/api/1.0/tenants/c1/ilocs', [200, ilocs]],
    ]);
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant') });
    expect(await screen.findByText('Could not show the inventory: Server error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('exports CSV through the authenticated client, not a bare link', async () => {
    setTokens({ access_token: 'tok-123', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 });
    const net = routeFetch(routes([['GET', '/api/1.0/inventory/export', [200, 'sku,name\nTEE-M,Tee M\n']]]));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:inventory');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant') });
    await screen.findByText('Shipedge Reno', {}, SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Inventory rows (current filters)' }));

    expect(await screen.findByText(/^inventory-\d{4}-\d{2}-\d{2}\.csv downloaded$/)).toBeTruthy();
    const [call] = net.to('GET', '/api/1.0/inventory/export');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-123');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toBe('sku,name\nTEE-M,Tee M\n');
  });

  it('imports a CSV as multipart and reads the row-level report', async () => {
    setTokens({ access_token: 'tok-123', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 });
    const report = { created: 0, updated: 2, failed: 1, errors: [{ line: 3, sku: 'NOPE-1', message: 'Unknown SKU' }] };
    const net = routeFetch(routes([['POST', '/api/1.0/inventory/import', [200, { data: report }]]]));
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant') });
    await screen.findByText('Shipedge Reno', {}, SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Inventory counts…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import inventory counts' });
    const file = new File(['sku,iloc_code,bucket,quantity,reason\nTEE-M,AUS-MAIN,good,5,cycle_count\n'], 'counts.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('csv-file-input'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('1 row could not be imported; the other rows were.')).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Rows not imported' });
    const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['3', 'NOPE-1', 'Unknown SKU']);
    expect(within(dialog).getByText('Updated: 2')).toBeTruthy();

    const [upload] = net.to('POST', '/api/1.0/inventory/import');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('counts.csv');
    expect(upload?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('speaks Spanish', async () => {
    routeFetch(routes());
    renderWithProviders(<InventoryPage />, { session: fakeSession(ALL, 'tenant'), language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Inventario' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajustar existencias' })).toBeTruthy();
    expect(await screen.findByText('Disponible', {}, SLOW)).toBeTruthy();
  });
});
