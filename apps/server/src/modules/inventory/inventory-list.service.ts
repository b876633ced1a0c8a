import { sql, type SQL } from 'drizzle-orm';
import { paginate, type Paginated, type TListQuery } from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import { withTenant } from '../../platform/db/tenant';
import type { Tx } from '../../platform/db/client';
import { HOLDER_OF_S, SYNSET_OF_S, uuidArray } from './holder-sql';
import { buildInventoryQuery, GRID_COLUMNS, gridFrom, toInventoryRow, type GridRow, type InventoryQuery, type InventoryRowDto } from './inventory-query';
import { queryRows } from '../../platform/db/rows';

/** GET /inventory: one row per SKU × iloc, server-side search, order and pagination. */
export async function listInventory(ctx: TenantCtx, query: TListQuery): Promise<Paginated<InventoryRowDto>> {
  const q = buildInventoryQuery(ctx.tenantId, query);
  const offset = (query.page - 1) * query.per_page;
  return withTenant(ctx, async (tx) => {
    if (q.qtyWhere || !q.skuOrder) {
      // Ordered or filtered by quantities: the whole grid is joined, then sorted (fast with a search; seconds over 500k rows without).
      const rows = await queryRows<GridRow>(tx, sql`SELECT ${GRID_COLUMNS} ${gridFrom(q)} ORDER BY ${q.order} LIMIT ${query.per_page} OFFSET ${offset}`);
      const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n ${gridFrom(q)}`);
      return paginate(rows.map(toInventoryRow), Number(count?.n ?? 0), query.page, query.per_page);
    }
    return pageBySkus(tx, q, q.skuOrder, query.page, query.per_page);
  });
}

type PageSku = { id: string; sku: string; name: string; type: InventoryRowDto['type']; factor: number; holder_id: string; balances: BalanceTuple[] | null };
type PageIloc = { id: string; code: string | null; name: string };
/** [iloc_id, good, hold, hurt, in_transit, reserved, updated_at] */
type BalanceTuple = [string, number, number, number, number, number, string];

/**
 * Every matching SKU meets every matching iloc, so a page is cut from the SKUs first (walking the
 * (tenant_id, sku) index) and only those few meet the ilocs and their balances: never a sort of the whole
 * grid. Two small statements rather than one big join: planning that join under row-level security costs
 * more than running it, and this is the screen's hot path.
 */
async function pageBySkus(tx: Tx, q: InventoryQuery, skuOrder: (t: 's' | 'p') => SQL, page: number, perPage: number): Promise<Paginated<InventoryRowDto>> {
  const [head] = await queryRows<{ n: number; ilocs: PageIloc[] | string }>(tx, sql`
    SELECT (SELECT count(*) FROM skus s WHERE ${q.skuWhere})::int AS n,
      coalesce((SELECT json_agg(json_build_object('id', i.id, 'code', i.code, 'name', i.name) ORDER BY i.name, i.id) FROM ilocs i WHERE ${q.ilocWhere}), '[]') AS ilocs`);
  const ilocs = (typeof head?.ilocs === 'string' ? JSON.parse(head.ilocs) : head?.ilocs ?? []) as PageIloc[];
  const total = Number(head?.n ?? 0) * ilocs.length;
  const offset = (page - 1) * perPage;
  if (!ilocs.length || offset >= total) return paginate([], total, page, perPage);
  const skuOffset = Math.floor(offset / ilocs.length);
  const skip = offset - skuOffset * ilocs.length;
  // MATERIALIZED: holder_id becomes a plain column, so the balance lookup is an index condition under RLS.
  const skus = await queryRows<PageSku>(tx, sql`
    WITH p AS MATERIALIZED (
      SELECT s.id, s.sku, s.name, s.type, coalesce(s.pack_quantity, 1) AS factor, ${HOLDER_OF_S} AS holder_id
      FROM skus s ${SYNSET_OF_S}
      WHERE ${q.skuWhere} ORDER BY ${skuOrder('s')} LIMIT ${Math.ceil((skip + perPage) / ilocs.length)} OFFSET ${skuOffset})
    SELECT p.*, (
      SELECT json_agg(json_build_array(b.iloc_id, b.qty_good, b.qty_hold, b.qty_hurt, b.qty_in_transit, b.qty_reserved, b.updated_at))
      FROM inventory_balances b
      WHERE b.tenant_id = ${q.tenantId}::uuid AND b.sku_id = p.holder_id AND b.iloc_id = ANY(${uuidArray(ilocs.map((i) => i.id))})
    ) AS balances
    FROM p ORDER BY ${skuOrder('p')}`);
  const rows = skus.flatMap((k) => {
    const list = (typeof k.balances === 'string' ? JSON.parse(k.balances) : k.balances ?? []) as BalanceTuple[];
    const at = new Map(list.map((b) => [b[0], b]));
    return ilocs.map((i) => gridRow(k, i, at.get(i.id)));
  });
  return paginate(rows.slice(skip, skip + perPage), total, page, perPage);
}

function gridRow(k: PageSku, i: PageIloc, b: BalanceTuple | undefined): InventoryRowDto {
  const f = Number(k.factor);
  const units = (n: number | undefined) => Math.floor((n ?? 0) / f);
  return {
    sku_id: k.id, sku: k.sku, name: k.name, type: k.type, iloc_id: i.id, iloc_code: i.code, iloc_name: i.name,
    qty_available: Math.floor(((b?.[1] ?? 0) - (b?.[5] ?? 0)) / f),
    qty_good: units(b?.[1]), qty_hold: units(b?.[2]), qty_hurt: units(b?.[3]), qty_in_transit: units(b?.[4]), qty_reserved: units(b?.[5]),
    // json_build_array writes timestamps as ISO 8601 already, with the server's offset: normalise to UTC.
    updated_at: b ? new Date(b[6]).toISOString() : null,
  };
}

/**
 * Every row of the grid in (sku, iloc) order, `chunkSkus` SKUs at a time, all in one transaction (one
 * consistent snapshot). Each chunk is found with a keyset on the (tenant_id, sku) index, not OFFSET, which
 * would rescan the SKUs before each chunk.
 */
export async function eachInventoryChunk(
  ctx: TenantCtx,
  query: Pick<TListQuery, 'search' | 'filters'>,
  onChunk: (rows: InventoryRowDto[]) => Promise<void>,
  chunkSkus = 1000,
): Promise<void> {
  const q = buildInventoryQuery(ctx.tenantId, { ...query, order_by: 'sku' });
  await withTenant(ctx, async (tx) => {
    let after: string | null = null;
    for (;;) {
      const codes: { sku: string }[] = await queryRows<{ sku: string }>(tx, sql`
        SELECT s.sku FROM skus s WHERE ${q.skuWhere}${after === null ? sql`` : sql` AND s.sku > ${after}`} ORDER BY s.sku LIMIT ${chunkSkus}`);
      if (!codes.length) return;
      const range = sql`s.sku >= ${codes[0]!.sku} AND s.sku <= ${codes[codes.length - 1]!.sku}`;
      const rows = await queryRows<GridRow>(tx, sql`SELECT ${GRID_COLUMNS} ${gridFrom(q, range)} ORDER BY ${q.order}`);
      if (rows.length) await onChunk(rows.map(toInventoryRow));
      if (codes.length < chunkSkus) return;
      after = codes[codes.length - 1]!.sku;
    }
  });
}
