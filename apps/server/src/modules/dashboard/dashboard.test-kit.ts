// Test helpers for the dashboard: recounts from the orders tables, and the rollups as reads see them.
import type { TestApp } from '../../test/test-app';

type Row = Record<string, unknown>;

/** Rows as sorted JSON lines with every figure as a normalised number, so two sources compare with toEqual. */
function canon(rows: Row[]): string[] {
  return rows
    .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v]))))
    .sort();
}

/**
 * Every rollup (folded rows plus pending deltas, as a read adds them) and the same figures recounted from orders,
 * order_lines and order_allocations, for every company. The owner connection reads all tenants.
 */
export async function rollupsAndRecounts(t: TestApp): Promise<{ rollups: Record<string, string[]>; recounts: Record<string, string[]> }> {
  const q = (text: string) => t.database.ownerExec(text);
  const rollOrders = await q(`
    SELECT tenant_id, day::text, status, channel, country, trim(currency) AS currency, sum(orders)::bigint AS orders, sum(units)::bigint AS units, sum(revenue) AS revenue
    FROM (SELECT tenant_id, day, status, channel, country, currency, orders, units, revenue FROM dashboard_order_days
          UNION ALL SELECT tenant_id, day, status, channel, country, currency, orders, units, revenue FROM dashboard_order_days_delta) x
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(orders) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0`);
  const countOrders = await q(`
    SELECT tenant_id, dashboard_day(created_at)::text AS day, status, channel, dashboard_country(shipping_address) AS country, trim(currency) AS currency,
      count(*)::bigint AS orders, sum(unit_count)::bigint AS units, sum(total) AS revenue
    FROM orders GROUP BY 1, 2, 3, 4, 5, 6 HAVING count(*) <> 0`);
  const rollSkus = await q(`
    SELECT tenant_id, day::text, sku_id, trim(currency) AS currency, sum(units)::bigint AS units, sum(revenue) AS revenue
    FROM (SELECT tenant_id, day, sku_id, currency, units, revenue FROM dashboard_sku_days
          UNION ALL SELECT tenant_id, day, sku_id, currency, units, revenue FROM dashboard_sku_days_delta) x
    GROUP BY 1, 2, 3, 4 HAVING sum(units) <> 0 OR sum(revenue) <> 0`);
  const countSkus = await q(`
    SELECT o.tenant_id, dashboard_day(o.created_at)::text AS day, l.sku_id, trim(o.currency) AS currency, sum(l.quantity)::bigint AS units, sum(l.total) AS revenue
    FROM orders o JOIN order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
    WHERE l.sku_id IS NOT NULL AND o.status NOT IN ('cancelled', 'draft')
    GROUP BY 1, 2, 3, 4 HAVING sum(l.quantity) <> 0 OR sum(l.total) <> 0`);
  const rollIlocs = await q(`
    SELECT tenant_id, day::text, iloc_id, sum(orders)::bigint AS orders, sum(units)::bigint AS units
    FROM (SELECT tenant_id, day, iloc_id, orders, units FROM dashboard_iloc_days
          UNION ALL SELECT tenant_id, day, iloc_id, orders, units FROM dashboard_iloc_days_delta) x
    GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 OR sum(units) <> 0`);
  const countIlocs = await q(`
    SELECT o.tenant_id, dashboard_day(o.created_at)::text AS day, a.iloc_id, count(*)::bigint AS orders, sum(a.units)::bigint AS units
    FROM orders o JOIN (SELECT tenant_id, order_id, iloc_id, sum(quantity + qty_shipped) AS units FROM order_allocations GROUP BY 1, 2, 3) a
      ON a.tenant_id = o.tenant_id AND a.order_id = o.id
    WHERE a.units > 0 GROUP BY 1, 2, 3`);
  return {
    rollups: { orders: canon(rollOrders), skus: canon(rollSkus), ilocs: canon(rollIlocs) },
    recounts: { orders: canon(countOrders), skus: canon(countSkus), ilocs: canon(countIlocs) },
  };
}

/** The total of GET /orders with a card's link (filters as JSON, search as it is). */
export async function linkedTotal(t: TestApp, headers: Record<string, string>, link: { filters: unknown[]; search?: string }): Promise<number> {
  const params = new URLSearchParams({ per_page: '1', filters: JSON.stringify(link.filters) });
  if (link.search !== undefined) params.set('search', link.search);
  const res = await t.app.inject({ method: 'GET', url: `/api/1.0/orders?${params.toString()}`, headers });
  if (res.statusCode !== 200) throw new Error(`GET /orders ${res.statusCode} ${res.body}`);
  return res.json<{ total: number }>().total;
}

/** A top-SKUs row as the recount and the card both give it: units a number, revenue with two decimals. */
export interface TopSkuFigure {
  sku_id: string;
  units: number;
  revenue: string;
}

export const topSkuFigures = (rows: { sku_id: string; units: number | string; revenue: string }[]): TopSkuFigure[] =>
  rows.map((r) => ({ sku_id: r.sku_id, units: Number(r.units), revenue: Number(r.revenue).toFixed(2) }));

/**
 * The top-SKUs card recounted from orders and order_lines (sales lines of the range's UTC days in one currency),
 * in the card's order: units desc, SKU code, sku_id; `limit` rows, or all with null.
 */
export async function topSkusRecount(t: TestApp, tenantId: string, from: string, to: string, currency: string, limit: number | null): Promise<TopSkuFigure[]> {
  const rows = await t.database.ownerExec(`
    SELECT l.sku_id, sum(l.quantity)::bigint AS units, sum(l.total) AS revenue
    FROM orders o JOIN order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
    LEFT JOIN skus s ON s.tenant_id = o.tenant_id AND s.id = l.sku_id
    WHERE o.tenant_id = '${tenantId}' AND l.sku_id IS NOT NULL AND o.status NOT IN ('cancelled', 'draft') AND o.currency = '${currency}'
      AND (o.created_at AT TIME ZONE 'UTC')::date BETWEEN '${from}' AND '${to}'
    GROUP BY l.sku_id, s.sku HAVING sum(l.quantity) <> 0 OR sum(l.total) <> 0
    ORDER BY sum(l.quantity) DESC, s.sku, l.sku_id ${limit === null ? '' : `LIMIT ${limit}`}`);
  return topSkuFigures(rows as { sku_id: string; units: string; revenue: string }[]);
}
