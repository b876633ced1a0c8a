import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ChannelActionOptions, ChannelTestResult } from '@omnio/domain';
import {
  ChannelCallError, type ChannelOrder, type ChannelProduct, type Connector, type ConnectorContext, type FulfillmentPush, type OrderPage,
  type StockLevel, type StockPushResult, type WebhookEvent,
} from '../connector';
import { gmtIso, storeBase, WOOCOMMERCE_API_VERSION, wooRequest } from './woocommerce-api';
import { fromWoo, type WooOrder } from './woocommerce-mapping';

/** WordPress caps every collection at 100 per page (more is a 400 rest_invalid_param). */
export const WOO_PAGE = 100;
/** WooCommerce's batch endpoints take at most 100 objects per request (more is a 413). */
export const WOO_BATCH = 100;
/** The statuses a seller ships from when the action names none: paid and awaiting fulfilment. */
export const WOO_DEFAULT_ORDER_STATUSES = ['processing'];

const statusesOf = (options: Pick<ChannelActionOptions<'import_orders'>, 'orders_status'> | undefined) =>
  options?.orders_status?.length ? options.orders_status : WOO_DEFAULT_ORDER_STATUSES;

/** WooCommerce's date filters take `YYYY-MM-DDTHH:mm:ss`; with dates_are_gmt=true they are read as UTC. */
const wooDate = (iso: string) => new Date(iso).toISOString().slice(0, 19);

function listOf<T>(body: unknown, what: string): T[] {
  if (!Array.isArray(body)) throw new ChannelCallError(`WooCommerce answered ${what} that is not a list: is the address a WordPress site with WooCommerce?`);
  return body as T[];
}

/* ------------------------------------------------------------------ orders */

/** Where the next page starts: after this second (UTC), leaving out the orders already read at that second. */
interface WooPageToken { at: string; seen: number[] }

const toSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;

function readToken(page: string | null): WooPageToken | null {
  if (!page) return null;
  try {
    const token = JSON.parse(page) as WooPageToken;
    return typeof token.at === 'string' && Array.isArray(token.seen) ? token : null;
  } catch {
    return null;
  }
}

/**
 * One page of orders changed since the cursor, oldest change first, so each page's high-water mark only grows.
 *
 * Not by page number: WooCommerce pages by offset, and an order changed while a run pages moves to the end and
 * shifts every later order back one place, so the first order of the next page would slide onto a page already
 * read and never be imported (its change is older than the mark). Each page instead asks again for orders changed
 * at or after the last second seen (`modified_after` is exclusive and whole seconds: one second earlier), leaving
 * out by `exclude` the ids already read at that second. A run's first page starts one second before the stored
 * mark for the same reason; what it sees again is counted as a duplicate. Only the statuses the seller ships are
 * asked for (and kept: a plugin that ignores the filter must not let others in).
 */
async function fetchOrders(ctx: ConnectorContext, input: { cursor: string | null; page: string | null; options: ChannelActionOptions<'import_orders'> }): Promise<OrderPage> {
  const statuses = statusesOf(input.options);
  const any = statuses.includes('any');
  // After the first sweep, cancellations too: an imported order cancelled at the store is cancelled here (the
  // first sweep leaves the store's cancelled history out).
  const withCancelled = !any && input.cursor !== null && !statuses.includes('cancelled');
  const token = readToken(input.page);
  const from = token ? token.at : input.cursor;
  const res = await wooRequest(ctx, 'GET', 'orders', {
    keepPage: true,
    query: {
      status: (withCancelled ? [...statuses, 'cancelled'] : statuses).join(','), orderby: 'modified', order: 'asc', per_page: WOO_PAGE, page: 1,
      modified_after: from ? wooDate(new Date(toSecond(from) - 1000).toISOString()) : undefined,
      exclude: token?.seen.length ? token.seen.join(',') : undefined,
      after: input.options.created_at_min ? `${input.options.created_at_min}T00:00:00` : undefined,
      // Without it the filters are read in the site's own zone, and the cursor (UTC) would be hours off.
      dates_are_gmt: from || input.options.created_at_min ? 'true' : undefined,
    },
  });
  const raw = listOf<WooOrder>(res.json(), 'orders');
  const orders = raw.filter((o) => any || statuses.includes(o.status) || (withCancelled && o.status === 'cancelled')).map(fromWoo);
  const highWater = raw.reduce<string | null>((max, o) => {
    const at = gmtIso(o.date_modified_gmt);
    return at && (!max || Date.parse(at) > Date.parse(max)) ? at : max;
  }, null);
  const totalPages = Number(res.headers['x-wp-totalpages'] ?? '0');
  if (!raw.length || !highWater || totalPages <= 1) return { orders, next: null, highWater };
  const last = toSecond(highWater);
  const atLast = raw.filter((o) => { const at = gmtIso(o.date_modified_gmt); return at !== null && toSecond(at) === last; }).map((o) => o.id);
  // Still within the same second as the page before: those ids stay left out too.
  const seen = token && toSecond(token.at) === last ? [...token.seen, ...atLast] : atLast;
  return { orders, next: JSON.stringify({ at: new Date(last).toISOString(), seen } satisfies WooPageToken), highWater };
}

