/**
 * A local stand-in for BigCommerce's store APIs (Orders V2, Catalog/Inventory/Webhooks V3, the OAuth token
 * endpoint of login.bigcommerce.com) built from /work/shared/channels/bigcommerce.md, for Omnio's connector
 * tests, browser tests and benchmarks. README.md lists the routes and the control API (`/__fake/*`).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BigcommerceFakeOptions {
  port?: number;
  host?: string;
  storeHash?: string;
  accessToken?: string;
  clientId?: string;
  clientSecret?: string;
  /** Requests per window (bigcommerce.md section 7: Standard/Plus 150 per 30 s). */
  quota?: number;
  windowMs?: number;
  /** Serve every store hash as this one store (default true: test processes need distinct hashes); false: others are 404. */
  acceptAnyStoreHash?: boolean;
  /** Accept hook destinations that are not HTTPS on 443 (BigCommerce refuses them; test apps live at http://omnio.test). */
  allowHttpHooks?: boolean;
  /** The store's UTC offset in minutes, used in the RFC-2822 dates it answers (default -300, "-0500"). */
  utcOffsetMinutes?: number;
}

export const ORDER_STATUSES: Record<number, string> = {
  0: 'Incomplete', 1: 'Pending', 2: 'Shipped', 3: 'Partially Shipped', 4: 'Refunded', 5: 'Cancelled', 6: 'Declined', 7: 'Awaiting Payment',
  8: 'Awaiting Pickup', 9: 'Awaiting Shipment', 10: 'Completed', 11: 'Awaiting Fulfillment', 12: 'Manual Verification Required', 13: 'Disputed',
  14: 'Partially Refunded',
};

export const SHIPPING_PROVIDERS = ['auspost', 'canadapost', 'endicia', 'usps', 'fedex', 'ups', 'upsready', 'upsonline', 'shipperhq', 'royalmail', ''];

export interface FakeAddress {
  first_name: string; last_name: string; company: string; street_1: string; street_2: string; city: string; state: string; zip: string;
  country: string; country_iso2: string; phone: string; email: string;
}

export interface FakeOrderProduct {
  id: number; order_id: number; product_id: number; variant_id: number; order_address_id: number; name: string; sku: string;
  quantity: number; quantity_shipped: number; price_ex_tax: string; price_inc_tax: string; parent_order_product_id: number | null; is_refunded: boolean;
}

export interface FakeShippingAddress extends FakeAddress {
  id: number; order_id: number; shipping_method: string; cost_ex_tax: string; cost_inc_tax: string; items_total: number; items_shipped: number;
}

export interface FakeShipment {
  id: number; order_id: number; order_address_id: number; date_created: number; tracking_number: string; shipping_provider: string;
  tracking_carrier: string; tracking_link: string; shipping_method: string; comments: string; items: { order_product_id: number; product_id: number; quantity: number }[];
}

export interface FakeOrder {
  id: number; customer_id: number; date_created: number; date_modified: number; date_shipped: number | null; status_id: number;
  payment_status: string; payment_method: string; currency_code: string; billing_address: FakeAddress; customer_message: string;
  staff_notes: string; shipping_cost_ex_tax: string; shipping_cost_inc_tax: string; channel_id: number; external_order_id: string | null;
  products: FakeOrderProduct[]; shipping_addresses: FakeShippingAddress[]; shipments: FakeShipment[];
}

export interface OrderInput {
  lines: { sku: string; quantity?: number; price?: string; name?: string }[];
  status_id?: number;
  email?: string;
  /** Milliseconds since the epoch (default: now, each new order one second after the previous). */
  modifiedAt?: number;
  shippingAddresses?: number;
  customerMessage?: string;
}

export interface FakeVariant { id: number; product_id: number; sku: string; price: number | null; inventory_level: number; upc: string; weight: number | null; option_values: { label: string; option_display_name: string }[] }
export interface FakeProduct { id: number; name: string; sku: string; price: number; inventory_tracking: 'none' | 'product' | 'variant'; date_modified: number; variants: FakeVariant[] }
export interface ProductInput { name: string; variants: { sku: string; price?: number; upc?: string; label?: string }[] }

export interface FakeLocation { id: number; code: string; label: string; enabled: boolean }
export interface InventoryRow { location_id: number; variant_id: number; product_id: number; sku: string; quantity: number }
export interface FakeAdjustment { transaction_id: string; kind: 'absolute' | 'relative'; reason: string | null; items: Record<string, unknown>[] }
export interface FakeHook { id: number; scope: string; destination: string; is_active: boolean; headers: Record<string, string>; store_hash: string; created_at: number; updated_at: number }
export interface FakeCall { method: string; path: string; status: number; at: number }
export interface WebhookDelivery { url: string; body: string; headers: Record<string, string> }

