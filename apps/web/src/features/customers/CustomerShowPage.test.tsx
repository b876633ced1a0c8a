import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomerShowPage } from './CustomerShowPage';
import { customer, page, renderPartyScreen, routeFetch, SLOW, STAMPS, WRITE, type Route as FetchRoute } from './test-fixtures';
import type { Address } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ship: Address = {
  id: 'a1', kind: 'shipping', is_default: true, first_name: 'Ada', last_name: 'Lovelace', company: null, address1: '1 Main St', address2: null,
  city: 'Austin', state: 'TX', zip: null, country: 'US', phone: null, ...STAMPS,
};
const incomplete = customer({ complete: false, missing: ['zip'], addresses: [ship], contacts: [{ id: 'k1', name: 'Charles', email: 'c@example.com', phone: null, role: 'Buyer', ...STAMPS }] });

const SHOW = { route: '/customer/:id', at: '/customer/c1', elsewhere: ['/customers', 'customer list'] } as const;

function show(routes: FetchRoute[], permissions = WRITE, language = 'en') {
  const net = routeFetch(routes);
  renderPartyScreen(<CustomerShowPage />, SHOW, permissions, language);
  return net;
}

describe('CustomerShowPage', { timeout: 30_000 }, () => {
  it('says what the shipping information lacks, lists addresses and contacts, and tolerates orders failing', async () => {
    show([
      ['GET', '/api/1.0/customers/c1', [200, { data: incomplete }]],
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['GET', '/api/1.0/orders', [404, { message: 'Not found' }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText('Shipping information is incomplete. Missing: zip.')).toBeTruthy();
    const address = screen.getByRole('article', { name: 'Address 1' });
    expect(within(address).getByText('Default')).toBeTruthy();
    expect(within(address).getByText('Austin, TX')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Charles' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Latest orders' })).toBeNull());
  });

  it('completes the address in its dialog and lists the customer’s orders', async () => {
    let saved = false;
    const net = show([
      ['GET', '/api/1.0/customers/c1', () => [200, { data: saved ? customer({ addresses: [{ ...ship, zip: '78701' }] }) : incomplete }]],
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['GET', '/api/1.0/orders', [200, page([{ id: 'o1', number: 'AC-1001', status: 'open', total: '39.80', currency: 'USD', created_at: '2026-02-01T10:00:00Z', customer_id: 'c1' }])]],
      ['PUT', '/api/1.0/customers/c1/addresses/a1', () => {
        saved = true;
        return [200, { data: { ...ship, zip: '78701' } }];
      }],
    ]);
    expect(await screen.findByRole('link', { name: 'AC-1001' }, SLOW)).toBeTruthy();
    expect(net.to('GET', '/api/1.0/orders')[0]?.url.searchParams.get('search')).toBe('customer_id:c1');

    fireEvent.click(screen.getByRole('button', { name: 'Edit address 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect((within(dialog).getByLabelText('Default address of its type') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Zip or postal code'), { target: { value: '78701' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shipping information is complete.')).toBeTruthy();
    expect(net.to('PUT', '/api/1.0/customers/c1/addresses/a1')[0]?.body).toMatchObject({ kind: 'shipping', is_default: true, zip: '78701', city: 'Austin' });
  });

  it('adds a contact, checking the e-mail first', async () => {
    const net = show([
      ['GET', '/api/1.0/customers/c1', [200, { data: incomplete }]],
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['POST', '/api/1.0/customers/c1/contacts', [201, { data: { id: 'k2', name: 'Grace', email: null, phone: '512 555 0100', role: null } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add contact' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Grace' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The email must be a valid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '512 555 0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Grace saved')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/customers/c1/contacts')[0]?.body).toEqual({ name: 'Grace', email: null, phone: '512 555 0100', role: null });
  });

  it('read-only users see no edit buttons; an unknown id says so in Spanish', async () => {
    show([['GET', '/api/1.0/customers/c1', [404, { message: 'Customer not found' }]]], ['read-organization'], 'es');
    expect(await screen.findByText('Este cliente no existe o pertenece a otra empresa.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });
});
