import { sql, type SQL } from 'drizzle-orm';
import { PO_CLOSED_STATUSES } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';

/**
 * What a forecast run reads, set-based: one statement per kind of fact over all the run's SKUs (never one
 * per SKU), each answering one row per SKU with its values packed as "day:value,…" text. 20,000 SKUs
 * × 2 years is millions of (SKU, day) pairs: grouped and packed in PostgreSQL they cross the wire as 20,000
 * rows, which node-postgres hands over far faster than millions of small ones.
 *
 * Days are UTC calendar days counted from the window's first day (`from`), the order's created day for
 * demand, the day a return was received for returns, and the day of the movement for stock levels.
 */

export interface ForecastScope {
  tenantId: string;
  /** null: all ilocs together. */
  ilocId: string | null;
  /** First and last day of the history window, YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface SkuFacts {
  sku_id: string;
  sku: string;
  sku_key: string;
  name: string;
  /** Day (from the window start, may be negative) the SKU was created. */
  created_day: number;
  supplier_id: string | null;
  supplier_name: string | null;
  lead_time_days: number | null;
  /** Standard deviation of the supplier's past lead times (completed POs), when it has three or more. */
  lead_time_sd: number | null;
  min_quantity: number | null;
  pack_size: number | null;
  on_hand: number;
  in_transit: number;
  on_order: number;
  /** Units of open orders' lines that no stock covers (order_lines.qty_backordered). */
  backordered: number;
}

/** SKUs a run names: the given ids (in this tenant), or the REGULAR SKUs of a category and its sub-categories. */
export function runSkusSql(tenantId: string, target: { skuIds: string[] | null; categoryId: string | null }): SQL {
  const t = sql`${tenantId}::uuid`;
  if (target.skuIds) return sql`SELECT s.id FROM skus s WHERE s.tenant_id = ${t} AND s.id = ANY(${textArray(target.skuIds)}::uuid[])`;
  return sql`
    SELECT s.id FROM skus s JOIN products p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
    WHERE s.tenant_id = ${t} AND s.type = 'REGULAR' AND p.category_id IN (
      WITH RECURSIVE cats AS (
        SELECT c.id FROM categories c WHERE c.tenant_id = ${t} AND c.id = ${target.categoryId}::uuid
        UNION SELECT c.id FROM categories c JOIN cats ON c.tenant_id = ${t} AND c.parent_id = cats.id
      ) SELECT id FROM cats)`;
}

/**
 * Per SKU: code and name, the supplier it would be bought from (the cheapest that sells it, as PO by SKUs
 * picks), its lead time and how much it varied, minimum and pack size, and the stock position (available
 * = good − reserved, in transit, and open PO lines — drafts too, so drafts made from a suggestion count), and
 * the units open orders wait for with no stock to cover them (backordered; at an iloc, the lines asking for it).
 */
export async function readSkuFacts(tx: Tx, scope: ForecastScope, skuIds: string[]): Promise<SkuFacts[]> {
  const t = sql`${scope.tenantId}::uuid`;
  const ids = sql`${textArray(skuIds)}::uuid[]`;
  const atIloc = (col: SQL) => (scope.ilocId ? sql`AND ${col} = ${scope.ilocId}::uuid` : sql``);
  return queryRows<SkuFacts>(tx, sql`
    WITH price AS (
      SELECT DISTINCT ON (ss.sku_id) ss.sku_id, ss.supplier_id, ss.min_quantity, ss.pack_size, sup.lead_time_days, sup.name AS supplier_name
      FROM supplier_skus ss JOIN suppliers sup ON sup.tenant_id = ss.tenant_id AND sup.id = ss.supplier_id
      WHERE ss.tenant_id = ${t} AND ss.sku_id = ANY(${ids})
      ORDER BY ss.sku_id, ss.cost ASC NULLS LAST, ss.supplier_id
    ),
    lead AS (
      SELECT p.supplier_id, stddev_samp(extract(epoch FROM p.completed_at - p.created_at) / 86400)::float8 AS sd
      FROM purchase_orders p
      WHERE p.tenant_id = ${t} AND p.completed_at IS NOT NULL AND p.supplier_id IN (SELECT supplier_id FROM price)
      GROUP BY p.supplier_id HAVING count(*) >= 3
    ),
    bal AS (
      SELECT b.sku_id, sum(b.qty_good - b.qty_reserved)::int AS on_hand, sum(b.qty_in_transit)::int AS in_transit
      FROM inventory_balances b WHERE b.tenant_id = ${t} AND b.sku_id = ANY(${ids}) ${atIloc(sql`b.iloc_id`)}
      GROUP BY b.sku_id
    ),
    ord AS (
      SELECT l.sku_id, sum(greatest(l.quantity - l.qty_shipped, 0))::int AS on_order
      FROM purchase_order_lines l JOIN purchase_orders p ON p.tenant_id = l.tenant_id AND p.id = l.purchase_order_id
      WHERE l.tenant_id = ${t} AND l.sku_id = ANY(${ids}) AND p.status <> ALL(${textArray(PO_CLOSED_STATUSES)}::text[]) ${atIloc(sql`p.iloc_id`)}
      GROUP BY l.sku_id
    ),
    back AS (
      SELECT l.sku_id, sum(l.qty_backordered)::int AS backordered
      FROM order_lines l
      WHERE l.tenant_id = ${t} AND l.sku_id = ANY(${ids}) AND l.qty_backordered > 0 ${atIloc(sql`l.requested_iloc_id`)}
      GROUP BY l.sku_id
    )
    SELECT s.id AS sku_id, s.sku, s.sku_key, s.name, ((s.created_at AT TIME ZONE 'UTC')::date - ${scope.from}::date) AS created_day,
      price.supplier_id, price.supplier_name, price.lead_time_days, lead.sd AS lead_time_sd, price.min_quantity, price.pack_size,
      coalesce(bal.on_hand, 0) AS on_hand, coalesce(bal.in_transit, 0) AS in_transit, coalesce(ord.on_order, 0) AS on_order,
      coalesce(back.backordered, 0) AS backordered
    FROM skus s
    LEFT JOIN price ON price.sku_id = s.id
    LEFT JOIN lead ON lead.supplier_id = price.supplier_id
    LEFT JOIN bal ON bal.sku_id = s.id
    LEFT JOIN ord ON ord.sku_id = s.id
    LEFT JOIN back ON back.sku_id = s.id
    WHERE s.tenant_id = ${t} AND s.id = ANY(${ids})
    ORDER BY s.sku_key`);
}

