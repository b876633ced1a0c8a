/**
 * A local stand-in for Jumpseller's REST API v1 (https://api.jumpseller.com/v1), built from
 * shared/channels/jumpseller.md: Basic auth `login:auth_token` (plus the deprecated query form and OAuth Bearer
 * tokens), `.json` paths with root-wrapped bodies, page/limit ≤ 100 without totals, the translated `status`
 * strings next to `status_enum`, products with variants and stock, fulfillments that fill the order's tracking,
 * hooks CRUD and a signed webhook sender, and the per-second / per-minute rate limits with their headers and 429.
 * README.md lists the routes and the control API (`/__fake/...`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type JsStatus = 'pending_payment' | 'paid' | 'canceled' | 'abandoned';
export type JsLocale = 'en' | 'es';

const STATUS_NAMES: Record<JsLocale, Record<JsStatus, string>> = {
  en: { pending_payment: 'Pending Payment', paid: 'Paid', canceled: 'Canceled', abandoned: 'Abandoned' },
  es: { pending_payment: 'Pendiente de Pago', paid: 'Pagada', canceled: 'Cancelada', abandoned: 'Abandonada' },
};
const SHIPMENT_NAMES: Record<JsLocale, Record<string, string>> = {
  en: { unfulfilled: 'Not Processed', requested: 'Requested', in_transit: 'In Transit', delivered: 'Delivered', failed: 'Failed', fulfilled: 'Fulfilled', pickup_available: 'Available for Pickup' },
  es: { unfulfilled: 'No Procesado', requested: 'Solicitado', in_transit: 'En Tránsito', delivered: 'Entregado', failed: 'Fallido', fulfilled: 'Procesado', pickup_available: 'Disponible para Retiro' },
};
const STATUSES: JsStatus[] = ['pending_payment', 'paid', 'canceled', 'abandoned'];
const FULFILLMENT_TYPES = ['manual', 'shipit', 'chilexpress', 'ctt', 'dpd', 'mrw', 'correos_chile', 'dhl', 'servientrega', 'starken', 'bluexpress', 'correos_express'];

export interface JsAddress {
  name?: string | null; surname?: string | null; address?: string | null; street_number?: string | null; complement?: string | null;
  city?: string | null; postal?: string | null; region?: string | null; region_code?: string | null; municipality?: string | null;
  country?: string | null; country_code?: string | null;
}

export interface JsOrderLine { id: number; variant_id: number | null; sku: string | null; name: string; qty: number; price: number; discount: number; weight: number }

export interface JsOrder {
  id: number;
  status_enum: JsStatus;
  created_at: string;
  completed_at: string | null;
  currency: string;
  subtotal: number; tax: number; shipping: number; discount: number; total: number;
  fulfillment_status: 'unfulfilled' | 'fulfilled';
  shipment_status_enum: string;
  shipping_method_name: string | null;
  payment_method_name: string | null;
  tracking_number: string | null; tracking_company: string | null; tracking_url: string | null;
  customer: { id: number; email: string | null; fullname: string | null; phone: string | null } | null;
  shipping_address: JsAddress | null;
  billing_address: JsAddress | null;
  products: JsOrderLine[];
}

export interface JsVariant { id: number; sku: string | null; barcode: string | null; price: number; stock: number; stock_unlimited: boolean; options: { name: string; value: string }[] }
export interface JsProduct { id: number; name: string; sku: string | null; barcode: string | null; price: number; stock: number; stock_unlimited: boolean; status: 'available' | 'unavailable'; type: 'physical'; variants: JsVariant[] }
export interface JsFulfillment {
  id: number; order_id: number; type: string; location_id: number; tracking_company: string | null; tracking_number: string | null;
  tracking_url: string | null; send_email: boolean; shipment_status: string; created_at: string;
}
export interface JsHook { id: number; name: string | null; event: string; url: string; application_id: null }
export interface JsCall { method: string; path: string; status: number; auth: 'basic' | 'query' | 'bearer' | 'none' }
export interface StockWrite { product_id: number; variant_id: number | null; location_id: number | null; stock: number; stock_unlimited: boolean | null }

export interface OrderSeed {
  id?: number;
  status?: JsStatus;
  /** ISO instant; default now. */
  createdAt?: string;
  currency?: string;
  email?: string;
  shipping?: number;
  products: { sku: string | null; qty: number; price: number; name?: string; product_id?: number; variant_id?: number | null; discount?: number }[];
  shippingAddress?: JsAddress;
}

export interface ProductSeed {
  name: string;
  sku?: string | null;
  price?: number;
  stock?: number;
  stockUnlimited?: boolean;
  variants?: { sku: string | null; price?: number; stock?: number; options?: { name: string; value: string }[]; barcode?: string | null }[];
}

