import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_ACTIONS, SUBSCRIPTION_REALTIME_EVENT, type SubscriptionAction } from '@omnio/domain';
import { REALTIME_PG_CHANNEL } from '../../platform/realtime/publish';
import { awaitRealtimeSentinel, countRows, createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../../platform/db/rows';
import { inTenant, tenantIds } from '../inventory/inventory.fixtures';
import { billingMaintenance } from './billing.jobs';
import type { ProviderSubscriptionState } from './billing-provider';
import { applyProviderSubscription, completeCheckout } from './subscription-provider-sync';

/**
 * Billing through the API with the manual provider (docs/api-billing.md): the catalogue, every spec 4
 * transition of a subscription (allowed and refused), checkouts, events, tenancy and permissions.
 */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let acme: H;
let globex: H;
let supplier: H;
let ids: { acme: string; globex: string };
let price: Record<string, string>;

interface Line { price_id: string; name: string; unit_amount: number; orders: number; quantity?: number }
interface Sub {
  id: string; status: string; provider: string; plan: Line; extras: Line[]; canceled_at: string | null; current_period_end: string;
  totals: { price_cents: number; price: string; orders: number }; allowed_actions: string[];
}
interface Answer { url: string; checkout_id: string | null; subscription: Sub | null }
interface Product { id: string; type: string; name: string; active: boolean; prices: { id: string; active: boolean; data: { unit_amount: number } }[] }

async function call<T = unknown>(expected: number, method: string, url: string, headers: H, payload?: object): Promise<T> {
  const res = await t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  return (res.body ? res.json() : undefined) as T;
}
const subscription = async (as: H = globex) => (await call<{ data: Sub | null }>(200, 'GET', '/billing/subscription', as)).data;
const request = async (body: object, expected = 200, as: H = globex) => call<{ data: Answer } & Record<string, unknown>>(expected, 'POST', '/billing/subscription', as, body);
const confirm = async (checkoutId: string, expected = 200, as: H = globex) => call<{ data: { url: string; subscription: Sub } }>(expected, 'POST', `/billing/checkout/${checkoutId}/confirm`, as);
const events = (tenantId: string) => inTenant(t, tenantId, (tx) =>
  queryRows<{ type: string; message: string }>(tx, sql`SELECT type, message FROM subscription_events ORDER BY created_at, id`));

/** Puts Globex straight into a spec 4 status (Growth, no extras) without going through the API. */
async function setGlobex(status: 'none' | 'active' | 'canceled') {
  await inTenant(t, ids.globex, async (tx) => {
    await tx.execute(sql`DELETE FROM subscriptions`);
    await tx.execute(sql`UPDATE subscription_checkouts SET status = 'expired' WHERE status = 'open'`);
    if (status === 'none') return;
    await tx.execute(sql`
      INSERT INTO subscriptions (tenant_id, status, plan_price_id, canceled_at, current_period_start, current_period_end)
      VALUES (${ids.globex}::uuid, ${status}, ${price.Growth!}::uuid, ${status === 'canceled' ? sql`now()` : sql`NULL`}, now(), now() + interval '1 month')`);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  supplier = await t.as('acmeSupplier');
  ids = await tenantIds(t);
  const products = (await call<{ data: Product[] }>(200, 'GET', '/billing/products-client', acme)).data;
  price = Object.fromEntries(products.map((p) => [p.name, p.prices[0]!.id]));
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue', () => {
  it('lists the demo plans first, then the extras, with prices in cents', async () => {
    const products = (await call<{ data: Product[] }>(200, 'GET', '/billing/products-client', acme)).data;
    expect(products.map((p) => [p.type, p.name, p.prices[0]!.data.unit_amount])).toEqual([
      ['base_plan', 'Starter', 1900], ['base_plan', 'Growth', 4900], ['base_plan', 'Scale', 19900],
      ['addon', '1,000 more orders', 1500], ['addon', '10,000 more orders', 9900],
    ]);
  });

  it('the owner creates and edits products and prices; inactive ones only in the owner list', async () => {
    const made = (await call<{ data: Product }>(200, 'PUT', '/billing/product', owner, {
      type: 'base_plan', name: 'Hidden plan', active: false, sort: 99, data: { features: { orders: 10 } },
    })).data;
    expect(made).toMatchObject({ type: 'base_plan', name: 'Hidden plan', active: false, prices: [] });
    const p = (await call<{ data: { id: string; data: { unit_amount: number; currency: string } } }>(200, 'PUT', '/billing/price', owner, {
      product_id: made.id, data: { unit_amount: 500, nickname: 'Monthly', currency: 'USD' },
    })).data;
    expect(p.data).toMatchObject({ unit_amount: 500, currency: 'usd' });
    // Not in use: the amount may change.
    await call(200, 'PUT', '/billing/price', owner, { id: p.id, product_id: made.id, data: { unit_amount: 700 } });
    const renamed = (await call<{ data: Product }>(200, 'PUT', '/billing/product', owner, { id: made.id, type: 'base_plan', name: 'Renamed', active: false, data: {} })).data;
    expect(renamed.name).toBe('Renamed');
    const all = (await call<{ data: Product[] }>(200, 'GET', '/billing/products', owner)).data;
    expect(all.find((x) => x.id === made.id)?.prices[0]?.data.unit_amount).toBe(700);
    const client = (await call<{ data: Product[] }>(200, 'GET', '/billing/products-client', acme)).data;
    expect(client.some((x) => x.id === made.id)).toBe(false);
  });

  it('the amount of a price a subscription uses cannot change (409), other fields can', async () => {
    const scale = (await call<{ data: Product[] }>(200, 'GET', '/billing/products', owner)).data.find((x) => x.name === 'Scale')!;
    const res = await call<{ code: string }>(409, 'PUT', '/billing/price', owner, { id: price.Scale, product_id: scale.id, data: { unit_amount: 100 } });
    expect(res.code).toBe('CONFLICT');
    const ok = (await call<{ data: { data: { unit_amount: number; nickname: string } } }>(200, 'PUT', '/billing/price', owner, {
      id: price.Scale, product_id: scale.id, data: { unit_amount: 19900, nickname: 'Monthly plan' },
    })).data;
    expect(ok.data).toMatchObject({ unit_amount: 19900, nickname: 'Monthly plan' });
  });

  it('refuses bad catalogue input with 422 and writes nothing', async () => {
    const before = [await countRows(t, 'billing_products'), await countRows(t, 'billing_prices')];
    const bad: [string, object, string][] = [
      ['/billing/product', { type: 'plan', name: 'x', data: {} }, 'type'],
      ['/billing/product', { type: 'addon', name: '', data: {} }, 'name'],
      ['/billing/price', { product_id: '00000000-0000-4000-8000-000000000000', data: { unit_amount: 5 } }, 'product_id'],
      ['/billing/price', { product_id: '00000000-0000-4000-8000-000000000000', data: { unit_amount: 1.5 } }, 'data.unit_amount'],
      ['/billing/price', { product_id: '00000000-0000-4000-8000-000000000000', data: { unit_amount: -1 } }, 'data.unit_amount'],
    ];
    for (const [url, body, field] of bad) {
      const res = await call<{ errors: Record<string, string[]> }>(422, 'PUT', url, owner, body);
      expect(res.errors[field], `${url} ${JSON.stringify(body)}`).toBeDefined();
    }
    expect([await countRows(t, 'billing_products'), await countRows(t, 'billing_prices')]).toEqual(before);
  });

  it('sync with the manual provider has nothing to move', async () => {
    expect((await call<{ data: object }>(200, 'GET', '/billing/sync', owner)).data).toEqual({ pushed: 0, pulled: 0 });
  });
});

describe('subscription lifecycle with the manual provider', () => {
  it('Acme is on Scale (seed): totals and allowed actions', async () => {
    const sub = (await subscription(acme))!;
    expect(sub).toMatchObject({ status: 'active', provider: 'manual', plan: { name: 'Scale', unit_amount: 19900, orders: 50000 }, extras: [], canceled_at: null });
    expect(sub.totals).toEqual({ price_cents: 19900, price: '199.00', orders: 50000 });
    expect(sub.allowed_actions).toEqual(['change', 'upgrade', 'cancel']);
  });

  it('subscribe → checkout → confirm → active; upgrade adds extras; change replaces them; cancel; resume', async () => {
    await setGlobex('none');
    await inTenant(t, ids.globex, (tx) => tx.execute(sql`DELETE FROM subscription_events`));
    expect(await subscription()).toBeNull();

    // subscribe: a checkout, nothing active yet
    const started = (await request({ type: 'subscribe', price_id: price.Growth, extras: [{ price_id: price['1,000 more orders'], quantity: 2 }], returnUrl: '/billing?done=1' })).data;
    expect(started.url).toBe(`/billing/checkout/${started.checkout_id}`);
    expect(started.subscription).toBeNull();
    const checkout = (await call<{ data: { status: string; type: string; totals: object; extras: Line[] } }>(200, 'GET', `/billing/checkout/${started.checkout_id}`, globex)).data;
    expect(checkout).toMatchObject({ status: 'open', type: 'subscribe', totals: { price_cents: 7900, price: '79.00', orders: 7000 } });
    expect(checkout.extras).toEqual([expect.objectContaining({ name: '1,000 more orders', quantity: 2, unit_amount: 1500, orders: 1000 })]);

    const done = (await confirm(started.checkout_id!)).data;
    expect(done.url).toBe('/billing?done=1');
    expect(done.subscription).toMatchObject({ status: 'active', plan: { name: 'Growth' }, totals: { price_cents: 7900, price: '79.00', orders: 7000 } });
    await confirm(started.checkout_id!, 409);
    const active = (await subscription())!;
    expect(active.allowed_actions).toEqual(['change', 'upgrade', 'cancel']);

    // upgrade (the dedicated route): extras are added to the current ones
    const up = (await call<{ data: Answer }>(200, 'POST', `/billing/subscription/${active.id}/upgrade`, globex, {
      extras: [{ price_id: price['1,000 more orders'], quantity: 1 }, { price_id: price['10,000 more orders'], quantity: 1 }],
    })).data;
    await confirm(up.checkout_id!);
    const upgraded = (await subscription())!;
    expect(upgraded.extras.map((e) => [e.name, e.quantity])).toEqual([['1,000 more orders', 3], ['10,000 more orders', 1]]);
    expect(upgraded.totals).toEqual({ price_cents: 4900 + 3 * 1500 + 9900, price: '193.00', orders: 5000 + 3000 + 10000 });

    // change: another plan, the extras replace the current ones
    const ch = (await request({ type: 'change', price_id: price.Scale, extras: [] })).data;
    await confirm(ch.checkout_id!);
    expect((await subscription())!).toMatchObject({ plan: { name: 'Scale' }, extras: [], totals: { orders: 50000 } });

    // cancel: still there until the period ends, canceled_at set, only resume allowed
    const cancelled = (await request({ type: 'cancel' })).data;
    expect(cancelled.url).toBe('/billing');
    expect(cancelled.checkout_id).toBeNull();
    expect(cancelled.subscription).toMatchObject({ status: 'canceled', allowed_actions: ['resume'], plan: { name: 'Scale' } });
    expect(cancelled.subscription!.canceled_at).not.toBeNull();

    const resumed = (await request({ type: 'resume', price_id: price.Scale })).data;
    expect(resumed.subscription).toMatchObject({ status: 'active', canceled_at: null, allowed_actions: ['change', 'upgrade', 'cancel'] });

    // every change left an event (and its realtime message went out in the same transaction)
    expect((await events(ids.globex)).map((e) => e.type)).toEqual(['subscribe', 'subscribed', 'upgrade', 'updated', 'canceled', 'updated']);
  });

  // Spec 4 as a table: every status × every action through the API; refused ones are 409 INVALID_TRANSITION.
  const allowed: Record<string, SubscriptionAction[]> = { none: ['subscribe'], active: ['change', 'upgrade', 'cancel'], canceled: ['resume'] };
  const bodyOf = (action: SubscriptionAction) => ({
    type: action,
    ...(action === 'subscribe' || action === 'change' ? { price_id: price.Starter } : {}),
    ...(action === 'upgrade' ? { extras: [{ price_id: price['1,000 more orders'], quantity: 1 }] } : {}),
  });
  for (const status of ['none', 'active', 'canceled'] as const) {
    for (const action of SUBSCRIPTION_ACTIONS) {
      const ok = allowed[status]!.includes(action);
      it(`${status} × ${action}: ${ok ? 'allowed' : '409 INVALID_TRANSITION'}`, async () => {
        await setGlobex(status);
        if (ok) {
          const res = (await request(bodyOf(action))).data;
          expect(res.url).toMatch(/^\/billing/);
        } else {
          const before = await countRows(t, 'subscription_checkouts');
          const res = await request(bodyOf(action), 409);
          expect(res).toMatchObject({ code: 'INVALID_TRANSITION', from: status, action });
          expect(await countRows(t, 'subscription_checkouts')).toBe(before);
        }
      });
    }
  }

  it('refuses what spec 4 does not allow within an allowed action (409)', async () => {
    await setGlobex('canceled');
    await request({ type: 'resume', price_id: price.Starter }, 409);
    await request({ type: 'resume', extras: [{ price_id: price['1,000 more orders'], quantity: 1 }] }, 409);
    await setGlobex('active');
    await request({ type: 'change', price_id: price.Growth }, 409); // the plan it is on
    await request({ type: 'upgrade', price_id: price.Scale, extras: [{ price_id: price['1,000 more orders'], quantity: 1 }] }, 409);
  });

  it('a checkout cannot complete once the subscription moved on (409), nor after 24 hours', async () => {
    await setGlobex('none');
    const a = (await request({ type: 'subscribe', price_id: price.Starter })).data;
    const b = (await request({ type: 'subscribe', price_id: price.Growth })).data;
    await confirm(a.checkout_id!);
    expect(await confirm(b.checkout_id!, 409)).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect((await subscription())!.plan.name).toBe('Starter');

    const c = (await request({ type: 'change', price_id: price.Scale })).data;
    await inTenant(t, ids.globex, (tx) => tx.execute(sql`UPDATE subscription_checkouts SET expires_at = now() - interval '1 minute' WHERE id = ${c.checkout_id}::uuid`));
    expect((await call<{ data: { status: string } }>(200, 'GET', `/billing/checkout/${c.checkout_id}`, globex)).data.status).toBe('expired');
    await confirm(c.checkout_id!, 409);
    const swept = await inTenant(t, ids.globex, (tx) => billingMaintenance(tx, ids.globex));
    expect(swept.expired_checkouts).toBeGreaterThanOrEqual(1);
  });

  it('a cancelled subscription ends with its period: null, and the job marks it ended', async () => {
    await setGlobex('canceled');
    await inTenant(t, ids.globex, (tx) => tx.execute(sql`UPDATE subscriptions SET current_period_end = now() - interval '1 second'`));
    expect(await subscription()).toBeNull();
    expect((await call<{ data: { subscription_status: string; orders_limit: number } }>(200, 'GET', '/billing/limits', globex)).data)
      .toMatchObject({ subscription_status: 'none', orders_limit: 0 });
    expect((await inTenant(t, ids.globex, (tx) => billingMaintenance(tx, ids.globex))).ended).toBe(1);
    const [row] = await inTenant(t, ids.globex, (tx) => queryRows<{ status: string }>(tx, sql`SELECT status FROM subscriptions`));
    expect(row!.status).toBe('ended');
    // subscribing again reuses the company's one row
    const again = (await request({ type: 'subscribe', price_id: price.Starter })).data;
    await confirm(again.checkout_id!);
    expect((await subscription())!).toMatchObject({ status: 'active', plan: { name: 'Starter' }, canceled_at: null });
  });

  it('the job rolls a running manual subscription into its next month', async () => {
    await setGlobex('active');
    await inTenant(t, ids.globex, (tx) => tx.execute(sql`
      UPDATE subscriptions SET current_period_start = now() - interval '70 days', current_period_end = now() - interval '40 days'`));
    expect((await subscription())!.status).toBe('active'); // still running: the allowance does not stop
    const before = Date.parse((await subscription())!.current_period_end);
    expect((await inTenant(t, ids.globex, (tx) => billingMaintenance(tx, ids.globex))).renewed).toBe(1);
    const after = (await subscription())!;
    expect(Date.parse(after.current_period_end)).toBeGreaterThan(Date.now());
    expect(Date.parse(after.current_period_end) - before).toBeGreaterThanOrEqual(59 * 86_400_000);
    expect((await inTenant(t, ids.globex, (tx) => billingMaintenance(tx, ids.globex))).renewed).toBe(0);
  });

  it('unknown, inactive and wrong-type prices are 422 naming the field; nothing is written', async () => {
    await setGlobex('none');
    const hidden = (await call<{ data: Product }>(200, 'PUT', '/billing/product', owner, { type: 'base_plan', name: 'Retired', active: true, data: {} })).data;
    const retired = (await call<{ data: { id: string } }>(200, 'PUT', '/billing/price', owner, { product_id: hidden.id, active: false, data: { unit_amount: 100 } })).data;
    const before = await countRows(t, 'subscription_checkouts');
    const cases: [object, string][] = [
      [{ type: 'subscribe', price_id: '00000000-0000-4000-8000-000000000000' }, 'price_id'],
      [{ type: 'subscribe', price_id: retired.id }, 'price_id'],
      [{ type: 'subscribe', price_id: price['1,000 more orders'] }, 'price_id'],
      [{ type: 'subscribe', price_id: price.Starter, extras: [{ price_id: price.Growth, quantity: 1 }] }, 'extras.0.price_id'],
      [{ type: 'subscribe', price_id: price.Starter, extras: [{ price_id: price['1,000 more orders'], quantity: 0 }] }, 'extras.0.quantity'],
      [{ type: 'subscribe' }, 'price_id'],
      [{ type: 'subscribe', price_id: 'nope' }, 'price_id'],
      [{ type: 'explode', price_id: price.Starter }, 'type'],
      [{ type: 'subscribe', price_id: price.Starter, returnUrl: 'https://evil.test/steal' }, 'returnUrl'],
      [{ type: 'subscribe', price_id: price.Starter, cancelUrl: '//evil.test/x' }, 'cancelUrl'],
      [{ type: 'subscribe', price_id: price.Starter, returnUrl: 'javascript:alert(1)' }, 'returnUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await request(body, 422);
      expect((res as unknown as { errors: Record<string, string[]> }).errors[field], JSON.stringify(body)).toBeDefined();
    }
    expect(await countRows(t, 'subscription_checkouts')).toBe(before);
    // an absolute URL on APP_URL is fine
    const ok = (await request({ type: 'subscribe', price_id: price.Starter, returnUrl: 'http://omnio.test/billing?x=1' })).data;
    expect(ok.checkout_id).toBeTruthy();
  });

  it('a change publishes subscription-event {type, message, subscription} on the tenant channel', async () => {
    await setGlobex('active');
    const got: { channel: string; event: string; data: { type: string; message: string; subscription: Sub | null } }[] = [];
    const stop = await t.runtime.database.listen(REALTIME_PG_CHANNEL, (p) => got.push(JSON.parse(p)));
    try {
      await request({ type: 'cancel' });
      await expect.poll(() => got.find((m) => m.event === SUBSCRIPTION_REALTIME_EVENT), { timeout: 5000 }).toMatchObject({
        channel: `Omnio.Tenant.${ids.globex}`,
        data: { type: 'canceled', message: expect.stringContaining('cancelled'), subscription: { status: 'canceled', allowed_actions: ['resume'] } },
      });
      // a refused change publishes nothing
      const seen = got.length;
      await request({ type: 'cancel' }, 409);
      // No sleep: once a marker sent after the refused request is in, anything that request sent would be too.
      await awaitRealtimeSentinel(t, got as { data?: { id?: unknown } }[], 'after-refusal');
      expect(got.slice(seen).filter((m) => m.event === SUBSCRIPTION_REALTIME_EVENT)).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('the manual provider has no portal: 409 NO_PORTAL', async () => {
    expect(await call(409, 'POST', '/billing/portal', acme, { returnUrl: '/billing' })).toEqual({ message: 'Your account is free', code: 'NO_PORTAL' });
  });
});

describe('provider sync (what the Stripe webhook calls)', () => {
  const state = (over: Partial<ProviderSubscriptionState> = {}): ProviderSubscriptionState => ({
    providerSubscriptionId: 'sub_sync_1', providerCustomerId: 'cus_1', status: 'active', canceledAt: null,
    currentPeriodStart: new Date('2026-11-01T00:00:00Z'), currentPeriodEnd: new Date('2099-12-01T00:00:00Z'), items: [], ...over,
  });

  it('completeCheckout applies once; replays and the same state again record nothing; unknown ids are NOT_FOUND', async () => {
    await setGlobex('none');
    const c = (await request({ type: 'subscribe', price_id: price.Growth })).data;
    const count = async () => (await events(ids.globex)).length;
    await completeCheckout(t.runtime, c.checkout_id!, state());
    const after = await count();
    expect((await subscription())!).toMatchObject({ status: 'active', plan: { name: 'Growth' }, current_period_end: '2099-12-01T00:00:00.000Z' });
    await completeCheckout(t.runtime, c.checkout_id!, state());
    await applyProviderSubscription(t.runtime, state());
    expect(await count()).toBe(after);

    await applyProviderSubscription(t.runtime, state({ status: 'canceled', canceledAt: new Date() }));
    expect((await subscription())!.status).toBe('canceled');
    expect((await events(ids.globex)).at(-1)!.type).toBe('canceled');
    await applyProviderSubscription(t.runtime, state({ status: 'ended', canceledAt: new Date() }));
    expect(await subscription()).toBeNull();
    const ended = await count();
    await applyProviderSubscription(t.runtime, state()); // a late update does not bring it back
    expect(await subscription()).toBeNull();
    expect(await count()).toBe(ended);

    await expect(completeCheckout(t.runtime, '00000000-0000-4000-8000-000000000000', state())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(applyProviderSubscription(t.runtime, state({ providerSubscriptionId: 'sub_nowhere' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('tenancy and permissions', () => {
  it("another company's checkout and subscription are 404, and stay untouched", async () => {
    await setGlobex('none');
    const c = (await request({ type: 'subscribe', price_id: price.Starter })).data;
    await call(404, 'GET', `/billing/checkout/${c.checkout_id}`, acme);
    await call(404, 'POST', `/billing/checkout/${c.checkout_id}/confirm`, acme);
    await call(404, 'GET', '/billing/checkout/not-an-id', acme);
    const acmeSub = (await subscription(acme))!;
    await call(404, 'POST', `/billing/subscription/${acmeSub.id}/upgrade`, globex, { extras: [{ price_id: price['1,000 more orders'], quantity: 1 }] });
    expect((await call<{ data: { status: string } }>(200, 'GET', `/billing/checkout/${c.checkout_id}`, globex)).data.status).toBe('open');
    expect((await subscription(acme))!.extras).toEqual([]);
  });

  it('a tenant on owner routes is 403; the owner and a supplier on tenant routes are 403', async () => {
    await call(403, 'GET', '/billing/products', acme);
    await call(403, 'PUT', '/billing/product', acme, { type: 'addon', name: 'x', data: {} });
    await call(403, 'PUT', '/billing/price', acme, { product_id: price.Starter, data: { unit_amount: 1 } });
    await call(403, 'GET', '/billing/sync', acme);
    await call(403, 'GET', '/billing/subscription', owner);
    await call(403, 'GET', '/billing/subscription', supplier);
    await call(403, 'POST', '/billing/subscription', supplier, { type: 'cancel' });
  });

  it('read-billing reads, update-billing changes', async () => {
    const userId = (await t.database.ownerExec(`SELECT id FROM users WHERE email = 'tenant@acme.test'`))[0]!.id as string;
    await t.database.ownerExec(`DELETE FROM user_permissions WHERE user_id = '${userId}' AND permission_id = (SELECT id FROM permissions WHERE name = 'update-billing')`);
    const limited = { authorization: `Bearer ${(await t.login('tenant@acme.test', 'Omnio#Tenant1')).access_token}` };
    await call(200, 'GET', '/billing/subscription', limited);
    await call(403, 'POST', '/billing/subscription', limited, { type: 'cancel' });
    expect((await subscription(acme))!.status).toBe('active');
  });
});