async function fetchOrder(ctx: ConnectorContext, externalId: string): Promise<ChannelOrder | null> {
  const res = await wooRequest(ctx, 'GET', `orders/${encodeURIComponent(externalId)}`, { allow: [404] });
  return res.status === 404 ? null : fromWoo(res.json<WooOrder>());
}

/* ------------------------------------------------------------------ products */

interface WooProduct { id: number; name: string; type: string; sku?: string | null; price?: string | null; variations?: number[] }
interface WooVariation { id: number; sku?: string | null; price?: string | null; attributes?: { name?: string; option?: string }[] }

/** Every page of a collection (variations of one product), 100 at a time. */
async function allPages<T>(ctx: ConnectorContext, path: string, query: Record<string, string | number | undefined> = {}): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await wooRequest(ctx, 'GET', path, { query: { ...query, per_page: WOO_PAGE, page } });
    const items = listOf<T>(res.json(), path);
    out.push(...items);
    if (!items.length || page >= Number(res.headers['x-wp-totalpages'] ?? '0')) return out;
  }
}

/** A variation's remote id names its product too: its stock is set through the product's variations/batch. */
const variationRemoteId = (parentId: number, variationId: number) => `${parentId}:${variationId}`;

async function fetchProducts(ctx: ConnectorContext, input: { page: string | null }): Promise<{ products: ChannelProduct[]; next: string | null }> {
  const pageNo = input.page ? Math.max(1, Number(input.page) || 1) : 1;
  const res = await wooRequest(ctx, 'GET', 'products', { keepPage: true, query: { per_page: WOO_PAGE, page: pageNo, orderby: 'id', order: 'asc' } });
  const raw = listOf<WooProduct>(res.json(), 'products');
  const products: ChannelProduct[] = [];
  for (const p of raw) {
    if (p.type === 'variable') {
      // The variations carry the SKUs (and the stock); the parent is only their name.
      const variations = p.variations?.length ? await allPages<WooVariation>(ctx, `products/${p.id}/variations`) : [];
      products.push({
        externalId: String(p.id), name: p.name,
        variants: variations.map((v) => ({
          externalId: String(v.id), sku: v.sku || null, barcode: null, price: v.price || null, remoteInventoryId: variationRemoteId(p.id, v.id),
          name: [p.name, ...(v.attributes ?? []).map((a) => a.option).filter(Boolean)].join(' '),
        })),
      });
    } else if (p.type === 'simple') {
      products.push({ externalId: String(p.id), name: p.name, variants: [{ externalId: String(p.id), sku: p.sku || null, name: p.name, barcode: null, price: p.price || null, remoteInventoryId: String(p.id) }] });
    }
  }
  return { products, next: raw.length && pageNo < Number(res.headers['x-wp-totalpages'] ?? '0') ? String(pageNo + 1) : null };
}

/* ------------------------------------------------------------------ stock */

/** The variable products' variations by SKU, read once per run (only when a SKU is not a simple product). */
const variationIndexes = new WeakMap<ConnectorContext, Promise<Map<string, string>>>();

