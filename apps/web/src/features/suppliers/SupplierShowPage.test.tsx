import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SupplierShowPage } from './SupplierShowPage';
import { page, renderPartyScreen, routeFetch, sku, SLOW, STAMPS, supplier, WRITE } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FULL = supplier({
  website: 'northwind.test', notes: 'Dock 8am–2pm', group: { id: 'g1', name: 'Preferred' },
  addresses: [{ id: 'a1', kind: 'remit_to', is_default: true, first_name: null, last_name: null, company: 'Northwind AR', address1: 'PO Box 3310', address2: null, city: 'Seattle', state: 'WA', zip: '98114', country: 'US', phone: null, ...STAMPS }],
  contacts: [{ id: 'c1', name: 'Nora Reyes', email: 'nora@northwind.test', phone: null, role: 'Account manager', ...STAMPS }],
});

const SHOW = { route: '/supplier/:id', at: '/supplier/s1', elsewhere: ['/suppliers', 'supplier list'] } as const;
const renderShow = (permissions = WRITE, language = 'en') => renderPartyScreen(<SupplierShowPage />, SHOW, permissions, language);

describe('SupplierShowPage', { timeout: 30_000 }, () => {
  it('shows the terms, addresses, contacts and SKU costs', async () => {
    routeFetch([
      ['GET', '/api/1.0/suppliers/s1', [200, { data: FULL }]],
      ['GET', '/api/1.0/suppliers/s1/skus', [200, page([sku()])]],
      ['GET', '/api/1.0/groups', [200, page([{ id: 'g1', name: 'Preferred' }])]],
    ]);
    renderShow();
    expect(await screen.findByRole('heading', { name: 'Northwind Supply' }, SLOW)).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Terms and details' });
    expect(within(details).getByText('Net 30')).toBeTruthy();
    expect(within(details).getByText('14 days')).toBeTruthy();
    expect(within(details).getByText('500.00 USD')).toBeTruthy();
    expect(within(details).getByText('Preferred')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'northwind.test' }).getAttribute('href')).toBe('https://northwind.test');
    const address = screen.getByRole('article', { name: 'Address 1' });
    expect(within(address).getByText('Remit to')).toBeTruthy();
    expect(within(address).getByText('PO Box 3310')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Nora Reyes' })).toBeTruthy();
    expect(await screen.findByText('TEE-RED-M')).toBeTruthy();
    expect((screen.getByLabelText('Cost TEE-RED-M') as HTMLInputElement).value).toBe('4.2500');
  });

  it('edits a cost, adds SKUs, shows the server’s unknown SKU under its row and sends one PUT; removes a saved SKU', async () => {
    let puts = 0;
    const net = routeFetch([
      ['GET', '/api/1.0/suppliers/s1', [200, { data: FULL }]],
      ['GET', '/api/1.0/suppliers/s1/skus', [200, page([sku()])]],
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['PUT', '/api/1.0/suppliers/s1/skus', () => (++puts === 1
        ? [422, { message: 'SKU not found', errors: { 'items.0.sku': ['SKU not found'] } }]
        : [200, { data: { saved: 2 } }])],
      ['DELETE', '/api/1.0/suppliers/s1/skus/k1', [204, null]],
    ]);
    renderShow();
    const cost = (await screen.findByLabelText('Cost TEE-RED-M', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(cost, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add SKU' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save SKU costs' }));
    expect(await screen.findByText('The SKU is required')).toBeTruthy();
    expect(net.to('PUT', '/api/1.0/suppliers/s1/skus')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'NOPE-1' } });
    fireEvent.change(screen.getByLabelText('Cost (New)'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save SKU costs' }));
    expect(await screen.findByText('SKU not found')).toBeTruthy();
    expect(net.to('PUT', '/api/1.0/suppliers/s1/skus')[0]?.body).toEqual({
      items: [
        { sku: 'NOPE-1', supplier_sku: null, cost: '2.5', min_quantity: null },
        { sku: 'TEE-RED-M', supplier_sku: 'NW-100', cost: '5', min_quantity: 12 },
      ],
    });

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'TEE-BLUE-M' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save SKU costs' }));
    expect(await screen.findByText('2 SKU costs saved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save SKU costs' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove TEE-RED-M' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove SKU cost?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.to('DELETE', '/api/1.0/suppliers/s1/skus/k1')).toHaveLength(1));
  });

  it('a 409 on delete stays in the dialog, in Spanish; read-only users get no buttons', async () => {
    routeFetch([
      ['GET', '/api/1.0/suppliers/s1', [200, { data: FULL }]],
      ['GET', '/api/1.0/suppliers/s1/skus', [200, page([sku()])]],
      ['GET', '/api/1.0/groups', [200, page([])]],
      ['DELETE', '/api/1.0/suppliers/s1', [409, { code: 'CONFLICT', message: 'The supplier has purchase orders and cannot be deleted' }]],
    ]);
    const view = renderShow(WRITE, 'es');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar proveedor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(/El proveedor tiene órdenes de compra y no se puede eliminar/)).toBeTruthy();
    view.unmount();

    renderShow(['read-supplier']);
    expect(await screen.findByRole('heading', { name: 'Northwind Supply' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add SKU' })).toBeNull();
    expect((await screen.findByLabelText('Cost TEE-RED-M') as HTMLInputElement).disabled).toBe(true);
  });

  it('another company’s supplier is not found', async () => {
    routeFetch([['GET', '/api/1.0/suppliers/s1', [404, { message: 'Supplier not found' }]]]);
    renderShow();
    expect(await screen.findByText('This supplier does not exist or belongs to another company.', {}, SLOW)).toBeTruthy();
  });
});
