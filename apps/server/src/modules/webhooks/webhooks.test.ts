import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../../platform/db/rows';
import { inTenant, tenantIds } from '../inventory/inventory.fixtures';
import { createOrder, act, orderBody } from '../orders/orders.test-kit';
import { deliverDueWebhooks, retryDelayMs, startWebhookDispatcher } from './webhook-dispatcher';

/**
 * Outgoing webhooks against a real local receiver (node:http on 127.0.0.1, allowed by the operator switch
 * in this test app): subscriptions, signed deliveries, retries with backoff, disable after repeated
 * failures, the delivery log, 'send test', SSRF refusal, tenancy and permissions.
 */

interface Received { path: string; headers: http.IncomingHttpHeaders; body: string }
const received: Received[] = [];
/** Per path: how many times to fail (500) before answering 200; 'always' never succeeds. */
const failures = new Map<string, number | 'always'>();
let receiver: http.Server;
let base: string;

let t: TestApp;
let strict: TestApp;
type H = { authorization: string };
let acme: H;
let globex: H;
let supplier: H;
let ids: { acme: string; globex: string };

const RETRY_BASE_MS = 500;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body });
      const left = failures.get(path);
      if (left === 'always' || (typeof left === 'number' && left > 0)) {
        if (typeof left === 'number') failures.set(path, left - 1);
        res.writeHead(500).end('nope');
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    webhookAllowPrivateTargets: true, webhookRetryBaseMs: RETRY_BASE_MS, webhookMaxAttempts: 3, webhookDisableAfterFailures: 4, webhookTimeoutSeconds: 3,
  });
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  supplier = await t.as('acmeSupplier');
  ids = await tenantIds(t);
  strict = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

type Hook = { id: string; address: string; topic: string; status: string; active: boolean; consecutive_failures: number; disabled_at: string | null; secret?: string; secret_hint: string };
type Delivery = { id: string; topic: string; status: string; attempts: number; response_code: number | null; latency_ms: number | null; error: string | null; next_attempt_at: string | null; delivered_at: string | null };

async function call<T = unknown>(app: TestApp, expected: number, method: string, url: string, headers: H, payload?: object): Promise<T> {
  const res = await app.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  return (res.body ? res.json() : undefined) as T;
}
const hook = async (address: string, topic: string, as: H = acme) => (await call<{ data: Hook }>(t, 201, 'POST', '/webhooks', as, { address, topic })).data;
const deliveries = async (id: string) => (await call<{ data: Delivery[]; total: number }>(t, 200, 'GET', `/webhooks/${id}/deliveries`, acme)).data;
const get = async (id: string) => (await call<{ data: Hook }>(t, 200, 'GET', `/webhooks/${id}`, acme)).data;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A real wait, not a guess: a retry is due at its next_attempt_at, so that moment must pass before a pass sends it. */
const untilDue = (d: Delivery | undefined) => sleep(Math.max(0, Date.parse(d!.next_attempt_at!) - Date.now()) + 20);
const at = (path: string) => received.filter((r) => r.path === path);

