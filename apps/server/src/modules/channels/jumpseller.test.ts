import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRunDetail } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { startJumpsellerFake, type JumpsellerFake } from '../../test/fakes/jumpseller/jumpseller-fake';
import { channelKitWith, ordersOf, runAction, runsOf, stockedSkus, uniq, type ChannelKit } from './channels.test-kit';
import { openCredentials } from './process-store';
import { registerConnector } from './registry';
import { jumpsellerConnector } from './jumpseller/jumpseller.connector';
import { jumpsellerPacing } from './jumpseller/jumpseller-api';

/**
 * Jumpseller end to end against a local fake built from shared/channels/jumpseller.md: Basic auth, pages
 * without totals to the end, status_enum (never the translated status), rate-limit headers and 429 waited
 * out, refused credentials, unknown SKUs, signed webhooks (hooks token) replayed and forged, stock per
 * product/variant, tracking through fulfillments, and what another company must never see.
 */

let k: ChannelKit<JumpsellerFake>;
const SKUS = ['JS-TEE-RED', 'JS-TEE-BLUE', 'JS-CAP'];

beforeAll(async () => {
  // Kept even once channels.jobs.ts registers it: a second registration is ignored.
  registerConnector(jumpsellerConnector);
  const fake = await startJumpsellerFake({ perSecond: 10_000, perMinute: 1_000_000 });
  k = await channelKitWith(fake);
  await stockedSkus(k, SKUS, 500);
});
afterAll(() => k?.close());

interface JsBody { name?: string; login?: string; authToken?: string; hooksToken?: string; actions?: Record<string, unknown> }

/** Each process connects its own store login (Omnio allows one connection per login); the fake serves them all. */
function newLogin(): string {
  const login = uniq('js-login').toLowerCase();
  k.fake.addLogin(login);
  return login;
}

function processBody(b: JsBody = {}) {
  return {
    name: b.name ?? uniq('Acme Jumpseller'),
    driver: 'jumpseller',
    credentials: { login: b.login ?? newLogin(), auth_token: b.authToken ?? k.fake.authToken, ...(b.hooksToken === '' ? {} : { hooks_token: b.hooksToken ?? k.fake.hooksToken }) },
    settings: { api_base_url: k.fake.url },
    actions: b.actions ?? {
      import_orders: { active: true, options: {} },
      update_tracking: { active: true, options: { notify_customer: true } },
      sync_inventory: { active: true, options: { reserve_percentage: 0, iloc_id: k.iloc } },
      import_products: { active: true, options: { create_sku_if_not_exists: true } },
    },
  };
}

async function makeProcess(b: JsBody = {}): Promise<{ id: string }> {
  return (await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, processBody(b))).data;
}

const line = (sku: string, qty = 1, price = 9990) => ({ sku, qty, price });

describe('connecting a Jumpseller store', () => {
  it('refuses a second connection of the same store login in a company (its orders would come in twice); another company may', async () => {
    const login = newLogin();
    await makeProcess({ login });
    const again = await k.api('POST', '/processes', k.acme, processBody({ login: ` ${login.toUpperCase()} ` }));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('service already installed');
    await k.ok(201, 'POST', '/processes', k.globex, { ...processBody({ login }), actions: { import_orders: { active: true, options: {} } } });
  });

  it('tests the login and auth token: the store and its locations, or Jumpseller\'s refusal as a 422', async () => {
    const good = await makeProcess();
    const ok = (await k.ok<{ data: { ok: boolean; shop: { name: string }; locations: { id: string }[] } }>(200, 'POST', `/processes/${good.id}/test`, k.acme)).data;
    expect(ok).toMatchObject({ ok: true, shop: { name: 'Acme Tienda' } });
    expect(ok.locations.map((l) => l.id)).toContain('269115');
    const bad = await makeProcess({ authToken: 'wrong-token' });
    const refused = await k.api('POST', `/processes/${bad.id}/test`, k.acme);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/refused the login and auth token \(401/);
    // The auth token typed where the hooks token goes: every webhook would be refused, so the test says so.
    const mixed = await makeProcess({ hooksToken: k.fake.authToken });
    const mismatch = await k.api('POST', `/processes/${mixed.id}/test`, k.acme);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toMatch(/hooks token/);
    // Basic auth only, never the deprecated query-string form.
    expect(k.fake.calls().every((c) => c.auth !== 'query')).toBe(true);
  });
});

