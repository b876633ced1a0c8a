/**
 * A local fake of CartRover's (Extensiv Integration Manager) Orders API v1 for tests and benchmarks of Omnio's
 * CartRover connector (docs: /work/shared/channels/cartrover.md; README.md beside this file).
 *
 * One `node:http` server answers, like CartRover:
 * - the merchant level: `GET /v1/merchant/orders/list/{status}` (page/limit ≤ 100, from_date/to_date),
 *   `GET /v1/merchant/orders/{cust_ref}`, `GET|POST /v1/merchant/orders/status/{cust_ref}` (tracking in),
 *   `GET|POST /v1/merchant/inventory` (stock in, an array), `GET /v1/merchant/inventory/{sku}`;
 * - the cart level: `POST /v1/cart/orders/cartrover` (an array of orders, even for one);
 * - HTTP Basic auth (or the legacy `?api_user=&api_key=` query), one pair per API level;
 * - the `{success_code, response}` envelope, with errors and the rate limit answered as **HTTP 200** and
 *   `success_code: false`; a leaky bucket of 100 calls refilling one per 0.6 s per API user;
 * - timestamps as `2026-03-18T00:00:00+00:00`; a query's literal `+` is read as a space (form decoding), which
 *   makes the date unreadable: the fake refuses it as CartRover refuses an unreadable date;
 * - `X-CartRover-Process-ID` on every answer and `X-CartRover-Api-Minute-Hits-Remaining`;
 * - `/__fake/*`: the control API (seed orders and products, inject limits and failures, read what was pushed).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CARTROVER_ORDER_STATUSES = ['new', 'at_wms', 'shipped', 'confirmed', 'error', 'canceled'] as const;
export type CartRoverOrderStatus = (typeof CARTROVER_ORDER_STATUSES)[number];
/** List filters: a status, or one of the combined ones the API accepts. */
const LIST_FILTERS: Record<string, readonly CartRoverOrderStatus[]> = {
  ...Object.fromEntries(CARTROVER_ORDER_STATUSES.map((s) => [s, [s]])),
  new_or_at_wms: ['new', 'at_wms'],
  shipped_or_confirmed: ['shipped', 'confirmed'],
  any: CARTROVER_ORDER_STATUSES,
};

export interface CartRoverItem {
  item: string;
  quantity: number;
  price: number;
  description?: string;
  discount?: number;
  addl_discount?: number;
  tax?: number;
  shipping_surcharge?: number;
  extended_amount?: number;
}

export interface CartRoverShipment {
  tracking_no: string;
  carrier: string | null;
  date: string;
  items?: { item: string; quantity: number }[];
}

/** An order as the API shows it (the "New Order" JSON plus CartRover's own fields). */
export interface CartRoverOrder {
  cust_ref: string;
  cust_po_no: string;
  order_status: CartRoverOrderStatus;
  /** When the order came into CartRover (UTC, `+00:00`). */
  order_date: string;
  /** The order's last change at CartRover: what from_date/to_date select on in the fake. */
  date_updated: string;
  ship_first_name?: string;
  ship_last_name?: string;
  ship_company?: string;
  ship_address_1?: string;
  ship_address_2?: string;
  ship_city?: string;
  ship_state?: string;
  ship_zip?: string;
  ship_country?: string;
  ship_phone?: string;
  ship_email?: string;
  ship_is_billing?: boolean;
  bill_first_name?: string;
  bill_last_name?: string;
  bill_company?: string;
  bill_address_1?: string;
  bill_address_2?: string;
  bill_city?: string;
  bill_state?: string;
  bill_zip?: string;
  bill_country?: string;
  bill_phone?: string;
  bill_email?: string;
  shipping_method?: string;
  sub_total: number;
  order_discount: number;
  sales_tax: number;
  shipping_handling: number;
  grand_total: number;
  items: CartRoverItem[];
  shipments: CartRoverShipment[];
}

export type OrderInput = Partial<Omit<CartRoverOrder, 'items' | 'shipments'>> & { items: (Partial<CartRoverItem> & { item: string })[] };

export interface InventoryRow {
  sku: string;
  description: string;
  qty_available: number;
}

export interface FakeCall {
  seq: number;
  method: string;
  /** Path and query exactly as received (the query still percent-encoded). */
  rawUrl: string;
  path: string;
  apiUser: string | null;
  level: 'cart' | 'merchant' | 'control' | null;
  body: unknown;
  answer: { success_code: boolean; error_code?: string; message?: string };
}

