import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelProcessItem, ChannelRunDetail } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { startCartRoverFake, type CartRoverFake } from '../../test/fakes/cartrover/cartrover-fake';
import { cartroverConnector } from './cartrover/cartrover.connector';
import { channelKitWith, ordersOf, runAction, runsOf, stockedSkus, uniq, type ChannelKit } from './channels.test-kit';
import type { ConnectorContext } from './connector';
import { ChannelHttp } from './http-client';
import { registerConnector } from './registry';

/**
 * CartRover end to end against a local fake built from shared/channels/cartrover.md: connect, import by status and
 * date (every page, `%2B` in the date, the HTTP-200 rate limit waited out, a refused key), stock out as arrays in
 * batches, tracking back by status update, and what another company must never see. CartRover has no webhooks:
 * anything posted to a CartRover process's gateway without Omnio's own signature is a 401 and stores nothing.
 */

let k: ChannelKit<CartRoverFake>;
const SKUS = ['CR-TEE-RED', 'CR-TEE-BLUE', 'CR-CAP'];
beforeAll(async () => {
  // Until the lead registers it in channels.jobs.ts (a second registration is ignored).
  registerConnector(cartroverConnector);
  k = await channelKitWith(await startCartRoverFake());
  await stockedSkus(k, SKUS, 500);
});
afterAll(() => k.close());

interface Body { name?: string; key?: string; actions?: Record<string, unknown> }
/** Each process connects its own API user (Omnio allows one connection per user); the fake serves them all. */
function newUser(): string {
  const user = uniq('cr-user').toLowerCase();
  k.fake.addMerchantUser(user);
  return user;
}
const processBody = (b: Body = {}) => ({
  name: b.name ?? uniq('Acme CartRover'),
  driver: 'cartrover',
  credentials: { api_user: newUser(), api_key: b.key ?? k.fake.merchantKey },
  settings: { api_base_url: k.fake.url },
  actions: b.actions ?? {
    import_orders: { active: true, options: {} },
    update_tracking: { active: true, options: {} },
    sync_inventory: { active: true, options: { reserve_percentage: 0, iloc_id: k.iloc } },
  },
});
const makeProcess = async (b: Body = {}) => (await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, processBody(b))).data;
const item = (sku: string, quantity = 1, price = 19.9) => ({ item: sku, quantity, price });

