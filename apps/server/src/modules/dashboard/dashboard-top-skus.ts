import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';

/**
 * The top-SKUs figures, exact and fast (docs/api-dashboard.md, "Top SKUs: the cache"; tables and fold upkeep in
 * migration 0040). Per range and currency read, dashboard_top_sku_caches holds the top K SKUs of the FOLDED rollup
 * with their exact folded totals, and a bound for every other SKU (folded units <= threshold + slack), both kept
 * right by the fold in the transaction that moves the deltas.
 *
 * A read is one statement (one snapshot): the cache, if its fold_seq is the company's (else a fold it did not see
 * has committed), plus the pending deltas of the range per SKU. A cached SKU's total is cached + pending, exactly;
 * any other SKU has at most threshold + slack + its pending rise. The cached SKUs above that bound ("eligible")
 * outrank every other SKU, so when there are at least `limit` of them they are the answer. Otherwise (no cache, a
 * stale one, the bound not met, or every row wanted) one statement recounts the range and, from the same
 * snapshot, the top K+1 folded totals, which rebuild the cache.
 */

type Row = Record<string, unknown>;

/** How many SKUs a cache holds: the wider, the longer folds can raise the bound before a read must rebuild. */
export const TOP_SKU_CACHE_SIZE = 100;
/** A read refreshes the cache's read_at when it is older than this; the fold drops a cache unread for a day. */
const READ_AT_REFRESH = '1 hour';

export interface TopSkuRow {
  sku_id: string;
  sku: string | null;
  name: string | null;
  units: string;
  revenue: string;
}

export interface TopSkusAnswer {
  rows: TopSkuRow[];
  /** Where the rows came from (tests check both ways are taken). */
  source: 'cache' | 'recount';
}

export interface TopSkusOptions {
  /** K (tests use a small one so SKUs outside the cache exist with a handful of SKUs). */
  cacheSize?: number;
}

interface Range {
  from: string;
  to: string;
}

const rowOf = (r: Row): TopSkuRow => ({
  sku_id: String(r.sku_id), sku: (r.sku as string | null) ?? null, name: (r.name as string | null) ?? null,
  units: String(r.units), revenue: String(r.revenue),
});

/**
 * The `limit` SKUs of the range with the most units sold in `currency` (all of them with limit null), ordered by
 * units desc, SKU code, sku_id; SKUs whose units and revenue both sum to 0 left out.
 */
export async function topSkus(tx: Tx, tenantId: string, range: Range, currency: string, limit: number | null, options: TopSkusOptions = {}): Promise<TopSkusAnswer> {
  const k = options.cacheSize ?? TOP_SKU_CACHE_SIZE;
  if (limit !== null && limit <= k) {
    const cached = await fromCache(tx, tenantId, range, currency, limit);
    if (cached) return { rows: cached, source: 'cache' };
  }
  return { rows: await recount(tx, tenantId, range, currency, limit, limit === null ? null : k), source: 'recount' };
}