export interface BigcommerceFake {
  url: string;
  storeHash: string;
  accessToken: string;
  clientId: string;
  clientSecret: string;
  /** `${url}/stores/${storeHash}` — what the connector's API base points at is `url`. */
  storeBase: string;
  addOrder(input: OrderInput): FakeOrder;
  seedOrders(n: number, skus?: string[]): FakeOrder[];
  setOrderStatus(id: number, statusId: number): void;
  order(id: number): FakeOrder | undefined;
  addProduct(input: ProductInput): FakeProduct;
  seedProducts(n: number): FakeProduct[];
  addLocation(label: string): FakeLocation;
  inventory(): InventoryRow[];
  adjustments(): FakeAdjustment[];
  shipments(): FakeShipment[];
  hooks(): FakeHook[];
  calls: FakeCall[];
  /** The next n API calls answer 429 with the rate-limit headers (Time-Reset-Ms = resetMs). */
  throttleNext(n: number, resetMs?: number): void;
  /** The next n API calls answer `status` (default 500). */
  failNext(n: number, status?: number): void;
  setQuota(quota: number, windowMs: number): void;
  /** A one-use authorization code as BigCommerce sends to the app's auth callback. */
  mintCode(): string;
  /** The load callback's signed_payload_jwt (HS256 with the client secret). */
  signedPayloadJwt(options?: { expiresInSeconds?: number; secret?: string; aud?: string; storeHash?: string }): string;
  /** A thin webhook delivery signed the Standard-Webhooks way, with the hook's custom headers. */
  webhookDelivery(scope: string, id: number, hook?: { destination: string; headers: Record<string, string> }): WebhookDelivery;
  /** Posts a delivery to every active hook of the scope (store/order/* matches its sub-scopes). */
  sendWebhook(scope: string, id: number): Promise<{ hookId: number; status: number }[]>;
  close(): Promise<void>;
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC-2822 in the store's offset, as V2 answers: "Wed, 10 Jan 2018 16:05:30 -0500". */
export function rfc2822(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}${pad(Math.abs(offsetMinutes) % 60)}`;
}

const money = (n: number) => n.toFixed(4);
const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`HTTP ${status}`);
  }
}
const v2Error = (status: number, message: string) => new HttpError(status, [{ status, message }]);
const v3Error = (status: number, title: string, errors: Record<string, string> = {}) =>
  new HttpError(status, { status, title, type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes', errors });

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(raw: Buffer, type: string | undefined): Record<string, unknown> {
  const text = raw.toString('utf8');
  if (!text) return {};
  if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    throw v3Error(400, 'The request body is not valid JSON');
  }
}

export async function startBigcommerceFake(options: BigcommerceFakeOptions = {}): Promise<BigcommerceFake> {
  const storeHash = options.storeHash ?? 'abc123fake';
  const accessToken = options.accessToken ?? 'bc_fake_access_token';
  const clientId = options.clientId ?? 'bc-fake-client-id';
  const clientSecret = options.clientSecret ?? 'bc-fake-client-secret';
  const offset = options.utcOffsetMinutes ?? -300;
  const anyStore = options.acceptAnyStoreHash ?? true;
  const allowHttpHooks = options.allowHttpHooks ?? false;
  let quota = options.quota ?? 150;
  let windowMs = options.windowMs ?? 30_000;
  let windowStart = Date.now();
  let used = 0;
  let throttle = { n: 0, resetMs: 100 };
  let failing = { n: 0, status: 500 };

  const tokens = new Set([accessToken]);
  const codes = new Set<string>();
  const orders = new Map<number, FakeOrder>();
  const products = new Map<number, FakeProduct>();
  const locations = new Map<number, FakeLocation>([[1, { id: 1, code: 'BC-LOCATION-1', label: 'Default location', enabled: true }]]);
  const levels = new Map<string, number>();
  const adjustments: FakeAdjustment[] = [];
  const hooks = new Map<number, FakeHook>();
  const calls: FakeCall[] = [];
  const ids = { order: 100, orderProduct: 1000, address: 5000, shipment: 9000, product: 100, variant: 500, hook: 20172984, location: 1, customer: 20 };
  let lastModified = Date.now() - 3600_000;

  const sku2variant = () => {
    const m = new Map<string, FakeVariant>();
    for (const p of products.values()) for (const v of p.variants) if (v.sku) m.set(v.sku, v);
    return m;
  };

  function addOrder(input: OrderInput): FakeOrder {
    const id = ++ids.order;
    const modified = input.modifiedAt ?? (lastModified = Math.max(lastModified + 1000, Math.floor(Date.now() / 1000) * 1000 - 3000_000));
    const email = input.email ?? `buyer${id}@example.com`;
    const billing: FakeAddress = {
      first_name: 'Jane', last_name: `Doe ${id}`, company: '', street_1: '455 Main Street', street_2: '', city: 'Austin', state: 'Texas', zip: '78751',
      country: 'United States', country_iso2: 'US', phone: '555-123-4567', email,
    };
    const addresses: FakeShippingAddress[] = [];
    for (let i = 0; i < (input.shippingAddresses ?? 1); i++) {
      addresses.push({
        ...billing, id: ++ids.address, order_id: id, first_name: 'Trishy', last_name: `Smith ${id}`, company: 'Acme Pty Ltd', street_1: `${666 + i} Sussex St`,
        city: 'San Antonio', zip: '78251', shipping_method: 'Flat Rate', cost_ex_tax: money(12.99), cost_inc_tax: money(12.99), items_total: 0, items_shipped: 0,
      });
    }
    const variants = sku2variant();
    const lines = input.lines.map((l, i): FakeOrderProduct => {
      const v = variants.get(l.sku);
      const price = Number(l.price ?? '19.90');
      const address = addresses[i % Math.max(addresses.length, 1)];
      if (address) address.items_total += l.quantity ?? 1;
      return {
        id: ++ids.orderProduct, order_id: id, product_id: v?.product_id ?? 0, variant_id: v?.id ?? 0, order_address_id: address?.id ?? 0,
        name: l.name ?? `${l.sku} item`, sku: l.sku, quantity: l.quantity ?? 1, quantity_shipped: 0, price_ex_tax: money(price),
        price_inc_tax: money(price * 1.1), parent_order_product_id: null, is_refunded: false,
      };
    });
    const order: FakeOrder = {
      id, customer_id: ++ids.customer, date_created: modified, date_modified: modified, date_shipped: null, status_id: input.status_id ?? 11,
      payment_status: 'captured', payment_method: 'Credit Card', currency_code: 'USD', billing_address: billing, customer_message: input.customerMessage ?? '',
      staff_notes: '', shipping_cost_ex_tax: money(12.99), shipping_cost_inc_tax: money(12.99), channel_id: 1, external_order_id: null,
      products: lines, shipping_addresses: addresses, shipments: [],
    };
    orders.set(id, order);
    return order;
  }

  const touch = (o: FakeOrder) => {
    o.date_modified = lastModified = Math.max(Date.now(), lastModified + 1000);
  };

  function addProduct(input: ProductInput): FakeProduct {
    const id = ++ids.product;
    const p: FakeProduct = {
      id, name: input.name, sku: input.variants.length === 1 ? input.variants[0]!.sku : `BASE-${id}`, price: input.variants[0]?.price ?? 10,
      inventory_tracking: input.variants.length > 1 ? 'variant' : 'product', date_modified: Date.now(), variants: [],
    };
    for (const v of input.variants) {
      p.variants.push({
        id: ++ids.variant, product_id: id, sku: v.sku, price: v.price ?? null, inventory_level: 0, upc: v.upc ?? '', weight: 1,
        option_values: v.label ? [{ label: v.label, option_display_name: 'Option' }] : [],
      });
    }
    products.set(id, p);
    return p;
  }

  /* ---------------------------------------------------------------- views */

  const orderView = (o: FakeOrder, base: string) => {
    const subtotal = o.products.reduce((t, p) => t + Number(p.price_ex_tax) * p.quantity, 0);
    const subtotalInc = o.products.reduce((t, p) => t + Number(p.price_inc_tax) * p.quantity, 0);
    return {
      id: o.id, customer_id: o.customer_id, date_created: rfc2822(o.date_created, offset), date_modified: rfc2822(o.date_modified, offset),
      date_shipped: o.date_shipped ? rfc2822(o.date_shipped, offset) : '', status_id: o.status_id, status: ORDER_STATUSES[o.status_id] ?? 'Unknown',
      custom_status: ORDER_STATUSES[o.status_id] ?? 'Unknown', payment_status: o.payment_status, payment_method: o.payment_method,
      currency_code: o.currency_code, currency_exchange_rate: '1.0000000000', default_currency_code: o.currency_code,
      subtotal_ex_tax: money(subtotal), subtotal_inc_tax: money(subtotalInc), shipping_cost_ex_tax: o.shipping_cost_ex_tax, shipping_cost_inc_tax: o.shipping_cost_inc_tax,
      total_ex_tax: money(subtotal + Number(o.shipping_cost_ex_tax)), total_inc_tax: money(subtotalInc + Number(o.shipping_cost_inc_tax)),
      total_tax: money(subtotalInc - subtotal), items_total: o.products.reduce((t, p) => t + p.quantity, 0),
      items_shipped: o.products.reduce((t, p) => t + p.quantity_shipped, 0), billing_address: o.billing_address,
      customer_message: o.customer_message, staff_notes: o.staff_notes, channel_id: o.channel_id, external_source: '', external_id: null,
      external_order_id: o.external_order_id, order_source: 'www', cart_id: randomUUID(),
      products: { url: `${base}/v2/orders/${o.id}/products`, resource: `/orders/${o.id}/products` },
      shipping_addresses: { url: `${base}/v2/orders/${o.id}/shippingaddresses`, resource: `/orders/${o.id}/shippingaddresses` },
      coupons: { url: `${base}/v2/orders/${o.id}/coupons`, resource: `/orders/${o.id}/coupons` },
    };
  };
  const productLineView = (p: FakeOrderProduct) => ({
    ...p, base_price: p.price_ex_tax, total_ex_tax: money(Number(p.price_ex_tax) * p.quantity), total_inc_tax: money(Number(p.price_inc_tax) * p.quantity),
    product_options: [], applied_discounts: [],
  });
  const shipmentView = (s: FakeShipment) => ({
    ...s, date_created: rfc2822(s.date_created, offset), shipping_provider_display_name: s.shipping_provider.toUpperCase(),
    generated_tracking_link: s.tracking_link || (s.tracking_number ? `https://track.example.com/${s.tracking_number}` : ''),
  });
  const variantView = (v: FakeVariant) => ({
    id: v.id, product_id: v.product_id, sku: v.sku, price: v.price, calculated_price: v.price ?? products.get(v.product_id)?.price ?? 0,
    inventory_level: [...locations.keys()].reduce((t, l) => t + (levels.get(`${l}:${v.id}`) ?? 0), 0), upc: v.upc, gtin: '', weight: v.weight,
    option_values: v.option_values,
  });
  const productView = (p: FakeProduct, withVariants: boolean) => ({
    id: p.id, name: p.name, sku: p.sku, price: p.price, inventory_tracking: p.inventory_tracking, date_modified: new Date(p.date_modified).toISOString(),
    ...(withVariants ? { variants: p.variants.map(variantView) } : {}),
  });

  function v3Page<T>(items: T[], url: URL, maxLimit = 250) {
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 50) || 50, 1), maxLimit);
    const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
    const totalPages = Math.max(Math.ceil(items.length / limit), 1);
    const data = items.slice((page - 1) * limit, page * limit);
    const link = (p: number) => `?page=${p}&limit=${limit}`;
    return {
      data,
      meta: { pagination: {
        total: items.length, count: data.length, per_page: limit, current_page: page, total_pages: totalPages,
        links: { ...(page > 1 ? { previous: link(page - 1) } : {}), current: link(page), ...(page < totalPages ? { next: link(page + 1) } : {}) },
      } },
    };
  }

  const intList = (v: string | null) => (v ? v.split(',').map((x) => Number(x.trim())).filter((n) => Number.isInteger(n)) : null);
  const strList = (v: string | null) => (v ? v.split(',').map((x) => x.trim()).filter(Boolean) : null);

  /* ---------------------------------------------------------------- routes */

  function ordersList(url: URL) {
    const q = url.searchParams;
    const limit = Math.min(Math.max(Number(q.get('limit') ?? 50) || 50, 1), 250);
    const page = Math.max(Number(q.get('page') ?? 1) || 1, 1);
    let list = [...orders.values()];
    const parseDate = (name: string) => {
      const v = q.get(name);
      if (v === null) return null;
      const ms = Date.parse(v);
      if (Number.isNaN(ms)) throw v2Error(400, `The field '${name}' is invalid: give an RFC-2822 or ISO-8601 date`);
      return ms;
    };
    const minMod = parseDate('min_date_modified');
    const maxMod = parseDate('max_date_modified');
    const minCreated = parseDate('min_date_created');
    if (minMod !== null) list = list.filter((o) => o.date_modified >= Math.floor(minMod / 1000) * 1000);
    if (maxMod !== null) list = list.filter((o) => o.date_modified <= maxMod);
    if (minCreated !== null) list = list.filter((o) => o.date_created >= minCreated);
    const status = q.get('status_id');
    if (status !== null) list = list.filter((o) => o.status_id === Number(status));
    const minId = q.get('min_id');
    if (minId !== null) list = list.filter((o) => o.id >= Number(minId));
    const [field = 'id', dir = 'asc'] = (q.get('sort') ?? 'id:asc').split(':');
    const key = (o: FakeOrder): number => (field === 'date_modified' ? o.date_modified : field === 'date_created' ? o.date_created : field === 'status_id' ? o.status_id : o.id);
    list.sort((a, b) => (key(a) - key(b) || a.id - b.id) * (dir === 'desc' ? -1 : 1));
    return list.slice((page - 1) * limit, page * limit);
  }

  function orderOf(id: string): FakeOrder {
    const o = orders.get(Number(id));
    if (!o) throw v2Error(404, 'The requested resource was not found.');
    return o;
  }

  function createShipment(o: FakeOrder, body: Record<string, unknown>): FakeShipment {
    const addressId = Number(body.order_address_id);
    const address = o.shipping_addresses.find((a) => a.id === addressId);
    if (!address) throw v2Error(400, 'The field \'order_address_id\' is invalid.');
    const tracking = String(body.tracking_number ?? '');
    if (tracking.length > 50) throw v2Error(400, 'The field \'tracking_number\' cannot exceed 50 characters.');
    const link = String(body.tracking_link ?? '');
    if (link.length > 500) throw v2Error(400, 'The field \'tracking_link\' cannot exceed 500 characters.');
    const items = Array.isArray(body.items) ? (body.items as { order_product_id?: unknown; quantity?: unknown }[]) : [];
    if (!items.length) throw v2Error(400, 'The field \'items\' is required.');
    const taken: { line: FakeOrderProduct; quantity: number }[] = [];
    for (const item of items) {
      const line = o.products.find((p) => p.id === Number(item.order_product_id));
      const quantity = Number(item.quantity);
      if (!line) throw v2Error(400, `The order product ${String(item.order_product_id)} is not on this order.`);
      if (line.order_address_id !== addressId) throw v2Error(400, `The order product ${line.id} does not ship to address ${addressId}.`);
      if (!Number.isInteger(quantity) || quantity < 1) throw v2Error(400, 'The field \'quantity\' is invalid.');
      // The spec leaves over-shipping undocumented: the fake refuses it (bigcommerce.md section 4).
      if (quantity > line.quantity - line.quantity_shipped) throw v2Error(400, `Cannot ship more than the ${line.quantity - line.quantity_shipped} unshipped unit(s) of order product ${line.id}.`);
      taken.push({ line, quantity });
    }
    for (const t of taken) {
      t.line.quantity_shipped += t.quantity;
      address.items_shipped += t.quantity;
    }
    const shipment: FakeShipment = {
      id: ++ids.shipment, order_id: o.id, order_address_id: addressId, date_created: Date.now(), tracking_number: tracking,
      shipping_provider: String(body.shipping_provider ?? ''), tracking_carrier: String(body.tracking_carrier ?? ''), tracking_link: link,
      shipping_method: String(body.shipping_method ?? address.shipping_method), comments: String(body.comments ?? ''),
      items: taken.map((t) => ({ order_product_id: t.line.id, product_id: t.line.product_id, quantity: t.quantity })),
    };
    o.shipments.push(shipment);
    const all = o.products.every((p) => p.quantity_shipped >= p.quantity);
    o.status_id = all ? 2 : 3;
    o.date_shipped = Date.now();
    touch(o);
    return shipment;
  }

  function resolveEntity(item: Record<string, unknown>): FakeVariant | null {
    if (item.variant_id !== undefined) {
      for (const p of products.values()) for (const v of p.variants) if (v.id === Number(item.variant_id)) return v;
      return null;
    }
    if (item.sku !== undefined) return sku2variant().get(String(item.sku)) ?? null;
    if (item.product_id !== undefined) {
      const p = products.get(Number(item.product_id));
      return p && p.variants.length === 1 ? p.variants[0]! : null;
    }
    return null;
  }

  function adjust(kind: 'absolute' | 'relative', body: Record<string, unknown>) {
    const items = body.items;
    if (!Array.isArray(items) || !items.length) throw v3Error(422, 'The items field is required', { items: 'must be a non-empty array' });
    if (items.length > 2000) throw v3Error(422, 'Too many items', { items: 'at most 2000 items per request' });
    const resolved: { loc: number; v: FakeVariant; qty: number }[] = [];
    const errors: Record<string, string> = {};
    (items as Record<string, unknown>[]).forEach((item, i) => {
      const loc = Number(item.location_id);
      if (!locations.has(loc)) errors[`items.${i}.location_id`] = `Location ${String(item.location_id)} does not exist`;
      const keys = ['sku', 'variant_id', 'product_id'].filter((k) => item[k] !== undefined);
      if (keys.length !== 1) errors[`items.${i}`] = 'Give exactly one of sku, variant_id, product_id';
      const qty = Number(item.quantity);
      if (!Number.isInteger(qty) || (kind === 'absolute' && (qty < 0 || qty > 2_147_483_647))) errors[`items.${i}.quantity`] = 'quantity must be an integer between 0 and 2147483647';
      const v = resolveEntity(item);
      if (!v && keys.length === 1) errors[`items.${i}`] = `No ${keys[0]} ${String(item[keys[0]!])} in the catalog`;
      if (v && locations.has(loc)) resolved.push({ loc, v, qty });
    });
    if (Object.keys(errors).length) throw v3Error(422, 'The inventory adjustment could not be applied', errors);
    for (const r of resolved) {
      const key = `${r.loc}:${r.v.id}`;
      levels.set(key, kind === 'absolute' ? r.qty : (levels.get(key) ?? 0) + r.qty);
    }
    const transaction_id = randomUUID();
    adjustments.push({ transaction_id, kind, reason: typeof body.reason === 'string' ? body.reason : null, items: items as Record<string, unknown>[] });
    return { transaction_id };
  }

  function hookOf(id: string): FakeHook {
    const h = hooks.get(Number(id));
    if (!h) throw v3Error(404, 'Webhook not found');
    return h;
  }

  function saveHook(h: FakeHook | null, body: Record<string, unknown>): FakeHook {
    const scope = typeof body.scope === 'string' ? body.scope : h?.scope;
    const destination = typeof body.destination === 'string' ? body.destination : h?.destination;
    if (!scope) throw v3Error(422, 'scope is required', { scope: 'required' });
    if (!destination) throw v3Error(422, 'destination is required', { destination: 'required' });
    const now = Math.floor(Date.now() / 1000);
    const saved: FakeHook = {
      id: h?.id ?? ++ids.hook, scope, destination, is_active: typeof body.is_active === 'boolean' ? body.is_active : (h?.is_active ?? true),
      headers: body.headers && typeof body.headers === 'object' ? (body.headers as Record<string, string>) : (h?.headers ?? {}), store_hash: storeHash,
      created_at: h?.created_at ?? now, updated_at: now,
    };
    hooks.set(saved.id, saved);
    return saved;
  }

  function api(method: string, rest: string, url: URL, body: Record<string, unknown>): { status: number; body?: unknown } {
    const base = `${fake.url}/stores/${storeHash}`;
    let m: RegExpExecArray | null;
    if (method === 'GET' && rest === '/v2/store') {
      return { status: 200, body: { id: storeHash, domain: `${storeHash}.mybigcommerce.com`, secure_url: `https://${storeHash}.mybigcommerce.com`, name: 'Acme Fake Store', plan_name: 'Standard', plan_level: 'Standard', currency: 'USD', timezone: { name: 'America/Chicago', raw_offset: offset * 60 } } };
    }
    if (method === 'GET' && rest === '/v2/order_statuses') return { status: 200, body: Object.entries(ORDER_STATUSES).map(([id, name]) => ({ id: Number(id), name, system_label: name, custom_label: name })) };
    if (method === 'GET' && rest === '/v2/orders/count') {
      return { status: 200, body: { statuses: Object.entries(ORDER_STATUSES).map(([id, name]) => ({ id: Number(id), name, count: [...orders.values()].filter((o) => o.status_id === Number(id)).length })), count: orders.size } };
    }
    if (method === 'GET' && rest === '/v2/orders') {
      const page = ordersList(url);
      // The empty page is HTTP 204 with an empty body, not [] (bigcommerce.md section 2).
      return page.length ? { status: 200, body: page.map((o) => orderView(o, base)) } : { status: 204 };
    }
    if ((m = /^\/v2\/orders\/(\d+)$/.exec(rest))) {
      const o = orderOf(m[1]!);
      if (method === 'GET') return { status: 200, body: orderView(o, base) };
      if (method === 'PUT') {
        if (body.status_id !== undefined) o.status_id = Number(body.status_id);
        touch(o);
        return { status: 200, body: orderView(o, base) };
      }
    }
    if (method === 'GET' && (m = /^\/v2\/orders\/(\d+)\/products$/.exec(rest))) {
      const list = orderOf(m[1]!).products;
      return list.length ? { status: 200, body: list.map(productLineView) } : { status: 204 };
    }
    if (method === 'GET' && (m = /^\/v2\/orders\/(\d+)\/(shipping_addresses|shippingaddresses)$/.exec(rest))) {
      const list = orderOf(m[1]!).shipping_addresses;
      return list.length ? { status: 200, body: list } : { status: 204 };
    }
    if ((m = /^\/v2\/orders\/(\d+)\/shipments$/.exec(rest))) {
      const o = orderOf(m[1]!);
      if (method === 'GET') return o.shipments.length ? { status: 200, body: o.shipments.map(shipmentView) } : { status: 204 };
      if (method === 'POST') return { status: 201, body: shipmentView(createShipment(o, body)) };
    }
    if (method === 'PUT' && (m = /^\/v2\/orders\/(\d+)\/shipments\/(\d+)$/.exec(rest))) {
      const s = orderOf(m[1]!).shipments.find((x) => x.id === Number(m![2]));
      if (!s) throw v2Error(404, 'The requested resource was not found.');
      for (const k of ['tracking_number', 'shipping_provider', 'tracking_carrier', 'tracking_link', 'comments'] as const) if (typeof body[k] === 'string') s[k] = body[k];
      return { status: 200, body: shipmentView(s) };
    }
    if (method === 'GET' && rest === '/v3/catalog/products') {
      let list = [...products.values()];
      const skuIs = url.searchParams.get('sku');
      if (skuIs) list = list.filter((p) => p.sku === skuIs);
      const idIn = intList(url.searchParams.get('id:in'));
      if (idIn) list = list.filter((p) => idIn.includes(p.id));
      const withVariants = (url.searchParams.get('include') ?? '').split(',').includes('variants');
      return { status: 200, body: v3Page(list.map((p) => productView(p, withVariants)), url) };
    }
    if (method === 'GET' && (m = /^\/v3\/catalog\/products\/(\d+)\/variants$/.exec(rest))) {
      const p = products.get(Number(m[1]));
      if (!p) throw v3Error(404, 'The product was not found');
      return { status: 200, body: v3Page(p.variants.map(variantView), url) };
    }
    if (method === 'GET' && rest === '/v3/catalog/variants') {
      let list = [...products.values()].flatMap((p) => p.variants);
      const sku = url.searchParams.get('sku');
      if (sku) list = list.filter((v) => v.sku === sku);
      const skuIn = strList(url.searchParams.get('sku:in'));
      if (skuIn) list = list.filter((v) => skuIn.includes(v.sku));
      const idIn = intList(url.searchParams.get('id:in'));
      if (idIn) list = list.filter((v) => idIn.includes(v.id));
      return { status: 200, body: v3Page(list.map(variantView), url) };
    }
    if (method === 'GET' && rest === '/v3/inventory/locations') return { status: 200, body: v3Page([...locations.values()], url) };
    if (method === 'PUT' && rest === '/v3/inventory/adjustments/absolute') return { status: 200, body: adjust('absolute', body) };
    if (method === 'POST' && rest === '/v3/inventory/adjustments/relative') return { status: 200, body: adjust('relative', body) };
    if (method === 'GET' && rest === '/v3/inventory/items') {
      const rows = inventoryRows();
      const skuIn = strList(url.searchParams.get('sku:in'));
      const locIn = intList(url.searchParams.get('location_id:in'));
      return { status: 200, body: v3Page(rows.filter((r) => (!skuIn || skuIn.includes(r.sku)) && (!locIn || locIn.includes(r.location_id))), url) };
    }
    if (rest === '/v3/hooks') {
      if (method === 'GET') return { status: 200, body: v3Page([...hooks.values()], url) };
      if (method === 'POST') {
        const dest = String(body.destination ?? '');
        if (dest && !allowHttpHooks && !/^https:\/\/[^/:]+(:443)?\//.test(dest) && !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(dest)) throw v3Error(422, 'The destination must be an HTTPS URL on port 443', { destination: 'https required' });
        return { status: 200, body: { data: saveHook(null, body), meta: {} } };
      }
    }
    if ((m = /^\/v3\/hooks\/(\d+)$/.exec(rest))) {
      const h = hookOf(m[1]!);
      if (method === 'GET') return { status: 200, body: { data: h, meta: {} } };
      if (method === 'PUT') return { status: 200, body: { data: saveHook(h, body), meta: {} } };
      if (method === 'DELETE') {
        hooks.delete(h.id);
        return { status: 200, body: { data: h, meta: {} } };
      }
    }
    throw rest.startsWith('/v3') ? v3Error(404, 'The route is not found') : v2Error(404, 'The requested resource was not found.');
  }

  function inventoryRows(): InventoryRow[] {
    const rows: InventoryRow[] = [];
    for (const p of products.values()) {
      for (const v of p.variants) {
        for (const l of locations.keys()) {
          const q = levels.get(`${l}:${v.id}`);
          if (q !== undefined) rows.push({ location_id: l, variant_id: v.id, product_id: p.id, sku: v.sku, quantity: q });
        }
      }
    }
    return rows;
  }

  function oauthToken(body: Record<string, unknown>): { status: number; body: unknown } {
    if (body.client_id !== clientId || body.client_secret !== clientSecret) return { status: 401, body: { error: 'Invalid client id or secret' } };
    if (body.grant_type !== 'authorization_code') return { status: 400, body: { error: 'Invalid grant type' } };
    const code = String(body.code ?? '');
    if (!codes.delete(code)) return { status: 400, body: { error: 'Invalid verification code.' } };
    if (body.context !== `stores/${storeHash}`) return { status: 400, body: { error: 'Invalid context' } };
    if (typeof body.redirect_uri !== 'string' || !body.redirect_uri) return { status: 400, body: { error: 'The redirect_uri is required' } };
    const token = `bc_app_${randomBytes(12).toString('hex')}`;
    tokens.add(token);
    return {
      status: 200,
      body: {
        access_token: token, scope: String(body.scope ?? ''), user: { id: 24654, username: 'merchant@example.com', email: 'merchant@example.com' },
        owner: { id: 24654, username: 'merchant@example.com', email: 'merchant@example.com' }, context: `stores/${storeHash}`, account_uuid: randomUUID(),
      },
    };
  }

  function rateHeaders(): Record<string, string> {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      used = 0;
    }
    return {
      'x-rate-limit-time-window-ms': String(windowMs), 'x-rate-limit-time-reset-ms': String(Math.max(windowStart + windowMs - now, 1)),
      'x-rate-limit-requests-quota': String(quota), 'x-rate-limit-requests-left': String(Math.max(quota - used, 0)),
    };
  }

  async function control(method: string, path: string, body: Record<string, unknown>): Promise<{ status: number; body?: unknown }> {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/orders') {
      const list = Array.isArray(body.orders) ? (body.orders as OrderInput[]) : [body as unknown as OrderInput];
      return { status: 201, body: { orders: list.map((o) => orderView(addOrder(o), `${fake.url}/stores/${storeHash}`)) } };
    }
    if (method === 'POST' && path === '/seed-orders') return { status: 201, body: { ids: fake.seedOrders(Number(body.count ?? 1), body.skus as string[] | undefined).map((o) => o.id) } };
    if (method === 'POST' && (m = /^\/orders\/(\d+)\/status$/.exec(path))) {
      fake.setOrderStatus(Number(m[1]), Number(body.status_id));
      return { status: 200, body: { ok: true } };
    }
    if (method === 'GET' && (m = /^\/orders\/(\d+)$/.exec(path))) {
      const o = orders.get(Number(m[1]));
      return o ? { status: 200, body: o } : { status: 404, body: { error: 'no such order' } };
    }
    if (method === 'POST' && path === '/products') {
      const list = Array.isArray(body.products) ? (body.products as ProductInput[]) : [body as unknown as ProductInput];
      return { status: 201, body: { products: list.map(addProduct) } };
    }
    if (method === 'POST' && path === '/seed-products') return { status: 201, body: { count: fake.seedProducts(Number(body.count ?? 1)).length } };
    if (method === 'POST' && path === '/locations') return { status: 201, body: fake.addLocation(String(body.label ?? 'Warehouse')) };
    if (method === 'GET' && path === '/inventory') return { status: 200, body: { inventory: inventoryRows() } };
    if (method === 'GET' && path === '/adjustments') return { status: 200, body: { adjustments } };
    if (method === 'GET' && path === '/shipments') return { status: 200, body: { shipments: fake.shipments().map(shipmentView) } };
    if (method === 'GET' && path === '/hooks') return { status: 200, body: { hooks: [...hooks.values()] } };
    if (method === 'GET' && path === '/calls') return { status: 200, body: { calls } };
    if (method === 'POST' && path === '/throttle') {
      fake.throttleNext(Number(body.count ?? 1), body.reset_ms === undefined ? undefined : Number(body.reset_ms));
      return { status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/fail') {
      fake.failNext(Number(body.count ?? 1), body.status === undefined ? undefined : Number(body.status));
      return { status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/quota') {
      fake.setQuota(Number(body.quota ?? 150), Number(body.window_ms ?? 30_000));
      return { status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/oauth/code') return { status: 200, body: { code: fake.mintCode(), context: `stores/${storeHash}`, scope: 'store_v2_orders store_v2_products store_inventory' } };
    if (method === 'POST' && path === '/jwt') return { status: 200, body: { signed_payload_jwt: fake.signedPayloadJwt({ expiresInSeconds: body.expires_in === undefined ? undefined : Number(body.expires_in) }) } };
    if (method === 'POST' && path === '/webhooks/send') return { status: 200, body: { deliveries: await fake.sendWebhook(String(body.scope ?? 'store/order/created'), Number(body.id)) } };
    if (method === 'POST' && path === '/webhooks/payload') return { status: 200, body: fake.webhookDelivery(String(body.scope ?? 'store/order/created'), Number(body.id)) };
    return { status: 404, body: { error: `No control route ${method} ${path}` } };
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const text = body === undefined ? '' : JSON.stringify(body);
        res.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), 'content-length': String(Buffer.byteLength(text)), ...headers });
        res.end(text);
      };
      try {
        const raw = await readBody(req);
        const body = parseBody(raw, req.headers['content-type']);
        if (url.pathname.startsWith('/__fake/')) {
          const r = await control(method, url.pathname.slice('/__fake'.length), body);
          return send(r.status, r.body);
        }
        if (method === 'POST' && url.pathname === '/oauth2/token') {
          const r = oauthToken(body);
          return send(r.status, r.body);
        }
        const storeMatch = /^\/stores\/([^/]+)(\/.*)$/.exec(url.pathname);
        // Many test processes (each its own store hash, one connection per store and company) share one fake store.
        const knownStore = storeMatch && (storeMatch[1] === storeHash || (anyStore && /^[a-z0-9-]{1,40}$/i.test(storeMatch[1]!)));
        if (!storeMatch || !knownStore) return send(404, { status: 404, title: 'Store not found' });
        const token = req.headers['x-auth-token'];
        if (typeof token !== 'string' || !tokens.has(token)) {
          calls.push({ method, path: url.pathname + url.search, status: 401, at: Date.now() });
          return send(401, { status: 401, title: 'Unauthorized', type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes' });
        }
        let headers = rateHeaders();
        if (throttle.n > 0) {
          throttle.n -= 1;
          calls.push({ method, path: url.pathname + url.search, status: 429, at: Date.now() });
          return send(429, { status: 429, title: 'Too many requests' }, { ...headers, 'x-rate-limit-requests-left': '0', 'x-rate-limit-time-reset-ms': String(throttle.resetMs) });
        }
        if (used >= quota) {
          calls.push({ method, path: url.pathname + url.search, status: 429, at: Date.now() });
          return send(429, { status: 429, title: 'Too many requests' }, headers);
        }
        used += 1;
        headers = rateHeaders();
        if (failing.n > 0) {
          failing.n -= 1;
          calls.push({ method, path: url.pathname + url.search, status: failing.status, at: Date.now() });
          return send(failing.status, { status: failing.status, title: 'Injected failure' }, headers);
        }
        const r = api(method, storeMatch[2]!, url, body);
        calls.push({ method, path: url.pathname + url.search, status: r.status, at: Date.now() });
        return send(r.status, r.body, headers);
      } catch (err) {
        if (err instanceof HttpError) {
          calls.push({ method, path: url.pathname + url.search, status: err.status, at: Date.now() });
          return send(err.status, err.body, rateHeaders());
        }
        return send(500, { status: 500, title: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  const sign = (id: string, ts: number, body: string) => `v1,${createHmac('sha256', clientSecret).update(`${id}.${ts}.${body}`).digest('base64')}`;

  const fake: BigcommerceFake = {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    storeHash, accessToken, clientId, clientSecret,
    get storeBase() {
      return `${fake.url}/stores/${storeHash}`;
    },
    addOrder,
    seedOrders(n, skus = ['BC-SEED-1']) {
      const out: FakeOrder[] = [];
      for (let i = 0; i < n; i++) out.push(addOrder({ lines: skus.map((sku) => ({ sku, quantity: 1 })) }));
      return out;
    },
    setOrderStatus(id, statusId) {
      const o = orders.get(id);
      if (!o) throw new Error(`No order ${id}`);
      o.status_id = statusId;
      touch(o);
    },
    order: (id) => orders.get(id),
    addProduct,
    seedProducts(n) {
      const out: FakeProduct[] = [];
      for (let i = 0; i < n; i++) out.push(addProduct({ name: `Seed product ${i + 1}`, variants: [{ sku: `BC-SKU-${String(i + 1).padStart(6, '0')}`, price: 10 }] }));
      return out;
    },
    addLocation(label) {
      const l = { id: ++ids.location, code: `BC-LOCATION-${ids.location + 1}`, label, enabled: true };
      locations.set(l.id, l);
      return l;
    },
    inventory: inventoryRows,
    adjustments: () => adjustments,
    shipments: () => [...orders.values()].flatMap((o) => o.shipments),
    hooks: () => [...hooks.values()],
    calls,
    throttleNext(n, resetMs = 100) {
      throttle = { n, resetMs };
    },
    failNext(n, status = 500) {
      failing = { n, status };
    },
    setQuota(q, w) {
      quota = q;
      windowMs = w;
      windowStart = Date.now();
      used = 0;
    },
    mintCode() {
      const code = randomBytes(8).toString('hex');
      codes.add(code);
      return code;
    },
    signedPayloadJwt(o = {}) {
      const now = Math.floor(Date.now() / 1000);
      const header = b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
      const payload = b64url(JSON.stringify({
        aud: o.aud ?? clientId, iss: 'bc', iat: now, nbf: now - 5, exp: now + (o.expiresInSeconds ?? 86_400), jti: randomUUID(),
        sub: `stores/${o.storeHash ?? storeHash}`, user: { id: 24654, email: 'merchant@example.com', locale: 'en-US' },
        owner: { id: 24654, email: 'merchant@example.com' }, url: '/', channel_id: null,
      }));
      const signature = b64url(createHmac('sha256', o.secret ?? clientSecret).update(`${header}.${payload}`).digest());
      return `${header}.${payload}.${signature}`;
    },
    webhookDelivery(scope, id, hook) {
      const body = JSON.stringify({
        scope, store_id: '1001', data: { type: scope.split('/')[1] ?? 'order', id }, hash: createHmac('sha1', 'payload').update(`${scope}${id}`).digest('hex'),
        created_at: Math.floor(Date.now() / 1000), producer: `stores/${storeHash}`,
      });
      const webhookId = randomUUID();
      const ts = Math.floor(Date.now() / 1000);
      return {
        url: hook?.destination ?? '',
        body,
        headers: { 'content-type': 'application/json', ...(hook?.headers ?? {}), 'webhook-id': webhookId, 'webhook-timestamp': String(ts), 'webhook-signature': sign(webhookId, ts, body) },
      };
    },
    async sendWebhook(scope, id) {
      const out: { hookId: number; status: number }[] = [];
      for (const h of hooks.values()) {
        const matches = h.scope === scope || (h.scope.endsWith('/*') && scope.startsWith(h.scope.slice(0, -1)));
        if (!h.is_active || !matches) continue;
        const d = fake.webhookDelivery(scope, id, h);
        try {
          const r = await fetch(h.destination, { method: 'POST', headers: d.headers, body: d.body });
          out.push({ hookId: h.id, status: r.status });
        } catch {
          out.push({ hookId: h.id, status: 0 });
        }
      }
      return out;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return fake;
}