function variationIndex(ctx: ConnectorContext): Promise<Map<string, string>> {
  let found = variationIndexes.get(ctx);
  if (!found) {
    found = (async () => {
      const index = new Map<string, string>();
      for (const p of await allPages<WooProduct>(ctx, 'products', { type: 'variable', orderby: 'id', order: 'asc' })) {
        for (const v of await allPages<WooVariation>(ctx, `products/${p.id}/variations`)) if (v.sku) index.set(v.sku, variationRemoteId(p.id, v.id));
      }
      return index;
    })();
    found.catch(() => variationIndexes.delete(ctx));
    variationIndexes.set(ctx, found);
  }
  return found;
}

/** SKU → remote id: simple products by `GET products?sku=a,b,…` (100 at a time), then the variations' index. */
async function resolveSkus(ctx: ConnectorContext, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  // A SKU with a comma cannot travel in the comma-separated filter: asked on its own.
  const plain = skus.filter((s) => !s.includes(','));
  const groups: string[][] = [];
  for (let i = 0; i < plain.length; i += WOO_PAGE) groups.push(plain.slice(i, i + WOO_PAGE));
  for (const s of skus.filter((x) => x.includes(','))) groups.push([s]);
  for (const group of groups) {
    const res = await wooRequest(ctx, 'GET', 'products', { query: { sku: group.join(','), per_page: WOO_PAGE } });
    for (const p of listOf<WooProduct>(res.json(), 'products')) if (p.sku && p.type !== 'variable' && group.includes(p.sku)) found.set(p.sku, String(p.id));
  }
  if (found.size < skus.length) {
    const index = await variationIndex(ctx);
    for (const sku of skus) if (!found.has(sku) && index.has(sku)) found.set(sku, index.get(sku)!);
  }
  return found;
}

interface BatchAnswer { update?: ({ id?: number; error?: { code?: string; message?: string } } & Record<string, unknown>)[] }

const INVALID_ID = /invalid_id$/;

/**
 * Sets each SKU's quantity (absolute: Omnio's figure is what the store publishes) with manage_stock on, since a
 * product that does not manage stock ignores stock_quantity. Simple products through products/batch, variations
 * through their product's variations/batch, 100 per request. Each item is judged on its own: WooCommerce answers
 * 200 and puts a refused item's error in its place.
 */
async function pushStock(ctx: ConnectorContext, input: { levels: StockLevel[]; options: ChannelActionOptions<'sync_inventory'>; runId: string }): Promise<StockPushResult> {
  const result: StockPushResult = { pushed: [], unknown: [], failed: [] };
  const valid = (id: string | null) => !!id && /^\d+(:\d+)?$/.test(id);
  const resolved = await resolveSkus(ctx, input.levels.filter((l) => !valid(l.remoteId)).map((l) => l.sku));
  // path → items of that batch endpoint
  const groups = new Map<string, { level: StockLevel; remoteId: string; id: number }[]>();
  for (const level of input.levels) {
    const remoteId = valid(level.remoteId) ? level.remoteId! : resolved.get(level.sku);
    if (!remoteId) {
      result.unknown.push(level.sku);
      continue;
    }
    const [a, b] = remoteId.split(':');
    const path = b ? `products/${a}/variations/batch` : 'products/batch';
    const list = groups.get(path) ?? [];
    list.push({ level, remoteId, id: Number(b ?? a) });
    groups.set(path, list);
  }
  for (const [path, items] of groups) {
    for (let i = 0; i < items.length; i += WOO_BATCH) {
      const chunk = items.slice(i, i + WOO_BATCH);
      const res = await wooRequest(ctx, 'POST', path, {
        json: { update: chunk.map((c) => ({ id: c.id, manage_stock: true, stock_quantity: c.level.quantity })) },
        // The product of a variation is gone: every item of that batch is unknown at the store.
        allow: [404],
      });
      if (res.status === 404) {
        result.unknown.push(...chunk.map((c) => c.level.sku));
        continue;
      }
      const answers = new Map((res.json<BatchAnswer>().update ?? []).map((u, index) => [u.id ?? -index - 1, u]));
      for (const c of chunk) {
        const answer = answers.get(c.id);
        if (!answer) result.failed.push({ sku: c.level.sku, code: 'no_answer', message: 'WooCommerce did not answer for this item' });
        else if (answer.error) {
          if (INVALID_ID.test(answer.error.code ?? '')) result.unknown.push(c.level.sku);
          else result.failed.push({ sku: c.level.sku, code: answer.error.code ?? 'stock_refused', message: answer.error.message ?? 'Refused by WooCommerce' });
        } else result.pushed.push({ sku: c.level.sku, remoteId: c.remoteId, quantity: c.level.quantity });
      }
    }
  }
  return result;
}

