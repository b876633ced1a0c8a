import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { OrderCreatePage } from './OrderCreatePage';
import { ALL_ORDER_PERMISSIONS, ORDER_ID, order } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The form is large; happy-dom takes its time to validate and render it.
const SLOW = { timeout: 8000 };
const CUSTOMER_ID = 'c0000000-0000-4000-8000-0000000000c1';
const BASE: FetchRoute[] = [['GET', '/api/1.0/skus', [200, page([])]]];

function renderCreate(routes: FetchRoute[], language = 'en') {
  const net = routeFetch([...BASE, ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/orders/create" element={<OrderCreatePage />} />
      <Route path="/orders/edit/:id" element={<p>order page</p>} />
    </Routes>,
    { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant'), path: '/orders/create', language },
  );
  return net;
}

const form = () => screen.getByRole('form', { name: 'New order' });
const section = (name: string) => within(form()).getByRole('region', { name });
const fill = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

function fillShipping() {
  const shipping = section('Shipping address');
  fill(shipping, /^First name/, 'Ada');
  fill(shipping, /^Address line 1/, '1 Main St');
  fill(shipping, /^City/, 'Austin');
  fill(shipping, /^Zip/, '78701');
  fill(shipping, /^Country/, 'US');
}

function fillLine(sku: string, quantity: string, price: string) {
  const lines = section('Lines');
  fireEvent.change(within(lines).getByRole('combobox', { name: /^SKU/ }), { target: { value: sku } });
  fill(lines, /^Quantity/, quantity);
  fill(lines, /^Price/, price);
}

describe('order create', { timeout: 30_000 }, () => {
  it('checks the form before sending: a SKU, whole quantities, a complete shipping address', async () => {
    const net = renderCreate([]);
    await screen.findByRole('heading', { name: 'New order', level: 1 });
    fill(section('Lines'), /^Quantity/, '1.5');
    fill(section('Customer'), 'E-mail', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));

    expect(await screen.findByText('The SKU is required', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('A whole number greater than 0')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fill(section('Customer'), 'E-mail', 'ada@example.com');
    fillLine('TEE-M', '2', '19.90');
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('The shipping address is incomplete. Complete it, or save the order as a draft.', {}, SLOW)).toBeTruthy();
    expect(within(section('Shipping address')).getAllByText('Required to create the order')).toHaveLength(5);
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a SKU with a space or quote, a deliver-by before the shipable date, and a line-less order', async () => {
    renderCreate([]);
    await screen.findByRole('heading', { name: 'New order', level: 1 });
    fillLine("TEE 'M", '1', '');
    fill(section('Shipping and dates'), 'Shippable date', '2030-05-10');
    fill(section('Shipping and dates'), 'Deliver by', '2030-05-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('A SKU has no spaces or single quotes and at most 64 characters', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Deliver-by cannot be before the shippable date')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.getByRole('button', { name: 'Remove line 1' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves an unfinished draft without asking for the address', async () => {
    const net = renderCreate([['POST', '/api/1.0/orders', [201, { data: order({ status: 'draft', number: 'AC-1003' }) }]]]);
    await screen.findByRole('heading', { name: 'New order', level: 1 });
    fillLine('TEE-M', '1', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('order page', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/orders')[0]?.body).toMatchObject({
      status: 'draft', channel: 'manual', lines: [{ sku: 'TEE-M', quantity: 1 }], customer: null, shipping_address: null,
    });
  });

  it('finds an existing customer, fills the address from it, and creates the order', async () => {
    const net = renderCreate([
      ['GET', '/api/1.0/customers', [200, page([{ id: CUSTOMER_ID, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: null, company: 'Navy', complete: true, missing: [] }])]],
      [
        'GET',
        `/api/1.0/customers/${CUSTOMER_ID}`,
        [200, { data: {
          id: CUSTOMER_ID, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '555-0100', company: 'Navy',
          addresses: [{ id: 'ad1', kind: 'shipping', is_default: true, first_name: 'Grace', last_name: 'Hopper', address1: '2 Harbor Rd', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' }],
        } }],
      ],
      ['POST', '/api/1.0/orders', [201, { data: order({ id: ORDER_ID, number: 'AC-1004' }) }]],
    ]);
    await screen.findByRole('heading', { name: 'New order', level: 1 });
    const search = within(section('Customer')).getByRole('combobox', { name: 'Find an existing customer' });
    fireEvent.change(search, { target: { value: 'gra' } });
    fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }, SLOW));

    await waitFor(() => expect((within(section('Shipping address')).getByLabelText(/^Address line 1/) as HTMLInputElement).value).toBe('2 Harbor Rd'), SLOW);
    expect(within(section('Customer')).getByText('Existing customer:')).toBeTruthy();
    expect(net.to('GET', '/api/1.0/customers').at(-1)?.url.searchParams.get('per_page')).toBe('10');

    fillLine('TEE-M', '2', '19.90');
    fireEvent.change(within(section('Shipping and dates')).getByLabelText('Ship method'), { target: { value: 'express' } });
    fireEvent.change(within(section('Notes and metadata')).getByLabelText('Notes'), { target: { value: 'Gift wrap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));

    expect(await screen.findByText('order page', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Order AC-1004 created')).toBeTruthy();
    const body = net.to('POST', '/api/1.0/orders')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      customer: { id: CUSTOMER_ID, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '555-0100', company: 'Navy' },
      shipping_address: { first_name: 'Grace', last_name: 'Hopper', address1: '2 Harbor Rd', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' },
      lines: [{ sku: 'TEE-M', quantity: 2, price: '19.90' }],
      ship_method: 'express', notes: 'Gift wrap', currency: 'USD', hold_until: null,
    });
    expect(body.billing_address).toEqual(body.shipping_address);
    expect(body).not.toHaveProperty('status');
  });

  it("puts the server's 422 field errors under their inputs", async () => {
    renderCreate([
      ['POST', '/api/1.0/orders', [422, { message: 'Invalid data', errors: { 'shipping_address.zip': ['The zip is not valid'], 'lines.0.price': ['Too expensive'] } }]],
    ]);
    await screen.findByRole('heading', { name: 'New order', level: 1 });
    fillShipping();
    fillLine('TEE-M', '1', '19.90');
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('The zip is not valid', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Too expensive')).toBeTruthy();
    expect(within(section('Shipping address')).getByLabelText(/^Zip/).getAttribute('aria-invalid')).toBe('true');
  });

  it('speaks Spanish, validation included', async () => {
    renderCreate([], 'es');
    expect(await screen.findByRole('heading', { name: 'Nuevo pedido', level: 1 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear pedido' }));
    expect(await screen.findByText('El SKU es obligatorio', {}, SLOW)).toBeTruthy();
  });
});
