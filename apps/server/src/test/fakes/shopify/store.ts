/**
 * The fake shop's data: locations, products with variants and inventory items, orders with their fulfillment
 * orders and fulfillments, webhook subscriptions. Plain objects in maps, timestamps as epoch milliseconds truncated
 * to whole seconds (Shopify's precision, so several orders share one `updatedAt` and tie-breaking by id matters),
 * money as integer cents. Everything here is synchronous and cheap: seeding 10,000 orders is a loop of object
 * literals, and the sorted views the orders query pages through are cached until an order changes.
 */
import { dateSort, type SortSpec } from './pagination';

export type DateInput = Date | string | number;

export type FinancialStatus =
  | 'PENDING'
  | 'AUTHORIZED'
  | 'PARTIALLY_PAID'
  | 'PAID'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'VOIDED'
  | 'EXPIRED';

export type FulfillmentStatus =
  | 'UNFULFILLED'
  | 'PARTIALLY_FULFILLED'
  | 'FULFILLED'
  | 'RESTOCKED'
  | 'PENDING_FULFILLMENT'
  | 'OPEN'
  | 'IN_PROGRESS'
  | 'ON_HOLD'
  | 'SCHEDULED'
  | 'REQUEST_DECLINED';

export type FulfillmentOrderStatus = 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED' | 'INCOMPLETE' | 'ON_HOLD' | 'SCHEDULED';

