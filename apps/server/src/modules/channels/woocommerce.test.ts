import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelProcessItem, ChannelRunDetail } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { startWooCommerceFake, wpDate, type WooCommerceFake } from '../../test/fakes/woocommerce/woocommerce-fake';
import { ChannelHttp } from './http-client';
import { openCredentials } from './process-store';
import { registerConnector } from './registry';
import { channelKitWith, ordersOf, runAction, runsOf, stockedSkus, uniq, type ChannelKit } from './channels.test-kit';
import { woocommerceConnector } from './woocommerce/woocommerce.connector';

/**
 * WooCommerce end to end against a local fake built from shared/channels/woocommerce.md: connect (keys, the
 * key-generation flow), import (every page, store-local vs _gmt dates, statuses, throttled, refused), webhooks
 * (ping, signed, replayed, forged), stock in batches, tracking as a completed order with a customer note,
 * and what another company must never see.
 */

let k: ChannelKit<WooCommerceFake>;
const SKUS = ['WOO-TEE-RED', 'WOO-TEE-BLUE', 'WOO-CAP'];
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  // Kept even once channels.jobs.ts registers it: a second registration is ignored.
  registerConnector(woocommerceConnector);
  k = await channelKitWith(await startWooCommerceFake());
  await stockedSkus(k, SKUS, 500);
});
afterAll(() => k.close());

interface WooBody { store?: string; key?: string; secret?: string; webhookSecret?: string; actions?: Record<string, unknown>; name?: string }

const storeUrl = (scheme = 'https') => `${scheme}://${uniq('shop').toLowerCase()}.example.com`;

function wooProcessBody(body: WooBody = {}) {
  return {
    name: body.name ?? uniq('Acme Woo'),
    driver: 'woocommerce',
    credentials: {
      store_url: body.store ?? storeUrl(), consumer_key: body.key ?? k.fake.consumerKey, consumer_secret: body.secret ?? k.fake.consumerSecret,
      webhook_secret: body.webhookSecret ?? 'whsec_woo_test_secret',
    },
    settings: { api_base_url: k.fake.url },
    actions: body.actions ?? {
      import_orders: { active: true, options: {} },
      update_tracking: { active: true, options: { notify_customer: true } },
      sync_inventory: { active: true, options: { reserve_percentage: 0, iloc_id: k.iloc } },
      import_products: { active: true, options: { create_sku_if_not_exists: true } },
    },
  };
}

const makeWoo = async (body: WooBody = {}) => (await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, wooProcessBody(body))).data;
const line = (sku: string, quantity = 1, price = '19.90') => ({ sku, quantity, price });