function verify(secret: string, r: Received): boolean {
  // What a receiver does (docs/api-webhooks.md): split t and v1, recompute over "<t>.<raw body>", compare.
  const parts = Object.fromEntries(String(r.headers['x-omnio-signature']).split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  return parts.v1 === expected && parts.t === r.headers['x-omnio-timestamp'];
}

describe('/webhooks subscriptions', () => {
  it('creates with the secret shown once, then only a hint; updates, lists and deletes', async () => {
    const created = await hook(`${base}/crud`, 'order.created');
    expect(created).toMatchObject({ address: `${base}/crud`, topic: 'order.created', status: 'active', active: true, consecutive_failures: 0, disabled_at: null });
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created.secret_hint).toBe(`…${created.secret!.slice(-4)}`);
    const read = await get(created.id);
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify(await call(t, 200, 'GET', '/webhooks', acme))).not.toContain(created.secret!);

    const updated = (await call<{ data: Hook }>(t, 200, 'PUT', `/webhooks/${created.id}`, acme, { topic: 'order.*', active: false })).data;
    expect(updated).toMatchObject({ topic: 'order.*', status: 'disabled', active: false });
    expect(updated.disabled_at).not.toBeNull();
    const rotated = (await call<{ data: Hook }>(t, 200, 'POST', `/webhooks/${created.id}/rotate-secret`, acme)).data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);

    const list = await call<{ data: Hook[]; total: number; current_page: number }>(t, 200, 'GET', '/webhooks', acme);
    expect(list.data.map((h) => h.id)).toContain(created.id);
    await call(t, 204, 'DELETE', `/webhooks/${created.id}`, acme);
    await call(t, 404, 'GET', `/webhooks/${created.id}`, acme);
    await call(t, 404, 'DELETE', `/webhooks/${created.id}`, acme);
  });

  it('refuses bad input with 422 and field messages, writing nothing', async () => {
    const before = await countRows(t, 'webhook_subscriptions');
    const cases: [object, string][] = [
      [{ address: 'not a url', topic: 'order.created' }, 'address'],
      [{ address: 'ftp://example.com/x', topic: 'order.created' }, 'address'],
      [{ address: 'https://user:pw@example.com/x', topic: 'order.created' }, 'address'],
      [{ address: `https://example.com/${'x'.repeat(2100)}`, topic: 'order.created' }, 'address'],
      [{ address: 'https://example.com/x', topic: 'order.exploded' }, 'topic'],
      [{ address: 'https://example.com/x' }, 'topic'],
      [{ address: 'https://example.com/x', topic: 'order.created', extra: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await call<{ message: string; errors: Record<string, string[]> }>(t, 422, 'POST', '/webhooks', acme, body);
      expect(res.errors, JSON.stringify(body)).toBeTypeOf('object');
      if (field) expect(res.errors[field]?.[0], JSON.stringify(body)).toMatch(/\w/);
    }
    const id = (await hook(`${base}/bad`, 'order.created')).id;
    await call(t, 422, 'PUT', `/webhooks/${id}`, acme, { address: 'javascript:alert(1)' });
    expect((await get(id)).address).toBe(`${base}/bad`);
    expect(await countRows(t, 'webhook_subscriptions')).toBe(before + 1);
    await call(t, 204, 'DELETE', `/webhooks/${id}`, acme);
  });

  it('refuses loopback and private targets unless the operator allows them (422 on address)', async () => {
    const strictAcme = await strict.as('acmeTenant');
    const before = await countRows(strict, 'webhook_subscriptions');
    for (const address of ['http://127.0.0.1:8080/x', 'https://10.1.2.3/x', 'http://[::1]/x', 'http://localhost:3000/x', 'http://api.localhost/x',
      'http://169.254.169.254/latest/meta-data', 'http://192.168.1.10/x', 'http://172.20.0.1/x', 'http://0.0.0.0/x', 'http://[fd00::1]/x', 'http://[::ffff:127.0.0.1]/x']) {
      const res = await call<{ errors: Record<string, string[]> }>(strict, 422, 'POST', '/webhooks', strictAcme, { address, topic: 'order.created' });
      expect(res.errors.address?.[0], address).toMatch(/loopback or private network/);
    }
    expect(await countRows(strict, 'webhook_subscriptions')).toBe(before);
    const ok = (await call<{ data: Hook }>(strict, 201, 'POST', '/webhooks', strictAcme, { address: 'https://hooks.example.com/omnio', topic: 'order.created' })).data;
    await call(strict, 422, 'PUT', `/webhooks/${ok.id}`, strictAcme, { address: 'http://127.0.0.1/x' });
  });

  it("another tenant's webhook is a 404 everywhere", async () => {
    const mine = await hook(`${base}/mine`, 'order.created');
    for (const [method, url] of [['GET', `/webhooks/${mine.id}`], ['PUT', `/webhooks/${mine.id}`], ['DELETE', `/webhooks/${mine.id}`],
      ['POST', `/webhooks/${mine.id}/test`], ['GET', `/webhooks/${mine.id}/deliveries`], ['POST', `/webhooks/${mine.id}/rotate-secret`]] as const) {
      await call(t, 404, method, url, globex, method === 'PUT' ? { topic: 'order.*' } : undefined);
    }
    expect((await call<{ data: Hook[] }>(t, 200, 'GET', '/webhooks', globex)).data.map((h) => h.id)).not.toContain(mine.id);
    expect((await get(mine.id)).topic).toBe('order.created');
    await call(t, 404, 'GET', '/webhooks/not-a-uuid', acme);
    await call(t, 204, 'DELETE', `/webhooks/${mine.id}`, acme);
  });

  it('403 for a user without the permission (a supplier user)', async () => {
    await call(t, 403, 'GET', '/webhooks', supplier);
    await call(t, 403, 'POST', '/webhooks', supplier, { address: `${base}/x`, topic: 'order.created' });
  });
});