export interface JumpsellerFakeOptions {
  port?: number;
  host?: string;
  login?: string;
  authToken?: string;
  hooksToken?: string;
  storeCode?: string;
  locale?: JsLocale;
  /** Jumpseller: 20 requests/s and 800/min per store. */
  perSecond?: number;
  perMinute?: number;
}

export interface SignedDelivery { body: string; headers: Record<string, string> }

/** "2026-05-01 10:30:00 UTC", as Jumpseller writes dates. */
export function jsDate(d: Date | string | number): string {
  return new Date(d).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}
const day = (jsd: string) => jsd.slice(0, 10);

class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`HTTP ${status}`);
  }
}

export class JumpsellerFake {
  readonly login: string;
  readonly authToken: string;
  readonly hooksToken: string;
  readonly storeCode: string;
  readonly bearerToken = `jsbearer_${randomBytes(8).toString('hex')}`;
  url = '';
  locale: JsLocale;
  perSecond: number;
  perMinute: number;
  /** 429 answers after this many rate-limited calls come with the ban header (Jumpseller: 2,000). */
  banAfter = 2000;

  private server: Server;
  private orders = new Map<number, JsOrder>();
  private products = new Map<number, JsProduct>();
  private locationStock = new Map<string, { stock: number; stock_unlimited: boolean }>();
  private fulfillmentList: JsFulfillment[] = [];
  private hookMap = new Map<number, JsHook>();
  private writes: StockWrite[] = [];
  private callLog: JsCall[] = [];
  private nextOrderId = 5001;
  private nextProductId = 1001;
  private nextVariantId = 20001;
  private nextFulfillmentId = 12474228;
  private nextHookId = 12345;
  private throttleCount = 0;
  private failures: { status: number; count: number } = { status: 500, count: 0 };
  private secondWindow = { at: 0, used: 0 };
  private minuteWindow = { at: 0, used: 0 };
  private rateLimitHits = 0;
  readonly locations = [{ id: 269115, name: 'Bodega Principal', main: true }, { id: 269116, name: 'Tienda Centro', main: false }];