/* ------------------------------------------------------------------ tracking */

const CARRIER_NAMES: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL Express', ontrac: 'OnTrac' };

/** The customer note that carries the tracking (core WooCommerce has no shipment object). */
export function trackingNote(input: Pick<FulfillmentPush, 'carrier' | 'tracking' | 'trackingUrl' | 'shipmentNumber'>): string {
  const carrier = input.carrier ? (CARRIER_NAMES[input.carrier] ?? input.carrier) : null;
  const parts = [`Your order has shipped${carrier ? ` with ${carrier}` : ''}.`];
  if (input.tracking) parts.push(`Tracking number: ${input.tracking}.`);
  else parts.push(`Shipment ${input.shipmentNumber}.`);
  if (input.trackingUrl) parts.push(`Track it at ${input.trackingUrl}`);
  return parts.join(' ');
}

/**
 * Marks the order completed and adds the tracking as a customer note (WooCommerce e-mails it). A push sent again
 * (a retried run) finds its note already there and adds nothing.
 */
async function pushFulfillment(ctx: ConnectorContext, input: FulfillmentPush): Promise<{ remoteId: string }> {
  const ref = input.orderRef?.order_id;
  const id = typeof ref === 'number' || typeof ref === 'string' ? String(ref) : input.orderExternalId;
  const got = await wooRequest(ctx, 'GET', `orders/${encodeURIComponent(id)}`, { allow: [404] });
  if (got.status === 404) throw new ChannelCallError(`WooCommerce has no order ${id}`, 404, 'fulfillment_refused');
  const order = got.json<WooOrder>();
  if (['cancelled', 'refunded', 'failed', 'trash'].includes(order.status)) {
    throw new ChannelCallError(`The order is ${order.status} at WooCommerce: it cannot be marked shipped`, 422, 'fulfillment_refused');
  }
  if (order.status !== 'completed') await wooRequest(ctx, 'PUT', `orders/${encodeURIComponent(id)}`, { json: { status: 'completed' } });
  const note = trackingNote(input);
  const notes = listOf<{ id: number; note: string }>((await wooRequest(ctx, 'GET', `orders/${encodeURIComponent(id)}/notes`, { query: { type: 'customer' } })).json(), 'notes');
  const existing = notes.find((n) => n.note.trim() === note);
  if (existing) return { remoteId: `${id}:note:${existing.id}` };
  const made = (await wooRequest(ctx, 'POST', `orders/${encodeURIComponent(id)}/notes`, { json: { note, customer_note: input.notifyCustomer } })).json<{ id: number }>();
  return { remoteId: `${id}:note:${made.id}` };
}

/* ------------------------------------------------------------------ webhooks */

/** base64 HMAC-SHA256 of the raw body with the webhook's secret (WC_Webhook::generate_signature). */
export function verifyWooSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!secret || !signature || signature.length > 200) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('base64'));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** WooCommerce's creation ping: `webhook_id=N`, form-encoded, unsigned; it must be answered 200. */
export function isWooPing(input: { headers: Record<string, string | undefined>; rawBody: Buffer }): boolean {
  if (input.headers['x-wc-webhook-signature'] || input.rawBody.length > 64) return false;
  return /^webhook_id=\d+$/.test(input.rawBody.toString('utf8').trim());
}

/**
 * order.created / order.updated carry the whole order. An order in a status the seller does not ship is
 * ignored (created fires for unpaid carts too). The framework does not hand the action's options here, so the
 * default statuses apply unless `options` is given.
 */
