import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelActionOptions, ChannelTestResult } from '@omnio/domain';
import {
  ChannelCallError, type ChannelOrder, type ChannelProduct, type Connector, type ConnectorContext, type FulfillmentPush, type OrderPage,
  type StockLevel, type StockPushResult, type WebhookEvent,
} from '../connector';
import { BIGCOMMERCE_API_VERSION, bcRequest, bodyOf, reasonOf, storeHashOf } from './bigcommerce-api';
import {
  BC_STATUS, CANCELLED_STATUSES, DEFAULT_IMPORT_STATUSES, fromBigcommerce, isoOf, productOf,
  type BcOrder, type BcOrderProduct, type BcProduct, type BcShippingAddress, type BcVariant,
} from './bigcommerce-mapping';

/** Orders per V2 page (the default page size; each order costs two more calls for its products and addresses). */
export const ORDERS_PAGE = 50;
/** Orders whose sub-resources are fetched at once: a page finishes sooner without emptying the store's window. */
const SUB_RESOURCE_CONCURRENCY = 4;
/** bigcommerce.md section 3: at most 2,000 items per adjustment request. */
const ADJUSTMENT_ITEMS = 2000;
/** SKUs per `sku:in` lookup: the address stays short whatever the SKUs look like. */
const SKU_LOOKUP = 50;

/** Status names a seller may type instead of ids (the store's system labels). */
const STATUS_NAMES: Record<string, number> = {
  incomplete: 0, pending: 1, shipped: 2, 'partially shipped': 3, refunded: 4, cancelled: 5, declined: 6, 'awaiting payment': 7, 'awaiting pickup': 8,
  'awaiting shipment': 9, completed: 10, 'awaiting fulfillment': 11, 'manual verification required': 12, disputed: 13, 'partially refunded': 14,
};

/** The statuses to import (options.orders_status: ids as strings, or the status names), default 11 and 9. */
export function importStatuses(options: Pick<ChannelActionOptions<'import_orders'>, 'orders_status'>): Set<number> {
  const given = options.orders_status?.length ? options.orders_status : DEFAULT_IMPORT_STATUSES;
  return new Set(given.map((s) => (/^\d+$/.test(s.trim()) ? Number(s) : (STATUS_NAMES[s.trim().toLowerCase()] ?? -1))).filter((n) => n >= 0));
}

/** An order is passed on when its status is one to import, or when the store called it off (cancelled here too). */
const wantedOrder = (statuses: Set<number>, o: BcOrder) => statuses.has(o.status_id) || CANCELLED_STATUSES.has(o.status_id);

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The order's products and shipping addresses: the V2 order only links them (bigcommerce.md section 2). */
async function withSubResources(ctx: ConnectorContext, o: BcOrder): Promise<ChannelOrder> {
  const [products, addresses] = await Promise.all([
    bcRequest(ctx, { method: 'GET', path: `/v2/orders/${o.id}/products?limit=250` }).then((r) => bodyOf<BcOrderProduct[]>(r, [])),
    bcRequest(ctx, { method: 'GET', path: `/v2/orders/${o.id}/shipping_addresses?limit=250` }).then((r) => bodyOf<BcShippingAddress[]>(r, [])),
  ]);
  return fromBigcommerce(o, products, addresses);
}

/**
 * Where the next V2 page starts. V2 pages are offsets, and an order changed during a run moves to the end of a
 * date_modified sort, which would slide an unchanged order back onto a page already read (and under the mark:
 * lost). So each page asks again from the last date_modified seen (`min_date_modified` is inclusive, to the
 * second) and skips the orders of that second it already has; only a page wholly inside one second goes on by
 * page number.
 */
interface PageToken { from: string | null; page: number; seen: number[] }

function pageToken(page: string | null, cursor: string | null): PageToken {
  if (page) {
    try {
      const t = JSON.parse(page) as PageToken;
      if (typeof t.page === 'number' && Array.isArray(t.seen)) return t;
    } catch {
      // a page number of an older token form: start from the cursor
    }
  }
  return { from: cursor, page: 1, seen: [] };
}

const secondOf = (rfc: string) => Math.floor(Date.parse(isoOf(rfc)) / 1000);