describe('connecting CartRover', () => {
  it('creates a process with sealed credentials and the three actions CartRover has (no product import)', async () => {
    const res = await k.api('POST', '/processes', k.acme, processBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(k.fake.merchantKey);
    const made = res.json<{ data: ChannelProcessItem }>().data;
    expect(made.credentials).toEqual({ api_user: true, api_key: true });
    expect(made.supported_actions).toEqual(['import_orders', 'update_tracking', 'sync_inventory']);
    const refused = await k.api('POST', '/processes', k.acme, { ...processBody(), actions: { import_products: { active: true } } });
    expect(refused.statusCode).toBe(422);
  });

  it('refuses a second connection of the same API user in a company (its orders would come in twice); another company may', async () => {
    const user = newUser();
    const body = { ...processBody(), credentials: { api_user: user, api_key: k.fake.merchantKey } };
    await k.ok(201, 'POST', '/processes', k.acme, body);
    const again = await k.api('POST', '/processes', k.acme, { ...body, name: uniq('Acme CartRover again'), credentials: { api_user: user.toUpperCase(), api_key: k.fake.merchantKey } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('service already installed');
    await k.ok(201, 'POST', '/processes', k.globex, { ...body, actions: { import_orders: { active: true, options: {} } } });
  });

  it('tests the key pair: ok, or CartRover\'s HTTP-200 refusal as a 422 (never a 5xx)', async () => {
    const user = newUser();
    const good = (await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, { ...processBody(), credentials: { api_user: user, api_key: k.fake.merchantKey } })).data;
    const ok = (await k.ok<{ data: { ok: boolean; shop: { name: string } } }>(200, 'POST', `/processes/${good.id}/test`, k.acme)).data;
    expect(ok).toMatchObject({ ok: true, shop: { name: `CartRover merchant ${user}` } });
    const bad = await makeProcess({ key: 'not-the-key' });
    const res = await k.api('POST', `/processes/${bad.id}/test`, k.acme);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/CartRover refused the API User \/ API Key/);
    expect(res.body).not.toContain('not-the-key');
  });
});

describe('importing orders', () => {
  let processId: string;
  beforeAll(async () => {
    k.fake.reset();
    processId = (await makeProcess()).id;
  });

  it('follows every page to the end (100 a page) and keeps an order with an unknown SKU in error', async () => {
    for (let i = 0; i < 230; i++) k.fake.addOrder({ items: [item(SKUS[0]!), item(SKUS[1]!, 2)] });
    const unknown = k.fake.addOrder({ items: [item('NOT-IN-OMNIO')] });
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts).toMatchObject({ received: 231, created: 230, failed: 1, duplicates: 0 });
    expect(run.errors).toEqual([expect.objectContaining({ external_id: unknown.cust_ref, code: 'sku_not_found' })]);
    const orders = await ordersOf(k, processId);
    expect(orders).toHaveLength(231);
    expect(orders.find((o) => o.external_id === unknown.cust_ref)).toMatchObject({ status: 'error', error_code: 'sku_not_found' });
    // 231 orders at 100 a page: pages 1, 2 and 3 of the default "new_or_at_wms" list.
    const lists = k.fake.calls().filter((c) => c.path === '/v1/merchant/orders/list/new_or_at_wms');
    expect(lists.map((c) => new URL(c.rawUrl, k.fake.url).searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(run.pages.length).toBe(3);
    expect(JSON.stringify(run)).not.toContain(k.fake.merchantKey);
  });

  it('maps the order: cust_ref, cust_po_no, address, lines and money as decimal strings', async () => {
    const o = k.fake.addOrder({
      cust_po_no: '#WEB-77', ship_first_name: 'Grace', ship_last_name: 'Hopper', ship_address_1: '1 Navy Way', ship_city: 'Arlington',
      ship_state: 'VA', ship_zip: '22202', ship_country: 'US', shipping_handling: 5.1, items: [item(SKUS[2]!, 3, 23.15)],
    });
    await runAction(k, processId, 'import_orders');
    const [row] = await k.sql(`SELECT id, channel, shipping_total, shipping_address, metadata FROM orders WHERE process_id = '${processId}' AND external_id = '${o.cust_ref}'`);
    expect(row).toMatchObject({ channel: 'cartrover', shipping_address: expect.objectContaining({ first_name: 'Grace', address1: '1 Navy Way', zip: '22202' }) });
    expect(String(row!.shipping_total)).toBe('5.10');
    expect(row!.metadata).toMatchObject({ channel_name: '#WEB-77' });
    const [line] = await k.sql(`SELECT quantity, price FROM order_lines WHERE order_id = '${row!.id}'`);
    expect(line).toMatchObject({ quantity: 3 });
    expect(String(line!.price)).toBe('23.15');
  });

  it('a second run asks from the mark with the offset as %2B, creates nothing twice, and applies a cancellation', async () => {
    const before = k.fake.calls().length;
    const again = await runAction(k, processId, 'import_orders');
    expect(again.status).toBe('COMPLETED');
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    const asked = k.fake.calls().slice(before).filter((c) => c.path.startsWith('/v1/merchant/orders/list/'));
    expect(asked.length).toBeGreaterThan(0);
    for (const c of asked) {
      expect(c.rawUrl).toMatch(/from_date=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}%2B00%3A00/);
      expect(c.answer.success_code).toBe(true);
    }
    expect(again.call_log.some((c) => c.url.includes('%2B00%3A00'))).toBe(true);
    expect(await ordersOf(k, processId)).toHaveLength(232);

    // Cancelled at CartRover: the "canceled" list is asked too when the seller includes it.
    const open = (await ordersOf(k, processId)).find((o) => o.status === 'open')!;
    k.fake.cancelOrder(open.external_id);
    await k.ok(200, 'PUT', `/processes/${processId}`, k.acme, { actions: { import_orders: { options: { orders_status: ['new_or_at_wms', 'canceled'] } } } });
    const changed = await runAction(k, processId, 'import_orders');
    expect(changed.counts).toMatchObject({ updated: 1, created: 0, failed: 0 });
    expect((await ordersOf(k, processId)).find((o) => o.id === open.id)?.status).toBe('cancelled');
  });

  it('waits out CartRover\'s rate limit (HTTP 200, success_code false) and goes on', async () => {
    k.fake.addOrder({ items: [item(SKUS[0]!)] });
    k.fake.throttleNext(2);
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect(run.counts.created).toBe(1);
    expect(run.call_log.filter((c) => /throttl/i.test(c.error ?? '')).length).toBe(2);
  });

  it('another HTTP-200 refusal ends the run FAILED with CartRover\'s reason', async () => {
    k.fake.failNext({ error_code: 'Failure', message: 'Database unavailable' });
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/CartRover refused: Database unavailable \(Failure\)/);
  });

  it('a refused key ends the run FAILED with the reason, the job FAILED, nothing imported', async () => {
    const bad = await makeProcess({ key: 'revoked-key' });
    const started = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${bad.id}/actions/import_orders/run`, k.acme)).data;
    await k.drain();
    const run = (await k.ok<{ data: ChannelRunDetail }>(200, 'GET', `/processes/${bad.id}/runs/${started.run_id}`, k.acme)).data;
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/refused the API User \/ API Key/);
    const job = (await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${started.job_id}`, k.acme)).data;
    expect(job.status).toBe('FAILED');
    expect(await ordersOf(k, bad.id)).toHaveLength(0);
  });
});

