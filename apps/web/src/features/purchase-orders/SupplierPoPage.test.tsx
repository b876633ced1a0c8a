import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { SupplierPoPage } from './SupplierPoPage';
import { LINE_ID, PO_ID, SUPPLIER_PERMISSIONS, poLine, purchaseOrder } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ONE = `/api/1.0/purchase-orders/${PO_ID}`;
const SLOW = { timeout: 8000 };
const LINE2 = 'd0000000-0000-4000-8000-000000000002';

// What the server answers a supplier user: no warehouse notes, only acknowledge and ship.
const { notes_to_warehouse: _hidden, ...supplierView } = purchaseOrder({
  status: 'sent',
  allowed_actions: ['acknowledge', 'ship'],
  lines: [poLine(), poLine({ id: LINE2, line_no: 2, sku: 'CAP-BLUE', name: 'Cap blue', supplier_sku: null, quantity: 20 })],
});

function renderPage(routes: FetchRoute[]) {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/supplier-purchase-orders/:id" element={<SupplierPoPage />} />
      <Route path="/supplier-purchase-orders/:poId/shipments/:shipmentId" element={<p>supplier asn screen</p>} />
    </Routes>,
    { session: fakeSession(SUPPLIER_PERMISSIONS, 'supplier'), path: `/supplier-purchase-orders/${PO_ID}` },
  );
  return net;
}

describe('supplier portal: one purchase order', { timeout: 20_000 }, () => {
  it('shows the PO without the warehouse notes', async () => {
    renderPage([['GET', ONE, [200, { data: supplierView }]]]);
    expect(await screen.findByRole('heading', { name: 'Purchase order PO-1001', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText('Please label every box')).toBeTruthy();
    expect(screen.queryByText('Notes to warehouse')).toBeNull();
  });

  it('acknowledges quantities and dates per line', async () => {
    const net = renderPage([
      ['GET', ONE, [200, { data: supplierView }]],
      ['POST', `${ONE}/acknowledge`, [200, { data: { ...supplierView, status: 'partially_confirmed' } }]],
    ]);
    const form = await screen.findByRole('form', { name: 'Confirm quantities and dates' }, SLOW);
    const cap = within(form).getByRole('group', { name: 'Line CAP-BLUE' });
    fireEvent.change(within(cap).getByLabelText('Confirmed quantity'), { target: { value: '15' } });
    fireEvent.change(within(cap).getByLabelText('Ship date'), { target: { value: '2026-12-05' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation' }));

    expect(await screen.findByText('Confirmation of PO-1001 sent: Partially confirmed', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${ONE}/acknowledge`)[0]?.body).toEqual({
      lines: [
        { line_id: LINE_ID, confirmed_quantity: 100, confirmed_date: '2026-12-01' },
        { line_id: LINE2, confirmed_quantity: 15, confirmed_date: '2026-12-05' },
      ],
    });
  });

  it('a bad quantity is shown under its field and nothing is sent', async () => {
    const net = renderPage([['GET', ONE, [200, { data: supplierView }]]]);
    const form = await screen.findByRole('form', { name: 'Confirm quantities and dates' }, SLOW);
    const tee = within(form).getByRole('group', { name: 'Line TEE-RED-M' });
    fireEvent.change(within(tee).getByLabelText('Confirmed quantity'), { target: { value: '-3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation' }));
    expect(await within(tee).findByText('A whole number, 0 or more')).toBeTruthy();
    expect(net.to('POST', `${ONE}/acknowledge`)).toHaveLength(0);
  });

  it('Create ASN opens the supplier shipment screen', async () => {
    renderPage([['GET', ONE, [200, { data: supplierView }]]]);
    fireEvent.click(await screen.findByRole('button', { name: 'Create ASN' }, SLOW));
    expect(await screen.findByText('supplier asn screen', {}, SLOW)).toBeTruthy();
  });

  it("another supplier's PO is a 404 and says so", async () => {
    renderPage([['GET', ONE, [404, { message: 'Not found' }]]]);
    expect(await screen.findByText('This purchase order does not exist.', {}, SLOW)).toBeTruthy();
  });
});
