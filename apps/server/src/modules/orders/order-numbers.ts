import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';

/** The first number handed out; later ones count up from here. */
const FIRST_NUMBER = 1001;

/** Spec 5: the tenant's prefix of the form XY-; a company without one gets the first two letters of its name. */
export function derivePrefix(name: string): string {
  const letters = name.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase();
  return letters.length >= 2 ? `${letters.slice(0, 2)}-` : 'OR-';
}

/**
 * Takes `count` consecutive order numbers. Call it last in the creating transaction: the counter row is
 * locked until commit, so concurrent imports queue only for their commits, not their whole work.
 */
export async function takeOrderNumbers(tx: Tx, tenantId: string, count: number, counter = 'order'): Promise<string[]> {
  if (count <= 0) return [];
  const [row] = await queryRows<{ last_value: string; order_prefix: string | null; name: string }>(tx, sql`
    WITH c AS (
      INSERT INTO order_counters (tenant_id, name, last_value) VALUES (${tenantId}::uuid, ${counter}, ${FIRST_NUMBER - 1 + count})
      ON CONFLICT (tenant_id, name) DO UPDATE SET last_value = order_counters.last_value + ${count}
      RETURNING last_value
    )
    SELECT c.last_value, co.order_prefix, co.name FROM c, companies co WHERE co.id = ${tenantId}::uuid`);
  if (!row) throw new Error('order counter: company not found');
  const prefix = row.order_prefix ?? derivePrefix(row.name);
  const last = Number(row.last_value);
  return Array.from({ length: count }, (_, i) => `${prefix}${last - count + 1 + i}`);
}