describe('the connector on its own', () => {
  const ctx = (): ConnectorContext => ({
    processId: 'p', tenantId: 't', credentials: { api_user: k.fake.merchantUser, api_key: k.fake.merchantKey }, settings: { api_base_url: k.fake.url },
    http: new ChannelHttp({ allowPrivateTargets: true }), log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger, config: k.t.config,
    saveCredentials: async () => {},
  });

  it('reads one order by cust_ref (billing address, discounts, tax as decimal strings); an unknown one is null', async () => {
    const o = k.fake.addOrder({
      cust_po_no: '#B-1', ship_is_billing: false, bill_first_name: 'Bill', bill_address_1: '2 Pay St', bill_city: 'Austin', bill_zip: '73301', bill_country: 'US',
      items: [{ item: 'C100', quantity: 3, price: 10, discount: 1.5, addl_discount: 0.25, tax: 2.07 }],
    });
    const got = await cartroverConnector.fetchOrder!(ctx(), o.cust_ref, {});
    expect(got).toMatchObject({
      externalId: o.cust_ref, name: '#B-1', cancelled: false, fulfillmentStatus: 'new',
      billingAddress: { first_name: 'Bill', address1: '2 Pay St', city: 'Austin' },
      lines: [{ sku: 'C100', quantity: 3, price: '10.00', discount: '4.75', tax: '2.07' }],
    });
    expect(got!.updatedAt).toMatch(/Z$/);
    expect(await cartroverConnector.fetchOrder!(ctx(), 'NO-SUCH-ORDER', {})).toBeNull();
  });

  it('paces itself by X-CartRover-Api-Minute-Hits-Remaining: an emptied bucket is waited for, not hit', async () => {
    k.fake.setBucket({ size: 2, refillMs: 600 });
    try {
      const before = k.fake.calls().length;
      const options = { orders_status: ['new', 'at_wms', 'error'] };
      let page: string | null = null;
      do page = (await cartroverConnector.fetchOrders(ctx(), { cursor: '2999-01-01T00:00:00Z', page, options })).next;
      while (page);
      const calls = k.fake.calls().slice(before);
      expect(calls).toHaveLength(3);
      expect(calls.every((c) => c.answer.success_code)).toBe(true);
    } finally {
      k.fake.setBucket({ size: 100, refillMs: 600 });
    }
  });
});

describe('webhooks', () => {
  it('CartRover sends none: a delivery without Omnio\'s own signature is 401 and nothing is stored', async () => {
    const proc = await makeProcess();
    const before = await countRows(k.t, 'inbound_webhooks');
    const body = JSON.stringify([{ cust_ref: 'X1', order_status: 'new' }]);
    for (const headers of [{}, { authorization: `Basic ${Buffer.from(`${k.fake.merchantUser}:${k.fake.merchantKey}`).toString('base64')}` }, { 'x-omnio-signature': 't=1,v1=00' }]) {
      const res = await k.t.app.inject({ method: 'POST', url: `/api/1.0/processes/${proc.id}/gateway/webhook/orders/import-orders`, payload: body, headers: { 'content-type': 'application/json', ...headers } });
      expect(res.statusCode).toBe(401);
    }
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
    expect(cartroverConnector.parseWebhook({ topic: 'orders/create', kind: 'orders/import-orders', payload: {} })).toMatchObject({ kind: 'ignored' });
  });
});

