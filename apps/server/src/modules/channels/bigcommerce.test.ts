import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelProcessItem, ChannelRunDetail } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { startBigcommerceFake, type BigcommerceFake } from '../../test/fakes/bigcommerce/bigcommerce-fake';
import { bigcommerceConnector, carrierFields, importStatuses, ORDERS_PAGE, verifyStandardWebhook } from './bigcommerce/bigcommerce.connector';
import { isoOf } from './bigcommerce/bigcommerce-mapping';
import { installBigcommerceApp, verifyBigcommerceJwt } from './bigcommerce/bigcommerce-install.service';
import { channelKitWith, ordersOf, runAction, runsOf, stockedSkus, uniq, type ChannelKit } from './channels.test-kit';
import type { ConnectorContext } from './connector';
import { ChannelHttp } from './http-client';
import { openCredentials } from './process-store';
import { registerConnector } from './registry';

/**
 * BigCommerce end to end against a local fake built from shared/channels/bigcommerce.md: V2 orders with their
 * sub-resources and the 204 empty page, the rate-limit headers in ms, a refused token, thin webhooks (signed,
 * replayed, forged) fetched by id, V3 stock adjustments per location, V2 shipments for tracking, the app
 * install and load callbacks, and what another company must never see.
 */

let k: ChannelKit<BigcommerceFake>;
const SKUS = ['BC-TEE-RED', 'BC-TEE-BLUE', 'BC-CAP'];
beforeAll(async () => {
  const fake = await startBigcommerceFake({ allowHttpHooks: true });
  // One store serves every test process: a roomy quota keeps them from waiting on each other (the limit is tested on purpose).
  fake.setQuota(1_000_000, 30_000);
  k = await channelKitWith(fake, {
    bigcommerceClientId: fake.clientId, bigcommerceClientSecret: fake.clientSecret, bigcommerceLoginBase: fake.url, bigcommerceApiBase: fake.url,
  });
  // Harmless once channels.jobs.ts registers it (a second registration is ignored).
  registerConnector(bigcommerceConnector);
  await stockedSkus(k, SKUS, 500);
  for (const sku of SKUS) k.fake.addProduct({ name: `${sku} product`, variants: [{ sku, price: 19.9 }] });
}, 60_000);
afterAll(() => k?.close());

const storeHash = () => uniq('s').toLowerCase().replace(/[^a-z0-9]/g, '');
const lines = () => [{ sku: SKUS[0]! }, { sku: SKUS[1]!, quantity: 2 }];

function bcBody(body: { name?: string; hash?: string; token?: string; actions?: Record<string, unknown> } = {}) {
  return {
    name: body.name ?? uniq('Acme BigCommerce'),
    driver: 'bigcommerce',
    credentials: { store_hash: body.hash ?? storeHash(), access_token: body.token ?? k.fake.accessToken, client_secret: k.fake.clientSecret },
    settings: { api_base_url: k.fake.url },
    actions: body.actions ?? {
      import_orders: { active: true, options: {} },
      update_tracking: { active: true, options: {} },
      sync_inventory: { active: true, options: { reserve_percentage: 0, iloc_id: k.iloc } },
      import_products: { active: true, options: { create_sku_if_not_exists: true } },
    },
  };
}
const makeProcess = async (body: Parameters<typeof bcBody>[0] = {}) =>
  (await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, bcBody(body))).data;

