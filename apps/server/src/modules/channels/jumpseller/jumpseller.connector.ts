import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelActionOptions, ChannelTestResult } from '@omnio/domain';
import {
  ChannelCallError, type ChannelOrder, type ChannelProduct, type Connector, type ConnectorContext, type FulfillmentPush, type OrderPage,
  type StockLevel, type StockPushResult, type WebhookEvent,
} from '../connector';
import { JUMPSELLER_API_VERSION, jumpsellerCall } from './jumpseller-api';
import {
  fromJumpseller, JUMPSELLER_STATUSES, parseStockTarget, productFromJumpseller, stockTarget, unwrap, type JsOrder, type JsProduct,
} from './jumpseller-mapping';

/** Jumpseller's largest page (default 50). */
export const JUMPSELLER_PAGE = 100;

/**
 * How many days before the stored mark each import reads again.
 *
 * Why not `/orders/after/{id}.json`: it follows the order id, not changes — an order created before the last id
 * and paid (or cancelled) since would never be read again. And Jumpseller has no updated_at filter at all, only
 * `created_at` by whole days (`initialDate`/`finalDate`, in the store's time zone). So each run asks for the
 * wanted statuses among the orders created since (mark − this window), every page to the end: an order paid
 * within the window is found by the poll, one paid later arrives by the `order_paid` webhook. What the window
 * brings again is recognised by the framework (channel + external id) and counted as a duplicate.
 */
export const JUMPSELLER_LOOKBACK_DAYS = 3;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** When the run asked its first page: stored as the mark once its last page is committed. */
const runStarted = new WeakMap<ConnectorContext, string>();

function wantedStatuses(options: ChannelActionOptions<'import_orders'>): string[] {
  const statuses = options.orders_status?.length ? options.orders_status : ['paid'];
  const unknown = statuses.filter((s) => !(JUMPSELLER_STATUSES as readonly string[]).includes(s));
  if (unknown.length) {
    throw new ChannelCallError(`Unknown Jumpseller order status ${unknown.join(', ')} in orders_status (use ${JUMPSELLER_STATUSES.join(', ')})`, null, 'invalid_option');
  }
  return statuses;
}

/**
 * A cancelled order that had been paid (`completed_at` is set at payment) may be one Omnio imported: it is passed
 * on, so the framework cancels it here (or keeps it cancelled if it was never seen). One never paid is noise.
 */
const wasPaidThenCancelled = (o: JsOrder) => o.status_enum === 'canceled' && !!o.completed_at;

/** The first day to read: the seller's start date on a first run, else the mark moved back by the lookback. */
function windowStart(ctx: ConnectorContext, cursor: string | null, options: ChannelActionOptions<'import_orders'>): string | null {
  if (!cursor) return null;
  const firstDay = options.initial_date ?? options.created_at_min ?? ctx.settings.initial_date ?? null;
  if (firstDay && cursor === `${firstDay}T00:00:00Z`) return firstDay;
  const ms = Date.parse(cursor);
  return Number.isNaN(ms) ? null : isoDay(ms - JUMPSELLER_LOOKBACK_DAYS * DAY_MS);
}