export interface CartRoverFakeOptions {
  port?: number;
  host?: string;
  merchantUser?: string;
  merchantKey?: string;
  cartUser?: string;
  cartKey?: string;
  /** Leaky bucket per API user (CartRover: 100 calls, one back every 600 ms). */
  bucket?: { size: number; refillMs: number };
}

type Envelope = { success_code: true; response: unknown } | { success_code: false; error_code: string; message: string };

const isoUtc = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** ISO-8601 with an offset or Z; anything else (a space where the `+` was) is unreadable, as at CartRover. */
function readDate(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export class CartRoverFake {
  readonly merchantUser: string;
  /**
   * Further merchant API users that open this same merchant's data (with the same key): tests connect several
   * accounts while Omnio allows one connection per API user in a company.
   */
  private readonly otherMerchantUsers = new Set<string>();

  addMerchantUser(user: string): void {
    this.otherMerchantUsers.add(user);
  }
  readonly merchantKey: string;
  readonly cartUser: string;
  readonly cartKey: string;
  url = '';
  private server: Server;
  private orders = new Map<string, CartRoverOrder>();
  private products = new Map<string, InventoryRow>();
  private stock = new Map<string, number>();
  private stockBatches: { sku: string; quantity: number }[][] = [];
  private received: { cust_ref: string; new_status: string; shipments: CartRoverShipment[] }[] = [];
  private log: FakeCall[] = [];
  private seq = 0;
  private clock = 0;
  private throttles = 0;
  private failures: { error_code: string; message: string }[] = [];
  private buckets = new Map<string, { level: number; at: number }>();
  private bucket: { size: number; refillMs: number };

  constructor(options: CartRoverFakeOptions = {}) {
    this.merchantUser = options.merchantUser ?? 'cr_merchant_user';
    this.merchantKey = options.merchantKey ?? 'cr_merchant_key_fake';
    this.cartUser = options.cartUser ?? 'cr_cart_user';
    this.cartKey = options.cartKey ?? 'cr_cart_key_fake';
    this.bucket = options.bucket ?? { size: 100, refillMs: 600 };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success_code: false, error_code: 'Failure', message: (err as Error).message }));
      });
    });
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    const { port: bound } = this.server.address() as AddressInfo;
    this.url = `http://${host}:${bound}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /* ---------------------------------------------------------------- control (in process) */

  reset(): void {
    this.orders.clear();
    this.products.clear();
    this.stock.clear();
    this.stockBatches = [];
    this.received = [];
    this.log = [];
    this.throttles = 0;
    this.failures = [];
    this.buckets.clear();
  }

  /** A strictly later timestamp each change, so "changed since" never misses one within a second. */
  private tick(): string {
    this.clock = Math.max(Date.now(), this.clock + 1000);
    return isoUtc(this.clock);
  }

  addOrder(input: OrderInput): CartRoverOrder {
    const now = this.tick();
    const items = input.items.map((it) => {
      const quantity = it.quantity ?? 1;
      const price = it.price ?? 10;
      return { ...it, quantity, price, extended_amount: it.extended_amount ?? round2((price - (it.discount ?? 0)) * quantity) } as CartRoverItem;
    });
    const sub = round2(items.reduce((s, it) => s + (it.extended_amount ?? 0), 0));
    const ref = input.cust_ref ?? `CR${String(this.orders.size + 1).padStart(6, '0')}${randomUUID().slice(0, 8).toUpperCase()}`;
    const order: CartRoverOrder = {
      cust_po_no: `#${1000 + this.orders.size + 1}`,
      ship_first_name: 'Ada', ship_last_name: 'Lovelace', ship_address_1: '125 2nd St', ship_city: 'Oakland', ship_state: 'CA',
      ship_zip: '94607', ship_country: 'US', ship_email: 'ada@example.com', ship_is_billing: true, shipping_method: 'UPS Ground',
      order_discount: 0, sales_tax: 0, shipping_handling: 0,
      ...input,
      cust_ref: ref,
      order_status: input.order_status ?? 'new',
      order_date: input.order_date ?? now,
      date_updated: input.date_updated ?? now,
      sub_total: input.sub_total ?? sub,
      grand_total: 0,
      items,
      shipments: [],
    };
    order.grand_total = input.grand_total ?? round2(order.sub_total + order.sales_tax + order.shipping_handling - order.order_discount);
    this.orders.set(ref, order);
    return structuredClone(order);
  }

  seedOrders(n: number, skus: string[] = ['C100', 'C200']): CartRoverOrder[] {
    const made: CartRoverOrder[] = [];
    for (let i = 0; i < n; i++) made.push(this.addOrder({ items: skus.map((item, j) => ({ item, quantity: j + 1, price: 4.99 + j })) }));
    return made;
  }

  /** A change at CartRover (status, address…): the order's date_updated moves on. */
  updateOrder(custRef: string, patch: Partial<Omit<CartRoverOrder, 'cust_ref'>>): CartRoverOrder {
    const order = this.orders.get(custRef);
    if (!order) throw new Error(`No order ${custRef}`);
    Object.assign(order, patch, { date_updated: this.tick() });
    return structuredClone(order);
  }

  cancelOrder(custRef: string): CartRoverOrder {
    return this.updateOrder(custRef, { order_status: 'canceled' });
  }

  order(custRef: string): CartRoverOrder | null {
    const o = this.orders.get(custRef);
    return o ? structuredClone(o) : null;
  }

  /** Products the merchant has (an inventory update for any other SKU is refused per item). */
  addProduct(sku: string, qty = 0, description = `${sku} product`): void {
    this.products.set(sku, { sku, description, qty_available: qty });
  }

  /** The next `n` rate-limited calls answer HTTP 200 `RateLimit`, as an empty bucket does. */
  throttleNext(n = 1): void {
    this.throttles += n;
  }

  /** The next call answers HTTP 200 `success_code: false` with this error (default a `Failure`). */
  failNext(error: { error_code?: string; message?: string } = {}): void {
    this.failures.push({ error_code: error.error_code ?? 'Failure', message: error.message ?? 'Internal failure, please try again later' });
  }

  setBucket(bucket: { size: number; refillMs: number }): void {
    this.bucket = bucket;
    this.buckets.clear();
  }

  /** Stock received by SKU (the last quantity set). */
  inventory(): Record<string, number> {
    return Object.fromEntries(this.stock);
  }

  /** Each inventory update call's array, in order. */
  inventoryBatches(): { sku: string; quantity: number }[][] {
    return structuredClone(this.stockBatches);
  }

  /** Status updates received (tracking), in order. */
  shipments(): { cust_ref: string; new_status: string; shipments: CartRoverShipment[] }[] {
    return structuredClone(this.received);
  }

  calls(): FakeCall[] {
    return structuredClone(this.log);
  }

  /* ---------------------------------------------------------------- HTTP */

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
    // Form decoding, as CartRover's stack does it: a literal `+` is a space.
    const query = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
    const text = await readBody(req);
    const method = req.method ?? 'GET';
    if (path.startsWith('/__fake/')) return this.control(method, path, text, res);

    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return this.answer(res, { method, rawUrl, path, apiUser: null, level: null, body: text }, { success_code: false, error_code: 'Invalid', message: 'Invalid JSON in request body' });
      }
    }
    const call = { method, rawUrl, path, apiUser: null as string | null, level: null as FakeCall['level'], body };
    const m = /^\/v1\/(cart|merchant)(\/.*)$/.exec(path);
    if (!m) return this.answer(res, call, { success_code: false, error_code: 'Invalid', message: `Unknown endpoint ${path}` }, 404);
    const level = m[1] as 'cart' | 'merchant';
    const rest = m[2]!;
    call.level = level;

    const creds = credentialsOf(req, query);
    call.apiUser = creds?.user ?? null;
    const pair = level === 'merchant' ? [this.merchantUser, this.merchantKey] : [this.cartUser, this.cartKey];
    const userKnown = creds !== null && (creds.user === pair[0] || (level === 'merchant' && this.otherMerchantUsers.has(creds.user)));
    if (!creds || !userKnown || creds.key !== pair[1]) {
      return this.answer(res, call, { success_code: false, error_code: 'Invalid', message: 'Authentication failed: invalid API User or API Key for this API level' });
    }

    const newOrder = level === 'cart' && method === 'POST' && rest === '/orders/cartrover';
    if (!newOrder) {
      // The New Order endpoint is not rate limited [C2]; everything else spends the bucket.
      const remaining = this.spend(creds.user);
      res.setHeader('X-CartRover-Api-Minute-Hits-Remaining', String(Math.max(0, remaining)));
      if (this.throttles > 0 || remaining < 0) {
        if (this.throttles > 0) this.throttles -= 1;
        return this.answer(res, call, { success_code: false, error_code: 'RateLimit', message: 'Over API Limit. Please slow down requests.' });
      }
    }
    const failure = this.failures.shift();
    if (failure) return this.answer(res, call, { success_code: false, ...failure });

    const answer = level === 'cart' ? this.cartRoute(method, rest, query, body) : this.merchantRoute(method, rest, query, body);
    return this.answer(res, call, answer);
  }

  /** Takes one call from the user's bucket (refilled continuously); answers the calls left (negative: over the limit). */
  private spend(user: string): number {
    const now = Date.now();
    const b = this.buckets.get(user) ?? { level: this.bucket.size, at: now };
    const level = Math.min(this.bucket.size, b.level + (now - b.at) / this.bucket.refillMs);
    if (level < 1) {
      this.buckets.set(user, { level, at: now });
      return -1;
    }
    this.buckets.set(user, { level: level - 1, at: now });
    return Math.floor(level - 1);
  }

  private cartRoute(method: string, rest: string, query: URLSearchParams, body: unknown): Envelope {
    if (method === 'POST' && rest === '/orders/cartrover') {
      // "Array of orders, even if only one" [C1]: an object is refused.
      if (!Array.isArray(body)) return { success_code: false, error_code: 'Invalid', message: 'Request body must be an array of orders' };
      const made = body.map((o) => this.addOrder(o as OrderInput));
      return { success_code: true, response: made.map((o) => ({ cust_ref: o.cust_ref, success_code: true })) };
    }
    const list = /^\/orders\/list\/([a-z_]+)$/.exec(rest);
    if (method === 'GET' && list) return this.listOrders(list[1]!, query);
    const status = /^\/orders\/status\/([^/]+)$/.exec(rest);
    if (method === 'GET' && status) return this.statusOf(decodeURIComponent(status[1]!));
    const one = /^\/orders\/([^/]+)$/.exec(rest);
    if (method === 'GET' && one) return this.orderOf(decodeURIComponent(one[1]!));
    return { success_code: false, error_code: 'Invalid', message: `Unknown endpoint ${method} /v1/cart${rest}` };
  }

  private merchantRoute(method: string, rest: string, query: URLSearchParams, body: unknown): Envelope {
    const list = /^\/orders\/list\/([a-z_]+)$/.exec(rest);
    if (method === 'GET' && list) return this.listOrders(list[1]!, query);
    const status = /^\/orders\/status\/([^/]+)$/.exec(rest);
    if (status && method === 'GET') return this.statusOf(decodeURIComponent(status[1]!));
    if (status && method === 'POST') return this.updateStatus(decodeURIComponent(status[1]!), body);
    const one = /^\/orders\/([^/]+)$/.exec(rest);
    if (method === 'GET' && one) return this.orderOf(decodeURIComponent(one[1]!));
    if (rest === '/inventory' && method === 'GET') {
      const paged = page(query);
      if ('error' in paged) return paged.error;
      const rows = [...this.products.values()].sort((a, b) => a.sku.localeCompare(b.sku));
      return { success_code: true, response: rows.slice((paged.page - 1) * paged.limit, paged.page * paged.limit) };
    }
    if (rest === '/inventory' && method === 'POST') return this.updateInventory(body);
    const sku = /^\/inventory\/([^/]+)$/.exec(rest);
    if (method === 'GET' && sku) {
      const row = this.products.get(decodeURIComponent(sku[1]!));
      return row ? { success_code: true, response: row } : { success_code: false, error_code: 'Invalid', message: 'Product not found' };
    }
    return { success_code: false, error_code: 'Invalid', message: `Unknown endpoint ${method} /v1/merchant${rest}` };
  }

  private listOrders(filter: string, query: URLSearchParams): Envelope {
    const statuses = LIST_FILTERS[filter];
    if (!statuses) return { success_code: false, error_code: 'Invalid', message: `Invalid order status ${filter}` };
    const paged = page(query);
    if ('error' in paged) return paged.error;
    const bounds: number[] = [];
    for (const name of ['from_date', 'to_date'] as const) {
      const v = query.get(name);
      if (v === null || v === '') {
        bounds.push(name === 'from_date' ? -Infinity : Infinity);
        continue;
      }
      const ms = readDate(v);
      // `…T00:00:00+00:00` sent unencoded arrives as `…T00:00:00 00:00`: unreadable.
      if (ms === null) return { success_code: false, error_code: 'Invalid', message: `Invalid ${name}: ${v}` };
      bounds.push(ms);
    }
    const [from, to] = bounds as [number, number];
    const rows = [...this.orders.values()]
      .filter((o) => statuses.includes(o.order_status))
      .filter((o) => {
        const t = Date.parse(o.date_updated);
        return t >= from && t <= to;
      })
      .sort((a, b) => Date.parse(a.date_updated) - Date.parse(b.date_updated) || a.cust_ref.localeCompare(b.cust_ref));
    return { success_code: true, response: structuredClone(rows.slice((paged.page - 1) * paged.limit, paged.page * paged.limit)) };
  }

  private orderOf(ref: string): Envelope {
    const o = this.orders.get(ref);
    return o ? { success_code: true, response: structuredClone(o) } : { success_code: false, error_code: 'Invalid', message: `Order ${ref} not found` };
  }

  private statusOf(ref: string): Envelope {
    const o = this.orders.get(ref);
    if (!o) return { success_code: false, error_code: 'Invalid', message: `Order ${ref} not found` };
    return { success_code: true, response: { order_status: o.order_status, shipments: structuredClone(o.shipments) } };
  }

  /** `{"new_status": "shipped", "shipments": [{tracking_no, carrier, date, items}]}` (see README: assumed form). */
  private updateStatus(ref: string, body: unknown): Envelope {
    const o = this.orders.get(ref);
    if (!o) return { success_code: false, error_code: 'Invalid', message: `Order ${ref} not found` };
    const b = (body ?? {}) as { new_status?: unknown; shipments?: unknown };
    if (b.new_status !== 'at_wms' && b.new_status !== 'shipped') return { success_code: false, error_code: 'Invalid', message: 'new_status must be at_wms or shipped' };
    if (o.order_status === 'canceled' || o.order_status === 'confirmed' || o.order_status === 'error') {
      return { success_code: false, error_code: 'Failure', message: `Order ${ref} is ${o.order_status} and cannot be updated` };
    }
    const shipments = Array.isArray(b.shipments) ? (b.shipments as Partial<CartRoverShipment>[]) : [];
    if (b.new_status === 'shipped' && !shipments.some((s) => typeof s.tracking_no === 'string' && s.tracking_no)) {
      return { success_code: false, error_code: 'Invalid', message: 'A shipped status needs at least one shipment with tracking_no' };
    }
    const clean = shipments.map((s) => ({ tracking_no: String(s.tracking_no ?? ''), carrier: s.carrier ?? null, date: s.date ?? isoUtc(Date.now()), items: s.items }));
    // The same tracking number sent again (a retried call) is not a second shipment.
    for (const s of clean) if (!o.shipments.some((x) => x.tracking_no === s.tracking_no)) o.shipments.push(s);
    o.order_status = b.new_status;
    o.date_updated = this.tick();
    this.received.push({ cust_ref: ref, new_status: b.new_status, shipments: clean });
    return { success_code: true, response: { cust_ref: ref, order_status: o.order_status } };
  }

  /** An array of `{sku, quantity}`, at most 100; each item answered on its own (an unknown SKU does not fail the rest). */
  private updateInventory(body: unknown): Envelope {
    if (!Array.isArray(body)) return { success_code: false, error_code: 'Invalid', message: 'Request body must be an array of inventory records' };
    if (body.length === 0 || body.length > 100) return { success_code: false, error_code: 'Invalid', message: 'Send between 1 and 100 inventory records per call' };
    const batch: { sku: string; quantity: number }[] = [];
    const results = body.map((raw) => {
      const r = (raw ?? {}) as { sku?: unknown; quantity?: unknown };
      if (typeof r.sku !== 'string' || !Number.isInteger(r.quantity) || (r.quantity as number) < 0) {
        return { sku: String(r.sku ?? ''), success_code: false, message: 'sku and a whole, non-negative quantity are required' };
      }
      const row = this.products.get(r.sku);
      if (!row) return { sku: r.sku, success_code: false, message: 'Product not found' };
      row.qty_available = r.quantity as number;
      this.stock.set(r.sku, r.quantity as number);
      batch.push({ sku: r.sku, quantity: r.quantity as number });
      return { sku: r.sku, success_code: true };
    });
    this.stockBatches.push(body.map((r) => ({ sku: String((r as { sku?: unknown }).sku), quantity: Number((r as { quantity?: unknown }).quantity) })));
    return { success_code: true, response: results };
  }

  private answer(res: ServerResponse, call: Omit<FakeCall, 'seq' | 'answer'>, envelope: Envelope, status = 200): void {
    const summary = envelope.success_code ? { success_code: true } : { success_code: false, error_code: envelope.error_code, message: envelope.message };
    this.log.push({ seq: ++this.seq, ...call, answer: summary });
    res.writeHead(status, { 'content-type': 'application/json', 'x-cartrover-process-id': randomUUID() });
    res.end(JSON.stringify(envelope));
  }

  /* ---------------------------------------------------------------- control (HTTP) */

  private control(method: string, path: string, text: string, res: ServerResponse): void {
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    let body: Record<string, unknown> & { items?: unknown } = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      return send(400, { error: 'invalid JSON' });
    }
    try {
      if (method === 'POST' && path === '/__fake/reset') {
        this.reset();
        return send(200, { ok: true });
      }
      if (method === 'GET' && path === '/__fake/config') {
        return send(200, { url: this.url, merchantUser: this.merchantUser, merchantKey: this.merchantKey, cartUser: this.cartUser, cartKey: this.cartKey });
      }
      if (method === 'POST' && path === '/__fake/orders') {
        const list = Array.isArray(body) ? (body as OrderInput[]) : [body as unknown as OrderInput];
        return send(201, list.map((o) => this.addOrder(o)));
      }
      if (method === 'GET' && path === '/__fake/orders') return send(200, [...this.orders.values()]);
      const one = /^\/__fake\/orders\/([^/]+)$/.exec(path);
      if (one && method === 'GET') {
        const o = this.order(decodeURIComponent(one[1]!));
        return o ? send(200, o) : send(404, { error: 'not found' });
      }
      if (one && method === 'POST') return send(200, this.updateOrder(decodeURIComponent(one[1]!), body as Partial<CartRoverOrder>));
      if (method === 'POST' && path === '/__fake/seed-orders') return send(201, this.seedOrders(Number(body.count ?? 1), body.skus as string[] | undefined));
      if (method === 'POST' && path === '/__fake/products') {
        const list = (Array.isArray(body) ? body : [body]) as { sku: string; qty?: number }[];
        for (const p of list) this.addProduct(p.sku, p.qty ?? 0);
        return send(201, { ok: true, count: list.length });
      }
      if (method === 'POST' && path === '/__fake/throttle-next') {
        this.throttleNext(Number(body.count ?? 1));
        return send(200, { ok: true });
      }
      if (method === 'POST' && path === '/__fake/fail-next') {
        this.failNext(body as { error_code?: string; message?: string });
        return send(200, { ok: true });
      }
      if (method === 'POST' && path === '/__fake/bucket') {
        this.setBucket({ size: Number(body.size ?? 100), refillMs: Number(body.refillMs ?? 600) });
        return send(200, { ok: true });
      }
      if (method === 'GET' && path === '/__fake/shipments') return send(200, this.shipments());
      if (method === 'GET' && path === '/__fake/inventory') return send(200, { stock: this.inventory(), batches: this.inventoryBatches() });
      if (method === 'GET' && path === '/__fake/calls') return send(200, this.calls());
      return send(404, { error: `no control route ${method} ${path}` });
    } catch (err) {
      return send(400, { error: (err as Error).message });
    }
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** HTTP Basic, or the older clients' `?api_user=&api_key=` query. */
function credentialsOf(req: IncomingMessage, query: URLSearchParams): { user: string; key: string } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at > 0) return { user: decoded.slice(0, at), key: decoded.slice(at + 1) };
    return null;
  }
  const user = query.get('api_user');
  const key = query.get('api_key');
  return user && key ? { user, key } : null;
}

function page(query: URLSearchParams): { page: number; limit: number } | { error: Envelope } {
  const limit = Number(query.get('limit') ?? 20);
  const p = Number(query.get('page') ?? 1);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return { error: { success_code: false, error_code: 'Invalid', message: 'limit must be between 1 and 100' } };
  if (!Number.isInteger(p) || p < 1) return { error: { success_code: false, error_code: 'Invalid', message: 'page must be 1 or more' } };
  return { page: p, limit };
}

export async function startCartRoverFake(options: CartRoverFakeOptions = {}): Promise<CartRoverFake> {
  return new CartRoverFake(options).listen(options.port ?? 0, options.host ?? '127.0.0.1');
}
