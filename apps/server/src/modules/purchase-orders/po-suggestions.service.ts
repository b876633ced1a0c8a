import { sql, type SQL } from 'drizzle-orm';
import { paginate, PO_CLOSED_STATUSES, velocityOf, type TPoSuggestionsQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import { prefixMatch } from '../../platform/db/list-query';
import { fieldError } from '../../platform/http/errors';
import { money } from './po-read';

/**
 * GET /purchase-orders/suggestions: one set-based statement over the iloc's sales, balances, open PO lines
 * and supplier prices, so 100k SKUs stay a handful of hash joins rather than a query per SKU.
 *
 * Sales are counted in base units (a pack of 6 sold is 6 of its base), because stock is held by the base;
 * suggestions list REGULAR active SKUs (packs and synsets are bought as their base). "On order" counts
 * every PO not completed or cancelled — drafts too, so creating drafts from these suggestions does not make
 * the same SKUs come back suggested again.
 */

type Row = {
  sku_id: string; sku: string; name: string; supplier_id: string | null; supplier_name: string | null; supplier_sku: string | null;
  cost: string | null; lead_time_days: number | null; sold: string; on_hand: string; in_transit: string; on_order: string;
  suggested: string; total: string;
};

/** The one statement (exported so its plan can be inspected on a large tenant). */
export function suggestionsQuery(tenantId: string, q: TPoSuggestionsQuery): SQL {
  const t = sql`${tenantId}::uuid`;
  const i = sql`${q.iloc_id}::uuid`;
  const search = q.search
    ? sql`AND (${prefixMatch(sql.raw('s.sku_key') as never, q.search)} OR position(${q.search.toLowerCase()} in lower(s.name)) > 0)`
    : sql``;
  // With only_needed, a SKU needs sales in the window to be suggested at all: drive the query from them.
  const base = q.only_needed
    ? sql`FROM sold JOIN skus s ON s.tenant_id = ${t} AND s.id = sold.sku_id`
    : sql`FROM skus s LEFT JOIN sold ON sold.sku_id = s.id`;
  const bySupplier = q.supplier_id ? sql`AND ss.supplier_id = ${q.supplier_id}::uuid` : sql``;
  return sql`
    WITH sold AS (
      SELECT CASE WHEN s.pack_base_sku_id IS NULL THEN s.id ELSE s.pack_base_sku_id END AS sku_id,
        sum((a.quantity + a.qty_shipped) * coalesce(s.pack_quantity, 1))::bigint AS sold
      FROM order_allocations a
      JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id
      JOIN skus s ON s.tenant_id = a.tenant_id AND s.id = a.sku_id
      WHERE a.tenant_id = ${t} AND a.iloc_id = ${i} AND o.status <> 'cancelled'
        AND o.created_at >= now() - make_interval(days => ${q.window_days}::int)
      GROUP BY 1
    ),
    cand AS (
      SELECT s.id, s.sku, s.name, coalesce(sold.sold, 0) AS sold
      ${base}
      WHERE s.tenant_id = ${t} AND s.type = 'REGULAR' AND s.status = 'active' ${search}
    ),
    ord AS (
      SELECT l.sku_id, sum(greatest(l.quantity - l.qty_shipped, 0))::bigint AS on_order
      FROM purchase_order_lines l JOIN purchase_orders p ON p.tenant_id = l.tenant_id AND p.id = l.purchase_order_id
      WHERE l.tenant_id = ${t} AND p.iloc_id = ${i} AND p.status <> ALL(${textArray(PO_CLOSED_STATUSES)}::text[]) AND l.sku_id IS NOT NULL
      GROUP BY l.sku_id
    ),
    price AS (
      SELECT DISTINCT ON (ss.sku_id) ss.sku_id, ss.supplier_id, ss.supplier_sku, ss.cost, ss.min_quantity, sup.lead_time_days, sup.name AS supplier_name
      FROM supplier_skus ss
      JOIN cand ON cand.id = ss.sku_id
      JOIN suppliers sup ON sup.tenant_id = ss.tenant_id AND sup.id = ss.supplier_id
      WHERE ss.tenant_id = ${t} ${bySupplier}
      ORDER BY ss.sku_id, ss.cost ASC NULLS LAST, ss.supplier_id
    ),
    calc AS (
      SELECT cand.id AS sku_id, cand.sku, cand.name, cand.sold, price.supplier_id, price.supplier_sku, price.cost, price.min_quantity,
        coalesce(b.qty_good - b.qty_reserved, 0) AS on_hand, coalesce(b.qty_in_transit, 0) AS in_transit,
        coalesce(ord.on_order, 0) AS on_order, price.lead_time_days, price.supplier_name,
        greatest(0, ceil(cand.sold::numeric * (coalesce(price.lead_time_days, 0) + ${q.cover_days}::int) / ${q.window_days}::int)
          - coalesce(b.qty_good - b.qty_reserved, 0) - coalesce(b.qty_in_transit, 0) - coalesce(ord.on_order, 0))::bigint AS need
      FROM cand
      ${q.supplier_id ? sql`JOIN` : sql`LEFT JOIN`} price ON price.sku_id = cand.id
      LEFT JOIN inventory_balances b ON b.tenant_id = ${t} AND b.iloc_id = ${i} AND b.sku_id = cand.id
      LEFT JOIN ord ON ord.sku_id = cand.id
    ),
    out AS (
      SELECT calc.*, CASE WHEN need > 0 AND min_quantity > need THEN min_quantity ELSE need END AS suggested FROM calc
    )
    SELECT out.*, count(*) OVER () AS total FROM out
    ${q.only_needed ? sql`WHERE suggested > 0` : sql``}
    ORDER BY suggested DESC, sku ASC
    LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`;
}

export async function listSuggestions(tx: Tx, tenantId: string, q: TPoSuggestionsQuery) {
  const [iloc] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM ilocs WHERE tenant_id = ${tenantId}::uuid AND id = ${q.iloc_id}::uuid`);
  if (!iloc) throw fieldError('iloc_id', 'Iloc not found');
  const rows = await queryRows<Row>(tx, suggestionsQuery(tenantId, q));
  const data = rows.map((r) => ({
    sku_id: r.sku_id,
    sku: r.sku,
    name: r.name,
    supplier: r.supplier_id ? { id: r.supplier_id, name: r.supplier_name } : null,
    supplier_sku: r.supplier_sku ?? null,
    unit_cost: r.cost === null ? null : money(r.cost, 4),
    lead_time_days: r.lead_time_days === null ? null : Number(r.lead_time_days),
    sold: Number(r.sold),
    velocity: velocityOf(Number(r.sold), q.window_days),
    on_hand: Number(r.on_hand),
    in_transit: Number(r.in_transit),
    on_order: Number(r.on_order),
    suggested_quantity: Number(r.suggested),
  }));
  // A page past the end has no row to carry the window count: count again (rare, cheap enough).
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && q.page > 1) total = await countSuggestions(tx, tenantId, { ...q, page: 1, per_page: 1 });
  return paginate(data, total, q.page, q.per_page);
}

async function countSuggestions(tx: Tx, tenantId: string, q: TPoSuggestionsQuery): Promise<number> {
  const page = await listSuggestions(tx, tenantId, q);
  return page.total;
}
