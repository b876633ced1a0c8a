import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { AvailabilityDialog } from './AvailabilityDialog';
import type { ChannelFigure, InventoryRow } from './api';

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
  sku_id: 'b0000000-0000-4000-8000-000000000002', sku: 'TEE-M-6PK', name: 'Tee M six pack', type: 'PACK', iloc_id: AUSTIN, iloc_code: 'AUS-MAIN',
  iloc_name: 'Austin Main Warehouse', qty_available: 2, qty_good: 3, qty_hold: 0, qty_hurt: 0, qty_in_transit: 0, qty_reserved: 0, updated_at: null,
};
const austin = { iloc_id: AUSTIN, qty_good: 20, qty_reserved: 4, qty_available: 16 };
const reno = { iloc_id: RENO, qty_good: 12, qty_reserved: 0, qty_available: 12 };
const ONE: ChannelFigure = {
  sku: 'TEE-M-6PK', quantity: 2,
  explanation: {
    ilocs: [austin], pooled_available: 16, holder: { sku: 'TEE-M', type: 'REGULAR' }, pack_quantity: 6,
    reserve_percentage: 0, after_reserve: 16, max_listed: null, after_max_listed: 16, result: 2,
  },
};
const TWO: ChannelFigure = {
  sku: 'TEE-M-6PK', quantity: 3,
  explanation: {
    ilocs: [austin, reno], pooled_available: 28, holder: { sku: 'TEE-M', type: 'REGULAR' }, pack_quantity: 6,
    reserve_percentage: 10, after_reserve: 25, max_listed: 20, after_max_listed: 20, result: 3,
  },
};
const SLOW = { timeout: 4000 };

function open(routes: FetchRoute[], language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(<AvailabilityDialog row={ROW} ilocs={ILOCS} onClose={vi.fn()} />, { session: fakeSession(['read-inventory'], 'tenant'), language });
  return net;
}
const terms = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'How the published quantity is calculated' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('AvailabilityDialog', () => {
  it("explains the row's figure at its own iloc: on hand, reserved, pooled, no reserve, no cap, whole packs", async () => {
    const net = open([['GET', '/api/1.0/inventory/availability', [200, page([ONE])]]]);
    const dialog = await screen.findByRole('dialog', { name: 'Channel availability of TEE-M-6PK' });
    await within(dialog).findByRole('table', {}, SLOW);
    expect(terms(dialog)).toEqual([
      ['Austin Main Warehouse: on hand 20 − reserved 4', '16'],
      ['Available at the chosen locations', '16'],
      ['No reserve held back', '16'],
      ['No max listed cap', '16'],
      ['Whole packs of 6 (rounded down)', '2'],
      ['Published to the channel', '2'],
    ]);
    expect(within(dialog).getByText(/A pack of 6: its stock is that of TEE-M/)).toBeTruthy();
    const params = net.to('GET', '/api/1.0/inventory/availability')[0]!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({ sku_ids: ROW.sku_id, iloc_ids: AUSTIN, reserve_percentage: '0' });
  });

  it('sends the chosen ilocs, reserve and cap, and shows each term the server applied', async () => {
    const net = open([['GET', '/api/1.0/inventory/availability', (call) => [200, page([call.url.searchParams.has('max_listed') ? TWO : ONE])]]]);
    const dialog = await screen.findByRole('dialog', { name: 'Channel availability of TEE-M-6PK' });
    await within(dialog).findByRole('table', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Shipedge Reno' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reserve (%)' }), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Max listed' }), { target: { value: '20' } });

    await waitFor(() => expect(within(dialog).getByTestId('published-quantity').textContent).toBe('3'), SLOW);
    expect(terms(dialog)).toEqual([
      ['Austin Main Warehouse: on hand 20 − reserved 4', '16'],
      ['Shipedge Reno: on hand 12 − reserved 0', '12'],
      ['Available at the chosen locations', '28'],
      ['Hold back 10 % (rounded down)', '25'],
      ['Cap at max listed 20', '20'],
      ['Whole packs of 6 (rounded down)', '3'],
      ['Published to the channel', '3'],
    ]);
    const params = net.to('GET', '/api/1.0/inventory/availability').at(-1)!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({ sku_ids: ROW.sku_id, iloc_ids: `${AUSTIN},${RENO}`, reserve_percentage: '10', max_listed: '20' });
  });

  it('refuses a bad reserve or cap under the field without asking the server, and asks for a location when none is chosen', async () => {
    const net = open([['GET', '/api/1.0/inventory/availability', [200, page([ONE])]]]);
    const dialog = await screen.findByRole('dialog', { name: 'Channel availability of TEE-M-6PK' });
    await within(dialog).findByRole('table', {}, SLOW);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reserve (%)' }), { target: { value: '101' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Max listed' }), { target: { value: '2.5' } });
    expect(await within(dialog).findByText('Enter a percentage from 0 to 100, at most 2 decimals', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Enter a whole number of 0 or more, or leave it empty')).toBeTruthy();
    expect(net.to('GET', '/api/1.0/inventory/availability')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Austin Main Warehouse' }));
    expect(await within(dialog).findByText('Choose at least one location to see the figure.')).toBeTruthy();
  });

  it('shows the server error with a retry', async () => {
    open([['GET', '/api/1.0/inventory/availability', (_call, nth) => (nth === 0 ? [500, { message: 'Server Error' }] : [200, page([ONE])])]]);
    const dialog = await screen.findByRole('dialog', { name: 'Channel availability of TEE-M-6PK' });
    expect(await within(dialog).findByText('Could not calculate the availability: Server Error', {}, SLOW)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('published-quantity')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    open([['GET', '/api/1.0/inventory/availability', [200, page([ONE])]]], 'es');
    const dialog = await screen.findByRole('dialog', { name: 'Disponibilidad para canales de TEE-M-6PK' });
    expect(await within(dialog).findByText('Paquetes completos de 6 (redondeado hacia abajo)', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Publicado en el canal')).toBeTruthy();
  });
});