export type Packed = Map<string, string>;

async function packed(tx: Tx, query: SQL): Promise<Packed> {
  const rows = await queryRows<{ sku_id: string; days: string }>(tx, query);
  const out: Packed = new Map();
  for (const r of rows) out.set(r.sku_id, r.days);
  return out;
}

/**
 * Units ordered per SKU and day, from orders not cancelled (all ilocs: the order lines; one iloc: what was
 * allocated or shipped there).
 */
export function readDemand(tx: Tx, scope: ForecastScope, skuIds: string[]): Promise<Packed> {
  const t = sql`${scope.tenantId}::uuid`;
  const ids = sql`${textArray(skuIds)}::uuid[]`;
  const window = sql`o.created_at >= ${scope.from}::date::timestamp AT TIME ZONE 'UTC' AND o.created_at < (${scope.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  // One "day:units" per line, not per day: the sums are made in memory (unpacking adds), which spares
  // PostgreSQL a sort or hash of millions of (SKU, day) groups before the per-SKU one.
  const lines = scope.ilocId
    ? sql`
      SELECT a.sku_id, string_agg(((o.created_at AT TIME ZONE 'UTC')::date - ${scope.from}::date) || ':' || (a.quantity + a.qty_shipped), ',') AS days
      FROM order_allocations a JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id
      WHERE a.tenant_id = ${t} AND a.iloc_id = ${scope.ilocId}::uuid AND a.sku_id = ANY(${ids}) AND o.status <> 'cancelled' AND ${window}
        AND a.quantity + a.qty_shipped > 0
      GROUP BY a.sku_id`
    : sql`
      SELECT l.sku_id, string_agg(((o.created_at AT TIME ZONE 'UTC')::date - ${scope.from}::date) || ':' || l.quantity, ',') AS days
      FROM order_lines l JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
      WHERE l.tenant_id = ${t} AND l.sku_id = ANY(${ids}) AND o.status <> 'cancelled' AND ${window} AND l.quantity > 0
      GROUP BY l.sku_id`;
  return packed(tx, lines);
}

/** Units that came back per SKU and day received (shown beside demand, never subtracted from it). */
export function readReturns(tx: Tx, scope: ForecastScope, skuIds: string[]): Promise<Packed> {
  const t = sql`${scope.tenantId}::uuid`;
  return packed(tx, sql`
    SELECT x.sku_id, string_agg(x.d || ':' || x.q, ',') AS days FROM (
      SELECT rl.sku_id, ((r.received_at AT TIME ZONE 'UTC')::date - ${scope.from}::date) AS d, sum(rl.qty_good + rl.qty_hold + rl.qty_hurt) AS q
      FROM return_lines rl JOIN returns r ON r.tenant_id = rl.tenant_id AND r.id = rl.return_id
      WHERE rl.tenant_id = ${t} AND rl.sku_id = ANY(${textArray(skuIds)}::uuid[]) AND r.received_at IS NOT NULL
        AND r.received_at >= ${scope.from}::date::timestamp AT TIME ZONE 'UTC' AND r.received_at < (${scope.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
        ${scope.ilocId ? sql`AND r.iloc_id = ${scope.ilocId}::uuid` : sql``}
      GROUP BY 1, 2) x
    WHERE x.q > 0 GROUP BY x.sku_id`);
}

/**
 * Changes to available units (good − reserved, over the scope's ilocs) per SKU as "day:delta,…", one per
 * movement (summed in memory, like demand); day -1 stands for any day before the window (the SKU had stock
 * history before it, so its level at the window's start is known). Counted back from today's balance
 * (SkuFacts.on_hand), they give the level at the end of every day: the ledger and the balance agree by
 * construction (modules/inventory/ledger.ts).
 */
export function readStockChanges(tx: Tx, scope: ForecastScope, skuIds: string[]): Promise<Packed> {
  const t = sql`${scope.tenantId}::uuid`;
  return packed(tx, sql`
    SELECT m.sku_id, string_agg(greatest((m.created_at AT TIME ZONE 'UTC')::date - ${scope.from}::date, -1) || ':' || (m.delta_good - m.delta_reserved), ',') AS days
    FROM inventory_movements m
    WHERE m.tenant_id = ${t} AND m.sku_id = ANY(${textArray(skuIds)}::uuid[]) ${scope.ilocId ? sql`AND m.iloc_id = ${scope.ilocId}::uuid` : sql``}
      AND m.delta_good <> m.delta_reserved
    GROUP BY m.sku_id`);
}

/** Big reads sort or hash millions of rows: room in memory for this transaction only, rather than temp files. */
export async function roomForBigRead(tx: Tx): Promise<void> {
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
}