describe('importing orders', () => {
  let processId: string;
  let unknownId: number;
  beforeAll(async () => {
    processId = (await makeProcess()).id;
  });

  it('follows every page to the end (no totals), imports by status_enum only, and keeps an unknown SKU in error', async () => {
    k.fake.setLocale('es');
    const paid = k.fake.seedOrders(204, SKUS);
    const pending = k.fake.seedOrders(3, SKUS, { status: 'pending_payment' });
    unknownId = k.fake.addOrder({ products: [line('NOT-IN-OMNIO')] }).id;
    k.fake.clearCalls();
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts).toMatchObject({ received: 205, created: 204, failed: 1, duplicates: 0 });
    expect(run.errors).toEqual([expect.objectContaining({ external_id: String(unknownId), code: 'sku_not_found' })]);
    const orders = await ordersOf(k, processId);
    expect(orders).toHaveLength(205);
    expect(orders.find((o) => o.external_id === String(pending[0]!.id))).toBeUndefined();
    expect(orders.find((o) => o.external_id === String(paid[0]!.id))).toMatchObject({ status: 'open' });
    // 208 orders in the store, 205 paid: pages of 100, 100, 5 — the short page ends it.
    const pages = k.fake.calls().filter((c) => c.path === '/v1/orders.json');
    expect(pages).toHaveLength(3);
    expect(pages.every((c) => c.auth === 'basic' && c.status === 200)).toBe(true);
    expect(run.pages.length).toBe(3);
    // Translated "Pagada" was in every answer; only status_enum decided.
    expect(k.fake.orderView(paid[0]!.id)).toMatchObject({ status: 'Pagada', status_enum: 'paid' });
    expect(JSON.stringify(run)).not.toContain(k.fake.authToken);
  });

  it('a second run creates nothing; an order created earlier and paid since is picked up, one cancelled since is cancelled', async () => {
    const again = await runAction(k, processId, 'import_orders');
    expect(again.status).toBe('COMPLETED');
    expect(again.counts).toMatchObject({ created: 0, updated: 0 });
    expect(await ordersOf(k, processId)).toHaveLength(205);
    // Paid after the last run, created before its mark: /orders/after/{id} would never see it; the window does.
    const late = k.fake.seedOrders(1, SKUS, { status: 'pending_payment', createdAt: new Date(Date.now() - 86_400_000).toISOString() })[0]!;
    k.fake.setOrderStatus(late.id, 'paid');
    const picked = await runAction(k, processId, 'import_orders');
    expect(picked.counts).toMatchObject({ created: 1, failed: 0 });
    expect((await ordersOf(k, processId)).some((o) => o.external_id === String(late.id))).toBe(true);
    // Cancelled at the store after it was imported: the next run cancels it here, no webhook needed.
    k.fake.setOrderStatus(late.id, 'canceled');
    const neverPaid = k.fake.seedOrders(1, SKUS, { status: 'pending_payment' })[0]!;
    k.fake.setOrderStatus(neverPaid.id, 'canceled');
    const cancelled = await runAction(k, processId, 'import_orders');
    expect(cancelled.counts).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const after = await ordersOf(k, processId);
    expect(after.find((o) => o.external_id === String(late.id))?.status).toBe('cancelled');
    expect(after.find((o) => o.external_id === String(neverPaid.id))).toBeUndefined();
  });

  it('honours the rate-limit headers: an empty per-second bucket is waited for, not spent on 429s', async () => {
    const proc = await makeProcess();
    k.fake.setRateLimit({ perSecond: 2 });
    k.fake.clearCalls();
    const started = Date.now();
    try {
      const run = await runAction(k, proc.id, 'import_orders');
      expect(run.status, run.failure ?? '').toBe('COMPLETED');
      // Orders are one per company and channel: another connection to the same store sees them as known.
      expect(run.counts.received).toBeGreaterThan(200);
    } finally {
      k.fake.setRateLimit({ perSecond: 10_000 });
    }
    const calls = k.fake.calls();
    expect(calls.filter((c) => c.path === '/v1/orders.json').length).toBe(3);
    expect(calls.some((c) => c.status === 429)).toBe(false);
    // Remaining hit 0 after the second call: the third waited for the next second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('a 429 is waited out and the run goes on', async () => {
    const proc = await makeProcess();
    k.fake.clearCalls();
    k.fake.throttleNext(2);
    const run = await runAction(k, proc.id, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(k.fake.calls().filter((c) => c.status === 429)).toHaveLength(2);
    expect(run.call_log.filter((c) => c.status === 429)).toHaveLength(2);
    expect(run.counts.received).toBeGreaterThan(200);
  });

  it('a 429 that outlasts the client\'s retries waits for the bucket to refill and tries again', async () => {
    const proc = await makeProcess();
    const saved = { ...jumpsellerPacing };
    Object.assign(jumpsellerPacing, { minuteMs: 50, secondMs: 20 });
    k.fake.clearCalls();
    k.fake.throttleNext(6);
    try {
      const run = await runAction(k, proc.id, 'import_orders');
      expect(run.status, run.failure ?? '').toBe('COMPLETED');
    } finally {
      Object.assign(jumpsellerPacing, saved);
    }
    expect(k.fake.calls().filter((c) => c.status === 429)).toHaveLength(6);
  });

  it('refused credentials end the run FAILED with the reason (never a 5xx), the job FAILED, nothing imported', async () => {
    const bad = await makeProcess({ authToken: 'revoked' });
    const started = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${bad.id}/actions/import_orders/run`, k.acme)).data;
    await k.drain();
    const run = (await k.ok<{ data: ChannelRunDetail }>(200, 'GET', `/processes/${bad.id}/runs/${started.run_id}`, k.acme)).data;
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/refused the login and auth token \(401/);
    const job = (await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${started.job_id}`, k.acme)).data;
    expect(job.status).toBe('FAILED');
    expect(await ordersOf(k, bad.id)).toHaveLength(0);
  });

  it('orders_status picks other status_enum values; an unknown one ends the run with a clear reason', async () => {
    const pendingOnly = await makeProcess({ actions: { import_orders: { active: true, options: { orders_status: ['pending_payment'] } } } });
    const run = await runAction(k, pendingOnly.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts.created).toBe(3);
    const translated = await makeProcess({ actions: { import_orders: { active: true, options: { orders_status: ['Pagada'] } } } });
    const refused = await runAction(k, translated.id, 'import_orders');
    expect(refused.status).toBe('FAILED');
    expect(refused.failure).toMatch(/Unknown Jumpseller order status Pagada/);
  });
});