async function fetchOrders(ctx: ConnectorContext, input: { cursor: string | null; page: string | null; options: ChannelActionOptions<'import_orders'> }): Promise<OrderPage> {
  const token = pageToken(input.page, input.cursor);
  const query = new URLSearchParams({ sort: 'date_modified:asc', page: String(token.page), limit: String(ORDERS_PAGE) });
  // ISO-8601 is accepted beside RFC-2822 (bigcommerce.md section 2); the mark is UTC.
  if (token.from) query.set('min_date_modified', token.from);
  if (input.options.created_at_min) query.set('min_date_created', `${input.options.created_at_min}T00:00:00Z`);
  const res = await bcRequest(ctx, { method: 'GET', path: `/v2/orders?${query.toString()}`, keepPage: true });
  // An empty page is 204 with no body: the end.
  const list = bodyOf<BcOrder[]>(res, []);
  const seen = new Set(token.seen);
  const statuses = importStatuses(input.options);
  const orders = await mapLimit(list.filter((o) => !seen.has(o.id) && wantedOrder(statuses, o)), SUB_RESOURCE_CONCURRENCY, (o) => withSubResources(ctx, o));
  // The mark passes every order of the page, also those not imported: they are not asked for again.
  const highWater = list.reduce<string | null>((max, o) => {
    const at = isoOf(o.date_modified);
    return !max || Date.parse(at) > Date.parse(max) ? at : max;
  }, null);
  let next: PageToken | null = null;
  if (list.length >= ORDERS_PAGE) {
    const last = secondOf(list[list.length - 1]!.date_modified);
    const fromSecond = token.from ? Math.floor(Date.parse(token.from) / 1000) : null;
    next = fromSecond !== null && last <= fromSecond
      ? { from: token.from, page: token.page + 1, seen: [...token.seen, ...list.map((o) => o.id)] }
      : { from: new Date(last * 1000).toISOString(), page: 1, seen: list.filter((o) => secondOf(o.date_modified) === last).map((o) => o.id) };
  }
  return { orders, next: next ? JSON.stringify(next) : null, highWater };
}

/** One order by id (a webhook's thin payload): null when it is gone, or not in a status to import. */
async function fetchOrder(ctx: ConnectorContext, externalId: string, options: ChannelActionOptions<'import_orders'> = {}): Promise<ChannelOrder | null> {
  if (!/^\d+$/.test(externalId)) return null;
  const res = await bcRequest(ctx, { method: 'GET', path: `/v2/orders/${externalId}`, accept: [404] });
  if (res.status === 404) return null;
  const order = bodyOf<BcOrder | null>(res, null);
  if (!order || !wantedOrder(importStatuses(options), order)) return null;
  return withSubResources(ctx, order);
}

/* ------------------------------------------------------------------ products */

async function fetchProducts(ctx: ConnectorContext, input: { page: string | null }): Promise<{ products: ChannelProduct[]; next: string | null }> {
  const page = input.page ? Math.max(Number(input.page) || 1, 1) : 1;
  const res = await bcRequest(ctx, { method: 'GET', path: `/v3/catalog/products?include=variants&limit=250&page=${page}`, keepPage: true });
  const body = bodyOf<{ data: BcProduct[]; meta?: { pagination?: { current_page?: number; total_pages?: number } } }>(res, { data: [] });
  const p = body.meta?.pagination;
  const more = p ? (p.current_page ?? page) < (p.total_pages ?? 0) : body.data.length === 250;
  return { products: body.data.map(productOf), next: more ? String(page + 1) : null };
}

/* ------------------------------------------------------------------ stock */

/** Asked once per run (per connector context): the location that holds stock when the action names none. */
const defaultLocations = new WeakMap<ConnectorContext, Promise<number>>();

function defaultLocation(ctx: ConnectorContext): Promise<number> {
  let found = defaultLocations.get(ctx);
  if (!found) {
    found = bcRequest(ctx, { method: 'GET', path: '/v3/inventory/locations?limit=250' }).then((res) => {
      const list = bodyOf<{ data: { id: number; enabled?: boolean; is_default?: boolean }[] }>(res, { data: [] }).data;
      // The store's default location is id 1 (bigcommerce.md section 3).
      const chosen = list.find((l) => l.is_default) ?? list.find((l) => l.id === 1) ?? list.find((l) => l.enabled !== false);
      if (!chosen) throw new ChannelCallError('The store has no inventory location to hold stock');
      return chosen.id;
    });
    found.catch(() => defaultLocations.delete(ctx));
    defaultLocations.set(ctx, found);
  }
  return found;
}