async function fetchOrders(ctx: ConnectorContext, input: { cursor: string | null; page: string | null; options: ChannelActionOptions<'import_orders'> }): Promise<OrderPage> {
  const statuses = wantedStatuses(input.options);
  const page = input.page ? Math.max(1, Number(input.page) || 1) : 1;
  if (!input.page) runStarted.set(ctx, new Date().toISOString());
  const from = windowStart(ctx, input.cursor, input.options);
  // Cancelled orders are read too, so an imported order cancelled at the store is cancelled here without a webhook.
  const asked = statuses.includes('canceled') ? statuses : [...statuses, 'canceled'];
  const { body } = await jumpsellerCall<unknown[]>(ctx, 'GET', '/orders.json', {
    query: {
      page, limit: JUMPSELLER_PAGE, 'status_filters[]': asked,
      // finalDate a day ahead: the store's day may already be tomorrow in UTC terms, or still yesterday.
      ...(from ? { dateFilter: 'customDate', initialDate: from, finalDate: isoDay(Date.now() + DAY_MS) } : {}),
    },
    keepPage: true,
  });
  const list = Array.isArray(body) ? body.map((item) => unwrap<JsOrder>(item, 'order')) : [];
  const minCreated = input.options.created_at_min ? Date.parse(`${input.options.created_at_min}T00:00:00Z`) : null;
  const orders = list
    // status_enum only: `status` is translated into the store's language ("Pagada") and is not a key.
    .filter((o) => statuses.includes(o.status_enum ?? '') || wasPaidThenCancelled(o))
    .map(fromJumpseller)
    .filter((o) => minCreated === null || Date.parse(o.createdAt) >= minCreated);
  // No totals: a full page may have a next one, a short (or empty) page is the last.
  const next = list.length >= JUMPSELLER_PAGE ? String(page + 1) : null;
  // The mark is the run's start, stored only with the last page: the next run re-reads from there minus the lookback.
  const highWater = next ? null : (runStarted.get(ctx) ?? new Date().toISOString());
  return { orders, next, highWater };
}

async function fetchOrder(ctx: ConnectorContext, externalId: string): Promise<ChannelOrder | null> {
  if (!/^\d+$/.test(externalId)) return null;
  const { status, body } = await jumpsellerCall<unknown>(ctx, 'GET', `/orders/${externalId}.json`, { accept: [404] });
  return status === 404 ? null : fromJumpseller(unwrap<JsOrder>(body, 'order'));
}

/* ------------------------------------------------------------------ products */

async function fetchProducts(ctx: ConnectorContext, input: { page: string | null }): Promise<{ products: ChannelProduct[]; next: string | null }> {
  const page = input.page ? Math.max(1, Number(input.page) || 1) : 1;
  const { body } = await jumpsellerCall<unknown[]>(ctx, 'GET', '/products.json', { query: { page, limit: JUMPSELLER_PAGE }, keepPage: true });
  const list = Array.isArray(body) ? body.map((item) => unwrap<JsProduct>(item, 'product')) : [];
  return { products: list.map(productFromJumpseller), next: list.length >= JUMPSELLER_PAGE ? String(page + 1) : null };
}

/* ------------------------------------------------------------------ stock */

/**
 * The store's SKU → stock target index, read once per run: Jumpseller has no SKU lookup for variants other
 * than a free-text search per SKU, so paging the catalogue (100 a call) is cheaper as soon as a push has more
 * than a few SKUs to resolve.
 */
const skuIndexes = new WeakMap<ConnectorContext, Promise<Map<string, string>>>();

function skuIndex(ctx: ConnectorContext): Promise<Map<string, string>> {
  let found = skuIndexes.get(ctx);
  if (!found) {
    found = (async () => {
      const index = new Map<string, string>();
      for (let page = 1; ; page++) {
        const { body } = await jumpsellerCall<unknown[]>(ctx, 'GET', '/products.json', { query: { page, limit: JUMPSELLER_PAGE } });
        const list = Array.isArray(body) ? body.map((item) => unwrap<JsProduct>(item, 'product')) : [];
        for (const p of list) {
          for (const v of productFromJumpseller(p).variants) if (v.sku && !index.has(v.sku)) index.set(v.sku, v.remoteInventoryId!);
        }
        if (list.length < JUMPSELLER_PAGE) return index;
      }
    })();
    found.catch(() => skuIndexes.delete(ctx));
    skuIndexes.set(ctx, found);
  }
  return found;
}

/**
 * Jumpseller has no batch stock endpoint: its form is one PUT per product (`{"product":{"stock":n}}`) or variant
 * (`{"variant":{"stock":n}}`), or per location with `PUT /products_locations` when the action names a
 * `location_id`. The framework sends only changed quantities, and the pacing keeps within 20 calls a second.
 */
