import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import type { OrderReturnableLine } from './api';
import { ReturnsPage } from './ReturnsPage';
import { ret } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const PERMISSIONS = ['read-returns', 'create-returns', 'update-returns', 'read-order'];
const ORDER = '/api/1.0/orders/o1';
const RETURNABLE = '/api/1.0/orders/o1/returnable';
const order = { id: 'o1', number: 'AC-1001', status: 'closed', ship_method: null, ship_carrier: null, lines: [] };
const lines = (over: Partial<OrderReturnableLine>[] = [{}, {}]): OrderReturnableLine[] => [
  { line_id: 'l1', line_no: 1, sku: 'TEE-M', name: 'Tee M', shipped: 3, returned: 0, returnable: 3, ...over[0] },
  { line_id: 'l2', line_no: 2, sku: 'CAP', name: 'Cap', shipped: 1, returned: 0, returnable: 0, ...over[1] },
];
// A return of the order without a shipment (units closed by "Mark as shipped").
const made = ret({ id: 'r9', number: 'RMA-AC-1001-2', status: 'open', refund_status: 'open', shipment_id: null, shipment_number: null, allowed_actions: ['approve', 'reject'] });

function open(routes: FetchRoute[], path = '/returns?order=o1&from=order', options: { permissions?: string[]; language?: string } = {}) {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/returns" element={<ReturnsPage />} />
      <Route path="/orders/edit/:id" element={<p>order page</p>} />
    </Routes>,
    { session: fakeSession(options.permissions ?? PERMISSIONS, 'tenant'), path, language: options.language },
  );
  return net;
}

