import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { DomainError } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';

/**
 * SKU codes and alternative SKUs share one namespace per company (an import resolves either), but they
 * live in two tables, so no single unique index can guard both. Each write takes a transaction-scoped
 * advisory lock per code it claims, then checks both tables: two concurrent requests claiming the same
 * code serialize on the lock and the second sees the first's row.
 */
/**
 * A PostgreSQL array literal, sent as one text parameter: the same on node-postgres and PGlite (a JS
 * array inside drizzle's sql template would be spread into a parameter list instead).
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export interface CodeClaim {
  code: string;
  /** The request field that claims it, for the 422 (`skus.1.sku`, `aliases.0.alias`). */
  field: string;
  kind: 'sku' | 'alias';
  /** The SKU being updated: it keeps its own code, and may claim its own aliases again (the set is replaced). */
  selfSkuId?: string;
}

export async function lockCodes(tx: Tx, tenantId: string, codes: string[]): Promise<void> {
  const keys = [...new Set(codes)].sort();
  if (!keys.length) return;
  // Sorted, so two transactions claiming overlapping sets take the locks in the same order.
  await tx.execute(
    sql`SELECT count(pg_advisory_xact_lock(hashtext('omnio.sku_code'), hashtext(${tenantId}::text || ':' || c))) FROM unnest(${pgTextArray(keys)}::text[]) AS c`,
  );
}

/** Locks the claimed codes and answers a 422 naming every claim that is taken, or repeated within the request. */
export async function claimCodes(tx: Tx, tenantId: string, claims: CodeClaim[]): Promise<void> {
  if (!claims.length) return;
  const codes = claims.map((c) => c.code);
  await lockCodes(tx, tenantId, codes);
  const rows = await queryRows<{ code: string; sku_id: string; kind: string }>(tx, sql`
    SELECT sku AS code, id AS sku_id, 'sku' AS kind FROM skus WHERE sku = ANY(${pgTextArray(codes)}::text[])
    UNION ALL
    SELECT alias, sku_id, 'alias' FROM sku_aliases WHERE alias = ANY(${pgTextArray(codes)}::text[])`);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const claim of claims) {
    if (seen.has(claim.code)) {
      (errors[claim.field] ??= []).push('The SKU is repeated in this request');
      continue;
    }
    seen.add(claim.code);
    // Its own code stays its code; its own alias may stay an alias.
    const taken = rows.find((r) => r.code === claim.code && (r.sku_id !== claim.selfSkuId || r.kind !== claim.kind));
    if (taken) {
      const message = taken.kind === 'sku' ? 'The SKU has already been taken' : 'The SKU has already been taken as an alternative SKU';
      (errors[claim.field] ??= []).push(message);
    }
  }
  if (Object.keys(errors).length) throw new DomainError('VALIDATION', Object.values(errors)[0]![0]!, { errors });
}
