import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { PoBySkusPage } from './PoBySkusPage';
import { ALL_PO_PERMISSIONS, ILOC_ID, SUPPLIER2_ID, SUPPLIER_ID, ilocsPage, suggestion, summary, suppliersPage } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const SUGGESTIONS = '/api/1.0/purchase-orders/suggestions';
const BY_SKUS = '/api/1.0/purchase-orders/by-skus';

const rows = [
  suggestion(),
  suggestion({ sku_id: 'b2', sku: 'CAP-BLUE', name: 'Cap blue', supplier: { id: SUPPLIER2_ID, name: 'Contoso Textiles' }, unit_cost: '3.0000', suggested_quantity: 12 }),
  suggestion({ sku_id: 'b3', sku: 'SOCK-1', name: 'Sock', supplier: null, unit_cost: null, suggested_quantity: 0 }),
];

function renderPage(routes: FetchRoute[]) {
  const net = routeFetch([
    ['GET', '/api/1.0/suppliers', [200, suppliersPage]],
    ['GET', '/api/1.0/tenants/c1/ilocs', [200, ilocsPage]],
    ['GET', SUGGESTIONS, [200, page(rows)]],
    ...routes,
  ]);
  renderWithProviders(<PoBySkusPage />, { session: fakeSession(ALL_PO_PERMISSIONS, 'tenant'), path: '/po-create-by-skus' });
  return net;
}

async function chooseIloc() {
  await screen.findByRole('option', { name: 'Austin Main Warehouse (AUS-MAIN)' }, SLOW);
  fireEvent.change(screen.getByLabelText(/^iLoc/), { target: { value: ILOC_ID } });
  await screen.findByText('CAP-BLUE', {}, SLOW);
}

describe('purchase orders by SKUs', { timeout: 20_000 }, () => {
  it('asks for suggestions of the chosen iloc with the window and cover days', async () => {
    const net = renderPage([]);
    expect(await screen.findByText('Choose an iLoc to see what it needs', {}, SLOW)).toBeTruthy();
    await chooseIloc();
    const query = net.to('GET', SUGGESTIONS).at(-1)!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ iloc_id: ILOC_ID, window_days: '30', cover_days: '30', only_needed: 'true' });
    expect(screen.getByText('Trail Tee red M')).toBeTruthy();
  });

  it('creates one PO per supplier from the selected rows, with edited quantity and supplier', async () => {
    const created = [summary({ number: 'PO-1' }), summary({ id: 'p2', number: 'PO-2', supplier: { id: SUPPLIER2_ID, name: 'Contoso Textiles' } })];
    const net = renderPage([['POST', BY_SKUS, [201, { data: created }]]]);
    await chooseIloc();
    fireEvent.change(screen.getByLabelText('Quantity for TEE-RED-M'), { target: { value: '80' } });
    // The SKU without a supplier is picked and given one; its cost then comes from the server.
    fireEvent.change(screen.getByLabelText('Quantity for SOCK-1'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Supplier for SOCK-1'), { target: { value: SUPPLIER_ID } });
    fireEvent.click(screen.getByRole('button', { name: 'Create purchase orders' }));

    expect(await screen.findByRole('heading', { name: '2 purchase orders created' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PO-2' }).getAttribute('href')).toBe('/purchase-order/show/p2');
    expect(net.to('POST', BY_SKUS)[0]?.body).toEqual({
      iloc_id: ILOC_ID,
      estimated_delivery: null,
      lines: [
        { sku: 'TEE-RED-M', supplier_id: SUPPLIER_ID, quantity: 80, unit_cost: '6.5000' },
        { sku: 'CAP-BLUE', supplier_id: SUPPLIER2_ID, quantity: 12, unit_cost: '3.0000' },
        { sku: 'SOCK-1', supplier_id: SUPPLIER_ID, quantity: 5 },
      ],
    });
  });

  it('a selected row without a supplier is shown and nothing is sent', async () => {
    const net = renderPage([]);
    await chooseIloc();
    fireEvent.click(screen.getByLabelText('Select SOCK-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Create purchase orders' }));
    expect(await screen.findByText('Some selected rows need a quantity or a supplier.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Choose a supplier')).toBeTruthy();
    expect(net.to('POST', BY_SKUS)).toHaveLength(0);
  });

  it('unselecting everything sends nothing', async () => {
    const net = renderPage([]);
    await chooseIloc();
    fireEvent.click(screen.getByLabelText('Select every SKU'));
    fireEvent.click(screen.getByLabelText('Select every SKU'));
    fireEvent.click(screen.getByRole('button', { name: 'Create purchase orders' }));
    await waitFor(() => expect(screen.getByText('Select at least one SKU.')).toBeTruthy());
    expect(net.to('POST', BY_SKUS)).toHaveLength(0);
  });
});
