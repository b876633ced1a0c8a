import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelProcessItem, ChannelRunDetail } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { openCredentials } from './process-store';
import {
  channelKit, makeShopifyProcess, ordersOf, runAction, runsOf, shopifyProcessBody, stockedSkus, uniq, type ChannelKit,
} from './channels.test-kit';

/**
 * Shopify end to end against a local fake built from shared/channels/shopify.md: connect, import (every page,
 * throttled, refused), changes at the store, webhooks (signed, replayed, forged), stock out, tracking back,
 * the OAuth install, and what another company and the answers must never see.
 */

let k: ChannelKit;
const SKUS = ['SHP-TEE-RED', 'SHP-TEE-BLUE', 'SHP-CAP'];
beforeAll(async () => {
  k = await channelKit();
  await stockedSkus(k, SKUS, 500);
});
afterAll(() => k.close());

const line = (sku: string, quantity = 1, price = '19.90') => ({ sku, quantity, price });
const seedOrders = (n: number, lines = [line(SKUS[0]!), line(SKUS[1]!, 2), line(SKUS[2]!)]) => {
  const made = [];
  for (let i = 0; i < n; i++) made.push(k.fake.addOrder({ lineItems: lines }));
  return made;
};

describe('connecting a Shopify store', () => {
  it('creates a process whose credentials are sealed: the answer says which keys are set, never their values', async () => {
    const body = shopifyProcessBody(k, { name: uniq('Sealed'), shop: 'sealed-shop.myshopify.com' });
    const res = await k.api('POST', '/processes', k.acme, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(k.fake.accessToken);
    expect(res.body).not.toContain(k.fake.clientSecret);
    const made = res.json<{ data: ChannelProcessItem }>().data;
    expect(made.credentials).toEqual({ shop_domain: true, access_token: true, client_secret: true });
    expect(made.supported_actions).toEqual(['import_orders', 'update_tracking', 'sync_inventory', 'import_products']);
    expect(made.actions.sync_inventory).toMatchObject({ active: true, options: { reserve_percentage: 0, iloc_id: k.iloc } });
    expect(made.allowed_actions).toEqual(expect.arrayContaining(['test', 'run', 'disable', 'uninstall', 'edit', 'delete']));
    const [row] = await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${made.id}'`);
    expect(String(row!.credentials_sealed)).toMatch(/^v1:/);
    expect(String(row!.credentials_sealed)).not.toContain(k.fake.accessToken);
    const got = await k.api('GET', `/processes/${made.id}`, k.acme);
    expect(got.body).not.toContain(k.fake.accessToken);
  });

  it('refuses bad input with 422 on the field and writes nothing', async () => {
    const before = await countRows(k.t, 'processes');
    const cases: [Record<string, unknown>, string][] = [
      [{ credentials: { shop_domain: 'not a shop', access_token: 'x' } }, 'credentials.shop_domain'],
      [{ credentials: { shop_domain: 'a.myshopify.com', access_token: 'x', password: 'y' } }, 'credentials.password'],
      [{ actions: { sync_inventory: { active: true, options: { reserve_percentage: 101 } } } }, 'sync_inventory'],
      [{ actions: { sync_customers: { active: true } } }, 'actions.sync_customers'],
      [{ actions: { import_orders: { active: true, options: { bogus: 1 } } } }, 'import_orders'],
      [{ actions: { sync_inventory: { active: true, options: { iloc_id: '00000000-0000-4000-8000-000000000000' } } } }, 'actions.sync_inventory.options.iloc_id'],
      [{ actions: { import_orders: { active: true, schedule: 'every tuesday' } } }, 'import_orders'],
      [{ settings: { api_base_url: 'not a url' } }, 'settings.api_base_url'],
    ];
    for (const [patch, field] of cases) {
      const body = { ...shopifyProcessBody(k, { name: uniq('Bad') }), ...patch };
      const res = await k.api('POST', '/processes', k.acme, body);
      expect(res.statusCode, `${JSON.stringify(patch)}: ${res.body}`).toBe(422);
      const errors = Object.keys(res.json<{ errors: Record<string, string[]> }>().errors ?? {});
      expect(errors.some((e) => e.includes(field)), `${field} in ${errors.join(',')}`).toBe(true);
    }
    expect(await countRows(k.t, 'processes')).toBe(before);
  });

  it('says "service already installed" for a second connection to the same store', async () => {
    const shop = `${uniq('twice').toLowerCase()}.myshopify.com`;
    await makeShopifyProcess(k, { shop });
    const res = await k.api('POST', '/processes', k.acme, shopifyProcessBody(k, { shop }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['credentials.shop_domain']).toEqual(['service already installed']);
  });

  it('tests the credentials against the store: the shop and its locations, or the store\'s reason as a 422', async () => {
    const good = await makeShopifyProcess(k, { shop: `${uniq('t').toLowerCase()}.myshopify.com` });
    const ok = (await k.ok<{ data: { ok: boolean; shop: { name: string }; locations: { id: string }[] } }>(200, 'POST', `/processes/${good.id}/test`, k.acme)).data;
    expect(ok.ok).toBe(true);
    expect(ok.locations.length).toBeGreaterThan(0);
    const bad = await makeShopifyProcess(k, { shop: `${uniq('t').toLowerCase()}.myshopify.com`, token: 'shpat_wrong' });
    const res = await k.api('POST', `/processes/${bad.id}/test`, k.acme);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/refused the access token/);
  });
});

describe('importing orders', () => {
  let processId: string;
  beforeAll(async () => {
    processId = (await makeShopifyProcess(k)).id;
  });

  it('follows every page to the end, keeps an order with an unknown SKU in error, and cancels one the store cancelled', async () => {
    const made = seedOrders(60);
    const unknown = k.fake.addOrder({ lineItems: [line('NOT-IN-OMNIO', 1)] });
    const cancelled = k.fake.addOrder({ lineItems: [line(SKUS[0]!, 1)] });
    k.fake.cancelOrder(cancelled.id);
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts).toMatchObject({ received: 62, created: 61, failed: 1, duplicates: 0 });
    expect(run.errors).toEqual([expect.objectContaining({ external_id: String(unknown.id), code: 'sku_not_found' })]);
    const orders = await ordersOf(k, processId);
    expect(orders).toHaveLength(62);
    expect(new Set(orders.map((o) => o.external_id)).size).toBe(62);
    expect(orders.find((o) => o.external_id === String(unknown.id))).toMatchObject({ status: 'error', error_code: 'sku_not_found' });
    expect(orders.find((o) => o.external_id === String(cancelled.id))?.status).toBe('cancelled');
    // 62 orders at 25 a page: three pages, each kept for the seller to download.
    expect(run.pages.length).toBeGreaterThanOrEqual(3);
    const page = await k.api('GET', `/processes/${processId}/runs/${run.id}/pages/1`, k.acme);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(String(made[0]!.id));
    // The call log names each call, never the token.
    expect(run.call_log.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(run)).not.toContain(k.fake.accessToken);
  });

  it('a second run imports nothing twice, and a change at the store (cancelled, new address) is applied', async () => {
    const again = await runAction(k, processId, 'import_orders');
    expect(again.status).toBe('COMPLETED');
    // What the store sends again unchanged is a duplicate: nothing created, nothing rewritten.
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(await ordersOf(k, processId)).toHaveLength(62);

    const [first, second] = (await ordersOf(k, processId)).filter((o) => o.status === 'open');
    k.fake.cancelOrder(Number(first!.external_id));
    k.fake.updateOrder(Number(second!.external_id), { shippingAddress: { address1: '99 New Street', city: 'Denver', zip: '80202', provinceCode: 'CO', countryCode: 'US', firstName: 'Ada', lastName: 'Lovelace' } });
    const changed = await runAction(k, processId, 'import_orders');
    const after = await ordersOf(k, processId);
    expect(after.find((o) => o.id === first!.id)?.status).toBe('cancelled');
    expect(after.find((o) => o.id === second!.id)?.shipping_address).toMatchObject({ address1: '99 New Street', city: 'Denver' });
    expect(changed.counts).toMatchObject({ updated: 2, created: 0, failed: 0 });
  });

  it('waits out Shopify\'s THROTTLED answers (HTTP 200) and goes on', async () => {
    seedOrders(3);
    k.fake.throttleNext(2);
    const run = await runAction(k, processId, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts.created).toBe(3);
    expect(run.call_log.filter((c) => /throttl/i.test(c.error ?? '')).length).toBeGreaterThanOrEqual(2);
  });

  it('a refused token ends the run FAILED with the reason, the job FAILED, nothing imported', async () => {
    const bad = await makeShopifyProcess(k, { shop: `${uniq('bad').toLowerCase()}.myshopify.com`, token: 'shpat_revoked' });
    const started = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${bad.id}/actions/import_orders/run`, k.acme)).data;
    await k.drain();
    const run = (await k.ok<{ data: ChannelRunDetail }>(200, 'GET', `/processes/${bad.id}/runs/${started.run_id}`, k.acme)).data;
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/refused the access token \(401/);
    const job = (await k.ok<{ data: { status: string } }>(200, 'GET', `/jobs/${started.job_id}`, k.acme)).data;
    expect(job.status).toBe('FAILED');
    expect(await ordersOf(k, bad.id)).toHaveLength(0);
  });

  it('a SKU created after the import lets the seller retry the order kept in error', async () => {
    const kept = (await ordersOf(k, processId)).find((o) => o.error_code === 'sku_not_found')!;
    await stockedSkus(k, ['NOT-IN-OMNIO'], 10);
    const retried = await k.ok<{ data: { status: string } }>(200, 'POST', `/orders/${kept.id}/retry`, k.acme);
    expect(retried.data.status).toBe('open');
  });
});

describe('webhooks from Shopify', () => {
  let proc: { id: string };
  beforeAll(async () => {
    proc = await makeShopifyProcess(k, { shop: `${uniq('hooks').toLowerCase()}.myshopify.com` });
  });
  const url = (p: { id: string }, kind = 'orders/import-orders') => `/api/1.0/processes/${p.id}/gateway/webhook/${kind}`;
  const deliver = (p: { id: string }, topic: string, body: string, headers: Record<string, string> = {}, kind?: string) =>
    k.t.app.inject({
      method: 'POST', url: url(p, kind), payload: body,
      headers: {
        'content-type': 'application/json', 'x-shopify-topic': topic, 'x-shopify-shop-domain': k.fake.shopDomain,
        'x-shopify-hmac-sha256': createHmac('sha256', k.fake.clientSecret).update(body).digest('base64'),
        'x-shopify-webhook-id': uniq('wh'), 'x-shopify-api-version': '2026-10', ...headers,
      },
    });
  const stored = async (p: { id: string }) => (await k.ok<{ data: { id: string; status: string; error: string | null }[] }>(200, 'GET', `/processes/${p.id}/inbound-webhooks`, k.acme)).data;

  it('orders/create imports the order; the same delivery again is acknowledged and stored once', async () => {
    const order = k.fake.addOrder({ lineItems: [line(SKUS[0]!, 1)] });
    const body = JSON.stringify(k.fake.orderWebhookPayload(order.id));
    const id = uniq('delivery');
    const first = await deliver(proc, 'orders/create', body, { 'x-shopify-webhook-id': id });
    expect(first.statusCode, first.body).toBe(202);
    const replay = await deliver(proc, 'orders/create', body, { 'x-shopify-webhook-id': id });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ id: first.json().data.id, status: 'duplicate' });
    await k.drain();
    expect(await stored(proc)).toEqual([expect.objectContaining({ status: 'processed' })]);
    const orders = await ordersOf(k, proc.id);
    expect(orders.map((o) => o.external_id)).toEqual([String(order.id)]);
  });

  it('a bad or missing signature is 401 and nothing is stored', async () => {
    const body = JSON.stringify({ id: 1 });
    const before = await countRows(k.t, 'inbound_webhooks');
    const forged = await deliver(proc, 'orders/create', body, { 'x-shopify-hmac-sha256': createHmac('sha256', 'not-the-secret').update(body).digest('base64') });
    expect(forged.statusCode).toBe(401);
    const reSerialized = await deliver(proc, 'orders/create', JSON.stringify({ id: 1 }, null, 2), {
      'x-shopify-hmac-sha256': createHmac('sha256', k.fake.clientSecret).update(body).digest('base64'),
    });
    expect(reSerialized.statusCode).toBe(401);
    const missing = await k.t.app.inject({ method: 'POST', url: url(proc), payload: body, headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Unauthenticated.' });
    expect(await countRows(k.t, 'inbound_webhooks')).toBe(before);
  });

  it('orders/cancelled cancels the imported order', async () => {
    const [order] = await ordersOf(k, proc.id);
    k.fake.cancelOrder(Number(order!.external_id));
    await deliver(proc, 'orders/cancelled', JSON.stringify(k.fake.orderWebhookPayload(Number(order!.external_id))));
    await k.drain();
    expect((await ordersOf(k, proc.id))[0]?.status).toBe('cancelled');
  });

  it('customers/redact removes the customer\'s personal data from the shop\'s orders; data_request exports them', async () => {
    const order = k.fake.addOrder({ lineItems: [line(SKUS[1]!, 1)], email: 'redact.me@example.com' });
    await deliver(proc, 'orders/create', JSON.stringify(k.fake.orderWebhookPayload(order.id)));
    await k.drain();
    const request = { shop_id: 1, shop_domain: k.fake.shopDomain, customer: { id: 5, email: 'redact.me@example.com' }, orders_requested: [], data_request: { id: 9 } };
    await deliver(proc, 'customers/data_request', JSON.stringify(request), {}, 'mandatory/customers/data_request');
    await k.drain();
    const exported = (await k.ok<{ data: { result: { orders: unknown[] } }[] }>(200, 'GET', `/processes/${proc.id}/inbound-webhooks`, k.acme)).data[0]!;
    expect(exported.result.orders).toHaveLength(1);
    const redact = { shop_id: 1, shop_domain: k.fake.shopDomain, customer: { id: 5, email: 'redact.me@example.com' }, orders_to_redact: [] };
    await deliver(proc, 'customers/redact', JSON.stringify(redact), {}, 'mandatory/customers/redact');
    await k.drain();
    const [row] = await k.sql(`SELECT customer, shipping_address FROM orders WHERE process_id = '${proc.id}' AND external_id = '${order.id}'`);
    expect(JSON.stringify(row)).not.toContain('redact.me@example.com');
    expect(row!.customer).toEqual({ redacted: true });
  });

  it('app/uninstalled marks the process uninstalled and forgets its credentials', async () => {
    const gone = await makeShopifyProcess(k, { shop: `${uniq('gone').toLowerCase()}.myshopify.com` });
    const res = await deliver(gone, 'app/uninstalled', JSON.stringify({ id: 1, domain: 'gone' }), {}, 'app/uninstalled');
    expect(res.statusCode).toBe(202);
    await k.drain();
    const after = (await k.ok<{ data: ChannelProcessItem }>(200, 'GET', `/processes/${gone.id}`, k.acme)).data;
    expect(after.status).toBe('uninstalled');
    expect(after.credentials.access_token).toBe(false);
    // shop/redact comes 48 hours after the uninstall, signed with the app's secret: still taken and worked.
    const redact = await deliver(gone, 'shop/redact', JSON.stringify({ shop_id: 1, shop_domain: 'gone.myshopify.com' }), {}, 'mandatory/shop/redact');
    expect(redact.statusCode, redact.body).toBe(202);
    await k.drain();
    expect((await stored(gone))[0]).toMatchObject({ status: 'processed' });
    // Anything else to an uninstalled process is the plain 404.
    const order = await deliver(gone, 'orders/create', JSON.stringify({ id: 5 }));
    expect(order.statusCode).toBe(404);
  });
});

describe('stock to Shopify', () => {
  it('sets each SKU to exactly what /inventory/availability says, sends only changes, and reports a SKU the store lacks', async () => {
    const codes = [uniq('STK-A'), uniq('STK-B'), uniq('STK-C')];
    await stockedSkus(k, codes, 40);
    k.fake.addProduct({ title: 'Stock tee', variants: codes.slice(0, 2).map((sku) => ({ sku, price: '10.00' })) });
    const proc = await makeShopifyProcess(k, { shop: `${uniq('stock').toLowerCase()}.myshopify.com`, actions: {
      sync_inventory: { active: true, options: { reserve_percentage: 10, iloc_id: k.iloc } },
    } });
    const run = await runAction(k, proc.id, 'sync_inventory');
    expect(run.status).toBe('COMPLETED');
    const expected = (await k.ok<{ data: { sku: string; quantity: number }[] }>(200, 'POST', '/inventory/availability', k.acme, {
      iloc_ids: [k.iloc], reserve_percentage: 10, skus: codes,
    })).data;
    const levels = k.fake.inventory();
    for (const sku of codes.slice(0, 2)) {
      expect(levels.find((l) => l.sku === sku)?.available).toBe(expected.find((e) => e.sku === sku)!.quantity);
    }
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ external_id: codes[2], code: 'sku_unknown_at_channel' })]));

    const unchanged = await runAction(k, proc.id, 'sync_inventory');
    expect(unchanged.counts.updated).toBe(0);
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: codes[0], iloc_id: k.iloc, bucket: 'good', delta: -20, reason: 'cycle_count' }] });
    const one = await runAction(k, proc.id, 'sync_inventory');
    expect(one.counts.updated).toBe(1);
    expect(k.fake.inventory().find((l) => l.sku === codes[0])?.available).toBe(Math.floor(20 * 0.9));
  });
});

describe('tracking back to Shopify', () => {
  it('shipping an imported order creates the fulfilment with carrier and tracking at the store', async () => {
    const proc = await makeShopifyProcess(k, { shop: `${uniq('ship').toLowerCase()}.myshopify.com` });
    const order = k.fake.addOrder({ lineItems: [line(SKUS[0]!, 2)] });
    await runAction(k, proc.id, 'import_orders');
    const [ours] = await ordersOf(k, proc.id);
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours!.id}'`);
    await k.ok(201, 'POST', `/orders/${ours!.id}/shipments`, k.acme, {
      carrier: 'ups', tracking: '1Z999AA10123456784',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 2 }] }],
    });
    await k.drain();
    const fulfilled = k.fake.fulfillments().filter((f) => f.orderId === order.gid || f.orderId === String(order.id));
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0]).toMatchObject({ trackingInfo: [expect.objectContaining({ company: 'UPS', number: '1Z999AA10123456784' })], notifyCustomer: true });
    expect(fulfilled[0]!.lineItems).toEqual([expect.objectContaining({ sku: SKUS[0], quantity: 2 })]);
    expect(k.fake.orderView(order.id).displayFulfillmentStatus).toBe('FULFILLED');
    const [ship] = await k.sql(`SELECT channel_push_status FROM shipments WHERE order_id = '${ours!.id}'`);
    expect(ship!.channel_push_status).toBe('sent');
    const runs = await runsOf(k, proc.id);
    expect(runs.find((r) => r.action === 'update_tracking')).toMatchObject({ trigger: 'event', status: 'COMPLETED' });
  });

  it('a fulfilment the store refuses is kept on the shipment as failed, listed with the run, and the run still completes', async () => {
    const proc = await makeShopifyProcess(k, { shop: `${uniq('refuse').toLowerCase()}.myshopify.com` });
    const order = k.fake.addOrder({ lineItems: [line(SKUS[1]!, 1)] });
    await runAction(k, proc.id, 'import_orders');
    const ours = (await ordersOf(k, proc.id)).find((o) => o.external_id === String(order.id))!;
    // The store fulfilled it on its own meanwhile: nothing is left to fulfil there.
    k.fake.cancelOrder(order.id);
    const [lineRow] = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${ours.id}'`);
    await k.ok(201, 'POST', `/orders/${ours.id}/shipments`, k.acme, {
      carrier: 'usps', tracking: '9400100000000000000000',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.2', items: [{ line_id: lineRow!.id, quantity: 1 }] }],
    });
    await k.drain();
    const [ship] = await k.sql(`SELECT channel_push_status, channel_push_error FROM shipments WHERE order_id = '${ours.id}'`);
    expect(ship).toMatchObject({ channel_push_status: 'failed' });
    expect(String(ship!.channel_push_error)).toMatch(/nothing left to fulfil/);
    const run = (await runsOf(k, proc.id)).find((r) => r.action === 'update_tracking')!;
    expect(run).toMatchObject({ status: 'COMPLETED', counts: expect.objectContaining({ failed: 1 }) });
    expect(run.errors[0]).toMatchObject({ code: 'fulfillment_refused' });
  });
});

