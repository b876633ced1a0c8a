import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { PoFormPage } from './PoFormPage';
import { ALL_PO_PERMISSIONS, ILOC_ID, PO_ID, SUPPLIER2_ID, SUPPLIER_ID, ilocsPage, purchaseOrder, suppliersPage } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const PICKERS: FetchRoute[] = [
  ['GET', '/api/1.0/suppliers', [200, suppliersPage]],
  ['GET', '/api/1.0/tenants/c1/ilocs', [200, ilocsPage]],
  ['GET', '/api/1.0/skus', [200, page([])]],
];

function renderForm(routes: FetchRoute[], path = '/purchase-order/create') {
  const net = routeFetch([...PICKERS, ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/purchase-order/create" element={<PoFormPage />} />
      <Route path="/po-edit/:poId" element={<PoFormPage />} />
      <Route path="/purchase-order/show/:id" element={<p>detail screen</p>} />
    </Routes>,
    { session: fakeSession(ALL_PO_PERMISSIONS, 'tenant'), path },
  );
  return net;
}

async function fillHeader(supplier = SUPPLIER_ID) {
  const form = await screen.findByRole('form', { name: 'New purchase order' }, SLOW);
  await screen.findByRole('option', { name: 'Northwind Supply' }, SLOW);
  await screen.findByRole('option', { name: 'Austin Main Warehouse (AUS-MAIN)' }, SLOW);
  fireEvent.change(within(form).getByLabelText(/^Supplier\s*\*?$/), { target: { value: supplier } });
  fireEvent.change(within(form).getByLabelText(/^Ship to/), { target: { value: ILOC_ID } });
  return form;
}

describe('purchase order form', { timeout: 20_000 }, () => {
  it('creates a draft with the typed lines; the supplier brings its terms and currency; totals follow live', async () => {
    const net = renderForm([['POST', '/api/1.0/purchase-orders', [201, { data: purchaseOrder() }]]]);
    const form = await fillHeader(SUPPLIER2_ID);
    expect((within(form).getByLabelText('Payment terms') as HTMLInputElement).value).toBe('Net 45');
    fireEvent.change(within(form).getByRole('combobox', { name: /^SKU/ }), { target: { value: 'TEE-RED-M' } });
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Unit cost'), { target: { value: '2.50' } });
    fireEvent.change(within(form).getByLabelText('Tax'), { target: { value: '1.00' } });
    fireEvent.change(within(form).getByLabelText('Shipping cost'), { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId('po-form-total').textContent).toMatch(/EUR\s?30\.00/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('detail screen', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/purchase-orders')[0]?.body).toEqual({
      supplier_id: SUPPLIER2_ID, iloc_id: ILOC_ID, estimated_delivery: null, shipping_cost: '4', currency: 'EUR', payment_terms: 'Net 45',
      notes_to_warehouse: null, notes_to_supplier: null, lines: [{ sku: 'TEE-RED-M', quantity: 10, unit_cost: '2.50', tax: '1.00' }],
    });
  });

  it("puts the server's 422 under the line's SKU field and keeps the form", async () => {
    renderForm([
      ['POST', '/api/1.0/purchase-orders', [422, { message: 'The given data was invalid.', errors: { 'lines.0.sku': ['SKU not found'] } }]],
    ]);
    const form = await fillHeader();
    fireEvent.change(within(form).getByRole('combobox', { name: /^SKU/ }), { target: { value: 'NOPE-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText('SKU not found', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('detail screen')).toBeNull();
  });

  it('checks before sending: no supplier, no SKU and a bad quantity are shown and nothing is posted', async () => {
    const net = renderForm([]);
    const form = await screen.findByRole('form', { name: 'New purchase order' }, SLOW);
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText('Choose a supplier', {}, SLOW)).toBeTruthy();
    // The line errors can land a render after the header's on a busy machine.
    expect(await within(form).findByText('Enter a SKU', {}, SLOW)).toBeTruthy();
    expect(await within(form).findByText('A whole number greater than 0', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/purchase-orders')).toHaveLength(0);
  });

  it('edits an existing PO with PUT, lines prefilled', async () => {
    const net = renderForm(
      [
        ['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: purchaseOrder() }]],
        ['PUT', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: purchaseOrder() }]],
      ],
      `/po-edit/${PO_ID}`,
    );
    const form = await screen.findByRole('form', { name: 'Edit purchase order PO-1001' }, SLOW);
    await screen.findByRole('option', { name: 'Northwind Supply' }, SLOW);
    expect((within(form).getByLabelText(/^Quantity/) as HTMLInputElement).value).toBe('100');
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('detail screen', {}, SLOW)).toBeTruthy();
    const body = net.to('PUT', `/api/1.0/purchase-orders/${PO_ID}`)[0]?.body as { lines: unknown[]; notes_to_warehouse: string };
    expect(body.lines).toEqual([{ sku: 'TEE-RED-M', quantity: 120, unit_cost: '6.5000', net_price: '6.5000' }]);
    expect(body.notes_to_warehouse).toBe('Dock 4 only');
  });

  it('a PO no longer editable says so instead of showing the form', async () => {
    renderForm([['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: purchaseOrder({ status: 'sent', allowed_actions: ['email'] }) }]]], `/po-edit/${PO_ID}`);
    expect(await screen.findByText(/this one is Sent/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
