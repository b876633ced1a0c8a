import { secretBoxFor } from '../../platform/crypto/secret-box';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEST_TOPIC, permissionByName } from '@omnio/domain';
import { enterTenant, leaveTenant, withWebhookDispatcher } from '../../platform/db/privileged';
import { queryRows } from '../../platform/db/rows';
import type { AppDeps } from '../../platform/http/context';
import { createNotifications } from '../notifications/notify';
import { failWaitingDeliveries } from './webhooks.service';
import { guardedLookup, isPrivateAddress, PrivateTargetError } from './webhook-targets';

/**
 * The delivery loop (docs/api-webhooks.md): every background process claims due deliveries of every tenant
 * in batches with FOR UPDATE SKIP LOCKED (a claim pushes next_attempt_at forward by a lease, so two processes
 * never send the same delivery and a crashed sender's claim comes back), sends them concurrently over
 * keep-alive connections, and records the batch's outcomes in one statement.
 */

const BATCH = 200;
/** Requests in flight per batch. */
const CONCURRENCY = 64;
/**
 * Batches in flight per process: while one batch waits on its slowest receiver or records its outcomes,
 * another is already sending (SKIP LOCKED keeps them apart).
 */
const LOOPS = 3;
const IDLE_POLL_MS = 500;
/** Largest response body read (then discarded): a receiver cannot make the dispatcher buffer megabytes. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const ERROR_MAX = 500;

// One pool per process; the guarded lookup runs for every new connection, so the address connected to is
// the address checked.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * LOOPS }),
  https: new https.Agent({ keepAlive: true, maxSockets: CONCURRENCY * LOOPS }),
};

interface Claimed {
  tenant_id: string;
  id: string;
  subscription_id: string;
  topic: string;
  payload: unknown;
  attempts: number;
  address: string;
  secret: string;
}

interface Outcome {
  tenant_id: string;
  id: string;
  subscription_id: string;
  ok: boolean;
  code: number | null;
  latency: number;
  error: string | null;
  /** The final status when not delivered: retrying or failed. */
  status: 'delivered' | 'retrying' | 'failed';
  next_at: string | null;
}

/** The signature header value for a body sent at unix second t. */
export function signWebhook(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

async function claim(deps: AppDeps, limit: number): Promise<Claimed[]> {
  const leaseSeconds = deps.config.webhookTimeoutSeconds + 60;
  return withWebhookDispatcher(deps.database.db, (tx) => queryRows<Claimed>(tx, sql`
    UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    FROM (
      SELECT d2.tenant_id, d2.id, s.address, s.secret FROM webhook_deliveries d2
      JOIN webhook_subscriptions s ON s.tenant_id = d2.tenant_id AND s.id = d2.subscription_id
      WHERE d2.status IN ('pending', 'retrying') AND d2.next_attempt_at <= now()
        AND (s.status = 'active' OR d2.topic = ${WEBHOOK_TEST_TOPIC})
      ORDER BY d2.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE OF d2 SKIP LOCKED
    ) due
    WHERE d.tenant_id = due.tenant_id AND d.id = due.id
    RETURNING d.tenant_id, d.id, d.subscription_id, d.topic, d.payload, d.attempts, due.address, due.secret`));
}

function send(deps: AppDeps, row: Claimed): Promise<{ code: number | null; error: string | null; latency: number }> {
  const started = performance.now();
  const done = (code: number | null, error: string | null) => ({ code, error: error?.slice(0, ERROR_MAX) ?? null, latency: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(row.address);
  } catch {
    return Promise.resolve(done(null, 'Invalid address'));
  }
  const allowPrivate = deps.config.webhookAllowPrivateTargets;
  // An IP literal never goes through lookup: judge it here.
  if (!allowPrivate && isPrivateAddress(url.hostname)) return Promise.resolve(done(null, new PrivateTargetError(url.hostname).message));
  const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
  const t = Math.floor(Date.now() / 1000);
  let signature: string;
  try {
    // Sealed at rest (APP_KEY); opened only to sign.
    signature = signWebhook(secretBoxFor(deps.config).openSecret(row.secret), t, body);
  } catch {
    return Promise.resolve(done(null, 'The signing secret cannot be opened with this installation\'s APP_KEY'));
  }
  const secure = url.protocol === 'https:';
  return new Promise((resolve) => {
    const req = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      ...(allowPrivate ? {} : { lookup: guardedLookup }),
      signal: AbortSignal.timeout(deps.config.webhookTimeoutSeconds * 1000),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Omnio-Webhooks/1.0',
        'x-omnio-topic': row.topic,
        'x-omnio-delivery': row.id,
        'x-omnio-timestamp': String(t),
        [WEBHOOK_SIGNATURE_HEADER]: signature,
      },
    }, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) res.destroy();
      });
      const finish = () => {
        const code = res.statusCode ?? null;
        const ok = code !== null && code >= 200 && code < 300;
        resolve(done(code, ok ? null : `The receiver answered HTTP ${code}`));
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    req.on('error', (err: Error & { code?: string }) => {
      const message = err.name === 'TimeoutError' || err.name === 'AbortError'
        ? `No answer within ${deps.config.webhookTimeoutSeconds} s` : err.message || err.code || 'Network error';
      resolve(done(null, message));
    });
    req.end(body);
  });
}

