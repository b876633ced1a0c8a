import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { usagePeriod } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../../platform/db/rows';
import { drainJobs } from '../../platform/jobs/jobs';
import { inTenant, tenantIds } from '../inventory/inventory.fixtures';
import { act, createOrder, orderBody, uniq } from '../orders/orders.test-kit';
import { LIMIT_NOTIFICATION_TYPE } from './billing-limits.service';

/**
 * The monthly order allowance at the boundary (docs/api-billing.md "Limits"), on Globex with a tiny plan:
 * the last allowed order passes and the next is refused with nothing written, batches straddle the limit,
 * the CSV import and clone meet it too, the notification goes out once a period, and under concurrency
 * exactly the remaining slots pass.
 */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let globex: H;
let ids: { acme: string; globex: string };
let tiny: string;
let addon: string;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** An order that needs no stock: an unknown SKU keeps it in `error`, and it still counts as an order. */
const body = (extra: Record<string, unknown> = {}) => orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }], extra);
const globexOrders = () => inTenant(t, ids.globex, async (tx) => Number((await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM orders`))[0]!.n));
const limits = async () => (await t.app.inject({ method: 'GET', url: '/api/1.0/billing/limits', headers: globex })).json().data;
const limitNotifications = () => inTenant(t, ids.globex, async (tx) =>
  Number((await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM notifications WHERE type = ${LIMIT_NOTIFICATION_TYPE}`))[0]!.n));

/** Globex on the tiny plan (+ extras), this month's usage set to `used`. */
async function plan(extras: number, used: number) {
  await inTenant(t, ids.globex, async (tx) => {
    await tx.execute(sql`
      UPDATE subscriptions SET status = 'active', canceled_at = NULL, plan_price_id = ${tiny}::uuid,
        extras = ${JSON.stringify(extras ? [{ price_id: addon, quantity: extras }] : [])}::jsonb`);
    await tx.execute(sql`
      INSERT INTO billing_usage (tenant_id, period, orders) VALUES (${ids.globex}::uuid, ${usagePeriod(new Date())}, ${used})
      ON CONFLICT (tenant_id, period) DO UPDATE SET orders = EXCLUDED.orders, limit_notified_at = NULL`);
  });
}

async function product(type: 'base_plan' | 'addon', name: string, orders: number): Promise<string> {
  const p = await t.app.inject({ method: 'PUT', url: '/api/1.0/billing/product', headers: owner, payload: { type, name, data: { features: { orders } } } });
  const pr = await t.app.inject({ method: 'PUT', url: '/api/1.0/billing/price', headers: owner, payload: { product_id: p.json().data.id, data: { unit_amount: 100 } } });
  return pr.json().data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  globex = await t.as('globexTenant');
  ids = await tenantIds(t);
  tiny = await product('base_plan', 'Tiny', 3);
  addon = await product('addon', 'Two more', 2);
});
afterAll(async () => {
  await t?.close();
});

