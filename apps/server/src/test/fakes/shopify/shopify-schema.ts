/**
 * The slice of Shopify's Admin GraphQL schema the fake answers: shop, orders (with line items, shipping lines,
 * fulfillment orders and fulfillments), locations, products, variants, inventory items and levels, webhook
 * subscriptions; mutations inventorySetQuantities, fulfillmentCreate(V2), fulfillmentTrackingInfoUpdate,
 * webhookSubscriptionCreate/Delete. A field not listed here is refused like Shopify refuses an unknown field
 * (`undefinedField`), so a connector never silently depends on something the fake does not model.
 */
import type { FieldNode } from 'graphql';
import { FieldError, objectType, type ArgSpec, type Args, type FieldSpec, type GraphQLRequest, type Schema, type TypeSpec } from './graphql-engine';
import { byId, CursorError, dateSort, paginate, type ConnectionArgs, type Page, type SortSpec } from './pagination';
import { compileSearch, matchDate, matchNumber, matchText, type FieldMatcher } from './search-query';
import {
  gid,
  isoTime,
  lineItemName,
  moneyDecimal,
  moneyRest,
  nowMs,
  orderSort,
  parseId,
  type FakeAddress,
  type FakeAdjustmentGroup,
  type FakeCustomer,
  type FakeFulfillment,
  type FakeFulfillmentOrder,
  type FakeFulfillmentOrderLineItem,
  type FakeInventoryChange,
  type FakeInventoryItem,
  type FakeInventoryLevel,
  type FakeLineItem,
  type FakeLocation,
  type FakeOrder,
  type FakeProduct,
  type FakeShippingLine,
  type FakeShopStore,
  type FakeTrackingInfo,
  type FakeVariant,
  type FakeWebhookSubscription,
  type OrderSortKey,
} from './store';

export interface SearchWarning {
  path: string[];
  query: string;
  warnings: { field: string; message: string }[];
}

export interface ShopifyContext {
  store: FakeShopStore;
  request: GraphQLRequest<ShopifyContext>;
  apiVersion: string;
  scopes: string[];
  searchWarnings: SearchWarning[];
}

export const MAX_PAGE_SIZE = 250;
const MAX_INPUT_ARRAY = 250;
/** Shopify keeps @idempotent keys for 24 hours; a key reused later is a new operation. */
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export const WEBHOOK_TOPICS = [
  'APP_UNINSTALLED',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  'CUSTOMERS_DELETE',
  'CUSTOMERS_DATA_REQUEST',
  'CUSTOMERS_REDACT',
  'SHOP_REDACT',
  'FULFILLMENTS_CREATE',
  'FULFILLMENTS_UPDATE',
  'FULFILLMENT_ORDERS_CANCELLED',
  'INVENTORY_ITEMS_CREATE',
  'INVENTORY_ITEMS_UPDATE',
  'INVENTORY_ITEMS_DELETE',
  'INVENTORY_LEVELS_CONNECT',
  'INVENTORY_LEVELS_UPDATE',
  'INVENTORY_LEVELS_DISCONNECT',
  'LOCATIONS_CREATE',
  'LOCATIONS_UPDATE',
  'ORDERS_CANCELLED',
  'ORDERS_CREATE',
  'ORDERS_DELETE',
  'ORDERS_EDITED',
  'ORDERS_FULFILLED',
  'ORDERS_PAID',
  'ORDERS_PARTIALLY_FULFILLED',
  'ORDERS_UPDATED',
  'PRODUCTS_CREATE',
  'PRODUCTS_DELETE',
  'PRODUCTS_UPDATE',
  'SHOP_UPDATE',
] as const;

/** `ORDERS_PARTIALLY_FULFILLED` → `orders/partially_fulfilled` (the X-Shopify-Topic form). */
export function topicToRest(topic: string): string {
  if (topic.includes('/')) return topic;
  const resources = ['INVENTORY_LEVELS', 'INVENTORY_ITEMS', 'FULFILLMENT_ORDERS', 'FULFILLMENTS', 'ORDERS', 'PRODUCTS', 'CUSTOMERS', 'LOCATIONS', 'APP', 'SHOP'];
  const resource = resources.find((r) => topic.startsWith(`${r}_`));
  if (!resource) return topic.toLowerCase();
  return `${resource.toLowerCase()}/${topic.slice(resource.length + 1).toLowerCase()}`;
}

export function topicToEnum(topic: string): string {
  return topic.includes('/') ? topic.replace('/', '_').toUpperCase() : topic.toUpperCase();
}

/** Is `version` at least `min`? `unstable` is newer than every release; unknown strings count as current. */
export function versionAtLeast(version: string, min: string): boolean {
  if (!/^\d{4}-\d{2}$/.test(version)) return true;
  return version >= min;
}

// ---- helpers ---------------------------------------------------------------------------------------------------

const Int: ArgSpec = { type: 'Int', scalar: 'Int' };
const Str: ArgSpec = { type: 'String', scalar: 'String' };
const Bool: ArgSpec = { type: 'Boolean', scalar: 'Boolean' };
const RequiredId: ArgSpec = { type: 'ID!', scalar: 'ID', required: true };

function enumArg(type: string, values: readonly string[], required = false): ArgSpec {
  return { type: required ? `${type}!` : type, enumValues: values, required };
}

function connectionArgs(extra: Record<string, ArgSpec> = {}): Record<string, ArgSpec> {
  return { first: Int, last: Int, after: Str, before: Str, reverse: Bool, ...extra };
}

function pageArgs(args: Args): ConnectionArgs {
  return {
    first: typeof args.first === 'number' ? args.first : null,
    last: typeof args.last === 'number' ? args.last : null,
    after: typeof args.after === 'string' ? args.after : null,
    before: typeof args.before === 'string' ? args.before : null,
    reverse: args.reverse === true,
  };
}

/** One page of `list`; `sort` null means by id (the order the lists are kept in). */
function page<T extends { id: number }>(list: readonly T[], sort: SortSpec<T> | null, matches: ((item: T) => boolean) | null, args: Args): Page<T> {
  try {
    return paginate(list, sort ?? (byId as SortSpec<T>), matches, pageArgs(args));
  } catch (error) {
    if (error instanceof CursorError) throw new FieldError(error.message, { code: 'BAD_REQUEST' });
    throw error;
  }
}

function search<T>(ctx: ShopifyContext, field: FieldNode, args: Args, fields: Record<string, FieldMatcher<T>>, options: Parameters<typeof compileSearch<T>>[2] = {}): (item: T) => boolean {
  const query = typeof args.query === 'string' ? args.query : null;
  const compiled = compileSearch(query, fields, options);
  if (compiled.warnings.length > 0 && query) {
    ctx.searchWarnings.push({ path: [field.alias?.value ?? field.name.value], query, warnings: compiled.warnings });
  }
  return compiled.test;
}

interface MoneyBagSource {
  cents: number;
  currency: string;
}

function moneyBag(cents: number, currency: string): MoneyBagSource {
  return { cents, currency };
}

interface AddressSource extends FakeAddress {
  id: string | null;
}

function address(a: FakeAddress | null, id: string | null): AddressSource | null {
  return a ? { ...a, id } : null;
}

function userError(field: string[] | null, message: string, code?: string): Record<string, unknown> {
  return code ? { code, field, message } : { field, message };
}

