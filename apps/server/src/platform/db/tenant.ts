import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client';

/**
 * Runs fn in a transaction whose row-level-security tenant is tenantId. Tenant-owned tables have a
 * forced policy on app.tenant_id, so inside fn a query without any tenant filter still sees and
 * writes only this tenant's rows; outside withTenant it sees none.
 */
export async function withTenant<T>(ctx: { db: AppDb; tenantId: string }, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${ctx.tenantId}, true)`);
    return fn(tx);
  });
}