describe('publishing and delivering', () => {
  it('an order lifecycle change queues exactly one delivery per matching subscription, signed, and none for others', async () => {
    const created = await hook(`${base}/created`, 'order.created');
    const all = await hook(`${base}/order-all`, 'order.*');
    const cancel = await hook(`${base}/cancel`, 'order.cancel');
    const everything = await hook(`${base}/everything`, '*');
    const shipments = await hook(`${base}/shipments`, 'shipment.*');
    const off = await hook(`${base}/off`, 'order.*');
    await call(t, 200, 'PUT', `/webhooks/${off.id}`, acme, { active: false });
    const other = await hook(`${base}/globex`, '*', globex);

    const res = await createOrder(t, acme, orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    const orderId = (res.json() as { data: { id: string } }).data.id;
    const sent = await deliverDueWebhooks(t.runtime);
    expect(sent).toBe(3);
    for (const h of [created, all, everything]) {
      const [d, ...more] = await deliveries(h.id);
      expect(more).toHaveLength(0);
      expect(d).toMatchObject({ topic: 'order.created', status: 'delivered', attempts: 1, response_code: 200, error: null });
      expect(d!.latency_ms).toBeGreaterThanOrEqual(0);
      expect(d!.delivered_at).not.toBeNull();
    }
    for (const h of [cancel, shipments, off]) expect(await deliveries(h.id)).toHaveLength(0);
    expect((await call<{ data: Delivery[] }>(t, 200, 'GET', `/webhooks/${other.id}/deliveries`, globex)).data).toHaveLength(0);

    const [r] = at('/created');
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['x-omnio-topic']).toBe('order.created');
    expect(r!.headers['x-omnio-delivery']).toBe((await deliveries(created.id))[0]!.id);
    expect(verify(created.secret!, r!)).toBe(true);
    expect(verify(all.secret!, r!)).toBe(false);
    expect(Math.abs(Number(r!.headers['x-omnio-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const body = JSON.parse(r!.body);
    expect(body).toMatchObject({ topic: 'order.created', data: { id: orderId, type: 'order', action: 'create', from: null, to: 'error' } });
    // One event, one id: every subscription receives the same event id.
    expect(JSON.parse(at('/everything')[0]!.body).id).toBe(body.id);
    // A tampered body no longer verifies.
    expect(verify(created.secret!, { ...r!, body: r!.body.replace('order.created', 'order.cancel') })).toBe(false);

    expect((await act(t, acme, orderId, 'cancel')).statusCode).toBe(200);
    expect(await deliverDueWebhooks(t.runtime)).toBe(3);
    expect(JSON.parse(at('/cancel')[0]!.body)).toMatchObject({ topic: 'order.cancel', data: { id: orderId, from: 'error', to: 'cancelled' } });
    expect(at('/created')).toHaveLength(1);
    expect(at('/order-all')).toHaveLength(2);
    expect(at('/globex')).toHaveLength(0);
    for (const h of [created, all, cancel, everything, shipments, off]) await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
    await call(t, 204, 'DELETE', `/webhooks/${other.id}`, globex);
  });

  it('a failure is retried with exponential backoff; a success resets the failures; redeliver sends it again', async () => {
    failures.set('/flaky', 2);
    const h = await hook(`${base}/flaky`, 'webhook.test');
    const test = (await call<{ data: Delivery }>(t, 202, 'POST', `/webhooks/${h.id}/test`, acme)).data;
    expect(test).toMatchObject({ topic: 'webhook.test', status: 'pending', attempts: 0 });

    expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    let [d] = await deliveries(h.id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, response_code: 500, error: 'The receiver answered HTTP 500' });
    expect((await get(h.id)).consecutive_failures).toBe(1);
    const firstWait = Date.parse(d!.next_attempt_at!) - Date.now();
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(RETRY_BASE_MS * 1.1 + 50);
    expect(await deliverDueWebhooks(t.runtime)).toBe(0); // not due yet

    await untilDue(d);
    expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    [d] = await deliveries(h.id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 2, response_code: 500 });
    expect((await get(h.id)).consecutive_failures).toBe(2);
    // The second wait doubles the first.
    const secondWait = Date.parse(d!.next_attempt_at!) - Date.now();
    expect(secondWait).toBeGreaterThan(RETRY_BASE_MS * 0.9 * 2 - 100);
    expect(await deliverDueWebhooks(t.runtime)).toBe(0); // not due yet
    await untilDue(d);
    expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    [d] = await deliveries(h.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200, error: null, next_attempt_at: null });
    expect((await get(h.id)).consecutive_failures).toBe(0);
    expect(at('/flaky')).toHaveLength(3);
    expect(verify(h.secret!, at('/flaky')[2]!)).toBe(true);

    // Redeliver: back to the queue, sent again with the same body.
    const again = (await call<{ data: Delivery }>(t, 202, 'POST', `/webhooks/${h.id}/deliveries/${d!.id}/retry`, acme)).data;
    expect(again).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    expect(at('/flaky')).toHaveLength(4);
    expect(JSON.parse(at('/flaky')[3]!.body).id).toBe(JSON.parse(at('/flaky')[0]!.body).id);
    await call(t, 404, 'POST', `/webhooks/${h.id}/deliveries/${h.id}/retry`, acme);
    await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
  });

  it('a delivery that keeps failing ends as failed after the maximum attempts', async () => {
    failures.set('/down', 'always');
    const h = await hook(`${base}/down`, 'webhook.test');
    await call(t, 202, 'POST', `/webhooks/${h.id}/test`, acme);
    for (let i = 0; i < 3; i++) {
      if (i > 0) await untilDue((await deliveries(h.id))[0]);
      expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    }
    const [d] = await deliveries(h.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 3, response_code: 500, next_attempt_at: null });
    expect((await get(h.id)).consecutive_failures).toBe(3);
    // No sleep: with no next_attempt_at a failed delivery can never be claimed (a claim needs status pending or
    // retrying and next_attempt_at <= now()), so a pass now proves what a later one would do.
    expect(await deliverDueWebhooks(t.runtime)).toBe(0);
    expect(at('/down')).toHaveLength(3);
    await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
  });

  it('repeated failures disable the webhook once and notify the users who manage webhooks; enabling resets it', async () => {
    failures.set('/dead', 'always');
    const h = await hook(`${base}/dead`, 'webhook.test');
    for (let i = 0; i < 5; i++) await call(t, 202, 'POST', `/webhooks/${h.id}/test`, acme);
    expect(await deliverDueWebhooks(t.runtime)).toBe(5);
    const after = await get(h.id);
    expect(after).toMatchObject({ status: 'disabled', active: false, consecutive_failures: 5 });
    expect(after.disabled_at).not.toBeNull();
    const notes = await inTenant(t, ids.acme, (tx) => queryRows<{ user_id: string; data: { status: string; target: string; target_id: string; description: string } }>(tx, sql`
      SELECT user_id, data FROM notifications WHERE type = 'webhook.disabled' AND data->>'target_id' = ${h.id}`));
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect(notes[0]!.data).toMatchObject({ status: 'FAILED', target: 'advanced', target_id: h.id });
    expect(notes[0]!.data.description).toContain(`${base}/dead`);
    const tenantUser = (await call<{ data: { id: string } }>(t, 200, 'GET', '/users/information', acme)).data.id;
    expect(notes.map((n) => n.user_id)).toContain(tenantUser);
    // Globex hears nothing of it.
    expect(await inTenant(t, ids.globex, (tx) => queryRows(tx, sql`SELECT 1 FROM notifications WHERE type = 'webhook.disabled'`))).toHaveLength(0);

    // Disabled: new events are not queued for it, and a further failing test does not notify again.
    await call(t, 202, 'POST', `/webhooks/${h.id}/test`, acme);
    await deliverDueWebhooks(t.runtime);
    const again = await inTenant(t, ids.acme, (tx) => queryRows(tx, sql`SELECT 1 FROM notifications WHERE type = 'webhook.disabled' AND data->>'target_id' = ${h.id}`));
    expect(again).toHaveLength(notes.length);

    const enabled = (await call<{ data: Hook }>(t, 200, 'PUT', `/webhooks/${h.id}`, acme, { active: true })).data;
    expect(enabled).toMatchObject({ status: 'active', consecutive_failures: 0, disabled_at: null });
    await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
  });

  it('redelivering an event of a disabled webhook is refused until it is enabled again', async () => {
    const h = await hook(`${base}/later`, 'order.created');
    expect((await createOrder(t, acme, orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }]))).statusCode).toBe(201);
    await deliverDueWebhooks(t.runtime);
    const [d] = await deliveries(h.id);
    expect(d).toMatchObject({ topic: 'order.created', status: 'delivered' });
    await call(t, 200, 'PUT', `/webhooks/${h.id}`, acme, { active: false });
    expect((await call<{ code: string }>(t, 409, 'POST', `/webhooks/${h.id}/deliveries/${d!.id}/retry`, acme)).code).toBe('CONFLICT');
    // Nothing new is queued for a disabled webhook.
    expect((await createOrder(t, acme, orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }]))).statusCode).toBe(201);
    expect(await deliveries(h.id)).toHaveLength(1);
    await call(t, 200, 'PUT', `/webhooks/${h.id}`, acme, { active: true });
    await call(t, 202, 'POST', `/webhooks/${h.id}/deliveries/${d!.id}/retry`, acme);
    expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    expect(at('/later')).toHaveLength(2);
    await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
  });

  it('two dispatchers working the queue at once send each delivery exactly once', async () => {
    const h = await hook(`${base}/once`, 'webhook.test');
    for (let i = 0; i < 60; i++) await call(t, 202, 'POST', `/webhooks/${h.id}/test`, acme);
    const [a, b] = await Promise.all([deliverDueWebhooks(t.runtime), deliverDueWebhooks(t.runtime)]);
    expect(a + b).toBe(60);
    expect(at('/once')).toHaveLength(60);
    expect(new Set(at('/once').map((r) => r.headers['x-omnio-delivery'])).size).toBe(60);
    expect((await deliveries(h.id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
  });

  it('the background loop delivers on its own and stops cleanly', async () => {
    const h = await hook(`${base}/loop`, 'webhook.test');
    const stop = startWebhookDispatcher(t.runtime, t.runtime.log);
    try {
      await call(t, 202, 'POST', `/webhooks/${h.id}/test`, acme);
      await expect.poll(() => at('/loop').length, { timeout: 5000 }).toBe(1);
      await expect.poll(async () => (await deliveries(h.id))[0]?.status, { timeout: 5000 }).toBe('delivered');
    } finally {
      await stop();
    }
    // No sleep: stop() resolves once every loop has returned, so nothing can send from here on. The new
    // delivery waits, still pending, until a pass of our own sends it.
    await call(t, 202, 'POST', `/webhooks/${h.id}/test`, acme);
    expect(at('/loop')).toHaveLength(1);
    expect((await deliveries(h.id)).map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
    expect(await deliverDueWebhooks(t.runtime)).toBe(1);
    expect(at('/loop')).toHaveLength(2);
    await call(t, 204, 'DELETE', `/webhooks/${h.id}`, acme);
  });

  it('backoff doubles per attempt with bounded jitter', () => {
    for (let attempt = 1; attempt <= 6; attempt++) {
      const d = retryDelayMs(1000, attempt);
      expect(d).toBeGreaterThanOrEqual(1000 * 2 ** (attempt - 1) * 0.9);
      expect(d).toBeLessThanOrEqual(1000 * 2 ** (attempt - 1) * 1.1);
    }
  });
});

describe('delivery-time address check', () => {
  it.each([
    ['a name that now resolves to loopback', (port: string) => `http://localhost:${port}/rebound-name`, '/rebound-name'],
    ['a loopback literal', (port: string) => `http://127.0.0.1:${port}/rebound-ip`, '/rebound-ip'],
  ])('without the operator switch, %s is refused when sending (DNS rebinding)', async (_, address, path) => {
    const strictAcme = await strict.as('acmeTenant');
    const h = (await call<{ data: Hook }>(strict, 201, 'POST', '/webhooks', strictAcme, { address: 'https://hooks.example.com/x', topic: 'webhook.test' })).data;
    // The name was public when saved; now it points at the server's own loopback (written past the API, as DNS would).
    await strict.database.ownerExec(`UPDATE webhook_subscriptions SET address = '${address(new URL(base).port)}' WHERE id = '${h.id}'`);
    await call(strict, 202, 'POST', `/webhooks/${h.id}/test`, strictAcme);
    expect(await deliverDueWebhooks(strict.runtime)).toBe(1);
    const [d] = (await call<{ data: Delivery[] }>(strict, 200, 'GET', `/webhooks/${h.id}/deliveries`, strictAcme)).data;
    expect(d).toMatchObject({ status: 'retrying', response_code: null });
    expect(d!.error).toMatch(/loopback or private network/);
    expect(at(path)).toHaveLength(0);
  });
});
