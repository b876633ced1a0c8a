/**
 * A local fake of a WooCommerce store's REST API v3 for tests and benchmarks of Omnio's WooCommerce connector
 * (docs: /work/shared/channels/woocommerce.md; README.md beside this file).
 *
 * One `node:http` server answers, like a WordPress site with WooCommerce:
 * - `/wp-json/wc/v3/*` (and `?rest_route=/wc/v3/*`): orders (+notes), products (+variations, batch), webhooks,
 *   system_status; Basic auth, query-string keys and OAuth 1.0a one-legged signatures; page/per_page with
 *   `X-WP-Total`, `X-WP-TotalPages` and `Link`; site-local dates beside their `_gmt` twins (no `Z` on either);
 * - `GET /wp-json/` — the public index (name, url, namespaces);
 * - `/wc-auth/v1/authorize` — the key-generation page; approving it (a form button, or the control API)
 *   POSTs new keys to `callback_url` and redirects to `return_url`;
 * - `/__fake/*` — the control API over HTTP, for tests that run the fake in another process.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WooFakeOptions {
  port?: number;
  host?: string;
  consumerKey?: string;
  consumerSecret?: string;
  /** The site's UTC offset in minutes (default -180, i.e. -03:00: never UTC, so a connector that reads the local dates is caught). */
  utcOffsetMinutes?: number;
  siteName?: string;
}

export interface WooAddress {
  first_name: string; last_name: string; company: string; address_1: string; address_2: string; city: string; state: string;
  postcode: string; country: string; email?: string; phone?: string;
}

export interface WooLineInput { sku: string; quantity?: number; price?: string; name?: string }

export interface WooOrderInput {
  status?: string;
  lineItems?: WooLineInput[];
  currency?: string;
  billing?: Partial<WooAddress>;
  shipping?: Partial<WooAddress>;
  customerNote?: string;
  shippingTotal?: string;
  /** UTC epoch ms (default now). */
  createdAt?: number;
  modifiedAt?: number;
  paid?: boolean;
}

interface FakeLine { id: number; name: string; product_id: number; variation_id: number; quantity: number; sku: string; price: string }

export interface FakeWooOrder {
  id: number;
  number: string;
  status: string;
  currency: string;
  createdAt: number;
  modifiedAt: number;
  paidAt: number | null;
  completedAt: number | null;
  billing: WooAddress;
  shipping: WooAddress;
  customerNote: string;
  shippingTotal: string;
  lines: FakeLine[];
}

export interface FakeNote { id: number; note: string; customer_note: boolean; author: string; date_created_gmt: string }

export interface FakeWooProduct {
  id: number;
  name: string;
  type: 'simple' | 'variable';
  status: string;
  sku: string;
  price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  variations: number[];
  modifiedAt: number;
}

export interface FakeWooVariation {
  id: number;
  parent_id: number;
  sku: string;
  price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  attributes: { id: number; name: string; option: string }[];
}

export interface StockSet { via: 'batch' | 'put'; productId: number; variationId: number | null; sku: string; stock_quantity: number | null; manage_stock: boolean }
export interface BatchCall { path: string; update: number; errors: number }
export interface FakeWooCall { seq: number; method: string; path: string; status: number; auth: 'basic' | 'query' | 'oauth1' | 'none'; injected?: string }
export interface FakeWebhook { id: number; name: string; topic: string; delivery_url: string; secret: string; status: string }
export interface WebhookDelivery { url: string; topic: string | null; status: number; body: string; rawBody: string; headers: Record<string, string>; error?: string }
export interface PendingAuthorization { user_id: string; app_name: string; scope: string; return_url: string; callback_url: string }
export interface AuthorizationOutcome {
  callbackUrl: string;
  /** The JSON WooCommerce POSTs to callback_url. */
  body: { key_id: number; user_id: string; consumer_key: string; consumer_secret: string; key_permissions: string };
  /** Where the merchant's browser goes afterwards (`return_url?success=1&user_id=…`). */
  returnTo: string;
  /** The callback's answer, when the fake delivered it (`deliver: true`). */
  callbackStatus?: number;
}

const text = (v: string | undefined, d = '') => v ?? d;
const pad = (n: number) => String(n).padStart(2, '0');

