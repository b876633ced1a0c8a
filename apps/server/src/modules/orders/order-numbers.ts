import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryPrepared } from '../../platform/db/rows';

/** Spec 5: the tenant's prefix of the form XY-; a company without one gets the first two letters of its name. */
export function derivePrefix(name: string): string {
  const letters = name.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
  return letters.length >= 2 ? `${letters.slice(0, 2)}-` : 'OR-';
}

/**
 * Takes `count` order numbers, increasing, from the company's sequence (migration 0024): nothing is
 * locked, so an import takes them before it writes its orders and never waits on another import. A
 * transaction that rolls back leaves a gap; the numbers stay unique. The first order of a company is 1001.
 */
export async function takeOrderNumbers(tx: Tx, tenantId: string, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const rows = await queryPrepared<{ n: string; order_prefix: string | null; name: string }>(tx, sql`
    SELECT n::text AS n, co.order_prefix, co.name
    FROM take_order_numbers(${tenantId}::uuid, ${count}::int) AS n, companies co WHERE co.id = ${tenantId}::uuid`);
  if (rows.length !== count) throw new Error('order numbers: company not found');
  const prefix = rows[0]!.order_prefix ?? derivePrefix(rows[0]!.name);
  return rows.map((r) => Number(r.n)).sort((a, b) => a - b).map((n) => `${prefix}${n}`);
}
