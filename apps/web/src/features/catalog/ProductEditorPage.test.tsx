import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { ProductCreatePage, ProductEditPage } from './ProductEditorPage';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import type { Product, Sku } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SESSION = fakeSession(['read-product', 'create-product', 'update-product', 'delete-product'], 'tenant');
const CATEGORY = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Apparel', parent_id: null };
const PRODUCT_ID = 'a0000000-0000-4000-8000-000000000001';
const SKU_ID = 'b0000000-0000-4000-8000-000000000001';

const sku = (overrides: Partial<Sku> = {}): Sku => ({
  id: SKU_ID, sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', status: 'active', allowed_actions: ['discontinue'], product_id: PRODUCT_ID,
  barcode: null, weight: '0.250', length: null, width: null, height: null, prices: [{ code: 'RETAIL', value: '19.9000', currency: 'USD' }], aliases: [],
  pack_of: null, members: null, synset: null, created_at: '', updated_at: '', ...overrides,
});
const product: Product = {
  id: PRODUCT_ID, name: 'Classic tee', description: null, category_id: CATEGORY.id, brand_id: null, category: CATEGORY, brand: null,
  sku_count: 1, skus: [sku()], created_at: '', updated_at: '',
};

const BASE_ROUTES: FetchRoute[] = [
  ['GET', '/api/1.0/categories', [200, page([CATEGORY])]],
  ['GET', '/api/1.0/brands', [200, page([{ id: 'd0000000-0000-4000-8000-000000000001', name: 'Acme' }])]],
];

function fill(label: string | RegExp, value: string, index = 0) {
  fireEvent.change(screen.getAllByLabelText(label)[index]!, { target: { value } });
}

describe('product create', { timeout: 20_000 }, () => {
  it('creates a product with two SKUs, a pack among them, and opens it', async () => {
    const net = routeFetch([
      ...BASE_ROUTES,
      ['POST', '/api/1.0/products', [201, { data: { ...product, name: 'Classic tee' } }]],
    ]);
    renderWithProviders(<ProductCreatePage />, { session: SESSION, path: '/product/create' });

    await screen.findByRole('option', { name: 'Apparel' });
    fill(/^Name/, 'Classic tee');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: CATEGORY.id } });
    fill(/^SKU$|^SKU \*/, 'TEE-M');
    fill(/^SKU name/, 'Tee M');
    fill('Retail price', '19.90');
    fireEvent.click(screen.getByRole('button', { name: 'Add SKU' }));
    fill(/^SKU$|^SKU \*/, 'TEE-M-6', 1);
    fill(/^SKU name/, 'Tee M six-pack', 1);
    fireEvent.change(screen.getAllByLabelText('Type')[1]!, { target: { value: 'PACK' } });
    fill(/^Pack of SKU/, 'TEE-M');
    fill(/^Units per pack/, '6');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Product Classic tee created')).toBeTruthy();
    const [post] = net.to('POST', '/api/1.0/products');
    expect(post?.body).toEqual({
      name: 'Classic tee',
      category_id: CATEGORY.id,
      brand_id: null,
      skus: [
        { sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', prices: [{ code: 'RETAIL', value: '19.90' }], aliases: [] },
        { sku: 'TEE-M-6', name: 'Tee M six-pack', type: 'PACK', prices: [], aliases: [], pack_of: { sku: 'TEE-M', quantity: 6 } },
      ],
    });
  });

  it('shows spec 5 errors under their fields and sends nothing', async () => {
    const net = routeFetch([...BASE_ROUTES]);
    renderWithProviders(<ProductCreatePage />, { session: SESSION, path: '/product/create' });
    await screen.findByRole('option', { name: 'Apparel' });

    fill(/^SKU$|^SKU \*/, "TEE'M");
    fill('Weight', '-2');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'PACK' } });
    fill(/^Units per pack/, '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('The SKU cannot contain single quotes')).toBeTruthy();
    expect(screen.getAllByText('The name is required')).toHaveLength(2);
    expect(screen.getByText('The pack quantity must be a whole number')).toBeTruthy();
    expect(screen.getByText(/^The value must be a number ≥ 0/)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/products')).toHaveLength(0);
  });

  it("puts the server's 422 field errors under the SKU inputs", async () => {
    routeFetch([
      ...BASE_ROUTES,
      ['POST', '/api/1.0/products', [422, { message: 'Invalid data', errors: { 'skus.0.sku': ['The SKU has already been taken'] } }]],
    ]);
    renderWithProviders(<ProductCreatePage />, { session: SESSION, path: '/product/create' });
    await screen.findByRole('option', { name: 'Apparel' });
    fill(/^Name/, 'Tee');
    fill(/^SKU$|^SKU \*/, 'TEE-M');
    fill(/^SKU name/, 'Tee M');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await screen.findByText('The SKU has already been taken');
    expect(screen.getAllByLabelText(/^SKU$|^SKU \*/)[0]!.getAttribute('aria-invalid')).toBe('true');
  });

  it('speaks Spanish, domain validation included', async () => {
    routeFetch([...BASE_ROUTES]);
    renderWithProviders(<ProductCreatePage />, { session: SESSION, path: '/product/create', language: 'es' });
    await screen.findByRole('option', { name: 'Apparel' });
    expect(screen.getByRole('heading', { name: 'Nuevo producto' })).toBeTruthy();
    fill(/^SKU$|^SKU \*/, 'TEE M');
    fireEvent.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByText('El SKU no puede contener espacios')).toBeTruthy();
    expect(screen.getAllByText('El nombre es obligatorio')).toHaveLength(2);
  });
});

