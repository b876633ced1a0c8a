import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { loadConfig } from '../../platform/config';
import { DomainError } from '../../platform/http/errors';
import { parseStripeForm, startStripeFake, type SignedEvent, type StripeFake } from '../../test/fakes/stripe/stripe-fake';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tenantIds } from '../inventory/inventory.fixtures';
import type { CatalogProduct } from './billing-provider';
import { createStripeProvider, mapStripeSubscription, NOT_SYNCED_MESSAGE, verifyStripeSignature, type StripeSubscriptionLike } from './billing-provider.stripe';
import { STRIPE_WEBHOOK_PATH } from './billing-webhook.routes';

/**
 * The Stripe provider, its webhook and the local Stripe fake (test/fakes/stripe; never the real service):
 * signature checks, the mapping of Stripe subscriptions, every provider call as the fake receives it, and
 * the whole flow through the API (sync, subscribe, webhook, upgrade, change, cancel, resume, portal, end).
 */

const SECRET_KEY = 'sk_test_x';
const WEBHOOK_SECRET = 'whsec_x';
const sign = (secret: string, t: number, body: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

describe('Stripe-Signature verification', () => {
  const body = Buffer.from('{"id":"evt_1","type":"ping"}');
  const t = nowS();
  const good = sign(WEBHOOK_SECRET, t, body.toString());

  it.each([
    ['a good signature', good, true],
    ['one good v1 among several (secret rolling) and a v0', `t=${t},v1=${'0'.repeat(64)},${good.split(',')[1]},v0=abc`, true],
    ['a missing header', undefined, false],
    ['an empty header', '', false],
    ['another secret', sign('whsec_other', t, body.toString()), false],
    ['a timestamp older than 300 s', sign(WEBHOOK_SECRET, t - 301, body.toString()), false],
    ['a timestamp 300 s ahead', sign(WEBHOOK_SECRET, t + 301, body.toString()), false],
    ['only a v0 signature', good.replace('v1=', 'v0='), false],
    ['no timestamp', good.split(',')[1], false],
    ['a non-numeric timestamp', good.replace(`t=${t}`, 't=abc'), false],
    ['a signature of another timestamp', good.replace(`t=${t}`, `t=${t - 1}`), false],
    ['a truncated signature', good.slice(0, -2), false],
  ])('%s', (_name, header, ok) => {
    // Checked at the moment the headers were signed: the cases are built when the file is collected, and a
    // busy machine may start them more than a second later (the 301 s cases would then be 300 s away).
    expect(verifyStripeSignature(WEBHOOK_SECRET, body, header, t * 1000)).toBe(ok);
  });

  it('refuses a tampered body and any secret for an unsigned one', () => {
    expect(verifyStripeSignature(WEBHOOK_SECRET, Buffer.from(body.toString().replace('ping', 'pong')), good)).toBe(false);
    expect(verifyStripeSignature('', body, good)).toBe(false);
  });

  it('agrees with the official client both ways', async () => {
    const fake = await startStripeFake();
    try {
      const sdkHeader = Stripe.webhooks.generateTestHeaderString({ payload: body.toString(), secret: WEBHOOK_SECRET });
      expect(verifyStripeSignature(WEBHOOK_SECRET, body, sdkHeader)).toBe(true);
      // The fake signs as Stripe does: the official client accepts its events.
      const event = Stripe.webhooks.constructEvent(body.toString(), fake.sign(body.toString()), WEBHOOK_SECRET);
      expect(event.id).toBe('evt_1');
    } finally {
      await fake.close();
    }
  });
});

describe('mapStripeSubscription', () => {
  const base = {
    id: 'sub_1', customer: 'cus_1', cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
    items: { data: [
      { price: { id: 'price_plan' }, quantity: 1, current_period_start: 1_800_000_000, current_period_end: 1_802_592_000 },
      { price: { id: 'price_extra' }, quantity: 2, current_period_start: 1_800_000_000, current_period_end: 1_802_592_000 },
    ] },
  };
  it.each([
    ['active', {}, 'active', false],
    ['trialing', {}, 'active', false],
    ['past_due', {}, 'active', false],
    ['active', { cancel_at_period_end: true, canceled_at: 1_800_100_000 }, 'canceled', true],
    ['active', { cancel_at: 1_802_592_000 }, 'canceled', true],
    ['canceled', { canceled_at: 1_800_100_000, ended_at: 1_802_592_000 }, 'ended', true],
    ['unpaid', {}, 'ended', true],
    ['incomplete_expired', {}, 'ended', true],
    ['paused', {}, 'ended', true],
  ] as const)('%s %o → %s', (status, extra, expected, hasCanceledAt) => {
    const state = mapStripeSubscription({ ...base, status, ...extra } as StripeSubscriptionLike);
    expect(state.status).toBe(expected);
    expect(state.canceledAt !== null).toBe(hasCanceledAt);
    expect(state.providerSubscriptionId).toBe('sub_1');
    expect(state.providerCustomerId).toBe('cus_1');
    expect(state.items).toEqual([{ providerPriceId: 'price_plan', quantity: 1 }, { providerPriceId: 'price_extra', quantity: 2 }]);
    expect(state.currentPeriodStart?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    expect(state.currentPeriodEnd?.toISOString()).toBe(new Date(1_802_592_000_000).toISOString());
  });

  it('reads the period from the subscription in older API versions and an expanded customer', () => {
    const state = mapStripeSubscription({
      id: 'sub_2', status: 'active', customer: { id: 'cus_9' }, current_period_start: 1_700_000_000, current_period_end: 1_702_592_000,
      items: { data: [{ price: { id: 'price_plan' }, quantity: null }] },
    });
    expect(state).toMatchObject({ providerCustomerId: 'cus_9', items: [{ providerPriceId: 'price_plan', quantity: 1 }] });
    expect(state.currentPeriodEnd?.getTime()).toBe(1_702_592_000_000);
    expect(state.canceledAt).toBeNull();
  });
});

describe('the fake parses Stripe form bodies', () => {
  it('nests bracket keys and makes indexed objects arrays', () => {
    expect(parseStripeForm('mode=subscription&line_items[0][price]=p1&line_items[1][price]=p2&line_items[1][quantity]=2&metadata[tenant_id]=t&a[]=x&a[]=y'))
      .toEqual({ mode: 'subscription', line_items: [{ price: 'p1' }, { price: 'p2', quantity: '2' }], metadata: { tenant_id: 't' }, a: ['x', 'y'] });
    expect(parseStripeForm('items%5B0%5D%5Bid%5D=si_1&items%5B0%5D%5Bdeleted%5D=true')).toEqual({ items: [{ id: 'si_1', deleted: 'true' }] });
  });
});

describe('the Stripe provider against the fake', () => {
  let fake: StripeFake;
  let provider: ReturnType<typeof createStripeProvider>;
  const catalog: CatalogProduct[] = [
    { id: 'p-plan', providerId: null, name: 'Growth', description: 'For growing shops', type: 'base_plan', orders: 5000, active: true,
      prices: [{ id: 'pr-plan', providerId: null, unitAmount: 4900, currency: 'USD', nickname: 'Monthly', active: true }] },
    { id: 'p-big', providerId: null, name: 'Scale', description: '', type: 'base_plan', orders: 50000, active: true,
      prices: [{ id: 'pr-big', providerId: null, unitAmount: 19900, currency: 'usd', nickname: '', active: true }] },
    { id: 'p-extra', providerId: null, name: '1,000 more orders', description: '', type: 'addon', orders: 1000, active: true,
      prices: [{ id: 'pr-extra', providerId: null, unitAmount: 1500, currency: 'usd', nickname: 'Monthly', active: true }] },
  ];
  const ids: Record<string, string> = {};
  const line = (priceId: string, quantity = 1) => ({ priceId, providerPriceId: ids[priceId] ?? null, quantity });
  const request = {
    checkoutId: '8d2c3f5e-0b7a-4c1e-9f3a-2b6d7e8f9a01', tenantId: '11111111-2222-4333-8444-555555555555', companyName: 'Globex', email: 'ops@globex.test',
    providerCustomerId: null, returnUrl: 'http://omnio.test/billing?ok=1', cancelUrl: 'http://omnio.test/billing',
  };

  beforeAll(async () => {
    fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    provider = createStripeProvider(loadConfig({ NODE_ENV: 'test' }, { billingProvider: 'stripe', stripeSecretKey: SECRET_KEY, stripeApiBase: fake.url }));
  });
  afterAll(async () => fake?.close());

  it('needs a secret key', () => {
    expect(() => createStripeProvider(loadConfig({ NODE_ENV: 'test' }, { billingProvider: 'stripe', stripeSecretKey: undefined }))).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('pushes products and monthly prices that have no Stripe id, once', async () => {
    const result = await provider.syncCatalog(catalog);
    expect(Object.keys(result.pushed.productIds).sort()).toEqual(['p-big', 'p-extra', 'p-plan']);
    expect(Object.keys(result.pushed.priceIds).sort()).toEqual(['pr-big', 'pr-extra', 'pr-plan']);
    expect(result.pulled).toEqual([]);
    const growth = fake.received('POST', '/v1/products').find((r) => r.body.name === 'Growth')!;
    expect(growth.body).toMatchObject({ description: 'For growing shops', active: 'true', metadata: { type: 'base_plan', orders: '5000', omnio_product_id: 'p-plan' } });
    expect(growth.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    // Stripe refuses an empty description: it is left out.
    expect(fake.received('POST', '/v1/products').find((r) => r.body.name === 'Scale')!.body).not.toHaveProperty('description');
    const price = fake.prices.get(result.pushed.priceIds['pr-plan']!)!;
    expect(price).toMatchObject({ product: result.pushed.productIds['p-plan'], unit_amount: 4900, currency: 'usd', nickname: 'Monthly', recurring: { interval: 'month' } });
    Object.assign(ids, result.pushed.priceIds);
    for (const p of catalog) {
      p.providerId = result.pushed.productIds[p.id]!;
      for (const pr of p.prices) pr.providerId = result.pushed.priceIds[pr.id]!;
    }
    const again = await provider.syncCatalog(catalog);
    expect(again.pushed).toEqual({ productIds: {}, priceIds: {} });
    expect(fake.received('POST', '/v1/products')).toHaveLength(3);
  });

  it('pulls Stripe products marked as plans or extras, with their monthly prices only', async () => {
    const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http' });
    const mine = await stripe.products.create({ name: 'Enterprise', metadata: { type: 'base_plan', orders: '250000' } });
    await stripe.prices.create({ product: mine.id, unit_amount: 99_900, currency: 'usd', recurring: { interval: 'month' }, nickname: 'Monthly' });
    await stripe.prices.create({ product: mine.id, unit_amount: 999_000, currency: 'usd', recurring: { interval: 'year' } });
    await stripe.prices.create({ product: mine.id, unit_amount: 500, currency: 'usd' });
    await stripe.products.create({ name: 'T-shirt' });
    const result = await provider.syncCatalog(catalog);
    expect(result.pulled).toEqual([{
      id: '', providerId: mine.id, name: 'Enterprise', description: '', type: 'base_plan', orders: 250000, active: true,
      prices: [{ id: '', providerId: expect.stringMatching(/^price_/), unitAmount: 99_900, currency: 'usd', nickname: 'Monthly', active: true }],
    }]);
  });

  it('starts a subscription Checkout session with the plan and extras', async () => {
    const started = await provider.startCheckout({ ...request, plan: line('pr-plan'), extras: [line('pr-extra', 1), line('pr-extra', 1)] });
    expect(started.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    expect(started.providerCustomerId).toBeNull();
    const sent = fake.received('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.body).toEqual({
      mode: 'subscription',
      // The same extra twice is one line (Stripe refuses a price twice).
      line_items: [{ price: ids['pr-plan'], quantity: '1' }, { price: ids['pr-extra'], quantity: '2' }],
      client_reference_id: request.checkoutId,
      metadata: { tenant_id: request.tenantId, checkout_id: request.checkoutId },
      subscription_data: { metadata: { tenant_id: request.tenantId, checkout_id: request.checkoutId } },
      success_url: request.returnUrl,
      cancel_url: request.cancelUrl,
      customer_email: 'ops@globex.test',
    });
    expect(sent.headers['idempotency-key']).toMatch(/^omnio-checkout-/);
    // A retried start answers the same session.
    const again = await provider.startCheckout({ ...request, plan: line('pr-plan'), extras: [line('pr-extra', 2)] });
    expect(again.providerSessionId).toBe(started.providerSessionId);
    expect(fake.sessions.size).toBe(1);
  });

  it('refuses lines without a Stripe price: 422 naming them', async () => {
    const err = await provider.startCheckout({ ...request, checkoutId: 'c2', plan: line('pr-plan'), extras: [line('pr-unsynced')] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'VALIDATION', message: NOT_SYNCED_MESSAGE, extra: { errors: { 'extras.0.price_id': [NOT_SYNCED_MESSAGE] } } });
    const plan = await provider.updateSubscription('sub_x', line('pr-unsynced'), []).catch((e: unknown) => e);
    expect(plan).toMatchObject({ code: 'VALIDATION', extra: { errors: { price_id: [NOT_SYNCED_MESSAGE] } } });
  });

  let subscriptionId = '';
  it('replaces the items of a subscription: keeps, requantifies, deletes, adds', async () => {
    const session = [...fake.sessions.values()][0]!;
    await fake.completeCheckout(session.id as string);
    subscriptionId = String(fake.sessions.get(session.id as string)!.subscription);
    const before = fake.subscriptions.get(subscriptionId)!.items.data;
    const planItem = before.find((i) => i.price.id === ids['pr-plan'])!;
    const extraItem = before.find((i) => i.price.id === ids['pr-extra'])!;

    const upgraded = await provider.updateSubscription(subscriptionId, line('pr-plan'), [line('pr-extra', 3)]);
    expect(fake.received('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!.body).toEqual({
      items: [{ id: planItem.id, quantity: '1' }, { id: extraItem.id, quantity: '3' }],
    });
    expect(upgraded!.items).toEqual([{ providerPriceId: ids['pr-plan'], quantity: 1 }, { providerPriceId: ids['pr-extra'], quantity: 3 }]);

    const changed = await provider.updateSubscription(subscriptionId, line('pr-big'), []);
    expect(fake.received('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!.body).toEqual({
      items: [{ id: planItem.id, deleted: 'true' }, { id: extraItem.id, deleted: 'true' }, { price: ids['pr-big'], quantity: '1' }],
    });
    expect(changed).toMatchObject({ status: 'active', items: [{ providerPriceId: ids['pr-big'], quantity: 1 }] });
    expect(changed!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
  });

  it('cancels at the period end and resumes', async () => {
    const canceled = await provider.cancelSubscription(subscriptionId);
    expect(fake.received('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!.body).toEqual({ cancel_at_period_end: 'true' });
    expect(canceled).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
    const resumed = await provider.resumeSubscription(subscriptionId);
    expect(fake.received('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!.body).toEqual({ cancel_at_period_end: 'false' });
    expect(resumed).toMatchObject({ status: 'active', canceledAt: null });
  });

  it('opens the customer portal for a Stripe customer only', async () => {
    const customer = fake.subscriptions.get(subscriptionId)!.customer;
    const url = await provider.portalUrl(customer, 'http://omnio.test/billing');
    expect(url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    expect(fake.received('POST', '/v1/billing_portal/sessions').at(-1)!.body).toEqual({ customer, return_url: 'http://omnio.test/billing' });
    expect(await provider.portalUrl(null, 'http://omnio.test/billing')).toBeNull();
  });

  it('translates Stripe errors: a refusal is a 409 with the reason, an outage a plain error without Stripe\'s status', async () => {
    const missing = await provider.cancelSubscription('sub_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DomainError);
    expect(missing).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining("No such subscription: 'sub_nope'") });

    fake.failNext(5, 500, 'Stripe is down');
    const down = await provider.resumeSubscription(subscriptionId).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(DomainError);
    expect((down as { statusCode?: number }).statusCode).toBeUndefined();
    fake.failNext(0, 500);

    const wrongKey = createStripeProvider(loadConfig({ NODE_ENV: 'test' }, { billingProvider: 'stripe', stripeSecretKey: 'sk_test_wrong', stripeApiBase: fake.url }));
    const denied = await wrongKey.cancelSubscription(subscriptionId).catch((e: unknown) => e);
    expect(denied).not.toBeInstanceOf(DomainError);
    expect((denied as { statusCode?: number }).statusCode).toBeUndefined();
  });

  it('retries a failed call once Stripe answers again, with the same idempotency key', async () => {
    const before = fake.requests.length;
    fake.failNext(1, 500);
    const state = await provider.cancelSubscription(subscriptionId);
    expect(state?.status).toBe('canceled');
    const tries = fake.requests.slice(before);
    expect(tries).toHaveLength(2);
    expect(tries[0]!.headers['idempotency-key']).toBe(tries[1]!.headers['idempotency-key']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Through the API: a test app on BILLING_PROVIDER=stripe against the fake.

type H = { authorization: string };
type Product = { id: string; type: string; name: string; provider_id: string | null; prices: { id: string; provider_id: string | null }[] };
type Subscription = {
  id: string; status: string; provider: string; plan: { price_id: string; name: string }; extras: { price_id: string; quantity: number }[];
  canceled_at: string | null; current_period_end: string; totals: { price_cents: number; orders: number };
};

describe('Stripe billing through the API', () => {
  let fake: StripeFake;
  let t: TestApp;
  let owner: H;
  let globex: H;
  let acme: H;
  let tenant: string;
  const price: Record<'growth' | 'scale' | 'extra' | 'big', string> = { growth: '', scale: '', extra: '', big: '' };
  let checkoutId = '';
  let completed: SignedEvent;

  beforeAll(async () => {
    fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp({ billingProvider: 'stripe', stripeSecretKey: SECRET_KEY, stripeWebhookSecret: WEBHOOK_SECRET, stripeApiBase: fake.url });
    owner = await t.as('owner');
    globex = await t.as('globexTenant');
    acme = await t.as('acmeTenant');
    tenant = (await tenantIds(t)).globex;
    // This suite subscribes Globex from nothing, whatever the demo data gave it.
    await t.database.ownerExec(`DELETE FROM subscription_events WHERE tenant_id = '${tenant}'; DELETE FROM subscription_checkouts WHERE tenant_id = '${tenant}';
      DELETE FROM subscriptions WHERE tenant_id = '${tenant}'`);
    const product = async (type: string, name: string, orders: number, cents: number) => {
      const p = await call<{ data: Product }>(200, 'PUT', '/billing/product', owner, { type, name, active: true, sort: Math.round(cents / 100), data: { description: `${name} plan`, features: { orders } } });
      const pr = await call<{ data: { id: string } }>(200, 'PUT', '/billing/price', owner, { product_id: p.data.id, active: true, data: { unit_amount: cents, nickname: 'Monthly', currency: 'usd' } });
      return pr.data.id;
    };
    price.growth = await product('base_plan', 'Stripe Growth', 5000, 4900);
    price.scale = await product('base_plan', 'Stripe Scale', 50000, 19900);
    price.extra = await product('addon', 'Stripe 1,000 more orders', 1000, 1500);
    price.big = await product('addon', 'Stripe 10,000 more orders', 10000, 9900);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function call<T = unknown>(expected: number, method: string, url: string, headers: H, payload?: object): Promise<T> {
    const res = await t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
    return (res.body ? res.json() : undefined) as T;
  }
  const post = (body: string, signature?: string) =>
    t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) }, payload: body });
  const deliver = (ev: SignedEvent) => post(ev.payload, ev.signature);
  const subscription = async () => (await call<{ data: Subscription | null }>(200, 'GET', '/billing/subscription', globex)).data;
  const eventRows = async () => Number((await t.database.ownerExec(`SELECT count(*)::int AS n FROM subscription_events WHERE tenant_id = '${tenant}'`))[0]?.n);
  const checkouts = async () => Number((await t.database.ownerExec(`SELECT count(*)::int AS n FROM subscription_checkouts WHERE tenant_id = '${tenant}'`))[0]?.n);
  const fakeSub = () => fake.subscriptions.get([...fake.subscriptions.keys()].at(-1)!)!;

  it('refuses to start a Stripe checkout before the catalogue is synced, writing nothing', async () => {
    const before = await checkouts();
    const res = await call<{ message: string; errors: Record<string, string[]> }>(422, 'POST', '/billing/subscription', globex, { type: 'subscribe', price_id: price.growth, extras: [] });
    expect(res).toEqual({ message: NOT_SYNCED_MESSAGE, errors: { price_id: [NOT_SYNCED_MESSAGE] } });
    expect(await checkouts()).toBe(before);
    expect(fake.received('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('owner sync pushes products and prices to Stripe; a tenant may not sync', async () => {
    await call(403, 'GET', '/billing/sync', globex);
    const pushed = (await call<{ data: { pushed: number; pulled: number } }>(200, 'GET', '/billing/sync', owner)).data;
    expect(pushed.pulled).toBe(0);
    expect(pushed.pushed).toBeGreaterThanOrEqual(8);
    expect(fake.received('POST', '/v1/products').map((r) => r.body.name)).toEqual(expect.arrayContaining(['Stripe Growth', 'Stripe Scale', 'Stripe 1,000 more orders']));
    expect(fake.received('POST', '/v1/products').find((r) => r.body.name === 'Stripe Growth')!.body).toMatchObject({ metadata: { type: 'base_plan', orders: '5000' } });
    expect(fake.received('POST', '/v1/prices').find((r) => r.body.unit_amount === '4900')!.body).toMatchObject({ currency: 'usd', recurring: { interval: 'month' } });
    const products = (await call<{ data: Product[] }>(200, 'GET', '/billing/products', owner)).data.filter((p) => p.name.startsWith('Stripe '));
    expect(products.every((p) => p.provider_id?.startsWith('prod_') && p.prices.every((pr) => pr.provider_id?.startsWith('price_')))).toBe(true);
    const again = (await call<{ data: { pushed: number; pulled: number } }>(200, 'GET', '/billing/sync', owner)).data;
    expect(again).toEqual({ pushed: 0, pulled: 0 });
  });

  it('subscribe answers the Stripe Checkout url; nothing is active until Stripe says it is paid', async () => {
    const res = (await call<{ data: { url: string; checkout_id: string } }>(200, 'POST', '/billing/subscription', globex, {
      type: 'subscribe', price_id: price.growth, extras: [{ price_id: price.extra, quantity: 2 }, { price_id: price.big, quantity: 1 }], returnUrl: '/billing?done=1', cancelUrl: '/billing',
    })).data;
    checkoutId = res.checkout_id;
    expect(res.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    const session = fake.received('POST', '/v1/checkout/sessions').at(-1)!.body;
    expect(session).toMatchObject({
      mode: 'subscription', client_reference_id: checkoutId, metadata: { tenant_id: tenant, checkout_id: checkoutId },
      customer_email: 'ops@globex.test', success_url: 'http://omnio.test/billing?done=1', cancel_url: 'http://omnio.test/billing',
    });
    expect((session.line_items as { quantity: string }[]).map((l) => l.quantity)).toEqual(['1', '2', '1']);
    expect(await subscription()).toBeNull();
    // Another company cannot read this checkout.
    await call(404, 'GET', `/billing/checkout/${checkoutId}`, acme);
    expect((await call<{ data: { status: string } }>(200, 'GET', `/billing/checkout/${checkoutId}`, globex)).data.status).toBe('open');
  });

  it('a webhook with a bad signature, none, a stale one or a tampered body is a 400 and changes nothing', async () => {
    const sessionId = [...fake.sessions.keys()].at(-1)!;
    completed = await fake.completeCheckout(sessionId);
    const before = await eventRows();
    const stale = sign(WEBHOOK_SECRET, nowS() - 301, completed.payload);
    for (const [body, header] of [
      [completed.payload, sign('whsec_wrong', nowS(), completed.payload)],
      [completed.payload, undefined],
      [completed.payload, stale],
      [completed.payload.replace(checkoutId, '00000000-0000-4000-8000-000000000000'), completed.signature],
      [completed.payload, 'garbage'],
    ] as const) {
      const res = await post(body, header);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid signature' });
    }
    expect(await subscription()).toBeNull();
    expect(await eventRows()).toBe(before);
  });

  it('a signed checkout.session.completed activates the subscription; its replay changes nothing', async () => {
    const before = await eventRows();
    const res = await deliver(completed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const sub = (await subscription())!;
    expect(sub).toMatchObject({ status: 'active', provider: 'stripe', plan: { price_id: price.growth }, canceled_at: null });
    expect(sub.extras.map((e) => [e.price_id, e.quantity]).sort()).toEqual([[price.extra, 2], [price.big, 1]].sort());
    expect(sub.totals).toMatchObject({ price_cents: 4900 + 2 * 1500 + 9900, orders: 5000 + 2000 + 10000 });
    expect(Date.parse(sub.current_period_end)).toBe(fakeSub().items.data[0]!.current_period_end * 1000);
    expect(await eventRows()).toBe(before + 1);
    expect((await call<{ data: { status: string } }>(200, 'GET', `/billing/checkout/${checkoutId}`, globex)).data.status).toBe('completed');

    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    // The same event signed again later (Stripe's retry) is harmless too.
    expect((await post(completed.payload, fake.sign(completed.payload))).statusCode).toBe(200);
    expect(await eventRows()).toBe(before + 1);
  });

  it('an upgrade adds extras on the Stripe subscription', async () => {
    const sub = (await subscription())!;
    const before = fake.received('POST', /^\/v1\/subscriptions\//).length;
    await call(200, 'POST', `/billing/subscription/${sub.id}/upgrade`, globex, { extras: [{ price_id: price.extra, quantity: 1 }] });
    const sent = fake.received('POST', /^\/v1\/subscriptions\//);
    expect(sent).toHaveLength(before + 1);
    const items = fakeSub().items.data.map((i) => [i.price.id, i.quantity]);
    const providerOf = await providerIds();
    expect(items.sort()).toEqual([[providerOf[price.growth], 1], [providerOf[price.extra], 3], [providerOf[price.big], 1]].sort());
    const after = (await subscription())!;
    expect(after.extras.find((e) => e.price_id === price.extra)?.quantity).toBe(3);
    expect(after.totals.orders).toBe(5000 + 3000 + 10000);
  });

  it('a plan change replaces the items (old plan deleted, new plan added) on Stripe', async () => {
    const providerOf = await providerIds();
    const oldPlanItem = fakeSub().items.data.find((i) => i.price.id === providerOf[price.growth])!;
    await call(200, 'POST', '/billing/subscription', globex, { type: 'change', price_id: price.scale, extras: [{ price_id: price.extra, quantity: 1 }] });
    const sent = fake.received('POST', /^\/v1\/subscriptions\//).at(-1)!.body.items as Record<string, string>[];
    expect(sent).toContainEqual({ id: oldPlanItem.id, deleted: 'true' });
    expect(sent).toContainEqual({ price: providerOf[price.scale], quantity: '1' });
    expect(fakeSub().items.data.map((i) => [i.price.id, i.quantity]).sort()).toEqual([[providerOf[price.scale], 1], [providerOf[price.extra], 1]].sort());
    const after = (await subscription())!;
    expect(after.plan.price_id).toBe(price.scale);
    expect(after.extras).toEqual([expect.objectContaining({ price_id: price.extra, quantity: 1 })]);
  });

  it('customer.subscription.updated with the state we already have records nothing', async () => {
    const before = await eventRows();
    const res = await deliver(await fake.sendSubscriptionEvent('updated', fakeSub().id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventRows()).toBe(before);
  });

  it('cancel sets cancel_at_period_end at Stripe and canceled_at here; resume clears both', async () => {
    const canceled = (await call<{ data: { subscription: Subscription } }>(200, 'POST', '/billing/subscription', globex, { type: 'cancel' })).data.subscription;
    expect(fakeSub().cancel_at_period_end).toBe(true);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).not.toBeNull();
    expect((await subscription())!.status).toBe('canceled');

    const resumed = (await call<{ data: { subscription: Subscription } }>(200, 'POST', '/billing/subscription', globex, { type: 'resume' })).data.subscription;
    expect(fakeSub().cancel_at_period_end).toBe(false);
    expect(resumed).toMatchObject({ status: 'active', canceled_at: null });
  });

  it('a cancel made in Stripe (portal) reaches us by customer.subscription.updated', async () => {
    fakeSub().cancel_at_period_end = true;
    fakeSub().canceled_at = nowS();
    const before = await eventRows();
    expect((await deliver(await fake.sendSubscriptionEvent('updated', fakeSub().id))).statusCode).toBe(200);
    expect((await subscription())!.status).toBe('canceled');
    expect(await eventRows()).toBe(before + 1);
    await call(200, 'POST', '/billing/subscription', globex, { type: 'resume' });
  });

  it('the portal answers a Stripe billing portal session for the company\'s customer', async () => {
    const { url } = (await call<{ data: { url: string } }>(200, 'POST', '/billing/portal', globex, { returnUrl: '/billing' })).data;
    expect(url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    expect(fake.received('POST', '/v1/billing_portal/sessions').at(-1)!.body).toEqual({ customer: fakeSub().customer, return_url: 'http://omnio.test/billing' });
  });

  it('unknown event types are acknowledged; a signed body that is not an event is a 400', async () => {
    const ev = fake.event('invoice.paid', { id: 'in_1', object: 'invoice' });
    const body = JSON.stringify(ev);
    const res = await post(body, fake.sign(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const bad = await post('{"not":"an event"', fake.sign('{"not":"an event"'));
    expect(bad.statusCode).toBe(400);
    // A completed session of something else than an Omnio checkout is acknowledged and ignored.
    const other = JSON.stringify(fake.event('checkout.session.completed', { id: 'cs_other', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', client_reference_id: null, subscription: 'sub_other', metadata: {} }));
    expect((await post(other, fake.sign(other))).statusCode).toBe(200);
  });

  it('a completed session naming a checkout we do not have is acknowledged (Stripe would retry it for days)', async () => {
    const before = await eventRows();
    const body = JSON.stringify(fake.event('checkout.session.completed', {
      id: 'cs_elsewhere', object: 'checkout.session', mode: 'subscription', payment_status: 'paid',
      client_reference_id: '0b9f3c2e-5d4a-4e8b-9c1d-7a6e5f4b3c2d', subscription: fakeSub().id, metadata: {},
    }));
    const res = await post(body, fake.sign(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventRows()).toBe(before);
  });

  it('when the period of a cancelled subscription ends, customer.subscription.deleted ends it here', async () => {
    await call(200, 'POST', '/billing/subscription', globex, { type: 'cancel' });
    const ended = await fake.endPeriod(fakeSub().id);
    expect(ended.event.type).toBe('customer.subscription.deleted');
    const res = await deliver(ended);
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscription()).toBeNull();
    // A late 'updated' for the ended subscription does not bring it back.
    expect((await deliver(await fake.sendSubscriptionEvent('updated', fakeSub().id))).statusCode).toBe(200);
    expect(await subscription()).toBeNull();
  });

  it('subscribing again after the end reuses the Stripe customer', async () => {
    const customer = fakeSub().customer;
    await call(200, 'POST', '/billing/subscription', globex, { type: 'subscribe', price_id: price.growth, extras: [] });
    const session = fake.received('POST', '/v1/checkout/sessions').at(-1)!.body;
    expect(session.customer).toBe(customer);
    expect(session).not.toHaveProperty('customer_email');
  });

  it('the webhook does not exist without the Stripe provider or its secret', async () => {
    const body = JSON.stringify(fake.event('invoice.paid', {}));
    t.config.stripeWebhookSecret = undefined;
    try {
      const res = await post(body, fake.sign(body));
      expect(res.statusCode).toBe(404);
    } finally {
      t.config.stripeWebhookSecret = WEBHOOK_SECRET;
    }
    t.config.billingProvider = 'manual';
    try {
      expect((await post(body, fake.sign(body))).statusCode).toBe(404);
    } finally {
      t.config.billingProvider = 'stripe';
    }
  });

  it('events arrive over real HTTP too (raw bytes kept by the server)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookUrl = `${address}${STRIPE_WEBHOOK_PATH}`;
    try {
      const ev = await fake.sendSubscriptionEvent('updated', fakeSub().id);
      expect(ev.status, ev.responseBody).toBe(200);
      // Re-serialised JSON (other whitespace) no longer matches the signature.
      const res = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': ev.signature }, body: JSON.stringify(JSON.parse(ev.payload)) });
      expect(res.status).toBe(400);
    } finally {
      fake.webhookUrl = undefined;
    }
  });

  async function providerIds(): Promise<Record<string, string>> {
    const products = (await call<{ data: Product[] }>(200, 'GET', '/billing/products', owner)).data;
    return Object.fromEntries(products.flatMap((p) => p.prices.map((pr) => [pr.id, pr.provider_id ?? ''])));
  }
});
