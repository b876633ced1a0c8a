import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { CategoriesPage } from './CategoriesPage';
import { PackagingPage } from './PackagingPage';
import { SkusPage } from './SkusPage';
import { SynsetsPage } from './SynsetsPage';
import { page, routeFetch } from '../../shared/test/test-fetch';
import type { Sku } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const WRITE = ['read-product', 'create-product', 'update-product', 'delete-product', 'read-category', 'create-category', 'update-category', 'delete-category'];

const sku = (overrides: Partial<Sku>): Sku => ({
  id: 's1', sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', status: 'active', allowed_actions: ['discontinue'], product_id: 'p1',
  barcode: null, weight: null, length: null, width: null, height: null, prices: [], aliases: [], pack_of: null, members: null, synset: null,
  created_at: '', updated_at: '', ...overrides,
});

describe('SkusPage', { timeout: 30_000 }, () => {
  it('offers only the transitions in allowed_actions, and delete only for a discontinued SKU', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/skus', [200, page([sku({}), sku({ id: 's2', sku: 'OLD-1', status: 'discontinued', allowed_actions: ['reactivate'] })])]],
      ['POST', '/api/1.0/skus/s1/discontinue', [200, { data: sku({ status: 'discontinued', allowed_actions: ['reactivate'] }) }]],
    ]);
    renderWithProviders(<SkusPage />, { session: fakeSession(WRITE, 'tenant') });

    expect(await screen.findByText('OLD-1', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('menuitem', { name: 'Discontinue' })).toHaveLength(1);
    expect(screen.getAllByRole('menuitem', { name: 'Reactivate' })).toHaveLength(1);
    // Delete lives in the row menu of the discontinued SKU only.
    const menus = screen.getAllByRole('menuitem', { name: 'more' });
    expect(menus).toHaveLength(1);
    fireEvent.click(menus[0]!);
    const remove = await screen.findByRole('menuitem', { name: 'Delete' });
    fireEvent.keyDown(remove, { key: 'Escape' });

    fireEvent.click(screen.getByRole('menuitem', { name: 'Discontinue' }));
    expect(await screen.findByText('TEE-M discontinued')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/skus/s1/discontinue')).toHaveLength(1);
  });

  it('shows no actions without update-product and delete-product', async () => {
    routeFetch([['GET', '/api/1.0/skus', [200, page([sku({})])]]]);
    renderWithProviders(<SkusPage />, { session: fakeSession(['read-product'], 'tenant') });
    expect(await screen.findByText('TEE-M', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Discontinue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New product' })).toBeNull();
  });

  it('says so when there are no SKUs', async () => {
    routeFetch([['GET', '/api/1.0/skus', [200, page([])]]]);
    renderWithProviders(<SkusPage />, { session: fakeSession(WRITE, 'tenant') });
    expect(await screen.findByText('No SKUs yet', {}, SLOW)).toBeTruthy();
  });
});

describe('SynsetsPage', { timeout: 30_000 }, () => {
  it('needs at least two members and sends the codes', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/synsets', [200, page([])]],
      ['GET', '/api/1.0/skus', [200, page([])]],
      ['POST', '/api/1.0/synsets', [201, { data: sku({ id: 'y1', sku: 'TEE-POOL', type: 'SYNSET' }) }]],
    ]);
    renderWithProviders(<SynsetsPage />, { session: fakeSession(WRITE, 'tenant') });

    fireEvent.click(await screen.findByRole('button', { name: 'New synset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New synset' });
    fireEvent.change(within(dialog).getByLabelText(/^SKU/), { target: { value: 'TEE-POOL' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Tee pool' } });
    const members = within(dialog).getByRole('combobox', { name: /^Member SKUs/ });
    fireEvent.change(members, { target: { value: 'TEE-M,' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A synset needs at least 2 SKUs')).toBeTruthy();

    fireEvent.change(members, { target: { value: 'TEE-L ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Synset TEE-POOL created')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/synsets')[0]?.body).toEqual({ sku: 'TEE-POOL', name: 'Tee pool', members: ['TEE-M', 'TEE-L'] });
  });
});

describe('CategoriesPage', { timeout: 30_000 }, () => {
  it('creates a category under a parent', async () => {
    const parent = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Apparel', parent_id: null, parent: null };
    const net = routeFetch([
      ['GET', '/api/1.0/categories', [200, page([parent])]],
      ['POST', '/api/1.0/categories', [201, { data: { id: 'c2', name: 'Tees', parent_id: parent.id } }]],
    ]);
    renderWithProviders(<CategoriesPage />, { session: fakeSession(WRITE, 'tenant') });
    expect(await screen.findByText('Apparel', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Tees' } });
    fireEvent.change(within(dialog).getByLabelText('Parent category'), { target: { value: parent.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category Tees created')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/categories')[0]?.body).toEqual({ name: 'Tees', parent_id: parent.id });
  });
});

describe('PackagingPage', { timeout: 30_000 }, () => {
  it('checks the package with the shared rules and puts 422s under the fields', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/packages', [200, page([])]],
      ['GET', '/api/1.0/skus', [200, page([])]],
      ['POST', '/api/1.0/packages', [422, { message: 'Invalid data', errors: { name: ['The name has already been taken'] } }]],
    ]);
    renderWithProviders(<PackagingPage />, { session: fakeSession(WRITE, 'tenant'), language: 'es' });
    expect(await screen.findByText('Aún no hay paquetes', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo paquete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo paquete' });
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Small box' } });
    fireEvent.change(within(dialog).getByLabelText(/^Largo exterior/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Largo interior/), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText(/^Peso de la caja/), { target: { value: '1.5555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText(/^El valor debe ser un número ≥ 0 con como máximo 3 decimales/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Peso de la caja/), { target: { value: '0.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El largo interior no puede superar el largo exterior')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/packages')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Largo interior/), { target: { value: '9.5' } });
    fireEvent.click(within(dialog).getByLabelText('Exprés'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('The name has already been taken')).toBeTruthy();
    await waitFor(() => expect(net.to('POST', '/api/1.0/packages')).toHaveLength(1));
    expect(net.to('POST', '/api/1.0/packages')[0]?.body).toMatchObject({
      name: 'Small box', type: 'box', stackable: true, box_weight: '0.5', outer_length: '10', inner_length: '9.5', max_weight: null,
      ship_methods: ['express'], sku_ids: [],
    });
  });
});