/** WordPress's REST date shape: `2026-03-22T16:28:02`, never an offset or `Z`. */
export function wpDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** PHP's json_encode (wp_json_encode) escapes slashes: a receiver that re-serialises before verifying fails, as in production. */
export const wpJson = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/');

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** OAuth 1.0a signature base string and HMAC, as WooCommerce's check_oauth_signature computes it. */
export function oauthSignature(method: string, baseUrl: string, params: Record<string, string>, consumerSecret: string, algo: 'sha1' | 'sha256'): string {
  const normalized = Object.keys(params).sort().map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`).join('&');
  const base = `${method.toUpperCase()}&${rfc3986(baseUrl)}&${rfc3986(normalized)}`;
  return createHmac(algo, `${consumerSecret}&`).update(base).digest('base64');
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
}

const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed', 'trash', 'checkout-draft'];
const ORDERBY = ['date', 'id', 'include', 'title', 'slug', 'modified'];

export class WooCommerceFake {
  url = '';
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly utcOffsetMinutes: number;
  readonly siteName: string;
  private server: Server;
  private nextId = 100;
  private nextLineId = 1000;
  private nextNoteId = 1;
  private seq = 0;
  private orders = new Map<number, FakeWooOrder>();
  private notes = new Map<number, FakeNote[]>();
  private products = new Map<number, FakeWooProduct>();
  private variations = new Map<number, FakeWooVariation>();
  private keys = new Map<string, { secret: string; permissions: string }>();
  private usedNonces = new Set<string>();
  private stockLog: StockSet[] = [];
  private batchLog: BatchCall[] = [];
  private callLog: FakeWooCall[] = [];
  private hooks: FakeWebhook[] = [];
  private deliveryLog: WebhookDelivery[] = [];
  private pending: PendingAuthorization[] = [];
  private refusals = new Map<string, { code: string; message: string }>();
  private injected: { status: number; retryAfter: number | null; code: string }[] = [];
  private stripAuthorization = false;
  private rateLimit: { limit: number; windowMs: number } | null = null;
  private windowStart = 0;
  private windowCount = 0;

  constructor(options: WooFakeOptions = {}) {
    this.consumerKey = options.consumerKey ?? 'ck_fake_0123456789abcdef0123456789abcdef01234567';
    this.consumerSecret = options.consumerSecret ?? 'cs_fake_0123456789abcdef0123456789abcdef01234567';
    this.utcOffsetMinutes = options.utcOffsetMinutes ?? -180;
    this.siteName = options.siteName ?? 'Acme Woo Store';
    this.keys.set(this.consumerKey, { secret: this.consumerSecret, permissions: 'read_write' });
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 5_000;
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address() as AddressInfo;
        this.url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
        resolve();
      });
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Base of the REST API: `${url}/wp-json/wc/v3`. */
  get apiBase(): string {
    return `${this.url}/wp-json/wc/v3`;
  }

  /* ------------------------------------------------------------------ control: data */

  private local(ms: number) {
    return wpDate(ms + this.utcOffsetMinutes * 60_000);
  }

  private address(a: Partial<WooAddress> | undefined, withContact: boolean): WooAddress {
    return {
      first_name: text(a?.first_name, 'John'), last_name: text(a?.last_name, 'Doe'), company: text(a?.company), address_1: text(a?.address_1, '969 Market'),
      address_2: text(a?.address_2), city: text(a?.city, 'San Francisco'), state: text(a?.state, 'CA'), postcode: text(a?.postcode, '94103'),
      country: text(a?.country, 'US'), ...(withContact ? { email: text(a?.email, 'john.doe@example.com'), phone: text(a?.phone, '(555) 555-5555') } : { phone: text(a?.phone) }),
    };
  }

  private productOfSku(sku: string): { product_id: number; variation_id: number } {
    for (const p of this.products.values()) if (p.type === 'simple' && p.sku === sku) return { product_id: p.id, variation_id: 0 };
    for (const v of this.variations.values()) if (v.sku === sku) return { product_id: v.parent_id, variation_id: v.id };
    return { product_id: 0, variation_id: 0 };
  }

  addOrder(input: WooOrderInput = {}): FakeWooOrder {
    const now = Math.floor((input.createdAt ?? Date.now()) / 1000) * 1000;
    const id = this.nextId++;
    const status = input.status ?? 'processing';
    const order: FakeWooOrder = {
      id, number: String(id), status, currency: input.currency ?? 'USD', createdAt: now,
      modifiedAt: Math.floor((input.modifiedAt ?? now) / 1000) * 1000,
      paidAt: input.paid === false || status === 'pending' || status === 'on-hold' ? null : now,
      completedAt: status === 'completed' ? now : null,
      billing: this.address(input.billing, true), shipping: this.address(input.shipping ?? input.billing, false),
      customerNote: input.customerNote ?? '', shippingTotal: input.shippingTotal ?? '10.00',
      lines: (input.lineItems ?? [{ sku: 'WOO-DEFAULT' }]).map((l) => ({
        id: this.nextLineId++, name: l.name ?? `Item ${l.sku}`, sku: l.sku, quantity: l.quantity ?? 1, price: l.price ?? '19.90', ...this.productOfSku(l.sku),
      })),
    };
    this.orders.set(id, order);
    return order;
  }

  /** `n` processing orders, modified one `intervalMs` apart from `startAt` (UTC ms), each with `linesPerOrder` of the SKUs. */
  seedOrders(n: number, options: { skus?: string[]; linesPerOrder?: number; startAt?: number; intervalMs?: number; status?: string } = {}): FakeWooOrder[] {
    const skus = options.skus?.length ? options.skus : ['WOO-SEED-1', 'WOO-SEED-2', 'WOO-SEED-3'];
    const start = options.startAt ?? Date.now() - n * (options.intervalMs ?? 1000);
    const made: FakeWooOrder[] = [];
    for (let i = 0; i < n; i++) {
      const at = start + i * (options.intervalMs ?? 1000);
      const lines = Array.from({ length: options.linesPerOrder ?? 1 }, (_, j) => ({ sku: skus[(i + j) % skus.length]!, quantity: 1 + (j % 2) }));
      made.push(this.addOrder({ lineItems: lines, createdAt: at, modifiedAt: at, status: options.status }));
    }
    return made;
  }

  /** Changes an order; its date_modified moves forward by at least one second, as WordPress stores whole seconds. */
  updateOrder(id: number, patch: { status?: string; shipping?: Partial<WooAddress> }): FakeWooOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`No order ${id}`);
    if (patch.status) order.status = patch.status;
    if (patch.shipping) order.shipping = { ...order.shipping, ...patch.shipping };
    this.touch(order);
    return order;
  }

  private touch(order: FakeWooOrder) {
    order.modifiedAt = Math.max(Math.floor(Date.now() / 1000) * 1000, order.modifiedAt + 1000);
  }

  addProduct(input: { name?: string; sku: string; price?: string; manageStock?: boolean; stock?: number | null }): FakeWooProduct {
    const id = this.nextId++;
    const p: FakeWooProduct = {
      id, name: input.name ?? `Product ${input.sku}`, type: 'simple', status: 'publish', sku: input.sku, price: input.price ?? '19.90',
      manage_stock: input.manageStock ?? false, stock_quantity: input.manageStock ? (input.stock ?? 0) : null, variations: [], modifiedAt: Date.now(),
    };
    this.products.set(id, p);
    return p;
  }

  addVariableProduct(input: { name?: string; variations: { sku: string; price?: string; option?: string }[] }): { product: FakeWooProduct; variations: FakeWooVariation[] } {
    const id = this.nextId++;
    const product: FakeWooProduct = {
      id, name: input.name ?? `Variable ${id}`, type: 'variable', status: 'publish', sku: '', price: input.variations[0]?.price ?? '0', manage_stock: false,
      stock_quantity: null, variations: [], modifiedAt: Date.now(),
    };
    this.products.set(id, product);
    const variations = input.variations.map((v, i) => {
      const variation: FakeWooVariation = {
        id: this.nextId++, parent_id: id, sku: v.sku, price: v.price ?? '19.90', manage_stock: false, stock_quantity: null,
        attributes: [{ id: 1, name: 'Size', option: v.option ?? ['S', 'M', 'L', 'XL'][i % 4]! }],
      };
      this.variations.set(variation.id, variation);
      product.variations.push(variation.id);
      return variation;
    });
    return { product, variations };
  }

  /** `n` SKUs `prefix-000001…`: every `variableEvery`-th group of 4 as one variable product's variations, the rest simple. */
  seedProducts(n: number, options: { prefix?: string; variableEvery?: number } = {}): string[] {
    const prefix = options.prefix ?? 'WOO-SKU';
    const skus = Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(6, '0')}`);
    const every = options.variableEvery ?? 0;
    for (let i = 0, group = 0; i < skus.length; group++) {
      if (every > 0 && group % every === 0 && i + 4 <= skus.length) {
        this.addVariableProduct({ name: `Variable ${skus[i]}`, variations: skus.slice(i, i + 4).map((sku) => ({ sku })) });
        i += 4;
      } else {
        this.addProduct({ sku: skus[i]! });
        i += 1;
      }
    }
    return skus;
  }

  /** A batch item naming this SKU's product or variation comes back with this per-item error. */
  refuseStock(sku: string, code = 'woocommerce_rest_invalid_stock', message = 'Stock quantity refused by a store plugin.'): void {
    this.refusals.set(sku, { code, message });
  }

  /** Extra keys (as the key-generation flow creates). */
  addKey(consumerKey: string, consumerSecret: string, permissions = 'read_write'): void {
    this.keys.set(consumerKey, { secret: consumerSecret, permissions });
  }

  getOrder(id: number): FakeWooOrder | undefined {
    return this.orders.get(id);
  }

  orderJson(id: number): Record<string, unknown> {
    const o = this.orders.get(id);
    if (!o) throw new Error(`No order ${id}`);
    return this.renderOrder(o);
  }

  orderNotes(id: number): FakeNote[] {
    return this.notes.get(id) ?? [];
  }

  /** Current stock of every product and variation with a SKU. */
  stock(): { sku: string; productId: number; variationId: number | null; manage_stock: boolean; stock_quantity: number | null }[] {
    const out: ReturnType<WooCommerceFake['stock']> = [];
    for (const p of this.products.values()) if (p.type === 'simple' && p.sku) out.push({ sku: p.sku, productId: p.id, variationId: null, manage_stock: p.manage_stock, stock_quantity: p.stock_quantity });
    for (const v of this.variations.values()) if (v.sku) out.push({ sku: v.sku, productId: v.parent_id, variationId: v.id, manage_stock: v.manage_stock, stock_quantity: v.stock_quantity });
    return out;
  }

  stockSets(): readonly StockSet[] {
    return this.stockLog;
  }

  batches(): readonly BatchCall[] {
    return this.batchLog;
  }

  calls(): readonly FakeWooCall[] {
    return this.callLog;
  }

  webhooks(): readonly FakeWebhook[] {
    return this.hooks;
  }

  webhookDeliveries(): readonly WebhookDelivery[] {
    return this.deliveryLog;
  }

  pendingAuthorizations(): readonly PendingAuthorization[] {
    return this.pending;
  }

  /** The next `n` API calls answer 429 with `Retry-After: retryAfter` (a host's or WAF's limit: core has none). */
  throttleNext(n = 1, retryAfterSeconds = 1): void {
    for (let i = 0; i < n; i++) this.injected.push({ status: 429, retryAfter: retryAfterSeconds, code: 'rest_too_many_requests' });
  }

  failNext(status: number, n = 1, retryAfterSeconds: number | null = null): void {
    for (let i = 0; i < n; i++) this.injected.push({ status, retryAfter: retryAfterSeconds, code: status === 401 ? 'woocommerce_rest_authentication_error' : 'internal_server_error' });
  }

  /**
   * A host's (or WAF's) limit — core WooCommerce has none: more than `limit` API calls in a fixed window of
   * `windowSeconds` answer 429 with `Retry-After` (whole seconds to the window's end). null removes it.
   */
  setRateLimit(limit: { limit: number; windowSeconds: number } | null): void {
    this.rateLimit = limit ? { limit: limit.limit, windowMs: limit.windowSeconds * 1000 } : null;
    this.windowStart = 0;
    this.windowCount = 0;
  }

  /** Behave like a CGI/FastCGI host that drops the Authorization header (only query-string keys or OAuth 1.0a get through). */
  stripAuthorizationHeader(on = true): void {
    this.stripAuthorization = on;
  }

  reset(): void {
    this.stripAuthorization = false;
    this.rateLimit = null;
    this.orders.clear();
    this.notes.clear();
    this.products.clear();
    this.variations.clear();
    this.stockLog = [];
    this.batchLog = [];
    this.callLog = [];
    this.hooks = [];
    this.deliveryLog = [];
    this.pending = [];
    this.refusals.clear();
    this.injected = [];
    this.usedNonces.clear();
  }

  /* ------------------------------------------------------------------ control: key generation and webhooks */

  /**
   * The merchant approves the pending `/wc-auth/v1/authorize` request (the one with `userId`, or the latest):
   * new keys are made; with `deliver` they are POSTed (JSON) to callback_url as WooCommerce does.
   */
  async approveAuthorization(userId?: string, options: { deliver?: boolean; permissions?: string } = {}): Promise<AuthorizationOutcome> {
    const index = userId === undefined ? this.pending.length - 1 : this.pending.findIndex((p) => p.user_id === userId);
    const request = this.pending[index];
    if (!request) throw new Error(`No pending authorization${userId ? ` for ${userId}` : ''}`);
    this.pending.splice(index, 1);
    const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
    const consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
    const permissions = options.permissions ?? (request.scope === 'read' ? 'read' : request.scope === 'write' ? 'write' : 'read_write');
    this.addKey(consumerKey, consumerSecret, permissions);
    const body = { key_id: this.keys.size, user_id: request.user_id, consumer_key: consumerKey, consumer_secret: consumerSecret, key_permissions: permissions };
    const returnTo = new URL(request.return_url);
    returnTo.searchParams.set('success', '1');
    returnTo.searchParams.set('user_id', request.user_id);
    const outcome: AuthorizationOutcome = { callbackUrl: request.callback_url, body, returnTo: returnTo.toString() };
    if (options.deliver) {
      try {
        const res = await fetch(request.callback_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: wpJson(body), signal: AbortSignal.timeout(10_000) });
        outcome.callbackStatus = res.status;
      } catch {
        outcome.callbackStatus = 0;
      }
    }
    return outcome;
  }

  signWebhook(rawBody: string, secret: string): string {
    return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
  }

  /** The creation ping: form-encoded `webhook_id=N`, no signature, as WC_Webhook::deliver_ping sends it. */
  async sendPing(url: string, webhookId = 1): Promise<WebhookDelivery> {
    return this.post(url, null, `webhook_id=${webhookId}`, { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': this.userAgent() });
  }

  /**
   * A signed JSON delivery (topic e.g. `order.updated`; `orderId` sends that order's REST JSON). Reuse
   * `deliveryId` to simulate a duplicate.
   */
  async sendWebhook(input: { url: string; topic: string; secret: string; payload?: unknown; orderId?: number; deliveryId?: string; webhookId?: number; rawBody?: string; headers?: Record<string, string> }): Promise<WebhookDelivery> {
    const payload = input.orderId !== undefined ? this.orderJson(input.orderId) : input.payload ?? {};
    const rawBody = input.rawBody ?? wpJson(payload);
    const [resource = '', event = ''] = input.topic.split('.');
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': this.userAgent(),
      'X-WC-Webhook-Source': `${this.url}/`,
      'X-WC-Webhook-Topic': input.topic,
      'X-WC-Webhook-Resource': resource,
      'X-WC-Webhook-Event': event,
      'X-WC-Webhook-Signature': this.signWebhook(rawBody, input.secret),
      'X-WC-Webhook-ID': String(input.webhookId ?? 1),
      'X-WC-Webhook-Delivery-ID': input.deliveryId ?? randomBytes(16).toString('hex'),
      ...input.headers,
    };
    return this.post(input.url, input.topic, rawBody, headers);
  }

  /** Sends `topic` with `payload` to every active webhook of that topic, signed with its secret. */
  async emitWebhook(topic: string, payload: unknown): Promise<WebhookDelivery[]> {
    return Promise.all(this.hooks.filter((h) => h.topic === topic && h.status === 'active').map((h) => this.sendWebhook({ url: h.delivery_url, topic, secret: h.secret, payload, webhookId: h.id })));
  }

  private userAgent() {
    return 'WooCommerce/9.8.0 Hookshot (WordPress/6.8.1)';
  }

  private async post(url: string, topic: string | null, rawBody: string, headers: Record<string, string>): Promise<WebhookDelivery> {
    let delivery: WebhookDelivery;
    try {
      const res = await fetch(url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(10_000) });
      delivery = { url, topic, status: res.status, body: await res.text(), rawBody, headers };
    } catch (err) {
      delivery = { url, topic, status: 0, body: '', rawBody, headers, error: err instanceof Error ? err.message : String(err) };
    }
    this.deliveryLog.push(delivery);
    return delivery;
  }

  /* ------------------------------------------------------------------ rendering */

  private renderOrder(o: FakeWooOrder): Record<string, unknown> {
    const date = (ms: number | null) => (ms === null ? null : this.local(ms));
    const gmt = (ms: number | null) => (ms === null ? null : wpDate(ms));
    const lineTotals = o.lines.map((l) => (Number(l.price) * l.quantity).toFixed(2));
    const itemsTotal = lineTotals.reduce((t, v) => t + Number(v), 0);
    return {
      id: o.id, parent_id: 0, number: o.number, order_key: `wc_order_${o.id.toString(36)}`, created_via: 'checkout', version: '9.8.0', status: o.status,
      currency: o.currency, date_created: date(o.createdAt), date_created_gmt: gmt(o.createdAt), date_modified: date(o.modifiedAt), date_modified_gmt: gmt(o.modifiedAt),
      discount_total: '0.00', discount_tax: '0.00', shipping_total: o.shippingTotal, shipping_tax: '0.00', cart_tax: '0.00',
      total: (itemsTotal + Number(o.shippingTotal)).toFixed(2), total_tax: '0.00', prices_include_tax: false, customer_id: 0, customer_ip_address: '',
      customer_user_agent: '', customer_note: o.customerNote, billing: o.billing, shipping: o.shipping, payment_method: 'bacs',
      payment_method_title: 'Direct Bank Transfer', transaction_id: '', date_paid: date(o.paidAt), date_paid_gmt: gmt(o.paidAt),
      date_completed: date(o.completedAt), date_completed_gmt: gmt(o.completedAt), cart_hash: '', meta_data: [],
      line_items: o.lines.map((l, i) => ({
        id: l.id, name: l.name, product_id: l.product_id, variation_id: l.variation_id, quantity: l.quantity, tax_class: '',
        subtotal: lineTotals[i], subtotal_tax: '0.00', total: lineTotals[i], total_tax: '0.00', taxes: [], meta_data: [], sku: l.sku,
        // A JSON number in answers, though documented as a string.
        price: Number(l.price),
      })),
      tax_lines: [], shipping_lines: [{ id: o.id * 10, method_title: 'Flat Rate', method_id: 'flat_rate', total: o.shippingTotal, total_tax: '0.00', taxes: [], meta_data: [] }],
      fee_lines: [], coupon_lines: [], refunds: [],
      _links: { self: [{ href: `${this.apiBase}/orders/${o.id}` }], collection: [{ href: `${this.apiBase}/orders` }] },
    };
  }

  private stockStatus(manage: boolean, qty: number | null) {
    return manage && (qty ?? 0) <= 0 ? 'outofstock' : 'instock';
  }

  private renderProduct(p: FakeWooProduct): Record<string, unknown> {
    return {
      id: p.id, name: p.name, slug: p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), type: p.type, status: p.status, sku: p.sku, price: p.price,
      regular_price: p.type === 'simple' ? p.price : '', sale_price: '', manage_stock: p.manage_stock, stock_quantity: p.stock_quantity,
      stock_status: this.stockStatus(p.manage_stock, p.stock_quantity), date_modified: this.local(p.modifiedAt), date_modified_gmt: wpDate(p.modifiedAt),
      variations: p.variations, attributes: [], meta_data: [],
    };
  }

  private renderVariation(v: FakeWooVariation): Record<string, unknown> {
    return {
      id: v.id, parent_id: v.parent_id, sku: v.sku, price: v.price, regular_price: v.price, sale_price: '', manage_stock: v.manage_stock,
      stock_quantity: v.stock_quantity, stock_status: this.stockStatus(v.manage_stock, v.stock_quantity), attributes: v.attributes, meta_data: [],
    };
  }

  /* ------------------------------------------------------------------ HTTP */

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      if (url.pathname.startsWith('/__fake/')) return await this.control(method, url, raw, res);
      if (url.pathname.startsWith('/wc-auth/v1/')) return this.wcAuth(method, url, raw, res);
      let route = url.pathname;
      const restRoute = url.searchParams.get('rest_route');
      if (restRoute && (route === '/' || route === '/index.php')) route = `/wp-json${restRoute}`;
      if (route === '/wp-json' || route === '/wp-json/') {
        return this.send(res, 200, { name: this.siteName, description: 'Just another WooCommerce store', url: this.url, home: this.url, gmt_offset: this.utcOffsetMinutes / 60, namespaces: ['wp/v2', 'wc/v3', 'wc/store/v1', 'wc-auth/v1'], authentication: [] });
      }
      if (!route.startsWith('/wp-json/wc/v3/')) throw new HttpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
      const call: FakeWooCall = { seq: ++this.seq, method, path: `${route}${url.search}`, status: 0, auth: 'none' };
      this.callLog.push(call);
      if (this.callLog.length > 20_000) this.callLog.splice(0, 10_000);
      if (this.rateLimit) {
        const now = Date.now();
        if (now - this.windowStart >= this.rateLimit.windowMs) {
          this.windowStart = now;
          this.windowCount = 0;
        }
        if (++this.windowCount > this.rateLimit.limit) {
          call.status = 429;
          call.injected = 'rate_limited';
          res.setHeader('Retry-After', String(Math.max(1, Math.ceil((this.windowStart + this.rateLimit.windowMs - now) / 1000))));
          return this.send(res, 429, { code: 'rest_too_many_requests', message: 'Too many requests.', data: { status: 429 } });
        }
      }
      const injected = this.injected.shift();
      if (injected) {
        call.status = injected.status;
        call.injected = injected.code;
        if (injected.retryAfter !== null) res.setHeader('Retry-After', String(injected.retryAfter));
        return this.send(res, injected.status, { code: injected.code, message: injected.status === 429 ? 'Too many requests.' : 'Injected failure.', data: { status: injected.status } });
      }
      const auth = this.authenticate(req, url, method);
      call.auth = auth.via;
      if (!auth.ok) {
        call.status = 401;
        throw new HttpError(401, auth.code, auth.message);
      }
      if (method !== 'GET' && auth.permissions === 'read') throw new HttpError(401, 'woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.');
      let body: Record<string, unknown> = {};
      if (raw && method !== 'GET') {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          throw new HttpError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
        }
      }
      const status = this.api(method, route.slice('/wp-json/wc/v3/'.length).replace(/\/$/, ''), url, body, res);
      call.status = status;
    } catch (err) {
      if (err instanceof HttpError) {
        const last = this.callLog[this.callLog.length - 1];
        if (last && last.status === 0) last.status = err.status;
        return this.send(res, err.status, { code: err.code, message: err.message, data: { status: err.status, ...err.extra } });
      }
      this.send(res, 500, { code: 'internal_server_error', message: err instanceof Error ? err.message : String(err), data: { status: 500 } });
    }
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
    const payload = wpJson(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(payload), ...headers });
    res.end(payload);
    return status;
  }

  private authenticate(req: IncomingMessage, url: URL, method: string): { ok: true; via: FakeWooCall['auth']; permissions: string } | { ok: false; via: FakeWooCall['auth']; code: string; message: string } {
    const invalidKey = { code: 'woocommerce_rest_authentication_error', message: 'Consumer key is invalid.' };
    // A CGI/FastCGI host drops the header before WordPress sees it.
    const header = this.stripAuthorization ? undefined : req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [key = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      const found = this.keys.get(key);
      if (!found) return { ok: false, via: 'basic', ...invalidKey };
      if (!safeEqual(found.secret, secret)) return { ok: false, via: 'basic', code: 'woocommerce_rest_authentication_error', message: 'Consumer secret is invalid.' };
      return { ok: true, via: 'basic', permissions: found.permissions };
    }
    const q = url.searchParams;
    if (q.get('consumer_key') && q.get('consumer_secret')) {
      const found = this.keys.get(q.get('consumer_key')!);
      if (!found) return { ok: false, via: 'query', ...invalidKey };
      if (!safeEqual(found.secret, q.get('consumer_secret')!)) return { ok: false, via: 'query', code: 'woocommerce_rest_authentication_error', message: 'Consumer secret is invalid.' };
      return { ok: true, via: 'query', permissions: found.permissions };
    }
    if (q.get('oauth_consumer_key')) {
      const fail = (message: string) => ({ ok: false as const, via: 'oauth1' as const, code: 'woocommerce_rest_authentication_error', message });
      const found = this.keys.get(q.get('oauth_consumer_key')!);
      if (!found) return { ok: false, via: 'oauth1', ...invalidKey };
      const algoName = q.get('oauth_signature_method');
      if (algoName !== 'HMAC-SHA1' && algoName !== 'HMAC-SHA256') return fail('Invalid signature - signature method is invalid.');
      const ts = Number(q.get('oauth_timestamp'));
      if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > 15 * 60) return fail('Invalid timestamp.');
      const nonce = q.get('oauth_nonce') ?? '';
      if (!nonce || this.usedNonces.has(`${q.get('oauth_consumer_key')}:${nonce}`)) return fail('Invalid nonce - nonce has already been used.');
      const params: Record<string, string> = {};
      for (const [k, v] of q) if (k !== 'oauth_signature') params[k] = v;
      const expected = oauthSignature(method, `${url.protocol}//${url.host}${url.pathname}`, params, found.secret, algoName === 'HMAC-SHA1' ? 'sha1' : 'sha256');
      if (!safeEqual(expected, q.get('oauth_signature') ?? '')) return fail('Invalid signature - provided signature does not match.');
      this.usedNonces.add(`${q.get('oauth_consumer_key')}:${nonce}`);
      return { ok: true, via: 'oauth1', permissions: found.permissions };
    }
    return { ok: false, via: 'none', code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.' };
  }

  /** WordPress's collection paging: page/per_page (1..100), X-WP-Total, X-WP-TotalPages and an RFC 5988 Link. */
  private page<T>(url: URL, items: T[], res: ServerResponse, render: (item: T) => unknown): number {
    const perPage = Number(url.searchParams.get('per_page') ?? '10');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page', { params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } });
    }
    const pageNo = Number(url.searchParams.get('page') ?? '1');
    if (!Number.isInteger(pageNo) || pageNo < 1) throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): page', { params: { page: 'page must be greater than or equal to 1' } });
    const offset = url.searchParams.get('offset') !== null ? Number(url.searchParams.get('offset')) : (pageNo - 1) * perPage;
    const total = items.length;
    const totalPages = Math.ceil(total / perPage);
    const link = (p: number) => {
      const u = new URL(url.toString());
      u.searchParams.set('page', String(p));
      return `<${u.toString()}>`;
    };
    const links: string[] = [];
    if (pageNo > 1) links.push(`${link(pageNo - 1)}; rel="prev"`);
    if (pageNo < totalPages) links.push(`${link(pageNo + 1)}; rel="next"`);
    return this.send(res, 200, items.slice(offset, offset + perPage).map(render), {
      'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages), ...(links.length ? { Link: links.join(', ') } : {}),
    });
  }

  /** A date filter: `dates_are_gmt=true` reads it as UTC, otherwise as site-local time (any Z or offset ignored, as WordPress's date query compares the stored columns). */
  private dateFilter(url: URL, name: string): number | null {
    const value = url.searchParams.get(name);
    if (!value) return null;
    const bare = value.replace(/(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/, '');
    const ms = Date.parse(`${bare}Z`);
    if (Number.isNaN(ms)) throw new HttpError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: 'Invalid date.' } });
    const gmt = ['true', '1'].includes(url.searchParams.get('dates_are_gmt') ?? '');
    return gmt ? ms : ms - this.utcOffsetMinutes * 60_000;
  }

  private list(url: URL, name: string): string[] {
    const all = url.searchParams.getAll(name).concat(url.searchParams.getAll(`${name}[]`));
    return all.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  }

  private api(method: string, path: string, url: URL, body: Record<string, unknown>, res: ServerResponse): number {
    const parts = path.split('/');
    const id = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : NaN);
    if (path === 'system_status' && method === 'GET') {
      return this.send(res, 200, { environment: { site_url: this.url, home_url: this.url, version: '9.8.0', wp_version: '6.8.1' }, settings: { currency: 'USD' } });
    }
    if (path === 'orders' && method === 'GET') return this.listOrders(url, res);
    if (parts[0] === 'orders' && parts.length >= 2) {
      const order = this.orders.get(id(parts[1]));
      if (!order) throw new HttpError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
      if (parts.length === 2 && method === 'GET') return this.send(res, 200, this.renderOrder(order));
      if (parts.length === 2 && (method === 'PUT' || method === 'POST' || method === 'PATCH')) {
        if (typeof body.status === 'string') {
          if (!ORDER_STATUSES.includes(body.status)) throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', { params: { status: 'status is not one of ...' } });
          if (body.status !== order.status) {
            order.status = body.status;
            if (body.status === 'completed') order.completedAt = Date.now();
            this.addNote(order.id, `Order status changed to ${body.status}.`, false, 'system');
          }
        }
        this.touch(order);
        return this.send(res, 200, this.renderOrder(order));
      }
      if (parts[2] === 'notes' && parts.length === 3 && method === 'GET') return this.send(res, 200, [...this.orderNotes(order.id)].reverse().map((n) => this.renderNote(n)));
      if (parts[2] === 'notes' && parts.length === 3 && method === 'POST') {
        if (typeof body.note !== 'string' || !body.note) throw new HttpError(400, 'rest_missing_callback_param', 'Missing parameter(s): note', { params: ['note'] });
        const note = this.addNote(order.id, body.note, body.customer_note === true, 'WooCommerce');
        return this.send(res, 201, this.renderNote(note));
      }
    }
    if (path === 'products' && method === 'GET') {
      let items = [...this.products.values()];
      const skus = this.list(url, 'sku');
      if (skus.length) items = items.filter((p) => p.sku && skus.includes(p.sku));
      const type = url.searchParams.get('type');
      if (type) items = items.filter((p) => p.type === type);
      return this.page(url, items.sort((a, b) => a.id - b.id), res, (p) => this.renderProduct(p));
    }
    if (path === 'products/batch' && method === 'POST') return this.batchProducts(body, res);
    if (parts[0] === 'products' && parts.length >= 2) {
      const product = this.products.get(id(parts[1]));
      if (!product) throw new HttpError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      if (parts.length === 2 && method === 'GET') return this.send(res, 200, this.renderProduct(product));
      if (parts.length === 2 && (method === 'PUT' || method === 'POST')) {
        this.applyStock(product, null, body, 'put');
        return this.send(res, 200, this.renderProduct(product));
      }
      if (parts[2] === 'variations') {
        if (parts.length === 3 && method === 'GET') {
          let items = product.variations.map((v) => this.variations.get(v)!).filter(Boolean);
          const skus = this.list(url, 'sku');
          if (skus.length) items = items.filter((v) => skus.includes(v.sku));
          return this.page(url, items, res, (v) => this.renderVariation(v));
        }
        if (parts[3] === 'batch' && method === 'POST') return this.batchVariations(product, body, res);
        const variation = this.variations.get(id(parts[3]));
        if (!variation || variation.parent_id !== product.id) throw new HttpError(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
        if (parts.length === 4 && method === 'GET') return this.send(res, 200, this.renderVariation(variation));
        if (parts.length === 4 && (method === 'PUT' || method === 'POST')) {
          this.applyStock(variation, product.id, body, 'put');
          return this.send(res, 200, this.renderVariation(variation));
        }
      }
    }
    if (path === 'webhooks' && method === 'GET') return this.page(url, this.hooks, res, (h) => this.renderHook(h));
    if (path === 'webhooks' && method === 'POST') {
      if (typeof body.topic !== 'string' || typeof body.delivery_url !== 'string') throw new HttpError(400, 'rest_missing_callback_param', 'Missing parameter(s): topic, delivery_url', { params: ['topic', 'delivery_url'] });
      if (!/^(order|product|customer|coupon)\.(created|updated|deleted|restored)$|^action\./.test(body.topic)) throw new HttpError(400, 'woocommerce_rest_webhook_invalid_topic', 'Webhook topic is required and must be valid.');
      // No secret given: WooCommerce makes one up (an MD5 of the user), which the receiver then cannot know.
      const hook: FakeWebhook = {
        id: this.hooks.length + 1, name: typeof body.name === 'string' ? body.name : `Webhook ${body.topic}`, topic: body.topic, delivery_url: body.delivery_url,
        secret: typeof body.secret === 'string' && body.secret ? body.secret : randomBytes(16).toString('hex'), status: typeof body.status === 'string' ? body.status : 'active',
      };
      this.hooks.push(hook);
      // The creation ping goes out at once; its outcome is only recorded (the fake never fails the creation on it).
      if (hook.status === 'active') void this.sendPing(hook.delivery_url, hook.id);
      return this.send(res, 201, this.renderHook(hook));
    }
    throw new HttpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  private renderHook(h: FakeWebhook) {
    return { id: h.id, name: h.name, status: h.status, topic: h.topic, resource: h.topic.split('.')[0], event: h.topic.split('.')[1], delivery_url: h.delivery_url, api_version: 'wp_api_v3' };
  }

  private renderNote(n: FakeNote) {
    return { id: n.id, author: n.author, date_created: this.local(Date.parse(`${n.date_created_gmt}Z`)), date_created_gmt: n.date_created_gmt, note: n.note, customer_note: n.customer_note };
  }

  private addNote(orderId: number, note: string, customer: boolean, author: string): FakeNote {
    const made = { id: this.nextNoteId++, note, customer_note: customer, author, date_created_gmt: wpDate(Date.now()) };
    const list = this.notes.get(orderId) ?? [];
    list.push(made);
    this.notes.set(orderId, list);
    return made;
  }

  /** Called before each orders list is answered, with its number (1, 2…): a test changes the store mid-sweep. */
  onOrdersList: ((n: number) => void) | null = null;
  private ordersLists = 0;

  private listOrders(url: URL, res: ServerResponse): number {
    this.onOrdersList?.(++this.ordersLists);
    const orderby = url.searchParams.get('orderby') ?? 'date';
    if (!ORDERBY.includes(orderby)) throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): orderby', { params: { orderby: `orderby is not one of ${ORDERBY.join(', ')}.` } });
    const order = url.searchParams.get('order') ?? 'desc';
    if (order !== 'asc' && order !== 'desc') throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): order', { params: { order: 'order is not one of asc and desc.' } });
    const statuses = this.list(url, 'status');
    for (const s of statuses) if (s !== 'any' && !ORDER_STATUSES.includes(s)) throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', { params: { status: `status[0] is not one of ${ORDER_STATUSES.join(', ')}, any.` } });
    const modifiedAfter = this.dateFilter(url, 'modified_after');
    const modifiedBefore = this.dateFilter(url, 'modified_before');
    const after = this.dateFilter(url, 'after');
    const exclude = new Set(this.list(url, 'exclude').map(Number));
    // WordPress stores whole seconds: its date query compares those.
    const second = (ms: number) => Math.floor(ms / 1000) * 1000;
    let items = [...this.orders.values()].filter((o) => {
      if (statuses.length && !statuses.includes('any') ? !statuses.includes(o.status) : o.status === 'trash' || o.status === 'checkout-draft') return false;
      if (exclude.has(o.id)) return false;
      // WordPress's date query "after" is exclusive, at second precision.
      if (modifiedAfter !== null && !(second(o.modifiedAt) > modifiedAfter)) return false;
      if (modifiedBefore !== null && !(second(o.modifiedAt) < modifiedBefore)) return false;
      if (after !== null && !(o.createdAt > after)) return false;
      return true;
    });
    const key = (o: FakeWooOrder) => (orderby === 'modified' ? o.modifiedAt : orderby === 'id' || orderby === 'include' ? o.id : o.createdAt);
    items = items.sort((a, b) => key(a) - key(b) || a.id - b.id);
    if (order === 'desc') items.reverse();
    return this.page(url, items, res, (o) => this.renderOrder(o));
  }

  private applyStock(target: FakeWooProduct | FakeWooVariation, parentId: number | null, item: Record<string, unknown>, via: StockSet['via']) {
    if (typeof item.manage_stock === 'boolean') target.manage_stock = item.manage_stock;
    // stock_quantity is ignored while the item does not manage stock.
    if (item.stock_quantity !== undefined && target.manage_stock) target.stock_quantity = item.stock_quantity === null ? null : Math.trunc(Number(item.stock_quantity));
    if ('modifiedAt' in target) target.modifiedAt = Date.now();
    this.stockLog.push({ via, productId: parentId ?? target.id, variationId: parentId === null ? null : target.id, sku: target.sku, stock_quantity: target.stock_quantity, manage_stock: target.manage_stock });
  }

  private batchItems(path: string, body: Record<string, unknown>, res: ServerResponse, apply: (item: Record<string, unknown>) => Record<string, unknown>): number {
    const update = Array.isArray(body.update) ? (body.update as Record<string, unknown>[]) : [];
    const create = Array.isArray(body.create) ? body.create : [];
    const del = Array.isArray(body.delete) ? body.delete : [];
    if (update.length + create.length + del.length > 100) {
      throw new HttpError(413, 'woocommerce_rest_request_entity_too_large', 'Unable to accept more than 100 items for this request.');
    }
    const answers = update.map(apply);
    this.batchLog.push({ path, update: update.length, errors: answers.filter((a) => 'error' in a).length });
    return this.send(res, 200, { create: [], update: answers, delete: [] });
  }

  private batchProducts(body: Record<string, unknown>, res: ServerResponse): number {
    return this.batchItems('products/batch', body, res, (item) => {
      const product = this.products.get(Number(item.id));
      if (!product) return { id: Number(item.id) || 0, error: { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', data: { status: 400 } } };
      const refused = this.refusals.get(product.sku);
      if (refused) return { id: product.id, error: { ...refused, data: { status: 400 } } };
      this.applyStock(product, null, item, 'batch');
      return this.renderProduct(product);
    });
  }

  private batchVariations(product: FakeWooProduct, body: Record<string, unknown>, res: ServerResponse): number {
    return this.batchItems(`products/${product.id}/variations/batch`, body, res, (item) => {
      const variation = this.variations.get(Number(item.id));
      if (!variation || variation.parent_id !== product.id) return { id: Number(item.id) || 0, error: { code: 'woocommerce_rest_product_variation_invalid_id', message: 'Invalid ID.', data: { status: 400 } } };
      const refused = this.refusals.get(variation.sku);
      if (refused) return { id: variation.id, error: { ...refused, data: { status: 400 } } };
      this.applyStock(variation, product.id, item, 'batch');
      return this.renderVariation(variation);
    });
  }

  /* ------------------------------------------------------------------ /wc-auth/v1 */

  private wcAuth(method: string, url: URL, raw: string, res: ServerResponse): void {
    if (url.pathname === '/wc-auth/v1/authorize' && method === 'GET') {
      const q = Object.fromEntries(url.searchParams);
      for (const name of ['app_name', 'scope', 'user_id', 'return_url', 'callback_url']) {
        if (!q[name]) {
          res.writeHead(400, { 'content-type': 'text/html; charset=UTF-8' });
          res.end(`<p>Error: ${name === 'app_name' ? 'App name' : name} is required!</p>`);
          return;
        }
      }
      if (!['read', 'write', 'read_write'].includes(q.scope!)) {
        res.writeHead(400, { 'content-type': 'text/html; charset=UTF-8' });
        res.end('<p>Error: Invalid scope!</p>');
        return;
      }
      this.pending = this.pending.filter((p) => p.user_id !== q.user_id);
      this.pending.push({ user_id: q.user_id!, app_name: q.app_name!, scope: q.scope!, return_url: q.return_url!, callback_url: q.callback_url! });
      const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
      res.end(`<!doctype html><html><body><h1>${esc(q.app_name!)} would like to connect to your store</h1>
<p>This will give "${esc(q.app_name!)}" ${esc(q.scope!)} access.</p>
<form method="post" action="/wc-auth/v1/access_granted"><input type="hidden" name="user_id" value="${esc(q.user_id!)}"><button type="submit" id="approve">Approve</button></form>
<form method="post" action="/wc-auth/v1/access_denied"><input type="hidden" name="user_id" value="${esc(q.user_id!)}"><button type="submit" id="deny">Deny</button></form>
</body></html>`);
      return;
    }
    if ((url.pathname === '/wc-auth/v1/access_granted' || url.pathname === '/wc-auth/v1/access_denied') && method === 'POST') {
      const userId = new URLSearchParams(raw).get('user_id') ?? url.searchParams.get('user_id') ?? undefined;
      if (url.pathname.endsWith('denied')) {
        const request = this.pending.find((p) => p.user_id === userId);
        this.pending = this.pending.filter((p) => p !== request);
        const back = new URL(request?.return_url ?? this.url);
        back.searchParams.set('success', '0');
        back.searchParams.set('user_id', userId ?? '');
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }
      void this.approveAuthorization(userId, { deliver: true }).then((outcome) => {
        if (outcome.callbackStatus !== 200) {
          res.writeHead(400, { 'content-type': 'text/html; charset=UTF-8' });
          res.end(`<p>Error: An error occurred in the request and at the time were unable to send the consumer data (callback answered ${outcome.callbackStatus}).</p>`);
          return;
        }
        res.writeHead(302, { location: outcome.returnTo });
        res.end();
      }, (err: unknown) => {
        res.writeHead(400, { 'content-type': 'text/html; charset=UTF-8' });
        res.end(`<p>Error: ${err instanceof Error ? err.message : String(err)}</p>`);
      });
      return;
    }
    res.writeHead(404);
    res.end();
  }

  /* ------------------------------------------------------------------ /__fake control API */

  private async control(method: string, url: URL, raw: string, res: ServerResponse): Promise<void> {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const path = url.pathname.slice('/__fake'.length);
    const ok = (value: unknown, status = 200) => void this.send(res, status, value);
    const match = /^\/orders\/(\d+)(\/notes)?$/.exec(path);
    if (path === '/health') return ok({ ok: true });
    if (path === '/state' && method === 'GET') {
      return ok({ url: this.url, consumerKey: this.consumerKey, orders: this.orders.size, products: this.products.size, variations: this.variations.size, calls: this.callLog.length });
    }
    if (path === '/reset' && method === 'POST') return ok((this.reset(), { ok: true }));
    if (path === '/orders' && method === 'POST') return ok({ id: this.addOrder(body as WooOrderInput).id }, 201);
    if (path === '/orders' && method === 'GET') return ok([...this.orders.values()].map((o) => ({ id: o.id, status: o.status, notes: this.orderNotes(o.id) })));
    if (match && method === 'GET') {
      const id = Number(match[1]);
      if (!this.orders.has(id)) return ok({ message: 'no such order' }, 404);
      return ok(match[2] ? this.orderNotes(id) : { ...this.orderJson(id), notes: this.orderNotes(id) });
    }
    if (match && !match[2] && method === 'PATCH') return ok(this.renderOrder(this.updateOrder(Number(match[1]), body as { status?: string })));
    if (path === '/seed' && method === 'POST') {
      const made = body.orders ? this.seedOrders(Number(body.orders), { skus: body.skus as string[] | undefined, linesPerOrder: body.linesPerOrder as number | undefined, startAt: body.startAt as number | undefined, intervalMs: body.intervalMs as number | undefined }).length : 0;
      const skus = body.products ? this.seedProducts(Number(body.products), { prefix: body.prefix as string | undefined, variableEvery: body.variableEvery as number | undefined }) : [];
      return ok({ orders: made, skus: skus.length });
    }
    if (path === '/products' && method === 'POST') {
      if (Array.isArray(body.variations)) return ok(this.addVariableProduct(body as { name?: string; variations: { sku: string }[] }), 201);
      return ok(this.addProduct(body as { sku: string }), 201);
    }
    if (path === '/stock' && method === 'GET') return ok(this.stock());
    if (path === '/stock-sets' && method === 'GET') return ok(this.stockSets());
    if (path === '/batches' && method === 'GET') return ok(this.batches());
    if (path === '/refuse-stock' && method === 'POST') return ok((this.refuseStock(String(body.sku), body.code as string | undefined, body.message as string | undefined), { ok: true }));
    if (path === '/calls' && method === 'GET') return ok(this.callLog.filter((c) => c.seq > Number(url.searchParams.get('since') ?? 0)));
    if (path === '/throttle' && method === 'POST') return ok((this.throttleNext(Number(body.next ?? 1), Number(body.retryAfter ?? 1)), { ok: true }));
    if (path === '/fail' && method === 'POST') return ok((this.failNext(Number(body.status ?? 500), Number(body.next ?? 1), body.retryAfter === undefined ? null : Number(body.retryAfter)), { ok: true }));
    if (path === '/rate-limit' && method === 'POST') return ok((this.setRateLimit(body.limit ? { limit: Number(body.limit), windowSeconds: Number(body.windowSeconds ?? 1) } : null), { ok: true }));
    if (path === '/strip-authorization' && method === 'POST') return ok((this.stripAuthorizationHeader(body.on !== false), { ok: true }));
    if (path === '/keys' && method === 'POST') return ok((this.addKey(String(body.consumer_key), String(body.consumer_secret), (body.permissions as string) ?? 'read_write'), { ok: true }), 201);
    if (path === '/wc-auth/pending' && method === 'GET') return ok(this.pending);
    if (path === '/wc-auth/approve' && method === 'POST') {
      try {
        return ok(await this.approveAuthorization(body.user_id as string | undefined, { deliver: body.deliver !== false }));
      } catch (err) {
        return ok({ message: err instanceof Error ? err.message : String(err) }, 404);
      }
    }
    if (path === '/webhooks' && method === 'GET') return ok(this.hooks);
    if (path === '/webhooks/ping' && method === 'POST') return ok(await this.sendPing(String(body.url), Number(body.webhook_id ?? 1)));
    if (path === '/webhooks/send' && method === 'POST') return ok(await this.sendWebhook(body as Parameters<WooCommerceFake['sendWebhook']>[0]));
    if (path === '/webhooks/emit' && method === 'POST') return ok(await this.emitWebhook(String(body.topic), body.orderId !== undefined ? this.orderJson(Number(body.orderId)) : body.payload));
    if (path === '/webhooks/deliveries' && method === 'GET') return ok(this.deliveryLog);
    ok({ message: `No fake route ${method} ${path}` }, 404);
  }
}

export async function startWooCommerceFake(options: WooFakeOptions = {}): Promise<WooCommerceFake> {
  const fake = new WooCommerceFake(options);
  await fake.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return fake;
}