/** SKU → variant id, by V3 variants `sku:in` (a SKU with a comma is asked alone: the list is comma-separated). */
async function variantIds(ctx: ConnectorContext, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const listed = skus.filter((s) => !s.includes(','));
  const alone = skus.filter((s) => s.includes(','));
  const queries: string[] = [];
  for (let i = 0; i < listed.length; i += SKU_LOOKUP) queries.push(`sku:in=${listed.slice(i, i + SKU_LOOKUP).map(encodeURIComponent).join(',')}`);
  for (const s of alone) queries.push(`sku=${encodeURIComponent(s)}`);
  for (const q of queries) {
    const res = await bcRequest(ctx, { method: 'GET', path: `/v3/catalog/variants?${q}&limit=250` });
    for (const v of bodyOf<{ data: BcVariant[] }>(res, { data: [] }).data) if (v.sku) found.set(v.sku, String(v.id));
  }
  return found;
}

interface StockItem { level: StockLevel; variantId: string }

async function pushStock(ctx: ConnectorContext, input: { levels: StockLevel[]; options: ChannelActionOptions<'sync_inventory'>; runId: string }): Promise<StockPushResult> {
  const locationId = input.options.location_id ? Number(input.options.location_id) : await defaultLocation(ctx);
  if (!Number.isInteger(locationId)) throw new ChannelCallError(`The location ${input.options.location_id} is not a BigCommerce location id`);
  const unresolved = input.levels.filter((l) => !l.remoteId).map((l) => l.sku);
  const found = unresolved.length ? await variantIds(ctx, unresolved) : new Map<string, string>();
  const result: StockPushResult = { pushed: [], unknown: [], failed: [] };
  const items: StockItem[] = [];
  for (const level of input.levels) {
    const variantId = level.remoteId ?? found.get(level.sku);
    if (variantId) items.push({ level, variantId });
    else result.unknown.push(level.sku);
  }
  const send = async (batch: StockItem[]): Promise<void> => {
    const res = await bcRequest(ctx, {
      method: 'PUT', path: '/v3/inventory/adjustments/absolute', accept: [422],
      json: { reason: `Omnio stock sync (run ${input.runId})`, items: batch.map((b) => ({ location_id: locationId, variant_id: Number(b.variantId), quantity: Math.max(0, b.level.quantity) })) },
    });
    if (res.status !== 422) {
      for (const b of batch) result.pushed.push({ sku: b.level.sku, remoteId: b.variantId, quantity: b.level.quantity });
      return;
    }
    // The request is refused whole: each item alone tells which one BigCommerce will not take.
    if (batch.length > 1) {
      for (const b of batch) await send([b]);
      return;
    }
    const reason = reasonOf(res) ?? 'refused';
    if (/variant|does not exist|no (sku|variant)|not found/i.test(reason) && !/location/i.test(reason)) result.unknown.push(batch[0]!.level.sku);
    else result.failed.push({ sku: batch[0]!.level.sku, code: 'stock_refused', message: `BigCommerce refused the quantity: ${reason}` });
  };
  for (let i = 0; i < items.length; i += ADJUSTMENT_ITEMS) await send(items.slice(i, i + ADJUSTMENT_ITEMS));
  return result;
}

/* ------------------------------------------------------------------ fulfilment */

/** Omnio carrier codes → BigCommerce's shipping_provider enum, or an AfterShip slug for tracking_carrier. */
const PROVIDERS: Record<string, string> = {
  usps: 'usps', ups: 'ups', fedex: 'fedex', auspost: 'auspost', australia_post: 'auspost', canadapost: 'canadapost', canada_post: 'canadapost',
  royalmail: 'royalmail', royal_mail: 'royalmail', endicia: 'endicia',
};
const AFTERSHIP: Record<string, string> = { dhl: 'dhl', dhl_express: 'dhl', ontrac: 'ontrac', lasership: 'lasership', purolator: 'purolator', dpd: 'dpd', gls: 'gls' };

