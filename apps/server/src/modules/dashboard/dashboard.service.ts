import { sql, type SQL } from 'drizzle-orm';
import {
  dashboardAddDays as addDays, dashboardDaysBetween as daysBetween, DASHBOARD_TOP_ROWS, ORDER_STATUSES, resolveDashboardPeriod,
  type DashboardByChannelDto, type DashboardByCountryDto, type DashboardByIlocDto, type DashboardByStatusDto,
  type DashboardLateShipmentsDto, type DashboardLowStockDto, type DashboardQuery, type DashboardSalesDto, type DashboardTopSkusDto,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { topSkus, type TopSkusOptions } from './dashboard-top-skus';
import {
  countrySearch, createdIn, ilocSearch, inventoryLink, lateFilters, ordersLink, SALE_STATUSES, salesFilters,
  type Period,
} from './dashboard-links';

/**
 * The dashboard's cards (docs/api-dashboard.md). Each is one statement over a rollup UNION ALL its deltas not yet
 * folded (migration 0040): one statement reads one snapshot, so a fold committing meanwhile neither hides nor
 * doubles a delta, and an order counts from the moment it commits.
 */

type Row = Record<string, unknown>;
const int = (v: unknown) => Number(v ?? 0);
const dec = (v: unknown) => (v === null || v === undefined ? '0.00' : Number(v).toFixed(2));
const DEFAULT_CURRENCY = 'USD';

/** "Today" for the presets and for late shipments: the UTC date. Tests pass their own clock. */
export type Clock = () => Date;
const utcToday = (now: Date) => now.toISOString().slice(0, 10);

interface Resolved {
  period: Period;
  comparison: Period | null;
}

function resolve(query: DashboardQuery, now: Date): Resolved {
  return resolveDashboardPeriod(query, utcToday(now));
}

/** The order-days rollup and its pending deltas, between two days (the tenant named so the index leads with it). */
function orderDays(tenantId: string, from: string, to: string): SQL {
  return sql`(
    SELECT day, status, channel, country, currency, orders, units, revenue FROM dashboard_order_days
    WHERE tenant_id = ${tenantId}::uuid AND day BETWEEN ${from}::date AND ${to}::date
    UNION ALL
    SELECT day, status, channel, country, currency, orders, units, revenue FROM dashboard_order_days_delta
    WHERE tenant_id = ${tenantId}::uuid AND day BETWEEN ${from}::date AND ${to}::date)`;
}

const saleStatuses = sql`status IN (${sql.join(SALE_STATUSES.map((s) => sql`${s}`), sql`, `)})`;

/** The asked currency, else the one most of the rows' orders use (a company selling in one currency never notices). */
function pickCurrency(asked: string | undefined, byCurrency: Map<string, number>): string {
  if (asked) return asked;
  let best: string | null = null;
  for (const [c, n] of byCurrency) if (best === null || n > byCurrency.get(best)! || (n === byCurrency.get(best) && c < best)) best = c;
  return best ?? DEFAULT_CURRENCY;
}

function ordersPerCurrency(rows: Row[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(String(r.currency).trim(), (m.get(String(r.currency).trim()) ?? 0) + int(r.orders));
  return m;
}

const change = (now: number, before: number | null) => (before === null || before === 0 ? null : (now - before) / before);

// ---- Sales ---------------------------------------------------------------------------------------------------------

export async function salesCard(tx: Tx, tenantId: string, query: DashboardQuery, now: Date): Promise<DashboardSalesDto> {
  const { period, comparison } = resolve(query, now);
  const ranges = comparison ? [['p', period], ['c', comparison]] as const : [['p', period]] as const;
  const lo = comparison && comparison.from < period.from ? comparison.from : period.from;
  const hi = comparison && comparison.to > period.to ? comparison.to : period.to;
  // A day of the comparison may also be a day of the period (a long custom range against the previous year).
  const rows = await queryRows<Row>(tx, sql`
    SELECT r.w, x.currency, x.day::text AS day, sum(x.orders) AS orders, sum(x.units) AS units, sum(x.revenue) AS revenue,
      GROUPING(x.day) AS total_row
    FROM ${orderDays(tenantId, lo, hi)} x
    JOIN (VALUES ${sql.join(ranges.map(([w, p]) => sql`(${w}, ${p.from}::date, ${p.to}::date)`), sql`, `)}) r(w, f, t) ON x.day BETWEEN r.f AND r.t
    WHERE ${saleStatuses}
    GROUP BY GROUPING SETS ((r.w, x.currency, x.day), (r.w, x.currency))`);
  const totalsOf = (w: string) => rows.filter((r) => r.w === w && int(r.total_row) === 1);
  const periodTotals = totalsOf('p');
  const currency = pickCurrency(query.currency, ordersPerCurrency(periodTotals));
  const currencies = [...new Set(periodTotals.filter((r) => int(r.orders) !== 0).map((r) => String(r.currency).trim()))].sort();
  const totals = (w: string) => {
    const r = totalsOf(w).find((x) => String(x.currency).trim() === currency);
    const orders = int(r?.orders);
    const revenue = Number(r?.revenue ?? 0);
    return { revenue: dec(r?.revenue), orders, units: int(r?.units), average_order_value: orders === 0 ? '0.00' : (revenue / orders).toFixed(2) };
  };
  const current = totals('p');
  const previous = comparison ? totals('c') : null;
  const days = new Map<string, Row>();
  for (const r of rows) {
    if (int(r.total_row) === 1 || String(r.currency).trim() !== currency) continue;
    days.set(`${String(r.w)}:${String(r.day)}`, r);
  }
  const byDay: DashboardSalesDto['by_day'] = [];
  const n = daysBetween(period.from, period.to) + 1;
  for (let i = 0; i < n; i++) {
    const date = addDays(period.from, i);
    const d = days.get(`p:${date}`);
    const prevDate = comparison ? addDays(comparison.from, i) : null;
    const inComparison = comparison !== null && prevDate !== null && prevDate <= comparison.to;
    byDay.push({
      date, revenue: dec(d?.revenue), orders: int(d?.orders), units: int(d?.units),
      previous_revenue: inComparison ? dec(days.get(`c:${prevDate}`)?.revenue) : null,
      link: ordersLink(salesFilters({ from: date, to: date }, currency)),
    });
  }
  return {
    period, comparison, currency, currencies, totals: current, previous,
    change: {
      revenue: change(Number(current.revenue), previous ? Number(previous.revenue) : null),
      orders: change(current.orders, previous?.orders ?? null),
      units: change(current.units, previous?.units ?? null),
      average_order_value: change(Number(current.average_order_value), previous ? Number(previous.average_order_value) : null),
    },
    by_day: byDay,
    link: ordersLink(salesFilters(period, currency)),
  };
}

// ---- Orders by status, channel, country ------------------------------------------------------------------------

async function groupedOrders(tx: Tx, tenantId: string, p: Period, key: 'status' | 'channel' | 'country', salesOnly: boolean) {
  const col = sql.raw(key);
  return queryRows<Row>(tx, sql`
    SELECT ${col} AS k, currency, sum(orders) AS orders, sum(revenue) AS revenue
    FROM ${orderDays(tenantId, p.from, p.to)} x ${salesOnly ? sql`WHERE ${saleStatuses}` : sql``}
    GROUP BY ${col}, currency HAVING sum(orders) <> 0 OR sum(revenue) <> 0`);
}

function inCurrency(rows: Row[], asked: string | undefined) {
  const currency = pickCurrency(asked, ordersPerCurrency(rows));
  return { currency, rows: rows.filter((r) => String(r.currency).trim() === currency) };
}

// Most orders first; among equals by name, and "no country" (the empty key) after the named ones.
const sortKey = (k: string) => (k === '' ? '\uffff' : k);
const byOrdersThenKey = (a: { orders: number; key: string }, b: { orders: number; key: string }) =>
  b.orders - a.orders || (sortKey(a.key) < sortKey(b.key) ? -1 : sortKey(a.key) > sortKey(b.key) ? 1 : 0);

export async function byStatusCard(tx: Tx, tenantId: string, query: DashboardQuery, now: Date): Promise<DashboardByStatusDto> {
  const { period, comparison } = resolve(query, now);
  const { currency, rows } = inCurrency(await groupedOrders(tx, tenantId, period, 'status', false), query.currency);
  const found = new Map(rows.map((r) => [String(r.k), r]));
  return {
    period, comparison, currency,
    // Every status, in lifecycle order, so the card keeps its shape (a status with no order shows 0).
    rows: ORDER_STATUSES.map((status) => ({
      status, orders: int(found.get(status)?.orders), revenue: dec(found.get(status)?.revenue),
      link: ordersLink([...createdIn(period), { field: 'status', operator: 'where', value: status }, { field: 'currency', operator: 'where', value: currency }]),
    })),
  };
}

export async function byChannelCard(tx: Tx, tenantId: string, query: DashboardQuery, now: Date): Promise<DashboardByChannelDto> {
  const { period, comparison } = resolve(query, now);
  const { currency, rows } = inCurrency(await groupedOrders(tx, tenantId, period, 'channel', true), query.currency);
  return {
    period, comparison, currency,
    rows: rows.map((r) => ({ key: String(r.k), orders: int(r.orders), revenue: dec(r.revenue) })).sort(byOrdersThenKey).map((r) => ({
      channel: r.key, orders: r.orders, revenue: r.revenue,
      link: ordersLink([...salesFilters(period, currency), { field: 'channel', operator: 'where', value: r.key }]),
    })),
  };
}

export async function byCountryCard(tx: Tx, tenantId: string, query: DashboardQuery, now: Date): Promise<DashboardByCountryDto> {
  const { period, comparison } = resolve(query, now);
  const { currency, rows } = inCurrency(await groupedOrders(tx, tenantId, period, 'country', true), query.currency);
  return {
    period, comparison, currency,
    rows: rows.map((r) => ({ key: String(r.k), orders: int(r.orders), revenue: dec(r.revenue) })).sort(byOrdersThenKey).map((r) => {
      const country = r.key === '' ? null : r.key;
      return { country, orders: r.orders, revenue: r.revenue, link: ordersLink(salesFilters(period, currency), countrySearch(country)) };
    }),
  };
}

// ---- Fulfilment ilocs -----------------------------------------------------------------------------------------

export async function byIlocCard(tx: Tx, tenantId: string, query: DashboardQuery, now: Date): Promise<DashboardByIlocDto> {
  const { period, comparison } = resolve(query, now);
  const rows = await queryRows<Row>(tx, sql`
    SELECT x.iloc_id, i.name AS iloc_name, sum(x.orders) AS orders, sum(x.units) AS units
    FROM (
      SELECT iloc_id, orders, units FROM dashboard_iloc_days
      WHERE tenant_id = ${tenantId}::uuid AND day BETWEEN ${period.from}::date AND ${period.to}::date
      UNION ALL
      SELECT iloc_id, orders, units FROM dashboard_iloc_days_delta
      WHERE tenant_id = ${tenantId}::uuid AND day BETWEEN ${period.from}::date AND ${period.to}::date) x
    LEFT JOIN ilocs i ON i.tenant_id = ${tenantId}::uuid AND i.id = x.iloc_id
    GROUP BY x.iloc_id, i.name HAVING sum(x.orders) <> 0 OR sum(x.units) <> 0
    ORDER BY sum(x.units) DESC, i.name, x.iloc_id`);
  return {
    period, comparison, currency: query.currency ?? DEFAULT_CURRENCY,
    rows: rows.map((r) => ({
      iloc_id: String(r.iloc_id), iloc_name: String(r.iloc_name ?? ''), orders: int(r.orders), units: int(r.units),
      link: ordersLink(createdIn(period), ilocSearch(String(r.iloc_id))),
    })),
  };
}

// ---- Top SKUs ------------------------------------------------------------------------------------------------

/**
 * The SKUs with the most units sold (sales lines, one currency). Exact like every card (rollup + pending deltas in
 * one snapshot) and served from the per-range top-SKU cache when its bound allows (dashboard-top-skus.ts).
 */
export async function topSkusCard(
  tx: Tx, tenantId: string, query: DashboardQuery, now: Date, limit: number | null = DASHBOARD_TOP_ROWS, options: TopSkusOptions = {},
): Promise<DashboardTopSkusDto> {
  const { period, comparison } = resolve(query, now);
  // Without a currency asked, the one most sales of the period use (from the small order-days rollup, not the SKU one).
  let currency = query.currency;
  if (!currency) {
    const counts = await queryRows<Row>(tx, sql`SELECT currency, sum(orders) AS orders FROM ${orderDays(tenantId, period.from, period.to)} x WHERE ${saleStatuses} GROUP BY currency`);
    currency = pickCurrency(undefined, ordersPerCurrency(counts));
  }
  const { rows } = await topSkus(tx, tenantId, period, currency, limit, options);
  const sold = currency;
  return {
    period, comparison, currency: sold,
    rows: rows.map((r) => ({
      sku_id: r.sku_id, sku: r.sku ?? '', name: r.name, units: int(r.units), revenue: dec(r.revenue),
      link: ordersLink(salesFilters(period, sold), `sku:${r.sku ?? ''}`),
    })),
  };
}

// ---- Low stock, late shipments -------------------------------------------------------------------------------

export async function lowStockCard(tx: Tx, tenantId: string, limit: number | null = DASHBOARD_TOP_ROWS): Promise<DashboardLowStockDto> {
  // A REGULAR SKU's own balance; a pack or set draws on another SKU's stock and has no reorder point of its own.
  // The balance is looked up per reorder point (a correlated subquery: an index probe each), never joined wholesale.
  const rows = await queryRows<Row>(tx, sql`
    SELECT x.sku_id, s.sku, x.iloc_id, i.name AS iloc_name, x.reorder_point, x.available, count(*) OVER () AS n
    FROM (
      SELECT rp.sku_id, rp.iloc_id, rp.reorder_point,
        coalesce((SELECT b.qty_good - b.qty_reserved FROM inventory_balances b
                  WHERE b.tenant_id = rp.tenant_id AND b.sku_id = rp.sku_id AND b.iloc_id = rp.iloc_id), 0) AS available
      FROM reorder_points rp WHERE rp.tenant_id = ${tenantId}::uuid) x
    JOIN skus s ON s.tenant_id = ${tenantId}::uuid AND s.id = x.sku_id AND s.type = 'REGULAR'
    JOIN ilocs i ON i.tenant_id = ${tenantId}::uuid AND i.id = x.iloc_id AND i.archived_at IS NULL
    WHERE x.available < x.reorder_point
    ORDER BY x.available - x.reorder_point, s.sku, i.name
    ${limit === null ? sql`` : sql`LIMIT ${limit}`}`);
  return {
    count: int(rows[0]?.n),
    rows: rows.map((r) => ({
      sku_id: String(r.sku_id), sku: String(r.sku), iloc_id: String(r.iloc_id), iloc_name: String(r.iloc_name),
      available: int(r.available), reorder_point: int(r.reorder_point), link: inventoryLink(String(r.sku), String(r.iloc_id)),
    })),
    link: null,
  };
}

export async function lateShipmentsCard(tx: Tx, tenantId: string, now: Date, limit: number | null = DASHBOARD_TOP_ROWS): Promise<DashboardLateShipmentsDto> {
  const today = utcToday(now);
  // Exactly the predicate of orders_late_idx (which is the link's status and fulfilment lists) plus the date: the
  // count is an index-only scan and the first rows the first index entries (a window count would read every row).
  // The order names the column (orders.deliver_by): a bare deliver_by is the text output column, whose sort read
  // and sorted every late order (23 ms for 19,000 instead of 0.1 ms).
  const late = sql`tenant_id = ${tenantId}::uuid AND deliver_by IS NOT NULL AND status NOT IN ('cancelled', 'closed') AND fulfillment_status <> 'shipped'
    AND deliver_by < ${today}::date`;
  const [count] = await queryRows<Row>(tx, sql`SELECT count(*) AS n FROM orders WHERE ${late}`);
  const rows = await queryRows<Row>(tx, sql`
    SELECT id, number, deliver_by::text AS deliver_by, status, fulfillment_status FROM orders WHERE ${late}
    ORDER BY orders.deliver_by, number ${limit === null ? sql`` : sql`LIMIT ${limit}`}`);
  return {
    count: int(count?.n),
    rows: rows.map((r) => ({
      order_id: String(r.id), number: String(r.number), deliver_by: String(r.deliver_by), status: String(r.status),
      fulfillment_status: String(r.fulfillment_status), link: ordersLink(lateFilters(today), `number:${String(r.number)}`),
    })),
    link: ordersLink(lateFilters(today)),
  };
}

// ---- Entry points (ctx, input) -------------------------------------------------------------------------------

export const DASHBOARD_READS = {
  sales: (tx: Tx, t: string, q: DashboardQuery, now: Date) => salesCard(tx, t, q, now),
  'orders-by-status': (tx: Tx, t: string, q: DashboardQuery, now: Date) => byStatusCard(tx, t, q, now),
  'orders-by-channel': (tx: Tx, t: string, q: DashboardQuery, now: Date) => byChannelCard(tx, t, q, now),
  'orders-by-country': (tx: Tx, t: string, q: DashboardQuery, now: Date) => byCountryCard(tx, t, q, now),
  'orders-by-iloc': (tx: Tx, t: string, q: DashboardQuery, now: Date) => byIlocCard(tx, t, q, now),
  'top-skus': (tx: Tx, t: string, q: DashboardQuery, now: Date) => topSkusCard(tx, t, q, now),
  'low-stock': (tx: Tx, t: string) => lowStockCard(tx, t),
  'late-shipments': (tx: Tx, t: string, _q: DashboardQuery, now: Date) => lateShipmentsCard(tx, t, now),
} as const;

export type DashboardReads = typeof DASHBOARD_READS;
