import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelActionOptions, ChannelTestResult } from '@omnio/domain';
import {
  ChannelAuthError, ChannelCallError, type ChannelProduct, type Connector, type ConnectorContext, type FulfillmentPush, type OrderPage,
  type StockLevel, type StockPushResult, type WebhookEvent,
} from '../connector';
import { fromGraphql, fromWebhook, type GqlOrder, type RestOrder } from './shopify-mapping';
import { legacyId, orderGid, shopifyGraphql, SHOPIFY_API_VERSION } from './shopify-graphql';
import { refreshShopifyToken } from './shopify-oauth';

/** Orders per page and lines per order in one query: the query's requested cost stays under Shopify's 1,000 per query. */
export const ORDERS_PAGE = 25;
const LINES_PAGE = 8;

const ORDER_FIELDS = `id legacyResourceId name createdAt updatedAt cancelledAt closedAt displayFinancialStatus displayFulfillmentStatus
  currencyCode email phone note tags
  customer { firstName lastName email phone }
  shippingAddress { firstName lastName company address1 address2 city province provinceCode zip country countryCodeV2 phone }
  billingAddress { firstName lastName company address1 address2 city province provinceCode zip country countryCodeV2 phone }
  totalShippingPriceSet { shopMoney { amount currencyCode } }
  shippingLines(first: 1) { nodes { title code } }`;

const LINE_FIELDS = 'id sku name quantity currentQuantity originalUnitPriceSet { shopMoney { amount currencyCode } }';

const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER_FIELDS} lineItems(first: ${LINES_PAGE}) { pageInfo { hasNextPage endCursor } nodes { ${LINE_FIELDS} } } }
  }
}`;

const MORE_LINES_QUERY = `query OrderLines($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${LINE_FIELDS} } } }
}`;

/** Shopify search syntax: a value with anything but letters, digits, _ and - is quoted. */
const quote = (v: string) => (/^[\w-]+$/.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`);

/** The orders search of one run: changed since the cursor, plus the seller's sub-options. */
export function ordersSearch(cursor: string | null, options: ChannelActionOptions<'import_orders'>): string {
  const terms: string[] = [];
  if (cursor) terms.push(`updated_at:>='${cursor}'`);
  if (options.created_at_min) terms.push(`created_at:>='${options.created_at_min}T00:00:00Z'`);
  terms.push(`status:${options.order_status ?? 'any'}`);
  if (options.financial_status?.length) {
    const values = options.financial_status.map((s) => `financial_status:${s === 'unpaid' ? 'pending' : s}`);
    terms.push(values.length === 1 ? values[0]! : `(${values.join(' OR ')})`);
  }
  if (options.fulfillment_status && options.fulfillment_status !== 'any') terms.push(`fulfillment_status:${options.fulfillment_status}`);
  for (const tag of options.filter_tags ?? []) terms.push(`tag:${quote(tag)}`);
  return terms.join(' ');
}

async function ensureFreshToken(ctx: ConnectorContext): Promise<void> {
  const expiresAt = Number(ctx.credentials.expires_at ?? 0);
  if (!ctx.credentials.refresh_token || !expiresAt || expiresAt - Date.now() > 5 * 60_000) return;
  await ctx.saveCredentials(await refreshShopifyToken(ctx));
}

/** Every call of the connector: an expiring token is refreshed first, and once more if Shopify says it expired. */
async function gql<T>(ctx: ConnectorContext, query: string, variables: Record<string, unknown>, options?: { expectedCost?: number; keepPage?: boolean }): Promise<T> {
  await ensureFreshToken(ctx);
  try {
    return await shopifyGraphql<T>(ctx, query, variables, options);
  } catch (err) {
    if (!(err instanceof ChannelAuthError) || !ctx.credentials.refresh_token) throw err;
    await ctx.saveCredentials(await refreshShopifyToken(ctx));
    return shopifyGraphql<T>(ctx, query, variables, options);
  }
}