describe('the pieces BigCommerce gets wrong most often', () => {
  it('reads RFC-2822 dates with the store offset as UTC, and defaults to Awaiting Fulfillment + Awaiting Shipment', () => {
    expect(isoOf('Wed, 10 Jan 2018 16:05:30 -0500')).toBe('2018-01-10T21:05:30.000Z');
    expect(isoOf('2017-04-20T11:32:00.000-04:00')).toBe('2017-04-20T15:32:00.000Z');
    expect([...importStatuses({})].sort((a, b) => a - b)).toEqual([9, 11]);
    expect([...importStatuses({ orders_status: ['Pending', '11'] })].sort((a, b) => a - b)).toEqual([1, 11]);
    expect(carrierFields('UPS')).toEqual({ shipping_provider: 'ups', tracking_carrier: '' });
    expect(carrierFields('dhl')).toEqual({ shipping_provider: '', tracking_carrier: 'dhl' });
  });

  it('checks Standard-Webhooks signatures over the raw bytes, within five minutes', () => {
    const d = k.fake.webhookDelivery('store/order/created', 1);
    expect(verifyStandardWebhook(k.fake.clientSecret, d.headers, Buffer.from(d.body))).toBe(true);
    expect(verifyStandardWebhook(k.fake.clientSecret, d.headers, Buffer.from(`${d.body} `))).toBe(false);
    expect(verifyStandardWebhook('other-secret', d.headers, Buffer.from(d.body))).toBe(false);
    expect(verifyStandardWebhook(k.fake.clientSecret, d.headers, Buffer.from(d.body), Date.now() + 6 * 60_000)).toBe(false);
  });
});

