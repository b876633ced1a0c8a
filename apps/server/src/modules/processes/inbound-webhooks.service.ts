import { secretBoxFor } from '../../platform/crypto/secret-box';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_SIGNATURE_HEADER, type InboundWebhookReceiptDto, type ProcessDriver } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { withInboundGateway } from '../../platform/db/privileged';
import { withTenant } from '../../platform/db/tenant';
import type { AppDeps } from '../../platform/http/context';
import { DomainError, isUuid, notFound, unauthenticated } from '../../platform/http/errors';
import { enqueueJob, type RunningJob } from '../../platform/jobs/jobs';
import { INBOUND_WEBHOOK_JOB } from './processes.service';
import { connectorFor } from '../channels/registry';
import { openCredentials } from '../channels/process-store';
import { ChannelWebhookRefused, resolveChannelWebhook, workChannelWebhook } from '../channels/channel-webhooks';
import type { WebhookEvent } from '../channels/connector';
import { verifyShopifyHmac } from '../channels/shopify/shopify.connector';

/**
 * Spec 7 inbound webhook URLs. The public endpoint only verifies and stores: the payload and the job that
 * works it are written in one transaction, so nothing is processed inline and nothing is lost when
 * processing fails (a failed webhook keeps its payload and can be replayed).
 */

/** How old a signed timestamp may be (either way), as for our outgoing webhooks. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** Headers worth keeping with a payload (tracing a channel's delivery); never the signature or cookies. */
const KEPT_HEADERS = ['content-type', 'user-agent', 'x-request-id', 'x-shopify-topic', 'x-shopify-shop-domain', 'x-shopify-webhook-id',
  'x-wc-webhook-topic', 'x-wc-webhook-id', 'x-wc-webhook-source', 'x-wc-webhook-resource', 'x-wc-webhook-event', 'x-wc-webhook-delivery-id',
  'x-bc-webhook-id', 'x-omnio-bc-scope', 'webhook-id', 'webhook-timestamp', 'jumpseller-event', 'jumpseller-store-code', 'jumpseller-triggered-at'];

interface GatewayProcess {
  tenant_id: string;
  id: string;
  driver: ProcessDriver;
  status: string;
  webhook_secret: string;
  credentials_sealed: string | null;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** `x-omnio-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signOmnio(secret: string, body: Buffer | string, t = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${mac}`;
}

