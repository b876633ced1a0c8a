import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { ProductShowPage } from './ProductShowPage';
import { page, routeFetch } from '../../shared/test/test-fetch';
import type { Product } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const product: Product = {
  id: 'p1', name: 'Classic tee', description: 'Soft cotton', category_id: 'c1', brand_id: 'b1', category: { id: 'c1', name: 'Apparel' },
  brand: { id: 'b1', name: 'Acme' }, sku_count: 2, created_at: '', updated_at: '2026-01-01T10:00:00Z',
  skus: [
    {
      id: 's1', sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', status: 'active', allowed_actions: [], product_id: 'p1', barcode: '0123',
      weight: '0.250', length: null, width: null, height: null, prices: [{ code: 'RETAIL', value: '19.9000', currency: 'USD' }],
      aliases: [{ alias: 'SHOP-TEE-M', channel: null }], pack_of: null, members: null, synset: null, created_at: '', updated_at: '',
    },
    {
      id: 's2', sku: 'TEE-M-6', name: 'Six', type: 'PACK', status: 'discontinued', allowed_actions: [], product_id: 'p1', barcode: null,
      weight: null, length: null, width: null, height: null, prices: [], aliases: [], pack_of: { sku_id: 's1', sku: 'TEE-M', quantity: 6 },
      members: null, synset: null, created_at: '', updated_at: '',
    },
  ],
};

// The media feature's panel is handed in by app/composed; its own tests live in features/media.
const NoImages = () => null;

function show(permissions: string[]) {
  return renderWithProviders(
    <Routes>
      <Route path="/product/show/:id" element={<ProductShowPage ProductImages={NoImages} />} />
    </Routes>,
    { session: fakeSession(permissions, 'tenant'), path: '/product/show/p1' },
  );
}

describe('ProductShowPage', () => {
  it('shows the product, its SKUs with prices and packs, and its stock per iloc', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/products/p1', [200, { data: product }]],
      ['GET', '/api/1.0/inventory', [200, page([{ sku_id: 's1', sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', iloc_id: 'i1', iloc_name: 'Austin Main Warehouse', qty_available: 7, qty_good: 9, qty_hold: 0, qty_hurt: 0, qty_in_transit: 0, qty_reserved: 2, updated_at: null }])]],
    ]);
    show(['read-product', 'update-product']);

    expect(await screen.findByRole('heading', { name: 'Classic tee' })).toBeTruthy();
    expect(screen.getByText('19.90 USD')).toBeTruthy();
    expect(screen.getByText('6 × TEE-M')).toBeTruthy();
    expect(screen.getByText('SHOP-TEE-M')).toBeTruthy();
    expect(screen.getByText('Discontinued')).toBeTruthy();
    const stock = await screen.findByRole('table');
    expect(within(stock).getByText('Austin Main Warehouse')).toBeTruthy();
    expect(net.to('GET', '/api/1.0/inventory')[0]?.url.searchParams.get('search')).toBe('product:p1');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/product/edit/p1');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says when no stock is recorded, in Spanish too', async () => {
    routeFetch([
      ['GET', '/api/1.0/products/p1', [200, { data: product }]],
      ['GET', '/api/1.0/inventory', [200, page([])]],
    ]);
    renderWithProviders(
      <Routes>
        <Route path="/product/show/:id" element={<ProductShowPage ProductImages={NoImages} />} />
      </Routes>,
      { session: fakeSession(['read-product'], 'tenant'), path: '/product/show/p1', language: 'es' },
    );
    expect(await screen.findByText('Aún no hay existencias registradas para estos SKU')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
  });
});