describe('connecting a BigCommerce store', () => {
  it('seals the credentials and tests them: the store and its locations, or BigCommerce\'s refusal as a 422', async () => {
    const res = await k.api('POST', '/processes', k.acme, bcBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(k.fake.accessToken);
    const made = res.json<{ data: ChannelProcessItem }>().data;
    expect(made.credentials).toEqual({ store_hash: true, access_token: true, client_secret: true });
    const ok = (await k.ok<{ data: { ok: boolean; shop: { name: string }; locations: { id: string }[] } }>(200, 'POST', `/processes/${made.id}/test`, k.acme)).data;
    expect(ok).toMatchObject({ ok: true, shop: { name: 'Acme Fake Store' }, locations: [{ id: '1', name: 'Default location' }] });
    const bad = await makeProcess({ token: 'bc_wrong_token' });
    const refused = await k.api('POST', `/processes/${bad.id}/test`, k.acme);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/refused the access token \(401/);
  });
});

describe('importing orders (V2)', () => {
  let processId: string;
  let unknownId: number;
  beforeAll(async () => {
    processId = (await makeProcess()).id;
  });

  it('follows the pages to the end, fetches products and addresses, keeps an unknown SKU in error', async () => {
    // A full first page: the second page is BigCommerce's 204 with an empty body (not []).
    const total = ORDERS_PAGE;
    for (let i = 0; i < total - 2; i++) k.fake.addOrder({ lines: lines() });
    unknownId = k.fake.addOrder({ lines: [{ sku: 'BC-NOT-IN-OMNIO' }] }).id;
    // Not paid yet (Awaiting Payment): not imported, but its page and mark are passed.
    k.fake.addOrder({ lines: lines(), status_id: 7 });
    const before = k.fake.calls.length;
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts).toMatchObject({ received: total - 1, created: total - 2, failed: 1, duplicates: 0 });
    expect(run.errors).toEqual([expect.objectContaining({ external_id: String(unknownId), code: 'sku_not_found' })]);
    const orders = await ordersOf(k, processId);
    expect(orders).toHaveLength(total - 1);
    expect(orders.find((o) => o.external_id === String(unknownId))).toMatchObject({ status: 'error', error_code: 'sku_not_found' });
    expect(orders[0]!.shipping_address).toMatchObject({ address1: '666 Sussex St', city: 'San Antonio', country: 'US' });
    const listCalls = k.fake.calls.slice(before).filter((c) => c.path.includes('/v2/orders?'));
    // The second page asks again from the last date_modified seen (not page=2), and ends on a short page.
    expect(listCalls.map((c) => c.status)).toEqual([200, 200]);
    expect(listCalls[0]!.path).toContain('sort=date_modified%3Aasc');
    expect(listCalls[1]!.path).toContain('min_date_modified=');
    expect(listCalls[1]!.path).toContain('page=1&');
    expect(k.fake.calls.slice(before).filter((c) => /\/products\?/.test(c.path))).toHaveLength(total - 1);
    expect(JSON.stringify(run)).not.toContain(k.fake.accessToken);
  });

  it('an empty page is 204 with no body: the run completes with nothing', async () => {
    const future = await makeProcess({ actions: { import_orders: { active: true, options: { initial_date: '2099-01-01' } } } });
    const before = k.fake.calls.length;
    const run = await runAction(k, future.id, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts).toMatchObject({ received: 0, created: 0, failed: 0 });
    expect(k.fake.calls.slice(before).filter((c) => c.path.includes('/v2/orders?')).map((c) => c.status)).toEqual([204]);
  });

  it('an order changed between two pages does not push an unchanged one onto a page already read', async () => {
    const base = Date.parse('2031-01-01T00:00:00Z');
    const made = Array.from({ length: ORDERS_PAGE + 10 }, (_, i) => k.fake.addOrder({ lines: lines(), modifiedAt: base + i * 1000 }));
    const cctx = {
      processId: uniq('direct'), tenantId: k.acmeId, credentials: { store_hash: 'direct', access_token: k.fake.accessToken }, settings: { api_base_url: k.fake.url },
      http: new ChannelHttp({ allowPrivateTargets: true }), log: k.t.app.log, config: k.t.config, saveCredentials: async () => {},
    } as ConnectorContext;
    const first = await bigcommerceConnector.fetchOrders(cctx, { cursor: '2031-01-01T00:00:00Z', page: null, options: {} });
    expect(first.orders).toHaveLength(ORDERS_PAGE);
    // Changed meanwhile: it leaves the window (its new date_modified is now), so offsets would move by one.
    k.fake.setOrderStatus(made[3]!.id, 9);
    const second = await bigcommerceConnector.fetchOrders(cctx, { cursor: '2031-01-01T00:00:00Z', page: first.next, options: {} });
    expect(second.next).toBeNull();
    const ids = new Set([...first.orders, ...second.orders].map((o) => o.externalId));
    expect(made.every((o) => ids.has(String(o.id)))).toBe(true);
    expect(ids.size).toBe(made.length);
    for (const o of made) k.fake.setOrderStatus(o.id, 10);
  });

  it('a second run asks from the stored mark (min_date_modified), creates nothing twice, and applies a cancellation', async () => {
    const again = await runAction(k, processId, 'import_orders');
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    const [first] = (await ordersOf(k, processId)).filter((o) => o.status === 'open');
    k.fake.setOrderStatus(Number(first!.external_id), 5);
    const fresh = [k.fake.addOrder({ lines: lines() }), k.fake.addOrder({ lines: lines() })];
    const before = k.fake.calls.length;
    const changed = await runAction(k, processId, 'import_orders');
    expect(changed.status).toBe('COMPLETED');
    expect(changed.counts).toMatchObject({ created: 2, updated: 1, failed: 0 });
    expect(k.fake.calls.slice(before).find((c) => c.path.includes('/v2/orders?'))!.path).toContain('min_date_modified=');
    const after = await ordersOf(k, processId);
    expect(after.find((o) => o.id === first!.id)?.status).toBe('cancelled');
    expect(after.filter((o) => fresh.some((f) => String(f.id) === o.external_id))).toHaveLength(2);
    expect(new Set(after.map((o) => o.external_id)).size).toBe(after.length);
  });

  it('waits out a 429 for X-Rate-Limit-Time-Reset-Ms, and waits before sending when no request is left', async () => {
    k.fake.addOrder({ lines: lines() });
    k.fake.throttleNext(2, 150);
    const throttled = await runAction(k, processId, 'import_orders');
    expect(throttled.status, throttled.failure ?? '').toBe('COMPLETED');
    expect(throttled.counts.created).toBe(1);
    expect(throttled.call_log.filter((c) => c.status === 429)).toHaveLength(2);

    // A tiny window: 3 requests per 400 ms. The connector reads Requests-Left and waits the reset instead of a 429 storm.
    for (let i = 0; i < 3; i++) k.fake.addOrder({ lines: lines() });
    k.fake.setQuota(3, 400);
    const started = Date.now();
    try {
      const paced = await runAction(k, processId, 'import_orders');
      expect(paced.status, paced.failure ?? '').toBe('COMPLETED');
      expect(paced.counts.created).toBe(3);
      const refused = paced.call_log.filter((c) => c.status === 429).length;
      expect(refused).toBeLessThan(paced.call_log.length / 2);
      // 7+ calls at 3 per 400 ms cannot be done in under two windows.
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    } finally {
      k.fake.setQuota(1_000_000, 30_000);
    }
  });

  it('a refused token ends the run FAILED with the reason, the job FAILED, nothing imported (never a 5xx)', async () => {
    const bad = await makeProcess({ token: 'bc_revoked' });
    const started = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${bad.id}/actions/import_orders/run`, k.acme)).data;
    await k.drain();
    const run = (await k.ok<{ data: ChannelRunDetail }>(200, 'GET', `/processes/${bad.id}/runs/${started.run_id}`, k.acme)).data;
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/refused the access token \(401/);
    const job = (await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${started.job_id}`, k.acme)).data;
    expect(job.status).toBe('FAILED');
    expect(await ordersOf(k, bad.id)).toHaveLength(0);
  });
});

