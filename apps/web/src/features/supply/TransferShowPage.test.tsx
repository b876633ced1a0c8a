import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { TransferShowPage } from './TransferShowPage';
import { TRANSFER_ID, shipment, transfer } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const ONE = `/api/1.0/transfers/${TRANSFER_ID}`;

function open(routes: FetchRoute[]) {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/transfer/show/:id" element={<TransferShowPage />} />
    </Routes>,
    { session: fakeSession(['read-transfer', 'update-transfer', 'create-shipment'], 'tenant'), path: `/transfer/show/${TRANSFER_ID}` },
  );
  return net;
}

describe('TransferShowPage', { timeout: 30_000 }, () => {
  it('shows why confirm failed and offers only the allowed actions; cancel asks first', async () => {
    const failed = transfer({ status: 'error', error_message: 'TEE-M: 4 needed, 3 available at Austin Main', allowed_actions: ['confirm', 'cancel', 'edit'] });
    const net = open([
      ['GET', ONE, [200, { data: failed }]],
      ['POST', `${ONE}/cancel`, [200, { data: { ...failed, status: 'cancelled', allowed_actions: [] } }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Transfer TR-1001' }, SLOW)).toBeTruthy();
    expect(screen.getByText('TEE-M: 4 needed, 3 available at Austin Main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create shipment' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel transfer TR-1001?' });
    expect(net.to('POST', `${ONE}/cancel`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    await waitFor(() => expect(net.to('POST', `${ONE}/cancel`)).toHaveLength(1));
  });

  it('a confirmed transfer links to a new shipment and to receiving the one in transit', async () => {
    const moving = shipment({ kind: 'transfer', asn_number: 'TR-1001-1', purchase_order: null, transfer: { id: TRANSFER_ID, number: 'TR-1001' } });
    open([['GET', ONE, [200, { data: transfer({ status: 'confirmed', allowed_actions: ['complete', 'cancel', 'ship'], shipments: [moving] }) }]]]);
    expect((await screen.findByRole('link', { name: 'Create shipment' }, SLOW)).getAttribute('href')).toBe(`/transfer/shipments/${TRANSFER_ID}/new`);
    expect(screen.getByRole('link', { name: 'Receive TR-1001-1' }).getAttribute('href')).toBe(`/asn/process/${moving.id}`);
    expect(screen.getByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
