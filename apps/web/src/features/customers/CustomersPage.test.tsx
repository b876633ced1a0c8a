import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomersPage } from './CustomersPage';
import { customer, group, page, renderPartyScreen, routeFetch, SLOW, summary, WRITE } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = { route: '/customers', at: '/customers', elsewhere: ['/customer/:id', 'customer page'] } as const;
const renderList = (permissions = WRITE, language = 'en') => renderPartyScreen(<CustomersPage />, LIST, permissions, language);

describe('CustomersPage', { timeout: 30_000 }, () => {
  it('lists customers with their completeness and filters by group and completeness on the server', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/customers', [200, page([summary(), summary({ id: 'c2', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', complete: false, missing: ['zip', 'country'] })])]],
      ['GET', '/api/1.0/groups', [200, page([group()])]],
    ]);
    renderList();
    expect(await screen.findByRole('link', { name: 'Grace Hopper' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/customer/c1');
    expect(within(screen.getByRole('grid')).getByText('Complete')).toBeTruthy();
    expect(screen.getByLabelText('Incomplete. Missing: zip, country')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Group'), { target: { value: 'g1' } });
    await waitFor(() => expect(net.to('GET', '/api/1.0/customers').at(-1)?.url.searchParams.get('search')).toBe('group:g1'));
    fireEvent.change(screen.getByLabelText('Shipping info'), { target: { value: 'false' } });
    await waitFor(() => expect(net.to('GET', '/api/1.0/customers').at(-1)?.url.searchParams.get('search')).toBe('group:g1;complete:false'));
    expect(net.to('GET', '/api/1.0/groups')[0]?.url.searchParams.get('search')).toBe('type:customer');
  });

  it('creates a customer with a shipping address, checking the shared rules first and showing the server’s 422 under the field', async () => {
    let posts = 0;
    const net = routeFetch([
      ['GET', '/api/1.0/customers', [200, page([])]],
      ['GET', '/api/1.0/groups', [200, page([group()])]],
      ['POST', '/api/1.0/customers', () => (++posts === 1
        ? [422, { message: 'The given data was invalid.', errors: { email: ['A customer with this email already exists'] } }]
        : [201, { data: customer({ id: 'new1', first_name: 'Ada', last_name: null }) }])],
    ]);
    renderList();
    expect(await screen.findByText('No customers yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a first name, last name, email or company')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@' } });
    fireEvent.change(within(dialog).getByLabelText('Zip or postal code'), { target: { value: '!!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The email must be a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('The zip must be a valid postal code')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/customers')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Zip or postal code'), { target: { value: '78701' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: '1 Main St' } });
    fireEvent.change(within(dialog).getByLabelText(/^Country/), { target: { value: 'us' } });
    fireEvent.change(within(dialog).getByLabelText('Group'), { target: { value: 'g1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A customer with this email already exists')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada2@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('customer page')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/customers')[1]?.body).toEqual({
      first_name: 'Ada', last_name: null, email: 'ada2@example.com', phone: null, company: null, group_id: 'g1', notes: null,
      addresses: [{ kind: 'shipping', address1: '1 Main St', address2: null, city: null, state: null, zip: '78701', country: 'US' }],
    });
  });

  it('offers no create, delete or group filter without the permissions, and speaks Spanish', async () => {
    const net = routeFetch([['GET', '/api/1.0/customers', [200, page([summary({ complete: false, missing: ['city'] })])]]]);
    renderList(['read-organization'], 'es');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' }, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('grid')).getByText('Incompleto')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo cliente' })).toBeNull();
    expect(screen.queryByLabelText('Grupo')).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'more' })).toBeNull();
    expect(net.to('GET', '/api/1.0/groups')).toHaveLength(0);
  });

  it('shows a load error with a retry', async () => {
    routeFetch([['GET', '/api/1.0/customers', [500, { message: 'Server Error' }]]]);
    renderList(['read-organization']);
    expect(await screen.findByText('Could not load the customers: Server Error', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