describe('webhooks from BigCommerce (thin payloads)', () => {
  let proc: { id: string };
  let hook: { destination: string; headers: Record<string, string> };
  beforeAll(async () => {
    proc = await makeProcess();
    const registered = (await k.ok<{ data: { topic: string; ok: boolean }[] }>(200, 'GET', `/gateway/generate-webhooks/${proc.id}`, k.acme)).data;
    expect(registered.map((r) => r.topic)).toEqual(['store/order/created', 'store/order/updated', 'store/app/uninstalled']);
    expect(registered.every((r) => r.ok)).toBe(true);
    const mine = k.fake.hooks().filter((h) => h.destination.includes(proc.id));
    expect(mine).toHaveLength(3);
    // Registering again updates the same hooks instead of adding more.
    await k.ok(200, 'GET', `/gateway/generate-webhooks/${proc.id}`, k.acme);
    expect(k.fake.hooks().filter((h) => h.destination.includes(proc.id))).toHaveLength(3);
    hook = mine.find((h) => h.scope === 'store/order/created')!;
    expect(Object.keys(hook.headers)).toEqual(expect.arrayContaining(['x-omnio-webhook-token', 'x-omnio-bc-scope']));
  });
  const post = (body: string, headers: Record<string, string>) =>
    k.t.app.inject({ method: 'POST', url: new URL(hook.destination).pathname, payload: body, headers });

  it('store/order/created fetches the order by id and imports it; the same delivery again stores nothing', async () => {
    const order = k.fake.addOrder({ lines: [{ sku: SKUS[2]! }] });
    const d = k.fake.webhookDelivery('store/order/created', order.id, hook);
    const first = await post(d.body, d.headers);
    expect(first.statusCode, first.body).toBe(202);
    const before = await countRows(k.t, 'inbound_webhooks');
    const replay = await post(d.body, d.headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ id: first.json().data.id, status: 'duplicate' });
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
    await k.drain();
    const stored = (await k.ok<{ data: { status: string; error: string | null }[] }>(200, 'GET', `/processes/${proc.id}/inbound-webhooks`, k.acme)).data;
    expect(stored).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).toContain(String(order.id));
  });

  it('a bad, missing or stale signature is 401 and nothing is stored', async () => {
    const order = k.fake.addOrder({ lines: lines() });
    const d = k.fake.webhookDelivery('store/order/updated', order.id);
    const before = await countRows(k.t, 'inbound_webhooks');
    const forged = await post(d.body, { ...d.headers, 'webhook-signature': 'v1,' + Buffer.from('x'.repeat(32)).toString('base64') });
    expect(forged.statusCode).toBe(401);
    const tampered = await post(d.body.replace(String(order.id), '1'), d.headers);
    expect(tampered.statusCode).toBe(401);
    const { 'webhook-signature': _s, ...unsigned } = d.headers;
    expect((await post(d.body, unsigned)).statusCode).toBe(401);
    const wrongToken = await post(d.body, { ...unsigned, 'x-omnio-webhook-token': 'guessed' });
    expect(wrongToken.statusCode).toBe(401);
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
    // The header secret registered with the hook is accepted on its own (BigCommerce echoes a hook's headers).
    const echoed = await post(d.body, { ...unsigned, 'x-omnio-webhook-token': hook.headers['x-omnio-webhook-token']!, 'x-omnio-bc-scope': 'store/order/updated' });
    expect(echoed.statusCode, echoed.body).toBe(202);
    await k.drain();
    expect((await ordersOf(k, proc.id)).map((o) => o.external_id)).toContain(String(order.id));
  });

  it('a captured delivery sent again later (stale timestamp, correctly signed) is 401', async () => {
    const d = k.fake.webhookDelivery('store/order/created', 1, hook);
    const ts = String(Math.floor(Date.now() / 1000) - 10 * 60);
    const sig = `v1,${createHmac('sha256', k.fake.clientSecret).update(`${d.headers['webhook-id']}.${ts}.${d.body}`).digest('base64')}`;
    const { 'x-omnio-webhook-token': _t, ...signedOnly } = d.headers;
    const before = await countRows(k.t, 'inbound_webhooks');
    const res = await post(d.body, { ...signedOnly, 'webhook-timestamp': ts, 'webhook-signature': sig });
    expect(res.statusCode).toBe(401);
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it('store/app/uninstalled marks the process uninstalled and forgets its credentials', async () => {
    const gone = await makeProcess();
    await k.ok(200, 'GET', `/gateway/generate-webhooks/${gone.id}`, k.acme);
    const uninstallHook = k.fake.hooks().find((h) => h.destination.includes(gone.id) && h.scope === 'store/app/uninstalled')!;
    const d = k.fake.webhookDelivery('store/app/uninstalled', 0, uninstallHook);
    const res = await k.t.app.inject({ method: 'POST', url: new URL(uninstallHook.destination).pathname, payload: d.body, headers: d.headers });
    expect(res.statusCode, res.body).toBe(202);
    await k.drain();
    const after = (await k.ok<{ data: ChannelProcessItem }>(200, 'GET', `/processes/${gone.id}`, k.acme)).data;
    expect(after.status).toBe('uninstalled');
    expect(after.credentials.access_token).toBe(false);
  });
});