describe('connecting a WooCommerce store', () => {
  it('keeps the keys sealed and tests them against the store: its name, or the store\'s refusal as a 422', async () => {
    const res = await k.api('POST', '/processes', k.acme, wooProcessBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(k.fake.consumerSecret);
    const made = res.json<{ data: ChannelProcessItem }>().data;
    expect(made.credentials).toEqual({ store_url: true, consumer_key: true, consumer_secret: true, webhook_secret: true });
    expect(made.supported_actions).toEqual(['import_orders', 'update_tracking', 'sync_inventory', 'import_products']);
    const ok = (await k.ok<{ data: { ok: boolean; shop: { name: string } } }>(200, 'POST', `/processes/${made.id}/test`, k.acme)).data;
    expect(ok).toMatchObject({ ok: true, shop: { name: k.fake.siteName } });

    const bad = await makeWoo({ secret: 'cs_wrong' });
    const refused = await k.api('POST', `/processes/${bad.id}/test`, k.acme);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatch(/Consumer secret is invalid/);
    expect(refused.body).not.toContain('cs_wrong');
  });

  it('signs every call with OAuth 1.0a for a plain-http store and uses Basic auth over https', async () => {
    const before = k.fake.calls().length;
    const plain = await makeWoo({ store: storeUrl('http') });
    await k.ok(200, 'POST', `/processes/${plain.id}/test`, k.acme);
    const signed = k.fake.calls().slice(before);
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.every((c) => c.auth === 'oauth1' && c.status === 200)).toBe(true);
    expect(signed[0]!.path).toMatch(/oauth_signature_method=HMAC-SHA256/);
    expect(signed[0]!.path).not.toContain(k.fake.consumerSecret);

    const mid = k.fake.calls().length;
    const tls = await makeWoo();
    await k.ok(200, 'POST', `/processes/${tls.id}/test`, k.acme);
    expect(k.fake.calls().slice(mid).every((c) => c.auth === 'basic')).toBe(true);
  });

  it('falls back to query-string keys when the host drops the Authorization header, and never logs them', async () => {
    const tls = await makeWoo();
    k.fake.stripAuthorizationHeader();
    try {
      const mid = k.fake.calls().length;
      const order = k.fake.addOrder({ lineItems: [line(SKUS[0]!)] });
      const run = await runAction(k, tls.id, 'import_orders');
      expect(run.status, run.failure ?? '').toBe('COMPLETED');
      expect((await ordersOf(k, tls.id)).map((o) => o.external_id)).toContain(String(order.id));
      expect(k.fake.calls().slice(mid).map((c) => c.auth)).toEqual(expect.arrayContaining(['none', 'query']));
      expect(JSON.stringify(run.call_log)).not.toContain(k.fake.consumerSecret);
      expect(JSON.stringify(run.call_log)).not.toContain(k.fake.consumerKey);
    } finally {
      k.fake.stripAuthorizationHeader(false);
    }
  });

  it('a signed (plain-http) import waits out a 429 and signs the next attempt afresh', async () => {
    const plain = await makeWoo({ store: storeUrl('http') });
    const order = k.fake.addOrder({ lineItems: [line(SKUS[1]!)] });
    k.fake.throttleNext(1, 0);
    const run = await runAction(k, plain.id, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect((await ordersOf(k, plain.id)).map((o) => o.external_id)).toContain(String(order.id));
    expect(run.call_log.map((c) => c.status)).toEqual(expect.arrayContaining([429, 200]));
  });
});

describe('orders from WooCommerce', () => {
  let processId: string;
  let seeded: number[];
  beforeAll(async () => {
    // Counted exactly below: the store starts without the orders earlier tests left.
    k.fake.reset();
    processId = (await makeWoo()).id;
  });

  it('follows every page (100 a time) to X-WP-TotalPages, imports only processing orders, keeps an unknown SKU in error', async () => {
    // Modified one second apart, an hour ago: 205 processing orders across three pages.
    const start = Date.now() - 3_600_000;
    seeded = k.fake.seedOrders(204, { skus: SKUS, linesPerOrder: 2, startAt: start }).map((o) => o.id);
    const unknown = k.fake.addOrder({ lineItems: [line('NOT-IN-OMNIO-WOO')], createdAt: start + 205_000 });
    const onHold = k.fake.addOrder({ status: 'on-hold', lineItems: [line(SKUS[0]!)], createdAt: start + 206_000 });
    const pending = k.fake.addOrder({ status: 'pending', lineItems: [line(SKUS[0]!)], createdAt: start + 207_000 });
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts).toMatchObject({ received: 205, created: 204, failed: 1, duplicates: 0 });
    expect(run.errors).toEqual([expect.objectContaining({ external_id: String(unknown.id), code: 'sku_not_found' })]);
    const orders = await ordersOf(k, processId);
    expect(orders).toHaveLength(205);
    expect(orders.find((o) => o.external_id === String(unknown.id))).toMatchObject({ status: 'error', error_code: 'sku_not_found' });
    expect(orders.map((o) => o.external_id)).not.toContain(String(onHold.id));
    expect(orders.map((o) => o.external_id)).not.toContain(String(pending.id));
    const pages = k.fake.calls().filter((c) => c.path.startsWith('/wp-json/wc/v3/orders?') && c.path.includes('orderby=modified'));
    // Three pages; each after the first starts after the last second seen, leaving out the orders read at it.
    const queries = pages.slice(-3).map((c) => new URL(c.path, 'http://x').searchParams);
    expect(queries.slice(1).every((q) => !!q.get('modified_after') && !!q.get('exclude'))).toBe(true);
    expect(pages.every((c) => c.path.includes('per_page=100') && c.path.includes('status=processing'))).toBe(true);
    expect(JSON.stringify(run)).not.toContain(k.fake.consumerSecret);
  });

  it('an order changed while the run pages does not push the next one out of the sweep (offset paging would skip it)', async () => {
    const proc = await makeWoo();
    const start = Date.now() - 7_200_000;
    const ids = k.fake.seedOrders(150, { skus: SKUS, startAt: start }).map((o) => o.id);
    // After the first page is read, an order on it changes: it moves to the end of the modified sort.
    k.fake.onOrdersList = ((first: number | null) => (n: number) => {
      first ??= n;
      if (n === first + 1) k.fake.updateOrder(ids[10]!, { shipping: { address_1: '9 Moved St' } });
    })(null);
    try {
      const run = await runAction(k, proc.id, 'import_orders');
      expect(run.status, run.failure ?? '').toBe('COMPLETED');
      const imported = new Set((await ordersOf(k, proc.id)).map((o) => o.external_id));
      // Every order of the sweep, the one at the start of page two (ids[100]) included.
      expect(ids.filter((id) => !imported.has(String(id)))).toEqual([]);
    } finally {
      k.fake.onOrdersList = null;
    }
  });

  it('turns the store-local dates into UTC from the _gmt fields (the store is at -03:00)', async () => {
    const order = k.fake.getOrder(seeded[0]!)!;
    const json = k.fake.orderJson(order.id) as { date_modified: string; date_modified_gmt: string };
    expect(json.date_modified).not.toBe(json.date_modified_gmt);
    const [row] = await k.sql(`SELECT channel_updated_at FROM orders WHERE process_id = '${processId}' AND external_id = '${order.id}'`);
    expect(new Date(row!.channel_updated_at as string).toISOString()).toBe(new Date(order.modifiedAt).toISOString());
    expect(wpDate(order.modifiedAt)).toBe(json.date_modified_gmt);
  });

  it('a second run creates nothing; the cursor asks for what changed since, in UTC', async () => {
    const again = await runAction(k, processId, 'import_orders');
    expect(again.status).toBe('COMPLETED');
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(await ordersOf(k, processId)).toHaveLength(205);
    const last = k.fake.calls().filter((c) => c.path.startsWith('/wp-json/wc/v3/orders?')).at(-1)!;
    const query = new URL(last.path, 'http://x').searchParams;
    expect(query.get('dates_are_gmt')).toBe('true');
    expect(query.get('modified_after')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('an imported order cancelled at the store is cancelled by the next run; the store\'s older cancelled orders stay out', async () => {
    const gone = k.fake.addOrder({ status: 'cancelled', lineItems: [line(SKUS[0]!)], createdAt: Date.now() - 7_200_000 });
    k.fake.updateOrder(seeded[5]!, { status: 'cancelled' });
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts).toMatchObject({ updated: 1, failed: 0 });
    const orders = await ordersOf(k, processId);
    expect(orders.find((o) => o.external_id === String(seeded[5]))).toMatchObject({ status: 'cancelled' });
    // Cancelled at the store before the last run's mark: never one of this connection's orders, not brought in.
    expect(orders.map((o) => o.external_id)).not.toContain(String(gone.id));
  });

  it('imports on-hold orders only when the action lists that status', async () => {
    const held = k.fake.addOrder({ status: 'on-hold', lineItems: [line(SKUS[1]!)] });
    const proc = await makeWoo({ actions: { import_orders: { active: true, options: { orders_status: ['processing', 'on-hold'] } } } });
    const run = await runAction(k, proc.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).toContain(String(held.id));
  });

  it('waits out the host\'s 429 with Retry-After and goes on', async () => {
    const fresh = k.fake.addOrder({ lineItems: [line(SKUS[2]!)] });
    k.fake.throttleNext(2, 1);
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect((await ordersOf(k, processId)).map((o) => o.external_id)).toContain(String(fresh.id));
    expect(run.call_log.filter((c) => c.status === 429)).toHaveLength(2);
  });

  it('refused keys end the run FAILED with the reason (never a 5xx), the job FAILED, nothing imported', async () => {
    const bad = await makeWoo({ key: 'ck_revoked' });
    const started = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${bad.id}/actions/import_orders/run`, k.acme)).data;
    await k.drain();
    const run = (await k.ok<{ data: ChannelRunDetail }>(200, 'GET', `/processes/${bad.id}/runs/${started.run_id}`, k.acme)).data;
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/refused the API keys \(401\).*Consumer key is invalid/);
    const job = (await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${started.job_id}`, k.acme)).data;
    expect(job.status).toBe('FAILED');
    expect(await ordersOf(k, bad.id)).toHaveLength(0);
  });
});

