import { sql, type SQL } from 'drizzle-orm';
import { usagePeriod, type SubscriptionStatus } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryPrepared, queryRows } from '../../platform/db/rows';
import { sqlStateOf } from '../../platform/db/sql-state';
import { runAtCommit } from '../../platform/db/transaction';
import { withTenant, type TenantActor } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { DomainError } from '../../platform/http/errors';
import { createNotifications, usersWithPermission } from '../notifications/notify';

/**
 * The monthly order allowance (docs/api-billing.md "Limits"): the subscription's totals.orders while it runs
 * (active, or cancelled until its period ends), 0 without one. Orders count in the UTC calendar month they
 * are created; `billing_usage` holds the count, raised by one conditional upsert sent with the creating transaction's COMMIT.
 */

export interface OrderAllowance {
  period: string;
  status: SubscriptionStatus;
  limit: number;
  used: number;
  remaining: number;
}

export const NO_SUBSCRIPTION_MESSAGE = 'No active subscription';
export const LIMIT_NOTIFICATION_TYPE = 'billing.order-limit';

const fmt = (n: number) => n.toLocaleString('en-US');
export const planLimitMessage = (limit: number) =>
  `Your plan allows ${fmt(limit)} orders a month and they have all been used. Upgrade your plan to create more.`;

/** 402 NO_ACTIVE_SUBSCRIPTION or PLAN_LIMIT_REACHED for an allowance that has no room. */
export function allowanceError(a: Pick<OrderAllowance, 'status' | 'limit' | 'used' | 'period'>): DomainError {
  if (a.status === 'none') return new DomainError('PAYMENT_REQUIRED', NO_SUBSCRIPTION_MESSAGE, { reason: 'NO_ACTIVE_SUBSCRIPTION' });
  return new DomainError('PAYMENT_REQUIRED', planLimitMessage(a.limit), { reason: 'PLAN_LIMIT_REACHED', limit: a.limit, used: a.used });
}

export const isPlanLimitError = (err: unknown): err is DomainError =>
  err instanceof DomainError && err.code === 'PAYMENT_REQUIRED' && err.extra.reason === 'PLAN_LIMIT_REACHED';

/** The allowance's inputs as one row (readOrderAllowance, or a caller's combined read: queryTogether). */
export function orderAllowanceSql(tenantId: string, period: string): SQL {
  return sql`
    SELECT s.status, s.current_period_end AS period_end,
      (SELECT coalesce((p.data->'features'->>'orders')::int, 0) FROM billing_prices pr JOIN billing_products p ON p.id = pr.product_id WHERE pr.id = s.plan_price_id) AS plan_orders,
      (SELECT coalesce(sum((e->>'quantity')::int * coalesce((p.data->'features'->>'orders')::int, 0)), 0)::int
         FROM jsonb_array_elements(s.extras) e JOIN billing_prices pr ON pr.id = (e->>'price_id')::uuid JOIN billing_products p ON p.id = pr.product_id) AS extra_orders,
      (SELECT u.orders FROM billing_usage u WHERE u.tenant_id = ${tenantId}::uuid AND u.period = ${period}) AS used
    FROM (SELECT 1) one LEFT JOIN subscriptions s ON s.tenant_id = ${tenantId}::uuid`;
}

/** The allowance from orderAllowanceSql's row, as of `at`. */
export function allowanceFrom(r: Record<string, unknown> | undefined, period: string, at: Date): OrderAllowance {
  let status: SubscriptionStatus = 'none';
  if (r?.status === 'active') status = 'active';
  else if (r?.status === 'canceled' && r.period_end && new Date(r.period_end as string | Date).getTime() > at.getTime()) status = 'canceled';
  const limit = status === 'none' ? 0 : Number(r?.plan_orders ?? 0) + Number(r?.extra_orders ?? 0);
  const used = Number(r?.used ?? 0);
  return { period, status, limit, used, remaining: Math.max(limit - used, 0) };
}

/**
 * The allowance as it stands, in one round trip and without locks (order creation reads it first to refuse
 * what cannot fit, and takes the count atomically at the end with consumeOrders).
 */
export async function readOrderAllowance(tx: Tx, tenantId: string, at = new Date()): Promise<OrderAllowance> {
  const period = usagePeriod(at);
  const [r] = await queryPrepared<Record<string, unknown>>(tx, orderAllowanceSql(tenantId, period));
  return allowanceFrom(r, period, at);
}

/**
 * Takes n orders of the period's allowance atomically, with the commit (consume_order_allowance, migration
 * 0026): its conditional upsert is evaluated on the row it locks, so two imports racing for the last slots
 * cannot both pass, and sent with the COMMIT the row stays locked only while the database commits. No room
 * left fails the commit: the whole transaction rolls back and the caller gets the 402.
 */
export function consumeOrders(tx: Tx, tenantId: string, allowance: OrderAllowance, n: number): void {
  if (n <= 0) return;
  runAtCommit(tx, sql`SELECT consume_order_allowance(${tenantId}::uuid, ${allowance.period}, ${n}::int, ${allowance.limit}::int)`, (err) =>
    sqlStateOf(err) === ALLOWANCE_USED_UP ? allowanceError({ ...allowance, used: Number((err as { detail?: string }).detail ?? allowance.used) }) : err);
}

/** The SQLSTATE consume_order_allowance raises when the plan's orders are used up. */
const ALLOWANCE_USED_UP = 'OM402';

/**
 * The first refusal of a period tells the company's users who may read billing (spec 8 WARNING, target
 * billing). The usage row's limit_notified_at makes it once per period, even with concurrent refusals.
 */
export async function notifyOrderLimitReached(tx: Tx, tenantId: string, allowance: Pick<OrderAllowance, 'period' | 'limit'>): Promise<boolean> {
  const [claimed] = await queryRows<{ period: string }>(tx, sql`
    INSERT INTO billing_usage (tenant_id, period, orders, limit_notified_at) VALUES (${tenantId}::uuid, ${allowance.period}, 0, now())
    ON CONFLICT (tenant_id, period) DO UPDATE SET limit_notified_at = now() WHERE billing_usage.limit_notified_at IS NULL
    RETURNING period`);
  if (!claimed) return false;
  const users = await usersWithPermission(tx, tenantId, 'read-billing');
  await createNotifications(tx, tenantId, users.map((userId) => ({
    userId, type: LIMIT_NOTIFICATION_TYPE,
    data: {
      title: 'Order limit reached', description: planLimitMessage(allowance.limit), status: 'WARNING', type: LIMIT_NOTIFICATION_TYPE,
      table: 'billing', target: 'billing', target_id: null, mediable: null, params: { period: allowance.period, limit: allowance.limit },
    },
  })));
  return true;
}

/**
 * Runs an order-creating transaction; when it fails because the plan's orders are used up (it rolled back,
 * and its notification with it), the notification is sent in a transaction of its own.
 */
export async function withOrderLimitNotice<T>(actor: TenantActor, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isPlanLimitError(err)) {
      const limit = err.extra.limit ?? 0;
      await withTenant(actor, (tx) => notifyOrderLimitReached(tx, actor.tenantId, { period: usagePeriod(new Date()), limit }));
    }
    throw err;
  }
}

/** GET /billing/limits. */
export async function getLimits(ctx: TenantCtx) {
  const a = await withTenant(ctx, (tx) => readOrderAllowance(tx, ctx.tenantId));
  return { period: a.period, subscription_status: a.status, orders_limit: a.limit, orders_used: a.used, orders_remaining: a.remaining };
}