export function carrierFields(carrier: string | null): { shipping_provider: string; tracking_carrier: string } {
  const key = (carrier ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (PROVIDERS[key]) return { shipping_provider: PROVIDERS[key], tracking_carrier: '' };
  return { shipping_provider: '', tracking_carrier: AFTERSHIP[key] ?? '' };
}

async function pushFulfillment(ctx: ConnectorContext, input: FulfillmentPush): Promise<{ remoteId: string }> {
  const orderId = input.orderExternalId;
  if (!/^\d+$/.test(orderId)) throw new ChannelCallError(`${orderId} is not a BigCommerce order id`);
  const res = await bcRequest(ctx, { method: 'GET', path: `/v2/orders/${orderId}/products?limit=250`, accept: [404] });
  if (res.status === 404) throw new ChannelCallError(`BigCommerce has no order ${orderId}`, 404);
  const products = bodyOf<BcOrderProduct[]>(res, []).filter((p) => !p.parent_order_product_id && p.order_address_id);
  // Shipped units are matched to the order's unshipped products by SKU; a shipment goes to one address.
  const wanted = new Map<string, number>();
  for (const l of input.lines) wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.quantity);
  const byAddress = new Map<number, { order_product_id: number; quantity: number }[]>();
  for (const p of products) {
    const sku = p.sku ?? '';
    const need = wanted.get(sku) ?? 0;
    const take = Math.min(need, p.quantity - (p.quantity_shipped ?? 0));
    if (take <= 0) continue;
    wanted.set(sku, need - take);
    const list = byAddress.get(p.order_address_id!) ?? [];
    list.push({ order_product_id: p.id, quantity: take });
    byAddress.set(p.order_address_id!, list);
  }
  if (!byAddress.size) throw new ChannelCallError('None of the shipped SKUs is waiting to be shipped on this BigCommerce order (already shipped, or not on it)');
  const ids: string[] = [];
  for (const [addressId, items] of byAddress) {
    const made = await bcRequest(ctx, {
      method: 'POST', path: `/v2/orders/${orderId}/shipments`,
      json: {
        order_address_id: addressId, tracking_number: (input.tracking ?? '').slice(0, 50), ...carrierFields(input.carrier),
        ...(input.trackingUrl ? { tracking_link: input.trackingUrl.slice(0, 500) } : {}),
        comments: `Omnio shipment ${input.shipmentNumber}${input.carrier ? ` (${input.carrier})` : ''}`, items,
      },
    });
    ids.push(String(bodyOf<{ id?: number }>(made, {}).id ?? ''));
  }
  return { remoteId: ids.filter(Boolean).join(',') };
}

/* ------------------------------------------------------------------ webhooks */

/** Deliveries older (or newer) than this are refused: a captured delivery cannot be replayed later. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
export const HOOK_TOKEN_HEADER = 'x-omnio-webhook-token';
export const HOOK_SCOPE_HEADER = 'x-omnio-bc-scope';

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256(client secret bytes, "{id}.{timestamp}.{raw body}")>`
 * (space-separated when several), the timestamp within five minutes.
 */