describe('stock to BigCommerce (V3 inventory adjustments)', () => {
  it('sets each variant at the location to the availability, in one absolute adjustment, and reports SKUs the store lacks', async () => {
    const codes = [uniq('BCS-A'), uniq('BCS-B'), uniq('BCS-C')];
    await stockedSkus(k, codes, 40);
    k.fake.addProduct({ name: 'Stock tee', variants: codes.slice(0, 2).map((sku, i) => ({ sku, price: 10, label: i ? 'L' : 'M' })) });
    const proc = await makeProcess({ actions: { sync_inventory: { active: true, options: { reserve_percentage: 10, iloc_id: k.iloc } } } });
    const before = k.fake.adjustments().length;
    const run = await runAction(k, proc.id, 'sync_inventory');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const expected = (await k.ok<{ data: { sku: string; quantity: number }[] }>(200, 'POST', '/inventory/availability', k.acme, {
      iloc_ids: [k.iloc], reserve_percentage: 10, skus: codes,
    })).data;
    for (const sku of codes.slice(0, 2)) {
      expect(k.fake.inventory().find((l) => l.sku === sku)).toMatchObject({ location_id: 1, quantity: expected.find((e) => e.sku === sku)!.quantity });
    }
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ external_id: codes[2], code: 'sku_unknown_at_channel' })]));
    const sent = k.fake.adjustments().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('absolute');
    expect(sent[0]!.items).toEqual(expect.arrayContaining([expect.objectContaining({ location_id: 1, variant_id: expect.any(Number), quantity: expect.any(Number) })]));

    const unchanged = await runAction(k, proc.id, 'sync_inventory');
    expect(unchanged.counts.updated).toBe(0);
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: codes[0], iloc_id: k.iloc, bucket: 'good', delta: -20, reason: 'cycle_count' }] });
    const one = await runAction(k, proc.id, 'sync_inventory');
    expect(one.counts.updated).toBe(1);
    expect(k.fake.inventory().find((l) => l.sku === codes[0])?.quantity).toBe(Math.floor(20 * 0.9));
  });
});

