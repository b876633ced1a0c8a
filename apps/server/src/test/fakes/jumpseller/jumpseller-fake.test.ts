import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJumpsellerFake, type JumpsellerFake } from './jumpseller-fake';

/** The fake itself answers as shared/channels/jumpseller.md says Jumpseller does (the connector tests rely on it). */

let fake: JumpsellerFake;
beforeAll(async () => {
  fake = await startJumpsellerFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const basic = () => `Basic ${Buffer.from(`${fake.login}:${fake.authToken}`).toString('base64')}`;
const get = (path: string, auth: string | null = basic()) => fetch(`${fake.url}${path}`, { headers: auth ? { authorization: auth } : {} });
const send = (method: string, path: string, body: unknown) =>
  fetch(`${fake.url}${path}`, { method, headers: { authorization: basic(), 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the Jumpseller fake', () => {
  it('takes Basic login:auth_token, the deprecated query form and nothing else', async () => {
    expect((await get('/store/info.json')).status).toBe(200);
    expect((await get(`/store/info.json?login=${fake.login}&authtoken=${fake.authToken}`, null)).status).toBe(200);
    const wrong = await get('/store/info.json', `Basic ${Buffer.from(`${fake.login}:nope`).toString('base64')}`);
    expect(wrong.status).toBe(401);
    const info = await (await get('/store/info.json?fields=hooks_token')).json();
    expect(info).toEqual({ store: { hooks_token: fake.hooksToken } });
  });

  it('pages root-wrapped orders (limit ≤ 100, no totals), filters by status and whole days, translates status', async () => {
    fake.seedOrders(130, ['A']);
    fake.addOrder({ status: 'pending_payment', products: [{ sku: 'A', qty: 1, price: 1 }] });
    fake.addOrder({ createdAt: '2020-01-02T23:59:59Z', products: [{ sku: 'A', qty: 1, price: 1 }] });
    const first = await get('/orders.json?limit=500&page=1&status_filters[]=paid');
    expect(first.headers.get('x-total-count')).toBeNull();
    const list = (await first.json()) as { order: { id: number; status: string; status_enum: string; created_at: string } }[];
    expect(list).toHaveLength(100);
    expect(list[0]!.order).toMatchObject({ status: 'Pagada', status_enum: 'paid' });
    expect(list[0]!.order.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(await (await get('/orders.json?limit=100&page=2&status_filters[]=paid')).json()).toHaveLength(31);
    expect(await (await get('/orders.json?limit=100&page=3&status_filters[]=paid')).json()).toEqual([]);
    const day = (await (await get('/orders.json?dateFilter=customDate&initialDate=2020-01-02&finalDate=2020-01-02')).json()) as unknown[];
    expect(day).toHaveLength(1);
    expect(await (await get('/orders/status/pending_payment.json')).json()).toHaveLength(1);
    const after = (await (await get(`/orders/after/${list[1]!.order.id}.json`)).json()) as { order: { id: number } }[];
    // By id, ascending, whatever the status: the pending order between them too.
    expect(after.map((o) => o.order.id)).toEqual([list[1]!.order.id + 1, list[0]!.order.id]);
    fake.setLocale('en');
    expect(((await (await get(`/orders/${list[0]!.order.id}.json`)).json()) as { order: { status: string } }).order.status).toBe('Paid');
  });

  it('announces both buckets on every answer and answers 429 once one is empty', async () => {
    fake.setRateLimit({ perSecond: 2 });
    const a = await get('/store/info.json');
    expect(a.headers.get('jumpseller-persecondratelimit-limit')).toBe('2');
    expect(a.headers.get('jumpseller-persecondratelimit-remaining')).toBe('1');
    expect(a.headers.get('jumpseller-perminuteratelimit-limit')).toBe('800');
    const b = await get('/store/info.json');
    expect(b.headers.get('jumpseller-persecondratelimit-remaining')).toBe('0');
    const c = await get('/store/info.json');
    // The window may just have turned: then the third call fits.
    if (c.status !== 200) expect(c.status).toBe(429);
    fake.setRateLimit({ perSecond: 20 });
    fake.throttleNext(1);
    expect((await get('/store/info.json')).status).toBe(429);
    expect((await get('/store/info.json')).status).toBe(200);
  });

  it('sets stock per product or variant and fills the order\'s tracking from a fulfilment', async () => {
    const p = fake.addProduct({ name: 'Polera', variants: [{ sku: 'V1' }, { sku: 'V2' }] });
    const s = fake.addProduct({ name: 'Gorro', sku: 'S1' });
    expect((await send('PUT', `/products/${p.id}/variants/${p.variants[1]!.id}.json`, { variant: { stock: 7 } })).status).toBe(200);
    expect((await send('PUT', `/products/${s.id}.json`, { product: { stock: 3 } })).status).toBe(200);
    expect((await send('PUT', `/products/${s.id}.json`, { product: { stock: -1 } })).status).toBe(422);
    expect([fake.stockOf('V2'), fake.stockOf('S1'), fake.stockOf('V1')]).toEqual([7, 3, 0]);
    const order = fake.addOrder({ products: [{ sku: 'V1', qty: 1, price: 10 }] });
    expect((await send('POST', '/fulfillments.json', { fulfillment: { order_id: String(order.id), type: 'manual', tracking_number: 'X' } })).status).toBe(422);
    const made = await send('POST', '/fulfillments.json', {
      fulfillment: { order_id: String(order.id), type: 'manual', location_id: '269115', tracking_company: 'other', tracking_number: 'TRK-1', tracking_url: 'https://t.example/1' },
    });
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ order_fulfillment: { tracking_number: 'TRK-1', order: { id: order.id, fulfillment_status: 'fulfilled' } } });
    expect(fake.getOrder(order.id)).toMatchObject({ tracking_number: 'TRK-1', tracking_url: 'https://t.example/1' });
    expect(await (await get(`/order/${order.id}/fulfillments.json`)).json()).toHaveLength(1);
  });

  it('keeps hooks and delivers events signed with the hooks token (base64 HMAC-SHA256)', async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const made = (await (await send('POST', '/hooks.json', { hook: { event: 'order_paid', url } })).json()) as { hook: { id: number } };
      expect(await (await get('/hooks.json')).json()).toEqual([{ hook: expect.objectContaining({ id: made.hook.id, event: 'order_paid', url }) }]);
      const order = fake.addOrder({ products: [{ sku: 'A', qty: 1, price: 1 }] });
      const [delivery] = await fake.sendWebhook('order_paid', fake.orderWebhookBody(order.id));
      expect(delivery).toMatchObject({ status: 200 });
      const got = received[0]!;
      expect(got.headers['jumpseller-event']).toBe('order_paid');
      expect(got.headers['jumpseller-store-code']).toBe(fake.storeCode);
      expect(got.headers['jumpseller-triggered-at']).toMatch(/ UTC$/);
      expect(got.headers['jumpseller-hmac-sha256']).toBe(createHmac('sha256', fake.hooksToken).update(got.body).digest('base64'));
      expect(JSON.parse(got.body)).toMatchObject({ order: { id: order.id, status_enum: 'paid' } });
      expect((await send('DELETE', `/hooks/${made.hook.id}.json`, {})).status).toBe(200);
      expect(fake.hooks()).toEqual([]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('serves the control API over HTTP', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${fake.url.replace(/\/v1$/, '')}/__fake${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json());
    expect(await control('POST', '/seed', { products: 2, orders: 3, skus: ['JS-SKU-0'] })).toEqual({ orders: 3, products: 2 });
    expect(((await control('GET', '/stock')) as { stock: unknown[] }).stock).toHaveLength(2);
    await control('POST', '/throttle', { next: 1 });
    expect((await get('/store/info.json')).status).toBe(429);
    expect(((await control('GET', '/calls')) as { calls: { status: number }[] }).calls.map((c) => c.status)).toEqual([429]);
    expect(await control('GET', '/state')).toMatchObject({ url: fake.url, orders: 3, products: 2 });
  });
});