describe('products from Shopify', () => {
  it('links variants to existing SKUs, creates the missing ones only when asked, and reports the rest', async () => {
    const known = uniq('PRD-KNOWN');
    const fresh = [uniq('PRD-NEW-A'), uniq('PRD-NEW-B')];
    await stockedSkus(k, [known], 0);
    k.fake.addProduct({ title: 'Linked tee', variants: [{ sku: known, price: '12.00' }] });
    k.fake.addProduct({ title: 'New hoodie', variants: fresh.map((sku) => ({ sku, price: '45.00', barcode: null })) });
    const off = await makeShopifyProcess(k, { shop: `${uniq('prd').toLowerCase()}.myshopify.com`, actions: { import_products: { active: true, options: { create_sku_if_not_exists: false } } } });
    const refused = await runAction(k, off.id, 'import_products');
    expect(refused.status).toBe('COMPLETED');
    expect(refused.errors.filter((e) => fresh.includes(e.external_id ?? ''))).toEqual(fresh.map((sku) => expect.objectContaining({ external_id: sku, code: 'sku_not_found' })));
    expect(await k.sql(`SELECT sku FROM skus WHERE sku IN ('${fresh.join("','")}')`)).toEqual([]);

    await k.ok(200, 'PUT', `/processes/${off.id}`, k.acme, { actions: { import_products: { options: { create_sku_if_not_exists: true } } } });
    const created = await runAction(k, off.id, 'import_products');
    expect(created.status).toBe('COMPLETED');
    expect(created.errors.filter((e) => fresh.includes(e.external_id ?? ''))).toEqual([]);
    const made = await k.sql(`SELECT s.sku, p.name FROM skus s JOIN products p ON p.id = s.product_id WHERE s.sku IN ('${fresh.join("','")}') ORDER BY s.sku`);
    expect(made.map((r) => r.sku)).toEqual([...fresh].sort());
    expect(made[0]!.name).toBe('New hoodie');
    // Every linked variant keeps its inventory item, so a stock push needs no lookup.
    const links = await k.sql(`SELECT sku, remote_id FROM channel_sku_links WHERE process_id = '${off.id}' AND sku IN ('${[known, ...fresh].join("','")}')`);
    expect(links).toHaveLength(3);
    expect(links.every((l) => String(l.remote_id).startsWith('gid://shopify/InventoryItem/'))).toBe(true);
  });
});

