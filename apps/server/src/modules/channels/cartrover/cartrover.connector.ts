import type { ChannelActionOptions, ChannelTestResult } from '@omnio/domain';
import {
  ChannelAuthError, ChannelCallError, type ChannelOrder, type Connector, type ConnectorContext, type FulfillmentPush, type OrderPage,
  type StockLevel, type StockPushResult, type WebhookEvent,
} from '../connector';
import type { ChannelResponse } from '../http-client';
import { fromCartRover, type CartRoverOrder } from './cartrover-mapping';

/**
 * CartRover (Extensiv Integration Manager) at the merchant level (shared/channels/cartrover.md): Omnio takes the
 * merchant's orders from every cart CartRover collects, sends tracking back (CartRover confirms it to the cart),
 * and publishes stock. CartRover has no webhooks for its public API: orders are polled by status and date.
 *
 * What the service gets wrong for a client, and this file handles:
 * - refusals, including the rate limit, come as HTTP 200 with `success_code: false` (checked on every answer);
 * - the `+` of a timestamp's offset must travel as `%2B` (a literal `+` reaches CartRover as a space);
 * - bodies sent are arrays (inventory records), answers are `{success_code, response}` envelopes.
 */

export const CARTROVER_API_VERSION = 'v1';
export const CARTROVER_BASE_URL = 'https://api.cartrover.com';
/** CartRover's list limit is 1–100: the most per page means the fewest calls from a 100-call bucket. */
export const CARTROVER_PAGE_SIZE = 100;
/** Inventory records per update call (the same 100 cap as a list page). */
export const CARTROVER_STOCK_BATCH = 100;
/** The bucket gives back one call every 0.6 s [C2]: an over-limit answer is sent again once one call is back. */
export const CARTROVER_RATE_LIMIT_WAIT_MS = 650;
/** Orders a seller ships and that are not shipped yet: CartRover's combined filter for new and at_wms. */
export const CARTROVER_DEFAULT_STATUSES = ['new_or_at_wms'] as const;

interface Envelope<T> {
  success_code?: boolean;
  error_code?: string;
  message?: string;
  response?: T;
}

function baseOf(ctx: ConnectorContext): string {
  // The doc's base is https://api.cartrover.com with /v1 paths; an address given with /v1 is taken as the same.
  return (ctx.settings.api_base_url ?? CARTROVER_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * A timestamp for a query parameter: UTC with `+00:00`, percent-encoded so the `+` arrives as `%2B` — a literal
 * `+` is decoded as a space by CartRover and the date is unreadable.
 */
export function cartroverDateParam(iso: string): string {
  const ms = Date.parse(iso);
  const text = new Date(Number.isNaN(ms) ? 0 : ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
  return encodeURIComponent(text);
}

/** The wait a 2xx answer asks for: CartRover's rate limit is an HTTP 200 with `error_code: "RateLimit"`. */
export function cartroverThrottled(res: ChannelResponse): number | null {
  try {
    const body = res.json<Envelope<unknown> | null>();
    if (body && typeof body === 'object' && body.success_code === false && body.error_code === 'RateLimit') return CARTROVER_RATE_LIMIT_WAIT_MS;
  } catch {
    // Not JSON: the response check says so.
  }
  return null;
}

const AUTH_MESSAGE = /auth|api[ _-]?user|api[ _-]?key|credential|unauthori[sz]ed|permission|access denied/i;

/** Every answer's check: HTTP status, then the envelope — `success_code: false` is a refusal whatever the status. */
export function cartroverChecked<T>(res: ChannelResponse, what: string): T {
  if (res.status === 401 || res.status === 403) throw new ChannelAuthError(`CartRover refused the API User / API Key (HTTP ${res.status})`, res.status);
  let body: Envelope<T> | null;
  try {
    body = res.json<Envelope<T> | null>();
  } catch (err) {
    if (res.status >= 400) throw new ChannelCallError(`${what}: CartRover answered HTTP ${res.status}`, res.status);
    throw err;
  }
  if (!body || typeof body !== 'object' || typeof body.success_code !== 'boolean') {
    throw new ChannelCallError(`${what}: CartRover's answer has no success_code (HTTP ${res.status})`, res.status, 'invalid_answer');
  }
  if (body.success_code && res.status < 400) return body.response as T;
  const message = body.message?.trim() || 'no reason given';
  if (body.error_code === 'RateLimit') throw new ChannelCallError(`${what}: CartRover's rate limit did not clear (${message})`, res.status, 'rate_limited');
  if (AUTH_MESSAGE.test(message)) throw new ChannelAuthError(`CartRover refused the API User / API Key: ${message}`, res.status === 200 ? 401 : res.status);
  throw new ChannelCallError(`${what}: CartRover refused: ${message}${body.error_code ? ` (${body.error_code})` : ''}`, res.status);
}

/**
 * What each API user's bucket had left at its last answer (`X-CartRover-Api-Minute-Hits-Remaining`), per
 * address and user: a run that has emptied it waits for one call to come back instead of spending a call on a
 * RateLimit answer. Runs of one process share the bucket, so this lives beyond one run.
 */
const buckets = new Map<string, { remaining: number; at: number }>();
const REFILL_MS = 600;

async function paced(key: string): Promise<void> {
  const b = buckets.get(key);
  if (!b || b.remaining >= 1) return;
  const wait = b.at + REFILL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, REFILL_MS)));
}

