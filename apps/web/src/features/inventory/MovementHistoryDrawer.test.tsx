import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { MovementHistoryDrawer } from './MovementHistoryDrawer';
import type { InventoryMovement, InventoryRow } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const AUSTIN = 'e0000000-0000-4000-8000-000000000001';
const RENO = 'e0000000-0000-4000-8000-000000000002';
const ILOCS = [
  { id: AUSTIN, name: 'Austin Main Warehouse', code: 'AUS-MAIN' },
  { id: RENO, name: 'Shipedge Reno', code: 'SE-RENO' },
];
const ROW: InventoryRow = {
  sku_id: 'b0000000-0000-4000-8000-000000000001', sku: 'TEE-M', name: 'Tee M', type: 'REGULAR', iloc_id: AUSTIN, iloc_code: 'AUS-MAIN', iloc_name: 'Austin Main Warehouse',
  qty_available: 16, qty_good: 20, qty_hold: 0, qty_hurt: 0, qty_in_transit: 0, qty_reserved: 4, updated_at: '2026-01-01T10:00:00Z',
};
const zero = { delta_good: 0, delta_hold: 0, delta_hurt: 0, delta_in_transit: 0, delta_reserved: 0 };
const movement = (overrides: Partial<InventoryMovement>): InventoryMovement => ({
  id: '1', sku_id: ROW.sku_id, sku: 'TEE-M', iloc_id: AUSTIN, iloc_name: 'Austin Main Warehouse', ...zero, reason: 'received',
  reference_type: null, reference_id: null, note: null, user_id: 'u1', user_name: 'Tom Tenant', created_at: '2026-01-02T09:30:00Z',
  balance_after: { good: 20, hold: 0, hurt: 0, in_transit: 0, reserved: 0 },
  ...overrides,
});
const HISTORY = [
  movement({ id: '2', reason: 'reserve', delta_reserved: 4, reference_type: 'order', reference_id: 'SO-7', user_id: null, user_name: null,
    balance_after: { good: 20, hold: 0, hurt: 0, in_transit: 0, reserved: 4 } }),
  movement({ id: '1', delta_good: 20, note: 'PO 12' }),
];

function open(routes: FetchRoute[], row = ROW, language = 'en') {
  const net = routeFetch(routes);
  const onClose = vi.fn();
  renderWithProviders(<MovementHistoryDrawer row={row} ilocs={ILOCS} onClose={onClose} />, { session: fakeSession(['read-inventory'], 'tenant'), language });
  return { net, onClose };
}

describe('MovementHistoryDrawer', () => {
  it("lists the row's movements at its iloc: when, who, why, which document, the change and the balance after", async () => {
    const { net } = open([['GET', '/api/1.0/inventory/movements', [200, page(HISTORY)]]]);
    const drawer = await screen.findByRole('dialog', { name: 'Stock history of TEE-M' });
    const list = await within(drawer).findByRole('list', { name: 'Stock movements, newest first' });
    const [reserved, received] = within(list).getAllByRole('listitem');

    expect(within(reserved!).getByText('Reserved', { selector: 'span.MuiTypography-subtitle2' })).toBeTruthy();
    expect(within(reserved!).getByText('Reserved +4')).toBeTruthy();
    expect(within(reserved!).getByText('by System · order SO-7')).toBeTruthy();
    expect(reserved!.textContent).toContain('Balance after: Good 20 · Reserved 4 · Available 16');
    expect(within(received!).getByText('Good +20')).toBeTruthy();
    expect(within(received!).getByText('by Tom Tenant · PO 12')).toBeTruthy();
    expect(within(received!).getByText(/2026/).getAttribute('datetime')).toBe('2026-01-02T09:30:00Z');

    const call = net.to('GET', '/api/1.0/inventory/movements')[0]!;
    expect(call.url.searchParams.get('search')).toBe(`sku_id:${ROW.sku_id};iloc:${AUSTIN}`);
    expect(call.url.searchParams.get('include')).toBe('balance_after');
    expect(call.url.searchParams.get('page')).toBe('1');
  });

  it('filters by location (or none, then names the iloc of each movement) and pages on the server', async () => {
    const { net } = open([
      ['GET', '/api/1.0/inventory/movements', (call) => [200, { ...page(HISTORY, 60), current_page: Number(call.url.searchParams.get('page')) }]],
    ]);
    const drawer = await screen.findByRole('dialog', { name: 'Stock history of TEE-M' });
    await within(drawer).findByText('Good +20');
    fireEvent.change(within(drawer).getByLabelText('Location'), { target: { value: '' } });
    expect(await within(drawer).findByText('by Tom Tenant · Austin Main Warehouse · PO 12')).toBeTruthy();
    expect(net.to('GET', '/api/1.0/inventory/movements').at(-1)?.url.searchParams.get('search')).toBe(`sku_id:${ROW.sku_id}`);

    expect(within(drawer).getByText('1–25 of 60')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(net.to('GET', '/api/1.0/inventory/movements').at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(await within(drawer).findByText('26–50 of 60')).toBeTruthy();
  });

  it('says when there is nothing yet, and offers a retry when the history fails', async () => {
    open([['GET', '/api/1.0/inventory/movements', (_call, nth) => (nth === 0 ? [500, { message: 'Server Error' }] : [200, page([])])]]);
    const drawer = await screen.findByRole('dialog', { name: 'Stock history of TEE-M' });
    expect(await within(drawer).findByText('Could not show the history: Server Error')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Try again' }));
    expect(await within(drawer).findByText('No stock movements at this location yet')).toBeTruthy();
  });

  it("explains that a pack's history is its base's, and closes from its button", async () => {
    const pack = { ...ROW, sku: 'TEE-M-6PK', type: 'PACK' as const };
    const { onClose } = open([['GET', '/api/1.0/inventory/movements', [200, page(HISTORY)]]], pack);
    const drawer = await screen.findByRole('dialog', { name: 'Stock history of TEE-M-6PK' });
    expect(await within(drawer).findByText(/This SKU draws on the stock of TEE-M/)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    open([['GET', '/api/1.0/inventory/movements', [200, page(HISTORY)]]], ROW, 'es');
    const drawer = await screen.findByRole('dialog', { name: 'Historial de existencias de TEE-M' });
    expect(await within(drawer).findByText('Bueno +20')).toBeTruthy();
    expect(within(drawer).getByText('por Sistema · order SO-7')).toBeTruthy();
  });
});