async function fromCache(tx: Tx, t: string, range: Range, currency: string, limit: number): Promise<TopSkuRow[] | null> {
  const rows = await queryRows<Row>(tx, sql`
    WITH h AS (
      SELECT c.id, c.threshold_units + c.slack_units AS bound, c.read_at < now() - ${READ_AT_REFRESH}::interval AS touch,
        c.fold_seq = coalesce((SELECT s.fold_seq FROM dashboard_top_sku_state s WHERE s.tenant_id = ${t}::uuid), 0) AS valid
      FROM dashboard_top_sku_caches c
      WHERE c.tenant_id = ${t}::uuid AND c.date_from = ${range.from}::date AND c.date_to = ${range.to}::date AND c.currency = ${currency}
    ), pending AS (
      SELECT sku_id, sum(units) AS units, sum(revenue) AS revenue FROM dashboard_sku_days_delta
      WHERE tenant_id = ${t}::uuid AND day BETWEEN ${range.from}::date AND ${range.to}::date AND currency = ${currency}
      GROUP BY sku_id
    ), cached AS (
      SELECT r.sku_id, r.units + coalesce(p.units, 0) AS units, r.revenue + coalesce(p.revenue, 0) AS revenue
      FROM h JOIN dashboard_top_sku_cache_rows r ON r.tenant_id = ${t}::uuid AND r.cache_id = h.id
      LEFT JOIN pending p ON p.sku_id = r.sku_id
      WHERE h.valid
    ), bound AS (
      -- Any SKU outside the cache: at most threshold + slack folded, plus its own pending rise.
      SELECT h.bound + greatest(0, coalesce(max(p.units), 0)) AS b
      FROM h LEFT JOIN pending p ON NOT EXISTS (
        SELECT 1 FROM dashboard_top_sku_cache_rows r WHERE r.tenant_id = ${t}::uuid AND r.cache_id = h.id AND r.sku_id = p.sku_id)
      GROUP BY h.bound
    ), eligible AS (
      -- Above every outside SKU (and so above 0: sold); ranked like the recount.
      SELECT c.sku_id, s.sku, s.name, c.units, c.revenue, count(*) OVER () AS n,
        row_number() OVER (ORDER BY c.units DESC, s.sku, c.sku_id) AS rn
      FROM cached c CROSS JOIN bound LEFT JOIN skus s ON s.tenant_id = ${t}::uuid AND s.id = c.sku_id
      WHERE c.units > bound.b
    )
    SELECT h.id, h.valid, h.touch, e.sku_id, e.sku, e.name, e.units, e.revenue, e.n
    FROM h LEFT JOIN eligible e ON e.rn <= ${limit}
    ORDER BY e.rn`);
  const head = rows[0];
  if (!head || head.valid !== true || Number(rows[0]?.n ?? 0) < limit) return null;
  if (head.touch === true) {
    // Never waits: a fold or a rebuild holding the row will have it read soon enough.
    await tx.execute(sql`
      UPDATE dashboard_top_sku_caches SET read_at = now()
      WHERE tenant_id = ${t}::uuid AND id = (SELECT id FROM dashboard_top_sku_caches WHERE tenant_id = ${t}::uuid AND id = ${String(head.id)}::bigint
        AND read_at < now() - ${READ_AT_REFRESH}::interval FOR UPDATE SKIP LOCKED)`);
  }
  return rows.map(rowOf);
}

/**
 * The exact answer from the rollup plus its pending deltas and, when `k` is given, the top k+1 folded totals of
 * the same snapshot, which (re)build the cache. Aggregated first, then the SKU codes joined only where they can
 * decide the order (the rows at or above the limit-th total).
 */
