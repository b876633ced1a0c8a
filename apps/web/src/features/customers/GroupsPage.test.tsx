import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { CustomerGroupsPage, SupplierGroupsPage } from './GroupsPage';
import { group, page, routeFetch, WRITE } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };

describe('GroupsPage', { timeout: 30_000 }, () => {
  it('lists customer groups with their member count linking to the customers, and creates one of that type', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/groups', [200, page([group({ customer_count: 3 })])]],
      ['POST', '/api/1.0/groups', [422, { message: 'The given data was invalid.', errors: { name: ['A group with this name already exists'] } }]],
    ]);
    renderWithProviders(<CustomerGroupsPage />, { session: fakeSession(WRITE, 'tenant') });
    expect(await screen.findByRole('heading', { name: 'Customer groups' }, SLOW)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'VIP: 3 Customers' })).getAttribute('href')).toBe('/customers?group=g1');
    expect(net.to('GET', '/api/1.0/groups')[0]?.url.searchParams.get('search')).toBe('type:customer');

    fireEvent.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'vip' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A group with this name already exists')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/groups')[0]?.body).toEqual({ name: 'vip', description: null, type: 'customer' });
  });

  it('supplier groups: their own list and type, in Spanish', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['POST', '/api/1.0/groups', [201, { data: group({ id: 'g2', type: 'supplier', name: 'Locales' }) }]],
    ]);
    renderWithProviders(<SupplierGroupsPage />, { session: fakeSession(WRITE, 'tenant'), language: 'es' });
    expect(await screen.findByText('Aún no hay grupos', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Grupos de proveedores' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo grupo' });
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Locales' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Grupo Locales creado')).toBeTruthy();
    await waitFor(() => expect(net.to('POST', '/api/1.0/groups')[0]?.body).toEqual({ name: 'Locales', description: null, type: 'supplier' }));
    expect(net.to('GET', '/api/1.0/groups')[0]?.url.searchParams.get('search')).toBe('type:supplier');
  });
});
