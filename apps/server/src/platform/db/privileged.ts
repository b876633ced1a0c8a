import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client';

/**
 * Every way code steps outside one tenant's row-level security, in one place. withTenant (tenant.ts) is the
 * normal way in; each function here opens a door that a migration's policy leaves ajar (`CREATE POLICY <name>
 * … USING (current_setting('app.<name>', true) = 'on')`) or switches the tenant of a transaction that is
 * already running. The settings are transaction-local (set_config(…, true)), so none of them outlives its
 * transaction on a pooled connection. eslint (eslint/server-privileged.js) refuses `set_config('app.…')`
 * anywhere else, and tenancy.test.ts (KNOWN_POLICIES) names every policy that exists, so a new escape is
 * added here and there on purpose, never in passing.
 */

async function setLocal(tx: Tx, name: string, value: string): Promise<void> {
  await tx.execute(sql`select set_config(${name}, ${value}, true)`);
}

/**
 * Runs fn in a read-only transaction that may read the rows of every tenant in the tables whose migration
 * grants it (policy `platform_read` on subscriptions, subscription_checkouts, billing_usage): the owner's
 * dashboard, and a billing provider's webhook that must first learn which tenant a checkout or subscription
 * belongs to. Writes still need withTenant.
 */
export async function withPlatformRead<T>(db: AppDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setLocal(tx, 'app.platform_read', 'on');
    await tx.execute(sql`set transaction read only`);
    return fn(tx);
  });
}

/**
 * Turns on the `platform_read` policies inside the caller's transaction, for the rest of it: the owner's price
 * edit asks whether any tenant's subscription or open checkout uses a price (billing-products.service.ts
 * pricesInUse), in the transaction that then writes only platform tables. A second transaction would wait
 * forever on PGlite's single connection. The policies are FOR SELECT only, so tenant rows stay unwritable.
 */
export async function allowPlatformRead(tx: Tx): Promise<void> {
  await setLocal(tx, 'app.platform_read', 'on');
}

/**
 * Runs fn in a transaction that passes the `job_worker` policies of jobs and job_schedules, reading and
 * writing the rows of every tenant: the schedule ticker (schedules.service.ts runDueSchedules) claims the due
 * schedules of all tenants, then enqueues each one's job under that tenant (enterTenant).
 */
export async function withJobWorker<T>(db: AppDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setLocal(tx, 'app.job_worker', 'on');
    return fn(tx);
  });
}

/**
 * Runs fn in a transaction that passes the `webhook_dispatcher` policies of webhook_deliveries and
 * webhook_subscriptions: the delivery loop (webhooks/webhook-dispatcher.ts) claims due deliveries of every
 * tenant and records their outcomes in one statement. What it writes into other tables (a disabled webhook's
 * notifications) it writes under the subscription's tenant, between enterTenant and leaveTenant.
 */
export async function withWebhookDispatcher<T>(db: AppDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setLocal(tx, 'app.webhook_dispatcher', 'on');
    return fn(tx);
  });
}

/**
 * Runs fn in a transaction that may read any tenant's processes (policy `inbound_gateway`, FOR SELECT): an
 * inbound webhook URL names a process, not a tenant (processes/inbound-webhooks.service.ts), and the gateway
 * must find the process before it knows whose delivery it stores; it stores it with withTenant.
 */
export async function withInboundGateway<T>(db: AppDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setLocal(tx, 'app.inbound_gateway', 'on');
    return fn(tx);
  });
}

/**
 * Makes tenantId the row-level-security tenant of a transaction that is already running (and, when given, the
 * acting user the activity triggers record), until leaveTenant, another enterTenant or the end of the
 * transaction; inside a savepoint that is rolled back, until the rollback. For flows that must cross into a
 * tenant mid-transaction: the owner creating a company's supplier user checks the supplier in the same
 * transaction (users.service.ts), the demo seed writes each company's rows (seed/demo.seed.ts, billing.seed.ts), the schedule
 * ticker enqueues each schedule's job as its tenant and creator, and the webhook dispatcher notifies a
 * tenant whose webhook it disabled. Everything else uses withTenant.
 */
export async function enterTenant(tx: Tx, tenantId: string, actor?: { userId: string | null }): Promise<void> {
  if (actor) await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('app.user_id', ${actor.userId ?? ''}, true)`);
  else await setLocal(tx, 'app.tenant_id', tenantId);
}

/** Ends enterTenant: the transaction goes back to seeing no tenant's rows but through its own policies. */
export async function leaveTenant(tx: Tx): Promise<void> {
  await setLocal(tx, 'app.tenant_id', '');
}
