import { sql, type SQL } from 'drizzle-orm';
import { MOVEMENT_REASONS, paginate, parseSearch, type InventoryMovement, type Paginated, type TListQuery } from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import { withTenant } from '../../platform/db/tenant';
import { fieldError, isUuid } from '../../platform/http/errors';
import { rowsOf } from './ledger';
import { HOLDER_OF_S, SYNSET_OF_S } from './holder-sql';

const NONE = '00000000-0000-0000-0000-000000000000';

/**
 * GET /inventory/movements, newest first. `sku:` names a SKU code (its own movements, which for a pack
 * or a synset member are its holder's); `reference:<type>:<id>` finds a document's movements.
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

  return withTenant(ctx, async (tx) => {
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM inventory_movements mv WHERE ${condition}`);
    const rows = await rowsOf<Record<string, unknown>>(tx, sql`
      SELECT mv.id::text AS id, mv.sku_id, s.sku, mv.iloc_id, i.name AS iloc_name, mv.delta_good, mv.delta_hold, mv.delta_hurt,
        mv.delta_in_transit, mv.delta_reserved, mv.reason, mv.reference_type, mv.reference_id, mv.note, mv.user_id, u.name AS user_name, mv.created_at
      FROM inventory_movements mv
      LEFT JOIN skus s ON s.tenant_id = mv.tenant_id AND s.id = mv.sku_id
      LEFT JOIN ilocs i ON i.tenant_id = mv.tenant_id AND i.id = mv.iloc_id
      LEFT JOIN users u ON u.id = mv.user_id
      WHERE ${condition}
      ORDER BY mv.id ${dir}
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
    return paginate(rows.map(toMovementDto), Number(n), query.page, query.per_page);
  });
}

function toMovementDto(r: Record<string, unknown>): InventoryMovement {
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
  };
}
