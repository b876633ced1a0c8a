import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch } from '../../shared/test/test-fetch';
import { TransferCreatePage } from './TransferCreatePage';
import { ILOC_A, ILOC_B, TRANSFER_ID, transfer } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const iloc = (id: string, name: string, code: string) => ({ id, name, code, archived_at: null });

function open(language = 'en') {
  const net = routeFetch([
    ['GET', '/api/1.0/tenants/c1/ilocs', [200, page([iloc(ILOC_A, 'Austin Main', 'AUS'), iloc(ILOC_B, 'Dallas', 'DAL')])]],
    ['GET', '/api/1.0/skus', [200, page([])]],
    ['GET', '/api/1.0/inventory', [200, page([{ sku_id: 'k1', sku: 'TEE-M', name: 'Tee M', iloc_id: ILOC_A, iloc_name: 'Austin Main', qty_available: 3 }])]],
    ['POST', '/api/1.0/transfers', [201, { data: transfer() }]],
  ]);
  renderWithProviders(
    <Routes>
      <Route path="/create-transfers" element={<TransferCreatePage />} />
      <Route path="/transfer/show/:id" element={<p>transfer page</p>} />
    </Routes>,
    { session: fakeSession(['create-transfer', 'read-transfer'], 'tenant'), path: '/create-transfers', language },
  );
  return net;
}
const typeIn = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TransferCreatePage', { timeout: 30_000 }, () => {
  it('refuses the same iloc at once, warns beyond what the source has, then sends the body', async () => {
    const net = open();
    await screen.findByRole('heading', { name: 'New transfer' }, SLOW);
    await screen.findAllByRole('option', { name: 'Dallas (DAL)' }, SLOW);
    typeIn(/^From location/, ILOC_A);
    typeIn(/^To location/, ILOC_A);
    expect(await screen.findByText('The destination must differ from the source')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create transfer' }));
    expect(await screen.findByText('Add at least one SKU')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/transfers')).toHaveLength(0);

    typeIn(/^To location/, ILOC_B);
    typeIn('SKU 1', 'TEE-M');
    typeIn(/^Quantity 1/, '4');
    expect(await screen.findByText('More than the 3 available: confirm will fail', {}, SLOW)).toBeTruthy();
    const stock = net.calls.find((c) => c.url.pathname === '/api/1.0/inventory')!;
    expect(stock.url.searchParams.get('search')).toBe(`sku:TEE-M;iloc:${ILOC_A}`);
    typeIn('Notes', 'Rebalance');
    fireEvent.click(screen.getByRole('button', { name: 'Create transfer' }));
    expect(await screen.findByText('transfer page', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/transfers')[0]!.body).toEqual({
      from_iloc_id: ILOC_A, to_iloc_id: ILOC_B, estimated_delivery: null, notes: 'Rebalance', lines: [{ sku: 'TEE-M', quantity: 4 }],
    });
    expect(TRANSFER_ID).toBeTruthy();
  });

  it('puts the server’s SKU error on the line, in Spanish', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/tenants/c1/ilocs', [200, page([iloc(ILOC_A, 'Austin Main', 'AUS'), iloc(ILOC_B, 'Dallas', 'DAL')])]],
      ['GET', '/api/1.0/skus', [200, page([])]],
      ['GET', '/api/1.0/inventory', [200, page([])]],
      ['POST', '/api/1.0/transfers', [422, { message: 'Los datos no son válidos.', errors: { 'lines.0.sku': ['SKU not found'] } }]],
    ]);
    renderWithProviders(<TransferCreatePage />, { session: fakeSession(['create-transfer'], 'tenant'), path: '/create-transfers', language: 'es' });
    await screen.findAllByRole('option', { name: 'Dallas (DAL)' }, SLOW);
    typeIn(/^Ubicación de origen/, ILOC_A);
    typeIn(/^Ubicación de destino/, ILOC_B);
    typeIn('SKU 1', 'NOPE');
    typeIn(/^Cantidad 1/, '2');
    fireEvent.click(screen.getByRole('button', { name: 'Crear transferencia' }));
    await waitFor(() => expect(net.to('POST', '/api/1.0/transfers')).toHaveLength(1));
    expect(await screen.findByText('SKU not found')).toBeTruthy();
    expect(screen.getByText('Los datos no son válidos.')).toBeTruthy();
  });
});