function parseWebhook(input: { topic: string | null; kind: string; payload: unknown; options?: Pick<ChannelActionOptions<'import_orders'>, 'orders_status'> }): WebhookEvent {
  const topic = input.topic ?? '';
  if (topic !== 'order.created' && topic !== 'order.updated' && topic !== 'order.restored') {
    return { kind: 'ignored', reason: `Topic ${topic || '(none)'} is not one Omnio subscribes to` };
  }
  const p = (input.payload ?? {}) as Partial<WooOrder>;
  if (typeof p.id !== 'number' && typeof p.id !== 'string') return { kind: 'ignored', reason: 'The order payload has no id' };
  const statuses = statusesOf(input.options);
  // A cancellation is always passed on: an imported order cancelled at the store is cancelled here.
  if (!statuses.includes('any') && !statuses.includes(String(p.status)) && p.status !== 'cancelled') {
    return { kind: 'ignored', reason: `Order ${p.id} is ${p.status ?? 'without status'}, not one of the imported statuses (${statuses.join(', ')})` };
  }
  return { kind: 'order', order: fromWoo(p as WooOrder) };
}

export const WOO_WEBHOOK_TOPICS: Record<string, string> = { 'order.created': 'orders/import-orders', 'order.updated': 'orders/import-orders' };

/** Subscribes order.created / order.updated with the process's webhook secret (made and kept first if missing). */
async function registerWebhooks(ctx: ConnectorContext, urls: Record<string, string>): Promise<{ topic: string; ok: boolean; message?: string }[]> {
  let secret = ctx.credentials.webhook_secret;
  if (!secret) {
    // Without one WooCommerce would make up its own, which Omnio could never verify.
    secret = randomBytes(32).toString('base64url');
    await ctx.saveCredentials({ webhook_secret: secret });
  }
  const existing = await allPages<{ topic: string; delivery_url: string; status: string }>(ctx, 'webhooks');
  const out: { topic: string; ok: boolean; message?: string }[] = [];
  for (const [topic, kind] of Object.entries(WOO_WEBHOOK_TOPICS)) {
    const url = urls[kind]!;
    // Subscribed before to this address: WooCommerce would make a second hook and deliver twice.
    if (existing.some((h) => h.topic === topic && h.delivery_url === url && h.status === 'active')) {
      out.push({ topic, ok: true });
      continue;
    }
    const res = await wooRequest(ctx, 'POST', 'webhooks', { json: { name: `Omnio ${topic}`, topic, delivery_url: url, secret, status: 'active' }, allow: [400] });
    out.push(res.status === 400 ? { topic, ok: false, message: res.json<{ message?: string }>().message ?? 'Refused' } : { topic, ok: true });
  }
  return out;
}

async function test(ctx: ConnectorContext): Promise<ChannelTestResult> {
  // The authenticated cheapest call: one order. A wrong key is WooCommerce's 401 (a 422 to the seller).
  await wooRequest(ctx, 'GET', 'orders', { query: { per_page: 1 } });
  const index = await ctx.http.request({ method: 'GET', url: `${storeBase(ctx)}/wp-json/`, headers: { accept: 'application/json' }, retries: 1 }).catch(() => null);
  let name = ctx.credentials.store_url ?? storeBase(ctx);
  try {
    const body = index && index.status === 200 ? index.json<{ name?: string }>() : null;
    if (body?.name) name = body.name;
  } catch {
    // The index is only for the store's name: a site that hides it still passes the test.
  }
  return { ok: true, shop: { name, domain: (ctx.credentials.store_url ?? storeBase(ctx)).replace(/^https?:\/\//, '').replace(/\/+$/, ''), plan: null } };
}

export const woocommerceConnector: Connector = {
  driver: 'woocommerce',
  apiVersion: WOOCOMMERCE_API_VERSION,
  actions: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  test,
  fetchOrders,
  fetchOrder,
  fetchProducts,
  pushStock,
  pushFulfillment,
  verifyWebhook: (ctx, input) => verifyWooSignature(ctx.credentials.webhook_secret ?? '', input.rawBody, input.headers['x-wc-webhook-signature']),
  isPing: isWooPing,
  webhookDelivery: (headers) => ({ deliveryId: headers['x-wc-webhook-delivery-id'] ?? null, topic: headers['x-wc-webhook-topic'] ?? null }),
  parseWebhook,
  registerWebhooks,
};