describe('webhooks from Jumpseller', () => {
  let proc: { id: string };
  beforeAll(async () => {
    proc = await makeProcess();
  });
  const url = (p: { id: string }) => `/api/1.0/processes/${p.id}/gateway/webhook/orders/import-orders`;
  const post = (p: { id: string }, delivery: { body: string; headers: Record<string, string> }) =>
    k.t.app.inject({ method: 'POST', url: url(p), payload: delivery.body, headers: delivery.headers });
  const stored = async (p: { id: string }) => (await k.ok<{ data: { id: string; status: string; result: Record<string, unknown> | null }[] }>(200, 'GET', `/processes/${p.id}/inbound-webhooks`, k.acme)).data;

  it('order_paid imports the order; the same delivery again (Jumpseller retries it) stores nothing', async () => {
    const order = k.fake.addOrder({ products: [line(SKUS[0]!, 2)] });
    const delivery = k.fake.signedDelivery('order_paid', k.fake.orderWebhookBody(order.id));
    const first = await post(proc, delivery);
    expect(first.statusCode, first.body).toBe(202);
    const replay = await post(proc, delivery);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ id: first.json().data.id, status: 'duplicate' });
    await k.drain();
    expect(await stored(proc)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).toEqual([String(order.id)]);
    // Another event about the same order (order_updated, its own trigger time) is a new delivery, but no second order.
    const update = k.fake.signedDelivery('order_updated', k.fake.orderWebhookBody(order.id), { triggeredAt: '2030-01-01 10:18:51.829 UTC' });
    expect((await post(proc, update)).statusCode).toBe(202);
    await k.drain();
    expect(await stored(proc)).toHaveLength(2);
    expect(await ordersOf(k, proc.id)).toHaveLength(1);
  });

  it('a signature made with the auth token (not the hooks token), a re-serialised body or none is 401; nothing stored', async () => {
    const order = k.fake.addOrder({ products: [line(SKUS[1]!)] });
    const body = k.fake.orderWebhookBody(order.id);
    const before = await countRows(k.t, 'inbound_webhooks');
    const withAuthToken = await post(proc, k.fake.signedDelivery('order_paid', body, { key: k.fake.authToken }));
    expect(withAuthToken.statusCode).toBe(401);
    const good = k.fake.signedDelivery('order_paid', body);
    const reSerialised = await post(proc, { ...good, body: JSON.stringify(JSON.parse(body), null, 2) });
    expect(reSerialised.statusCode).toBe(401);
    const { 'jumpseller-hmac-sha256': _dropped, ...unsigned } = good.headers;
    const missing = await post(proc, { body, headers: unsigned });
    expect(missing.statusCode).toBe(401);
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it('order_canceled cancels the imported order; a pending_payment order is not imported yet', async () => {
    const [order] = await ordersOf(k, proc.id);
    k.fake.setOrderStatus(Number(order!.external_id), 'canceled');
    expect((await post(proc, k.fake.signedDelivery('order_canceled', k.fake.orderWebhookBody(Number(order!.external_id))))).statusCode).toBe(202);
    const pending = k.fake.addOrder({ status: 'pending_payment', products: [line(SKUS[0]!)] });
    expect((await post(proc, k.fake.signedDelivery('order_pending_payment', k.fake.orderWebhookBody(pending.id)))).statusCode).toBe(202);
    await k.drain();
    const orders = await ordersOf(k, proc.id);
    expect(orders.find((o) => o.id === order!.id)?.status).toBe('cancelled');
    expect(orders.find((o) => o.external_id === String(pending.id))).toBeUndefined();
    expect((await stored(proc))[0]).toMatchObject({ status: 'processed', result: { ignored: expect.stringMatching(/pending_payment/) } });
  });

  it('registers the order events with the hooks API once, and fetches the hooks token when it was not given', async () => {
    const noHooks = await makeProcess({ hooksToken: '' });
    const first = (await k.ok<{ data: { topic: string; ok: boolean }[] }>(200, 'GET', `/gateway/generate-webhooks/${noHooks.id}`, k.acme)).data;
    expect(first.map((r) => r.topic)).toEqual(['order_paid', 'order_updated', 'order_canceled', 'order_shipped']);
    expect(first.every((r) => r.ok)).toBe(true);
    await k.ok(200, 'GET', `/gateway/generate-webhooks/${noHooks.id}`, k.acme);
    const mine = k.fake.hooks().filter((h) => h.url.includes(noHooks.id));
    expect(mine).toHaveLength(4);
    expect(mine.every((h) => h.url.endsWith(`/processes/${noHooks.id}/gateway/webhook/orders/import-orders`))).toBe(true);
    const [row] = await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${noHooks.id}'`);
    expect(openCredentials(k.t.config, String(row!.credentials_sealed)).hooks_token).toBe(k.fake.hooksToken);
  });
});