function remember(key: string, res: ChannelResponse): void {
  const left = Number(res.headers['x-cartrover-api-minute-hits-remaining']);
  if (Number.isFinite(left)) buckets.set(key, { remaining: left, at: Date.now() });
  if (buckets.size > 10_000) buckets.clear();
}

async function call<T>(
  ctx: ConnectorContext,
  method: 'GET' | 'POST',
  path: string,
  what: string,
  opts: { query?: Record<string, string>; json?: unknown; keepPage?: boolean } = {},
): Promise<T> {
  // Query values arrive already encoded (dates must keep their %2B): joined as given.
  const query = Object.entries(opts.query ?? {}).map(([k, v]) => `${k}=${v}`).join('&');
  const auth = Buffer.from(`${ctx.credentials.api_user ?? ''}:${ctx.credentials.api_key ?? ''}`).toString('base64');
  const bucketKey = `${baseOf(ctx)} ${ctx.credentials.api_user ?? ''}`;
  await paced(bucketKey);
  const res = await ctx.http.request({
    method,
    url: `${baseOf(ctx)}${path}${query ? `?${query}` : ''}`,
    headers: { authorization: `Basic ${auth}`, accept: 'application/json' },
    ...(opts.json !== undefined ? { json: opts.json } : {}),
    keepPage: opts.keepPage,
    throttled: cartroverThrottled,
  });
  remember(bucketKey, res);
  const processId = res.headers['x-cartrover-process-id'];
  try {
    return cartroverChecked<T>(res, what);
  } catch (err) {
    // CartRover support needs its process id for any question about a call.
    if (processId) ctx.log.warn({ cartroverProcessId: processId, status: res.status }, `${what} refused by CartRover`);
    throw err;
  }
}

/* ------------------------------------------------------------------ orders */

/** A page token: which of the statuses is being listed, and its page number. */
function readPage(page: string | null): { index: number; number: number } {
  const m = page ? /^(\d+):(\d+)$/.exec(page) : null;
  return m ? { index: Number(m[1]), number: Number(m[2]) } : { index: 0, number: 1 };
}

async function fetchOrders(ctx: ConnectorContext, input: { cursor: string | null; page: string | null; options: ChannelActionOptions<'import_orders'> }): Promise<OrderPage> {
  const statuses = input.options.orders_status?.length ? input.options.orders_status : [...CARTROVER_DEFAULT_STATUSES];
  const at = readPage(input.page);
  const status = statuses[at.index];
  if (!status) return { orders: [], next: null, highWater: null };
  const query: Record<string, string> = { limit: String(CARTROVER_PAGE_SIZE), page: String(at.number) };
  if (input.cursor) query.from_date = cartroverDateParam(input.cursor);
  const rows = await call<CartRoverOrder[] | null>(ctx, 'GET', `/v1/merchant/orders/list/${encodeURIComponent(status)}`, `Listing ${status} orders`, { query, keepPage: true });
  const list = Array.isArray(rows) ? rows : [];
  const orders = list.filter((o) => o && typeof o.cust_ref === 'string' && o.cust_ref).map(fromCartRover);
  // Page-number paging: a full page may have more behind it; a short one ends this status.
  const next = list.length >= CARTROVER_PAGE_SIZE ? `${at.index}:${at.number + 1}` : at.index + 1 < statuses.length ? `${at.index + 1}:1` : null;
  const highWater = orders.reduce<string | null>((max, o) => (!max || Date.parse(o.updatedAt) > Date.parse(max) ? o.updatedAt : max), null);
  return { orders, next, highWater };
}

