import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../platform/config';
import { DomainError, FieldErrors } from '../../platform/http/errors';
import type {
  BillingProvider,
  CatalogProduct,
  CatalogSyncResult,
  CheckoutRequest,
  CheckoutStarted,
  ProviderLine,
  ProviderSubscriptionState,
} from './billing-provider';

/**
 * The Stripe provider (docs/api-billing.md). It talks to the Stripe API through the official `stripe`
 * client rather than plain fetch: the client encodes Stripe's bracket form bodies, pins one API version for
 * every call (the objects mapped below have that version's shape), retries network failures with
 * idempotency keys, and types the objects. `STRIPE_API_BASE` only moves it to another host (tests: the
 * local fake in test/fakes/stripe/stripe-fake.ts).
 */

export const NOT_SYNCED_MESSAGE = 'Billing products are not synced to Stripe';
/** How old (either way) a signed webhook timestamp may be: Stripe's default tolerance. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export interface StripeBillingProvider extends BillingProvider {
  /** The subscription as Stripe says it is now (webhooks re-read it rather than trust an event's snapshot). */
  retrieveSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState>;
}

export function createStripeProvider(config: Config): StripeBillingProvider {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required when BILLING_PROVIDER=stripe');
  const stripe = stripeClient(config.stripeSecretKey, config.stripeApiBase);

  const retrieve = async (id: string) => mapStripeSubscription(await call(() => stripe.subscriptions.retrieve(id)));

  return {
    name: 'stripe',

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStarted> {
      const items = subscriptionLines(req.plan, req.extras);
      const metadata = { tenant_id: req.tenantId, checkout_id: req.checkoutId };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        line_items: items.map(([price, quantity]) => ({ price, quantity })),
        client_reference_id: req.checkoutId,
        metadata,
        // On the subscription too, so its own events name the company even before our records know it.
        subscription_data: { metadata },
        success_url: req.returnUrl,
        cancel_url: req.cancelUrl,
        ...(req.providerCustomerId ? { customer: req.providerCustomerId } : req.email ? { customer_email: req.email } : {}),
      };
      // One checkout is one session: a retried request answers the same session instead of a second one.
      const session = await call(() => stripe.checkout.sessions.create(params, { idempotencyKey: idempotencyKey('checkout', req.checkoutId, params) }));
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return { url: session.url, providerSessionId: session.id, providerCustomerId: idOf(session.customer) ?? req.providerCustomerId };
    },

    async updateSubscription(providerSubscriptionId, plan, extras) {
      const wanted = new Map(subscriptionLines(plan, extras));
      const current = await call(() => stripe.subscriptions.retrieve(providerSubscriptionId));
      // Stripe holds one item per price: keep (and requantify) the items whose price stays, delete the rest,
      // add the new prices. Proration is Stripe's default (create_prorations).
      const items: Stripe.SubscriptionUpdateParams.Item[] = [];
      for (const item of current.items.data) {
        const quantity = wanted.get(item.price.id);
        if (quantity === undefined) items.push({ id: item.id, deleted: true });
        else {
          items.push({ id: item.id, quantity });
          wanted.delete(item.price.id);
        }
      }
      for (const [price, quantity] of wanted) items.push({ price, quantity });
      return mapStripeSubscription(await call(() => stripe.subscriptions.update(providerSubscriptionId, { items })));
    },

    async cancelSubscription(providerSubscriptionId) {
      return mapStripeSubscription(await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true })));
    },

    async resumeSubscription(providerSubscriptionId) {
      return mapStripeSubscription(await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false })));
    },

    async portalUrl(providerCustomerId, returnUrl) {
      // A company that never paid through Stripe has nothing to manage there.
      if (!providerCustomerId) return null;
      const portal = await call(() => stripe.billingPortal.sessions.create({ customer: providerCustomerId, return_url: returnUrl }));
      return portal.url;
    },

    syncCatalog: (products) => syncCatalog(stripe, products),

    retrieveSubscription: retrieve,
  };
}

