import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { WarehousesListPage } from './WarehousesListPage';

const page = (data: unknown[]) => ({ data, total: data.length, current_page: 1, per_page: 25, last_page: 1 });
const warehouse = {
  id: 'w1', name: 'Reno DC', code: 'RNO-1', provider: 'shipedge', status: 'INACTIVE', address1: null, address2: null, city: 'Reno',
  region: 'NV', postal_code: null, country: 'US', time_zone: 'UTC', notes: null,
  connection: { driver: 'pgsql', host: 'db', port: 5432, database: null, username: null, charset: null, collation: null, has_password: true },
  companies: [{ id: 'c1', name: 'Acme Outfitters' }], company_ids: ['c1'], created_at: '', updated_at: '',
};

afterEach(() => vi.unstubAllGlobals());

describe('WarehousesListPage', () => {
  it('lists warehouses with provider, companies, driver and status, and offers create with create-warehouse', async () => {
    stubFetch([['GET', '/api/1.0/warehouses', 200, page([warehouse])]]);
    renderWithProviders(<WarehousesListPage />, { session: fakeSession(['read-warehouse', 'create-warehouse']) });
    expect(await screen.findByRole('link', { name: 'Reno DC' })).toBeTruthy();
    expect(screen.getByText('Shipedge')).toBeTruthy();
    expect(screen.getByText('Acme Outfitters')).toBeTruthy();
    expect(screen.getByText('PostgreSQL')).toBeTruthy();
    // The status chip (the filter's option says it too).
    expect(screen.getAllByText('Inactive').length).toBeGreaterThan(1);
    expect(screen.getByRole('button', { name: 'New warehouse' })).toBeTruthy();
  });

  it('shows the empty state in Spanish, without create for a reader', async () => {
    stubFetch([['GET', '/api/1.0/warehouses', 200, page([])]]);
    renderWithProviders(<WarehousesListPage />, { language: 'es', session: fakeSession(['read-warehouse']) });
    expect(await screen.findByText('Aún no hay almacenes. Añada el primero.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Almacenes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo almacén' })).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    stubFetch([['GET', '/api/1.0/warehouses', 500, { message: 'Server Error' }]]);
    renderWithProviders(<WarehousesListPage />, { session: fakeSession(['read-warehouse']) });
    expect(await screen.findByText(/Could not load the warehouses/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