describe('schedules and one run at a time', () => {
  it('a scheduled action is a tenant schedule of the run job; inactive, unscheduled or uninstalled removes it', async () => {
    const proc = await makeShopifyProcess(k, { shop: `${uniq('sch').toLowerCase()}.myshopify.com` });
    const schedules = () => k.sql(`SELECT cron, payload->>'action' AS action FROM job_schedules WHERE job_kind = 'channels.run' AND payload->>'process_id' = '${proc.id}'`);
    expect(await schedules()).toEqual([]);
    await k.ok(200, 'PUT', `/processes/${proc.id}`, k.acme, { actions: { import_orders: { schedule: '*/15 * * * *' }, sync_inventory: { schedule: 'weekdays' } } });
    expect(await schedules()).toEqual(expect.arrayContaining([
      { cron: '*/15 * * * *', action: 'import_orders' }, { cron: '0 0 * * 1-5', action: 'sync_inventory' },
    ]));
    await k.ok(200, 'PUT', `/processes/${proc.id}`, k.acme, { actions: { sync_inventory: { active: false } } });
    expect(await schedules()).toEqual([{ cron: '*/15 * * * *', action: 'import_orders' }]);
    await k.ok(200, 'POST', `/processes/${proc.id}/uninstall`, k.acme);
    expect(await schedules()).toEqual([]);
    const refused = await k.api('POST', `/processes/${proc.id}/actions/import_orders/run`, k.acme);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'uninstalled' });
  });

  it('run-now twice before the first starts answers the same run and job', async () => {
    const proc = await makeShopifyProcess(k, { shop: `${uniq('twice').toLowerCase()}.myshopify.com` });
    const a = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${proc.id}/actions/import_orders/run`, k.acme)).data;
    const b = (await k.ok<{ data: { job_id: string; run_id: string } }>(202, 'POST', `/processes/${proc.id}/actions/import_orders/run`, k.acme)).data;
    expect(b).toEqual(a);
    await k.drain();
    expect((await runsOf(k, proc.id)).map((r) => r.status)).toEqual(['COMPLETED']);
  });
});

describe('another company', () => {
  it('gets 404 for a process, its runs, a run, a page, a run-now and the test', async () => {
    const proc = await makeShopifyProcess(k, { shop: `${uniq('x').toLowerCase()}.myshopify.com` });
    const run = await runAction(k, proc.id, 'import_orders');
    const before = await countRows(k.t, 'channel_runs');
    for (const [method, path] of [
      ['GET', `/processes/${proc.id}`], ['GET', `/processes/${proc.id}/runs`], ['GET', `/processes/${proc.id}/runs/${run.id}`],
      ['GET', `/processes/${proc.id}/runs/${run.id}/pages/1`], ['POST', `/processes/${proc.id}/actions/import_orders/run`],
      ['POST', `/processes/${proc.id}/test`], ['PUT', `/processes/${proc.id}`], ['POST', `/processes/${proc.id}/disable`],
    ] as const) {
      const res = await k.api(method, path, k.globex, method === 'PUT' ? { name: 'Taken' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const feed = (await k.ok<{ data: { id: string }[] }>(200, 'GET', '/feed-history?per_page=500', k.globex)).data;
    expect(feed.find((r) => r.id === run.id)).toBeUndefined();
    expect(await countRows(k.t, 'channel_runs')).toBe(before);
  });
});

describe('the OAuth install', () => {
  it('authorize → callback with a verified HMAC and state → a process with an expiring token that refreshes itself', async () => {
    const shop = k.fake.shopDomain;
    await k.sql(`UPDATE processes SET status = 'uninstalled' WHERE account_key = '${shop}'`);
    const start = (await k.ok<{ data: { authorize_url: string } }>(200, 'POST', '/channels/shopify/install', k.acme, { shop, name: uniq('Installed') })).data;
    const redirect = await fetch(start.authorize_url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(back.pathname).toBe('/complete-install');
    const query = Object.fromEntries(back.searchParams);
    const forged = await k.api('POST', '/channels/shopify/callback', {}, { query: { ...query, hmac: '00'.repeat(32) } });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe('Installation failed');
    const done = await k.ok<{ data: { process_id: string } }>(200, 'POST', '/channels/shopify/callback', {}, { query });
    const reused = await k.api('POST', '/channels/shopify/callback', {}, { query });
    expect(reused.statusCode).toBe(422);
    const proc = (await k.ok<{ data: ChannelProcessItem }>(200, 'GET', `/processes/${done.data.process_id}`, k.acme)).data;
    expect(proc).toMatchObject({ status: 'active', driver: 'shopify', credentials: { shop_domain: true, access_token: true } });
    const sealed = async () => openCredentials(k.t.config, String((await k.sql(`SELECT credentials_sealed FROM processes WHERE id = '${proc.id}'`))[0]!.credentials_sealed));
    const installed = await sealed();
    expect(installed).toMatchObject({ shop_domain: shop, refresh_token: expect.any(String), expires_at: expect.any(String) });
    await k.sql(`UPDATE processes SET settings = '{"api_base_url": "${k.fake.url}"}'::jsonb WHERE id = '${proc.id}'`);
    // A token about to lapse is refreshed before the next call, and the refresh token rotates with it.
    const { storeCredentials } = await import('./process-store');
    const { withTenant } = await import('../../platform/db/tenant');
    await withTenant({ db: k.t.database.db, tenantId: k.acmeId }, (tx) => storeCredentials(tx, k.t.config, proc.id, { ...installed, expires_at: String(Date.now() + 1000) }));
    const test = await k.api('POST', `/processes/${proc.id}/test`, k.acme);
    expect(test.statusCode, test.body).toBe(200);
    const refreshed = await sealed();
    expect(refreshed.access_token).not.toBe(installed.access_token);
    expect(refreshed.refresh_token).not.toBe(installed.refresh_token);
    expect(Number(refreshed.expires_at)).toBeGreaterThan(Date.now() + 60_000);
  });
});