async function fetchOrders(ctx: ConnectorContext, input: { cursor: string | null; page: string | null; options: ChannelActionOptions<'import_orders'> }): Promise<OrderPage> {
  type Answer = { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: GqlOrder[] } };
  const data = await gql<Answer>(ctx, ORDERS_QUERY, { first: ORDERS_PAGE, after: input.page, query: ordersSearch(input.cursor, input.options) }, { expectedCost: 1000, keepPage: true });
  for (const order of data.orders.nodes) {
    // An order with more lines than the first query took: follow its own line cursor to the end.
    let info = order.lineItems?.pageInfo;
    while (info?.hasNextPage) {
      type More = { order: { lineItems: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: GqlOrder['lineItems'] extends infer L ? L extends { nodes: infer N } ? N : never : never } } | null };
      const more = await gql<More>(ctx, MORE_LINES_QUERY, { id: order.id, after: info.endCursor }, { expectedCost: 400, keepPage: true });
      if (!more.order) break;
      order.lineItems!.nodes.push(...more.order.lineItems.nodes);
      info = more.order.lineItems.pageInfo;
    }
  }
  const orders = data.orders.nodes.map(fromGraphql);
  const highWater = orders.reduce<string | null>((max, o) => (!max || Date.parse(o.updatedAt) > Date.parse(max) ? o.updatedAt : max), null);
  return { orders, next: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null, highWater };
}

/* ------------------------------------------------------------------ stock */

const ITEMS_QUERY = `query Items($first: Int!, $query: String) {
  inventoryItems(first: $first, query: $query) { nodes { id sku } }
}`;
const LOCATIONS_QUERY = 'query { locations(first: 50) { nodes { id name } } }';
const SET_QUANTITIES = `mutation SetQuantities($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id }
    userErrors { code field message }
  }
}`;

interface UserError { code?: string | null; field?: string[] | null; message: string }

/** Asked once per run (per connector context), not once per batch. */
const defaultLocations = new WeakMap<ConnectorContext, Promise<string>>();

function defaultLocation(ctx: ConnectorContext): Promise<string> {
  let found = defaultLocations.get(ctx);
  if (!found) {
    found = gql<{ locations: { nodes: { id: string }[] } }>(ctx, LOCATIONS_QUERY, {}, { expectedCost: 52 }).then((data) => {
      const first = data.locations.nodes[0];
      if (!first) throw new ChannelCallError('The store has no location to hold stock');
      return first.id;
    });
    found.catch(() => defaultLocations.delete(ctx));
    defaultLocations.set(ctx, found);
  }
  return found;
}

async function pushStock(ctx: ConnectorContext, input: { levels: StockLevel[]; options: ChannelActionOptions<'sync_inventory'>; runId: string }): Promise<StockPushResult> {
  const locationId = input.options.location_id ?? (await defaultLocation(ctx));
  // SKUs not yet known by their inventory item: one search for the whole batch.
  const unresolved = input.levels.filter((l) => !l.remoteId);
  const found = new Map<string, string>();
  if (unresolved.length) {
    const data = await gql<{ inventoryItems: { nodes: { id: string; sku: string | null }[] } }>(
      ctx, ITEMS_QUERY, { first: 250, query: unresolved.map((l) => `sku:${quote(l.sku)}`).join(' OR ') }, { expectedCost: 2 + 250 },
    );
    for (const item of data.inventoryItems.nodes) if (item.sku) found.set(item.sku, item.id);
  }
  const result: StockPushResult = { pushed: [], unknown: [], failed: [] };
  let batch = input.levels.flatMap((l) => {
    const id = l.remoteId ?? found.get(l.sku);
    if (!id) {
      result.unknown.push(l.sku);
      return [];
    }
    return [{ level: l, id }];
  });
  // A refusal names the quantities it refused (field input.quantities.N): those are reported, the rest sent again.
  for (let round = 0; batch.length && round < 3; round++) {
    const payload = {
      name: 'available', reason: 'correction', referenceDocumentUri: `gid://omnio/ChannelRun/${input.runId}`,
      // Omnio's figure is the truth it publishes: no compare-and-swap (explicit null, as 2026-10 requires).
      quantities: batch.map((b) => ({ inventoryItemId: b.id, locationId, quantity: b.level.quantity, changeFromQuantity: null })),
    };
    const key = createHash('sha256').update(JSON.stringify(payload)).digest('hex').slice(0, 64);
    const data = await gql<{ inventorySetQuantities: { userErrors: UserError[] } }>(ctx, SET_QUANTITIES, { input: payload, key }, { expectedCost: 12 });
    const errors = data.inventorySetQuantities.userErrors;
    if (!errors.length) {
      for (const b of batch) result.pushed.push({ sku: b.level.sku, remoteId: b.id, quantity: b.level.quantity });
      return result;
    }
    const refused = new Set<number>();
    for (const e of errors) {
      const index = e.field?.[0] === 'input' && e.field[1] === 'quantities' ? Number(e.field[2]) : NaN;
      if (Number.isInteger(index) && batch[index]) {
        refused.add(index);
        const code = e.code === 'INVALID_INVENTORY_ITEM' ? 'sku_unknown_at_channel' : (e.code ?? 'stock_refused').toLowerCase();
        if (code === 'sku_unknown_at_channel') result.unknown.push(batch[index]!.level.sku);
        else result.failed.push({ sku: batch[index]!.level.sku, code, message: e.message });
      }
    }
    if (!refused.size) throw new ChannelCallError(`Shopify refused the stock update: ${errors.map((e) => e.message).join('; ')}`);
    batch = batch.filter((_, i) => !refused.has(i));
  }
  return result;
}