/** Runs fn over items with at most `limit` in flight; answers results in input order. */
async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Exponential backoff with ±10 % jitter, so a receiver back from an outage is not hit by one synchronized wave. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  const delay = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}

const MANAGE_WEBHOOKS_PERMISSION = permissionByName('update-company')!.id;

async function record(deps: AppDeps, outcomes: Outcome[]): Promise<void> {
  // Per subscription, in the order the answers arrived: a success resets the count, a failure adds one.
  const subs = new Map<string, { tenant_id: string; id: string; reset: boolean; n: number; delivered: boolean }>();
  for (const o of outcomes) {
    const key = `${o.tenant_id}:${o.subscription_id}`;
    const s = subs.get(key) ?? { tenant_id: o.tenant_id, id: o.subscription_id, reset: false, n: 0, delivered: false };
    if (o.ok) Object.assign(s, { reset: true, n: 0, delivered: true });
    else s.n += 1;
    subs.set(key, s);
  }
  const limit = deps.config.webhookDisableAfterFailures;
  await withWebhookDispatcher(deps.database.db, async (tx) => {
    await tx.execute(sql`
      UPDATE webhook_deliveries d SET status = x.status, response_code = x.code, latency_ms = x.latency, error = x.error,
        next_attempt_at = coalesce(x.next_at, d.next_attempt_at), delivered_at = CASE WHEN x.ok THEN now() ELSE d.delivered_at END, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
        AS x(tenant_id uuid, id uuid, ok boolean, code int, latency int, error text, status text, next_at timestamptz)
      WHERE d.tenant_id = x.tenant_id AND d.id = x.id`);
    const disabled = await queryRows<{ tenant_id: string; id: string; address: string; failures: number }>(tx, sql`
      WITH x AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify([...subs.values()])}::jsonb)
                   AS x(tenant_id uuid, id uuid, reset boolean, n int, delivered boolean)),
      calc AS (
        SELECT s.tenant_id, s.id, x.delivered,
          CASE WHEN x.reset THEN x.n ELSE s.consecutive_failures + x.n END AS failures,
          s.status = 'active' AND (CASE WHEN x.reset THEN x.n ELSE s.consecutive_failures + x.n END) >= ${limit} AS disable
        FROM webhook_subscriptions s JOIN x ON s.tenant_id = x.tenant_id AND s.id = x.id
        FOR UPDATE OF s
      )
      UPDATE webhook_subscriptions s SET consecutive_failures = calc.failures,
        status = CASE WHEN calc.disable THEN 'disabled' ELSE s.status END,
        disabled_at = CASE WHEN calc.disable THEN now() ELSE s.disabled_at END,
        last_delivery_at = CASE WHEN calc.delivered THEN now() ELSE s.last_delivery_at END,
        updated_at = now()
      FROM calc WHERE s.tenant_id = calc.tenant_id AND s.id = calc.id
      RETURNING s.tenant_id, s.id, s.address, calc.failures, calc.disable`).then((rows) => rows.filter((r) => (r as unknown as { disable: boolean }).disable));
    // Only the transition from active returns here, so each disabling is announced once.
    for (const sub of disabled) {
      await enterTenant(tx, sub.tenant_id);
      await failWaitingDeliveries(tx, sub.tenant_id, sub.id, 'The webhook was disabled after repeated failures');
      const users = await queryRows<{ user_id: string }>(tx, sql`
        SELECT cu.user_id FROM company_users cu
        JOIN users u ON u.id = cu.user_id AND u.disabled_at IS NULL
        JOIN user_permissions up ON up.user_id = cu.user_id AND up.permission_id = ${MANAGE_WEBHOOKS_PERMISSION}
        WHERE cu.company_id = ${sub.tenant_id}::uuid AND cu.supplier_id IS NULL`);
      await createNotifications(tx, sub.tenant_id, users.map((u) => ({
        userId: u.user_id,
        type: 'webhook.disabled',
        data: {
          title: 'Webhook disabled',
          description: `Deliveries to ${sub.address} failed ${sub.failures} times in a row, so the webhook was disabled. Fix the receiver and enable it again.`,
          status: 'FAILED' as const,
          type: 'webhook.disabled',
          target: 'advanced',
          target_id: sub.id,
          params: { tab: 'webhooks', address: sub.address, failures: sub.failures },
        },
      })));
    }
    await leaveTenant(tx);
  });
}