/** Stable JSON (sorted keys) so an idempotent retry with the same input in another key order still matches. */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${fingerprint((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

// ---- search fields -----------------------------------------------------------------------------------------------

const ORDER_SEARCH: Record<string, FieldMatcher<FakeOrder>> = {
  updated_at: (o, op, v) => matchDate(o.updatedAt, op, v),
  created_at: (o, op, v) => matchDate(o.createdAt, op, v),
  processed_at: (o, op, v) => matchDate(o.processedAt, op, v),
  status: (o, _op, v) => {
    switch (v.toLowerCase()) {
      case 'any':
        return true;
      case 'open':
        return o.closedAt === null && o.cancelledAt === null;
      case 'closed':
        return o.closedAt !== null;
      case 'cancelled':
        return o.cancelledAt !== null;
      default:
        return false;
    }
  },
  financial_status: (o, _op, v) => {
    const value = v.toLowerCase();
    return value === 'any' || o.displayFinancialStatus.toLowerCase() === value;
  },
  fulfillment_status: (o, _op, v) => {
    const value = v.toLowerCase();
    const status = o.displayFulfillmentStatus;
    switch (value) {
      case 'any':
        return true;
      case 'unshipped':
      case 'unfulfilled':
        return status === 'UNFULFILLED';
      case 'shipped':
      case 'fulfilled':
        return status === 'FULFILLED';
      case 'partial':
        return status === 'PARTIALLY_FULFILLED';
      default:
        return status.toLowerCase() === value;
    }
  },
  tag: (o, op, v) => o.tags.some((t) => matchText(t, op, v)),
  tag_not: (o, op, v) => !o.tags.some((t) => matchText(t, op, v)),
  name: (o, op, v) => matchText(o.name, op, v) || matchText(o.name.replace(/^#/, ''), op, v.replace(/^#/, '')),
  email: (o, op, v) => matchText(o.email, op, v),
  id: (o, op, v) => matchNumber(o.id, op, v),
  sku: (o, op, v) => o.lineItems.some((l) => matchText(l.sku, op, v)),
  customer_id: (o, op, v) => matchNumber(o.customer?.id, op, v),
  test: (o, _op, v) => String(o.test) === v.toLowerCase(),
};

const ORDER_SEARCH_OPTIONS = {
  defaultField: ((o: FakeOrder, _op, v) => {
    const needle = v.toLowerCase();
    return [o.name, o.email, o.customer?.firstName, o.customer?.lastName].some((s) => s?.toLowerCase().includes(needle));
  }) as FieldMatcher<FakeOrder>,
  setKey: { sku: (o: FakeOrder) => o.lineItems.map((l) => l.sku ?? '') },
};

function variantSearch(store: FakeShopStore): Record<string, FieldMatcher<FakeVariant>> {
  return {
    sku: (v, op, value) => matchText(v.sku, op, value),
    barcode: (v, op, value) => matchText(v.barcode, op, value),
    title: (v, op, value) => matchText(v.title, op, value),
    id: (v, op, value) => matchNumber(v.id, op, value),
    product_id: (v, op, value) => matchNumber(v.productId, op, value),
    inventory_item_id: (v, op, value) => matchNumber(v.inventoryItemId, op, value),
    updated_at: (v, op, value) => matchDate(v.updatedAt, op, value),
    created_at: (v, op, value) => matchDate(v.createdAt, op, value),
    inventory_quantity: (v, op, value) => matchNumber(store.variantInventoryQuantity(v), op, value),
  };
}

const INVENTORY_ITEM_SEARCH: Record<string, FieldMatcher<FakeInventoryItem>> = {
  sku: (i, op, v) => matchText(i.sku, op, v),
  id: (i, op, v) => matchNumber(i.id, op, v),
  created_at: (i, op, v) => matchDate(i.createdAt, op, v),
  updated_at: (i, op, v) => matchDate(i.updatedAt, op, v),
};

function productSearch(): Record<string, FieldMatcher<FakeProduct>> {
  return {
    title: (p, op, v) => matchText(p.title, op, v),
    sku: (p, op, v) => p.variants.some((x) => matchText(x.sku, op, v)),
    barcode: (p, op, v) => p.variants.some((x) => matchText(x.barcode, op, v)),
    id: (p, op, v) => matchNumber(p.id, op, v),
    updated_at: (p, op, v) => matchDate(p.updatedAt, op, v),
    created_at: (p, op, v) => matchDate(p.createdAt, op, v),
    status: (p, _op, v) => v.split(',').some((s) => s.trim().toUpperCase() === p.status),
    product_type: (p, op, v) => matchText(p.productType, op, v),
    vendor: (p, op, v) => matchText(p.vendor, op, v),
    tag: (p, op, v) => p.tags.some((t) => matchText(t, op, v)),
    handle: (p, op, v) => matchText(p.handle, op, v),
  };
}

const LOCATION_SEARCH: Record<string, FieldMatcher<FakeLocation>> = {
  name: (l, op, v) => matchText(l.name, op, v),
  id: (l, op, v) => matchNumber(l.id, op, v),
  active: (l, _op, v) => String(l.isActive) === v.toLowerCase(),
};

// ---- types -------------------------------------------------------------------------------------------------------

type Ctx = ShopifyContext;

function orderOf(ctx: Ctx, orderId: number): FakeOrder {
  return ctx.store.orders.get(orderId)!;
}

function remainingFor(order: FakeOrder, lineId: number): number {
  let remaining = 0;
  for (const fo of order.fulfillmentOrders) {
    if (fo.status === 'CANCELLED') continue;
    for (const li of fo.lineItems) if (li.lineItemId === lineId) remaining += li.remainingQuantity;
  }
  return remaining;
}

interface LevelSource {
  id: number;
  item: FakeInventoryItem;
  level: FakeInventoryLevel;
}

function buildTypes(): TypeSpec<Ctx>[] {
  const types: TypeSpec<Ctx>[] = [];
  const add = <S>(name: string, fields: Record<string, FieldSpec<S, Ctx>>, memberOf?: readonly string[]) => {
    types.push(objectType<S, Ctx>(name, fields, memberOf));
  };
  const scalar = <S>(resolve?: (source: S, args: Args, ctx: Ctx) => unknown, args?: Record<string, ArgSpec>): FieldSpec<S, Ctx> => ({ kind: 'scalar', resolve, args });
  const obj = <S>(type: string, resolve?: (source: S, args: Args, ctx: Ctx, field: FieldNode) => unknown, args?: Record<string, ArgSpec>): FieldSpec<S, Ctx> => ({ kind: 'object', type, resolve, args });
  const list = <S>(type: string, resolve?: (source: S, args: Args, ctx: Ctx) => unknown, args?: Record<string, ArgSpec>): FieldSpec<S, Ctx> => ({ kind: 'list', type, resolve, args });
  const conn = <S>(type: string, resolve: (source: S, args: Args, ctx: Ctx, field: FieldNode) => unknown, args: Record<string, ArgSpec> = connectionArgs()): FieldSpec<S, Ctx> => ({
    kind: 'connection',
    type,
    resolve,
    args,
  });
  const node = ['Node'];

  add<MoneyBagSource>('MoneyBag', {
    shopMoney: obj('MoneyV2', (m) => m),
    presentmentMoney: obj('MoneyV2', (m) => m),
  });
  add<MoneyBagSource>('MoneyV2', {
    amount: scalar((m) => moneyDecimal(m.cents)),
    currencyCode: scalar((m) => m.currency),
  });

  add<Ctx['store']['shop']>('Shop', {
    id: scalar(() => gid('Shop', 60_000_000_001)),
    name: scalar((s) => s.name),
    email: scalar((s) => s.email),
    contactEmail: scalar((s) => s.email),
    myshopifyDomain: scalar((s) => s.domain),
    url: scalar((s) => `https://${s.domain}`),
    currencyCode: scalar((s) => s.currencyCode),
    enabledPresentmentCurrencies: scalar((s) => [s.currencyCode]),
    ianaTimezone: scalar(() => 'America/New_York'),
    timezoneAbbreviation: scalar((s) => (s.utcOffsetMinutes === -240 ? 'EDT' : 'UTC')),
    timezoneOffset: scalar((s) => {
      const m = s.utcOffsetMinutes;
      const abs = Math.abs(m);
      return `${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
    }),
    timezoneOffsetMinutes: scalar((s) => s.utcOffsetMinutes),
    plan: obj('ShopPlan', () => ({})),
    primaryDomain: obj('Domain', (s) => s),
  }, node);
  add('ShopPlan', {
    displayName: scalar(() => 'Basic'),
    publicDisplayName: scalar(() => 'Basic'),
    partnerDevelopment: scalar(() => false),
    shopifyPlus: scalar(() => false),
  });
  add<Ctx['store']['shop']>('Domain', {
    id: scalar(() => gid('Domain', 90_000_000_001)),
    host: scalar((s) => s.domain),
    url: scalar((s) => `https://${s.domain}`),
    sslEnabled: scalar(() => true),
  }, node);
  add<{ scopes: string[] }>('AppInstallation', {
    id: scalar(() => gid('AppInstallation', 1)),
    accessScopes: list('AccessScope', (a) => a.scopes.map((handle) => ({ handle }))),
  }, node);
  add<{ handle: string }>('AccessScope', { handle: scalar((s) => s.handle), description: scalar(() => '') });
  add<{ count: number }>('Count', { count: scalar((c) => c.count), precision: scalar(() => 'EXACT') });

  add<FakeCustomer>('Customer', {
    id: scalar((c) => gid('Customer', c.id)),
    legacyResourceId: scalar((c) => String(c.id)),
    firstName: scalar((c) => c.firstName),
    lastName: scalar((c) => c.lastName),
    displayName: scalar((c) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email),
    email: scalar((c) => c.email),
    phone: scalar((c) => c.phone),
    defaultEmailAddress: obj('CustomerEmailAddress', (c) => (c.email ? { emailAddress: c.email } : null)),
    defaultPhoneNumber: obj('CustomerPhoneNumber', (c) => (c.phone ? { phoneNumber: c.phone } : null)),
  }, node);
  add<{ emailAddress: string }>('CustomerEmailAddress', { emailAddress: scalar((e) => e.emailAddress), marketingState: scalar(() => 'NOT_SUBSCRIBED') });
  add<{ phoneNumber: string }>('CustomerPhoneNumber', { phoneNumber: scalar((p) => p.phoneNumber), marketingState: scalar(() => 'NOT_SUBSCRIBED') });

  add<AddressSource>('MailingAddress', {
    id: scalar((a) => a.id),
    name: scalar((a) => [a.firstName, a.lastName].filter(Boolean).join(' ') || null),
    firstName: scalar((a) => a.firstName),
    lastName: scalar((a) => a.lastName),
    company: scalar((a) => a.company),
    address1: scalar((a) => a.address1),
    address2: scalar((a) => a.address2),
    city: scalar((a) => a.city),
    province: scalar((a) => a.province),
    provinceCode: scalar((a) => a.provinceCode),
    zip: scalar((a) => a.zip),
    country: scalar((a) => a.country),
    countryCodeV2: scalar((a) => a.countryCode),
    phone: scalar((a) => a.phone),
    latitude: scalar(() => null),
    longitude: scalar(() => null),
    formatted: scalar(
      (a) => [a.company, a.address1, a.address2, [a.city, a.provinceCode, a.zip].filter(Boolean).join(' '), a.country].filter(Boolean),
      { withName: Bool, withCompany: Bool },
    ),
  }, node);

  add<FakeOrder>('Order', {
    id: scalar((o) => o.gid),
    legacyResourceId: scalar((o) => String(o.id)),
    name: scalar((o) => o.name),
    createdAt: scalar((o) => isoTime(o.createdAt)),
    updatedAt: scalar((o) => isoTime(o.updatedAt)),
    processedAt: scalar((o) => isoTime(o.processedAt)),
    cancelledAt: scalar((o) => (o.cancelledAt === null ? null : isoTime(o.cancelledAt))),
    cancelReason: scalar((o) => (o.cancelReason ? o.cancelReason.toUpperCase() : null)),
    closedAt: scalar((o) => (o.closedAt === null ? null : isoTime(o.closedAt))),
    closed: scalar((o) => o.closedAt !== null),
    confirmed: scalar(() => true),
    test: scalar((o) => o.test),
    displayFinancialStatus: scalar((o) => o.displayFinancialStatus),
    displayFulfillmentStatus: scalar((o) => o.displayFulfillmentStatus),
    fullyPaid: scalar((o) => o.displayFinancialStatus === 'PAID'),
    unpaid: scalar((o) => o.displayFinancialStatus === 'PENDING' || o.displayFinancialStatus === 'AUTHORIZED'),
    currencyCode: scalar((o) => o.currencyCode),
    presentmentCurrencyCode: scalar((o) => o.currencyCode),
    email: scalar((o) => o.email),
    phone: scalar((o) => o.phone),
    tags: scalar((o) => o.tags),
    note: scalar((o) => o.note),
    sourceName: scalar(() => 'web'),
    discountCodes: scalar(() => []),
    paymentGatewayNames: scalar(() => ['shopify_payments']),
    statusPageUrl: scalar((o, _a, ctx) => `https://${ctx.store.shop.domain}/orders/${o.id}/status`),
    customer: obj('Customer', (o) => o.customer),
    shippingAddress: obj('MailingAddress', (o) => address(o.shippingAddress, gid('MailingAddress', o.id * 10 + 1))),
    billingAddress: obj('MailingAddress', (o) => address(o.billingAddress, gid('MailingAddress', o.id * 10 + 2))),
    totalPriceSet: obj('MoneyBag', (o, _a, ctx) => moneyBag(ctx.store.orderTotalCents(o), o.currencyCode)),
    subtotalPriceSet: obj('MoneyBag', (o, _a, ctx) => moneyBag(ctx.store.orderSubtotalCents(o), o.currencyCode)),
    totalShippingPriceSet: obj('MoneyBag', (o, _a, ctx) => moneyBag(ctx.store.orderShippingCents(o), o.currencyCode)),
    totalTaxSet: obj('MoneyBag', (o) => moneyBag(o.taxCents, o.currencyCode)),
    totalDiscountsSet: obj('MoneyBag', (o) => moneyBag(0, o.currencyCode)),
    currentTotalPriceSet: obj('MoneyBag', (o, _a, ctx) => moneyBag(ctx.store.orderTotalCents(o, true), o.currencyCode)),
    currentSubtotalPriceSet: obj('MoneyBag', (o, _a, ctx) => moneyBag(ctx.store.orderSubtotalCents(o, true), o.currencyCode)),
    totalOutstandingSet: obj('MoneyBag', (o, _a, ctx) =>
      moneyBag(o.displayFinancialStatus === 'PENDING' || o.displayFinancialStatus === 'AUTHORIZED' ? ctx.store.orderTotalCents(o) : 0, o.currencyCode),
    ),
    lineItems: conn('LineItem', (o, args) => page(o.lineItems, null, null, args)),
    shippingLines: conn('ShippingLine', (o, args) => page(o.shippingLines, null, null, args), connectionArgs({ includeRemovals: Bool })),
    shippingLine: obj('ShippingLine', (o) => o.shippingLines[0] ?? null),
    fulfillmentOrders: conn(
      'FulfillmentOrder',
      (o, args) => page(o.fulfillmentOrders, null, (fo) => args.displayable !== true || fo.status !== 'CANCELLED', args),
      connectionArgs({ displayable: Bool, query: Str }),
    ),
    fulfillments: list('Fulfillment', (o, args) => (typeof args.first === 'number' ? o.fulfillments.slice(0, args.first) : o.fulfillments), { first: Int }),
    customAttributes: list('Attribute', () => []),
  }, ['Node', 'CommentEventSubject', 'HasEvents', 'HasMetafields']);
  add<{ key: string; value: string }>('Attribute', { key: scalar(), value: scalar() });

  add<FakeLineItem>('LineItem', {
    id: scalar((l) => gid('LineItem', l.id)),
    sku: scalar((l) => l.sku),
    name: scalar((l) => lineItemName(l)),
    title: scalar((l) => l.title),
    variantTitle: scalar((l) => l.variantTitle),
    vendor: scalar((l) => l.vendor),
    quantity: scalar((l) => l.quantity),
    currentQuantity: scalar((l) => l.currentQuantity),
    unfulfilledQuantity: scalar((l, _a, ctx) => remainingFor(orderOf(ctx, l.orderId), l.id)),
    refundableQuantity: scalar((l) => l.currentQuantity),
    requiresShipping: scalar((l) => l.requiresShipping),
    taxable: scalar(() => true),
    isGiftCard: scalar(() => false),
    originalUnitPriceSet: obj('MoneyBag', (l, _a, ctx) => moneyBag(l.priceCents, orderOf(ctx, l.orderId).currencyCode)),
    discountedUnitPriceSet: obj('MoneyBag', (l, _a, ctx) => moneyBag(l.priceCents, orderOf(ctx, l.orderId).currencyCode)),
    originalTotalSet: obj('MoneyBag', (l, _a, ctx) => moneyBag(l.priceCents * l.quantity, orderOf(ctx, l.orderId).currencyCode)),
    discountedTotalSet: obj('MoneyBag', (l, _a, ctx) => moneyBag(l.priceCents * l.quantity, orderOf(ctx, l.orderId).currencyCode)),
    totalDiscountSet: obj('MoneyBag', (l, _a, ctx) => moneyBag(0, orderOf(ctx, l.orderId).currencyCode)),
    taxLines: list('TaxLine', () => [], { first: Int }),
    discountAllocations: list('DiscountAllocation', () => []),
    variant: obj('ProductVariant', (l, _a, ctx) => (l.variantId === null ? null : (ctx.store.variants.get(l.variantId) ?? null))),
    product: obj('Product', (l, _a, ctx) => (l.productId === null ? null : (ctx.store.products.get(l.productId) ?? null))),
  }, node);
  add<{ title: string }>('TaxLine', { title: scalar(), rate: scalar(), ratePercentage: scalar(), priceSet: obj('MoneyBag') });
  add('DiscountAllocation', { allocatedAmountSet: obj('MoneyBag') });

  add<FakeShippingLine>('ShippingLine', {
    id: scalar((s) => gid('ShippingLine', s.id)),
    title: scalar((s) => s.title),
    code: scalar((s) => s.code),
    source: scalar((s) => s.source),
    carrierIdentifier: scalar(() => null),
    isRemoved: scalar(() => false),
    originalPriceSet: obj('MoneyBag', (s, _a, ctx) => moneyBag(s.priceCents, ctx.store.shop.currencyCode)),
    discountedPriceSet: obj('MoneyBag', (s, _a, ctx) => moneyBag(s.priceCents, ctx.store.shop.currencyCode)),
  });

  add<FakeFulfillmentOrder>('FulfillmentOrder', {
    id: scalar((f) => gid('FulfillmentOrder', f.id)),
    status: scalar((f) => f.status),
    requestStatus: scalar(() => 'UNSUBMITTED'),
    createdAt: scalar((f) => isoTime(f.createdAt)),
    updatedAt: scalar((f) => isoTime(f.updatedAt)),
    orderId: scalar((f) => gid('Order', f.orderId)),
    orderName: scalar((f, _a, ctx) => orderOf(ctx, f.orderId).name),
    order: obj('Order', (f, _a, ctx) => orderOf(ctx, f.orderId)),
    assignedLocation: obj('FulfillmentOrderAssignedLocation', (f, _a, ctx) => ctx.store.locations.get(f.locationId) ?? null),
    lineItems: conn('FulfillmentOrderLineItem', (f, args) => page(f.lineItems, null, null, args)),
    supportedActions: list('FulfillmentOrderSupportedAction', (f) =>
      f.status === 'OPEN' || f.status === 'IN_PROGRESS' ? [{ action: 'CREATE_FULFILLMENT' }, { action: 'HOLD' }, { action: 'MOVE' }] : [],
    ),
    fulfillments: conn('Fulfillment', (f, args, ctx) => page(orderOf(ctx, f.orderId).fulfillments.filter((x) => x.fulfillmentOrderIds.includes(f.id)), null, null, args)),
  }, node);
  add<{ action: string }>('FulfillmentOrderSupportedAction', { action: scalar((a) => a.action) });
  add<FakeLocation>('FulfillmentOrderAssignedLocation', {
    name: scalar((l) => l.name),
    address1: scalar((l) => l.address1),
    city: scalar((l) => l.city),
    zip: scalar((l) => l.zip),
    province: scalar((l) => l.provinceCode),
    countryCode: scalar((l) => l.countryCode),
    location: obj('Location', (l) => l),
  });
  add<FakeFulfillmentOrderLineItem>('FulfillmentOrderLineItem', {
    id: scalar((li) => gid('FulfillmentOrderLineItem', li.id)),
    remainingQuantity: scalar((li) => li.remainingQuantity),
    totalQuantity: scalar((li) => li.totalQuantity),
    sku: scalar((li, _a, ctx) => ctx.store.lineItems.get(li.lineItemId)?.sku ?? null),
    productTitle: scalar((li, _a, ctx) => ctx.store.lineItems.get(li.lineItemId)?.title ?? null),
    variantTitle: scalar((li, _a, ctx) => ctx.store.lineItems.get(li.lineItemId)?.variantTitle ?? null),
    inventoryItemId: scalar((li, _a, ctx) => {
      const variantId = ctx.store.lineItems.get(li.lineItemId)?.variantId;
      const variant = variantId == null ? undefined : ctx.store.variants.get(variantId);
      return variant ? gid('InventoryItem', variant.inventoryItemId) : null;
    }),
    lineItem: obj('LineItem', (li, _a, ctx) => ctx.store.lineItems.get(li.lineItemId) ?? null),
    variant: obj('ProductVariant', (li, _a, ctx) => {
      const variantId = ctx.store.lineItems.get(li.lineItemId)?.variantId;
      return variantId == null ? null : (ctx.store.variants.get(variantId) ?? null);
    }),
  }, node);

  add<FakeFulfillment>('Fulfillment', {
    id: scalar((f) => gid('Fulfillment', f.id)),
    legacyResourceId: scalar((f) => String(f.id)),
    name: scalar((f) => f.name),
    status: scalar((f) => f.status),
    displayStatus: scalar((f) => (f.status === 'SUCCESS' ? 'FULFILLED' : 'CANCELED')),
    createdAt: scalar((f) => isoTime(f.createdAt)),
    updatedAt: scalar((f) => isoTime(f.updatedAt)),
    totalQuantity: scalar((f) => f.lineItems.reduce((n, li) => n + li.quantity, 0)),
    trackingInfo: list('FulfillmentTrackingInfo', (f, args) => (typeof args.first === 'number' ? f.trackingInfo.slice(0, args.first) : f.trackingInfo), { first: Int }),
    location: obj('Location', (f, _a, ctx) => ctx.store.locations.get(f.locationId) ?? null),
    order: obj('Order', (f, _a, ctx) => orderOf(ctx, f.orderId)),
    fulfillmentLineItems: conn('FulfillmentLineItem', (f, args) => page(f.lineItems, null, null, args)),
  }, node);
  add<FakeTrackingInfo>('FulfillmentTrackingInfo', { company: scalar((t) => t.company), number: scalar((t) => t.number), url: scalar((t) => t.url) });
  add<FakeFulfillment['lineItems'][number]>('FulfillmentLineItem', {
    id: scalar((li) => gid('FulfillmentLineItem', li.id)),
    quantity: scalar((li) => li.quantity),
    lineItem: obj('LineItem', (li, _a, ctx) => ctx.store.lineItems.get(li.lineItemId) ?? null),
  }, node);

  add<FakeLocation>('Location', {
    id: scalar((l) => l.gid),
    legacyResourceId: scalar((l) => String(l.id)),
    name: scalar((l) => l.name),
    isActive: scalar((l) => l.isActive),
    fulfillsOnlineOrders: scalar((l) => l.fulfillsOnlineOrders),
    shipsInventory: scalar(() => true),
    hasActiveInventory: scalar(() => true),
    createdAt: scalar((l) => isoTime(l.createdAt)),
    address: obj('LocationAddress', (l) => l),
    inventoryLevel: obj('InventoryLevel', (l, args, ctx) => {
      const item = ctx.store.inventoryItems.get(parseId('InventoryItem', args.inventoryItemId) ?? -1);
      const level = item?.levels.get(l.id);
      return item && level ? { id: l.id, item, level } : null;
    }, { inventoryItemId: RequiredId }),
    inventoryLevels: conn('InventoryLevel', (l, args, ctx) => {
      const levels: LevelSource[] = [];
      for (const item of ctx.store.inventoryItemList) {
        const level = item.levels.get(l.id);
        if (level) levels.push({ id: item.id, item, level });
      }
      return page(levels, null, null, args);
    }, connectionArgs({ query: Str })),
  }, node);
  add<FakeLocation>('LocationAddress', {
    address1: scalar((l) => l.address1),
    address2: scalar(() => null),
    city: scalar((l) => l.city),
    province: scalar((l) => l.provinceCode),
    provinceCode: scalar((l) => l.provinceCode),
    zip: scalar((l) => l.zip),
    country: scalar((l) => (l.countryCode === 'US' ? 'United States' : l.countryCode)),
    countryCode: scalar((l) => l.countryCode),
    phone: scalar(() => null),
    formatted: scalar((l) => [l.address1, `${l.city} ${l.provinceCode} ${l.zip}`, l.countryCode]),
  });

  add<FakeProduct>('Product', {
    id: scalar((p) => p.gid),
    legacyResourceId: scalar((p) => String(p.id)),
    title: scalar((p) => p.title),
    handle: scalar((p) => p.handle),
    vendor: scalar((p) => p.vendor),
    productType: scalar((p) => p.productType),
    status: scalar((p) => p.status),
    tags: scalar((p) => p.tags),
    createdAt: scalar((p) => isoTime(p.createdAt)),
    updatedAt: scalar((p) => isoTime(p.updatedAt)),
    totalInventory: scalar((p, _a, ctx) => p.variants.reduce((n, v) => n + ctx.store.variantInventoryQuantity(v), 0)),
    tracksInventory: scalar(() => true),
    hasOnlyDefaultVariant: scalar((p) => p.variants.length === 1 && p.variants[0]!.title === 'Default Title'),
    variants: conn('ProductVariant', (p, args) => page(p.variants, null, null, args)),
    variantsCount: obj('Count', (p) => ({ count: p.variants.length })),
  }, ['Node', 'HasMetafields', 'Publishable']);

  add<FakeVariant>('ProductVariant', {
    id: scalar((v) => v.gid),
    legacyResourceId: scalar((v) => String(v.id)),
    sku: scalar((v) => v.sku),
    title: scalar((v) => v.title),
    displayName: scalar((v, _a, ctx) => `${ctx.store.products.get(v.productId)?.title ?? ''} - ${v.title}`),
    barcode: scalar((v) => v.barcode),
    price: scalar((v) => moneyRest(v.priceCents)),
    compareAtPrice: scalar((v) => (v.compareAtPriceCents === null ? null : moneyRest(v.compareAtPriceCents))),
    inventoryQuantity: scalar((v, _a, ctx) => ctx.store.variantInventoryQuantity(v)),
    availableForSale: scalar(() => true),
    position: scalar((v) => v.position),
    createdAt: scalar((v) => isoTime(v.createdAt)),
    updatedAt: scalar((v) => isoTime(v.updatedAt)),
    selectedOptions: list('SelectedOption', (v) => [{ name: 'Title', value: v.title }]),
    inventoryItem: obj('InventoryItem', (v, _a, ctx) => ctx.store.inventoryItems.get(v.inventoryItemId) ?? null),
    product: obj('Product', (v, _a, ctx) => ctx.store.products.get(v.productId) ?? null),
  }, ['Node', 'HasMetafields']);
  add<{ name: string; value: string }>('SelectedOption', { name: scalar(), value: scalar() });

  add<FakeInventoryItem>('InventoryItem', {
    id: scalar((i) => i.gid),
    legacyResourceId: scalar((i) => String(i.id)),
    sku: scalar((i) => i.sku),
    tracked: scalar((i) => i.tracked),
    requiresShipping: scalar((i) => i.requiresShipping),
    createdAt: scalar((i) => isoTime(i.createdAt)),
    updatedAt: scalar((i) => isoTime(i.updatedAt)),
    variant: obj('ProductVariant', (i, _a, ctx) => ctx.store.variants.get(i.variantId) ?? null),
    inventoryLevel: obj('InventoryLevel', (i, args) => {
      const locationId = parseId('Location', args.locationId);
      const level = locationId === null ? undefined : i.levels.get(locationId);
      return level ? { id: level.locationId, item: i, level } : null;
    }, { locationId: RequiredId }),
    inventoryLevels: conn('InventoryLevel', (i, args) => {
      const levels: LevelSource[] = [...i.levels.values()].map((level) => ({ id: level.locationId, item: i, level }));
      return page(levels, null, null, args);
    }, connectionArgs({ query: Str })),
  }, ['Node', 'LegacyInteroperability']);

  add<LevelSource>('InventoryLevel', {
    id: scalar((l) => `gid://shopify/InventoryLevel/${l.level.locationId}?inventory_item_id=${l.item.id}`),
    createdAt: scalar((l) => isoTime(l.item.createdAt)),
    updatedAt: scalar((l) => isoTime(l.level.updatedAt)),
    canDeactivate: scalar(() => true),
    item: obj('InventoryItem', (l) => l.item),
    location: obj('Location', (l, _a, ctx) => ctx.store.locations.get(l.level.locationId) ?? null),
    quantities: list('InventoryQuantity', (l, args) => {
      const names = asArray(args.names).filter((n): n is string => typeof n === 'string');
      return names.map((name) => ({
        id: l.level.locationId,
        name,
        quantity: name === 'available' ? l.level.available : name === 'on_hand' ? l.level.onHand : 0,
        updatedAt: isoTime(l.level.updatedAt),
      }));
    }, { names: { type: '[String!]!', required: true } }),
  }, node);
  add<{ name: string; quantity: number; updatedAt: string }>('InventoryQuantity', {
    id: scalar((q) => `gid://shopify/InventoryQuantity/${q.name}`),
    name: scalar((q) => q.name),
    quantity: scalar((q) => q.quantity),
    updatedAt: scalar((q) => q.updatedAt),
  }, node);

  add<FakeAdjustmentGroup>('InventoryAdjustmentGroup', {
    id: scalar((g) => g.gid),
    createdAt: scalar((g) => isoTime(g.createdAt)),
    reason: scalar((g) => g.reason),
    referenceDocumentUri: scalar((g) => g.referenceDocumentUri),
    changes: list('InventoryChange', (g, args) => {
      const itemIds = asArray(args.inventoryItemIds).map((x) => parseId('InventoryItem', x));
      const locationIds = asArray(args.locationIds).map((x) => parseId('Location', x));
      const names = asArray(args.quantityNames);
      return g.changes.filter(
        (c) => (itemIds.length === 0 || itemIds.includes(c.itemId)) && (locationIds.length === 0 || locationIds.includes(c.locationId)) && (names.length === 0 || names.includes(c.name)),
      );
    }, { inventoryItemIds: { type: '[ID!]' }, locationIds: { type: '[ID!]' }, quantityNames: { type: '[String!]' } }),
  }, node);
  add<FakeInventoryChange>('InventoryChange', {
    name: scalar((c) => c.name),
    delta: scalar((c) => c.delta),
    quantityAfterChange: scalar((c) => c.quantityAfterChange),
    ledgerDocumentUri: scalar(() => null),
    item: obj('InventoryItem', (c, _a, ctx) => ctx.store.inventoryItems.get(c.itemId) ?? null),
    location: obj('Location', (c, _a, ctx) => ctx.store.locations.get(c.locationId) ?? null),
  });

  add<FakeWebhookSubscription>('WebhookSubscription', {
    id: scalar((w) => w.gid),
    legacyResourceId: scalar((w) => String(w.id)),
    topic: scalar((w) => w.topic),
    format: scalar((w) => w.format),
    callbackUrl: scalar((w) => w.callbackUrl),
    uri: scalar((w) => w.callbackUrl),
    includeFields: scalar((w) => w.includeFields),
    filter: scalar((w) => w.filter),
    metafieldNamespaces: scalar(() => []),
    createdAt: scalar((w) => isoTime(w.createdAt)),
    updatedAt: scalar((w) => isoTime(w.updatedAt)),
    endpoint: obj('WebhookSubscriptionEndpoint', (w) => ({ __typename: 'WebhookHttpEndpoint', callbackUrl: w.callbackUrl })),
  }, node);
  add<{ callbackUrl: string }>('WebhookHttpEndpoint', { callbackUrl: scalar((e) => e.callbackUrl) }, ['WebhookSubscriptionEndpoint']);
  add('WebhookEventBridgeEndpoint', { arn: scalar() }, ['WebhookSubscriptionEndpoint']);
  add('WebhookPubSubEndpoint', { pubSubProject: scalar(), pubSubTopic: scalar() }, ['WebhookSubscriptionEndpoint']);
  types.push({ kind: 'union', name: 'WebhookSubscriptionEndpoint', types: ['WebhookHttpEndpoint', 'WebhookEventBridgeEndpoint', 'WebhookPubSubEndpoint'] });

  add<Record<string, unknown>>('UserError', { field: scalar((e) => e.field ?? null), message: scalar((e) => e.message) }, ['DisplayableError']);
  add<Record<string, unknown>>('InventorySetQuantitiesUserError', {
    code: scalar((e) => e.code ?? null),
    field: scalar((e) => e.field ?? null),
    message: scalar((e) => e.message),
  }, ['DisplayableError']);
  add<Record<string, unknown>>('InventorySetQuantitiesPayload', {
    inventoryAdjustmentGroup: obj('InventoryAdjustmentGroup', (p) => p.inventoryAdjustmentGroup ?? null),
    userErrors: list('InventorySetQuantitiesUserError', (p) => p.userErrors),
  });
  for (const name of ['FulfillmentCreatePayload', 'FulfillmentCreateV2Payload', 'FulfillmentTrackingInfoUpdatePayload']) {
    add<Record<string, unknown>>(name, {
      fulfillment: obj('Fulfillment', (p) => p.fulfillment ?? null),
      userErrors: list('UserError', (p) => p.userErrors),
    });
  }
  add<Record<string, unknown>>('WebhookSubscriptionCreatePayload', {
    webhookSubscription: obj('WebhookSubscription', (p) => p.webhookSubscription ?? null),
    userErrors: list('UserError', (p) => p.userErrors),
  });
  add<Record<string, unknown>>('WebhookSubscriptionDeletePayload', {
    deletedWebhookSubscriptionId: scalar((p) => p.deletedWebhookSubscriptionId ?? null),
    userErrors: list('UserError', (p) => p.userErrors),
  });

  types.push(queryRoot(), mutationRoot());
  return types;
}

// ---- query root --------------------------------------------------------------------------------------------------

const ORDER_SORT_KEYS = [
  'CREATED_AT',
  'CURRENT_TOTAL_PRICE',
  'CUSTOMER_NAME',
  'DESTINATION',
  'FINANCIAL_STATUS',
  'FULFILLMENT_STATUS',
  'ID',
  'ORDER_NUMBER',
  'PO_NUMBER',
  'PROCESSED_AT',
  'RELEVANCE',
  'TOTAL_ITEMS_QUANTITY',
  'TOTAL_PRICE',
  'UPDATED_AT',
] as const;
const SUPPORTED_ORDER_SORTS: readonly string[] = ['CREATED_AT', 'ID', 'ORDER_NUMBER', 'PROCESSED_AT', 'UPDATED_AT'];
const PRODUCT_SORT_KEYS = ['CREATED_AT', 'ID', 'INVENTORY_TOTAL', 'PRODUCT_TYPE', 'PUBLISHED_AT', 'RELEVANCE', 'TITLE', 'UPDATED_AT', 'VENDOR'] as const;
const VARIANT_SORT_KEYS = ['FULL_TITLE', 'ID', 'INVENTORY_LEVELS_AVAILABLE', 'INVENTORY_MANAGEMENT', 'INVENTORY_POLICY', 'INVENTORY_QUANTITY', 'NAME', 'POPULAR', 'POSITION', 'RELEVANCE', 'SKU', 'TITLE'] as const;

function productSortSpec(key: string): SortSpec<FakeProduct> | null {
  switch (key) {
    case 'TITLE':
      return { value: (p) => p.title.toLowerCase() };
    case 'UPDATED_AT':
      return dateSort((p) => p.updatedAt);
    case 'CREATED_AT':
      return dateSort((p) => p.createdAt);
    case 'PRODUCT_TYPE':
      return { value: (p) => p.productType.toLowerCase() };
    case 'VENDOR':
      return { value: (p) => p.vendor.toLowerCase() };
    default:
      return null;
  }
}

function variantSortSpec(key: string): SortSpec<FakeVariant> | null {
  switch (key) {
    case 'SKU':
      return { value: (v) => (v.sku ?? '').toLowerCase() };
    case 'TITLE':
    case 'NAME':
    case 'FULL_TITLE':
      return { value: (v) => v.title.toLowerCase() };
    case 'POSITION':
      return { value: (v) => v.position };
    default:
      return null;
  }
}

function queryRoot(): TypeSpec<Ctx> {
  return objectType<unknown, Ctx>('QueryRoot', {
    shop: { kind: 'object', type: 'Shop', resolve: (_s, _a, ctx) => ctx.store.shop },
    currentAppInstallation: { kind: 'object', type: 'AppInstallation', resolve: (_s, _a, ctx) => ({ scopes: ctx.scopes }) },
    orders: {
      kind: 'connection',
      type: 'Order',
      args: connectionArgs({ sortKey: enumArg('OrderSortKeys', ORDER_SORT_KEYS), query: Str, savedSearchId: { type: 'ID', scalar: 'ID' } }),
      resolve: (_s, args, ctx, field) => {
        // Shopify's default order sort is PROCESSED_AT.
        const sortKey = typeof args.sortKey === 'string' ? args.sortKey : 'PROCESSED_AT';
        if (!SUPPORTED_ORDER_SORTS.includes(sortKey)) throw new FieldError(`sortKey ${sortKey} is not supported by the Shopify fake`, { code: 'NOT_SUPPORTED' });
        const matches = search(ctx, field, args, ORDER_SEARCH, ORDER_SEARCH_OPTIONS);
        return page(ctx.store.sortedOrders(sortKey as OrderSortKey), orderSort(sortKey as OrderSortKey), matches, args);
      },
    },
    order: { kind: 'object', type: 'Order', args: { id: RequiredId }, resolve: (_s, args, ctx) => ctx.store.findOrder(String(args.id)) ?? null },
    ordersCount: {
      kind: 'object',
      type: 'Count',
      args: { query: Str, limit: Int, savedSearchId: { type: 'ID', scalar: 'ID' } },
      resolve: (_s, args, ctx, field) => {
        const matches = search(ctx, field, args, ORDER_SEARCH, ORDER_SEARCH_OPTIONS);
        return { count: ctx.store.orderList.reduce((n, o) => n + (matches(o) ? 1 : 0), 0) };
      },
    },
    locations: {
      kind: 'connection',
      type: 'Location',
      args: connectionArgs({ query: Str, sortKey: enumArg('LocationSortKeys', ['ID', 'NAME', 'RELEVANCE']), includeInactive: Bool, includeLegacy: Bool }),
      resolve: (_s, args, ctx, field) => {
        const matches = search(ctx, field, args, LOCATION_SEARCH);
        const sortKey = typeof args.sortKey === 'string' ? args.sortKey : 'NAME';
        const sort: SortSpec<FakeLocation> | null = sortKey === 'NAME' ? { value: (l) => l.name.toLowerCase() } : null;
        const list = ctx.store.sortedCatalog(`locations:${sortKey}`, ctx.store.locationList, sort);
        return page(list, sort, (l) => (args.includeInactive === true || l.isActive) && matches(l), args);
      },
    },
    location: {
      kind: 'object',
      type: 'Location',
      args: { id: { type: 'ID', scalar: 'ID' } },
      resolve: (_s, args, ctx) => (args.id === undefined ? ctx.store.firstLocation() : (ctx.store.locations.get(parseId('Location', args.id) ?? -1) ?? null)),
    },
    products: {
      kind: 'connection',
      type: 'Product',
      args: connectionArgs({ query: Str, sortKey: enumArg('ProductSortKeys', PRODUCT_SORT_KEYS), savedSearchId: { type: 'ID', scalar: 'ID' } }),
      resolve: (_s, args, ctx, field) => {
        const matches = search(ctx, field, args, productSearch(), {
          defaultField: (p, _op, v) => p.title.toLowerCase().includes(v.toLowerCase()),
          setKey: { sku: (p: FakeProduct) => p.variants.map((v) => v.sku ?? '') },
        });
        const sortKey = typeof args.sortKey === 'string' ? args.sortKey : 'ID';
        const sort = productSortSpec(sortKey);
        return page(ctx.store.sortedCatalog(`products:${sortKey}`, ctx.store.productList, sort), sort, matches, args);
      },
    },
    product: { kind: 'object', type: 'Product', args: { id: RequiredId }, resolve: (_s, args, ctx) => ctx.store.products.get(parseId('Product', args.id) ?? -1) ?? null },
    productVariants: {
      kind: 'connection',
      type: 'ProductVariant',
      args: connectionArgs({ query: Str, sortKey: enumArg('ProductVariantSortKeys', VARIANT_SORT_KEYS), savedSearchId: { type: 'ID', scalar: 'ID' } }),
      resolve: (_s, args, ctx, field) => {
        const matches = search(ctx, field, args, variantSearch(ctx.store), {
          defaultField: (v, _op, value) => (v.sku ?? '').toLowerCase().includes(value.toLowerCase()) || v.title.toLowerCase().includes(value.toLowerCase()),
          setKey: { sku: (v: FakeVariant) => [v.sku ?? ''], barcode: (v: FakeVariant) => [v.barcode ?? ''] },
        });
        const sortKey = typeof args.sortKey === 'string' ? args.sortKey : 'ID';
        const sort = variantSortSpec(sortKey);
        return page(ctx.store.sortedCatalog(`variants:${sortKey}`, ctx.store.variantList, sort), sort, matches, args);
      },
    },
    productVariant: {
      kind: 'object',
      type: 'ProductVariant',
      args: { id: RequiredId },
      resolve: (_s, args, ctx) => ctx.store.variants.get(parseId('ProductVariant', args.id) ?? -1) ?? null,
    },
    inventoryItems: {
      kind: 'connection',
      type: 'InventoryItem',
      args: connectionArgs({ query: Str }),
      resolve: (_s, args, ctx, field) => {
        const matches = search(ctx, field, args, INVENTORY_ITEM_SEARCH, { setKey: { sku: (i: FakeInventoryItem) => [i.sku ?? ''] } });
        return page(ctx.store.inventoryItemList, null, matches, args);
      },
    },
    inventoryItem: {
      kind: 'object',
      type: 'InventoryItem',
      args: { id: RequiredId },
      resolve: (_s, args, ctx) => ctx.store.inventoryItems.get(parseId('InventoryItem', args.id) ?? -1) ?? null,
    },
    fulfillmentOrder: {
      kind: 'object',
      type: 'FulfillmentOrder',
      args: { id: RequiredId },
      resolve: (_s, args, ctx) => ctx.store.fulfillmentOrders.get(parseId('FulfillmentOrder', args.id) ?? -1) ?? null,
    },
    fulfillment: {
      kind: 'object',
      type: 'Fulfillment',
      args: { id: RequiredId },
      resolve: (_s, args, ctx) => ctx.store.fulfillments.get(parseId('Fulfillment', args.id) ?? -1) ?? null,
    },
    webhookSubscriptions: {
      kind: 'connection',
      type: 'WebhookSubscription',
      args: connectionArgs({
        topics: { type: '[WebhookSubscriptionTopic!]' },
        callbackUrl: { type: 'URL', scalar: 'String' },
        uri: Str,
        format: enumArg('WebhookSubscriptionFormat', ['JSON', 'XML']),
        query: Str,
        sortKey: enumArg('WebhookSubscriptionSortKeys', ['CREATED_AT', 'ID', 'RELEVANCE']),
      }),
      resolve: (_s, args, ctx) => {
        const topics = asArray(args.topics).map(String);
        const url = typeof args.callbackUrl === 'string' ? args.callbackUrl : typeof args.uri === 'string' ? args.uri : null;
        return page(
          ctx.store.subscriptions,
          null,
          (w) => (topics.length === 0 || topics.includes(w.topic)) && (url === null || w.callbackUrl === url) && (args.format === undefined || args.format === w.format),
          args,
        );
      },
    },
    webhookSubscription: {
      kind: 'object',
      type: 'WebhookSubscription',
      args: { id: RequiredId },
      resolve: (_s, args, ctx) => ctx.store.subscriptions.find((w) => w.id === parseId('WebhookSubscription', args.id)) ?? null,
    },
  });
}

// ---- mutations ---------------------------------------------------------------------------------------------------

const INVENTORY_REASONS = new Set([
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_canceled',
  'movement_created',
  'movement_received',
  'movement_updated',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
]);

function mutationRoot(): TypeSpec<Ctx> {
  const fulfillmentCreate: FieldSpec<unknown, Ctx> = {
    kind: 'object',
    type: 'FulfillmentCreatePayload',
    cost: 10,
    args: { fulfillment: { type: 'FulfillmentInput!', required: true }, message: Str },
    resolve: (_s, args, ctx) => createFulfillment(ctx, asObject(args.fulfillment), typeof args.message === 'string' ? args.message : null),
  };
  return objectType<unknown, Ctx>('Mutation', {
    inventorySetQuantities: {
      kind: 'object',
      type: 'InventorySetQuantitiesPayload',
      cost: 10,
      args: { input: { type: 'InventorySetQuantitiesInput!', required: true } },
      resolve: (_s, args, ctx, field) => setQuantities(ctx, field, asObject(args.input)),
    },
    fulfillmentCreate,
    fulfillmentCreateV2: { ...fulfillmentCreate, type: 'FulfillmentCreateV2Payload' },
    fulfillmentTrackingInfoUpdate: {
      kind: 'object',
      type: 'FulfillmentTrackingInfoUpdatePayload',
      cost: 10,
      args: { fulfillmentId: RequiredId, trackingInfoInput: { type: 'FulfillmentTrackingInput!', required: true }, notifyCustomer: Bool },
      resolve: (_s, args, ctx) => {
        const fulfillment = ctx.store.fulfillments.get(parseId('Fulfillment', args.fulfillmentId) ?? -1);
        if (!fulfillment) return { fulfillment: null, userErrors: [userError(['fulfillmentId'], 'Fulfillment does not exist.')] };
        const now = nowMs();
        fulfillment.trackingInfo = trackingInfoFrom(asObject(args.trackingInfoInput));
        fulfillment.updatedAt = now;
        if (typeof args.notifyCustomer === 'boolean') fulfillment.notifyCustomer = args.notifyCustomer;
        const order = orderOf(ctx, fulfillment.orderId);
        ctx.store.bumpUpdatedAt(order);
        ctx.store.touchOrders();
        return { fulfillment, userErrors: [] };
      },
    },
    webhookSubscriptionCreate: {
      kind: 'object',
      type: 'WebhookSubscriptionCreatePayload',
      cost: 10,
      args: {
        topic: enumArg('WebhookSubscriptionTopic', WEBHOOK_TOPICS, true),
        webhookSubscription: { type: 'WebhookSubscriptionInput!', required: true },
      },
      resolve: (_s, args, ctx) => createSubscription(ctx, String(args.topic), asObject(args.webhookSubscription)),
    },
    webhookSubscriptionDelete: {
      kind: 'object',
      type: 'WebhookSubscriptionDeletePayload',
      cost: 10,
      args: { id: RequiredId },
      resolve: (_s, args, ctx) => {
        const id = parseId('WebhookSubscription', args.id);
        const index = ctx.store.subscriptions.findIndex((w) => w.id === id);
        if (index < 0) return { deletedWebhookSubscriptionId: null, userErrors: [userError(['id'], 'Webhook subscription does not exist')] };
        const [removed] = ctx.store.subscriptions.splice(index, 1);
        return { deletedWebhookSubscriptionId: removed!.gid, userErrors: [] };
      },
    },
  });
}

/**
 * inventorySetQuantities as of 2026-04+: `@idempotent(key:)` required, every quantity must carry
 * `changeFromQuantity` (null opts out of the compare-and-set), all-or-nothing on any user error, and the key
 * replays the first answer for the same input (or refuses a different input).
 */
function setQuantities(ctx: Ctx, field: FieldNode, input: Record<string, unknown>): Record<string, unknown> {
  const strict = versionAtLeast(ctx.apiVersion, '2026-04');
  const hasKey = ctx.request.hasDirective(field, 'idempotent');
  if (strict && !hasKey) {
    throw new FieldError('The @idempotent directive is required for this mutation but was not provided.', { code: 'BAD_REQUEST' });
  }
  const quantities = asArray(input.quantities).map(asObject);
  if (quantities.length > MAX_INPUT_ARRAY) {
    throw new FieldError(`The input array size of ${quantities.length} is greater than the maximum allowed of ${MAX_INPUT_ARRAY}.`, { code: 'MAX_INPUT_SIZE_EXCEEDED' });
  }
  if (strict && quantities.some((q) => !('changeFromQuantity' in q))) {
    // What Shopify answers (a GraphQL error, not a userError) when the compare-and-set value is left out.
    throw new FieldError('InventoryQuantityInput must include the following argument: changeFromQuantity.', { code: 'INVALID_FIELD_ARGUMENTS' });
  }

  const key = hasKey ? ctx.request.directiveArg(field, 'idempotent', 'key') : undefined;
  const print = fingerprint(input);
  const now = nowMs();
  if (typeof key === 'string') {
    const previous = ctx.store.idempotency.get(key);
    if (previous && now - previous.at < IDEMPOTENCY_TTL_MS) {
      if (previous.fingerprint === print) return previous.payload as Record<string, unknown>;
      return {
        inventoryAdjustmentGroup: null,
        userErrors: [userError(null, 'The same idempotency key cannot be used with different operation parameters.', 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH')],
      };
    }
  }

  const errors: Record<string, unknown>[] = [];
  const name = input.name;
  if (name !== 'available' && name !== 'on_hand') errors.push(userError(['input', 'name'], "The quantity name must be either 'available' or 'on_hand'.", 'INVALID_NAME'));
  if (typeof input.reason !== 'string' || !INVENTORY_REASONS.has(input.reason)) errors.push(userError(['input', 'reason'], 'The specified reason is invalid.', 'INVALID_REASON'));
  const ref = input.referenceDocumentUri;
  if (ref !== undefined && ref !== null && (typeof ref !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(ref))) {
    errors.push(userError(['input', 'referenceDocumentUri'], 'The specified reference document is invalid.', 'INVALID_REFERENCE_DOCUMENT'));
  }

  const seen = new Set<string>();
  const planned: { item: FakeInventoryItem; level: FakeInventoryLevel; quantity: number }[] = [];
  quantities.forEach((q, i) => {
    const at = (f: string) => ['input', 'quantities', String(i), f];
    const item = ctx.store.inventoryItems.get(parseId('InventoryItem', q.inventoryItemId) ?? -1);
    const locationId = parseId('Location', q.locationId);
    const location = locationId === null ? undefined : ctx.store.locations.get(locationId);
    if (!item) errors.push(userError(at('inventoryItemId'), 'The specified inventory item could not be found.', 'INVALID_INVENTORY_ITEM'));
    if (!location) errors.push(userError(at('locationId'), 'The specified location could not be found.', 'INVALID_LOCATION'));
    if (!item || !location) return;
    const pair = `${item.id}:${location.id}`;
    if (seen.has(pair)) {
      errors.push(userError(at('inventoryItemId'), 'The combination of inventoryItemId and locationId must be unique.', 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR'));
      return;
    }
    seen.add(pair);
    const level = item.levels.get(location.id);
    if (!level) {
      errors.push(userError(at('locationId'), 'The specified inventory item is not stocked at the location.', 'ITEM_NOT_STOCKED_AT_LOCATION'));
      return;
    }
    const quantity = q.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity)) {
      errors.push(userError(at('quantity'), 'The quantity is invalid.', 'INVALID_QUANTITY_TOO_LOW'));
      return;
    }
    if (quantity > 1_000_000_000) errors.push(userError(at('quantity'), "The total quantity can't be higher than 1,000,000,000.", 'INVALID_QUANTITY_TOO_HIGH'));
    if (quantity < -1_000_000_000) errors.push(userError(at('quantity'), "The total quantity can't be lower than -1,000,000,000.", 'INVALID_QUANTITY_TOO_LOW'));
    if (name === 'on_hand' && quantity < 0) errors.push(userError(at('quantity'), "The quantity can't be negative.", 'INVALID_QUANTITY_NEGATIVE'));
    const current = name === 'on_hand' ? level.onHand : level.available;
    if ('changeFromQuantity' in q) {
      if (q.changeFromQuantity !== null && q.changeFromQuantity !== current) {
        errors.push(userError(at('changeFromQuantity'), 'The changeFromQuantity value does not match persisted value.', 'CHANGE_FROM_QUANTITY_STALE'));
      }
    } else if (input.ignoreCompareQuantity !== true) {
      // Before 2026-04: compareQuantity, unless ignoreCompareQuantity is set.
      if (q.compareQuantity === undefined || q.compareQuantity === null) {
        errors.push(userError(at('compareQuantity'), 'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.', 'COMPARE_QUANTITY_REQUIRED'));
      } else if (q.compareQuantity !== current) {
        errors.push(userError(at('compareQuantity'), 'The compareQuantity value does not match persisted value.', 'COMPARE_QUANTITY_STALE'));
      }
    }
    planned.push({ item, level, quantity });
  });

  let payload: Record<string, unknown>;
  if (errors.length > 0) {
    payload = { inventoryAdjustmentGroup: null, userErrors: errors };
  } else {
    const changes: FakeInventoryChange[] = [];
    for (const { item, level, quantity } of planned) {
      const delta = quantity - (name === 'on_hand' ? level.onHand : level.available);
      if (delta === 0) continue;
      level.available += delta;
      level.onHand += delta;
      level.updatedAt = now;
      item.updatedAt = now;
      // Shopify reports the named quantity and the one that moved with it (available ⇄ on_hand).
      const primary = name === 'on_hand' ? 'on_hand' : 'available';
      const secondary = primary === 'available' ? 'on_hand' : 'available';
      changes.push({ name: primary, delta, quantityAfterChange: primary === 'available' ? level.available : level.onHand, itemId: item.id, locationId: level.locationId });
      changes.push({ name: secondary, delta, quantityAfterChange: secondary === 'available' ? level.available : level.onHand, itemId: item.id, locationId: level.locationId });
    }
    let group: FakeAdjustmentGroup | null = null;
    // Nothing changed (every quantity already as asked): Shopify answers no adjustment group and no error.
    if (changes.length > 0) {
      const id = ctx.store.nextId('InventoryAdjustmentGroup');
      group = { id, gid: gid('InventoryAdjustmentGroup', id), createdAt: now, reason: String(input.reason), referenceDocumentUri: typeof ref === 'string' ? ref : null, changes };
      ctx.store.adjustments.push(group);
    }
    payload = { inventoryAdjustmentGroup: group, userErrors: [] };
  }
  if (typeof key === 'string') ctx.store.idempotency.set(key, { fingerprint: print, payload, at: now });
  return payload;
}

function trackingInfoFrom(input: Record<string, unknown>): FakeTrackingInfo[] {
  const company = typeof input.company === 'string' ? input.company : null;
  const numbers = [...asArray(input.number), ...asArray(input.numbers)].filter((n): n is string => typeof n === 'string');
  const urls = [...asArray(input.url), ...asArray(input.urls)].filter((u): u is string => typeof u === 'string');
  if (numbers.length === 0) return company || urls.length > 0 ? [{ company, number: null, url: urls[0] ?? null }] : [];
  return numbers.map((number, i) => ({ company, number, url: urls[i] ?? null }));
}

/**
 * fulfillmentCreate: fulfils the given (or all remaining) fulfillment-order lines of one order at one location,
 * closes fulfillment orders with nothing left, and moves the order to PARTIALLY_FULFILLED / FULFILLED.
 */
function createFulfillment(ctx: Ctx, input: Record<string, unknown>, message: string | null): Record<string, unknown> {
  const groups = asArray(input.lineItemsByFulfillmentOrder).map(asObject);
  const fail = (field: string[], text: string) => ({ fulfillment: null, userErrors: [userError(field, text)] });
  if (groups.length === 0) return fail(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must contain at least one fulfillment order.');
  if (groups.length > MAX_INPUT_ARRAY) {
    throw new FieldError(`The input array size of ${groups.length} is greater than the maximum allowed of ${MAX_INPUT_ARRAY}.`, { code: 'MAX_INPUT_SIZE_EXCEEDED' });
  }
  const plan: { li: FakeFulfillmentOrderLineItem; quantity: number; fo: FakeFulfillmentOrder }[] = [];
  let order: FakeOrder | null = null;
  let locationId: number | null = null;
  const fos: FakeFulfillmentOrder[] = [];
  for (const [i, group] of groups.entries()) {
    const base = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i)];
    const fo = ctx.store.fulfillmentOrders.get(parseId('FulfillmentOrder', group.fulfillmentOrderId) ?? -1);
    if (!fo) return fail([...base, 'fulfillmentOrderId'], 'Fulfillment order does not exist.');
    if (order && (fo.orderId !== order.id || fo.locationId !== locationId)) {
      return fail([...base, 'fulfillmentOrderId'], 'All fulfillment orders must belong to the same order and be assigned to the same location.');
    }
    order = orderOf(ctx, fo.orderId);
    locationId = fo.locationId;
    if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS') {
      return fail([...base, 'fulfillmentOrderId'], `Fulfillment order ${gid('FulfillmentOrder', fo.id)} has an unfulfillable status= ${fo.status.toLowerCase()}.`);
    }
    fos.push(fo);
    const requested = group.fulfillmentOrderLineItems;
    if (requested === undefined || requested === null) {
      for (const li of fo.lineItems) if (li.remainingQuantity > 0) plan.push({ li, quantity: li.remainingQuantity, fo });
      continue;
    }
    for (const [j, raw] of asArray(requested).map(asObject).entries()) {
      const at = [...base, 'fulfillmentOrderLineItems', String(j)];
      const li = fo.lineItems.find((x) => x.id === parseId('FulfillmentOrderLineItem', raw.id));
      if (!li) return fail([...at, 'id'], 'Fulfillment order line item does not exist.');
      const quantity = raw.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0 || quantity > li.remainingQuantity) {
        return fail([...at, 'quantity'], 'Invalid fulfillment order line item quantity requested.');
      }
      plan.push({ li, quantity, fo });
    }
  }
  if (!order || locationId === null) return fail(['fulfillment'], 'Fulfillment order does not exist.');
  if (plan.length === 0) return fail(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Fulfillment order line items have nothing left to fulfill.');

  const now = nowMs();
  const id = ctx.store.nextId('Fulfillment');
  const fulfillment: FakeFulfillment = {
    id,
    orderId: order.id,
    name: `${order.name}.${order.fulfillments.length + 1}`,
    status: 'SUCCESS',
    createdAt: now,
    updatedAt: now,
    locationId,
    notifyCustomer: input.notifyCustomer === true,
    message,
    trackingInfo: trackingInfoFrom(asObject(input.trackingInfo)),
    fulfillmentOrderIds: fos.map((fo) => fo.id),
    lineItems: plan.map(({ li, quantity }, k) => ({ id: id * 100 + k + 1, lineItemId: li.lineItemId, fulfillmentOrderLineItemId: li.id, quantity })),
  };
  for (const { li, quantity } of plan) li.remainingQuantity -= quantity;
  for (const fo of fos) {
    fo.status = fo.lineItems.every((li) => li.remainingQuantity === 0) ? 'CLOSED' : 'IN_PROGRESS';
    fo.updatedAt = now;
  }
  order.fulfillments.push(fulfillment);
  ctx.store.fulfillments.set(id, fulfillment);
  ctx.store.fulfillmentList.push(fulfillment);
  ctx.store.refreshFulfillmentStatus(order);
  ctx.store.bumpUpdatedAt(order);
  ctx.store.touchOrders();
  return { fulfillment, userErrors: [] };
}

function createSubscription(ctx: Ctx, topic: string, input: Record<string, unknown>): Record<string, unknown> {
  const url = typeof input.callbackUrl === 'string' ? input.callbackUrl : typeof input.uri === 'string' ? input.uri : null;
  const fail = (text: string) => ({ webhookSubscription: null, userErrors: [userError(['webhookSubscription', 'callbackUrl'], text)] });
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    return fail('Address is invalid');
  }
  // Shopify only delivers to https; plain http is allowed to loopback hosts so tests can receive deliveries.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) return fail(`Address protocol ${parsed.protocol}// is not supported`);
  if (ctx.store.subscriptions.some((w) => w.topic === topic && w.callbackUrl === url)) return fail('Address for this topic has already been taken');
  const now = nowMs();
  const id = ctx.store.nextId('WebhookSubscription');
  const subscription: FakeWebhookSubscription = {
    id,
    gid: gid('WebhookSubscription', id),
    topic,
    callbackUrl: url!,
    format: input.format === 'XML' ? 'XML' : 'JSON',
    includeFields: asArray(input.includeFields).map(String),
    filter: typeof input.filter === 'string' ? input.filter : null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.subscriptions.push(subscription);
  return { webhookSubscription: subscription, userErrors: [] };
}

export function buildSchema(): Schema<ShopifyContext> {
  const types = new Map<string, TypeSpec<ShopifyContext>>();
  for (const type of buildTypes()) types.set(type.name, type);
  return { types, queryType: 'QueryRoot', mutationType: 'Mutation', maxPageSize: MAX_PAGE_SIZE };
}