describe('webhooks from WooCommerce', () => {
  let proc: { id: string };
  const SECRET = 'whsec_woo_hooks';
  beforeAll(async () => {
    proc = await makeWoo({ webhookSecret: SECRET });
  });
  const url = (p: { id: string }) => `/api/1.0/processes/${p.id}/gateway/webhook/orders/import-orders`;
  const deliver = (p: { id: string }, topic: string, body: string, headers: Record<string, string> = {}) =>
    k.t.app.inject({
      method: 'POST', url: url(p), payload: body,
      headers: {
        'content-type': 'application/json', 'x-wc-webhook-topic': topic, 'x-wc-webhook-resource': topic.split('.')[0]!, 'x-wc-webhook-event': topic.split('.')[1]!,
        'x-wc-webhook-signature': k.fake.signWebhook(body, SECRET), 'x-wc-webhook-id': '7', 'x-wc-webhook-delivery-id': uniq('dlv'),
        'x-wc-webhook-source': `${k.fake.url}/`, ...headers,
      },
    });
  const stored = async (p: { id: string }) => (await k.ok<{ data: { id: string; status: string; result: unknown }[] }>(200, 'GET', `/processes/${p.id}/inbound-webhooks`, k.acme)).data;
  const payloadOf = (id: number) => JSON.stringify(k.fake.orderJson(id)).replace(/\//g, '\\/');

  it('answers the unsigned creation ping 200 and stores nothing', async () => {
    const before = await countRows(k.t, 'inbound_webhooks');
    const ping = await k.t.app.inject({ method: 'POST', url: url(proc), payload: 'webhook_id=12', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json().data).toEqual({ id: null, status: 'ignored' });
    // Anything else unsigned is still a 401.
    const forged = await k.t.app.inject({ method: 'POST', url: url(proc), payload: 'webhook_id=12&x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(401);
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it('order.created imports the order; the same delivery again is acknowledged and stored once', async () => {
    const order = k.fake.addOrder({ lineItems: [line(SKUS[0]!, 2)] });
    const body = payloadOf(order.id);
    const id = uniq('delivery');
    const first = await deliver(proc, 'order.created', body, { 'x-wc-webhook-delivery-id': id });
    expect(first.statusCode, first.body).toBe(202);
    const replay = await deliver(proc, 'order.created', body, { 'x-wc-webhook-delivery-id': id });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ id: first.json().data.id, status: 'duplicate' });
    await k.drain();
    expect(await stored(proc)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).toEqual([String(order.id)]);
  });

  it('a bad, re-serialised or missing signature is 401 and nothing is stored', async () => {
    const order = k.fake.addOrder({ lineItems: [line(SKUS[0]!)] });
    const body = payloadOf(order.id);
    const before = await countRows(k.t, 'inbound_webhooks');
    expect((await deliver(proc, 'order.created', body, { 'x-wc-webhook-signature': k.fake.signWebhook(body, 'not-the-secret') })).statusCode).toBe(401);
    // WordPress escapes slashes: a body re-serialised before checking no longer matches its signature.
    const reserialised = JSON.stringify(JSON.parse(body));
    expect(reserialised).not.toBe(body);
    expect((await deliver(proc, 'order.created', reserialised, { 'x-wc-webhook-signature': k.fake.signWebhook(body, SECRET) })).statusCode).toBe(401);
    const missing = await k.t.app.inject({ method: 'POST', url: url(proc), payload: body, headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.created' } });
    expect(missing.statusCode).toBe(401);
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it('an order in a status that is not imported (pending, on-hold) is stored and ignored', async () => {
    const pending = k.fake.addOrder({ status: 'pending', lineItems: [line(SKUS[1]!)] });
    const res = await deliver(proc, 'order.created', payloadOf(pending.id));
    expect(res.statusCode).toBe(202);
    await k.drain();
    expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).not.toContain(String(pending.id));
    const hook = (await stored(proc)).find((h) => h.id === res.json().data.id)!;
    expect(hook).toMatchObject({ status: 'processed', result: { ignored: expect.stringMatching(/pending/) } });
  });

  it('the fake\'s own sender (ping, then signed JSON) is accepted end to end over HTTP', async () => {
    // The app listens only when asked: start it on a port for the fake to post to.
    const address = await k.t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const target = `${address}${url(proc)}`;
      expect((await k.fake.sendPing(target, 3)).status).toBe(200);
      const order = k.fake.addOrder({ lineItems: [line(SKUS[2]!)] });
      const sent = await k.fake.sendWebhook({ url: target, topic: 'order.updated', secret: SECRET, orderId: order.id });
      expect(sent.status, sent.body).toBe(202);
      await k.drain();
      expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).toContain(String(order.id));
    } finally {
      await k.t.app.server.close();
    }
  });

  it('generate-webhooks subscribes order.created and order.updated with the process\'s secret', async () => {
    const p = await makeWoo({ webhookSecret: 'whsec_sub' });
    const res = (await k.ok<{ data: { topic: string; ok: boolean }[] }>(200, 'GET', `/gateway/generate-webhooks/${p.id}`, k.acme)).data;
    expect(res).toEqual([{ topic: 'order.created', ok: true }, { topic: 'order.updated', ok: true }]);
    const mine = k.fake.webhooks().filter((h) => h.delivery_url.includes(p.id));
    expect(mine.map((h) => [h.topic, h.secret])).toEqual([['order.created', 'whsec_sub'], ['order.updated', 'whsec_sub']]);
    // Asked again: already subscribed, nothing doubled.
    await k.ok(200, 'GET', `/gateway/generate-webhooks/${p.id}`, k.acme);
    expect(k.fake.webhooks().filter((h) => h.delivery_url.includes(p.id))).toHaveLength(2);

    // No webhook secret yet: one is made, kept with the credentials, and given to WooCommerce.
    const bare = await makeWoo({ webhookSecret: '' });
    await k.ok(200, 'GET', `/gateway/generate-webhooks/${bare.id}`, k.acme);
    const kept = openCredentials(k.t.config, String((await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${bare.id}'`))[0]!.credentials_sealed));
    expect(kept.webhook_secret).toMatch(/^[\w-]{40,}$/);
    expect(k.fake.webhooks().filter((h) => h.delivery_url.includes(bare.id)).map((h) => h.secret)).toEqual([kept.webhook_secret, kept.webhook_secret]);
  });
});

describe('stock to WooCommerce', () => {
  it('sets simple products through products/batch and variations through variations/batch, reports unknown and refused SKUs', async () => {
    const codes = [uniq('WSTK-A'), uniq('WSTK-B'), uniq('WSTK-V1'), uniq('WSTK-V2'), uniq('WSTK-MISSING'), uniq('WSTK-REFUSED')];
    await stockedSkus(k, codes, 40);
    k.fake.addProduct({ sku: codes[0]! });
    k.fake.addProduct({ sku: codes[1]!, manageStock: true, stock: 3 });
    const variable = k.fake.addVariableProduct({ name: 'Hoodie', variations: [{ sku: codes[2]! }, { sku: codes[3]! }] });
    k.fake.addProduct({ sku: codes[5]! });
    k.fake.refuseStock(codes[5]!);
    const proc = await makeWoo({ actions: { sync_inventory: { active: true, options: { reserve_percentage: 10, iloc_id: k.iloc } } } });
    const batchesBefore = k.fake.batches().length;
    const run = await runAction(k, proc.id, 'sync_inventory');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const expected = (await k.ok<{ data: { sku: string; quantity: number }[] }>(200, 'POST', '/inventory/availability', k.acme, {
      iloc_ids: [k.iloc], reserve_percentage: 10, skus: codes,
    })).data;
    const stock = k.fake.stock();
    for (const sku of codes.slice(0, 4)) {
      expect(stock.find((s) => s.sku === sku), sku).toMatchObject({ manage_stock: true, stock_quantity: expected.find((e) => e.sku === sku)!.quantity });
    }
    const batches = k.fake.batches().slice(batchesBefore);
    expect(batches.map((b) => b.path)).toEqual(expect.arrayContaining(['products/batch', `products/${variable.product.id}/variations/batch`]));
    expect(batches.every((b) => b.update <= 100)).toBe(true);
    expect(run.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ external_id: codes[4], code: 'sku_unknown_at_channel' }),
      expect.objectContaining({ external_id: codes[5], code: 'woocommerce_rest_invalid_stock' }),
    ]));
    // Only what changed is sent again.
    const unchanged = await runAction(k, proc.id, 'sync_inventory');
    expect(unchanged.counts.updated).toBe(0);
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: codes[2], iloc_id: k.iloc, bucket: 'good', delta: -20, reason: 'cycle_count' }] });
    const one = await runAction(k, proc.id, 'sync_inventory');
    expect(one.counts.updated).toBe(1);
    expect(k.fake.stock().find((s) => s.sku === codes[2])?.stock_quantity).toBe(Math.floor(20 * 0.9));
  });
});