async function pushStock(ctx: ConnectorContext, input: { levels: StockLevel[]; options: ChannelActionOptions<'sync_inventory'>; runId: string }): Promise<StockPushResult> {
  const result: StockPushResult = { pushed: [], unknown: [], failed: [] };
  const needsIndex = input.levels.some((l) => !l.remoteId || !parseStockTarget(l.remoteId));
  const index = needsIndex ? await skuIndex(ctx) : new Map<string, string>();
  const locationId = input.options.location_id ? Number(input.options.location_id) : null;
  for (const level of input.levels) {
    const remoteId = (level.remoteId && parseStockTarget(level.remoteId) ? level.remoteId : null) ?? index.get(level.sku);
    const target = remoteId ? parseStockTarget(remoteId) : null;
    if (!remoteId || !target) {
      result.unknown.push(level.sku);
      continue;
    }
    // Jumpseller refuses a negative stock; Omnio's figure never is, but a reserve cannot go below zero here either.
    const stock = Math.max(0, Math.floor(level.quantity));
    const [path, json] = locationId
      ? ['/products_locations', { location_id: locationId, product_id: Number(target.productId), variant_id: target.variantId ? Number(target.variantId) : null, stock, stock_unlimited: false }]
      : target.variantId
        ? [`/products/${target.productId}/variants/${target.variantId}.json`, { variant: { stock, stock_unlimited: false } }]
        : [`/products/${target.productId}.json`, { product: { stock, stock_unlimited: false } }];
    const res = await jumpsellerCall<{ errors?: unknown; message?: string }>(ctx, 'PUT', path, { json, accept: [404, 422] });
    if (res.status === 404) result.unknown.push(level.sku);
    else if (res.status === 422) result.failed.push({ sku: level.sku, code: 'stock_refused', message: `Jumpseller refused the stock: ${JSON.stringify(res.body?.errors ?? res.body?.message ?? '')}` });
    else result.pushed.push({ sku: level.sku, remoteId: stockTarget(target.productId, target.variantId), quantity: stock });
  }
  return result;
}

/* ------------------------------------------------------------------ fulfilment */

/** Public tracking pages of common carriers: Jumpseller shows a tracking URL only for `tracking_company: "other"`. */
const TRACKING_URLS: Record<string, (n: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
};

const defaultLocations = new WeakMap<ConnectorContext, Promise<string>>();

function fulfillmentLocation(ctx: ConnectorContext): Promise<string> {
  let found = defaultLocations.get(ctx);
  if (!found) {
    found = jumpsellerCall<unknown[]>(ctx, 'GET', '/locations.json').then(({ body }) => {
      const list = (Array.isArray(body) ? body : []).map((l) => unwrap<{ id: number | string; main?: boolean }>(l, 'location'));
      const chosen = list.find((l) => l.main) ?? list[0];
      if (!chosen) throw new ChannelCallError('The Jumpseller store has no location to fulfil from');
      return String(chosen.id);
    });
    found.catch(() => defaultLocations.delete(ctx));
    defaultLocations.set(ctx, found);
  }
  return found;
}

interface JsFulfillment { id: number | string; tracking_number?: string | null }

/**
 * The order's `tracking_*` fields are read-only (filled from a fulfilment; the official toolkit, newer than
 * the OpenAPI's OrderEdit): tracking goes through `POST /fulfillments.json`, type manual at the store's main
 * location. A fulfilment already there with the same tracking number is this one sent before (a retried run):
 * it is answered instead of a second one.
 */
