import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import type { OrderToShip } from './api';
import { ShipmentCreatePage } from './ShipmentCreatePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const order: OrderToShip = {
  id: 'o1', number: 'AC-1001', status: 'open', ship_method: 'standard', ship_carrier: 'ups',
  lines: [
    { id: 'l1', line_no: 1, sku: 'TEE-M', name: 'Tee M', quantity: 3, qty_shipped: 0, allocations: [{ iloc_id: 'i1', iloc_name: 'Austin Main', quantity: 3, qty_shipped: 0 }] },
  ],
};
const pkg = { id: 'p1', name: 'Small box', box_weight: '0.300', outer_length: '30.000', outer_width: '20.000', outer_height: '10.000' };

function open(routes: FetchRoute[], language = 'en') {
  const net = routeFetch([['GET', '/api/1.0/packages', [200, page([pkg])]], ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/shipments/create/:orderId" element={<ShipmentCreatePage />} />
      <Route path="/orders/edit/:id" element={<p>order page</p>} />
    </Routes>,
    { session: fakeSession(['create-shipment', 'read-order'], 'tenant'), path: '/shipments/create/o1', language },
  );
  return net;
}

const typeIn = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ShipmentCreatePage', { timeout: 30_000 }, () => {
  it('ships in two boxes: a package fills the measures, problems show live, the body is sent, then back to the order', async () => {
    const net = open([
      ['GET', '/api/1.0/orders/o1', [200, { data: order }]],
      ['POST', '/api/1.0/orders/o1/shipments', [201, { data: { id: 's1', number: 'AC-1001-S1' } }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Ship order AC-1001' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/Austin Main \(3 units allocated\)/)).toBeTruthy();
    expect(screen.getByText(/Allocated here 3/)).toBeTruthy();

    // box 1: the package fills length, width, height and the empty weight
    const choosePackage = await screen.findByRole('combobox', { name: 'Package' });
    await screen.findByRole('option', { name: 'Small box' });
    fireEvent.change(choosePackage, { target: { value: 'p1' } });
    expect((screen.getByLabelText('Length Box 1') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Weight Box 1') as HTMLInputElement).value).toBe('0.3');

    // move one unit into a second box: the first box now holds 2, so 2 ≠ 3 until box 2 gets its unit
    fireEvent.click(screen.getByRole('button', { name: 'Add box' }));
    typeIn('Units of TEE-M Box 1', '2');
    expect(await screen.findByText('Assigned 3, but 2 in boxes')).toBeTruthy();
    typeIn('Units of TEE-M Box 2', '1');
    await waitFor(() => expect(screen.queryByText('Assigned 3, but 2 in boxes')).toBeNull());

    // box 2 has no measures yet: refused locally, nothing sent
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Fix the problems marked below before shipping.')).toBeTruthy();
    expect(screen.getAllByText('Must be greater than zero')).toHaveLength(4);
    expect(net.to('POST', '/api/1.0/orders/o1/shipments')).toHaveLength(0);

    for (const [d, v] of [['Length', '25'], ['Width', '15'], ['Height', '5'], ['Weight', '0.8']]) typeIn(`${d} Box 2`, v!);
    typeIn('Tracking number', '1Z999');
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('order page', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/orders/o1/shipments')[0]!.body).toEqual({
      iloc_id: 'i1', carrier: 'ups', ship_method: 'standard', tracking: '1Z999',
      lines: [{ line_id: 'l1', quantity: 3 }],
      boxes: [
        { package_id: 'p1', length: '30', width: '20', height: '10', weight: '0.3', items: [{ line_id: 'l1', quantity: 2 }] },
        { length: '25', width: '15', height: '5', weight: '0.8', items: [{ line_id: 'l1', quantity: 1 }] },
      ],
    });
    expect(await screen.findByText('Shipment AC-1001-S1 shipped')).toBeTruthy();
  });

  it('units left out must be confirmed to wait for a later shipment; server field errors land on the fields', async () => {
    const net = open([
      ['GET', '/api/1.0/orders/o1', [200, { data: order }]],
      ['POST', '/api/1.0/orders/o1/shipments', [422, { message: 'Only 2 units of this line are allocated at this iloc', errors: { 'boxes.0.items.0.quantity': ['Only 2 units of this line are allocated at this iloc'] } }]],
    ]);
    await screen.findByRole('heading', { name: 'Ship order AC-1001' }, SLOW);
    for (const [d, v] of [['Length', '1'], ['Width', '1'], ['Height', '1'], ['Weight', '1']]) typeIn(`${d} Box 1`, v!);
    typeIn(`To ship TEE-M`, '2');
    typeIn('Units of TEE-M Box 1', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText(/1 allocated units are not assigned/)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/orders/o1/shipments')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave 1 unassigned units allocated for a later shipment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(net.to('POST', '/api/1.0/orders/o1/shipments')).toHaveLength(1));
    expect(await screen.findAllByText('Only 2 units of this line are allocated at this iloc')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Ship order AC-1001' })).toBeTruthy();
  });

  it('only an open order ships, in Spanish too', async () => {
    open([['GET', '/api/1.0/orders/o1', [200, { data: { ...order, status: 'closed' } }]]], 'es');
    expect(await screen.findByText('Solo se pueden enviar pedidos abiertos. Este pedido está cerrado.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al pedido' }).getAttribute('href')).toBe('/orders/edit/o1');
  });

  it('says when the order is missing', async () => {
    open([['GET', '/api/1.0/orders/o1', [404, { message: 'Order not found' }]]]);
    expect(await screen.findByText('The order was not found', {}, SLOW)).toBeTruthy();
  });
});
