import { sql, type SQL } from 'drizzle-orm';
import { paginate, type Paginated, type SupplierSkuDto, type SupplierSkusSavedDto, type TListQuery, type TSupplierSkusPut } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, FieldErrors, notFound } from '../../platform/http/errors';
import { assertParty, lockParty, touchParty } from '../parties/party-rules';
import { SUPPLIER_PARTY } from './supplier-party';

/** Per SKU the supplier's own code, cost and minimum quantity (/suppliers/{id}/skus). */

export type { SupplierSkuDto };

interface RawRow {
  sku_id: string;
  sku: string;
  name: string;
  status: string;
  supplier_sku: string | null;
  cost: string | null;
  min_quantity: number | null;
  updated_at: Date | string;
}

const toDto = (r: RawRow): SupplierSkuDto => ({
  sku_id: r.sku_id, sku: r.sku, name: r.name, status: r.status, supplier_sku: r.supplier_sku, cost: r.cost === null ? null : String(r.cost),
  min_quantity: r.min_quantity === null ? null : Number(r.min_quantity), updated_at: isoOrNull(r.updated_at)!,
});

const ORDER = { sku: sql`s.sku_key`, name: sql`lower(s.name)`, cost: sql`ss.cost`, supplier_sku: sql`ss.supplier_sku`, updated_at: sql`ss.updated_at` };

/**
 * Code → SKU in one statement: the exact code, else the code in any case, else an alternative SKU (the
 * order lines' rule). The stock holder is not needed here, so this skips the inventory resolver's joins.
 */
async function resolveCodes(tx: Tx, tenantId: string, codes: string[]): Promise<Map<string, { id: string; sku: string }>> {
  const rows = await queryRows<{ code: string; id: string | null; sku: string | null }>(tx, sql`
    WITH w AS (SELECT DISTINCT code, lower(code) AS k FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) AS w(code))
    SELECT w.code, s.id, s.sku
    FROM w
    LEFT JOIN LATERAL (
      SELECT x.id FROM (
        SELECT e.id, 0 AS rank FROM skus e WHERE e.tenant_id = ${tenantId}::uuid AND e.sku = w.code
        UNION ALL
        SELECT l.id, 1 FROM skus l WHERE l.tenant_id = ${tenantId}::uuid AND l.sku_key = w.k
        UNION ALL
        SELECT a.sku_id, 2 FROM sku_aliases a WHERE a.tenant_id = ${tenantId}::uuid AND a.alias_key = w.k
      ) x ORDER BY x.rank, x.id LIMIT 1
    ) hit ON true
    LEFT JOIN skus s ON s.tenant_id = ${tenantId}::uuid AND s.id = hit.id`);
  return new Map(rows.flatMap((r) => (r.id && r.sku ? [[r.code, { id: r.id, sku: r.sku }] as const] : [])));
}

