import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client';
import { queryPrepared } from './rows';

/** Who acts in a tenant transaction: the activity log (written by triggers in the same transaction) reads it. */
export interface TenantActor {
  db: AppDb;
  tenantId: string;
  principal?: { userId: string; impersonatorId?: string | null };
  /** A job's user, when no principal is at hand. */
  actorUserId?: string | null;
  ip?: string;
}

/**
 * Runs fn in a transaction whose row-level-security tenant is tenantId. Tenant-owned tables have a
 * forced policy on app.tenant_id, so inside fn a query without any tenant filter still sees and
 * writes only this tenant's rows; outside withTenant it sees none. The acting user and address go
 * into the same statement (no extra round trip) so the activity triggers know who did it.
 */
export async function withTenant<T>(ctx: TenantActor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const userId = ctx.principal?.userId ?? ctx.actorUserId ?? '';
  const impersonator = ctx.principal?.impersonatorId ?? '';
  return ctx.db.transaction(async (tx) => {
    await queryPrepared(tx, sql`select set_config('app.tenant_id', ${ctx.tenantId}, true), set_config('app.user_id', ${userId}, true),
      set_config('app.impersonator_id', ${impersonator}, true), set_config('app.ip', ${ctx.ip ?? ''}, true)`);
    return fn(tx);
  });
}

/**
 * Runs fn in a read-only transaction that may read the rows of every tenant in the tables whose migration
 * grants it (`CREATE POLICY platform_read … USING (current_setting('app.platform_read', true) = 'on')`):
 * the owner's dashboard and a provider's webhook that must first learn which tenant an id belongs to.
 * Writes still need withTenant.
 */
export async function withPlatformRead<T>(db: AppDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.platform_read', 'on', true)`);
    await tx.execute(sql`set transaction read only`);
    return fn(tx);
  });
}