describe('stock to CartRover', () => {
  it('sends each SKU\'s availability as arrays of at most 100 records and reports a SKU CartRover lacks', async () => {
    k.fake.reset();
    const codes = Array.from({ length: 104 }, (_, i) => `CR-STK-${String(i).padStart(3, '0')}-${uniq('S')}`);
    await stockedSkus(k, codes, 40);
    for (const sku of [...codes.slice(0, 103), ...SKUS]) k.fake.addProduct(sku);
    const missing = codes[103]!;
    const proc = await makeProcess({ actions: { sync_inventory: { active: true, options: { reserve_percentage: 10, iloc_id: k.iloc } } } });
    const run = await runAction(k, proc.id, 'sync_inventory');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    const batches = k.fake.inventoryBatches();
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.every((b) => b.length >= 1 && b.length <= 100)).toBe(true);
    const expected = (await k.ok<{ data: { sku: string; quantity: number }[] }>(200, 'POST', '/inventory/availability', k.acme, {
      iloc_ids: [k.iloc], reserve_percentage: 10, skus: codes,
    })).data;
    const stock = k.fake.inventory();
    for (const sku of codes.slice(0, 103)) expect(stock[sku], sku).toBe(expected.find((e) => e.sku === sku)!.quantity);
    expect(stock[missing]).toBeUndefined();
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ external_id: missing, code: 'sku_unknown_at_channel' })]));

    // Only what changed is sent again.
    const sent = batches.length;
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: codes[0], iloc_id: k.iloc, bucket: 'good', delta: -20, reason: 'cycle_count' }] });
    const one = await runAction(k, proc.id, 'sync_inventory');
    expect(one.counts.updated).toBe(1);
    expect(k.fake.inventoryBatches().slice(sent)).toEqual([[{ sku: codes[0], quantity: Math.floor(20 * 0.9) }]]);
  });
});

describe('tracking back to CartRover', () => {
  it('shipping an imported order sends the tracking as a "shipped" status update', async () => {
    const proc = await makeProcess();
    const order = k.fake.addOrder({ items: [item(SKUS[0]!, 2)] });
    await runAction(k, proc.id, 'import_orders');
    const ours = (await ordersOf(k, proc.id)).find((o) => o.external_id === order.cust_ref)!;
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours.id}'`);
    await k.ok(201, 'POST', `/orders/${ours.id}/shipments`, k.acme, {
      carrier: 'fedex', tracking: '794698761234',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 2 }] }],
    });
    await k.drain();
    const got = k.fake.shipments().filter((s) => s.cust_ref === order.cust_ref);
    expect(got).toEqual([expect.objectContaining({ new_status: 'shipped', shipments: [expect.objectContaining({ tracking_no: '794698761234', carrier: 'FEDEX', items: [{ item: SKUS[0], quantity: 2 }] })] })]);
    expect(k.fake.order(order.cust_ref)?.order_status).toBe('shipped');
    const [ship] = await k.sql(`SELECT channel_push_status FROM shipments WHERE order_id = '${ours.id}'`);
    expect(ship!.channel_push_status).toBe('sent');
    expect((await runsOf(k, proc.id)).find((r) => r.action === 'update_tracking')).toMatchObject({ trigger: 'event', status: 'COMPLETED' });
  });

  it('an update CartRover refuses (the order was cancelled there) is kept on the shipment as failed', async () => {
    const proc = await makeProcess();
    const order = k.fake.addOrder({ items: [item(SKUS[1]!)] });
    await runAction(k, proc.id, 'import_orders');
    const ours = (await ordersOf(k, proc.id)).find((o) => o.external_id === order.cust_ref)!;
    k.fake.cancelOrder(order.cust_ref);
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours.id}'`);
    await k.ok(201, 'POST', `/orders/${ours.id}/shipments`, k.acme, {
      carrier: 'usps', tracking: '9400100000000000000000',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 1 }] }],
    });
    await k.drain();
    const [ship] = await k.sql(`SELECT channel_push_status, channel_push_error FROM shipments WHERE order_id = '${ours.id}'`);
    expect(ship).toMatchObject({ channel_push_status: 'failed' });
    expect(String(ship!.channel_push_error)).toMatch(/canceled and cannot be updated/);
  });
});

describe('another company', () => {
  it('gets 404 for a CartRover process, its runs, a run, a run-now and the test', async () => {
    const proc = await makeProcess();
    const run = await runAction(k, proc.id, 'import_orders');
    const before = await countRows(k.t, 'channel_runs');
    for (const [method, path] of [
      ['GET', `/processes/${proc.id}`], ['GET', `/processes/${proc.id}/runs`], ['GET', `/processes/${proc.id}/runs/${run.id}`],
      ['POST', `/processes/${proc.id}/actions/import_orders/run`], ['POST', `/processes/${proc.id}/test`], ['PUT', `/processes/${proc.id}`],
    ] as const) {
      const res = await k.api(method, path, k.globex, method === 'PUT' ? { name: 'Taken' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await countRows(k.t, 'channel_runs')).toBe(before);
  });
});