async function fetchOrder(ctx: ConnectorContext, externalId: string): Promise<ChannelOrder | null> {
  try {
    const order = await call<CartRoverOrder | null>(ctx, 'GET', `/v1/merchant/orders/${encodeURIComponent(externalId)}`, `Reading order ${externalId}`);
    return order && typeof order.cust_ref === 'string' ? fromCartRover(order) : null;
  } catch (err) {
    if (!(err instanceof ChannelAuthError) && err instanceof ChannelCallError && /not found/i.test(err.message)) return null;
    throw err;
  }
}

/* ------------------------------------------------------------------ stock */

interface ItemResult { sku?: string; success_code?: boolean; message?: string }

async function pushStock(ctx: ConnectorContext, input: { levels: StockLevel[]; options: ChannelActionOptions<'sync_inventory'>; runId: string }): Promise<StockPushResult> {
  const result: StockPushResult = { pushed: [], unknown: [], failed: [] };
  for (let i = 0; i < input.levels.length; i += CARTROVER_STOCK_BATCH) {
    const chunk = input.levels.slice(i, i + CARTROVER_STOCK_BATCH);
    // An array of records, even for one (CartRover's bodies are arrays).
    const records = chunk.map((l) => ({ sku: l.sku, quantity: Math.max(0, Math.floor(l.quantity)) }));
    const answer = await call<ItemResult[] | null>(ctx, 'POST', '/v1/merchant/inventory', `Updating stock of ${records.length} SKUs`, { json: records });
    const bySku = new Map((Array.isArray(answer) ? answer : []).map((r) => [String(r.sku ?? ''), r]));
    for (const record of records) {
      const r = bySku.get(record.sku);
      if (r && r.success_code !== false) result.pushed.push({ sku: record.sku, remoteId: record.sku, quantity: record.quantity });
      else if (r && /not found|unknown|does not exist|no such/i.test(r.message ?? '')) result.unknown.push(record.sku);
      else result.failed.push({ sku: record.sku, code: 'stock_refused', message: r?.message ?? 'CartRover did not answer for this SKU' });
    }
  }
  return result;
}

/* ------------------------------------------------------------------ tracking */

/** Omnio's carrier names as the SCAC-like codes CartRover maps to carts (cartrover.md §5: FDX→FEDEX). */
const CARRIER_CODES: Record<string, string> = { ups: 'UPS', usps: 'USPS', fedex: 'FEDEX', fdx: 'FEDEX', dhl: 'DHL', ontrac: 'ONTRAC' };

async function pushFulfillment(ctx: ConnectorContext, input: FulfillmentPush): Promise<{ remoteId: string }> {
  const ref = typeof input.orderRef?.cust_ref === 'string' && input.orderRef.cust_ref ? input.orderRef.cust_ref : input.orderExternalId;
  if (!input.tracking) throw new ChannelCallError('CartRover marks an order shipped only with a tracking number, and this shipment has none');
  const carrier = input.carrier ? (CARRIER_CODES[input.carrier.toLowerCase()] ?? input.carrier.toUpperCase()) : null;
  await call(ctx, 'POST', `/v1/merchant/orders/status/${encodeURIComponent(ref)}`, `Sending tracking for order ${ref}`, {
    json: {
      new_status: 'shipped',
      shipments: [{
        tracking_no: input.tracking,
        carrier,
        date: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        items: input.lines.map((l) => ({ item: l.sku, quantity: l.quantity })),
      }],
    },
  });
  return { remoteId: `${ref}:${input.tracking}` };
}

/* ------------------------------------------------------------------ test and webhooks */

async function test(ctx: ConnectorContext): Promise<ChannelTestResult> {
  // The lightest call the merchant level has: one order of the "new" list proves the pair and the level.
  await call<unknown>(ctx, 'GET', '/v1/merchant/orders/list/new', 'Testing the connection', { query: { limit: '1', page: '1' } });
  return { ok: true, shop: { name: `CartRover merchant ${ctx.credentials.api_user ?? ''}`.trim(), domain: new URL(baseOf(ctx)).host, plan: null } };
}

/** CartRover documents no webhooks for its public API: nothing it sends is ever accepted as its own. */
function parseWebhook(): WebhookEvent {
  return { kind: 'ignored', reason: 'CartRover sends no webhooks; orders are polled' };
}

export const cartroverConnector: Connector = {
  driver: 'cartrover',
  apiVersion: CARTROVER_API_VERSION,
  actions: ['import_orders', 'update_tracking', 'sync_inventory'],
  test,
  fetchOrders,
  fetchOrder,
  pushStock,
  pushFulfillment,
  verifyWebhook: () => false,
  webhookDelivery: () => ({ deliveryId: null, topic: null }),
  parseWebhook,
};
