import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import type { ReturnSummary } from './api';
import { ShipmentReturnPage } from './ShipmentReturnPage';
import { ret, shipment } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const iloc = { id: 'i1', name: 'Austin Main', code: 'AUS', archived_at: null };

function open(routes: FetchRoute[], permissions = ['update-shipment', 'create-returns', 'update-returns', 'read-returns']) {
  const net = routeFetch([...routes, ['GET', '/api/1.0/tenants/c1/ilocs', [200, page([iloc])]]]);
  renderWithProviders(
    <Routes>
      <Route path="/shipments/return/:id" element={<ShipmentReturnPage />} />
    </Routes>,
    { session: fakeSession(permissions, 'tenant'), path: '/shipments/return/s1' },
  );
  return net;
}

describe('ShipmentReturnPage', { timeout: 30_000 }, () => {
  it('creates a return of one unit as damaged', async () => {
    const net = open([
      ['GET', '/api/1.0/shipments/s1', [200, { data: shipment }]],
      ['GET', '/api/1.0/returns', [200, page([])]],
      ['POST', '/api/1.0/shipments/s1/return', [201, { data: ret({ status: 'open' }) }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Returns of shipment AC-1001-S1' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('No returns for this shipment yet')).toBeTruthy();
    expect(net.to('GET', '/api/1.0/returns')[0]!.url.searchParams.get('search')).toBe('shipment_id:s1');

    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByText('Choose at least one unit to return')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Units to return TEE-M'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByText('At most 3 units')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Units to return TEE-M'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Reason TEE-M'), { target: { value: 'damaged' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByText('Return RMA-AC-1001-1 created')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/shipments/s1/return')[0]!.body).toEqual({ lines: [{ line_id: 'l1', quantity: 1, reason: 'damaged' }] });
  });

  it('receives the unit as damaged at the shipment iloc, then refunds part of it', async () => {
    const summary: ReturnSummary = ret();
    const net = open([
      ['GET', '/api/1.0/shipments/s1', [200, { data: { ...shipment, lines: [{ ...shipment.lines[0]!, qty_returnable: 2 }] } }]],
      ['GET', '/api/1.0/returns', [200, page([summary])]],
      ['GET', '/api/1.0/returns/r1', [200, { data: ret() }]],
      ['POST', '/api/1.0/returns/r1/receive', [200, { data: ret({ status: 'complete', allowed_actions: ['refund'] }) }]],
      ['POST', '/api/1.0/returns/r1/refund', [200, { data: ret({ refund_status: 'partial', refund_amount: '4.00' }) }]],
    ]);
    const row = await screen.findByRole('region', { name: 'RMA-AC-1001-1' }, SLOW);
    expect(within(row).getAllByText('Approved')).toHaveLength(2);
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Receive RMA-AC-1001-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive return RMA-AC-1001-1' });
    expect(await within(dialog).findByText('1 still to receive')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText(/^Receive at/) as HTMLSelectElement).value).toBe('i1'));
    fireEvent.change(within(dialog).getByLabelText('Damaged TEE-M'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('At most 1 units')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Damaged TEE-M'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Return RMA-AC-1001-1 received')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/returns/r1/receive')[0]!.body).toEqual({ iloc_id: 'i1', lines: [{ id: 'rl1', good: 0, hold: 0, hurt: 1 }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Refund RMA-AC-1001-1' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund return RMA-AC-1001-1' });
    expect(within(refund).getByText(/Still owed: USD\s10\.00 of USD\s10\.00/)).toBeTruthy();
    fireEvent.change(within(refund).getByLabelText('Amount'), { target: { value: '4' } });
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // toasts show one at a time: the refund's waits behind the receipt's
    expect(net.to('POST', '/api/1.0/returns/r1/refund')[0]!.body).toEqual({ amount: '4' });
  });

  it('says when the shipment cannot be returned, and shows no actions without permission', async () => {
    open([
      ['GET', '/api/1.0/shipments/s1', [200, { data: { ...shipment, status: 'cancelled', allowed_actions: [] } }]],
      ['GET', '/api/1.0/returns', [200, page([ret({ allowed_actions: [] })])]],
    ], ['update-shipment', 'read-returns']);
    expect(await screen.findByText('This shipment cannot be returned: it is cancelled.', {}, SLOW)).toBeTruthy();
    const row = await screen.findByRole('region', { name: 'RMA-AC-1001-1' });
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });
});