describe('tracking back to WooCommerce', () => {
  it('shipping an imported order marks it completed with the tracking in one customer note, never twice', async () => {
    const proc = await makeWoo();
    const order = k.fake.addOrder({ lineItems: [line(SKUS[0]!, 2)] });
    await runAction(k, proc.id, 'import_orders');
    const ours = (await ordersOf(k, proc.id)).find((o) => o.external_id === String(order.id))!;
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours.id}'`);
    await k.ok(201, 'POST', `/orders/${ours.id}/shipments`, k.acme, {
      carrier: 'ups', tracking: '1Z999AA10123456784',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 2 }] }],
    });
    await k.drain();
    expect(k.fake.getOrder(order.id)!.status).toBe('completed');
    const notes = k.fake.orderNotes(order.id).filter((n) => n.customer_note);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.note).toMatch(/UPS.*1Z999AA10123456784/);
    const [ship] = await k.sql(`SELECT channel_push_status FROM shipments WHERE order_id = '${ours.id}'`);
    expect(ship!.channel_push_status).toBe('sent');
    expect((await runsOf(k, proc.id)).find((r) => r.action === 'update_tracking')).toMatchObject({ trigger: 'event', status: 'COMPLETED' });

    // The same push again (a retried run): no second note.
    const credentials = openCredentials(k.t.config, String((await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`))[0]!.credentials_sealed));
    const ctx = {
      processId: proc.id, tenantId: k.acmeId, credentials, settings: { api_base_url: k.fake.url }, log: quiet, config: k.t.config,
      http: new ChannelHttp({ allowPrivateTargets: true, baseDelayMs: 5 }), saveCredentials: async () => {},
    };
    await woocommerceConnector.pushFulfillment!(ctx, {
      orderExternalId: String(order.id), orderRef: { order_id: order.id }, shipmentNumber: 'S-1', carrier: 'ups', tracking: '1Z999AA10123456784', trackingUrl: null,
      lines: [{ sku: SKUS[0]!, quantity: 2, externalLineId: null }], notifyCustomer: true,
    });
    expect(k.fake.orderNotes(order.id).filter((n) => n.customer_note)).toHaveLength(1);
  });
});

describe('products from WooCommerce', () => {
  it('imports simple products and the variations of variable ones (the variations carry the SKUs)', async () => {
    const simple = uniq('WPRD-S');
    const vars = [uniq('WPRD-V1'), uniq('WPRD-V2')];
    k.fake.addProduct({ name: 'Plain mug', sku: simple, price: '9.50' });
    k.fake.addVariableProduct({ name: 'Polo', variations: vars.map((sku, i) => ({ sku, price: '30.00', option: i ? 'L' : 'M' })) });
    const proc = await makeWoo({ actions: { import_products: { active: true, options: { create_sku_if_not_exists: true } } } });
    const run = await runAction(k, proc.id, 'import_products');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const made = await k.sql(`SELECT s.sku, p.name FROM skus s JOIN products p ON p.id = s.product_id WHERE s.sku IN ('${[simple, ...vars].join("','")}') ORDER BY s.sku`);
    expect(made.map((r) => r.sku).sort()).toEqual([simple, ...vars].sort());
    const links = await k.sql(`SELECT sku, remote_id FROM channel_sku_links WHERE process_id = '${proc.id}' AND sku IN ('${vars.join("','")}')`);
    expect(links.every((l) => /^\d+:\d+$/.test(String(l.remote_id)))).toBe(true);
  });
});

describe('WooCommerce key generation (/wc-auth/v1/authorize)', () => {
  it('authorize → the store posts the keys to the callback → kept on the process; a nonce works once', async () => {
    const proc = await makeWoo({ key: '', secret: '', webhookSecret: '', store: storeUrl() });
    const start = (await k.ok<{ data: { authorize_url: string } }>(200, 'POST', '/channels/woocommerce/authorize', k.acme, { process_id: proc.id })).data;
    const asked = new URL(start.authorize_url);
    expect(asked.pathname).toBe('/wc-auth/v1/authorize');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      app_name: 'Omnio', scope: 'read_write', return_url: `${k.t.config.appUrl}/services/woocommerce21-create/${proc.id}`,
      callback_url: `${k.t.config.appUrl}/api/1.0/channels/woocommerce/callback`,
    });
    // The merchant opens it at the store (here: the fake, at the process's api_base_url) and approves.
    const page = await fetch(`${k.fake.url}${asked.pathname}${asked.search}`);
    expect(page.status).toBe(200);
    const approved = await k.fake.approveAuthorization(asked.searchParams.get('user_id')!);
    expect(approved.returnTo).toContain('success=1');

    const before = await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`);
    const forged = await k.api('POST', '/channels/woocommerce/callback', {}, { ...approved.body, user_id: 'not-a-nonce' });
    expect(forged.statusCode).toBe(422);
    expect(await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`)).toEqual(before);

    const done = await k.api('POST', '/channels/woocommerce/callback', {}, approved.body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ data: { ok: true } });
    const again = await k.api('POST', '/channels/woocommerce/callback', {}, approved.body);
    expect(again.statusCode).toBe(422);

    const sealed = openCredentials(k.t.config, String((await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`))[0]!.credentials_sealed));
    expect(sealed).toMatchObject({ consumer_key: approved.body.consumer_key, consumer_secret: approved.body.consumer_secret, webhook_secret: expect.any(String) });
    expect(sealed.store_url).toMatch(/^https:\/\//);
    await k.ok(200, 'POST', `/processes/${proc.id}/test`, k.acme);
  });

  it('an expired nonce stores nothing; another company\'s process is a 404', async () => {
    const proc = await makeWoo({ store: storeUrl() });
    const start = (await k.ok<{ data: { authorize_url: string } }>(200, 'POST', '/channels/woocommerce/authorize', k.acme, { process_id: proc.id })).data;
    const nonce = new URL(start.authorize_url).searchParams.get('user_id')!;
    await k.sql(`UPDATE channel_install_states SET expires_at = now() - interval '1 minute' WHERE nonce = '${nonce}'`);
    const late = await k.api('POST', '/channels/woocommerce/callback', {}, { key_id: 1, user_id: nonce, consumer_key: 'ck_late', consumer_secret: 'cs_late', key_permissions: 'read_write' });
    expect(late.statusCode).toBe(422);
    const sealed = openCredentials(k.t.config, String((await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`))[0]!.credentials_sealed));
    expect(sealed.consumer_key).toBe(k.fake.consumerKey);
    const other = await k.api('POST', '/channels/woocommerce/authorize', k.globex, { process_id: proc.id });
    expect(other.statusCode).toBe(404);
  });
});

describe('another company', () => {
  it('gets 404 for a WooCommerce process, its runs, a run, a run-now and the test', async () => {
    const proc = await makeWoo();
    const run = await runAction(k, proc.id, 'import_orders');
    const before = await countRows(k.t, 'channel_runs');
    for (const [method, path] of [
      ['GET', `/processes/${proc.id}`], ['GET', `/processes/${proc.id}/runs`], ['GET', `/processes/${proc.id}/runs/${run.id}`],
      ['POST', `/processes/${proc.id}/actions/import_orders/run`], ['POST', `/processes/${proc.id}/test`], ['PUT', `/processes/${proc.id}`],
      ['GET', `/gateway/generate-webhooks/${proc.id}`],
    ] as const) {
      const res = await k.api(method, path, k.globex, method === 'PUT' ? { name: 'Taken' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await countRows(k.t, 'channel_runs')).toBe(before);
  });
});
