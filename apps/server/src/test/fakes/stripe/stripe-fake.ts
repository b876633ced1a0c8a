import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API (tests only; never imported by the server). A real HTTP server on
 * 127.0.0.1 and a random port, built from Stripe's public API reference: form-encoded bodies with bracket
 * keys (`line_items[0][price]=…`), Bearer secret-key auth, `Idempotency-Key` replay, Stripe-shaped objects
 * and ids, list pagination, and the error shape `{error: {type, message}}`. It implements only the
 * endpoints the Stripe provider calls, and the test controls a real account would do by itself: a customer
 * paying a Checkout session, period ends, events delivered with a valid `Stripe-Signature`. README.md beside
 * this file lists what it serves.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface SignedEvent {
  event: FakeEvent;
  /** The exact bytes to POST. */
  payload: string;
  /** The Stripe-Signature header value. */
  signature: string;
  /** The webhook's answer when the fake delivered it (webhookUrl set). */
  status?: number;
  responseBody?: string;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

type Obj = Record<string, unknown>;

interface FakeSubscriptionItem extends Obj {
  id: string;
  object: 'subscription_item';
  price: Obj;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  created: number;
  metadata: Record<string, string>;
}

export interface FakeSubscription extends Obj {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; total_count: number; url: string };
}

export interface StripeFakeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed; unset: controls only answer the signed payload. */
  webhookUrl?: string;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  /** Every API request received, in order (tests assert on what the provider sent). */
  requests: FakeRequest[];
  products: Map<string, Obj>;
  prices: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, FakeSubscription>;
  customers: Map<string, Obj>;
  /** Requests matching a method and a path (a string is an exact path, a RegExp a pattern). */
  received(method: string, path: string | RegExp): FakeRequest[];
  /** The next `times` API calls answer `status` with a Stripe error (502/500: the API failing). */
  failNext(times: number, status: number, message?: string): void;
  /** The customer pays: creates customer and subscription, completes the session, sends checkout.session.completed. */
  completeCheckout(sessionId: string): Promise<SignedEvent>;
  /** Sends `customer.subscription.<updated|deleted|…>` with the subscription as it is now. */
  sendSubscriptionEvent(type: string, subscriptionId: string): Promise<SignedEvent>;
  /**
   * The billing period ends: a subscription set to cancel at period end is deleted (customer.subscription.deleted);
   * any other renews for one more month (customer.subscription.updated), as Stripe does.
   */
  endPeriod(subscriptionId: string): Promise<SignedEvent>;
  /** Signs any payload as Stripe does; `secret`/`timestamp` let a test forge bad ones. */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  event(type: string, object: Obj): FakeEvent;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';
const MONTH_SECONDS = 30 * 24 * 3600;

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Obj = {},
  ) {
    super(message);
  }
}

const missing = (what: string, id: string, param?: string) =>
  new FakeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) });
const invalid = (message: string, param?: string) => new FakeError(400, 'invalid_request_error', message, param ? { param } : {});

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * Stripe's form encoding: `a[b][0][c]=v` → `{a: {b: [{c: 'v'}]}}`. Objects whose keys are all indexes become
 * arrays; every leaf stays a string, as on the wire.
 */
export function parseStripeForm(encoded: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const head = key.indexOf('[');
    const path = head < 0 ? [key] : [key.slice(0, head), ...Array.from(key.slice(head).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? '')];
    let node: Obj = root;
    path.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[name] = value;
      else node = (node[name] && typeof node[name] === 'object' ? node[name] : (node[name] = {})) as Obj;
    });
  }
  return arraysFromIndexes(root) as Obj;
}

function arraysFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const obj = value as Obj;
  const keys = Object.keys(obj);
  for (const k of keys) obj[k] = arraysFromIndexes(obj[k]);
  if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => obj[k]);
  return obj;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);