describe('stock to Jumpseller', () => {
  it('sets each product or variant to what /inventory/availability says, sends only changes, reports SKUs the store lacks', async () => {
    const codes = [uniq('JSTK-A'), uniq('JSTK-B'), uniq('JSTK-C'), uniq('JSTK-D')];
    await stockedSkus(k, codes, 40);
    k.fake.addProduct({ name: 'Polera', variants: codes.slice(0, 2).map((sku) => ({ sku })) });
    k.fake.addProduct({ name: 'Gorro', sku: codes[2] });
    const proc = await makeProcess({ actions: { sync_inventory: { active: true, options: { reserve_percentage: 10, iloc_id: k.iloc } } } });
    const before = k.fake.stockWrites().length;
    const run = await runAction(k, proc.id, 'sync_inventory');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const expected = (await k.ok<{ data: { sku: string; quantity: number }[] }>(200, 'POST', '/inventory/availability', k.acme, {
      iloc_ids: [k.iloc], reserve_percentage: 10, skus: codes,
    })).data;
    for (const sku of codes.slice(0, 3)) expect(k.fake.stockOf(sku)).toBe(expected.find((e) => e.sku === sku)!.quantity);
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ external_id: codes[3], code: 'sku_unknown_at_channel' })]));
    // Jumpseller's form: one PUT per variant ({"variant":{"stock"}}) or per product without variants.
    const writes = k.fake.stockWrites().slice(before);
    expect(writes.filter((w) => w.variant_id !== null)).toHaveLength(2);
    expect(writes.filter((w) => w.variant_id === null)).toHaveLength(1);

    const unchanged = await runAction(k, proc.id, 'sync_inventory');
    expect(unchanged.counts.updated).toBe(0);
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: codes[0], iloc_id: k.iloc, bucket: 'good', delta: -20, reason: 'cycle_count' }] });
    k.fake.clearCalls();
    const one = await runAction(k, proc.id, 'sync_inventory');
    expect(one.counts.updated).toBe(1);
    expect(k.fake.stockOf(codes[0]!)).toBe(Math.floor(20 * 0.9));
    // Resolved once: the second push goes straight to the variant, without reading the catalogue.
    expect(k.fake.calls().map((c) => `${c.method} ${c.path}`)).toEqual([expect.stringMatching(/^PUT \/v1\/products\/\d+\/variants\/\d+\.json$/)]);
  });
});