export interface FakeAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface FakeCustomer {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

export interface FakeLineItem {
  id: number;
  orderId: number;
  sku: string | null;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Quantity after removals, edits and cancellation (Shopify's currentQuantity). */
  currentQuantity: number;
  priceCents: number;
  variantId: number | null;
  productId: number | null;
  requiresShipping: boolean;
  vendor: string | null;
}

export interface FakeShippingLine {
  id: number;
  title: string;
  code: string | null;
  source: string;
  priceCents: number;
}

export interface FakeFulfillmentOrderLineItem {
  id: number;
  fulfillmentOrderId: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
}

export interface FakeFulfillmentOrder {
  id: number;
  orderId: number;
  locationId: number;
  status: FulfillmentOrderStatus;
  createdAt: number;
  updatedAt: number;
  lineItems: FakeFulfillmentOrderLineItem[];
}

export interface FakeTrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface FakeFulfillment {
  id: number;
  orderId: number;
  name: string;
  status: 'SUCCESS' | 'CANCELLED';
  createdAt: number;
  updatedAt: number;
  locationId: number;
  notifyCustomer: boolean;
  message: string | null;
  trackingInfo: FakeTrackingInfo[];
  fulfillmentOrderIds: number[];
  lineItems: { id: number; lineItemId: number; fulfillmentOrderLineItemId: number; quantity: number }[];
}

export interface FakeOrder {
  id: number;
  gid: string;
  name: string;
  /** Shopify's `number` (1, 2, …); `order_number` is this + 1000. */
  number: number;
  createdAt: number;
  updatedAt: number;
  processedAt: number;
  cancelledAt: number | null;
  closedAt: number | null;
  cancelReason: string | null;
  displayFinancialStatus: FinancialStatus;
  displayFulfillmentStatus: FulfillmentStatus;
  currencyCode: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  note: string | null;
  test: boolean;
  taxCents: number;
  customer: FakeCustomer | null;
  shippingAddress: FakeAddress | null;
  billingAddress: FakeAddress | null;
  lineItems: FakeLineItem[];
  shippingLines: FakeShippingLine[];
  fulfillmentOrders: FakeFulfillmentOrder[];
  fulfillments: FakeFulfillment[];
}

export interface FakeLocation {
  id: number;
  gid: string;
  name: string;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  address1: string;
  city: string;
  provinceCode: string;
  zip: string;
  countryCode: string;
  createdAt: number;
}

export interface FakeInventoryLevel {
  locationId: number;
  available: number;
  onHand: number;
  updatedAt: number;
}

export interface FakeInventoryItem {
  id: number;
  gid: string;
  variantId: number;
  sku: string | null;
  tracked: boolean;
  requiresShipping: boolean;
  createdAt: number;
  updatedAt: number;
  /** Levels by location id: an item is "stocked" at a location when it has a level there. */
  levels: Map<number, FakeInventoryLevel>;
}

export interface FakeVariant {
  id: number;
  gid: string;
  productId: number;
  sku: string | null;
  title: string;
  barcode: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  inventoryItemId: number;
  position: number;
  createdAt: number;
  updatedAt: number;
}

export interface FakeProduct {
  id: number;
  gid: string;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  tags: string[];
  createdAt: number;
  updatedAt: number;
  variants: FakeVariant[];
}

export interface FakeWebhookSubscription {
  id: number;
  gid: string;
  /** GraphQL enum form, e.g. ORDERS_CREATE. */
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
  includeFields: string[];
  filter: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface FakeInventoryChange {
  name: string;
  delta: number;
  quantityAfterChange: number;
  itemId: number;
  locationId: number;
}

export interface FakeAdjustmentGroup {
  id: number;
  gid: string;
  createdAt: number;
  reason: string;
  referenceDocumentUri: string | null;
  changes: FakeInventoryChange[];
}

export interface LineItemInput {
  sku?: string | null;
  quantity?: number;
  price?: string | number;
  title?: string;
  variantTitle?: string | null;
  requiresShipping?: boolean;
}

export interface OrderInput {
  name?: string;
  createdAt?: DateInput;
  updatedAt?: DateInput;
  processedAt?: DateInput;
  cancelledAt?: DateInput | null;
  closedAt?: DateInput | null;
  cancelReason?: string | null;
  displayFinancialStatus?: FinancialStatus;
  displayFulfillmentStatus?: FulfillmentStatus;
  currencyCode?: string;
  email?: string | null;
  phone?: string | null;
  tags?: string[];
  note?: string | null;
  test?: boolean;
  tax?: string | number;
  customer?: Partial<Omit<FakeCustomer, 'id'>> | null;
  shippingAddress?: Partial<FakeAddress> | null;
  billingAddress?: Partial<FakeAddress> | null;
  lineItems?: LineItemInput[];
  shippingLines?: { title?: string; code?: string | null; price?: string | number; source?: string }[];
  /** Location holding the order's fulfillment order (id or GID); the first location by default. */
  locationId?: number | string;
}

export type OrderPatch = Omit<OrderInput, 'locationId' | 'name'>;

export interface ProductInput {
  title: string;
  vendor?: string;
  productType?: string;
  tags?: string[];
  status?: FakeProduct['status'];
  variants?: { sku?: string | null; price?: string | number; barcode?: string | null; title?: string; tracked?: boolean; available?: number }[];
}

export interface SeedOrdersOptions {
  skus?: string[];
  /** SKUs to create (as one-variant products) when none are given and the shop has none. */
  skuCount?: number;
  linesPerOrder?: number;
  /** Timestamp of the first order; the default puts the last one at "now". */
  startAt?: DateInput;
  /** Time between consecutive orders; 0 gives them all the same timestamps (tie-breaking by id). */
  intervalMs?: number;
  displayFinancialStatus?: FinancialStatus;
}

export interface InventoryRow {
  sku: string | null;
  inventoryItemId: string;
  locationId: string;
  locationName: string;
  available: number;
  onHand: number;
}

export type OrderSortKey = 'ID' | 'CREATED_AT' | 'UPDATED_AT' | 'PROCESSED_AT' | 'ORDER_NUMBER';

// Realistic magnitudes (13–14 digit ids, still below 2^53) so a connector that stores ids in 32-bit ints fails here too.
const ID_BASES = {
  Order: 5_600_000_000_000,
  LineItem: 13_900_000_000_000,
  ShippingLine: 4_700_000_000_000,
  Customer: 7_300_000_000_000,
  FulfillmentOrder: 6_800_000_000_000,
  FulfillmentOrderLineItem: 14_200_000_000_000,
  Fulfillment: 5_100_000_000_000,
  Location: 70_000_000_000,
  Product: 8_000_000_000_000,
  ProductVariant: 44_000_000_000_000,
  InventoryItem: 46_000_000_000_000,
  InventoryAdjustmentGroup: 30_000_000_000_000,
  WebhookSubscription: 1_400_000_000_000,
} as const;

export type GidType = keyof typeof ID_BASES;

export function gid(type: string, id: number): string {
  return `gid://shopify/${type}/${id}`;
}

/** The numeric id of a GID of the given type, a bare number or numeric string; null otherwise. */
export function parseId(type: string, value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value !== 'string') return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (!match || match[1] !== type) return null;
  return Number(match[2]);
}

export function toMs(value: DateInput): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`Invalid date: ${String(value)}`);
  return Math.floor(ms / 1000) * 1000;
}