  constructor(options: JumpsellerFakeOptions = {}) {
    this.login = options.login ?? 'fake-login-key';
    this.authToken = options.authToken ?? 'a'.repeat(16) + randomBytes(8).toString('hex');
    this.hooksToken = options.hooksToken ?? `hooks_${randomBytes(12).toString('hex')}`;
    this.storeCode = options.storeCode ?? 'acmetienda';
    this.locale = options.locale ?? 'es';
    this.perSecond = options.perSecond ?? 20;
    this.perMinute = options.perMinute ?? 800;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const a = this.server.address() as AddressInfo;
        this.url = `http://${host}:${a.port}/v1`;
        resolve();
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /* -------------------------------------------------------------- seeding and reading (control API) */

  addOrder(seed: OrderSeed): JsOrder {
    const id = seed.id ?? this.nextOrderId++;
    this.nextOrderId = Math.max(this.nextOrderId, id + 1);
    const status = seed.status ?? 'paid';
    const created = jsDate(seed.createdAt ?? Date.now());
    const products = seed.products.map((p, i) => ({
      id: p.product_id ?? 1000 + i, variant_id: p.variant_id ?? null, sku: p.sku, name: p.name ?? `Product ${p.sku ?? i}`, qty: p.qty,
      price: p.price, discount: p.discount ?? 0, weight: 0.3,
    }));
    const subtotal = Math.round(products.reduce((t, p) => t + p.price * p.qty, 0) * 100) / 100;
    const shipping = seed.shipping ?? 5;
    const order: JsOrder = {
      id, status_enum: status, created_at: created, completed_at: status === 'paid' ? created : null, currency: seed.currency ?? 'CLP',
      subtotal, tax: 0, shipping, discount: 0, total: Math.round((subtotal + shipping) * 100) / 100,
      fulfillment_status: 'unfulfilled', shipment_status_enum: 'unfulfilled', shipping_method_name: 'Envío Estándar', payment_method_name: 'Webpay',
      tracking_number: null, tracking_company: null, tracking_url: null,
      customer: { id: 200 + (id % 1000), email: seed.email ?? `cliente${id}@example.cl`, fullname: 'Juana Pérez', phone: '+56 9 1234 5678' },
      shipping_address: seed.shippingAddress ?? {
        name: 'Juana', surname: 'Pérez', address: 'Av. Providencia', street_number: '1234', complement: 'Depto 56', city: 'Santiago',
        postal: '7500000', region: 'Región Metropolitana', region_code: 'RM', municipality: 'Providencia', country: 'Chile', country_code: 'CL',
      },
      billing_address: null,
      products,
    };
    this.orders.set(id, order);
    return order;
  }

  seedOrders(n: number, skus: string[], opts: { status?: JsStatus; createdAt?: string } = {}): JsOrder[] {
    const out: JsOrder[] = [];
    for (let i = 0; i < n; i++) {
      out.push(this.addOrder({ status: opts.status, createdAt: opts.createdAt, products: [{ sku: skus[i % skus.length]!, qty: 1 + (i % 3), price: 9990 }] }));
    }
    return out;
  }

  /** A status change at the store (paid, canceled…); `completed_at` is set when it becomes paid. */
  setOrderStatus(id: number, status: JsStatus): JsOrder {
    const o = this.mustOrder(id);
    o.status_enum = status;
    if (status === 'paid' && !o.completed_at) o.completed_at = jsDate(Date.now());
    return o;
  }

  updateOrder(id: number, patch: Partial<Pick<JsOrder, 'shipping_address' | 'created_at'>>): JsOrder {
    return Object.assign(this.mustOrder(id), patch);
  }

  getOrder(id: number): JsOrder | undefined {
    return this.orders.get(id);
  }

  /** The order as the API answers it (translated fields in the store's locale). */
  orderView(id: number): Record<string, unknown> {
    return this.view(this.mustOrder(id));
  }

  /** The body Jumpseller posts for an order event: the same object as the REST GET (`{"order":{…}}`). */
  orderWebhookBody(id: number): string {
    return JSON.stringify({ order: this.orderView(id) });
  }

  addProduct(seed: ProductSeed): JsProduct {
    const p: JsProduct = {
      id: this.nextProductId++, name: seed.name, sku: seed.variants?.length ? null : (seed.sku ?? null), barcode: null, price: seed.price ?? 9990,
      stock: seed.stock ?? 0, stock_unlimited: seed.stockUnlimited ?? false, status: 'available', type: 'physical',
      variants: (seed.variants ?? []).map((v) => ({
        id: this.nextVariantId++, sku: v.sku, barcode: v.barcode ?? null, price: v.price ?? seed.price ?? 9990, stock: v.stock ?? 0, stock_unlimited: false,
        options: v.options ?? [{ name: 'Talla', value: v.sku ?? 'U' }],
      })),
    };
    this.products.set(p.id, p);
    return p;
  }

  seedProducts(n: number, prefix = 'JS-SKU'): void {
    for (let i = 0; i < n; i++) this.addProduct({ name: `Producto ${i}`, sku: `${prefix}-${i}`, stock: 0 });
  }

  /** Every SKU's stock as the store holds it (product without variants, or each variant). */
  stock(): { sku: string | null; product_id: number; variant_id: number | null; stock: number; stock_unlimited: boolean }[] {
    type Row = { sku: string | null; product_id: number; variant_id: number | null; stock: number; stock_unlimited: boolean };
    return [...this.products.values()].flatMap((p): Row[] => (p.variants.length
      ? p.variants.map((v) => ({ sku: v.sku, product_id: p.id, variant_id: v.id, stock: v.stock, stock_unlimited: v.stock_unlimited }))
      : [{ sku: p.sku, product_id: p.id, variant_id: null, stock: p.stock, stock_unlimited: p.stock_unlimited }]));
  }

  stockOf(sku: string): number | undefined {
    return this.stock().find((s) => s.sku === sku)?.stock;
  }

  stockWrites(): StockWrite[] {
    return [...this.writes];
  }

  fulfillments(): JsFulfillment[] {
    return [...this.fulfillmentList];
  }

  hooks(): JsHook[] {
    return [...this.hookMap.values()];
  }

  calls(): JsCall[] {
    return [...this.callLog];
  }

  clearCalls(): void {
    this.callLog = [];
  }

  /** The next `n` API calls answer 429 (the per-second bucket announced empty). */
  throttleNext(n = 1): void {
    this.throttleCount += n;
  }

  failNext(status = 500, n = 1): void {
    this.failures = { status, count: n };
  }

  setRateLimit(limits: { perSecond?: number; perMinute?: number }): void {
    if (limits.perSecond !== undefined) this.perSecond = limits.perSecond;
    if (limits.perMinute !== undefined) this.perMinute = limits.perMinute;
    this.secondWindow = { at: 0, used: 0 };
    this.minuteWindow = { at: 0, used: 0 };
  }

  setLocale(locale: JsLocale): void {
    this.locale = locale;
  }

  reset(): void {
    this.orders.clear();
    this.products.clear();
    this.locationStock.clear();
    this.fulfillmentList = [];
    this.hookMap.clear();
    this.writes = [];
    this.callLog = [];
    this.throttleCount = 0;
    this.failures = { status: 500, count: 0 };
    this.rateLimitHits = 0;
    this.setRateLimit({});
  }

  /** base64(HMAC-SHA256(hooks token, raw body)) — the hooks token, not the API auth token. */
  sign(body: string, key = this.hooksToken): string {
    return createHmac('sha256', key).update(body).digest('base64');
  }

  /** A delivery as Jumpseller sends it (headers and raw body), for a test to post wherever it wants. */
  signedDelivery(event: string, body: string, opts: { triggeredAt?: string; key?: string } = {}): SignedDelivery {
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'jumpseller-event': event,
        'jumpseller-store-code': this.storeCode,
        'jumpseller-hmac-sha256': this.sign(body, opts.key),
        'jumpseller-triggered-at': opts.triggeredAt ?? new Date().toISOString().replace('T', ' ').replace('Z', ' UTC'),
      },
    };
  }

  /** Posts an event to every hook subscribed to it (or to `url`); 2xx within 15 s counts as delivered. */
  async sendWebhook(event: string, body: string, url?: string): Promise<{ url: string; status: number | null; error?: string }[]> {
    const targets = url ? [url] : this.hooks().filter((h) => h.event === event).map((h) => h.url);
    const delivery = this.signedDelivery(event, body);
    return Promise.all(targets.map(async (target) => {
      try {
        const res = await fetch(target, { method: 'POST', headers: delivery.headers, body, signal: AbortSignal.timeout(15_000) });
        return { url: target, status: res.status };
      } catch (err) {
        return { url: target, status: null, error: (err as Error).message };
      }
    }));
  }

  /* -------------------------------------------------------------- HTTP */

  private mustOrder(id: number): JsOrder {
    const o = this.orders.get(id);
    if (!o) throw new HttpError(404, { message: 'Order not found' });
    return o;
  }

  private view(o: JsOrder): Record<string, unknown> {
    const name = STATUS_NAMES[this.locale][o.status_enum];
    return {
      ...o, status: name, status_name: name, status_enum: o.status_enum,
      shipment_status: SHIPMENT_NAMES[this.locale][o.shipment_status_enum] ?? o.shipment_status_enum,
    };
  }

  private productView(p: JsProduct): Record<string, unknown> {
    return { ...p, variants: p.variants.map((v) => ({ ...v })) };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = body === undefined ? '' : JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(text);
    };
    try {
      if (url.pathname.startsWith('/__fake/')) return send(200, await this.control(req.method ?? 'GET', url, raw));
      if (!url.pathname.startsWith('/v1/')) return send(404, { message: 'Not Found' });
      const auth = this.authOf(req, url);
      if (auth === 'none') {
        this.callLog.push({ method: req.method ?? 'GET', path: url.pathname, status: 401, auth });
        return send(401, { message: 'Authentication failed: invalid login or auth token' });
      }
      const limit = this.rateLimit();
      if (limit.status) {
        this.callLog.push({ method: req.method ?? 'GET', path: url.pathname, status: limit.status, auth });
        return send(limit.status, { message: 'Too Many Requests' }, limit.headers);
      }
      if (this.failures.count > 0) {
        this.failures.count--;
        this.callLog.push({ method: req.method ?? 'GET', path: url.pathname, status: this.failures.status, auth });
        return send(this.failures.status, { message: 'Injected failure' }, limit.headers);
      }
      let status = 200;
      let body: unknown;
      try {
        const json = raw ? JSON.parse(raw) as Record<string, unknown> : {};
        ({ status, body } = this.api(req.method ?? 'GET', url.pathname.slice(3), url.searchParams, json));
      } catch (err) {
        if (err instanceof HttpError) ({ status, body } = err);
        else if (err instanceof SyntaxError) ({ status, body } = { status: 400, body: { message: 'Malformed JSON' } });
        else throw err;
      }
      this.callLog.push({ method: req.method ?? 'GET', path: url.pathname, status, auth });
      send(status, body, limit.headers);
    } catch (err) {
      if (err instanceof HttpError) return send(err.status, err.body);
      send(500, { message: (err as Error).message });
    }
  }

  /**
   * Further store logins that open this same store's data (with the same auth token): tests connect several
   * "stores" while Omnio allows one connection per store login in a company.
   */
  private readonly otherLogins = new Set<string>();

  addLogin(login: string): void {
    this.otherLogins.add(login);
  }

  private knownLogin(login: string | null): boolean {
    return login === this.login || (login !== null && this.otherLogins.has(login));
  }

  private authOf(req: IncomingMessage, url: URL): JsCall['auth'] {
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const [login, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return this.knownLogin(login ?? null) && rest.join(':') === this.authToken ? 'basic' : 'none';
    }
    if (header.startsWith('Bearer ')) return header.slice(7) === this.bearerToken ? 'bearer' : 'none';
    // Deprecated, still served.
    if (this.knownLogin(url.searchParams.get('login')) && url.searchParams.get('authtoken') === this.authToken) return 'query';
    return 'none';
  }

  /** Both buckets per store; every answer carries the four headers, an exhausted bucket answers 429. */
  private rateLimit(): { status: number | null; headers: Record<string, string> } {
    const now = Date.now();
    const sec = Math.floor(now / 1000);
    const min = Math.floor(now / 60_000);
    if (this.secondWindow.at !== sec) this.secondWindow = { at: sec, used: 0 };
    if (this.minuteWindow.at !== min) this.minuteWindow = { at: min, used: 0 };
    const forced = this.throttleCount > 0;
    if (forced) this.throttleCount--;
    const over = forced || this.secondWindow.used >= this.perSecond || this.minuteWindow.used >= this.perMinute;
    if (!over) {
      this.secondWindow.used++;
      this.minuteWindow.used++;
    }
    const headers: Record<string, string> = {
      'Jumpseller-PerMinuteRateLimit-Limit': String(this.perMinute),
      'Jumpseller-PerMinuteRateLimit-Remaining': String(Math.max(0, this.perMinute - this.minuteWindow.used)),
      'Jumpseller-PerSecondRateLimit-Limit': String(this.perSecond),
      'Jumpseller-PerSecondRateLimit-Remaining': String(forced ? 0 : Math.max(0, this.perSecond - this.secondWindow.used)),
    };
    if (!over) return { status: null, headers };
    this.rateLimitHits++;
    if (this.rateLimitHits > this.banAfter) headers['Jumpseller-BannedByRateLimit-Reset'] = new Date(now + 10 * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    return { status: 429, headers };
  }

  private page<T>(items: T[], q: URLSearchParams): T[] {
    const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 50) || 50));
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    return items.slice((page - 1) * limit, page * limit);
  }

  /** `/orders.json` filters: status_filters[], fulfillment_filters, dateFilter (customDate + initialDate/finalDate, day granularity). */
  private filterOrders(list: JsOrder[], q: URLSearchParams): JsOrder[] {
    const statuses = [...q.getAll('status_filters[]'), ...q.getAll('status_filters')].flatMap((s) => s.split(',')).filter(Boolean);
    if (statuses.some((s) => !['paid', 'created', 'pending_payment', 'canceled', 'abandoned'].includes(s))) throw new HttpError(400, { message: 'Invalid status filter' });
    const fulfil = (q.get('fulfillment_filters') ?? '').split(',').filter(Boolean);
    let out = list;
    if (statuses.length) out = out.filter((o) => statuses.includes(o.status_enum) || (statuses.includes('created') && o.status_enum === 'pending_payment'));
    if (fulfil.length) out = out.filter((o) => fulfil.includes(o.fulfillment_status));
    const filter = q.get('dateFilter');
    if (filter) {
      const today = new Date().toISOString().slice(0, 10);
      const back = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      const ranges: Record<string, [string, string]> = {
        today: [today, today], yesterday: [back(1), back(1)], last7days: [back(7), today], last30days: [back(30), today], last90days: [back(90), today],
      };
      let range = ranges[filter];
      if (filter === 'customDate') {
        const from = q.get('initialDate') ?? '0000-01-01';
        const to = q.get('finalDate') ?? '9999-12-31';
        if (![from, to].every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) throw new HttpError(400, { message: 'initialDate/finalDate must be YYYY-MM-DD' });
        range = [from, to];
      }
      if (!range) throw new HttpError(400, { message: 'Invalid dateFilter' });
      // Day granularity: the time of day is ignored (the store's dates here are UTC).
      out = out.filter((o) => day(o.created_at) >= range[0] && day(o.created_at) <= range[1]);
    }
    return out;
  }

  private wrapOrders(list: JsOrder[]): unknown[] {
    return list.map((o) => ({ order: this.view(o) }));
  }

  private findProduct(id: number): JsProduct {
    const p = this.products.get(id);
    if (!p) throw new HttpError(404, { message: 'Product not found' });
    return p;
  }

  private api(method: string, path: string, q: URLSearchParams, body: Record<string, unknown>): { status: number; body: unknown } {
    const ok = (b: unknown, status = 200) => ({ status, body: b });
    const newestFirst = () => [...this.orders.values()].sort((a, b) => b.id - a.id);
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/store/info.json') {
      const fields = (q.get('fields') ?? '').split(',').filter(Boolean);
      const store = { name: 'Acme Tienda', code: this.storeCode, url: `https://${this.storeCode}.jumpseller.com`, email: 'owner@acme.cl', currency: 'CLP', country: 'CL', timezone: 'Santiago', hooks_token: this.hooksToken };
      return ok({ store: fields.length ? Object.fromEntries(Object.entries(store).filter(([k]) => fields.includes(k))) : store });
    }
    if (method === 'GET' && path === '/locations.json') return ok(this.locations.map((l) => ({ location: l })));
    if (method === 'GET' && path === '/orders.json') return ok(this.wrapOrders(this.page(this.filterOrders(newestFirst(), q), q)));
    if (method === 'GET' && path === '/orders/count.json') return ok({ count: this.filterOrders(newestFirst(), q).length });
    if (method === 'GET' && (m = /^\/orders\/status\/([a-z_]+)\.json$/.exec(path))) {
      const s = m[1] as JsStatus;
      if (!STATUSES.includes(s)) throw new HttpError(404, { message: 'Not Found' });
      return ok(this.wrapOrders(this.page(newestFirst().filter((o) => o.status_enum === s), q)));
    }
    if (method === 'GET' && (m = /^\/orders\/after\/(\d+)\.json$/.exec(path))) {
      const after = Number(m[1]);
      return ok(this.wrapOrders(this.page([...this.orders.values()].filter((o) => o.id > after).sort((a, b) => a.id - b.id), q)));
    }
    if ((m = /^\/orders\/(\d+)\.json$/.exec(path))) {
      const o = this.mustOrder(Number(m[1]));
      if (method === 'GET') return ok({ order: this.view(o) });
      if (method === 'PUT') {
        // Only these are writable; tracking_* are read-only (filled from a fulfillment).
        const patch = (body.order ?? {}) as { status?: string; shipment_status?: string };
        if (patch.status) {
          const s = STATUSES.find((x) => x === patch.status || STATUS_NAMES.en[x] === patch.status);
          if (!s) return ok({ errors: { status: ['is not included in the list'] } }, 422);
          this.setOrderStatus(o.id, s);
        }
        if (patch.shipment_status) o.shipment_status_enum = patch.shipment_status;
        return ok({ order: this.view(o) });
      }
    }
    if (method === 'GET' && (m = /^\/order\/(\d+)\/fulfillments\.json$/.exec(path))) {
      this.mustOrder(Number(m[1]));
      return ok(this.fulfillmentList.filter((f) => f.order_id === Number(m![1])).map((f) => ({ order_fulfillment: f })));
    }
    if (method === 'POST' && path === '/fulfillments.json') {
      const f = (body.fulfillment ?? {}) as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      const orderId = Number(f.order_id);
      if (!f.order_id || !this.orders.has(orderId)) errors.order_id = ['not found'];
      const locationId = Number(f.location_id);
      if (!f.location_id || !this.locations.some((l) => l.id === locationId)) errors.location_id = ["can't be blank"];
      const type = String(f.type ?? 'manual');
      if (!FULFILLMENT_TYPES.includes(type)) errors.type = ['is not included in the list'];
      if (Object.keys(errors).length) return ok({ errors }, 422);
      const order = this.orders.get(orderId)!;
      if (order.status_enum !== 'paid') return ok({ errors: { order: ['is not paid'] } }, 422);
      const company = f.tracking_company == null ? null : String(f.tracking_company);
      const made: JsFulfillment = {
        id: this.nextFulfillmentId++, order_id: orderId, type, location_id: locationId, tracking_company: company,
        tracking_number: f.tracking_number == null ? null : String(f.tracking_number),
        // The tracking URL is honoured only for a manual fulfillment with tracking_company "other".
        tracking_url: type === 'manual' && company === 'other' && f.tracking_url ? String(f.tracking_url) : null,
        send_email: f.send_email === true, shipment_status: 'requested', created_at: jsDate(Date.now()),
      };
      this.fulfillmentList.push(made);
      Object.assign(order, {
        tracking_number: made.tracking_number, tracking_company: made.tracking_company, tracking_url: made.tracking_url,
        fulfillment_status: 'fulfilled', shipment_status_enum: 'fulfilled',
      });
      return ok({ order_fulfillment: { ...made, order: this.view(order) } });
    }
    if (method === 'PUT' && (m = /^\/fulfillments\/(\d+)\.json$/.exec(path))) {
      const f = this.fulfillmentList.find((x) => x.id === Number(m![1]));
      if (!f) throw new HttpError(404, { message: 'Fulfillment not found' });
      const s = ((body.fulfillment ?? {}) as { shipment_status?: string }).shipment_status;
      if (s && !['requested', 'in_transit', 'delivered', 'failed'].includes(s)) return ok({ errors: { shipment_status: ['is not included in the list'] } }, 422);
      if (s) {
        f.shipment_status = s;
        this.mustOrder(f.order_id).shipment_status_enum = s;
      }
      return ok({ order_fulfillment: f });
    }
    if (method === 'GET' && path === '/products.json') return ok(this.page([...this.products.values()], q).map((p) => ({ product: this.productView(p) })));
    if (method === 'GET' && path === '/products/count.json') return ok({ count: this.products.size });
    if (method === 'GET' && path === '/products/search.json') {
      const term = (q.get('query') ?? '').toLowerCase();
      const hits = [...this.products.values()].filter((p) => p.name.toLowerCase().includes(term) || p.sku?.toLowerCase() === term || p.variants.some((v) => v.sku?.toLowerCase() === term));
      return ok(this.page(hits, q).map((p) => ({ product: this.productView(p) })));
    }
    if ((m = /^\/products\/(\d+)\.json$/.exec(path))) {
      const p = this.findProduct(Number(m[1]));
      if (method === 'GET') return ok({ product: this.productView(p) });
      if (method === 'PUT') {
        const patch = (body.product ?? {}) as { stock?: unknown; stock_unlimited?: unknown };
        if (patch.stock !== undefined && (!Number.isInteger(patch.stock) || (patch.stock as number) < 0)) return ok({ errors: { stock: ['must be a non-negative integer'] } }, 422);
        if (typeof patch.stock === 'number') p.stock = patch.stock;
        if (typeof patch.stock_unlimited === 'boolean') p.stock_unlimited = patch.stock_unlimited;
        if (patch.stock !== undefined) this.writes.push({ product_id: p.id, variant_id: null, location_id: null, stock: p.stock, stock_unlimited: typeof patch.stock_unlimited === 'boolean' ? patch.stock_unlimited : null });
        return ok({ product: this.productView(p) });
      }
    }
    if ((m = /^\/products\/(\d+)\/variants\/(\d+)\.json$/.exec(path))) {
      const p = this.findProduct(Number(m[1]));
      const v = p.variants.find((x) => x.id === Number(m![2]));
      if (!v) throw new HttpError(404, { message: 'Variant not found' });
      if (method === 'GET') return ok({ variant: v });
      if (method === 'PUT') {
        const patch = (body.variant ?? {}) as { stock?: unknown; stock_unlimited?: unknown };
        if (patch.stock !== undefined && (!Number.isInteger(patch.stock) || (patch.stock as number) < 0)) return ok({ errors: { stock: ['must be a non-negative integer'] } }, 422);
        if (typeof patch.stock === 'number') v.stock = patch.stock;
        if (typeof patch.stock_unlimited === 'boolean') v.stock_unlimited = patch.stock_unlimited;
        if (patch.stock !== undefined) this.writes.push({ product_id: p.id, variant_id: v.id, location_id: null, stock: v.stock, stock_unlimited: typeof patch.stock_unlimited === 'boolean' ? patch.stock_unlimited : null });
        return ok({ variant: v });
      }
    }
    if (method === 'PUT' && (path === '/products_locations' || path === '/products_locations.json')) {
      const b = body as { location_id?: number; product_id?: number; variant_id?: number | null; stock?: number; stock_unlimited?: boolean };
      const errors: Record<string, string[]> = {};
      for (const k of ['location_id', 'product_id', 'stock', 'stock_unlimited'] as const) if (b[k] === undefined) errors[k] = ["can't be blank"];
      if (Object.keys(errors).length) return ok({ errors }, 422);
      if (!this.locations.some((l) => l.id === b.location_id)) throw new HttpError(404, { message: 'Location not found' });
      const p = this.findProduct(b.product_id!);
      if (b.variant_id && !p.variants.some((v) => v.id === b.variant_id)) throw new HttpError(404, { message: 'Variant not found' });
      this.locationStock.set(`${b.location_id}/${b.product_id}/${b.variant_id ?? ''}`, { stock: b.stock!, stock_unlimited: b.stock_unlimited! });
      this.writes.push({ product_id: p.id, variant_id: b.variant_id ?? null, location_id: b.location_id!, stock: b.stock!, stock_unlimited: b.stock_unlimited! });
      return ok({ location_id: b.location_id, product_id: b.product_id, variant_id: b.variant_id ?? null, stock: b.stock, stock_unlimited: b.stock_unlimited });
    }
    if (path === '/hooks.json') {
      if (method === 'GET') return ok(this.hooks().map((hook) => ({ hook })));
      if (method === 'POST') {
        const h = (body.hook ?? {}) as { event?: string; url?: string; name?: string };
        if (!h.event || !h.url) return ok({ errors: { event: h.event ? [] : ["can't be blank"], url: h.url ? [] : ["can't be blank"] } }, 422);
        const hook: JsHook = { id: this.nextHookId++, name: h.name ?? null, event: h.event, url: h.url, application_id: null };
        this.hookMap.set(hook.id, hook);
        return ok({ hook });
      }
    }
    if ((m = /^\/hooks\/(\d+)\.json$/.exec(path))) {
      const hook = this.hookMap.get(Number(m[1]));
      if (!hook) throw new HttpError(404, { message: 'Hook not found' });
      if (method === 'GET') return ok({ hook });
      if (method === 'PUT') {
        Object.assign(hook, Object.fromEntries(Object.entries((body.hook ?? {}) as Record<string, unknown>).filter(([k]) => ['event', 'url', 'name'].includes(k))));
        return ok({ hook });
      }
      if (method === 'DELETE') {
        this.hookMap.delete(hook.id);
        return ok({ message: 'Hook deleted' });
      }
    }
    throw new HttpError(404, { message: 'Not Found' });
  }

  private async control(method: string, url: URL, raw: string): Promise<unknown> {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const path = url.pathname.slice('/__fake'.length);
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/health') return { ok: true };
    if (method === 'GET' && path === '/state') {
      return { url: this.url, login: this.login, authToken: this.authToken, hooksToken: this.hooksToken, storeCode: this.storeCode, locale: this.locale, orders: this.orders.size, products: this.products.size, perSecond: this.perSecond, perMinute: this.perMinute };
    }
    if (method === 'POST' && path === '/orders') return { orders: ((body.orders ?? [body]) as OrderSeed[]).map((o) => this.addOrder(o)) };
    if (method === 'GET' && path === '/orders') return { orders: [...this.orders.values()].map((o) => this.view(o)) };
    if (method === 'POST' && path === '/seed') {
      const skus = (body.skus as string[] | undefined) ?? [];
      if (body.products) this.seedProducts(Number(body.products), (body.prefix as string | undefined) ?? 'JS-SKU');
      if (body.orders) this.seedOrders(Number(body.orders), skus.length ? skus : ['JS-SKU-0']);
      return { orders: this.orders.size, products: this.products.size };
    }
    if ((m = /^\/orders\/(\d+)$/.exec(path)) && method === 'GET') return { order: this.orderView(Number(m[1])) };
    if ((m = /^\/orders\/(\d+)\/status$/.exec(path)) && method === 'POST') return { order: this.view(this.setOrderStatus(Number(m[1]), body.status as JsStatus)) };
    if (method === 'POST' && path === '/products') return { products: ((body.products ?? [body]) as ProductSeed[]).map((p) => this.addProduct(p)) };
    if (method === 'GET' && path === '/stock') return { stock: this.stock() };
    if (method === 'GET' && path === '/stock-writes') return { writes: this.stockWrites() };
    if (method === 'GET' && path === '/fulfillments') return { fulfillments: this.fulfillments() };
    if (method === 'GET' && path === '/hooks') return { hooks: this.hooks() };
    if (method === 'GET' && path === '/calls') return { calls: this.calls() };
    if (method === 'DELETE' && path === '/calls') return this.clearCalls(), { ok: true };
    if (method === 'POST' && path === '/throttle') return this.throttleNext(Number(body.next ?? 1)), { ok: true };
    if (method === 'POST' && path === '/fail') return this.failNext(Number(body.status ?? 500), Number(body.next ?? 1)), { ok: true };
    if (method === 'POST' && path === '/rate-limit') return this.setRateLimit({ perSecond: body.perSecond as number | undefined, perMinute: body.perMinute as number | undefined }), { ok: true };
    if (method === 'POST' && path === '/locale') return this.setLocale(body.locale === 'en' ? 'en' : 'es'), { locale: this.locale };
    if (method === 'POST' && path === '/webhooks/send') {
      const event = String(body.event ?? 'order_paid');
      const payload = body.orderId !== undefined ? this.orderWebhookBody(Number(body.orderId)) : JSON.stringify(body.payload ?? {});
      return { deliveries: await this.sendWebhook(event, payload, body.url as string | undefined) };
    }
    if (method === 'POST' && path === '/reset') return this.reset(), { ok: true };
    throw new HttpError(404, { message: `No control route ${method} ${path}` });
  }
}

export async function startJumpsellerFake(options: JumpsellerFakeOptions = {}): Promise<JumpsellerFake> {
  const fake = new JumpsellerFake(options);
  await fake.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return fake;
}
