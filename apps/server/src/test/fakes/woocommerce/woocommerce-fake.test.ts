import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthSignature, startWooCommerceFake, type WooCommerceFake } from './woocommerce-fake';

/** The fake itself: it must be as strict as the store it stands for, or the connector's tests prove nothing. */

let fake: WooCommerceFake;
beforeAll(async () => {
  fake = await startWooCommerceFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const basic = () => ({ authorization: `Basic ${Buffer.from(`${fake.consumerKey}:${fake.consumerSecret}`).toString('base64')}` });
const get = async (p: string, headers: Record<string, string> = basic()) => {
  const res = await fetch(`${fake.apiBase}/${p}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> & unknown[] };
};
const post = async (p: string, body: unknown) => {
  const res = await fetch(`${fake.apiBase}/${p}`, { method: 'POST', headers: { ...basic(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('WooCommerce fake', () => {
  it('refuses a missing or wrong key with WooCommerce\'s 401 body', async () => {
    expect(await get('orders', {})).toMatchObject({ status: 401, body: { code: 'woocommerce_rest_cannot_view', data: { status: 401 } } });
    const wrong = await get('orders', { authorization: `Basic ${Buffer.from('ck_x:cs_y').toString('base64')}` });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'woocommerce_rest_authentication_error', message: 'Consumer key is invalid.' } });
    expect((await get(`orders?consumer_key=${fake.consumerKey}&consumer_secret=${fake.consumerSecret}`, {})).status).toBe(200);
  });

  it('checks OAuth 1.0a signatures and refuses a nonce used twice', async () => {
    const url = new URL(`${fake.apiBase}/orders`);
    const params = { per_page: '5', oauth_consumer_key: fake.consumerKey, oauth_nonce: 'n1', oauth_signature_method: 'HMAC-SHA256', oauth_timestamp: String(Math.floor(Date.now() / 1000)) };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('oauth_signature', oauthSignature('GET', `${fake.apiBase}/orders`, params, fake.consumerSecret, 'sha256'));
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url)).status).toBe(401);
  });

  it('pages with X-WP-Total / X-WP-TotalPages, caps per_page at 100, filters modified_after in GMT or site time', async () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 0);
    fake.seedOrders(150, { startAt: start, intervalMs: 120_000 });
    const first = await get('orders?per_page=100&orderby=modified&order=asc');
    expect(first.headers.get('x-wp-total')).toBe('150');
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.headers.get('link')).toContain('rel="next"');
    expect(first.body).toHaveLength(100);
    expect((first.body[0] as { date_modified_gmt: string }).date_modified_gmt).toBe('2026-01-01T12:00:00');
    expect((first.body[0] as { date_modified: string }).date_modified).toBe('2026-01-01T09:00:00');
    expect((await get('orders?per_page=101')).body).toMatchObject({ code: 'rest_invalid_param' });
    expect((await get('orders?orderby=bogus')).status).toBe(400);
    const gmt = await get('orders?per_page=100&modified_after=2026-01-01T13:00:00&dates_are_gmt=true');
    expect(gmt.headers.get('x-wp-total')).toBe('119');
    // Without dates_are_gmt the same text is site time (-03:00): three hours later in UTC.
    const local = await get('orders?per_page=100&modified_after=2026-01-01T13:00:00');
    expect(local.headers.get('x-wp-total')).toBe('29');
  });

  it('sets stock in batches with per-item errors, ignoring stock_quantity unless managed, and refuses more than 100', async () => {
    const simple = fake.addProduct({ sku: 'A' });
    const { product, variations } = fake.addVariableProduct({ variations: [{ sku: 'V1' }, { sku: 'V2' }] });
    const res = await post('products/batch', { update: [{ id: simple.id, stock_quantity: 5, manage_stock: true }, { id: 999999, stock_quantity: 1 }] });
    expect(res.status).toBe(200);
    expect((res.body.update as Record<string, unknown>[])[1]).toMatchObject({ id: 999999, error: { code: 'woocommerce_rest_product_invalid_id' } });
    await post(`products/${product.id}/variations/batch`, { update: [{ id: variations[0]!.id, stock_quantity: 7 }] });
    expect(fake.stock().find((s) => s.sku === 'V1')).toMatchObject({ manage_stock: false, stock_quantity: null });
    await post(`products/${product.id}/variations/batch`, { update: [{ id: variations[0]!.id, stock_quantity: 7, manage_stock: true }] });
    expect(fake.stock().find((s) => s.sku === 'V1')).toMatchObject({ manage_stock: true, stock_quantity: 7 });
    expect((await post('products/batch', { update: Array.from({ length: 101 }, (_, i) => ({ id: i })) })).status).toBe(413);
    expect((await get('products?sku=A,V1')).body.map((p: unknown) => (p as { sku: string }).sku)).toEqual(['A']);
    expect((await get(`products/${product.id}/variations?sku=V2`)).body).toHaveLength(1);
  });

  it('marks an order completed and keeps customer notes', async () => {
    const order = fake.addOrder({ lineItems: [{ sku: 'A' }] });
    const put = await fetch(`${fake.apiBase}/orders/${order.id}`, { method: 'PUT', headers: { ...basic(), 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) });
    expect(put.status).toBe(200);
    expect((await post(`orders/${order.id}/notes`, { note: 'Tracking 1Z', customer_note: true })).status).toBe(201);
    expect(fake.getOrder(order.id)!.status).toBe('completed');
    expect(fake.orderNotes(order.id).filter((n) => n.customer_note).map((n) => n.note)).toEqual(['Tracking 1Z']);
  });

  it('answers 429 with Retry-After when told to', async () => {
    fake.throttleNext(1, 3);
    const res = await get('orders');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect((await get('orders')).status).toBe(200);
  });

  it('runs as a CLI that prints one ready line with its url and keys', async () => {
    const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'woocommerce-fake.cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--consumer-key', 'ck_cli', '--consumer-secret', 'cs_cli'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      const ready = JSON.parse(line) as { url: string; consumerKey: string; consumerSecret: string };
      expect(ready).toMatchObject({ consumerKey: 'ck_cli', consumerSecret: 'cs_cli' });
      const res = await fetch(`${ready.url}/wp-json/wc/v3/orders`, { headers: { authorization: `Basic ${Buffer.from('ck_cli:cs_cli').toString('base64')}` } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