async function pushFulfillment(ctx: ConnectorContext, input: FulfillmentPush): Promise<{ remoteId: string }> {
  const orderId = typeof input.orderRef?.id === 'number' ? String(input.orderRef.id) : input.orderExternalId;
  const existing = await jumpsellerCall<unknown[]>(ctx, 'GET', `/order/${orderId}/fulfillments.json`, { accept: [404] });
  if (existing.status === 404) throw new ChannelCallError(`Jumpseller has no order ${orderId}`, 404, 'not_found');
  const before = (Array.isArray(existing.body) ? existing.body : []).map((f) => unwrap<JsFulfillment>(unwrap<JsFulfillment>(f, 'order_fulfillment'), 'fulfillment'));
  const same = input.tracking ? before.find((f) => f.tracking_number === input.tracking) : undefined;
  if (same) return { remoteId: String(same.id) };
  const carrier = input.carrier?.toLowerCase() ?? null;
  const trackingUrl = input.trackingUrl ?? (carrier && input.tracking && TRACKING_URLS[carrier] ? TRACKING_URLS[carrier](encodeURIComponent(input.tracking)) : null);
  const res = await jumpsellerCall<{ order_fulfillment?: JsFulfillment; fulfillment?: JsFulfillment; errors?: unknown }>(ctx, 'POST', '/fulfillments.json', {
    json: {
      fulfillment: {
        order_id: orderId, type: 'manual', location_id: await fulfillmentLocation(ctx),
        // "other" is the company Jumpseller accepts with a URL; the carrier is in the URL it links to.
        tracking_company: 'other', tracking_number: input.tracking, tracking_url: trackingUrl, send_email: input.notifyCustomer,
      },
    },
    accept: [404, 422],
  });
  if (res.status === 404 || res.status === 422) {
    throw new ChannelCallError(`Jumpseller refused the fulfilment: ${JSON.stringify(res.body?.errors ?? res.body)}`, res.status, 'fulfillment_refused');
  }
  const made = res.body?.order_fulfillment ?? res.body?.fulfillment;
  if (!made) throw new ChannelCallError('Jumpseller answered the fulfilment without its id');
  return { remoteId: String(made.id) };
}

/* ------------------------------------------------------------------ webhooks */

/** base64(HMAC-SHA256(hooks token, raw body)): the store's hooks token, not the API auth token. */
export function verifyJumpsellerHmac(hooksToken: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!hooksToken || !signature || signature.length > 200) return false;
  const expected = Buffer.from(createHmac('sha256', hooksToken).update(rawBody).digest('base64'));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Jumpseller sends no delivery id. A retry of one delivery repeats its event, store, trigger time and body (so
 * its signature): their hash is the dedupe key. The signature stands for the body, which this hook is not given.
 */
function webhookDelivery(headers: Record<string, string | undefined>): { deliveryId: string | null; topic: string | null } {
  const topic = headers['jumpseller-event'] ?? null;
  const at = headers['jumpseller-triggered-at'];
  const signature = headers['jumpseller-hmac-sha256'];
  const deliveryId = topic && at && signature
    ? createHash('sha256').update([topic, headers['jumpseller-store-code'] ?? '', at, signature].join('\n')).digest('hex').slice(0, 64)
    : null;
  return { deliveryId, topic };
}

/** Order events the connector subscribes to: payment, later changes, cancellation. */
export const JUMPSELLER_WEBHOOK_EVENTS = ['order_paid', 'order_updated', 'order_canceled', 'order_shipped'] as const;

function parseWebhook(input: { topic: string | null; kind: string; payload: unknown; options?: ChannelActionOptions<'import_orders'> }): WebhookEvent {
  const topic = input.topic ?? '';
  if (!topic.startsWith('order_')) return { kind: 'ignored', reason: `Event ${topic || '(none)'} is not one Omnio subscribes to` };
  const order = unwrap<JsOrder | undefined>(input.payload, 'order');
  if (!order || (typeof order.id !== 'number' && typeof order.id !== 'string')) return { kind: 'ignored', reason: 'The order payload has no id' };
  // Not yet paid (a new order, an abandoned cart): imported once paid, by the order_paid event or the next run.
  if (order.status_enum === 'pending_payment' || order.status_enum === 'abandoned') {
    return { kind: 'ignored', reason: `Order ${order.id} is ${order.status_enum}; it is imported once paid` };
  }
  if (order.status_enum === 'canceled' && !wasPaidThenCancelled(order)) return { kind: 'ignored', reason: `Order ${order.id} was cancelled before it was paid` };
  // The connection's own statuses, as a run reads them (a cancellation of a paid order always goes through).
  const statuses = input.options?.orders_status?.length ? input.options.orders_status : ['paid'];
  if (!statuses.includes(order.status_enum ?? '') && !wasPaidThenCancelled(order)) {
    return { kind: 'ignored', reason: `Order ${order.id} is ${order.status_enum ?? 'without a status'}, not a status this connection imports` };
  }
  return { kind: 'order', order: fromJumpseller(order) };
}