describe('tracking back to Jumpseller', () => {
  it('shipping an imported order creates a fulfilment with the tracking number and URL; the order shows it', async () => {
    const proc = await makeProcess();
    const order = k.fake.addOrder({ products: [line(SKUS[0]!, 2)] });
    const delivery = k.fake.signedDelivery('order_paid', k.fake.orderWebhookBody(order.id));
    expect((await k.t.app.inject({ method: 'POST', url: `/api/1.0/processes/${proc.id}/gateway/webhook/orders/import-orders`, payload: delivery.body, headers: delivery.headers })).statusCode).toBe(202);
    await k.drain();
    const [ours] = await ordersOf(k, proc.id);
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours!.id}'`);
    await k.ok(201, 'POST', `/orders/${ours!.id}/shipments`, k.acme, {
      carrier: 'ups', tracking: '1Z999AA10123456784',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 2 }] }],
    });
    await k.drain();
    const made = k.fake.fulfillments().filter((f) => f.order_id === order.id);
    expect(made).toEqual([expect.objectContaining({
      type: 'manual', location_id: 269115, tracking_company: 'other', tracking_number: '1Z999AA10123456784',
      tracking_url: expect.stringContaining('ups.com'), send_email: true,
    })]);
    expect(k.fake.getOrder(order.id)).toMatchObject({ tracking_number: '1Z999AA10123456784', fulfillment_status: 'fulfilled' });
    const [ship] = await k.sql(`SELECT channel_push_status, channel_ref FROM shipments WHERE order_id = '${ours!.id}'`);
    expect(ship).toMatchObject({ channel_push_status: 'sent', channel_ref: String(made[0]!.id) });
    expect((await runsOf(k, proc.id)).find((r) => r.action === 'update_tracking')).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('products from Jumpseller', () => {
  it('links variants and simple products by SKU and creates the missing ones when asked', async () => {
    const fresh = [uniq('JPRD-A'), uniq('JPRD-B'), uniq('JPRD-C')];
    k.fake.addProduct({ name: 'Chaqueta', variants: fresh.slice(0, 2).map((sku, i) => ({ sku, price: 45990, options: [{ name: 'Talla', value: i ? 'L' : 'M' }] })) });
    k.fake.addProduct({ name: 'Bufanda', sku: fresh[2], price: 12990 });
    const proc = await makeProcess({ actions: { import_products: { active: true, options: { create_sku_if_not_exists: true } } } });
    const run = await runAction(k, proc.id, 'import_products');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const made = await k.sql(`SELECT s.sku FROM skus s WHERE s.sku IN ('${fresh.join("','")}') ORDER BY s.sku`);
    expect(made.map((r) => r.sku)).toEqual([...fresh].sort());
    const links = await k.sql(`SELECT sku, remote_id FROM channel_sku_links WHERE process_id = '${proc.id}' AND sku IN ('${fresh.join("','")}') ORDER BY sku`);
    expect(links).toHaveLength(3);
    expect(links.every((l) => /^\d+(\/\d+)?$/.test(String(l.remote_id)))).toBe(true);
  });
});

describe('another company', () => {
  it('gets 404 for a Jumpseller process, its runs, a run, a run-now and the test', async () => {
    const proc = await makeProcess();
    const run = await runAction(k, proc.id, 'sync_inventory');
    const before = await countRows(k.t, 'channel_runs');
    for (const [method, path] of [
      ['GET', `/processes/${proc.id}`], ['GET', `/processes/${proc.id}/runs`], ['GET', `/processes/${proc.id}/runs/${run.id}`],
      ['POST', `/processes/${proc.id}/actions/import_orders/run`], ['POST', `/processes/${proc.id}/test`],
      ['GET', `/gateway/generate-webhooks/${proc.id}`],
    ] as const) {
      const res = await k.api(method, path, k.globex);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await countRows(k.t, 'channel_runs')).toBe(before);
  });
});