/** One claim-send-record round; answers how many deliveries it handled. */
export async function dispatchWebhookBatch(deps: AppDeps, limit = BATCH): Promise<number> {
  const claimed = await claim(deps, limit);
  if (claimed.length === 0) return 0;
  const results = await mapConcurrent(claimed, CONCURRENCY, (row) => send(deps, row));
  const outcomes: Outcome[] = claimed.map((row, i) => {
    const r = results[i]!;
    const ok = r.error === null;
    const final = !ok && row.attempts >= deps.config.webhookMaxAttempts;
    return {
      tenant_id: row.tenant_id, id: row.id, subscription_id: row.subscription_id, ok, code: r.code, latency: r.latency, error: r.error,
      status: ok ? 'delivered' : final ? 'failed' : 'retrying',
      next_at: ok || final ? null : new Date(Date.now() + retryDelayMs(deps.config.webhookRetryBaseMs, row.attempts)).toISOString(),
    };
  });
  await record(deps, outcomes);
  return claimed.length;
}

/** Tests and scripts: delivers everything due now (and what becomes due meanwhile), answers the count. */
export async function deliverDueWebhooks(deps: AppDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await dispatchWebhookBatch(deps);
    total += n;
    if (n === 0) return total;
  }
}

/** The delivery loop of a server or worker process; answers a stop function. */
export function startWebhookDispatcher(deps: AppDeps, log: FastifyBaseLogger): () => Promise<void> {
  let running = true;
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  // Loop 0 polls; the others mostly sleep while the queue is quiet (an idle process then costs one small
  // claim every half second) and are woken as soon as a full batch says more is waiting.
  const loop = async (index: number) => {
    while (running) {
      let n = 0;
      try {
        n = await dispatchWebhookBatch(deps);
      } catch (err) {
        log.error({ err }, 'webhook dispatch failed');
      }
      if (n === BATCH) {
        wakeAll();
        continue;
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, index === 0 ? IDLE_POLL_MS : IDLE_POLL_MS * 20);
        wakers.add(wake);
      });
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, i) => loop(i));
  return async () => {
    running = false;
    wakeAll();
    await Promise.all(loops);
  };
}