async function recount(tx: Tx, t: string, range: Range, currency: string, limit: number | null, k: number | null): Promise<TopSkuRow[]> {
  const rows = await queryRows<Row>(tx, sql`
    WITH x AS (
      SELECT sku_id, units, revenue, units AS f_units, revenue AS f_revenue FROM dashboard_sku_days
      WHERE tenant_id = ${t}::uuid AND day BETWEEN ${range.from}::date AND ${range.to}::date AND currency = ${currency}
      UNION ALL
      SELECT sku_id, units, revenue, 0, 0 FROM dashboard_sku_days_delta
      WHERE tenant_id = ${t}::uuid AND day BETWEEN ${range.from}::date AND ${range.to}::date AND currency = ${currency}
    ), agg AS MATERIALIZED (
      SELECT sku_id, sum(units) AS units, sum(revenue) AS revenue, sum(f_units) AS f_units, sum(f_revenue) AS f_revenue
      FROM x GROUP BY sku_id
    ), sold AS (
      SELECT * FROM agg WHERE units <> 0 OR revenue <> 0
    ), answer AS (
      SELECT a.sku_id, s.sku, s.name, a.units, a.revenue, row_number() OVER (ORDER BY a.units DESC, s.sku, a.sku_id) AS rn
      FROM sold a LEFT JOIN skus s ON s.tenant_id = ${t}::uuid AND s.id = a.sku_id
      ${limit === null ? sql`` : sql`WHERE a.units >= (SELECT min(units) FROM (SELECT units FROM sold ORDER BY units DESC LIMIT ${limit}) z)`}
    ), folded AS (
      SELECT sku_id, f_units, f_revenue FROM agg ${k === null ? sql`WHERE false` : sql`ORDER BY f_units DESC, sku_id LIMIT ${k + 1}`}
    )
    SELECT 'a' AS kind, rn, sku_id, sku, name, units, revenue, NULL::bigint AS seq FROM answer ${limit === null ? sql`` : sql`WHERE rn <= ${limit}`}
    UNION ALL
    SELECT 'c', row_number() OVER (ORDER BY f_units DESC, sku_id), sku_id, NULL, NULL, f_units, f_revenue, NULL FROM folded
    UNION ALL
    SELECT 's', 0, NULL, NULL, NULL, NULL, NULL, coalesce((SELECT fold_seq FROM dashboard_top_sku_state WHERE tenant_id = ${t}::uuid), 0)
    ORDER BY kind, rn`);
  if (k !== null) {
    const seq = String(rows.find((r) => r.kind === 's')?.seq ?? '0');
    const folded = rows.filter((r) => r.kind === 'c');
    await rebuild(tx, t, range, currency, seq, folded.slice(0, k), folded[k]);
  }
  return rows.filter((r) => r.kind === 'a').map(rowOf);
}

/**
 * Writes a cache built from a snapshot at fold_seq `seq`. A new cache is inserted; an existing one is replaced
 * only when it describes an older folded state, or the same one with a raised bound, and no one holds it (a fold
 * keeping it, another reader rebuilding it): a read never waits for a fold, and the cache it skips is as good.
 */
async function rebuild(tx: Tx, t: string, range: Range, currency: string, seq: string, top: Row[], next: Row | undefined): Promise<void> {
  // An unsold SKU has 0 folded units, so the bound is never below 0.
  const threshold = next && BigInt(String(next.units)) > 0n ? String(next.units) : '0';
  const key = sql`tenant_id = ${t}::uuid AND date_from = ${range.from}::date AND date_to = ${range.to}::date AND currency = ${currency}`;
  let [row] = await queryRows<Row>(tx, sql`
    INSERT INTO dashboard_top_sku_caches (tenant_id, date_from, date_to, currency, fold_seq, threshold_units)
    VALUES (${t}::uuid, ${range.from}::date, ${range.to}::date, ${currency}, ${seq}::bigint, ${threshold}::bigint)
    ON CONFLICT (tenant_id, date_from, date_to, currency) DO NOTHING RETURNING id`);
  if (!row) {
    [row] = await queryRows<Row>(tx, sql`
      UPDATE dashboard_top_sku_caches SET fold_seq = ${seq}::bigint, threshold_units = ${threshold}::bigint, slack_units = 0,
        built_at = now(), read_at = now()
      WHERE tenant_id = ${t}::uuid AND id = (
        SELECT id FROM dashboard_top_sku_caches WHERE ${key}
          AND (fold_seq < ${seq}::bigint OR (fold_seq = ${seq}::bigint AND slack_units > 0))
        FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    if (!row) return;
    await tx.execute(sql`DELETE FROM dashboard_top_sku_cache_rows WHERE tenant_id = ${t}::uuid AND cache_id = ${String(row.id)}::bigint`);
  }
  if (top.length === 0) return;
  const data = JSON.stringify(top.map((r) => ({ sku_id: String(r.sku_id), units: String(r.units), revenue: String(r.revenue) })));
  await tx.execute(sql`
    INSERT INTO dashboard_top_sku_cache_rows (tenant_id, cache_id, sku_id, units, revenue)
    SELECT ${t}::uuid, ${String(row.id)}::bigint, x.sku_id, x.units, x.revenue
    FROM jsonb_to_recordset(${data}::jsonb) AS x(sku_id uuid, units bigint, revenue numeric)`);
}