describe('order allowance', () => {
  it('N-1 orders, the Nth passes, the N+1th is 402 PLAN_LIMIT_REACHED and writes nothing', async () => {
    await plan(0, 0);
    for (let i = 0; i < 2; i++) expect((await createOrder(t, globex, body())).statusCode).toBe(201);
    expect(await limits()).toMatchObject({ period: usagePeriod(new Date()), subscription_status: 'active', orders_limit: 3, orders_used: 2, orders_remaining: 1 });
    expect((await createOrder(t, globex, body())).statusCode).toBe(201);
    const before = { orders: await globexOrders(), lines: await countRows(t, 'order_lines'), events: await countRows(t, 'status_events') };
    const refused = await createOrder(t, globex, body());
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      message: 'Your plan allows 3 orders a month and they have all been used. Upgrade your plan to create more.', code: 'PLAN_LIMIT_REACHED', limit: 3, used: 3,
    });
    expect({ orders: await globexOrders(), lines: await countRows(t, 'order_lines'), events: await countRows(t, 'status_events') }).toEqual(before);
    expect(await limits()).toMatchObject({ orders_limit: 3, orders_used: 3, orders_remaining: 0 });
  });

  it('the first refusal of a period notifies the billing readers once', async () => {
    await plan(0, 3); // a new period as far as the notification goes
    const before = await limitNotifications();
    expect((await createOrder(t, globex, body())).statusCode).toBe(402);
    expect((await createOrder(t, globex, body())).statusCode).toBe(402);
    // one billing reader at Globex (its tenant user), told once
    expect(await limitNotifications()).toBe(before + 1);
    const list = (await t.app.inject({ method: 'GET', url: '/api/1.0/notifications', headers: globex })).json();
    const text = JSON.stringify(list);
    if (list.data) expect(text).toContain('Order limit reached');
  });

  it('a duplicate of an existing order still answers that order when the allowance is used', async () => {
    await plan(0, 0);
    const first = body();
    const made = await createOrder(t, globex, first);
    expect(made.statusCode).toBe(201);
    await plan(0, 3);
    const again = await createOrder(t, globex, first);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, data: { id: made.json().data.id } });
  });

  it('a batch straddling the limit creates the fitting orders and refuses the rest, in input order', async () => {
    await plan(1, 2); // allowance 3 + 2 = 5, 2 used: room for 3
    const orders = [body(), body(), body(), body(), body()];
    const before = await globexOrders();
    const notified = await limitNotifications();
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/batch', headers: globex, payload: { orders } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { index: number; status: string; error_code: string | null; id: string | null }[];
    expect(data.map((r) => r.status === 'refused')).toEqual([false, false, false, true, true]);
    expect(data.slice(3)).toEqual([
      expect.objectContaining({ index: 3, status: 'refused', error_code: 'plan_limit', id: null }),
      expect.objectContaining({ index: 4, status: 'refused', error_code: 'plan_limit', id: null }),
    ]);
    expect(await globexOrders()).toBe(before + 3);
    expect(await limits()).toMatchObject({ orders_limit: 5, orders_used: 5, orders_remaining: 0 });
    expect(await limitNotifications()).toBe(notified + 1); // in the batch's own transaction, which commits
  });

  it('the CSV import counts refused orders as failed, with the reason', async () => {
    await plan(0, 2);
    const a = uniq('CSVL');
    const b = uniq('CSVL');
    const csv = [
      'external_id,first_name,last_name,email,address1,city,zip,country,sku,quantity,price',
      `${a},Ada,Lovelace,ada@example.com,1 Main St,Austin,78701,US,NO-SUCH,1,9.50`,
      `${b},Bob,Byte,bob@example.com,2 Side St,Dallas,75001,US,NO-SUCH,1,9.50`,
    ].join('\n');
    const boundary = '----omnio';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/import', headers: { ...globex, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(202);
    await drainJobs(t.runtime, quiet);
    const job = (await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${res.json().data.job_id}`, headers: globex })).json().data;
    expect(job.status).toBe('COMPLETED');
    expect(job.result).toMatchObject({ created: 1, failed: 1 });
    expect(job.result.errors.filter((e: { external_id: string }) => e.external_id === b))
      .toEqual([expect.objectContaining({ line: 3, message: expect.stringContaining('Your plan allows 3 orders') })]);
  });

  it('clone is an order creation too: 402 at the limit', async () => {
    await plan(0, 0);
    const id = (await createOrder(t, globex, body())).json().data.id as string;
    await plan(0, 3);
    const before = await globexOrders();
    const res = await act(t, globex, id, 'clone');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PLAN_LIMIT_REACHED');
    expect(await globexOrders()).toBe(before);
  });

  it('without a subscription every creation is 402 NO_ACTIVE_SUBSCRIPTION', async () => {
    await inTenant(t, ids.globex, (tx) => tx.execute(sql`UPDATE subscriptions SET status = 'ended'`));
    const before = await globexOrders();
    const single = await createOrder(t, globex, body());
    expect(single.statusCode).toBe(402);
    expect(single.json()).toEqual({ message: 'No active subscription', code: 'NO_ACTIVE_SUBSCRIPTION' });
    const batch = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/batch', headers: globex, payload: { orders: [body(), body()] } });
    expect(batch.statusCode).toBe(402);
    expect(await globexOrders()).toBe(before);
    expect(await limits()).toMatchObject({ subscription_status: 'none', orders_limit: 0, orders_remaining: 0 });
  });

  it('a cancelled subscription keeps its allowance until the period ends', async () => {
    await plan(0, 2);
    await inTenant(t, ids.globex, (tx) => tx.execute(sql`UPDATE subscriptions SET status = 'canceled', canceled_at = now()`));
    expect(await limits()).toMatchObject({ subscription_status: 'canceled', orders_limit: 3, orders_remaining: 1 });
    expect((await createOrder(t, globex, body())).statusCode).toBe(201);
  });

  it('K parallel creates with one slot left: exactly one passes', async () => {
    await plan(0, 2);
    const before = await globexOrders();
    const results = await Promise.all(Array.from({ length: 8 }, () => createOrder(t, globex, body())));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 402, 402, 402, 402, 402, 402, 402]);
    // Those that lost the race at the commit (they had read one slot left) answer like those refused up front.
    for (const r of results.filter((x) => x.statusCode === 402)) expect(r.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', limit: 3, used: 3 });
    expect(await globexOrders()).toBe(before + 1);
    expect(await limits()).toMatchObject({ orders_used: 3, orders_remaining: 0 });
  });
});
