import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  DashboardByStatusDto, DashboardLateShipmentsDto, DashboardLinkDto, DashboardLowStockDto, DashboardSalesDto, TFilter,
} from '@omnio/domain';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { useLocation } from 'react-router';
import { DashboardPage } from './DashboardPage';

const SLOW = { timeout: 8000 };
const PERIOD = { from: '2026-11-01', to: '2026-11-07' };
const COMPARISON = { from: '2026-10-25', to: '2026-10-31' };
const BASE = '/api/1.0/dashboard';

beforeEach(() => {
  // The counters jump to their value, as for a reader who prefers reduced motion.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'), media: query, onchange: null,
    addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const salesFilters: TFilter[] = [
  { field: 'created_at', operator: 'gte', value: '2026-11-01T00:00:00Z' },
  { field: 'created_at', operator: 'lt', value: '2026-11-08T00:00:00Z' },
  { field: 'status', operator: 'in', value: ['on_hold', 'open', 'error', 'closed'] },
  { field: 'currency', operator: 'where', value: 'USD' },
];
const salesLink: DashboardLinkDto = { route: 'orders', filters: salesFilters };

function sales(orders: number, revenue: string, over: Partial<DashboardSalesDto> = {}): DashboardSalesDto {
  return {
    period: PERIOD, comparison: COMPARISON, currency: 'USD', currencies: ['USD'],
    totals: { revenue, orders, units: orders * 2, average_order_value: orders ? (Number(revenue) / orders).toFixed(2) : '0.00' },
    previous: { revenue: '100.00', orders: 2, units: 4, average_order_value: '50.00' },
    change: { revenue: orders ? (Number(revenue) - 100) / 100 : -1, orders: orders ? (orders - 2) / 2 : -1, units: null, average_order_value: 0 },
    by_day: [{ date: '2026-11-01', revenue, orders, units: orders * 2, previous_revenue: '100.00', link: salesLink }],
    link: salesLink,
    ...over,
  };
}

const EMPTY_SALES: DashboardSalesDto = {
  ...sales(0, '0.00'), previous: null, change: { revenue: null, orders: null, units: null, average_order_value: null },
  by_day: [{ date: '2026-11-01', revenue: '0.00', orders: 0, units: 0, previous_revenue: null, link: salesLink }],
};
const rows = <T,>(r: T[]) => ({ period: PERIOD, comparison: COMPARISON, currency: 'USD', rows: r });

const byStatus: DashboardByStatusDto = rows([
  { status: 'open', orders: 3, revenue: '150.00', link: { route: 'orders', filters: [salesFilters[0]!, { field: 'status', operator: 'in', value: ['open'] }] } },
]);
const NO_LOW: DashboardLowStockDto = { count: 0, rows: [], link: null };
const NO_LATE: DashboardLateShipmentsDto = { count: 0, rows: [], link: { route: 'orders', filters: [] } };

function cards(salesAnswer: FetchRoute[2], full = true): FetchRoute[] {
  return [
    ['GET', `${BASE}/sales`, salesAnswer],
    ['GET', `${BASE}/orders-by-status`, [200, { data: full ? byStatus : rows([]) }]],
    ['GET', `${BASE}/orders-by-channel`, [200, { data: rows([]) }]],
    ['GET', `${BASE}/orders-by-country`, [200, { data: rows([]) }]],
    ['GET', `${BASE}/orders-by-iloc`, [200, { data: rows([]) }]],
    ['GET', `${BASE}/top-skus`, [200, { data: rows([]) }]],
    ['GET', `${BASE}/low-stock`, [200, { data: NO_LOW }]],
    ['GET', `${BASE}/late-shipments`, [200, { data: NO_LATE }]],
  ];
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

const render = (path = '/dashboard', language = 'en') =>
  renderWithProviders(<><DashboardPage /><Address /></>, { session: fakeSession(['read-order'], 'tenant'), path, language });

const card = (name: string) => screen.getByRole('region', { name });

describe('DashboardPage', { timeout: 30_000 }, () => {
  it('shows a skeleton per card while loading, then the sales figures with their change', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const net = routeFetch(cards([200, { data: sales(3, '150.00') }]));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => gate.then(() => realFetch(input, init)));
    render();
    expect(await screen.findByRole('status', { name: 'Loading Sales…' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading Late shipments…' })).toBeTruthy();
    release();

    const orders = await screen.findByRole('link', { name: /^Orders\s*3\s*Up 50%/ }, SLOW);
    expect(within(card('Sales')).getByRole('link', { name: /^Revenue\s*USD\s150\.00\s*Up 50%/ })).toBeTruthy();
    expect(orders.textContent).toContain('vs previous period');
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(net.to('GET', `${BASE}/sales`)[0]!.url.searchParams.get('range')).toBe('last_30_days');
  });

  it('shows empty states for a company with no orders, in Spanish too', async () => {
    routeFetch(cards([200, { data: EMPTY_SALES }], false));
    render('/dashboard', 'es');
    expect(await screen.findByText('No hay ventas en este periodo.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('No hay envíos atrasados.')).toBeTruthy();
    expect(screen.getByText('Nada bajo su punto de pedido.')).toBeTruthy();
    expect(screen.getByText('Ningún SKU vendido en este periodo.')).toBeTruthy();
    expect(within(card('Pedidos por estado')).getByText('Nada en este periodo.')).toBeTruthy();
    expect(within(card('Ventas')).getByRole('link', { name: /^Pedidos\s*0\s*Sin cifra para el periodo anterior/ })).toBeTruthy();
  });

  it('shows a card error with a retry that loads it again, and the other cards still load', async () => {
    const net = routeFetch(cards((_call, nth) => (nth === 0 ? [500, { message: 'Database away' }] : [200, { data: sales(3, '150.00') }])));
    render();
    expect(await screen.findByText('Could not load Sales: Database away', {}, SLOW)).toBeTruthy();
    expect(within(card('Orders by status')).getByRole('link', { name: '3' })).toBeTruthy();
    fireEvent.click(within(card('Sales')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^Orders\s*3\b/ }, SLOW)).toBeTruthy();
    expect(net.to('GET', `${BASE}/sales`).length).toBeGreaterThanOrEqual(2);
  });

  it('asks every card again with the new range and comparison, and keeps them in the address', async () => {
    const net = routeFetch(cards((call) => [200, { data: sales(call.url.searchParams.get('range') === 'last_7_days' ? 5 : 3, '150.00') }]));
    render('/dashboard?compare=none');
    await screen.findByRole('link', { name: /^Orders\s*3\b/ }, SLOW);
    expect(net.to('GET', `${BASE}/sales`).at(-1)!.url.searchParams.get('compare')).toBe('none');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(await screen.findByRole('link', { name: /^Orders\s*5\b/ }, SLOW)).toBeTruthy();
    for (const c of ['sales', 'orders-by-status', 'late-shipments']) {
      const q = net.to('GET', `${BASE}/${c}`).at(-1)!.url.searchParams;
      expect([q.get('range'), q.get('compare')]).toEqual(['last_7_days', 'none']);
    }

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Compare with' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Previous year' }));
    await waitFor(() => expect(net.to('GET', `${BASE}/sales`).at(-1)!.url.searchParams.get('compare')).toBe('previous_year'));
    expect(await screen.findByRole('link', { name: /^Orders\s*5\s*Up 150% vs previous year/ }, SLOW)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?range=last_7_days&compare=previous_year');
  });

  it('asks nothing for a custom range until both days are given, then sends them', async () => {
    const net = routeFetch(cards([200, { data: sales(3, '150.00') }]));
    render('/dashboard?range=custom&from=2026-11-01');
    expect(await screen.findByText('Choose both days to see the figures.', {}, SLOW)).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-07' } });
    await screen.findByRole('link', { name: /^Orders\s*3\b/ }, SLOW);
    const q = net.to('GET', `${BASE}/sales`)[0]!.url.searchParams;
    expect([q.get('range'), q.get('from'), q.get('to')]).toEqual(['custom', '2026-11-01', '2026-11-07']);
  });

  it('links each figure to the orders list with the filters the card counted', async () => {
    routeFetch(cards([200, { data: sales(3, '150.00') }]));
    render();
    const orders = await screen.findByRole('link', { name: /^Orders\s*3\b/ }, SLOW);
    const href = new URL(orders.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/orders');
    expect(JSON.parse(href.searchParams.get('filters')!)).toEqual(salesFilters);

    const status = new URL(within(card('Orders by status')).getByRole('link', { name: '3' }).getAttribute('href')!, 'http://localhost');
    expect(JSON.parse(status.searchParams.get('filters')!)).toEqual(byStatus.rows[0]!.link.filters);
  });

  it('says so, and asks nothing, for a role that cannot read orders', async () => {
    const net = routeFetch(cards([200, { data: sales(3, '150.00') }]));
    renderWithProviders(<DashboardPage />, { session: fakeSession(['read-product'], 'tenant') });
    expect(await screen.findByText(/Your role cannot see the sales figures/, {}, SLOW)).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('reloads one card on its own and exports its CSV with the same query and the token', async () => {
    window.localStorage.setItem('access_token', 'tok');
    const net = routeFetch([...cards([200, { data: sales(3, '150.00') }]), ['GET', `${BASE}/sales/export`, [200, 'date,revenue\n']]]);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render('/dashboard?range=week');
    await screen.findByRole('link', { name: /^Orders\s*3\b/ }, SLOW);
    const before = net.to('GET', `${BASE}/orders-by-status`).length;
    fireEvent.click(within(card('Sales')).getByRole('button', { name: 'Reload Sales' }));
    await waitFor(() => expect(net.to('GET', `${BASE}/sales`).length).toBe(2));
    expect(net.to('GET', `${BASE}/orders-by-status`).length).toBe(before);

    fireEvent.click(within(card('Sales')).getByRole('button', { name: 'Export Sales as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exp = net.to('GET', `${BASE}/sales/export`)[0]!;
    expect(exp.url.searchParams.get('range')).toBe('week');
    expect(exp.headers.get('Authorization')).toBe('Bearer tok');
    click.mockRestore();
  });
});