/* ------------------------------------------------------------------ fulfilment */

const FULFILLMENT_ORDERS = `query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 50) { nodes { id remainingQuantity lineItem { sku } } } } } }
}`;
const FULFILLMENT_CREATE = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}`;

const CARRIER_NAMES: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL Express', ontrac: 'OnTrac' };

async function pushFulfillment(ctx: ConnectorContext, input: FulfillmentPush): Promise<{ remoteId: string }> {
  const id = typeof input.orderRef?.gid === 'string' ? input.orderRef.gid : orderGid(input.orderExternalId);
  type FoAnswer = { order: { fulfillmentOrders: { nodes: { id: string; status: string; lineItems: { nodes: { id: string; remainingQuantity: number; lineItem: { sku: string | null } }[] } }[] } } | null };
  const data = await gql<FoAnswer>(ctx, FULFILLMENT_ORDERS, { id }, { expectedCost: 530 });
  if (!data.order) throw new ChannelCallError(`Shopify has no order ${input.orderExternalId}`, 404);
  const open = data.order.fulfillmentOrders.nodes.filter((fo) => fo.status === 'OPEN' || fo.status === 'IN_PROGRESS');
  if (!open.length) throw new ChannelCallError('Shopify has nothing left to fulfil on this order (already fulfilled or cancelled)');
  // Shipped units are matched to the fulfilment orders' remaining lines by SKU.
  const wanted = new Map<string, number>();
  for (const l of input.lines) wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.quantity);
  const groups = open.flatMap((fo) => {
    const items = fo.lineItems.nodes.flatMap((li) => {
      const sku = li.lineItem.sku ?? '';
      const need = wanted.get(sku) ?? 0;
      const take = Math.min(need, li.remainingQuantity);
      if (take <= 0) return [];
      wanted.set(sku, need - take);
      return [{ id: li.id, quantity: take }];
    });
    return items.length ? [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: items }] : [];
  });
  if (!groups.length) throw new ChannelCallError('None of the shipped SKUs is waiting to be fulfilled on this Shopify order');
  const ids: string[] = [];
  // All fulfilment orders of one call must share a location: one call per fulfilment order.
  for (const group of groups) {
    const answer = await gql<{ fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: { message: string }[] } }>(ctx, FULFILLMENT_CREATE, {
      fulfillment: {
        notifyCustomer: input.notifyCustomer,
        trackingInfo: { company: input.carrier ? (CARRIER_NAMES[input.carrier] ?? input.carrier) : null, number: input.tracking, url: input.trackingUrl },
        lineItemsByFulfillmentOrder: [group],
      },
    }, { expectedCost: 12 });
    const made = answer.fulfillmentCreate;
    if (made.userErrors.length || !made.fulfillment) throw new ChannelCallError(`Shopify refused the fulfilment: ${made.userErrors.map((e) => e.message).join('; ')}`);
    ids.push(made.fulfillment.id);
  }
  return { remoteId: ids.join(',') };
}

/* ------------------------------------------------------------------ products */

const VARIANTS_QUERY = `query Variants($first: Int!, $after: String) {
  productVariants(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id sku title barcode price product { id title } inventoryItem { id } }
  }
}`;

async function fetchProducts(ctx: ConnectorContext, input: { page: string | null }): Promise<{ products: ChannelProduct[]; next: string | null }> {
  type V = { id: string; sku: string | null; title: string | null; barcode: string | null; price: string | null; product: { id: string; title: string }; inventoryItem: { id: string } | null };
  const data = await gql<{ productVariants: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: V[] } }>(
    ctx, VARIANTS_QUERY, { first: 250, after: input.page }, { expectedCost: 2 + 250 * 3 + 1, keepPage: true },
  );
  const products = new Map<string, ChannelProduct>();
  for (const v of data.productVariants.nodes) {
    const p = products.get(v.product.id) ?? { externalId: legacyId(v.product.id), name: v.product.title, variants: [] };
    p.variants.push({
      externalId: legacyId(v.id), sku: v.sku, name: v.title && v.title !== 'Default Title' ? `${v.product.title} ${v.title}` : v.product.title,
      barcode: v.barcode, price: v.price, remoteInventoryId: v.inventoryItem?.id ?? null,
    });
    products.set(v.product.id, p);
  }
  return { products: [...products.values()], next: data.productVariants.pageInfo.hasNextPage ? data.productVariants.pageInfo.endCursor : null };
}

/* ------------------------------------------------------------------ webhooks */

/** base64 HMAC-SHA256 of the raw body with the app's client secret (not the OAuth query's hex form). */
export function verifyShopifyHmac(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!secret || !signature || signature.length > 200) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('base64'));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function parseWebhook(input: { topic: string | null; kind: string; payload: unknown }): WebhookEvent {
  const topic = input.topic ?? '';
  const p = (input.payload ?? {}) as Record<string, unknown>;
  if (topic.startsWith('orders/')) {
    if (typeof p.id !== 'number' && typeof p.id !== 'string') return { kind: 'ignored', reason: 'The order payload has no id' };
    return { kind: 'order', order: fromWebhook(p as unknown as RestOrder) };
  }
  if (topic === 'app/uninstalled') return { kind: 'uninstalled' };
  const customer = (p.customer ?? {}) as { email?: string | null };
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  if (topic === 'customers/redact') return { kind: 'customers_redact', email: customer.email ?? null, orderIds: ids(p.orders_to_redact) };
  if (topic === 'customers/data_request') {
    return { kind: 'customers_data_request', email: customer.email ?? null, orderIds: ids(p.orders_requested), requestId: (p.data_request as { id?: unknown } | undefined)?.id?.toString() ?? null };
  }
  if (topic === 'shop/redact') return { kind: 'shop_redact' };
  return { kind: 'ignored', reason: `Topic ${topic || '(none)'} is not one Omnio subscribes to` };
}

const WEBHOOK_CREATE = `mutation Subscribe($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } }
}`;

/** Topic → which of the process's URLs receives it. The compliance topics are the app's (shopify.app.toml), not the API's. */
export const SHOPIFY_WEBHOOK_TOPICS: Record<string, string> = {
  ORDERS_CREATE: 'orders/import-orders', ORDERS_UPDATED: 'orders/import-orders', ORDERS_CANCELLED: 'orders/import-orders', APP_UNINSTALLED: 'app/uninstalled',
};

async function registerWebhooks(ctx: ConnectorContext, urls: Record<string, string>): Promise<{ topic: string; ok: boolean; message?: string }[]> {
  const out: { topic: string; ok: boolean; message?: string }[] = [];
  for (const [topic, kind] of Object.entries(SHOPIFY_WEBHOOK_TOPICS)) {
    const answer = await gql<{ webhookSubscriptionCreate: { userErrors: { message: string }[] } }>(ctx, WEBHOOK_CREATE, {
      topic, sub: { callbackUrl: urls[kind], format: 'JSON' },
    }, { expectedCost: 11 });
    const errors = answer.webhookSubscriptionCreate.userErrors;
    // "Address for this topic has already been taken": subscribed before, which is what we want.
    const taken = errors.some((e) => /already been taken/i.test(e.message));
    out.push({ topic, ok: !errors.length || taken, message: errors.length && !taken ? errors.map((e) => e.message).join('; ') : undefined });
  }
  return out;
}

async function test(ctx: ConnectorContext): Promise<ChannelTestResult> {
  type Answer = { shop: { name: string; myshopifyDomain: string; plan?: { displayName?: string | null } | null }; locations: { nodes: { id: string; name: string }[] } };
  const data = await gql<Answer>(ctx, `query { shop { name myshopifyDomain plan { displayName } } locations(first: 50) { nodes { id name } } }`, {}, { expectedCost: 60 });
  return { ok: true, shop: { name: data.shop.name, domain: data.shop.myshopifyDomain, plan: data.shop.plan?.displayName ?? null }, locations: data.locations.nodes };
}

export const shopifyConnector: Connector = {
  driver: 'shopify',
  apiVersion: SHOPIFY_API_VERSION,
  actions: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  test,
  fetchOrders,
  fetchProducts,
  pushStock,
  pushFulfillment,
  verifyWebhook: (ctx, input) => verifyShopifyHmac(ctx.credentials.client_secret ?? '', input.rawBody, input.headers['x-shopify-hmac-sha256']),
  webhookDelivery: (headers) => ({
    deliveryId: headers['x-shopify-webhook-id'] ?? headers['shopify-webhook-id'] ?? headers['x-shopify-event-id'] ?? null,
    topic: headers['x-shopify-topic'] ?? headers['shopify-topic'] ?? null,
  }),
  parseWebhook,
  registerWebhooks,
};
