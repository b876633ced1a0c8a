import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCartRoverFake, type CartRoverFake } from './cartrover-fake';

// The fake's own contract, as the connector and the browser tests rely on it (shared/channels/cartrover.md).
let fake: CartRoverFake;
beforeAll(async () => {
  fake = await startCartRoverFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
async function get(p: string, auth = basic(fake.merchantUser, fake.merchantKey)) {
  const res = await fetch(`${fake.url}${p}`, { headers: { authorization: auth } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { success_code: boolean; error_code?: string; message?: string; response?: unknown } };
}

describe('the CartRover fake', () => {
  it('answers a refused credential, an over-limit call and an injected failure as HTTP 200 with success_code false', async () => {
    const bad = await get('/v1/merchant/orders/list/new', basic(fake.merchantUser, 'wrong'));
    expect(bad).toMatchObject({ status: 200, body: { success_code: false, error_code: 'Invalid' } });
    // The cart pair is not the merchant pair.
    expect((await get('/v1/merchant/orders/list/new', basic(fake.cartUser, fake.cartKey))).body.success_code).toBe(false);
    fake.throttleNext(1);
    const limited = await get('/v1/merchant/orders/list/new');
    expect(limited).toMatchObject({ status: 200, body: { success_code: false, error_code: 'RateLimit', message: 'Over API Limit. Please slow down requests.' } });
    expect(limited.headers.get('x-cartrover-process-id')).toBeTruthy();
    fake.failNext({ message: 'Database unavailable' });
    expect((await get('/v1/merchant/orders/list/new')).body).toMatchObject({ success_code: false, error_code: 'Failure' });
    expect((await get('/v1/merchant/orders/list/new')).body).toMatchObject({ success_code: true, response: [] });
    // The legacy query-string credentials are still taken.
    expect((await get(`/v1/merchant/orders/list/new?api_user=${fake.merchantUser}&api_key=${fake.merchantKey}`, '')).body.success_code).toBe(true);
  });

  it('empties a small bucket and refills it one call per interval', async () => {
    fake.setBucket({ size: 2, refillMs: 200 });
    expect((await get('/v1/merchant/inventory')).body.success_code).toBe(true);
    const last = await get('/v1/merchant/inventory');
    expect(last.headers.get('x-cartrover-api-minute-hits-remaining')).toBe('0');
    expect((await get('/v1/merchant/inventory')).body.error_code).toBe('RateLimit');
    await new Promise((r) => setTimeout(r, 250));
    expect((await get('/v1/merchant/inventory')).body.success_code).toBe(true);
    fake.setBucket({ size: 100, refillMs: 600 });
  });

  it('pages by number up to 100, filters by date, and reads a literal + in a date as a space (refused)', async () => {
    fake.seedOrders(5);
    const page1 = await get('/v1/merchant/orders/list/new_or_at_wms?limit=2&page=1');
    const page3 = await get('/v1/merchant/orders/list/new_or_at_wms?limit=2&page=3');
    expect((page1.body.response as unknown[]).length).toBe(2);
    expect((page3.body.response as unknown[]).length).toBe(1);
    expect((await get('/v1/merchant/orders/list/new?limit=101')).body.success_code).toBe(false);
    const future = '2999-01-01T00:00:00+00:00';
    expect((await get(`/v1/merchant/orders/list/new?from_date=${encodeURIComponent(future)}`)).body).toMatchObject({ success_code: true, response: [] });
    const plus = await get(`/v1/merchant/orders/list/new?from_date=2020-01-01T00:00:00+00:00`);
    expect(plus.body).toMatchObject({ success_code: false, error_code: 'Invalid', message: 'Invalid from_date: 2020-01-01T00:00:00 00:00' });
    const encoded = await get('/v1/merchant/orders/list/new?from_date=2020-01-01T00:00:00%2B00:00');
    expect((encoded.body.response as unknown[]).length).toBe(5);
  });

  it('takes cart orders as an array only, tracking by status update, and stock as an array with per-item answers', async () => {
    const post = (p: string, body: unknown, auth: string) => fetch(`${fake.url}${p}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ success_code: boolean; response?: unknown }>);
    const cart = basic(fake.cartUser, fake.cartKey);
    const merchant = basic(fake.merchantUser, fake.merchantKey);
    expect((await post('/v1/cart/orders/cartrover', { cust_ref: 'ONE', items: [{ item: 'C100' }] }, cart)).success_code).toBe(false);
    expect((await post('/v1/cart/orders/cartrover', [{ cust_ref: 'ONE', items: [{ item: 'C100', quantity: 1, price: 23.15 }] }], cart)).success_code).toBe(true);
    const shipped = await post('/v1/merchant/orders/status/ONE', { new_status: 'shipped', shipments: [{ tracking_no: '1Z1', carrier: 'UPS' }] }, merchant);
    expect(shipped).toMatchObject({ success_code: true, response: { order_status: 'shipped' } });
    expect((await get('/v1/merchant/orders/status/ONE')).body.response).toMatchObject({ order_status: 'shipped', shipments: [{ tracking_no: '1Z1', carrier: 'UPS' }] });
    fake.addProduct('C100');
    const stock = await post('/v1/merchant/inventory', [{ sku: 'C100', quantity: 7 }, { sku: 'NOPE', quantity: 1 }], merchant);
    expect(stock).toMatchObject({ success_code: true, response: [{ sku: 'C100', success_code: true }, { sku: 'NOPE', success_code: false, message: 'Product not found' }] });
    expect(fake.inventory()).toEqual({ C100: 7 });
  });

  it('runs as a CLI that prints one JSON line with its address', async () => {
    const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cartrover-fake.cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--seed-orders', '3', '--seed-skus', 'A1,B2'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      const ready = JSON.parse(line) as { url: string; apiUser: string; apiKey: string };
      const res = await fetch(`${ready.url}/v1/merchant/orders/list/any?limit=100`, { headers: { authorization: basic(ready.apiUser, ready.apiKey) } });
      expect(((await res.json()) as { response: unknown[] }).response).toHaveLength(3);
      const control = await fetch(`${ready.url}/__fake/inventory`).then((r) => r.json());
      expect(control).toEqual({ stock: {}, batches: [] });
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