function stripeClient(secretKey: string, apiBase: string): Stripe {
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Omnio' },
  });
}

/**
 * Plan and extras as Stripe line items, one per provider price (quantities summed: Stripe refuses a price
 * twice). A line without a provider price means the owner has not synced the catalogue: a 422 naming it.
 */
function subscriptionLines(plan: ProviderLine, extras: ProviderLine[]): [string, number][] {
  const errors = new FieldErrors();
  const lines = new Map<string, number>();
  const add = (line: ProviderLine, field: string) => {
    if (!line.providerPriceId) errors.add(field, NOT_SYNCED_MESSAGE);
    else lines.set(line.providerPriceId, (lines.get(line.providerPriceId) ?? 0) + line.quantity);
  };
  add(plan, 'price_id');
  extras.forEach((line, i) => add(line, `extras.${i}.price_id`));
  errors.throwIfAny(NOT_SYNCED_MESSAGE);
  return [...lines];
}

/** Same request, same key (a retry replays Stripe's first answer); changed parameters get a new key. */
function idempotencyKey(kind: string, id: string, params: unknown): string {
  return `omnio-${kind}-${id}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)}`;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
const date = (seconds: number | null | undefined): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** Stripe subscription statuses under which the company keeps its plan (past_due: Stripe is still retrying). */
const RUNNING = new Set(['active', 'trialing', 'past_due']);

/**
 * A Stripe subscription as our ProviderSubscriptionState. A running subscription with a scheduled cancel is
 * `canceled` (spec 4: it works until the period ends); anything not running (canceled, unpaid,
 * incomplete_expired, paused, incomplete) is `ended`. Newer API versions carry the period on each item,
 * older ones on the subscription: both are read.
 */
export function mapStripeSubscription(sub: StripeSubscriptionLike): ProviderSubscriptionState {
  const running = RUNNING.has(sub.status);
  const cancelScheduled = Boolean(sub.cancel_at_period_end) || sub.cancel_at != null;
  const items = sub.items?.data ?? [];
  const starts = items.map((i) => i.current_period_start).filter((n): n is number => typeof n === 'number');
  const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const start = sub.current_period_start ?? (starts.length ? Math.min(...starts) : null);
  const end = sub.current_period_end ?? (ends.length ? Math.max(...ends) : null);
  const status = !running ? 'ended' : cancelScheduled ? 'canceled' : 'active';
  return {
    providerSubscriptionId: sub.id,
    providerCustomerId: idOf(sub.customer),
    status,
    canceledAt: status === 'active' ? null : date(sub.canceled_at ?? sub.ended_at ?? sub.cancel_at) ?? new Date(),
    currentPeriodStart: date(start),
    currentPeriodEnd: date(end),
    items: items.map((i) => ({ providerPriceId: i.price.id, quantity: i.quantity ?? 1 })),
  };
}

/** The fields read from a subscription, in either API version's shape (webhook payloads follow the endpoint's version). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string } | null;
  cancel_at_period_end?: boolean | null;
  cancel_at?: number | null;
  canceled_at?: number | null;
  ended_at?: number | null;
  current_period_start?: number | null;
  current_period_end?: number | null;
  items?: { data: { price: { id: string }; quantity?: number | null; current_period_start?: number | null; current_period_end?: number | null }[] };
}

/**
 * Pushes our products/prices that have no Stripe id (products carry `type`, `orders` and our id as metadata;
 * prices are monthly), then pulls Stripe products unknown to us. Only products marked as ours
 * (metadata.type base_plan|addon) are pulled, so other things the Stripe account sells stay out of the plans.
 * Pulled products and prices have no local id yet: `id` is ''.
 */
async function syncCatalog(stripe: Stripe, products: CatalogProduct[]): Promise<CatalogSyncResult> {
  const pushed: CatalogSyncResult['pushed'] = { productIds: {}, priceIds: {} };
  const knownProducts = new Set(products.map((p) => p.providerId).filter(Boolean));
  for (const product of products) {
    let productId = product.providerId;
    if (!productId) {
      const params: Stripe.ProductCreateParams = {
        name: product.name,
        active: product.active,
        metadata: { type: product.type, orders: String(product.orders), omnio_product_id: product.id },
        // Stripe refuses an empty description.
        ...(product.description ? { description: product.description } : {}),
      };
      const created = await call(() => stripe.products.create(params, { idempotencyKey: idempotencyKey('product', product.id, params) }));
      productId = created.id;
      pushed.productIds[product.id] = productId;
      knownProducts.add(productId);
    }
    for (const price of product.prices) {
      if (price.providerId) continue;
      const params: Stripe.PriceCreateParams = {
        product: productId,
        unit_amount: price.unitAmount,
        currency: price.currency.toLowerCase(),
        nickname: price.nickname || undefined,
        active: price.active,
        recurring: { interval: 'month' },
        metadata: { omnio_price_id: price.id },
      };
      const created = await call(() => stripe.prices.create(params, { idempotencyKey: idempotencyKey('price', price.id, params) }));
      pushed.priceIds[price.id] = created.id;
    }
  }

  const pulled: CatalogProduct[] = [];
  const unknown = new Map<string, CatalogProduct>();
  await call(async () => {
    for await (const p of stripe.products.list({ limit: 100 })) {
      const type = p.metadata?.type;
      if (knownProducts.has(p.id) || (type !== 'base_plan' && type !== 'addon')) continue;
      const product: CatalogProduct = {
        id: '',
        providerId: p.id,
        name: p.name,
        description: p.description ?? '',
        type,
        orders: Math.max(0, Number.parseInt(p.metadata?.orders ?? '0', 10) || 0),
        active: p.active,
        prices: [],
      };
      unknown.set(p.id, product);
      pulled.push(product);
    }
    if (!unknown.size) return;
    for await (const price of stripe.prices.list({ limit: 100 })) {
      const product = unknown.get(idOf(price.product) ?? '');
      // Our prices are flat monthly amounts; anything else cannot be a plan price here.
      if (!product || price.unit_amount == null || price.recurring?.interval !== 'month' || (price.recurring.interval_count ?? 1) !== 1) continue;
      product.prices.push({ id: '', providerId: price.id, unitAmount: price.unit_amount, currency: price.currency, nickname: price.nickname ?? '', active: price.active });
    }
  });
  return { pushed, pulled };
}

/**
 * Runs a Stripe call, translating its errors. Stripe errors carry `statusCode`, which the error handler
 * would pass on as is (a Stripe 401 would sign our user out): Stripe refusing the request (4xx) is a 409
 * with Stripe's reason; Stripe unreachable or failing is a plain error (500, logged) without Stripe's status.
 */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const status = err.statusCode ?? 0;
    if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
      throw new DomainError('CONFLICT', `The payment provider refused the request: ${err.message}`);
    }
    throw new Error(`Stripe API error (${status || err.type}): ${err.message}`, { cause: err });
  }
}

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=…][,v0=…]`): one v1 must equal
 * HMAC-SHA256(secret, "<t>.<raw body>") (several are sent while the endpoint secret rolls), compared in
 * constant time, and t must be within the tolerance of now, so an old captured delivery cannot be replayed.
 */
export function verifyStripeSignature(secret: string, rawBody: Buffer, header: string | undefined, nowMs = Date.now()): boolean {
  if (!secret || !header || header.length > 4096) return false;
  const parts = header.split(',').map((piece) => {
    const at = piece.indexOf('=');
    return at > 0 ? ([piece.slice(0, at).trim(), piece.slice(at + 1).trim()] as const) : (['', ''] as const);
  });
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  if (!/^\d{1,12}$/.test(t) || Math.abs(nowMs / 1000 - Number(t)) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !/^[0-9a-f]{64}$/i.test(v)) return false;
    return timingSafeEqual(Buffer.from(v, 'hex'), expected);
  });
}