export function nowMs(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

/** GraphQL DateTime: UTC, whole seconds, `Z` (Shopify's form). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** REST / webhook timestamp: the shop's local time with its offset, e.g. 2026-07-01T06:00:00-04:00. */
export function restTime(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function toCents(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) throw new Error(`Invalid amount: ${String(value)}`);
  return Math.round(n * 100);
}

/** REST money: two decimals ("199.00"). */
export function moneyRest(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** GraphQL Decimal (MoneyV2.amount): trailing zeros dropped but one decimal kept ("199.0", "19.9"), as Shopify answers. */
export function moneyDecimal(cents: number): string {
  const fixed = (cents / 100).toFixed(2).replace(/0+$/, '');
  return fixed.endsWith('.') ? `${fixed}0` : fixed;
}

const FIRST_NAMES = ['Bob', 'Alice', 'Carlos', 'Dana', 'Erin', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Keiko', 'Liam'];
const LAST_NAMES = ['Norman', 'Smith', 'Garcia', 'Okafor', 'Lee', 'Novak', 'Rossi', 'Tanaka', 'Silva', 'Berg', 'Khan', 'Dubois'];
const US_PLACES: [string, string, string, string][] = [
  ['Louisville', 'Kentucky', 'KY', '40202'],
  ['Austin', 'Texas', 'TX', '73301'],
  ['Portland', 'Oregon', 'OR', '97201'],
  ['Denver', 'Colorado', 'CO', '80202'],
  ['Boston', 'Massachusetts', 'MA', '02108'],
  ['Madison', 'Wisconsin', 'WI', '53703'],
];

function usAddress(i: number, firstName: string, lastName: string): FakeAddress {
  const [city, province, provinceCode, zip] = US_PLACES[i % US_PLACES.length]!;
  return {
    firstName,
    lastName,
    company: null,
    address1: `${100 + (i % 900)} Chestnut Street`,
    address2: i % 4 === 0 ? `Apt ${1 + (i % 30)}` : '',
    city,
    province,
    provinceCode,
    zip,
    country: 'United States',
    countryCode: 'US',
    phone: `+1502555${String(1000 + (i % 9000)).padStart(4, '0')}`,
  };
}

function fillAddress(partial: Partial<FakeAddress>, base: FakeAddress): FakeAddress {
  return { ...base, ...partial };
}

export class FakeShopStore {
  readonly orders = new Map<number, FakeOrder>();
  readonly orderList: FakeOrder[] = [];
  readonly lineItems = new Map<number, FakeLineItem>();
  readonly fulfillmentOrders = new Map<number, FakeFulfillmentOrder>();
  readonly fulfillmentOrderLineItems = new Map<number, FakeFulfillmentOrderLineItem>();
  readonly fulfillments = new Map<number, FakeFulfillment>();
  readonly fulfillmentList: FakeFulfillment[] = [];
  readonly locations = new Map<number, FakeLocation>();
  readonly locationList: FakeLocation[] = [];
  readonly products = new Map<number, FakeProduct>();
  readonly productList: FakeProduct[] = [];
  readonly variants = new Map<number, FakeVariant>();
  readonly variantList: FakeVariant[] = [];
  readonly variantsBySku = new Map<string, FakeVariant[]>();
  readonly inventoryItems = new Map<number, FakeInventoryItem>();
  readonly inventoryItemList: FakeInventoryItem[] = [];
  readonly subscriptions: FakeWebhookSubscription[] = [];
  readonly adjustments: FakeAdjustmentGroup[] = [];
  /** `@idempotent` keys: the input's fingerprint and the payload first answered (replayed on a retry). */
  readonly idempotency = new Map<string, { fingerprint: string; payload: unknown; at: number }>();

  private counters = new Map<string, number>();
  private orderVersion = 0;
  private sortCache = new Map<string, { version: number; list: FakeOrder[] }>();
  private catalogVersion = 0;
  private catalogSortCache = new Map<string, { version: number; list: unknown[] }>();

  constructor(readonly shop: { name: string; domain: string; currencyCode: string; email: string; utcOffsetMinutes: number }) {
    this.addLocation({ name: 'Main Warehouse' });
  }

  nextId(type: GidType): number {
    const next = (this.counters.get(type) ?? 0) + 1;
    this.counters.set(type, next);
    return ID_BASES[type] + next;
  }

  /** Call after changing any order: the cached sorted views are rebuilt on the next query. */
  touchOrders(): void {
    this.orderVersion++;
  }

  touchCatalog(): void {
    this.catalogVersion++;
  }

  // ---- locations -------------------------------------------------------------------------------------------

  addLocation(input: { name: string; address1?: string; city?: string; provinceCode?: string; zip?: string; countryCode?: string; stockExistingItems?: boolean }): FakeLocation {
    const id = this.nextId('Location');
    const location: FakeLocation = {
      id,
      gid: gid('Location', id),
      name: input.name,
      isActive: true,
      fulfillsOnlineOrders: true,
      address1: input.address1 ?? '1 Warehouse Way',
      city: input.city ?? 'Louisville',
      provinceCode: input.provinceCode ?? 'KY',
      zip: input.zip ?? '40202',
      countryCode: input.countryCode ?? 'US',
      createdAt: nowMs(),
    };
    this.locations.set(id, location);
    this.locationList.push(location);
    // Convenience for tests: existing items are stocked at a new location unless asked otherwise (Shopify needs
    // an explicit activation; `stockExistingItems:false` reproduces ITEM_NOT_STOCKED_AT_LOCATION).
    if (input.stockExistingItems !== false) {
      for (const item of this.inventoryItemList) item.levels.set(id, { locationId: id, available: 0, onHand: 0, updatedAt: location.createdAt });
    }
    this.touchCatalog();
    return location;
  }

  firstLocation(): FakeLocation {
    return this.locationList.find((l) => l.isActive) ?? this.locationList[0]!;
  }

  // ---- catalog ---------------------------------------------------------------------------------------------

  addProduct(input: ProductInput, at: number = nowMs()): FakeProduct {
    const id = this.nextId('Product');
    const product: FakeProduct = {
      id,
      gid: gid('Product', id),
      title: input.title,
      handle: input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `product-${id}`,
      vendor: input.vendor ?? this.shop.name,
      productType: input.productType ?? '',
      status: input.status ?? 'ACTIVE',
      tags: input.tags ?? [],
      createdAt: at,
      updatedAt: at,
      variants: [],
    };
    const variantInputs = input.variants && input.variants.length > 0 ? input.variants : [{}];
    variantInputs.forEach((v, index) => {
      const variantId = this.nextId('ProductVariant');
      const itemId = this.nextId('InventoryItem');
      const sku = v.sku ?? null;
      const variant: FakeVariant = {
        id: variantId,
        gid: gid('ProductVariant', variantId),
        productId: id,
        sku,
        title: v.title ?? (variantInputs.length === 1 ? 'Default Title' : `Variant ${index + 1}`),
        barcode: v.barcode ?? null,
        priceCents: toCents(v.price ?? '10.00'),
        compareAtPriceCents: null,
        inventoryItemId: itemId,
        position: index + 1,
        createdAt: at,
        updatedAt: at,
      };
      const levels = new Map<number, FakeInventoryLevel>();
      for (const location of this.locationList) {
        levels.set(location.id, { locationId: location.id, available: v.available ?? 0, onHand: v.available ?? 0, updatedAt: at });
      }
      const item: FakeInventoryItem = {
        id: itemId,
        gid: gid('InventoryItem', itemId),
        variantId,
        sku,
        tracked: v.tracked ?? true,
        requiresShipping: true,
        createdAt: at,
        updatedAt: at,
        levels,
      };
      product.variants.push(variant);
      this.variants.set(variantId, variant);
      this.variantList.push(variant);
      this.inventoryItems.set(itemId, item);
      this.inventoryItemList.push(item);
      if (sku) {
        const key = sku.toLowerCase();
        const list = this.variantsBySku.get(key);
        if (list) list.push(variant);
        else this.variantsBySku.set(key, [variant]);
      }
    });
    this.products.set(id, product);
    this.productList.push(product);
    this.touchCatalog();
    return product;
  }

  /** `count` one-variant products with SKUs `${prefix}00001`…, priced 5.00–54.99. */
  seedProducts(count: number, options: { prefix?: string; available?: number } = {}): FakeProduct[] {
    const prefix = options.prefix ?? 'SKU-';
    const width = Math.max(5, String(count).length);
    const out: FakeProduct[] = [];
    const at = nowMs();
    for (let i = 1; i <= count; i++) {
      const sku = `${prefix}${String(i).padStart(width, '0')}`;
      out.push(
        this.addProduct(
          { title: `Product ${sku}`, variants: [{ sku, price: (500 + ((i * 37) % 5000)) / 100, barcode: String(4_000_000_000_000 + i), available: options.available }] },
          at,
        ),
      );
    }
    return out;
  }

  variantBySku(sku: string): FakeVariant | undefined {
    return this.variantsBySku.get(sku.toLowerCase())?.[0];
  }

  inventoryItemBySku(sku: string): FakeInventoryItem | undefined {
    const variant = this.variantBySku(sku);
    return variant ? this.inventoryItems.get(variant.inventoryItemId) : undefined;
  }

  variantInventoryQuantity(variant: FakeVariant): number {
    const item = this.inventoryItems.get(variant.inventoryItemId);
    if (!item) return 0;
    let total = 0;
    for (const level of item.levels.values()) total += level.available;
    return total;
  }

  setAvailable(itemOrSku: string | number, quantity: number, locationId?: number | string): void {
    const item =
      typeof itemOrSku === 'number'
        ? this.inventoryItems.get(itemOrSku)
        : (this.inventoryItems.get(parseId('InventoryItem', itemOrSku) ?? -1) ?? this.inventoryItemBySku(itemOrSku));
    if (!item) throw new Error(`No inventory item ${String(itemOrSku)}`);
    const location = locationId === undefined ? this.firstLocation() : this.locations.get(parseId('Location', locationId) ?? -1);
    if (!location) throw new Error(`No location ${String(locationId)}`);
    const now = nowMs();
    const level = item.levels.get(location.id) ?? { locationId: location.id, available: 0, onHand: 0, updatedAt: now };
    level.onHand += quantity - level.available;
    level.available = quantity;
    level.updatedAt = now;
    item.levels.set(location.id, level);
    item.updatedAt = now;
  }

  inventory(): InventoryRow[] {
    const rows: InventoryRow[] = [];
    for (const item of this.inventoryItemList) {
      for (const level of item.levels.values()) {
        const location = this.locations.get(level.locationId)!;
        rows.push({
          sku: item.sku,
          inventoryItemId: item.gid,
          locationId: location.gid,
          locationName: location.name,
          available: level.available,
          onHand: level.onHand,
        });
      }
    }
    return rows;
  }

  /** A catalog list sorted by a key, cached until the catalog changes. */
  sortedCatalog<T extends { id: number }>(name: string, list: readonly T[], sort: SortSpec<T> | null): readonly T[] {
    if (!sort) return list;
    const cached = this.catalogSortCache.get(name);
    if (cached && cached.version === this.catalogVersion) return cached.list as T[];
    const sorted = [...list].sort((a, b) => {
      const va = sort.value(a);
      const vb = sort.value(b);
      if (va < vb) return -1;
      if (va > vb) return 1;
      return a.id - b.id;
    });
    this.catalogSortCache.set(name, { version: this.catalogVersion, list: sorted });
    return sorted;
  }

  // ---- orders ----------------------------------------------------------------------------------------------

  private newOrder(input: OrderInput, seq: number, defaults: { at: number; customerIndex: number }): FakeOrder {
    const id = this.nextId('Order');
    const number = seq;
    const createdAt = input.createdAt !== undefined ? toMs(input.createdAt) : defaults.at;
    const firstName = FIRST_NAMES[defaults.customerIndex % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(defaults.customerIndex / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const email = `${firstName}.${lastName}${defaults.customerIndex}@example.com`.toLowerCase();
    const baseAddress = usAddress(defaults.customerIndex, firstName, lastName);
    const customer: FakeCustomer | null =
      input.customer === null
        ? null
        : {
            id: ID_BASES.Customer + 1 + defaults.customerIndex,
            firstName,
            lastName,
            email,
            phone: baseAddress.phone,
            ...input.customer,
          };
    const shippingAddress = input.shippingAddress === null ? null : fillAddress(input.shippingAddress ?? {}, baseAddress);
    const billingAddress = input.billingAddress === null ? null : fillAddress(input.billingAddress ?? {}, shippingAddress ?? baseAddress);
    const order: FakeOrder = {
      id,
      gid: gid('Order', id),
      name: input.name ?? `#${1000 + number}`,
      number,
      createdAt,
      updatedAt: input.updatedAt !== undefined ? toMs(input.updatedAt) : createdAt,
      processedAt: input.processedAt !== undefined ? toMs(input.processedAt) : createdAt,
      cancelledAt: input.cancelledAt != null ? toMs(input.cancelledAt) : null,
      closedAt: input.closedAt != null ? toMs(input.closedAt) : null,
      cancelReason: input.cancelReason ?? null,
      displayFinancialStatus: input.displayFinancialStatus ?? 'PAID',
      displayFulfillmentStatus: input.displayFulfillmentStatus ?? 'UNFULFILLED',
      currencyCode: input.currencyCode ?? this.shop.currencyCode,
      email: input.email !== undefined ? input.email : (customer?.email ?? email),
      phone: input.phone !== undefined ? input.phone : null,
      tags: input.tags ?? [],
      note: input.note ?? null,
      test: input.test ?? false,
      taxCents: input.tax !== undefined ? toCents(input.tax) : 0,
      customer,
      shippingAddress,
      billingAddress,
      lineItems: [],
      shippingLines: [],
      fulfillmentOrders: [],
      fulfillments: [],
    };
    const shippingInputs = input.shippingLines ?? [{ title: 'Standard Shipping', code: 'STANDARD', price: '5.00', source: 'shopify' }];
    order.shippingLines = shippingInputs.map((s) => ({
      id: this.nextId('ShippingLine'),
      title: s.title ?? 'Standard Shipping',
      code: s.code === undefined ? 'STANDARD' : s.code,
      source: s.source ?? 'shopify',
      priceCents: toCents(s.price ?? '5.00'),
    }));
    const locationId = input.locationId !== undefined ? parseId('Location', input.locationId) : this.firstLocation().id;
    if (locationId === null || !this.locations.has(locationId)) throw new Error(`No location ${String(input.locationId)}`);
    this.setLines(order, input.lineItems ?? [{ sku: this.variantList[0]?.sku ?? 'SKU-00001', quantity: 1 }], locationId);
    return order;
  }

  /** Replaces an order's lines and gives it one OPEN fulfillment order holding them all at `locationId`. */
  private setLines(order: FakeOrder, inputs: LineItemInput[], locationId: number): void {
    for (const line of order.lineItems) this.lineItems.delete(line.id);
    for (const fo of order.fulfillmentOrders) {
      this.fulfillmentOrders.delete(fo.id);
      for (const li of fo.lineItems) this.fulfillmentOrderLineItems.delete(li.id);
    }
    order.lineItems = inputs.map((input) => this.newLineItem(order.id, input));
    for (const line of order.lineItems) this.lineItems.set(line.id, line);
    const cancelled = order.cancelledAt !== null;
    const foId = this.nextId('FulfillmentOrder');
    const fo: FakeFulfillmentOrder = {
      id: foId,
      orderId: order.id,
      locationId,
      status: cancelled ? 'CANCELLED' : 'OPEN',
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
      lineItems: order.lineItems
        .filter((line) => line.requiresShipping)
        .map((line) => ({
          id: this.nextId('FulfillmentOrderLineItem'),
          fulfillmentOrderId: foId,
          lineItemId: line.id,
          totalQuantity: line.quantity,
          remainingQuantity: cancelled ? 0 : line.quantity,
        })),
    };
    order.fulfillmentOrders = fo.lineItems.length > 0 ? [fo] : [];
    for (const f of order.fulfillmentOrders) {
      this.fulfillmentOrders.set(f.id, f);
      for (const li of f.lineItems) this.fulfillmentOrderLineItems.set(li.id, li);
    }
  }

  private newLineItem(orderId: number, input: LineItemInput): FakeLineItem {
    const sku = input.sku ?? null;
    const variant = sku ? this.variantBySku(sku) : undefined;
    const product = variant ? this.products.get(variant.productId) : undefined;
    const quantity = input.quantity ?? 1;
    return {
      id: this.nextId('LineItem'),
      orderId,
      sku,
      title: input.title ?? product?.title ?? `Product ${sku ?? 'without SKU'}`,
      variantTitle: input.variantTitle !== undefined ? input.variantTitle : variant && variant.title !== 'Default Title' ? variant.title : null,
      quantity,
      currentQuantity: quantity,
      priceCents: input.price !== undefined ? toCents(input.price) : (variant?.priceCents ?? 1999),
      variantId: variant?.id ?? null,
      productId: variant?.productId ?? null,
      requiresShipping: input.requiresShipping ?? true,
      vendor: product?.vendor ?? null,
    };
  }

  private insertOrder(order: FakeOrder): void {
    this.orders.set(order.id, order);
    this.orderList.push(order);
  }

  addOrder(input: OrderInput = {}): FakeOrder {
    const seq = this.orderList.length + 1;
    const order = this.newOrder(input, seq, { at: nowMs(), customerIndex: seq - 1 });
    this.insertOrder(order);
    this.touchOrders();
    return order;
  }

  seedOrders(count: number, options: SeedOrdersOptions = {}): FakeOrder[] {
    let skus = options.skus;
    if (!skus || skus.length === 0) {
      if (this.variantList.length === 0) this.seedProducts(options.skuCount ?? 50);
      skus = this.variantList.filter((v) => v.sku).map((v) => v.sku!);
    }
    const linesPerOrder = options.linesPerOrder ?? 3;
    const interval = options.intervalMs ?? 1000;
    const start = options.startAt !== undefined ? toMs(options.startAt) : nowMs() - Math.max(0, count - 1) * interval;
    const out: FakeOrder[] = [];
    for (let i = 0; i < count; i++) {
      const seq = this.orderList.length + 1;
      const lines: LineItemInput[] = [];
      for (let j = 0; j < linesPerOrder; j++) lines.push({ sku: skus[(i * linesPerOrder + j) % skus.length]!, quantity: 1 + ((i + j) % 3) });
      // Customers repeat (997 of them), so "same e-mail, several orders" happens in seeded data as in a real shop.
      const order = this.newOrder(
        { lineItems: lines, displayFinancialStatus: options.displayFinancialStatus },
        seq,
        { at: Math.floor((start + i * interval) / 1000) * 1000, customerIndex: i % 997 },
      );
      this.insertOrder(order);
      out.push(order);
    }
    this.touchOrders();
    return out;
  }

  findOrder(id: number | string): FakeOrder | undefined {
    const numeric = parseId('Order', id);
    return numeric === null ? undefined : this.orders.get(numeric);
  }

  requireOrder(id: number | string): FakeOrder {
    const order = this.findOrder(id);
    if (!order) throw new Error(`No order ${String(id)}`);
    return order;
  }

  /** A change's updatedAt: now, but always after the previous value so the change is visible to `updated_at:>` queries. */
  bumpUpdatedAt(order: FakeOrder, at?: number): void {
    // Shopify's updated_at is the time of the change (second precision): two changes in one second share it.
    order.updatedAt = at ?? nowMs();
  }

  updateOrder(id: number | string, patch: OrderPatch): FakeOrder {
    const order = this.requireOrder(id);
    const { lineItems, createdAt, updatedAt, processedAt, cancelledAt, closedAt, tax, customer, shippingAddress, billingAddress, shippingLines } = patch;
    // Only the plain fields a seller can change are copied (a PATCH over HTTP may carry anything, e.g. an id).
    for (const key of ['cancelReason', 'displayFinancialStatus', 'displayFulfillmentStatus', 'currencyCode', 'email', 'phone', 'tags', 'note', 'test'] as const) {
      if (patch[key] !== undefined) Object.assign(order, { [key]: patch[key] });
    }
    if (createdAt !== undefined) order.createdAt = toMs(createdAt);
    if (processedAt !== undefined) order.processedAt = toMs(processedAt);
    if (cancelledAt !== undefined) order.cancelledAt = cancelledAt === null ? null : toMs(cancelledAt);
    if (closedAt !== undefined) order.closedAt = closedAt === null ? null : toMs(closedAt);
    if (tax !== undefined) order.taxCents = toCents(tax);
    if (customer !== undefined) order.customer = customer === null ? null : { ...(order.customer ?? { id: this.nextId('Customer'), firstName: null, lastName: null, email: null, phone: null }), ...customer };
    if (shippingAddress !== undefined) order.shippingAddress = shippingAddress === null ? null : fillAddress(shippingAddress, order.shippingAddress ?? usAddress(0, '', ''));
    if (billingAddress !== undefined) order.billingAddress = billingAddress === null ? null : fillAddress(billingAddress, order.billingAddress ?? usAddress(0, '', ''));
    if (shippingLines !== undefined) {
      order.shippingLines = shippingLines.map((s) => ({
        id: this.nextId('ShippingLine'),
        title: s.title ?? 'Standard Shipping',
        code: s.code === undefined ? 'STANDARD' : s.code,
        source: s.source ?? 'shopify',
        priceCents: toCents(s.price ?? '5.00'),
      }));
    }
    if (lineItems !== undefined) {
      if (order.fulfillments.length > 0) throw new Error('Cannot replace the lines of an order that has fulfillments');
      this.setLines(order, lineItems, order.fulfillmentOrders[0]?.locationId ?? this.firstLocation().id);
    }
    this.bumpUpdatedAt(order, updatedAt !== undefined ? toMs(updatedAt) : undefined);
    this.touchOrders();
    return order;
  }

  /** Cancels like Shopify's admin: cancelled and closed (archived), lines' current quantity 0, open work cancelled. */
  cancelOrder(id: number | string, options: { reason?: string; refund?: boolean } = {}): FakeOrder {
    const order = this.requireOrder(id);
    // The time of the cancel: Shopify never stamps a change in the future (a cursor would then skip what follows).
    const now = nowMs();
    order.cancelledAt = now;
    order.closedAt = order.closedAt ?? now;
    order.cancelReason = options.reason ?? 'customer';
    if (options.refund) order.displayFinancialStatus = 'REFUNDED';
    for (const line of order.lineItems) line.currentQuantity = 0;
    for (const fo of order.fulfillmentOrders) {
      if (fo.status === 'OPEN' || fo.status === 'IN_PROGRESS') {
        fo.status = 'CANCELLED';
        fo.updatedAt = now;
      }
    }
    this.bumpUpdatedAt(order, now);
    this.touchOrders();
    return order;
  }

  closeOrder(id: number | string): FakeOrder {
    const order = this.requireOrder(id);
    this.bumpUpdatedAt(order);
    order.closedAt = order.updatedAt;
    this.touchOrders();
    return order;
  }

  /** Orders sorted ascending by `key` then id, cached until an order changes. */
  sortedOrders(key: OrderSortKey): readonly FakeOrder[] {
    const cached = this.sortCache.get(key);
    if (cached && cached.version === this.orderVersion) return cached.list;
    const sort = orderSort(key);
    const list = [...this.orderList].sort((a, b) => {
      const va = sort.value(a) as number;
      const vb = sort.value(b) as number;
      return va - vb || a.id - b.id;
    });
    this.sortCache.set(key, { version: this.orderVersion, list });
    return list;
  }

  orderSubtotalCents(order: FakeOrder, current = false): number {
    let total = 0;
    for (const line of order.lineItems) total += line.priceCents * (current ? line.currentQuantity : line.quantity);
    return total;
  }

  orderShippingCents(order: FakeOrder): number {
    let total = 0;
    for (const line of order.shippingLines) total += line.priceCents;
    return total;
  }

  orderTotalCents(order: FakeOrder, current = false): number {
    return this.orderSubtotalCents(order, current) + this.orderShippingCents(order) + order.taxCents;
  }

  /** Recomputes displayFulfillmentStatus from what remains to fulfil (after a fulfillment). */
  refreshFulfillmentStatus(order: FakeOrder): void {
    let total = 0;
    let remaining = 0;
    for (const fo of order.fulfillmentOrders) {
      for (const li of fo.lineItems) {
        total += li.totalQuantity;
        remaining += li.remainingQuantity;
      }
    }
    if (total === 0) return;
    order.displayFulfillmentStatus = remaining === 0 ? 'FULFILLED' : remaining < total ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED';
  }

  // ---- REST / webhook rendering ------------------------------------------------------------------------------

  /** The order as REST and the orders/* webhooks carry it (shop-local timestamps, decimal strings, comma tags). */
  restOrder(order: FakeOrder): Record<string, unknown> {
    const t = (ms: number | null) => (ms === null ? null : restTime(ms, this.shop.utcOffsetMinutes));
    const money = (cents: number) => moneyRest(cents);
    const priceSet = (cents: number) => ({
      shop_money: { amount: money(cents), currency_code: order.currencyCode },
      presentment_money: { amount: money(cents), currency_code: order.currencyCode },
    });
    const address = (a: FakeAddress | null) =>
      a && {
        first_name: a.firstName,
        last_name: a.lastName,
        name: [a.firstName, a.lastName].filter(Boolean).join(' '),
        company: a.company,
        address1: a.address1,
        address2: a.address2,
        city: a.city,
        province: a.province,
        province_code: a.provinceCode,
        zip: a.zip,
        country: a.country,
        country_code: a.countryCode,
        phone: a.phone,
        latitude: null,
        longitude: null,
      };
    const fulfillmentStatus =
      order.displayFulfillmentStatus === 'FULFILLED' ? 'fulfilled' : order.displayFulfillmentStatus === 'PARTIALLY_FULFILLED' ? 'partial' : null;
    const fulfilledByLine = new Map<number, number>();
    for (const f of order.fulfillments) for (const li of f.lineItems) fulfilledByLine.set(li.lineItemId, (fulfilledByLine.get(li.lineItemId) ?? 0) + li.quantity);
    const subtotal = this.orderSubtotalCents(order);
    const total = this.orderTotalCents(order);
    return {
      id: order.id,
      admin_graphql_api_id: order.gid,
      name: order.name,
      order_number: 1000 + order.number,
      number: order.number,
      email: order.email,
      contact_email: order.email,
      phone: order.phone,
      created_at: t(order.createdAt),
      updated_at: t(order.updatedAt),
      processed_at: t(order.processedAt),
      cancelled_at: t(order.cancelledAt),
      cancel_reason: order.cancelReason,
      closed_at: t(order.closedAt),
      currency: order.currencyCode,
      presentment_currency: order.currencyCode,
      financial_status: order.displayFinancialStatus.toLowerCase(),
      fulfillment_status: fulfillmentStatus,
      confirmed: true,
      test: order.test,
      tags: order.tags.join(', '),
      note: order.note,
      total_price: money(total),
      subtotal_price: money(subtotal),
      total_tax: money(order.taxCents),
      total_discounts: '0.00',
      current_total_price: money(this.orderTotalCents(order, true)),
      total_price_set: priceSet(total),
      subtotal_price_set: priceSet(subtotal),
      total_shipping_price_set: priceSet(this.orderShippingCents(order)),
      customer: order.customer && {
        id: order.customer.id,
        admin_graphql_api_id: gid('Customer', order.customer.id),
        email: order.customer.email,
        first_name: order.customer.firstName,
        last_name: order.customer.lastName,
        phone: order.customer.phone,
      },
      shipping_address: address(order.shippingAddress),
      billing_address: address(order.billingAddress),
      line_items: order.lineItems.map((line) => {
        const fulfilled = fulfilledByLine.get(line.id) ?? 0;
        return {
          id: line.id,
          admin_graphql_api_id: gid('LineItem', line.id),
          variant_id: line.variantId,
          product_id: line.productId,
          sku: line.sku,
          title: line.title,
          variant_title: line.variantTitle,
          name: lineItemName(line),
          quantity: line.quantity,
          current_quantity: line.currentQuantity,
          price: money(line.priceCents),
          price_set: priceSet(line.priceCents),
          fulfillable_quantity: Math.max(0, line.currentQuantity - fulfilled),
          fulfillment_status: fulfilled === 0 ? null : fulfilled >= line.quantity ? 'fulfilled' : 'partial',
          requires_shipping: line.requiresShipping,
          grams: 0,
          vendor: line.vendor,
          tax_lines: [],
          discount_allocations: [],
        };
      }),
      shipping_lines: order.shippingLines.map((s) => ({
        id: s.id,
        title: s.title,
        code: s.code,
        source: s.source,
        price: money(s.priceCents),
        price_set: priceSet(s.priceCents),
        discounted_price: money(s.priceCents),
        carrier_identifier: null,
      })),
      fulfillments: order.fulfillments.map((f) => ({
        id: f.id,
        admin_graphql_api_id: gid('Fulfillment', f.id),
        name: f.name,
        status: f.status.toLowerCase(),
        created_at: t(f.createdAt),
        updated_at: t(f.updatedAt),
        location_id: f.locationId,
        tracking_company: f.trackingInfo[0]?.company ?? null,
        tracking_number: f.trackingInfo[0]?.number ?? null,
        tracking_numbers: f.trackingInfo.map((ti) => ti.number).filter(Boolean),
        tracking_url: f.trackingInfo[0]?.url ?? null,
        tracking_urls: f.trackingInfo.map((ti) => ti.url).filter(Boolean),
        line_items: f.lineItems.map((li) => ({ id: li.lineItemId, quantity: li.quantity })),
      })),
      refunds: [],
    };
  }
}

export function lineItemName(line: FakeLineItem): string {
  return line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title;
}

export function orderSort(key: OrderSortKey): SortSpec<FakeOrder> {
  switch (key) {
    case 'CREATED_AT':
      return dateSort((o) => o.createdAt);
    case 'UPDATED_AT':
      return dateSort((o) => o.updatedAt);
    case 'PROCESSED_AT':
      return dateSort((o) => o.processedAt);
    case 'ORDER_NUMBER':
      return { value: (o) => o.number };
    case 'ID':
      return { value: (o) => o.id };
  }
}
