import { sql, type SQL } from 'drizzle-orm';
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
  return orderNumbersFrom(await queryPrepared(tx, orderNumbersSql(tenantId, count)), count);
}

/** takeOrderNumbers' statement, for a caller that sends it with another (attempt's first statement). */
export const orderNumbersSql = (tenantId: string, count: number): SQL => sql`
  SELECT n::text AS n, co.order_prefix, co.name
  FROM take_order_numbers(${tenantId}::uuid, ${count}::int) AS n, companies co WHERE co.id = ${tenantId}::uuid`;

/** The numbers from orderNumbersSql's rows, increasing, with the company's prefix. */
export function orderNumbersFrom(rows: Record<string, unknown>[], count: number): string[] {
  if (rows.length !== count) throw new Error('order numbers: company not found');
  const first = rows[0] as { order_prefix: string | null; name: string };
  const prefix = first.order_prefix ?? derivePrefix(first.name);
  return rows.map((r) => Number(r.n)).sort((a, b) => a - b).map((n) => `${prefix}${n}`);
}