const strings = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string' && x !== '') out[k] = x;
  return out;
};
function int(v: unknown, param: string, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
}
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? 'sk_test_x';
  const webhookSecret = options.webhookSecret ?? 'whsec_x';
  const requests: FakeRequest[] = [];
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  /** Line items of a session are not part of the session object (Stripe lists them separately). */
  const sessionLines = new Map<string, { price: string; quantity: number }[]>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  let failures: { times: number; status: number; message: string } | null = null;
  let base = '';

  const price = (id: unknown, param: string): Obj => {
    const p = typeof id === 'string' ? prices.get(id) : undefined;
    if (!p) throw missing('price', String(id), param);
    return p;
  };

  function paginate(all: Obj[], query: Obj, url: string): Obj {
    // Newest first, as Stripe lists.
    const sorted = [...all].reverse();
    const limit = Math.min(100, Math.max(1, int(query.limit, 'limit', 10)));
    const after = str(query.starting_after);
    const start = after ? sorted.findIndex((o) => o.id === after) + 1 : 0;
    if (after && start === 0) throw missing('object', after, 'starting_after');
    const data = sorted.slice(start, start + limit);
    return { object: 'list', url, has_more: start + limit < sorted.length, data };
  }

  function itemFor(sub: FakeSubscription, p: Obj, quantity: number): FakeSubscriptionItem {
    const period = sub.items.data[0] ?? { current_period_start: now(), current_period_end: now() + MONTH_SECONDS };
    return {
      id: newId('si'),
      object: 'subscription_item',
      price: p,
      quantity,
      subscription: sub.id,
      current_period_start: period.current_period_start,
      current_period_end: period.current_period_end,
      created: now(),
      metadata: {},
    };
  }

  function createProduct(body: Obj): Obj {
    const name = str(body.name);
    if (!name) throw invalid('Missing required param: name.', 'name');
    if (body.description === '') throw invalid('You passed an empty string for \'description\'. We assume empty values are an attempt to unset a parameter; however \'description\' cannot be unset. You should remove \'description\' from your request or supply a non-empty value.', 'description');
    const product: Obj = {
      id: str(body.id) ?? newId('prod'),
      object: 'product',
      active: bool(body.active) ?? true,
      name,
      description: str(body.description) ?? null,
      metadata: strings(body.metadata),
      created: now(),
      updated: now(),
      livemode: false,
      default_price: null,
    };
    if (products.has(product.id as string)) throw invalid(`Product already exists.`, 'id');
    products.set(product.id as string, product);
    return product;
  }

  function createPrice(body: Obj): Obj {
    const productId = str(body.product);
    if (!productId) throw invalid('Missing required param: product.', 'product');
    if (!products.has(productId)) throw missing('product', productId, 'product');
    const currency = str(body.currency);
    if (!currency) throw invalid('Missing required param: currency.', 'currency');
    const recurring = body.recurring as Obj | undefined;
    const p: Obj = {
      id: newId('price'),
      object: 'price',
      active: bool(body.active) ?? true,
      currency: currency.toLowerCase(),
      nickname: str(body.nickname) ?? null,
      product: productId,
      unit_amount: int(body.unit_amount, 'unit_amount'),
      type: recurring ? 'recurring' : 'one_time',
      recurring: recurring
        ? { interval: str(recurring.interval) ?? 'month', interval_count: int(recurring.interval_count, 'recurring[interval_count]', 1), usage_type: 'licensed' }
        : null,
      metadata: strings(body.metadata),
      created: now(),
      livemode: false,
    };
    prices.set(p.id as string, p);
    return p;
  }

  function createSession(body: Obj): Obj {
    if (body.mode !== 'subscription') throw invalid('The fake only implements mode=subscription.', 'mode');
    const lines = list(body.line_items).map((l, i) => {
      const p = price(l.price, `line_items[${i}][price]`);
      if (!p.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, `line_items[${i}][price]`);
      if (p.type !== 'recurring') throw invalid('You must provide at least one recurring price in `subscription` mode.', `line_items[${i}][price]`);
      return { price: p.id as string, quantity: int(l.quantity, `line_items[${i}][quantity]`, 1) };
    });
    if (!lines.length) throw invalid('Missing required param: line_items.', 'line_items');
    if (new Set(lines.map((l) => l.price)).size !== lines.length) throw invalid('A price can only appear once in line_items.', 'line_items');
    if (!str(body.success_url)) throw invalid('Missing required param: success_url.', 'success_url');
    const customer = str(body.customer) ?? null;
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    if (customer && body.customer_email) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    const id = `cs_test_${randomBytes(18).toString('hex')}`;
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/c/pay/${id}`,
      client_reference_id: str(body.client_reference_id) ?? null,
      customer,
      customer_email: str(body.customer_email) ?? null,
      metadata: strings(body.metadata),
      success_url: str(body.success_url),
      cancel_url: str(body.cancel_url) ?? null,
      subscription: null,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    sessionLines.set(id, lines);
    // subscription_data.metadata ends on the subscription the session creates.
    session._subscription_metadata = strings((body.subscription_data as Obj | undefined)?.metadata);
    return publicSession(session);
  }

  const publicSession = (s: Obj): Obj => Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('_')));

  function updateSubscription(sub: FakeSubscription, body: Obj): FakeSubscription {
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const items = list(body.items);
    if (items.length) {
      let next = [...sub.items.data];
      items.forEach((it, i) => {
        const itemId = str(it.id);
        if (itemId) {
          const at = next.findIndex((x) => x.id === itemId);
          if (at < 0) throw invalid(`Invalid subscription_item id: ${itemId}`, `items[${i}][id]`);
          if (bool(it.deleted)) {
            next = next.filter((x) => x.id !== itemId);
            return;
          }
          const current = next[at]!;
          next[at] = { ...current, price: it.price !== undefined ? price(it.price, `items[${i}][price]`) : current.price, quantity: int(it.quantity, `items[${i}][quantity]`, current.quantity) };
        } else {
          next.push(itemFor(sub, price(it.price, `items[${i}][price]`), int(it.quantity, `items[${i}][quantity]`, 1)));
        }
      });
      const ids = next.map((x) => x.price.id);
      if (new Set(ids).size !== ids.length) throw invalid('Cannot add multiple subscription items with the same price.', 'items');
      if (!next.length) throw invalid('A subscription must have at least one active plan.', 'items');
      sub.items = { ...sub.items, data: next, total_count: next.length };
    }
    const cancel = bool(body.cancel_at_period_end);
    if (cancel !== undefined) {
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? (sub.items.data[0]?.current_period_end ?? null) : null;
      sub.canceled_at = cancel ? now() : null;
    }
    if (body.metadata) sub.metadata = { ...sub.metadata, ...strings(body.metadata) };
    if (body.proration_behavior !== undefined) sub._last_proration_behavior = body.proration_behavior;
    return sub;
  }

  const publicSub = (s: FakeSubscription): Obj => publicSession(s);

  function route(method: string, path: string, query: Obj, body: Obj): Obj {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const s = sessions.get(m[1]!);
      if (!s) throw missing('checkout.session', m[1]!, 'session');
      return publicSession(s);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) throw missing('subscription', m[1]!);
      if (method === 'GET') return publicSub(sub);
      if (method === 'POST') return publicSub(updateSubscription(sub, body));
      if (method === 'DELETE') return publicSub(endSubscription(sub));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(body.customer);
      if (!customer) throw invalid('Missing required param: customer.', 'customer');
      if (!customers.has(customer)) throw missing('customer', customer, 'customer');
      const id = newId('bps');
      const portal = { id, object: 'billing_portal.session', customer, return_url: str(body.return_url) ?? null, url: `${base}/p/session/${id}`, created: now(), livemode: false };
      portals.set(id, portal);
      return portal;
    }
    if (path === '/v1/products') {
      if (method === 'POST') return createProduct(body);
      if (method === 'GET') {
        const active = bool(query.active);
        return paginate([...products.values()].filter((p) => active === undefined || p.active === active), query, '/v1/products');
      }
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const p = products.get(m[1]!);
      if (!p) throw missing('product', m[1]!);
      return p;
    }
    if (path === '/v1/prices') {
      if (method === 'POST') return createPrice(body);
      if (method === 'GET') {
        const active = bool(query.active);
        const product = str(query.product);
        return paginate([...prices.values()].filter((p) => (active === undefined || p.active === active) && (!product || p.product === product)), query, '/v1/prices');
      }
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/prices\/([^/]+)$/))) return price(m[1], 'price');
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const c = customers.get(m[1]!);
      if (!c) throw missing('customer', m[1]!);
      return c;
    }
    throw new FakeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function endSubscription(sub: FakeSubscription): FakeSubscription {
    sub.status = 'canceled';
    sub.ended_at = now();
    sub.canceled_at ??= now();
    return sub;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(text);
        return text;
      };
      let query: Obj = {};
      let body: Obj = {};
      try {
        query = parseStripeForm(url.search.slice(1));
        body = method === 'POST' ? parseStripeForm(raw) : {};
      } catch {
        send(400, { error: { type: 'invalid_request_error', message: 'Invalid request body.' } });
        return;
      }
      requests.push({ method, path: url.pathname, query, body, headers: req.headers });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${String(req.headers.authorization ?? '').slice(7, 15)}****` } });
        return;
      }
      if (failures && failures.times > 0) {
        failures.times--;
        send(failures.status, { error: { type: 'api_error', message: failures.message } });
        return;
      }
      // Stripe replays the first answer to a repeated Idempotency-Key, and refuses the key with other params.
      const key = method === 'POST' ? str(req.headers['idempotency-key']) : undefined;
      const seen = key ? idempotent.get(key) : undefined;
      if (key && seen) {
        if (seen.params !== raw) {
          send(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } });
          return;
        }
        res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(seen.body);
        return;
      }
      let status = 200;
      let text: string;
      try {
        text = send(200, route(method, url.pathname, query, body));
      } catch (err) {
        const e = err instanceof FakeError ? err : new FakeError(500, 'api_error', 'An unknown error occurred');
        status = e.status;
        text = send(e.status, { error: { type: e.type, message: e.message, ...e.extra } });
      }
      if (key && status < 500) idempotent.set(key, { params: raw, status, body: text });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) => {
    const t = opts.timestamp ?? now();
    return `t=${t},v1=${createHmac('sha256', opts.secret ?? webhookSecret).update(`${t}.${payload}`, 'utf8').digest('hex')}`;
  };

  const event = (type: string, object: Obj): FakeEvent => ({
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: JSON.parse(JSON.stringify(object)) as Obj },
  });

  const fake: StripeFake = {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    requests,
    products,
    prices,
    sessions,
    subscriptions,
    customers,
    received: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    failNext(times, status, message = 'An unknown error occurred') {
      failures = { times, status, message };
    },
    sign,
    event,
    async completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stripe fake: no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`stripe fake: session ${sessionId} is ${String(session.status)}`);
      let customer = str(session.customer);
      if (!customer) {
        customer = newId('cus');
        customers.set(customer, { id: customer, object: 'customer', email: session.customer_email, created: now(), metadata: {}, livemode: false });
      }
      const start = now();
      const sub: FakeSubscription = {
        id: newId('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        collection_method: 'charge_automatically',
        currency: 'usd',
        livemode: false,
        metadata: session._subscription_metadata as Record<string, string>,
        items: { object: 'list', data: [], has_more: false, total_count: 0, url: '/v1/subscription_items' },
      };
      sub.items.data = (sessionLines.get(sessionId) ?? []).map((l) => ({
        ...itemFor(sub, price(l.price, 'price'), l.quantity),
        current_period_start: start,
        current_period_end: start + MONTH_SECONDS,
      }));
      sub.items.total_count = sub.items.data.length;
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: sub.id, url: null });
      return deliver(event('checkout.session.completed', publicSession(session)));
    },
    async sendSubscriptionEvent(type, subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`stripe fake: no subscription ${subscriptionId}`);
      return deliver(event(type.startsWith('customer.') ? type : `customer.subscription.${type}`, publicSub(sub)));
    },
    async endPeriod(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`stripe fake: no subscription ${subscriptionId}`);
      if (sub.cancel_at_period_end) {
        endSubscription(sub);
        return deliver(event('customer.subscription.deleted', publicSub(sub)));
      }
      for (const item of sub.items.data) {
        item.current_period_start = item.current_period_end;
        item.current_period_end += MONTH_SECONDS;
      }
      return deliver(event('customer.subscription.updated', publicSub(sub)));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  async function deliver(ev: FakeEvent): Promise<SignedEvent> {
    const payload = JSON.stringify(ev, null, 2);
    const signature = sign(payload);
    const out: SignedEvent = { event: ev, payload, signature };
    if (fake.webhookUrl) {
      const res = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });
      out.status = res.status;
      out.responseBody = await res.text();
    }
    return out;
  }

  return fake;
}
