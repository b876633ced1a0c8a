import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SuppliersPage } from './SuppliersPage';
import { page, renderPartyScreen, routeFetch, SLOW, summary, supplier, WRITE } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = { route: '/suppliers', at: '/suppliers', elsewhere: ['/supplier/:id', 'supplier page'] } as const;
const renderList = (permissions = WRITE, language = 'en') => renderPartyScreen(<SuppliersPage />, LIST, permissions, language);

describe('SuppliersPage', { timeout: 30_000 }, () => {
  it('lists suppliers with their terms and filters by group on the server', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/suppliers', [200, page([summary(), summary({ id: 's2', name: 'Contoso Parts', lead_time_days: 1, group: { id: 'g1', name: 'Preferred' } })])]],
      ['GET', '/api/1.0/groups', [200, page([{ id: 'g1', name: 'Preferred' }])]],
    ]);
    renderList();
    expect(await screen.findByRole('link', { name: 'Contoso Parts' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Northwind Supply' }).getAttribute('href')).toBe('/supplier/s1');
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('14 days')).toBeTruthy();
    expect(within(grid).getByText('1 day')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Group'), { target: { value: 'g1' } });
    await waitFor(() => expect(net.to('GET', '/api/1.0/suppliers').at(-1)?.url.searchParams.get('search')).toBe('group_id:g1'));
    expect(net.to('GET', '/api/1.0/groups')[0]?.url.searchParams.get('search')).toBe('type:supplier');
  });

  it('creates a supplier with an address, checking the shared rules first and showing the server’s 422 under the field', async () => {
    let posts = 0;
    const net = routeFetch([
      ['GET', '/api/1.0/suppliers', [200, page([])]],
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['POST', '/api/1.0/suppliers', () => (++posts === 1
        ? [422, { message: 'The given data was invalid.', errors: { name: ['A supplier with this name already exists'] } }]
        : [201, { data: supplier({ id: 'new1', name: 'Contoso Parts' }) }])],
    ]);
    renderList();
    expect(await screen.findByText('No suppliers yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Contoso Parts' } });
    fireEvent.change(within(dialog).getByLabelText('Lead time (days)'), { target: { value: '2.5' } });
    fireEvent.change(within(dialog).getByLabelText('Zip or postal code'), { target: { value: '!!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The lead time must be whole days')).toBeTruthy();
    expect(within(dialog).getByText('The zip must be a valid postal code')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/suppliers')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Lead time (days)'), { target: { value: '21' } });
    fireEvent.change(within(dialog).getByLabelText('Zip or postal code'), { target: { value: '78701' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: '1 Dock Rd' } });
    fireEvent.change(within(dialog).getByLabelText(/^Country/), { target: { value: 'us' } });
    fireEvent.change(within(dialog).getByLabelText('Payment terms'), { target: { value: 'Net 45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A supplier with this name already exists')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('supplier page')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/suppliers')[1]?.body).toEqual({
      name: 'Contoso Parts', email: null, phone: null, website: null, payment_terms: 'Net 45', min_order: null, lead_time_days: 21, currency: 'USD',
      group_id: null, notes: null,
      addresses: [{ kind: 'shipping', address1: '1 Dock Rd', address2: null, city: null, state: null, zip: '78701', country: 'US' }],
    });
  });

  it('offers no create, delete or group filter without the permissions, and speaks Spanish', async () => {
    const net = routeFetch([['GET', '/api/1.0/suppliers', [200, page([summary()])]]]);
    renderList(['read-supplier'], 'es');
    expect(await screen.findByRole('link', { name: 'Northwind Supply' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Proveedores' })).toBeTruthy();
    expect(within(screen.getByRole('grid')).getByText('14 días')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo proveedor' })).toBeNull();
    expect(screen.queryByLabelText('Grupo')).toBeNull();
    expect(net.to('GET', '/api/1.0/groups')).toHaveLength(0);
  });

  it('shows a load error with a retry', async () => {
    routeFetch([['GET', '/api/1.0/suppliers', [500, { message: 'Server Error' }]]]);
    renderList(['read-supplier']);
    expect(await screen.findByText('Could not load the suppliers: Server Error', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