/** Search form: sku (contains, on the code), supplier_sku; bare text matches our code, the name or the supplier's code. Default order: SKU. */
export async function listSupplierSkus(ctx: TenantCtx, supplierParam: string, query: TListQuery): Promise<Paginated<SupplierSkuDto>> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const { fields, text } = searchOf(query);
  const where: SQL[] = [sql`ss.supplier_id = ${supplierId}::uuid`];
  if (fields.sku) where.push(sql`s.sku ILIKE ${containsPattern(fields.sku)}`);
  if (fields.supplier_sku) where.push(sql`ss.supplier_sku ILIKE ${containsPattern(fields.supplier_sku)}`);
  if (text) {
    const p = containsPattern(text);
    where.push(sql`(s.sku ILIKE ${p} OR s.name ILIKE ${p} OR ss.supplier_sku ILIKE ${p})`);
  }
  const condition = sql.join(where, sql` AND `);
  const { order } = orderByClause(query, ORDER, 'sku', 'ASC');
  return withTenant(ctx, async (tx) => {
    await assertParty(tx, SUPPLIER_PARTY, supplierId);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`
      SELECT count(*)::int AS total FROM supplier_skus ss JOIN skus s ON s.tenant_id = ss.tenant_id AND s.id = ss.sku_id WHERE ${condition}`);
    const rows = await queryRows<RawRow>(tx, sql`
      SELECT ss.sku_id, s.sku, s.name, s.status, ss.supplier_sku, ss.cost::text AS cost, ss.min_quantity, ss.updated_at
      FROM supplier_skus ss JOIN skus s ON s.tenant_id = ss.tenant_id AND s.id = ss.sku_id
      WHERE ${condition}
      ORDER BY ${order}, s.sku_key, ss.sku_id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map(toDto), Number(total), query.page, query.per_page);
  });
}

/**
 * Upserts the items in one statement (5,000 in one request stay fast). SKU codes resolve like order
 * lines: exact code, then case-insensitively, then an alternative SKU. Every unknown code is reported at
 * once and nothing is written. A field left out of an item keeps the saved value; null clears it.
 */
export async function putSupplierSkus(ctx: TenantCtx, supplierParam: string, input: TSupplierSkusPut): Promise<SupplierSkusSavedDto> {
  const supplierId = assertId(supplierParam, 'Supplier');
  return withTenant(ctx, async (tx) => {
    await lockParty(tx, SUPPLIER_PARTY, supplierId);
    const resolved = await resolveCodes(tx, ctx.tenantId, input.items.map((i) => i.sku));
    const errors = new FieldErrors();
    const firstAt = new Map<string, number>();
    const rows = input.items.map((item, i) => {
      const hit = resolved.get(item.sku);
      if (!hit) {
        errors.add(`items.${i}.sku`, 'SKU not found');
        return null;
      }
      // Two codes of one body (a code and its alternative) naming the same SKU would be one row written twice.
      const seen = firstAt.get(hit.id);
      if (seen !== undefined) errors.add(`items.${i}.sku`, `The SKU is the same as items.${seen}.sku (${hit.sku})`);
      else firstAt.set(hit.id, i);
      return { ...item, sku_id: hit.id };
    });
    errors.throwIfAny(errors.first ?? 'The given data was invalid.');
    const payload = JSON.stringify(rows);
    // Two set-based statements: saved rows change (`x ? 'field'` tells a left-out field, which keeps the
    // saved value, from an explicit null, which clears it), then the new ones are added. The supplier row
    // lock above keeps a concurrent PUT from slipping in between.
    const items = sql`(SELECT (x->>'sku_id')::uuid AS sku_id, x->>'supplier_sku' AS supplier_sku, (x->>'cost')::numeric AS cost,
        (x->>'min_quantity')::int AS min_quantity, x ? 'supplier_sku' AS has_supplier_sku, x ? 'cost' AS has_cost, x ? 'min_quantity' AS has_min
      FROM jsonb_array_elements(${payload}::jsonb) AS x)`;
    await tx.execute(sql`
      UPDATE supplier_skus ss SET
        supplier_sku = CASE WHEN i.has_supplier_sku THEN i.supplier_sku ELSE ss.supplier_sku END,
        cost = CASE WHEN i.has_cost THEN i.cost ELSE ss.cost END,
        min_quantity = CASE WHEN i.has_min THEN i.min_quantity ELSE ss.min_quantity END,
        updated_at = now()
      FROM ${items} AS i
      WHERE ss.tenant_id = ${ctx.tenantId}::uuid AND ss.supplier_id = ${supplierId}::uuid AND ss.sku_id = i.sku_id`);
    await tx.execute(sql`
      INSERT INTO supplier_skus (tenant_id, supplier_id, sku_id, supplier_sku, cost, min_quantity)
      SELECT ${ctx.tenantId}::uuid, ${supplierId}::uuid, i.sku_id, i.supplier_sku, i.cost, i.min_quantity FROM ${items} AS i
      ON CONFLICT (tenant_id, supplier_id, sku_id) DO NOTHING`);
    await touchParty(tx, SUPPLIER_PARTY, supplierId);
    return { saved: rows.length };
  });
}

export async function deleteSupplierSku(ctx: TenantCtx, supplierParam: string, skuParam: string): Promise<void> {
  const supplierId = assertId(supplierParam, 'Supplier');
  const skuId = assertId(skuParam, 'SKU');
  await withTenant(ctx, async (tx) => {
    await lockParty(tx, SUPPLIER_PARTY, supplierId);
    const gone = await queryRows(tx, sql`
      DELETE FROM supplier_skus WHERE supplier_id = ${supplierId}::uuid AND sku_id = ${skuId}::uuid RETURNING sku_id`);
    if (!gone.length) throw notFound('Supplier SKU');
    await touchParty(tx, SUPPLIER_PARTY, supplierId);
  });
}
