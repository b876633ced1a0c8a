import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfc2822, startBigcommerceFake, type BigcommerceFake } from './bigcommerce-fake';

/** The fake itself keeps to bigcommerce.md's checklist: the parts clients most often get wrong. */
let fake: BigcommerceFake;
beforeAll(async () => {
  fake = await startBigcommerceFake({ quota: 5, windowMs: 60_000 });
});
afterAll(() => fake.close());

const get = (path: string, token = fake.accessToken) => fetch(`${fake.storeBase}${path}`, { headers: { 'x-auth-token': token, accept: 'application/json' } });

describe('BigCommerce fake', () => {
  it('refuses a wrong token, answers an empty page with 204 and no body, and counts down the quota in its headers', async () => {
    expect((await get('/v2/orders', 'nope')).status).toBe(401);
    const empty = await get('/v2/orders');
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    expect(empty.headers.get('x-rate-limit-requests-quota')).toBe('5');
    expect(empty.headers.get('x-rate-limit-requests-left')).toBe('4');
    for (let i = 0; i < 4; i++) await (await get('/v2/store')).text();
    const refused = await get('/v2/store');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('x-rate-limit-time-reset-ms'))).toBeGreaterThan(0);
    fake.setQuota(1000, 30_000);
  });

  it('filters by min_date_modified in RFC-2822 or ISO, and dates answer in RFC-2822', async () => {
    const old = fake.addOrder({ lines: [{ sku: 'A' }], modifiedAt: Date.parse('2026-01-01T10:00:00Z') });
    const recent = fake.addOrder({ lines: [{ sku: 'A' }], modifiedAt: Date.parse('2026-02-01T10:00:00Z') });
    for (const since of ['Sun, 11 Jan 2026 05:00:00 -0500', '2026-01-11T10:00:00Z']) {
      const res = await get(`/v2/orders?min_date_modified=${encodeURIComponent(since)}&sort=date_modified:asc`);
      const ids = ((await res.json()) as { id: number }[]).map((o) => o.id);
      expect(ids).toContain(recent.id);
      expect(ids).not.toContain(old.id);
    }
    expect(rfc2822(Date.parse('2018-01-10T21:05:30Z'), -300)).toBe('Wed, 10 Jan 2018 16:05:30 -0500');
  });

  it('refuses shipping more than is unshipped, and signs deliveries the Standard-Webhooks way', async () => {
    const o = fake.addOrder({ lines: [{ sku: 'A', quantity: 1 }] });
    const ship = (quantity: number) => fetch(`${fake.storeBase}/v2/orders/${o.id}/shipments`, {
      method: 'POST', headers: { 'x-auth-token': fake.accessToken, 'content-type': 'application/json' },
      body: JSON.stringify({ order_address_id: o.shipping_addresses[0]!.id, tracking_number: 'T1', items: [{ order_product_id: o.products[0]!.id, quantity }] }),
    });
    expect((await ship(2)).status).toBe(400);
    expect((await ship(1)).status).toBe(201);
    expect(fake.order(o.id)!.status_id).toBe(2);
    const d = fake.webhookDelivery('store/order/created', o.id);
    const expected = createHmac('sha256', fake.clientSecret).update(`${d.headers['webhook-id']}.${d.headers['webhook-timestamp']}.${d.body}`).digest('base64');
    expect(d.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(d.body)).toMatchObject({ scope: 'store/order/created', data: { type: 'order', id: o.id } });
  });
});