describe('tracking back to BigCommerce (V2 shipments)', () => {
  it('shipping an imported order creates the shipment with tracking and the order becomes Shipped', async () => {
    const proc = await makeProcess();
    const order = k.fake.addOrder({ lines: [{ sku: SKUS[0]!, quantity: 2 }] });
    await runAction(k, proc.id, 'import_orders');
    const ours = (await ordersOf(k, proc.id)).find((o) => o.external_id === String(order.id))!;
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours.id}'`);
    await k.ok(201, 'POST', `/orders/${ours.id}/shipments`, k.acme, {
      carrier: 'ups', tracking: '1Z999AA10123456784',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 2 }] }],
    });
    await k.drain();
    const shipped = k.fake.shipments().filter((s) => s.order_id === order.id);
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toMatchObject({
      tracking_number: '1Z999AA10123456784', shipping_provider: 'ups', order_address_id: order.shipping_addresses[0]!.id,
      items: [expect.objectContaining({ order_product_id: order.products[0]!.id, quantity: 2 })],
    });
    expect(k.fake.order(order.id)!.status_id).toBe(2);
    const [ship] = await k.sql(`SELECT channel_push_status FROM shipments WHERE order_id = '${ours.id}'`);
    expect(ship!.channel_push_status).toBe('sent');
    expect((await runsOf(k, proc.id)).find((r) => r.action === 'update_tracking')).toMatchObject({ trigger: 'event', status: 'COMPLETED' });
  });
});

describe('products from BigCommerce (V3 catalog with variants)', () => {
  it('creates the missing SKUs from the variants and links each to its variant id', async () => {
    const fresh = [uniq('BCP-NEW-A'), uniq('BCP-NEW-B')];
    const made = k.fake.addProduct({ name: 'New hoodie', variants: fresh.map((sku, i) => ({ sku, price: 45, label: i ? 'Large' : 'Small' })) });
    const proc = await makeProcess({ actions: { import_products: { active: true, options: { create_sku_if_not_exists: true } } } });
    const run = await runAction(k, proc.id, 'import_products');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const skus = await k.sql(`SELECT s.sku, p.name FROM skus s JOIN products p ON p.id = s.product_id WHERE s.sku IN ('${fresh.join("','")}') ORDER BY s.sku`);
    expect(skus.map((r) => r.sku)).toEqual([...fresh].sort());
    const links = await k.sql(`SELECT sku, remote_id FROM channel_sku_links WHERE process_id = '${proc.id}' AND sku IN ('${fresh.join("','")}') ORDER BY sku`);
    expect(links.map((l) => l.remote_id).sort()).toEqual(made.variants.map((v) => String(v.id)).sort());
  });
});

