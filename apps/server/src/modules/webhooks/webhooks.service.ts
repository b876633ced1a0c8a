import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paginate, WEBHOOK_TEST_TOPIC, type TListQuery, type TWebhookCreate, type TWebhookUpdate, type WebhookDeliveryView, type WebhookView } from '@omnio/domain';
import { secretBoxFor } from '../../platform/crypto/secret-box';
import { withTenant } from '../../platform/db/tenant';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import type { Tx } from '../../platform/db/client';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, notFound } from '../../platform/http/errors';
import { offsetOf } from '../../platform/db/list-query';
import { privateTargetProblem } from './webhook-targets';
import { webhookEnvelope } from './webhook-publish';

/** Outgoing webhook subscriptions of the tenant and their delivery log (docs/api-webhooks.md). */

type Row = Record<string, unknown>;

const COLUMNS = sql`id, address, topic, status, consecutive_failures, disabled_at, last_delivery_at, secret_hint, created_at, updated_at`;

function view(r: Row, secret?: string): WebhookView {
  return {
    id: r.id as string,
    address: r.address as string,
    topic: r.topic as string,
    status: r.status as WebhookView['status'],
    active: r.status === 'active',
    consecutive_failures: Number(r.consecutive_failures),
    disabled_at: isoOrNull(r.disabled_at),
    last_delivery_at: isoOrNull(r.last_delivery_at),
    secret_hint: `…${r.secret_hint as string}`,
    ...(secret ? { secret } : {}),
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

const DELIVERY_COLUMNS = sql`id, subscription_id, topic, status, attempts, response_code, latency_ms, error, created_at, next_attempt_at, delivered_at`;

function deliveryView(r: Row, withPayload = false): WebhookDeliveryView {
  const pendingish = r.status === 'pending' || r.status === 'retrying';
  return {
    id: r.id as string,
    subscription_id: r.subscription_id as string,
    topic: r.topic as string,
    status: r.status as WebhookDeliveryView['status'],
    attempts: Number(r.attempts),
    response_code: r.response_code === null || r.response_code === undefined ? null : Number(r.response_code),
    latency_ms: r.latency_ms === null || r.latency_ms === undefined ? null : Number(r.latency_ms),
    error: (r.error as string | null) ?? null,
    created_at: isoOrNull(r.created_at)!,
    next_attempt_at: pendingish ? isoOrNull(r.next_attempt_at) : null,
    delivered_at: isoOrNull(r.delivered_at),
    ...(withPayload ? { payload: r.payload } : {}),
  };
}

/** 32 random bytes, prefixed so a leaked secret is recognisable in logs and secret scanners. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

function assertAllowedTarget(ctx: TenantCtx, address: string): void {
  if (ctx.deps.config.webhookAllowPrivateTargets) return;
  const problem = privateTargetProblem(address);
  if (problem) throw fieldError('address', problem);
}

async function loadRow(tx: Tx, tenantId: string, id: string): Promise<Row> {
  const [row] = await queryRows<Row>(tx, sql`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  if (!row) throw notFound('Webhook');
  return row;
}

export const listWebhooks = (ctx: TenantCtx, query: TListQuery) =>
  withTenant(ctx, async (tx) => {
    const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE tenant_id = ${ctx.tenantId}::uuid`);
    const rows = await queryRows<Row>(tx, sql`
      SELECT ${COLUMNS} FROM webhook_subscriptions WHERE tenant_id = ${ctx.tenantId}::uuid
      ORDER BY created_at DESC, id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map((r) => view(r)), Number(count?.n ?? 0), query.page, query.per_page);
  });

export const getWebhook = (ctx: TenantCtx, id: string) =>
  withTenant(ctx, async (tx) => view(await loadRow(tx, ctx.tenantId, assertId(id, 'Webhook'))));

/** Signing secrets are sealed at rest (APP_KEY), like connection passwords: a database dump does not sign. */
const seal = (ctx: TenantCtx, secret: string) => secretBoxFor(ctx.deps.config).seal(secret);

/** Create answers the signing secret, the only time it is shown. */
export const createWebhook = (ctx: TenantCtx, input: TWebhookCreate) => {
  assertAllowedTarget(ctx, input.address);
  const secret = newSecret();
  return withTenant(ctx, async (tx) => {
    const [row] = await queryRows<Row>(tx, sql`
      INSERT INTO webhook_subscriptions (tenant_id, address, topic, secret, secret_hint, status, created_by)
      VALUES (${ctx.tenantId}::uuid, ${input.address}, ${input.topic}, ${seal(ctx, secret)}, ${secret.slice(-4)}, ${input.active === false ? 'disabled' : 'active'},
        ${ctx.principal.userId}::uuid)
      RETURNING ${COLUMNS}`);
    return view(row!, secret);
  });
};

/**
 * PUT: address, topic and active. Disabling fails the deliveries still waiting (nothing is sent to a
 * disabled address; each can be redelivered later); enabling a disabled webhook resets its failures.
 */
export const updateWebhook = (ctx: TenantCtx, id: string, input: TWebhookUpdate) => {
  if (input.address !== undefined) assertAllowedTarget(ctx, input.address);
  const key = assertId(id, 'Webhook');
  return withTenant(ctx, async (tx) => {
    const current = await loadRow(tx, ctx.tenantId, key);
    const nextStatus = input.active === undefined ? (current.status as string) : input.active ? 'active' : 'disabled';
    const enabling = current.status === 'disabled' && nextStatus === 'active';
    const disabling = current.status === 'active' && nextStatus === 'disabled';
    const [row] = await queryRows<Row>(tx, sql`
      UPDATE webhook_subscriptions SET
        address = ${input.address ?? (current.address as string)}, topic = ${input.topic ?? (current.topic as string)}, status = ${nextStatus},
        consecutive_failures = CASE WHEN ${enabling} THEN 0 ELSE consecutive_failures END,
        disabled_at = CASE WHEN ${enabling} THEN NULL WHEN ${disabling} THEN now() ELSE disabled_at END,
        updated_at = now()
      WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${key}::uuid
      RETURNING ${COLUMNS}`);
    if (disabling) await failWaitingDeliveries(tx, ctx.tenantId, key, 'The webhook was disabled');
    return view(row!);
  });
};

export async function failWaitingDeliveries(tx: Tx, tenantId: string, subscriptionId: string, reason: string): Promise<void> {
  await tx.execute(sql`
    UPDATE webhook_deliveries SET status = 'failed', error = ${reason}, updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND subscription_id = ${subscriptionId}::uuid AND status IN ('pending', 'retrying')`);
}

export const deleteWebhook = (ctx: TenantCtx, id: string) =>
  withTenant(ctx, async (tx) => {
    const gone = await queryRows<Row>(tx, sql`
      DELETE FROM webhook_subscriptions WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${assertId(id, 'Webhook')}::uuid RETURNING id`);
    if (!gone.length) throw notFound('Webhook');
  });

/** A new secret, answered once; the old one stops signing at once (deliveries are signed when sent). */
export const rotateWebhookSecret = (ctx: TenantCtx, id: string) => {
  const secret = newSecret();
  return withTenant(ctx, async (tx) => {
    const [row] = await queryRows<Row>(tx, sql`
      UPDATE webhook_subscriptions SET secret = ${seal(ctx, secret)}, secret_hint = ${secret.slice(-4)}, updated_at = now()
      WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${assertId(id, 'Webhook')}::uuid RETURNING ${COLUMNS}`);
    if (!row) throw notFound('Webhook');
    return view(row, secret);
  });
};

/** 'Send test': queues a `webhook.test` delivery to this webhook only (even a disabled one, to check it). */
export const testWebhook = (ctx: TenantCtx, id: string) =>
  withTenant(ctx, async (tx) => {
    const key = assertId(id, 'Webhook');
    const sub = await loadRow(tx, ctx.tenantId, key);
    const body = webhookEnvelope(WEBHOOK_TEST_TOPIC, {
      id: sub.id, type: 'webhook', action: 'test', message: 'A test delivery from Omnio. Check its signature with your signing secret.',
      user_id: ctx.principal.userId,
    });
    const [row] = await queryRows<Row>(tx, sql`
      INSERT INTO webhook_deliveries (tenant_id, subscription_id, topic, payload)
      VALUES (${ctx.tenantId}::uuid, ${key}::uuid, ${WEBHOOK_TEST_TOPIC}, ${JSON.stringify(body)}::jsonb)
      RETURNING ${DELIVERY_COLUMNS}`);
    return deliveryView(row!);
  });

export const listDeliveries = (ctx: TenantCtx, id: string, query: TListQuery) =>
  withTenant(ctx, async (tx) => {
    const key = assertId(id, 'Webhook');
    await loadRow(tx, ctx.tenantId, key);
    const [count] = await queryRows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = ${ctx.tenantId}::uuid AND subscription_id = ${key}::uuid`);
    const rows = await queryRows<Row>(tx, sql`
      SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE tenant_id = ${ctx.tenantId}::uuid AND subscription_id = ${key}::uuid
      ORDER BY created_at DESC, id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map((r) => deliveryView(r)), Number(count?.n ?? 0), query.page, query.per_page);
  });

export const getDelivery = (ctx: TenantCtx, id: string, deliveryId: string) =>
  withTenant(ctx, async (tx) => {
    const [row] = await queryRows<Row>(tx, sql`
      SELECT ${DELIVERY_COLUMNS}, payload FROM webhook_deliveries
      WHERE tenant_id = ${ctx.tenantId}::uuid AND subscription_id = ${assertId(id, 'Webhook')}::uuid AND id = ${assertId(deliveryId, 'Delivery')}::uuid`);
    if (!row) throw notFound('Delivery');
    return deliveryView(row, true);
  });

/**
 * Redeliver: the delivery goes back to the queue now with a fresh attempt budget (the body and its event id
 * stay the same, so a receiver that already processed it can recognise it).
 */
export const retryDelivery = (ctx: TenantCtx, id: string, deliveryId: string) =>
  withTenant(ctx, async (tx) => {
    const sub = await loadRow(tx, ctx.tenantId, assertId(id, 'Webhook'));
    const key = assertId(deliveryId, 'Delivery');
    const [existing] = await queryRows<Row>(tx, sql`
      SELECT topic FROM webhook_deliveries WHERE tenant_id = ${ctx.tenantId}::uuid AND subscription_id = ${sub.id as string}::uuid AND id = ${key}::uuid`);
    if (!existing) throw notFound('Delivery');
    if (sub.status !== 'active' && existing.topic !== WEBHOOK_TEST_TOPIC) throw conflict('Enable the webhook before redelivering');
    const [row] = await queryRows<Row>(tx, sql`
      UPDATE webhook_deliveries SET status = 'pending', attempts = 0, error = NULL, next_attempt_at = now(), updated_at = now()
      WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${key}::uuid
      RETURNING ${DELIVERY_COLUMNS}`);
    return deliveryView(row!);
  });
