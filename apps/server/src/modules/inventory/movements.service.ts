import { sql, type SQL } from 'drizzle-orm';
import { MOVEMENT_REASONS, paginate, parseInclude, parseSearch, type InventoryMovement, type Paginated, type TListQuery } from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import { withTenant } from '../../platform/db/tenant';
import { fieldError, isUuid } from '../../platform/http/errors';
import { HOLDER_OF_S, SYNSET_OF_S } from './holder-sql';
import { queryRows } from '../../platform/db/rows';

const NONE = '00000000-0000-0000-0000-000000000000';

/**
 * GET /inventory/movements, newest first. `sku:` names a SKU code and `sku_id:` a SKU id (its own
 * movements, which for a pack or a synset member are its holder's); `reference:<type>:<id>` finds a
 * document's movements.
 * `include=balance_after` adds the holder's balance at the iloc right after each movement.
 */
export async function listMovements(ctx: TenantCtx, query: TListQuery): Promise<Paginated<InventoryMovement>> {
  const { fields, text } = parseSearch(query.search);
  const where: SQL[] = [sql`mv.tenant_id = ${ctx.tenantId}::uuid`];
  const code = fields.sku ?? text;
  if (code) {
    where.push(sql`mv.sku_id IN (
      SELECT ${HOLDER_OF_S} FROM skus s
      ${SYNSET_OF_S}
      WHERE s.tenant_id = ${ctx.tenantId}::uuid AND s.sku_key = ${code.toLowerCase()})`);
  }
  // By id: a SKU code may hold the search's own separators (; and :), an id never does.
  if (fields.sku_id) {
    where.push(sql`mv.sku_id IN (
      SELECT ${HOLDER_OF_S} FROM skus s
      ${SYNSET_OF_S}
      WHERE s.tenant_id = ${ctx.tenantId}::uuid AND s.id = ${isUuid(fields.sku_id) ? fields.sku_id.toLowerCase() : NONE}::uuid)`);
  }
  if (fields.iloc) where.push(sql`mv.iloc_id = ${isUuid(fields.iloc) ? fields.iloc.toLowerCase() : NONE}::uuid`);
  if (fields.reason) {
    if (!(MOVEMENT_REASONS as readonly string[]).includes(fields.reason)) throw fieldError('search', `reason must be one of ${MOVEMENT_REASONS.join(', ')}`);
    where.push(sql`mv.reason = ${fields.reason}`);
  }
  if (fields.reference) {
    const colon = fields.reference.indexOf(':');
    const type = colon < 0 ? fields.reference : fields.reference.slice(0, colon);
    where.push(sql`mv.reference_type = ${type}`);
    if (colon >= 0) where.push(sql`mv.reference_id = ${fields.reference.slice(colon + 1)}`);
  }
  if (query.filters.length) throw fieldError('filters', 'Movements take search, not filters');
  const orderBy = query.order_by ?? 'id';
  if (orderBy !== 'id' && orderBy !== 'created_at') throw fieldError('order_by', `Cannot order by ${orderBy}`);
  // Ids grow with time, so id order is creation order and walks the primary key.
  const dir = sql.raw(query.order_direction === 'ASC' ? 'ASC' : 'DESC');
  const condition = sql.join(where, sql` AND `);

  const withBalance = parseInclude(query.include).has('balance_after');

  return withTenant(ctx, async (tx) => {
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM inventory_movements mv WHERE ${condition}`);
    // The page first, then its names and balances: the joins run for one page of rows, never the whole ledger.
    const rows = await queryRows<Record<string, unknown>>(tx, sql`
      WITH p AS MATERIALIZED (
        SELECT mv.* FROM inventory_movements mv WHERE ${condition}
        ORDER BY mv.id ${dir} LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page})
      SELECT mv.id::text AS id, mv.sku_id, s.sku, mv.iloc_id, i.name AS iloc_name, mv.delta_good, mv.delta_hold, mv.delta_hurt,
        mv.delta_in_transit, mv.delta_reserved, mv.reason, mv.reference_type, mv.reference_id, mv.note, mv.user_id, u.name AS user_name, mv.created_at
        ${withBalance ? BALANCE_AFTER_COLUMNS : sql``}
      FROM p mv
      LEFT JOIN skus s ON s.tenant_id = mv.tenant_id AND s.id = mv.sku_id
      LEFT JOIN ilocs i ON i.tenant_id = mv.tenant_id AND i.id = mv.iloc_id
      LEFT JOIN users u ON u.id = mv.user_id
      ${withBalance ? BALANCE_AFTER_JOIN : sql``}
      ORDER BY mv.id ${dir}`);
    return paginate(rows.map((r) => toMovementDto(r, withBalance)), Number(n), query.page, query.per_page);
  });
}

/**
 * The balance right after a movement is today's balance minus every later movement of the same holder ×
 * iloc: the ledger keeps a balance equal to the sum of its movements, in the same transaction, so one
 * snapshot reads both consistently. The later movements are an index range (tenant, sku, iloc, id > this
 * id): cheap for recent history, growing with how far back the page is.
 */
const BALANCE_AFTER_COLUMNS = sql`,
  coalesce(b.qty_good, 0) - coalesce(later.good, 0) AS after_good, coalesce(b.qty_hold, 0) - coalesce(later.hold, 0) AS after_hold,
  coalesce(b.qty_hurt, 0) - coalesce(later.hurt, 0) AS after_hurt, coalesce(b.qty_in_transit, 0) - coalesce(later.in_transit, 0) AS after_in_transit,
  coalesce(b.qty_reserved, 0) - coalesce(later.reserved, 0) AS after_reserved`;
const BALANCE_AFTER_JOIN = sql`
  LEFT JOIN inventory_balances b ON b.tenant_id = mv.tenant_id AND b.sku_id = mv.sku_id AND b.iloc_id = mv.iloc_id
  LEFT JOIN LATERAL (
    SELECT sum(l.delta_good)::int AS good, sum(l.delta_hold)::int AS hold, sum(l.delta_hurt)::int AS hurt,
      sum(l.delta_in_transit)::int AS in_transit, sum(l.delta_reserved)::int AS reserved
    FROM inventory_movements l
    WHERE l.tenant_id = mv.tenant_id AND l.sku_id = mv.sku_id AND l.iloc_id = mv.iloc_id AND l.id > mv.id
  ) later ON true`;

function toMovementDto(r: Record<string, unknown>, withBalance: boolean): InventoryMovement {
  return {
    id: String(r.id),
    sku_id: String(r.sku_id),
    sku: (r.sku as string | null) ?? null,
    iloc_id: String(r.iloc_id),
    iloc_name: (r.iloc_name as string | null) ?? null,
    delta_good: Number(r.delta_good),
    delta_hold: Number(r.delta_hold),
    delta_hurt: Number(r.delta_hurt),
    delta_in_transit: Number(r.delta_in_transit),
    delta_reserved: Number(r.delta_reserved),
    reason: r.reason as InventoryMovement['reason'],
    reference_type: (r.reference_type as string | null) ?? null,
    reference_id: (r.reference_id as string | null) ?? null,
    note: (r.note as string | null) ?? null,
    user_id: (r.user_id as string | null) ?? null,
    user_name: (r.user_name as string | null) ?? null,
    created_at: new Date(r.created_at as string | Date).toISOString(),
    ...(withBalance
      ? {
          balance_after: {
            good: Number(r.after_good), hold: Number(r.after_hold), hurt: Number(r.after_hurt),
            in_transit: Number(r.after_in_transit), reserved: Number(r.after_reserved),
          },
        }
      : {}),
  };
}