describe('another company', () => {
  it('gets 404 for the process, its runs, a run-now, the test and the load callback', async () => {
    const proc = await makeProcess();
    const run = await runAction(k, proc.id, 'import_products');
    const before = await countRows(k.t, 'channel_runs');
    for (const [method, path] of [
      ['GET', `/processes/${proc.id}`], ['GET', `/processes/${proc.id}/runs`], ['GET', `/processes/${proc.id}/runs/${run.id}`],
      ['POST', `/processes/${proc.id}/actions/import_orders/run`], ['POST', `/processes/${proc.id}/test`], ['GET', `/gateway/generate-webhooks/${proc.id}`],
    ] as const) {
      const res = await k.api(method, path, k.globex);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await countRows(k.t, 'channel_runs')).toBe(before);
  });
});

describe('the app install and load callbacks', () => {
  it('exchanges the code for the store\'s token and creates the process; the code is single-use; load finds it', async () => {
    const code = k.fake.mintCode();
    const body = { code, scope: 'store_v2_orders store_v2_products store_inventory', context: `stores/${k.fake.storeHash}`, account_uuid: 'acc-1', name: uniq('Installed BC') };
    const done = await k.ok<{ data: { process_id: string } }>(200, 'POST', '/channels/bigcommerce/install', k.acme, body);
    const proc = (await k.ok<{ data: ChannelProcessItem }>(200, 'GET', `/processes/${done.data.process_id}`, k.acme)).data;
    expect(proc).toMatchObject({ status: 'active', driver: 'bigcommerce', credentials: { store_hash: true, access_token: true, client_secret: true } });
    const [row] = await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`);
    const creds = openCredentials(k.t.config, String(row!.credentials_sealed));
    expect(creds).toMatchObject({ store_hash: k.fake.storeHash, client_secret: k.fake.clientSecret });
    expect(creds.access_token).toMatch(/^bc_app_/);
    // The installed token works against the store (api base from BIGCOMMERCE_API_BASE, no per-process address).
    expect((await k.api('POST', `/processes/${proc.id}/test`, k.acme)).statusCode).toBe(200);

    const reused = await k.api('POST', '/channels/bigcommerce/install', k.acme, body);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('Installation failed');
    // Installing again (a new code) keeps the one process of the store.
    const again = await k.ok<{ data: { process_id: string } }>(200, 'POST', '/channels/bigcommerce/install', k.acme, { ...body, code: k.fake.mintCode() });
    expect(again.data.process_id).toBe(proc.id);

    const loaded = await k.ok<{ data: { process_id: string } }>(200, 'POST', '/channels/bigcommerce/load', k.acme, { signed_payload_jwt: k.fake.signedPayloadJwt() });
    expect(loaded.data.process_id).toBe(proc.id);
    for (const jwt of [k.fake.signedPayloadJwt({ secret: 'not-the-secret' }), k.fake.signedPayloadJwt({ expiresInSeconds: -3600 }), k.fake.signedPayloadJwt({ aud: 'another-app' })]) {
      const res = await k.api('POST', '/channels/bigcommerce/load', k.acme, { signed_payload_jwt: jwt });
      expect(res.statusCode).toBe(422);
    }
    expect((await k.api('POST', '/channels/bigcommerce/load', k.globex, { signed_payload_jwt: k.fake.signedPayloadJwt() })).statusCode).toBe(404);
    expect((await k.api('POST', '/channels/bigcommerce/load', k.acme, { signed_payload_jwt: k.fake.signedPayloadJwt({ storeHash: 'nosuchstore' }) })).statusCode).toBe(404);
  });

  it('refuses with a clear 422 when this server has no BigCommerce app', async () => {
    const ctx = { deps: { config: { ...k.t.config, bigcommerceClientId: undefined, bigcommerceClientSecret: undefined } } } as never;
    await expect(installBigcommerceApp(ctx, { code: 'x', scope: '', context: 'stores/abc' })).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/no BigCommerce app configured/) });
    expect(verifyBigcommerceJwt('a.b.c', 's', 'id')).toBeNull();
  });
});
