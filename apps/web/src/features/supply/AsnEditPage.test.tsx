import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { AsnEditPage, type AsnMode } from './AsnEditPage';
import { LINE_A, LINE_B, PO_ID, SHIPMENT_ID, TEMPLATE_ID, po, shipment } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const template = { id: TEMPLATE_ID, name: 'Carton 40', type: 'box', boxes: [{ length: '40.000', width: '30.000', height: '20.000', weight: '1.000', units_per_box: 6 }] };
const SHIP_PATH = `/api/1.0/purchase-orders/${PO_ID}/shipments`;

function open(routes: FetchRoute[], { mode = 'po' as AsnMode, path = `/purchase-order/shipments/${PO_ID}/new`, role = 'tenant' as const, language = 'en' } = {}) {
  const net = routeFetch([['GET', '/api/1.0/packing-templates', [200, page([template])]], ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/purchase-order/shipments/:poId/:shipmentId" element={<AsnEditPage mode="po" />} />
      <Route path="/supplier-purchase-orders/:poId/shipments/:shipmentId" element={<AsnEditPage mode={mode} />} />
      <Route path="/supplier-purchase-orders/:id" element={<p>supplier po page</p>} />
    </Routes>,
    { session: fakeSession(['read-asn', 'create-asn', 'update-asn', 'read-purchase-order'], role), path, language },
  );
  return net;
}
const typeIn = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AsnEditPage', { timeout: 30_000 }, () => {
  it('creates a PO ASN: live problems, a template fills the boxes, the body is sent, then the draft shows only the allowed actions', async () => {
    const saved = shipment({ status: 'draft', asn_number: 'ASN-77', allowed_actions: ['ship', 'edit'] });
    const net = open([
      ['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: po() }]],
      ['POST', SHIP_PATH, [201, { data: saved }]],
      ['GET', `${SHIP_PATH}/${SHIPMENT_ID}`, [200, { data: saved }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'New ASN for PO-1001' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/Ordered 10 · Shipped 4 · Left to ship 6/)).toBeTruthy();
    typeIn('To ship TEE-M', '7');
    expect(await screen.findByText('Only 6 left to ship')).toBeTruthy();
    typeIn('To ship TEE-M', '6');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Packing template' }), { target: { value: TEMPLATE_ID } });
    expect((await screen.findAllByRole('group', { name: /^Box \d$/ })).length).toBe(2);
    expect((screen.getByLabelText('Length Box 1') as HTMLInputElement).value).toBe('40');
    typeIn('Units of CAP-1 Box 2', '4');
    expect(await screen.findByText('To ship 5, but 4 in boxes')).toBeTruthy();
    typeIn('Units of CAP-1 Box 2', '5');

    fireEvent.click(screen.getByRole('button', { name: 'Save ASN' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(net.to('POST', SHIP_PATH)).toHaveLength(0);

    typeIn(/^ASN number/, 'ASN-77');
    typeIn('Carrier', 'UPS');
    typeIn('Ship date', '2026-11-21');
    fireEvent.click(screen.getByRole('button', { name: 'Save ASN' }));
    await waitFor(() => expect(net.to('POST', SHIP_PATH)).toHaveLength(1));
    expect(net.to('POST', SHIP_PATH)[0]!.body).toEqual({
      asn_number: 'ASN-77', bol_number: null, tracking_number: null, carrier: 'UPS', ship_date: '2026-11-21', packing_template_id: TEMPLATE_ID,
      lines: [{ line_id: LINE_A, quantity: 6 }, { line_id: LINE_B, quantity: 5 }],
      boxes: [
        { length: '40', width: '30', height: '20', weight: '1', contents: [{ line: 0, quantity: 6 }] },
        { length: '40', width: '30', height: '20', weight: '1', contents: [{ line: 1, quantity: 5 }] },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'ASN ASN-77' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ship' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel shipment' })).toBeNull();
  });

  it('shows the server’s "already used" under the ASN number and keeps the form', async () => {
    open([
      ['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: po() }]],
      ['POST', SHIP_PATH, [422, { message: 'The given data was invalid.', errors: { asn_number: ['The ASN number is already used'] } }]],
    ]);
    await screen.findByRole('heading', { name: 'New ASN for PO-1001' }, SLOW);
    typeIn(/^ASN number/, 'ASN-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save ASN' }));
    const field = (await screen.findByText('The ASN number is already used', {}, SLOW)).closest('.MuiFormControl-root') as HTMLElement;
    expect(within(field).getByLabelText(/^ASN number/)).toBeTruthy();
  });

  it('a supplier goes back to its own PO after saving', async () => {
    const net = open(
      [
        ['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: po({ allowed_actions: ['acknowledge', 'ship'] }) }]],
        ['POST', SHIP_PATH, [201, { data: shipment({ status: 'draft' }) }]],
      ],
      { mode: 'supplier', path: `/supplier-purchase-orders/${PO_ID}/shipments/new`, role: 'supplier' as never },
    );
    await screen.findByRole('heading', { name: 'New ASN for PO-1001' }, SLOW);
    expect(screen.queryByRole('combobox', { name: 'Packing template' })).toBeNull();
    expect(net.to('GET', '/api/1.0/packing-templates')).toHaveLength(0);
    typeIn(/^ASN number/, 'NW-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save ASN' }));
    expect(await screen.findByText('supplier po page', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', SHIP_PATH)).toHaveLength(1);
  });

  it('refuses to create when the PO does not allow ship, in Spanish', async () => {
    open([['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: po({ status: 'draft', allowed_actions: ['confirm', 'edit'] }) }]]], { language: 'es' });
    expect(await screen.findByText(/Ahora no se puede crear un envío para esta orden de compra/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar ASN' })).toBeNull();
  });

  it('edits a saved draft under its PO (PUT) and ships it from there', async () => {
    const draft = shipment({ status: 'draft', allowed_actions: ['ship', 'cancel', 'edit'], lines: shipment().lines.slice(0, 1), qty_expected: 6 });
    const moving = { ...draft, status: 'in_transit', allowed_actions: ['arrive', 'receive', 'cancel'] };
    let shipped = false;
    const net = open(
      [
        ['GET', `/api/1.0/purchase-orders/${PO_ID}`, [200, { data: po({ shipments: [
          { id: SHIPMENT_ID, asn_number: 'ASN-1', status: 'draft', carrier: null, tracking_number: null, ship_date: null, qty_expected: 6, qty_received: 0, has_discrepancy: false },
          { id: 'other', asn_number: 'ASN-OTHER', status: 'draft', carrier: null, tracking_number: null, ship_date: null, qty_expected: 1, qty_received: 0, has_discrepancy: false },
        ] }) }]],
        ['GET', `${SHIP_PATH}/${SHIPMENT_ID}`, () => [200, { data: shipped ? moving : draft }]],
        ['PUT', `${SHIP_PATH}/${SHIPMENT_ID}`, [200, { data: draft }]],
        ['POST', `${SHIP_PATH}/${SHIPMENT_ID}/ship`, () => ((shipped = true), [200, { data: moving }])],
      ],
      { path: `/purchase-order/shipments/${PO_ID}/${SHIPMENT_ID}` },
    );
    expect(await screen.findByRole('heading', { name: 'ASN ASN-1' }, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('To ship TEE-M') as HTMLInputElement).value).toBe('6');
    expect(screen.getByText(/Left to ship 6/)).toBeTruthy();
    // Another draft holds units too: said, since the server counts it against what is left.
    expect(screen.getByText(/Draft shipments ASN-OTHER also hold units/)).toBeTruthy();
    typeIn('To ship TEE-M', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Save ASN' }));
    await waitFor(() => expect(net.to('PUT', `${SHIP_PATH}/${SHIPMENT_ID}`)).toHaveLength(1));
    expect((net.to('PUT', `${SHIP_PATH}/${SHIPMENT_ID}`)[0]!.body as { lines: unknown }).lines).toEqual([{ line_id: LINE_A, quantity: 5 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(net.to('POST', `${SHIP_PATH}/${SHIPMENT_ID}/ship`)).toHaveLength(1));
    expect((await screen.findByRole('link', { name: 'Open receiving' }, SLOW)).getAttribute('href')).toBe(`/asn/process/${SHIPMENT_ID}`);
    expect(screen.queryByRole('button', { name: 'Save ASN' })).toBeNull();
  });

  it('says when the PO is missing', async () => {
    open([['GET', `/api/1.0/purchase-orders/${PO_ID}`, [404, { message: 'Not found' }]]]);
    expect(await screen.findByText('Not found: it does not exist or you cannot see it', {}, SLOW)).toBeTruthy();
  });
});