describe('product edit', { timeout: 20_000 }, () => {
  it('asks before changing a SKU in use and resends with confirm: true', async () => {
    const net = routeFetch([
      ...BASE_ROUTES,
      ['GET', `/api/1.0/products/${PRODUCT_ID}`, [200, { data: product }]],
      [
        'PUT',
        `/api/1.0/products/${PRODUCT_ID}`,
        (_call, nth) =>
          nth === 0
            ? [409, { code: 'CONFIRMATION_REQUIRED', message: 'TEE-M is in use; changing it may cause sync problems with other inventories' }]
            : [200, { data: { ...product, skus: [sku({ sku: 'TEE-MED' })] } }],
      ],
    ]);
    renderWithProviders(
      <Routes>
        <Route path="/product/edit/:id" element={<ProductEditPage />} />
        <Route path="/product/show/:id" element={<p>shown</p>} />
      </Routes>,
      { session: SESSION, path: `/product/edit/${PRODUCT_ID}` },
    );

    const code = await screen.findByDisplayValue('TEE-M');
    expect(screen.getByRole('heading', { name: 'Edit Classic tee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove SKU 1' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: 'TEE-MED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change a SKU in use?' });
    expect(within(dialog).getByText(/may cause sync problems with other inventories/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));

    expect(await screen.findByText('shown')).toBeTruthy();
    const puts = net.to('PUT', `/api/1.0/products/${PRODUCT_ID}`);
    expect(puts).toHaveLength(2);
    expect(puts[0]?.body).not.toHaveProperty('confirm');
    expect(puts[1]?.body).toMatchObject({ confirm: true, skus: [{ id: SKU_ID, sku: 'TEE-MED', barcode: null, weight: '0.250' }] });
  });

  it('shows a not-found state for an unknown product', async () => {
    routeFetch([...BASE_ROUTES, ['GET', `/api/1.0/products/${PRODUCT_ID}`, [404, { message: 'Not found' }]]]);
    renderWithProviders(
      <Routes>
        <Route path="/product/edit/:id" element={<ProductEditPage />} />
      </Routes>,
      { session: SESSION, path: `/product/edit/${PRODUCT_ID}` },
    );
    await waitFor(() => expect(screen.getByText('This product does not exist or belongs to another company.')).toBeTruthy());
  });
});
