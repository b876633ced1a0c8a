import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { HOLDER_OF_S, SYNSET_OF_S, uuidArray } from './holder-sql';
import { queryPrepared, queryRows } from '../../platform/db/rows';

/** Looks SKU codes and ilocs up in bulk (one or two statements per batch, not one per row). */

export interface ResolvedSku {
  id: string;
  sku: string;
  type: string;
  /** The SKU's own status (active, inactive, …): the order pipeline refuses lines of a SKU that cannot sell. */
  status: string;
  /** The stock holder (the SKU itself, its pack base, or its synset) and holder units per unit of the SKU. */
  holderId: string;
  holderSku: string;
  holderType: string;
  factor: number;
  /** With `shipMethods`: the ship methods of the packages the SKU is in, lower case (the order pipeline's exclusive methods). */
  shipMethods?: string[];
}

const HOLDER_COLUMNS = sql`s.id, s.sku, s.type, s.status, h.id AS holder_id, h.sku AS holder_sku, h.type AS holder_type, coalesce(s.pack_quantity, 1) AS factor`;
const HOLDER_JOIN = sql`
  ${SYNSET_OF_S}
  JOIN skus h ON h.tenant_id = s.tenant_id AND h.id = ${HOLDER_OF_S}`;

// The packages' ship methods ride along for the order pipeline, saving it a round trip per import.
const SHIP_METHODS_COLUMN = sql`, (SELECT coalesce(array_agg(DISTINCT lower(pm.ship_method)), '{}') FROM package_skus ps
  JOIN package_ship_methods pm ON pm.tenant_id = ps.tenant_id AND pm.package_id = ps.package_id
  WHERE ps.tenant_id = s.tenant_id AND ps.sku_id = s.id) AS ship_methods`;

type Row = {
  code: string; id: string; sku: string; type: string; status: string; holder_id: string; holder_sku: string; holder_type: string; factor: number;
  ship_methods?: string[];
};
const toResolved = (r: Row): ResolvedSku => ({
  id: r.id, sku: r.sku, type: r.type, status: r.status, holderId: r.holder_id, holderSku: r.holder_sku, holderType: r.holder_type, factor: Number(r.factor),
  ...(r.ship_methods ? { shipMethods: r.ship_methods } : {}),
});

// The SKU's own catalog columns ride along for the order pipeline's before-import hooks (the rules read a line's
// SKU name, weight and barcode): the same index probes, not a second statement of them per import.
const CATALOG_COLUMNS = sql`, s.name, s.weight, s.barcode`;

/**
 * The exact-code step of resolveSkuCodes as a statement of its own (or a part of a caller's combined read).
 * `catalog`: each row also has the SKU's name, weight and barcode.
 */
export function exactSkusSql(tenantId: string, codes: string[], options: { shipMethods?: boolean; catalog?: boolean } = {}): SQL {
  return sql`
    SELECT w.code, ${HOLDER_COLUMNS}${options.shipMethods ? SHIP_METHODS_COLUMN : sql``}${options.catalog ? CATALOG_COLUMNS : sql``}
    FROM jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb) AS w(code)
    JOIN skus s ON s.tenant_id = ${tenantId}::uuid AND s.sku = w.code
    ${HOLDER_JOIN}`;
}

/**
 * Code → SKU. The exact code first; codes not found that way by their case-insensitive code, then by an
 * alternative SKU (alias), as imports from channels name them. `exactRows`: the exact step's rows when the
 * caller already read them (exactSkusSql for the same codes, with at least these options; other columns are ignored).
 */
export async function resolveSkuCodes(
  tx: Tx, tenantId: string, codes: string[], options: { shipMethods?: boolean } = {}, exactRows?: Record<string, unknown>[],
): Promise<Map<string, ResolvedSku>> {
  const found = new Map<string, ResolvedSku>();
  const unique = [...new Set(codes)];
  if (!unique.length) return found;
  const extra = options.shipMethods ? SHIP_METHODS_COLUMN : sql``;
  const exact = (exactRows as Row[] | undefined) ?? await queryPrepared<Row>(tx, exactSkusSql(tenantId, unique, options));
  for (const r of exact) found.set(r.code, toResolved(r));
  const rest = unique.filter((c) => !found.has(c));
  if (!rest.length) return found;
  const loose = await queryPrepared<Row & { rank: number }>(tx, sql`
    WITH w AS (SELECT code, lower(code) AS k FROM jsonb_array_elements_text(${JSON.stringify(rest)}::jsonb) AS w(code)),
    hit AS (
      SELECT w.code, s2.id AS sku_id, 0 AS rank FROM w JOIN skus s2 ON s2.tenant_id = ${tenantId}::uuid AND s2.sku_key = w.k
      UNION ALL
      SELECT w.code, a.sku_id, 1 AS rank FROM w JOIN sku_aliases a ON a.tenant_id = ${tenantId}::uuid AND a.alias_key = w.k
    )
    SELECT hit.code, hit.rank, ${HOLDER_COLUMNS}${extra}
    FROM hit JOIN skus s ON s.tenant_id = ${tenantId}::uuid AND s.id = hit.sku_id
    ${HOLDER_JOIN}
    ORDER BY hit.rank`);
  for (const r of loose) if (!found.has(r.code)) found.set(r.code, toResolved(r));
  return found;
}

/** The ilocs of this tenant among the given ids (another tenant's are simply not there). */
export async function existingIlocIds(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(tx, sql`
    SELECT i.id FROM ilocs i WHERE i.tenant_id = ${tenantId}::uuid AND i.id = ANY(${uuidArray(ids)})`);
  return new Set(rows.map((r) => r.id));
}

/** The SKUs of this tenant among the given ids (another tenant's are simply not there). */
export async function existingSkuIds(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: string }>(tx, sql`
    SELECT s.id FROM skus s WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ANY(${uuidArray(ids)})`);
  return new Set(rows.map((r) => r.id));
}

/** Iloc code → id, for CSV files that name ilocs by code. */
export async function ilocIdsByCode(tx: Tx, tenantId: string, codes: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ code: string; id: string }>(tx, sql`
    SELECT i.code, i.id FROM ilocs i JOIN jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb) AS w(code) ON i.code = w.code
    WHERE i.tenant_id = ${tenantId}::uuid`);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Field errors collected over a whole batch, reported together as one 422 (the first 100). */