export function verifyOmnioSignature(secret: string, body: Buffer, signature: string | undefined, now = Date.now()): boolean {
  if (!signature || signature.length > 1000) return false;
  const pairs = signature.split(',').map((piece) => {
    const at = piece.indexOf('=');
    return at > 0 ? [piece.slice(0, at).trim(), piece.slice(at + 1).trim()] as const : (['', ''] as const);
  });
  const t = Number(pairs.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex'));
  // Several v1 values are allowed, as a sender may sign with an old and a new secret while rotating.
  return pairs.some(([k, v]) => k === 'v1' && sameBytes(Buffer.from(v), expected));
}

/** Shopify: `x-shopify-hmac-sha256` is the base64 HMAC-SHA256 of the raw body (no timestamp); one check, the connector's. */
export const verifyShopifySignature = (secret: string, body: Buffer, signature: string | undefined) => verifyShopifyHmac(secret, body, signature);

async function findGatewayProcess(deps: AppDeps, processId: string): Promise<GatewayProcess | null> {
  if (!isUuid(processId)) return null;
  // The URL names no tenant: this transaction declares itself the gateway to read the process (migration 0018).
  return withInboundGateway(deps.database.db, async (tx) => {
    const [row] = await queryRows<GatewayProcess>(tx, sql`
      SELECT tenant_id, id, driver, status, webhook_secret, credentials_sealed FROM processes WHERE id = ${processId.toLowerCase()}::uuid`);
    return row ?? null;
  });
}

export interface ReceivedWebhook {
  processId: string;
  context: string;
  resource: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ip?: string;
}

/**
 * Verifies and stores one delivery and enqueues its job, in one transaction. No such (or a disabled)
 * process is a 404; a missing or wrong signature a 401; neither stores anything.
 */
export async function receiveInboundWebhook(deps: AppDeps, input: ReceivedWebhook): Promise<InboundWebhookReceiptDto> {
  const process = await findGatewayProcess(deps, input.processId);
  // A store's privacy requests still arrive after the app is removed (Shopify's shop/redact comes 48 hours
  // later): an uninstalled process takes those, and nothing else.
  const privacy = input.context === 'mandatory';
  if (!process || !(process.status === 'active' || (privacy && process.status === 'uninstalled'))) throw notFound('Process');
  const connector = connectorFor(process.driver);
  const flat = Object.fromEntries(Object.keys(input.headers).map((k) => [k.toLowerCase(), header(input.headers, k)]));
  // The service signs with its own scheme and secret (Shopify: the app's client secret over the raw body);
  // a sender of our own scheme signs with the process's webhook secret.
  const secret = secretBoxFor(deps.config).openSecret(process.webhook_secret);
  const ok =
    verifyOmnioSignature(secret, input.body, header(input.headers, WEBHOOK_SIGNATURE_HEADER)) ||
    (process.driver === 'shopify' && verifyShopifySignature(secret, input.body, header(input.headers, 'x-shopify-hmac-sha256'))) ||
    (!!connector && connector.verifyWebhook({ credentials: openCredentials(deps.config, process.credentials_sealed) }, { headers: flat, rawBody: input.body })) ||
    // An app install's deliveries are signed with the app's secret, which stays after the process forgot its credentials.
    (process.driver === 'shopify' && !!connector && !!deps.config.shopifyClientSecret &&
      connector.verifyWebhook({ credentials: { client_secret: deps.config.shopifyClientSecret } }, { headers: flat, rawBody: input.body })) ||
    (process.driver === 'bigcommerce' && !!connector && !!deps.config.bigcommerceClientSecret &&
      connector.verifyWebhook({ credentials: { client_secret: deps.config.bigcommerceClientSecret } }, { headers: flat, rawBody: input.body }));
  if (!ok) {
    // The service's own unsigned ping must be answered 200 or it refuses to create the webhook; nothing is kept.
    if (connector?.isPing?.({ headers: flat, rawBody: input.body })) return { id: null, status: 'ignored' };
    throw unauthenticated();
  }
  const delivery = connector?.webhookDelivery(flat) ?? { deliveryId: null, topic: null };
  const kept = Object.fromEntries(KEPT_HEADERS.flatMap((h) => {
    const v = header(input.headers, h);
    return v === undefined ? [] : [[h, v.slice(0, 500)]];
  }));
  const id = randomUUID();
  return withTenant({ db: deps.database.db, tenantId: process.tenant_id, ip: input.ip }, async (tx) => {
    // A delivery the service sends again (it retries, or duplicates) is answered as received once: nothing new is stored.
    const [stored] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO inbound_webhooks (tenant_id, id, process_id, context, resource, headers, body, delivery_id, topic)
      VALUES (${process.tenant_id}::uuid, ${id}::uuid, ${process.id}::uuid, ${input.context}, ${input.resource},
        ${JSON.stringify(kept)}::jsonb, ${input.body.toString('utf8')}, ${delivery.deliveryId?.slice(0, 200) ?? null}, ${delivery.topic?.slice(0, 100) ?? null})
      ON CONFLICT (tenant_id, process_id, delivery_id) WHERE delivery_id IS NOT NULL DO NOTHING
      RETURNING id`);
    if (!stored) {
      const [first] = await queryRows<{ id: string }>(tx, sql`
        SELECT id FROM inbound_webhooks WHERE process_id = ${process.id}::uuid AND delivery_id = ${delivery.deliveryId}`);
      return { id: first?.id ?? id, status: 'duplicate' as const };
    }
    const jobId = await enqueueJob(tx, process.tenant_id, { kind: INBOUND_WEBHOOK_JOB, payload: { webhookId: id }, dedupeKey: id });
    await tx.execute(sql`UPDATE inbound_webhooks SET job_id = ${jobId}::uuid WHERE id = ${id}::uuid`);
    return { id, status: 'received' as const };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Working a stored webhook
// ---------------------------------------------------------------------------------------------------------

export interface InboundHandlerInput {
  tx: Tx;
  tenantId: string;
  process: { id: string; driver: ProcessDriver };
  /** The body parsed as JSON (null when it is not JSON). */
  payload: unknown;
  rawBody: string;
  log: FastifyBaseLogger;
}

/** Runs in the tenant's transaction: what it writes commits with the webhook's "processed". */
export type InboundHandler = (input: InboundHandlerInput) => Promise<unknown>;

/** A failure of the payload itself (bad data, a missing SKU): recorded, not retried by the job. */
export class InboundHandlerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InboundHandlerError';
  }
}

const inboundHandlers = new Map<string, InboundHandler>();

/** Registers the handler of one kind, `context/resource` (e.g. `orders/import-orders`); the first one stays. */
export function registerInboundHandler(kind: string, handler: InboundHandler): void {
  if (!inboundHandlers.has(kind)) inboundHandlers.set(kind, handler);
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

interface StoredWebhook {
  id: string;
  process_id: string;
  context: string;
  resource: string;
  body: string;
  driver: ProcessDriver;
  topic: string | null;
}

/**
 * The job: marks the webhook processing, runs its kind's handler in one tenant transaction that also marks
 * it processed, or, when that fails, marks it failed with the error in a second one. An unexpected error
 * is rethrown so the job retries with backoff; a payload's own fault is not (replay once it is fixed).
 */
export async function workInboundWebhook(job: RunningJob): Promise<unknown> {
  const webhookId = String(job.payload.webhookId ?? '');
  const actor = { db: job.deps.database.db, tenantId: job.tenantId, actorUserId: job.userId };
  const stored = await withTenant(actor, async (tx) => {
    const [row] = await queryRows<StoredWebhook>(tx, sql`
      UPDATE inbound_webhooks w SET status = 'processing', attempts = w.attempts + 1
      FROM processes p WHERE w.id = ${webhookId}::uuid AND p.id = w.process_id
      RETURNING w.id, w.process_id, w.context, w.resource, w.body, w.topic, p.driver`);
    return row ?? null;
  });
  if (!stored) return { skipped: 'The webhook no longer exists' };
  const kind = `${stored.context}/${stored.resource}`;
  const connector = connectorFor(stored.driver);
  // A connected service's deliveries are its own payloads: its connector reads them, whatever the URL kind.
  const viaConnector = !!connector && stored.topic !== null;
  let event: WebhookEvent | undefined;
  const handler: InboundHandler | undefined = viaConnector
    ? (input) => workChannelWebhook({ ...input, connector: connector!, topic: stored.topic, kind, event })
    : inboundHandlers.get(kind);
  try {
    if (!handler) throw new InboundHandlerError(`No handler for ${kind}`);
    if (viaConnector) {
      event = await resolveChannelWebhook({
        db: job.deps.database.db, config: job.deps.config, log: job.log, tenantId: job.tenantId, processId: stored.process_id,
        connector: connector!, topic: stored.topic, kind, payload: parseJson(stored.body),
      }).catch((err: unknown) => {
        throw err instanceof ChannelWebhookRefused ? new InboundHandlerError(err.message) : err;
      });
    }
    return await withTenant(actor, async (tx) => {
      const result = await handler({
        tx, tenantId: job.tenantId, process: { id: stored.process_id, driver: stored.driver }, payload: parseJson(stored.body), rawBody: stored.body, log: job.log,
      });
      await tx.execute(sql`
        UPDATE inbound_webhooks SET status = 'processed', error = NULL, result = ${JSON.stringify(result ?? null)}::jsonb, processed_at = now()
        WHERE id = ${stored.id}::uuid`);
      return { webhook_id: stored.id, status: 'processed', result: result ?? null };
    });
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await withTenant(actor, async (tx) => {
      await tx.execute(sql`
        UPDATE inbound_webhooks SET status = 'failed', error = ${message}, processed_at = now() WHERE id = ${stored.id}::uuid`);
    });
    // A payload's own fault, or no allowance left (refused up front, or at the commit by a race for the last
    // orders): kept as failed, replayable once fixed or once the plan allows more; not retried blindly.
    if (err instanceof InboundHandlerError || (err instanceof DomainError && err.code === 'PAYMENT_REQUIRED')) {
      return { webhook_id: stored.id, status: 'failed', error: message };
    }
    throw err;
  }
}