async function registerWebhooks(ctx: ConnectorContext, urls: Record<string, string>): Promise<{ topic: string; ok: boolean; message?: string }[]> {
  const url = urls['orders/import-orders'];
  if (!url) return [{ topic: 'orders', ok: false, message: 'No address for order events' }];
  // Deliveries are signed with the hooks token: fetched from the store when the seller did not give it.
  if (!ctx.credentials.hooks_token) {
    const { body } = await jumpsellerCall<{ store?: { hooks_token?: string } }>(ctx, 'GET', '/store/info.json', { query: { fields: 'hooks_token' } });
    const token = unwrap<{ hooks_token?: string }>(body, 'store')?.hooks_token;
    if (token) await ctx.saveCredentials({ hooks_token: token });
  }
  const { body } = await jumpsellerCall<unknown[]>(ctx, 'GET', '/hooks.json');
  const existing = (Array.isArray(body) ? body : []).map((h) => unwrap<{ event?: string; url?: string }>(h, 'hook'));
  const out: { topic: string; ok: boolean; message?: string }[] = [];
  for (const event of JUMPSELLER_WEBHOOK_EVENTS) {
    if (existing.some((h) => h.event === event && h.url === url)) {
      out.push({ topic: event, ok: true });
      continue;
    }
    const res = await jumpsellerCall<{ errors?: unknown }>(ctx, 'POST', '/hooks.json', { json: { hook: { event, url } }, accept: [422] });
    out.push(res.status === 422 ? { topic: event, ok: false, message: JSON.stringify(res.body?.errors ?? res.body) } : { topic: event, ok: true });
  }
  return out;
}

/* ------------------------------------------------------------------ test */

async function test(ctx: ConnectorContext): Promise<ChannelTestResult> {
  const { body } = await jumpsellerCall<unknown>(ctx, 'GET', '/store/info.json');
  const store = unwrap<{ name?: string; code?: string; url?: string; hooks_token?: string }>(body, 'store') ?? {};
  // The usual mistake (shared/channels/jumpseller.md): the auth token typed as the hooks token. Every webhook would be refused.
  if (ctx.credentials.hooks_token && store.hooks_token && store.hooks_token !== ctx.credentials.hooks_token) {
    throw new ChannelCallError("The hooks token is not this store's (Admin → Config → Notifications → Webhooks): webhooks would be refused", null, 'hooks_token_mismatch');
  }
  const { body: locations } = await jumpsellerCall<unknown[]>(ctx, 'GET', '/locations.json');
  return {
    ok: true,
    shop: { name: store.name ?? store.code ?? 'Jumpseller store', domain: store.url ?? store.code ?? '', plan: null },
    locations: (Array.isArray(locations) ? locations : []).map((l) => unwrap<{ id: number | string; name?: string }>(l, 'location')).map((l) => ({ id: String(l.id), name: l.name ?? String(l.id) })),
  };
}

export const jumpsellerConnector: Connector = {
  driver: 'jumpseller',
  apiVersion: JUMPSELLER_API_VERSION,
  actions: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  test,
  fetchOrders,
  fetchOrder,
  fetchProducts,
  pushStock,
  pushFulfillment,
  verifyWebhook: (ctx, input) => verifyJumpsellerHmac(ctx.credentials.hooks_token ?? '', input.rawBody, input.headers['jumpseller-hmac-sha256']),
  webhookDelivery,
  parseWebhook,
  registerWebhooks,
};