export function verifyStandardWebhook(secret: string, headers: Record<string, string | undefined>, rawBody: Buffer, now = Date.now()): boolean {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!secret || !id || !ts || !signatures || signatures.length > 2000 || !/^\d{1,12}$/.test(ts)) return false;
  if (Math.abs(now / 1000 - Number(ts)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${id}.${ts}.`).update(rawBody).digest('base64');
  return signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',', 2);
    return version === 'v1' && !!sig && safeEqual(sig, expected);
  });
}

/** The secret header registered with each hook (BigCommerce echoes a hook's own headers on every delivery). */
export function hookToken(credentials: Record<string, string | undefined>): string | null {
  const token = credentials.access_token;
  if (!token) return null;
  return createHmac('sha256', token).update(`omnio-bigcommerce-webhook:${storeHashOf({ credentials: credentials as Record<string, string> })}`).digest('base64url');
}

function verifyWebhook(ctx: Pick<ConnectorContext, 'credentials'>, input: { headers: Record<string, string | undefined>; rawBody: Buffer }): boolean {
  const secret = ctx.credentials.client_secret;
  if (secret && verifyStandardWebhook(secret, input.headers, input.rawBody)) return true;
  const given = input.headers[HOOK_TOKEN_HEADER];
  const expected = hookToken(ctx.credentials);
  return !!given && !!expected && safeEqual(given, expected);
}

function parseWebhook(input: { topic: string | null; kind: string; payload: unknown }): WebhookEvent {
  const p = (input.payload ?? {}) as { scope?: unknown; data?: { type?: unknown; id?: unknown } };
  const scope = typeof p.scope === 'string' ? p.scope : (input.topic ?? '');
  if (scope === 'store/app/uninstalled') return { kind: 'uninstalled' };
  if (scope.startsWith('store/order/')) {
    if (scope === 'store/order/archived') return { kind: 'ignored', reason: 'An archived order is not imported' };
    const id = p.data?.id;
    if (typeof id !== 'number' && typeof id !== 'string') return { kind: 'ignored', reason: 'The order payload has no id' };
    // Thin payload: the framework fetches the order (fetchOrder).
    return { kind: 'order_ref', externalId: String(id) };
  }
  return { kind: 'ignored', reason: `Scope ${scope || '(none)'} is not one Omnio subscribes to` };
}

/** Scope → which of the process's URLs receives it. */
export const BIGCOMMERCE_WEBHOOK_SCOPES: Record<string, string> = {
  'store/order/created': 'orders/import-orders', 'store/order/updated': 'orders/import-orders', 'store/app/uninstalled': 'app/uninstalled',
};

interface BcHook { id: number; scope: string; destination: string; is_active: boolean }

async function registerWebhooks(ctx: ConnectorContext, urls: Record<string, string>): Promise<{ topic: string; ok: boolean; message?: string }[]> {
  const listed = await bcRequest(ctx, { method: 'GET', path: '/v3/hooks?limit=250' });
  const existing = bodyOf<{ data: BcHook[] } | BcHook[]>(listed, { data: [] });
  const hooks = Array.isArray(existing) ? existing : existing.data;
  const token = hookToken(ctx.credentials);
  const out: { topic: string; ok: boolean; message?: string }[] = [];
  for (const [scope, kind] of Object.entries(BIGCOMMERCE_WEBHOOK_SCOPES)) {
    const destination = urls[kind];
    if (!destination) continue;
    // The scope header names the topic at the gateway (the body's scope is read only by the job).
    const json = { scope, destination, is_active: true, headers: { ...(token ? { [HOOK_TOKEN_HEADER]: token } : {}), [HOOK_SCOPE_HEADER]: scope } };
    const same = hooks.find((h) => h.scope === scope && h.destination === destination);
    try {
      await bcRequest(ctx, same ? { method: 'PUT', path: `/v3/hooks/${same.id}`, json } : { method: 'POST', path: '/v3/hooks', json });
      out.push({ topic: scope, ok: true });
    } catch (err) {
      if (!(err instanceof ChannelCallError) || err.code === 'unauthorized') throw err;
      out.push({ topic: scope, ok: false, message: err.message });
    }
  }
  return out;
}

async function test(ctx: ConnectorContext): Promise<ChannelTestResult> {
  const store = bodyOf<{ name?: string; domain?: string; plan_name?: string }>(await bcRequest(ctx, { method: 'GET', path: '/v2/store' }), {});
  // A token without the inventory scope still connects (orders only): the locations are then left out.
  const answer = await bcRequest(ctx, { method: 'GET', path: '/v3/inventory/locations?limit=250', accept: [403] });
  const locations = answer.status === 403 ? [] : bodyOf<{ data: { id: number; label?: string; code?: string }[] }>(answer, { data: [] }).data;
  return {
    ok: true,
    shop: { name: store.name ?? storeHashOf(ctx), domain: store.domain ?? `store-${storeHashOf(ctx)}.mybigcommerce.com`, plan: store.plan_name ?? null },
    locations: locations.map((l) => ({ id: String(l.id), name: l.label ?? l.code ?? String(l.id) })),
  };
}

export const bigcommerceConnector: Connector = {
  driver: 'bigcommerce',
  apiVersion: BIGCOMMERCE_API_VERSION,
  actions: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  test,
  fetchOrders,
  fetchOrder,
  fetchProducts,
  pushStock,
  pushFulfillment,
  verifyWebhook,
  webhookDelivery: (headers) => ({
    deliveryId: headers['webhook-id'] ?? headers['x-bc-webhook-id'] ?? null,
    // The body names the scope; a hook registered by Omnio also says it in a header. Never null, so the connector parses it.
    topic: headers[HOOK_SCOPE_HEADER] ?? 'store/*',
  }),
  parseWebhook,
  registerWebhooks,
};

export { BC_STATUS };
