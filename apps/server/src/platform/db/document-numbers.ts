import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { queryRows } from './rows';

/**
 * Takes `count` consecutive numbers of one kind of document for a tenant (`PO-000001`, `TR-000001`) from
 * `document_counters`. Call it late in the creating transaction: the counter row stays locked until commit.
 */
export async function takeDocumentNumbers(tx: Tx, tenantId: string, kind: string, prefix: string, count = 1): Promise<string[]> {
  if (count <= 0) return [];
  const [row] = await queryRows<{ last_value: string }>(tx, sql`
    INSERT INTO document_counters (tenant_id, kind, last_value) VALUES (${tenantId}::uuid, ${kind}, ${count})
    ON CONFLICT (tenant_id, kind) DO UPDATE SET last_value = document_counters.last_value + ${count}
    RETURNING last_value`);
  const last = Number(row!.last_value);
  return Array.from({ length: count }, (_, i) => `${prefix}${String(last - count + 1 + i).padStart(6, '0')}`);
}