describe('start a return of an order', { timeout: 30_000 }, () => {
  it('checks each line, creates the return without a shipment, then lands on it in the Returns list', async () => {
    const net = open([
      ['GET', ORDER, [200, { data: order }]],
      ['GET', RETURNABLE, [200, { data: lines() }]],
      ['POST', '/api/1.0/returns', [201, { data: made }]],
      ['GET', '/api/1.0/returns', [200, page([made])]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Start a return for order AC-1001', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to order' }).getAttribute('href')).toBe('/orders/edit/o1');
    // only lines with returnable units are offered
    expect(screen.getByText('Shipped 3 · Returnable 3')).toBeTruthy();
    expect(screen.queryByLabelText('Units to return CAP')).toBeNull();

    const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    create();
    expect(await screen.findByText('Choose at least one unit to return')).toBeTruthy();
    const qty = screen.getByLabelText('Units to return TEE-M');
    fireEvent.change(qty, { target: { value: '1.5' } });
    create();
    expect(await screen.findByText('Use a whole number from 0 to 3')).toBeTruthy();
    expect(screen.getByText('Fix the quantities marked below.')).toBeTruthy();
    expect(document.activeElement).toBe(qty);
    fireEvent.change(qty, { target: { value: '4' } });
    create();
    expect(await screen.findByText('At most 3 units')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/returns')).toHaveLength(0);

    fireEvent.change(qty, { target: { value: '1' } });
    // the corrected line drops its message, and the banner goes with it
    expect(screen.queryByText('At most 3 units')).toBeNull();
    expect(screen.queryByText('Fix the quantities marked below.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Reason TEE-M'), { target: { value: 'damaged' } });
    fireEvent.change(screen.getByLabelText('Reason for the whole return'), { target: { value: 'wrong_item' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: ' Box crushed ' } });
    create();
    expect(await screen.findByText('Return RMA-AC-1001-2 created', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/returns')[0]!.body).toEqual({
      order_id: 'o1', reason: 'wrong_item', notes: 'Box crushed', lines: [{ line_id: 'l1', quantity: 1, reason: 'damaged' }],
    });
    expect(await screen.findByRole('heading', { name: 'Returns', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Search return or order number') as HTMLInputElement).value).toBe('RMA-AC-1001-2');
    await waitFor(() => expect(net.to('GET', '/api/1.0/returns').at(-1)!.url.searchParams.get('search')).toBe('RMA-AC-1001-2'));
    const row = (await screen.findByText('RMA-AC-1001-2')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByText('Open')).toHaveLength(2); // the return and its refund
    expect(screen.getByRole('button', { name: 'Approve RMA-AC-1001-2' })).toBeTruthy();
  });

  it('puts the server 422 on its line (in Spanish) and reads what is left again', async () => {
    const net = open([
      ['GET', ORDER, [200, { data: order }]],
      ['GET', RETURNABLE, (_call, nth) => [200, { data: lines([{ returnable: nth === 0 ? 3 : 1 }, {}]) }]],
      ['POST', '/api/1.0/returns', [422, { message: 'Only 1 shipped units of this line can still be returned', errors: { 'lines.0.quantity': ['Only 1 shipped units of this line can still be returned'] } }]],
    ], undefined, { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Iniciar una devolución del pedido AC-1001', level: 1 }, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Unidades a devolver TEE-M'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear devolución' }));
    expect(await screen.findByText('Solo se pueden devolver 1 unidades enviadas de esta línea', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Corrija las cantidades marcadas abajo.')).toBeTruthy();
    await waitFor(() => expect(net.to('GET', RETURNABLE)).toHaveLength(2));
    expect(await screen.findByText('Enviado 3 · Devolvibles 1')).toBeTruthy();
  });

  it('says when nothing on the order can be returned; Cancel goes back to the order', async () => {
    open([
      ['GET', ORDER, [200, { data: order }]],
      ['GET', RETURNABLE, [200, { data: lines([{ returnable: 0 }, {}]) }]],
    ]);
    expect(await screen.findByText(/Nothing on this order can be returned/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create return' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('order page')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    open([['GET', ORDER, [200, { data: order }]], ['GET', RETURNABLE, [500, { message: 'Server Error' }]]]);
    expect(await screen.findByText('Could not load: Server Error', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a missing order is not found', async () => {
    open([['GET', ORDER, [404, { message: 'Order not found' }]], ['GET', RETURNABLE, [404, { message: 'Order not found' }]]]);
    expect(await screen.findByText('The order was not found', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('"New return" on the Returns list', { timeout: 30_000 }, () => {
  it('asks for the order number: required, no exact match, nothing returnable, then the start-a-return screen', async () => {
    const net = open([
      ['GET', '/api/1.0/returns', [200, page([])]],
      ['GET', '/api/1.0/orders', (call) => {
        const search = call.url.searchParams.get('search');
        if (search === 'number:AC-1001') return [200, page([{ id: 'o1', number: 'AC-1001', status: 'closed' }, { id: 'o3', number: 'AC-10010', status: 'open' }])];
        if (search === 'number:AC-1002') return [200, page([{ id: 'o2', number: 'AC-1002', status: 'open' }])];
        return [200, page([{ id: 'o4', number: 'AC-10030', status: 'open' }])];
      }],
      ['GET', '/api/1.0/orders/o2/returnable', [200, { data: [{ ...lines()[0]!, returnable: 0 }] }]],
      ['GET', ORDER, [200, { data: order }]],
      ['GET', RETURNABLE, [200, { data: lines() }]],
    ], '/returns');
    fireEvent.click(await screen.findByRole('button', { name: 'New return' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New return' });
    const field = within(dialog).getByLabelText('Order number');
    const go = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    go();
    expect(await within(dialog).findByText('Type an order number')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'ac-1003' } });
    go();
    expect(await within(dialog).findByText('No order is numbered ac-1003')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'AC-1002' } });
    go();
    expect(await within(dialog).findByText('Nothing on order AC-1002 can be returned: it has no shipped unit left to return.')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' ac-1001 ' } });
    go();
    expect(await screen.findByRole('heading', { name: 'Start a return for order AC-1001', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.to('GET', '/api/1.0/orders').at(-1)!.url.searchParams.get('order_by')).toBe('number');
    expect(await screen.findByLabelText('Units to return TEE-M')).toBeTruthy();
    // Cancel, without the order's page behind: back to the list
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Returns', level: 1 })).toBeTruthy();
  });

  it('is not offered without create-returns', async () => {
    open([['GET', '/api/1.0/returns', [200, page([])]]], '/returns', { permissions: ['read-returns'] });
    expect(await screen.findByText('No returns yet', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New return' })).toBeNull();
  });
});
