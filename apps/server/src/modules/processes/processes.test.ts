import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import { makeSku } from '../inventory/inventory.fixtures';
import { poKit, uniq, type PoKit } from '../purchase-orders/purchase-orders.test-kit';
import { signOmnio } from './inbound-webhooks.service';
import { createHmac } from 'node:crypto';

/** Processes and spec 7 inbound webhooks: verified, stored with their job in one go, worked later, replayable. */

let k: PoKit;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const drain = () => drainJobs(k.t.runtime, quiet);
beforeAll(async () => {
  k = await poKit();
});
afterAll(() => k.close());

interface Proc { id: string; name: string; driver: string; status: string; webhook_secret?: string; webhook_urls: Record<string, string> }
interface Hook { id: string; status: string; attempts: number; error: string | null; job_id: string | null; context: string; resource: string; result: unknown }
const NIL = '00000000-0000-4000-8000-000000000000';

const makeProcess = async (driver = 'custom', name = uniq('Shop')) =>
  (await k.ok<{ data: Proc & { webhook_secret: string } }>(201, 'POST', '/processes', k.acme, { name, driver })).data;

/** Delivers a body to a process's URL the way a channel would. */
function deliver(processId: string, kind: string, body: string, headers: Record<string, string> = {}) {
  return k.t.app.inject({
    method: 'POST', url: `/api/1.0/processes/${processId}/gateway/webhook/${kind}`, payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
const signed = (secret: string, body: string, t?: number) => ({ 'x-omnio-signature': signOmnio(secret, body, t) });
const hooksOf = async (processId: string) => (await k.ok<{ data: Hook[]; total: number }>(200, 'GET', `/processes/${processId}/inbound-webhooks`, k.acme)).data;

const order = (externalId: string, sku: string) => ({
  external_id: externalId,
  customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  lines: [{ sku, quantity: 2, price: '19.90' }],
  ship_method: 'standard',
});

describe('/processes', () => {
  it('creates with the secret shown once, lists, updates, rotates and deletes', async () => {
    const made = await makeProcess('shopify', 'Acme Shopify');
    expect(made).toMatchObject({ name: 'Acme Shopify', driver: 'shopify', status: 'active' });
    expect(made.webhook_secret).toMatch(/^whsec_/);
    expect(made.webhook_urls['orders/import-orders']).toBe(`http://omnio.test/api/1.0/processes/${made.id}/gateway/webhook/orders/import-orders`);
    expect(Object.keys(made.webhook_urls)).toHaveLength(9);

    const got = (await k.ok<{ data: Proc }>(200, 'GET', `/processes/${made.id}`, k.acme)).data;
    expect(got).not.toHaveProperty('webhook_secret');
    const list = await k.ok<{ data: Proc[]; total: number }>(200, 'GET', '/processes', k.acme);
    expect(list.data.map((p) => p.id)).toContain(made.id);
    expect(JSON.stringify(list)).not.toContain(made.webhook_secret);

    const updated = (await k.ok<{ data: Proc }>(200, 'PUT', `/processes/${made.id}`, k.acme, { name: 'Acme Shopify US', status: 'disabled' })).data;
    expect(updated).toMatchObject({ name: 'Acme Shopify US', status: 'disabled' });

    const rotated = (await k.ok<{ data: Proc & { webhook_secret: string } }>(200, 'POST', `/processes/${made.id}/rotate-secret`, k.acme)).data;
    expect(rotated.webhook_secret).toMatch(/^whsec_/);
    expect(rotated.webhook_secret).not.toBe(made.webhook_secret);

    await k.ok(204, 'DELETE', `/processes/${made.id}`, k.acme);
    await k.ok(404, 'GET', `/processes/${made.id}`, k.acme);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    await makeProcess('custom', 'Taken name');
    const before = await countRows(k.t, 'processes');
    for (const bad of [{ name: 'x', driver: 'myspace' }, { name: '', driver: 'custom' }, { driver: 'custom' }, { name: 'x' },
      { name: 'x', driver: 'custom', extra: true }, { name: 'taken NAME', driver: 'custom' }, { name: 'x'.repeat(101), driver: 'custom' }]) {
      const r = await k.api('POST', '/processes', k.acme, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json()).toHaveProperty('errors');
    }
    const p = await makeProcess();
    expect((await k.api('PUT', `/processes/${p.id}`, k.acme, { status: 'paused' })).statusCode).toBe(422);
    expect(await countRows(k.t, 'processes')).toBe(before + 1);
  });

  it("another tenant's process is 404 for every route, and nothing changes", async () => {
    const p = await makeProcess();
    const body = JSON.stringify({ hello: 1 });
    await deliver(p.id, 'inventory/sync', body, signed(p.webhook_secret, body));
    const [hook] = await hooksOf(p.id);
    for (const [method, url, payload] of [
      ['GET', `/processes/${p.id}`], ['PUT', `/processes/${p.id}`, { name: 'Stolen' }], ['DELETE', `/processes/${p.id}`],
      ['POST', `/processes/${p.id}/rotate-secret`], ['GET', `/processes/${p.id}/inbound-webhooks`],
      ['POST', `/processes/${p.id}/inbound-webhooks/${hook!.id}/replay`],
    ] as const) {
      expect((await k.api(method, url, k.globex, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await k.ok<{ data: Proc[] }>(200, 'GET', '/processes', k.globex)).data.map((x) => x.id)).not.toContain(p.id);
    expect((await k.ok<{ data: Proc }>(200, 'GET', `/processes/${p.id}`, k.acme)).data.name).toBe(p.name);
    // Its secret still works: it was not rotated by the other tenant.
    expect((await deliver(p.id, 'inventory/sync', body, signed(p.webhook_secret, body))).statusCode).toBe(202);
  });

  it('needs the process permissions', async () => {
    expect((await k.api('GET', '/processes', k.supplier)).statusCode).toBe(403);
    expect((await k.api('POST', '/processes', k.supplier, { name: 'x', driver: 'custom' })).statusCode).toBe(403);
    expect((await k.api('GET', '/processes', {})).statusCode).toBe(401);
  });
});

describe('inbound webhooks', () => {
  it('a correctly signed delivery answers 202 at once, is stored with its job, and nothing runs inline', async () => {
    const p = await makeProcess();
    const sku = uniq('WH-SKU');
    await makeSku(k.t, k.acmeId, { sku });
    const ext = uniq('SHOP');
    const body = JSON.stringify(order(ext, sku));
    const res = await deliver(p.id, 'orders/import-orders', body, signed(p.webhook_secret, body));
    expect(res.statusCode, res.body).toBe(202);
    const data = (res.json() as { data: { id: string; status: string } }).data;
    expect(data.status).toBe('received');
    const [row] = await k.sql(`SELECT body, headers, status FROM inbound_webhooks WHERE id = '${data.id}'`);
    expect(row).toMatchObject({ body, status: 'received' });
    expect(row!.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.stringify(row!.headers)).not.toContain('x-omnio-signature');
    // Not processed yet: no order until the job runs.
    expect(await k.sql(`SELECT id FROM orders WHERE external_id = '${ext}'`)).toHaveLength(0);
    const [hook] = await hooksOf(p.id);
    expect(hook).toMatchObject({ id: data.id, status: 'received', attempts: 0, context: 'orders', resource: 'import-orders' });
    expect((await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${hook!.job_id}`, k.acme)).data.status).toBe('PENDING');

    await drain();
    const [done] = await hooksOf(p.id);
    expect(done).toMatchObject({ status: 'processed', attempts: 1, error: null });
    const orders = await k.sql(`SELECT channel, status FROM orders WHERE external_id = '${ext}'`);
    expect(orders).toEqual([{ channel: 'custom', status: expect.not.stringMatching(/^error$/) }]);
  });

  it('a missing, wrong or stale signature is 401 and nothing is stored', async () => {
    const p = await makeProcess();
    const body = JSON.stringify({ hello: 'world' });
    const before = await countRows(k.t, 'inbound_webhooks');
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    for (const headers of [
      {}, signed('whsec_wrong', body), signed(p.webhook_secret, `${body} `), signed(p.webhook_secret, body, old),
      { 'x-omnio-signature': 'garbage' }, { 'x-omnio-signature': `t=${Math.floor(Date.now() / 1000)},v1=` },
      // A Shopify header means nothing for a process whose driver is not Shopify.
      { 'x-shopify-hmac-sha256': createHmac('sha256', p.webhook_secret).update(body).digest('base64') },
    ]) {
      const res = await deliver(p.id, 'orders/import-orders', body, headers as Record<string, string>);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it("a Shopify process also accepts Shopify's x-shopify-hmac-sha256, and a rotated secret stops the old one", async () => {
    const p = await makeProcess('shopify');
    const body = JSON.stringify({ id: 1, email: 'x@example.com' });
    const shopify = (secret: string) => ({ 'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64') });
    expect((await deliver(p.id, 'mandatory/customers/redact', body, shopify(p.webhook_secret))).statusCode).toBe(202);
    expect((await deliver(p.id, 'mandatory/customers/redact', body, shopify('nope'))).statusCode).toBe(401);
    const rotated = (await k.ok<{ data: { webhook_secret: string } }>(200, 'POST', `/processes/${p.id}/rotate-secret`, k.acme)).data;
    expect((await deliver(p.id, 'mandatory/customers/redact', body, shopify(p.webhook_secret))).statusCode).toBe(401);
    expect((await deliver(p.id, 'mandatory/customers/redact', body, shopify(rotated.webhook_secret))).statusCode).toBe(202);
    await drain();
    // The privacy requests are stored and acknowledged.
    expect((await hooksOf(p.id)).map((h) => h.status)).toEqual(['processed', 'processed']);
  });

  it('an unknown process or kind, or a disabled process, is 404 and nothing is stored', async () => {
    const p = await makeProcess();
    const body = '{}';
    const before = await countRows(k.t, 'inbound_webhooks');
    expect((await deliver(NIL, 'orders/import-orders', body, signed(p.webhook_secret, body))).statusCode).toBe(404);
    expect((await deliver('not-a-process', 'orders/import-orders', body, signed(p.webhook_secret, body))).statusCode).toBe(404);
    expect((await deliver(p.id, 'orders/delete-everything', body, signed(p.webhook_secret, body))).statusCode).toBe(404);
    expect((await deliver(p.id, 'mandatory/shop', body, signed(p.webhook_secret, body))).statusCode).toBe(404);
    await k.ok(200, 'PUT', `/processes/${p.id}`, k.acme, { status: 'disabled' });
    const res = await deliver(p.id, 'orders/import-orders', body, signed(p.webhook_secret, body));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it('a body over 1 MB is a 413 JSON answer', async () => {
    const p = await makeProcess();
    const body = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
    const res = await deliver(p.id, 'orders/import-orders', body, signed(p.webhook_secret, body));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('message');
  });

  it('a delivery whose processing fails stays failed with its error, nothing imported; after the fix a replay imports it', async () => {
    const p = await makeProcess('woocommerce');
    const sku = uniq('LATE-SKU');
    const ext = uniq('WOO');
    const body = JSON.stringify({ orders: [order(ext, sku)] });
    expect((await deliver(p.id, 'orders/import-orders', body, signed(p.webhook_secret, body))).statusCode).toBe(202);
    await drain();
    const [failed] = await hooksOf(p.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.error).toContain(ext);
    expect(failed!.error).toMatch(/sku/i);
    expect(await k.sql(`SELECT id FROM orders WHERE external_id = '${ext}'`)).toHaveLength(0);

    // The cause is fixed: the SKU now exists. Replay works the stored payload again.
    await makeSku(k.t, k.acmeId, { sku });
    const replay = await k.ok<{ data: { id: string; status: string; job_id: string } }>(202, 'POST', `/processes/${p.id}/inbound-webhooks/${failed!.id}/replay`, k.acme);
    expect(replay.data).toMatchObject({ id: failed!.id, status: 'received' });
    await drain();
    const [ok] = await hooksOf(p.id);
    expect(ok).toMatchObject({ id: failed!.id, status: 'processed', attempts: 2, error: null });
    expect(await k.sql(`SELECT channel FROM orders WHERE external_id = '${ext}'`)).toEqual([{ channel: 'woocommerce' }]);
    // Replaying a processed delivery again imports nothing twice (idempotent on channel + external id).
    await k.ok(202, 'POST', `/processes/${p.id}/inbound-webhooks/${failed!.id}/replay`, k.acme);
    await drain();
    expect(await k.sql(`SELECT id FROM orders WHERE external_id = '${ext}'`)).toHaveLength(1);
    expect((await k.api('POST', `/processes/${p.id}/inbound-webhooks/${NIL}/replay`, k.acme)).statusCode).toBe(404);
  });

  it('a delivery beyond the plan\'s monthly orders is kept as failed with the reason, its job done (not retried), nothing imported', async () => {
    const p = await makeProcess('woocommerce');
    const sku = uniq('PLAN-SKU');
    await makeSku(k.t, k.acmeId, { sku });
    const ext = uniq('WOO');
    const body = JSON.stringify({ orders: [order(ext, sku)] });
    const [usage] = await k.sql(`SELECT orders FROM billing_usage WHERE tenant_id = '${k.acmeId}' AND period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`);
    await k.sql(`INSERT INTO billing_usage (tenant_id, period, orders) VALUES ('${k.acmeId}', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 2000000000)
      ON CONFLICT (tenant_id, period) DO UPDATE SET orders = EXCLUDED.orders`);
    try {
      expect((await deliver(p.id, 'orders/import-orders', body, signed(p.webhook_secret, body))).statusCode).toBe(202);
      await drain();
      const [hook] = await hooksOf(p.id);
      expect(hook).toMatchObject({ status: 'failed', attempts: 1 });
      expect(hook!.error).toMatch(/plan|subscription/i);
      expect((await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${hook!.job_id}`, k.acme)).data.status).toBe('COMPLETED');
      expect(await k.sql(`SELECT id FROM orders WHERE external_id = '${ext}'`)).toHaveLength(0);
    } finally {
      await k.sql(`UPDATE billing_usage SET orders = ${Number((usage as { orders?: number } | undefined)?.orders ?? 0)}
        WHERE tenant_id = '${k.acmeId}' AND period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`);
    }
  });

  it('an invalid body and a kind without a handler are stored and failed with the reason', async () => {
    const p = await makeProcess();
    const bad = JSON.stringify({ lines: 'not a list' });
    const none = JSON.stringify({ items: [] });
    await deliver(p.id, 'orders/import-orders', bad, signed(p.webhook_secret, bad));
    await deliver(p.id, 'inventory/sync', none, signed(p.webhook_secret, none));
    await drain();
    const hooks = await hooksOf(p.id);
    const byKind = Object.fromEntries(hooks.map((h) => [`${h.context}/${h.resource}`, h]));
    expect(byKind['orders/import-orders']).toMatchObject({ status: 'failed' });
    expect(byKind['orders/import-orders']!.error).toContain('lines');
    expect(byKind['inventory/sync']).toMatchObject({ status: 'failed', error: 'No handler for inventory/sync' });
  });
});
