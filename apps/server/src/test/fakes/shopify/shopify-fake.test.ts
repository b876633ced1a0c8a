import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startShopifyFake, type ShopifyFake } from './shopify-fake';

interface GqlAnswer {
  status: number;
  headers: Headers;
  // The answers are arbitrary JSON; tests read them by path.
  body: Record<string, unknown> & { data?: Record<string, unknown>; errors?: Record<string, unknown>[]; extensions?: Record<string, unknown> };
}

let fake: ShopifyFake;

beforeAll(async () => {
  fake = await startShopifyFake();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

async function gql(query: string, variables: Record<string, unknown> = {}, options: { token?: string | null; version?: string } = {}): Promise<GqlAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = options.token === undefined ? fake.accessToken : options.token;
  if (token !== null) headers['X-Shopify-Access-Token'] = token;
  const res = await fetch(fake.graphqlUrl(options.version), { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as GqlAnswer['body'] };
}

/** Reads a nested value by path (`a.b.0.c`) from an answer. */
function at(value: unknown, dotted: string): unknown {
  let current = value;
  for (const key of dotted.split('.')) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const SET_QUANTITIES = `mutation Set($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id reason changes { name delta quantityAfterChange item { id } location { id } } }
    userErrors { code field message }
  }
}`;

describe('GraphQL: projection and errors', () => {
  it('answers exactly the selected fields, with aliases, __typename and fragments', async () => {
    const order = fake.addOrder({ email: 'bob@example.com', tags: ['vip', 'gift'], lineItems: [{ sku: 'A-1', quantity: 2, price: '199.00' }], shippingLines: [{ title: 'UPS', price: '5.50' }] });
    const { body } = await gql(
      `query($id: ID!) { order(id: $id) { __typename id ref: name tags ...More total: totalPriceSet { shopMoney { amount currencyCode } }
        lineItems(first: 5) { nodes { sku quantity originalUnitPriceSet { shopMoney { amount } } } } } }
       fragment More on Order { email displayFulfillmentStatus }`,
      { id: order.gid },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      order: {
        __typename: 'Order',
        id: order.gid,
        ref: order.name,
        tags: ['vip', 'gift'],
        email: 'bob@example.com',
        displayFulfillmentStatus: 'UNFULFILLED',
        total: { shopMoney: { amount: '403.5', currencyCode: 'USD' } },
        lineItems: { nodes: [{ sku: 'A-1', quantity: 2, originalUnitPriceSet: { shopMoney: { amount: '199.0' } } }] },
      },
    });
  });

  it('writes DateTimes in UTC with Z, ids as GIDs and legacyResourceId as the numeric id', async () => {
    const order = fake.addOrder({ createdAt: '2026-07-01T10:00:00-04:00' });
    const { body } = await gql(`{ order(id: "${order.gid}") { id legacyResourceId createdAt } }`);
    expect(body.data!.order).toEqual({ id: `gid://shopify/Order/${order.id}`, legacyResourceId: String(order.id), createdAt: '2026-07-01T14:00:00Z' });
  });

  it('answers a syntax error with HTTP 200, a message and its location', async () => {
    const res = await gql('{ shop { name ');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors![0]).toMatchObject({ message: expect.stringContaining('Syntax Error'), locations: [{ line: 1, column: 15 }] });
  });

  it('refuses unknown fields and arguments the way Shopify does', async () => {
    const { body } = await gql('{ shop { nmae } orders(first: 1, colour: "red") { nodes { id } } }');
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: "Field 'nmae' doesn't exist on type 'Shop'", extensions: expect.objectContaining({ code: 'undefinedField' }) }),
        expect.objectContaining({ message: "Field 'orders' doesn't accept argument 'colour'" }),
      ]),
    );
  });

  it('asks connections for first or last, and at most 250', async () => {
    const none = await gql('{ orders { nodes { id } } }');
    expect(none.body.errors![0]!.message).toBe('you must provide one of first or last');
    const big = await gql('{ orders(first: 251) { nodes { id } } }');
    expect(big.body.errors![0]!.message).toMatch(/^first cannot exceed 250/);
  });

  it('answers 401 with Shopify\'s body for a missing or wrong token', async () => {
    for (const token of [null, 'shpat_wrong']) {
      const res = await gql('{ shop { name } }', {}, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
  });

  it('serves any version and echoes it in X-Shopify-API-Version', async () => {
    const res = await gql('{ shop { myshopifyDomain plan { displayName } currencyCode } }', {}, { version: '2023-07' });
    expect(res.headers.get('x-shopify-api-version')).toBe('2023-07');
    expect(res.body.data).toEqual({ shop: { myshopifyDomain: 'acme-test.myshopify.com', plan: { displayName: 'Basic' }, currencyCode: 'USD' } });
  });
});

describe('GraphQL: cost and throttling', () => {
  it('reports requested and actual cost and refunds the difference', async () => {
    fake.seedOrders(3);
    const { body } = await gql('{ orders(first: 10) { nodes { id customer { id } } pageInfo { hasNextPage } } }');
    // requested: 2 + 10 × (1 node + 1 customer); actual: 2 + 3 × 2.
    const cost = body.extensions!.cost as { requestedQueryCost: number; actualQueryCost: number; throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } };
    expect(cost.requestedQueryCost).toBe(22);
    expect(cost.actualQueryCost).toBe(8);
    expect(cost.throttleStatus).toEqual({ maximumAvailable: 2000, currentlyAvailable: 1992, restoreRate: 100 });
  });

  it('costs a mutation 10 plus its selection', async () => {
    const { body } = await gql(`mutation { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: { callbackUrl: "https://omnio.example/hooks", format: JSON }) { userErrors { field message } } }`);
    expect(at(body, 'extensions.cost.requestedQueryCost')).toBe(11);
  });

  it('refuses a query costing more than 1000 before running it', async () => {
    const { body } = await gql('{ orders(first: 250) { nodes { id lineItems(first: 10) { nodes { id } } } } }');
    expect(body.data).toBeUndefined();
    expect(body.errors![0]).toMatchObject({ extensions: { code: 'MAX_COST_EXCEEDED', cost: 3252, maxCost: 1000 } });
    // 2 + 250 × (1 order + 2 + 10 line items)
    expect(at(body, 'extensions.cost.requestedQueryCost')).toBe(3252);
  });

  it('answers THROTTLED with HTTP 200 and runs nothing when the bucket cannot pay the requested cost', async () => {
    fake.seedProducts(1);
    fake.setBucket({ currentlyAvailable: 5, restoreRate: 1 });
    const item = fake.inventory()[0]!;
    const res = await gql(SET_QUANTITIES, {
      key: 'k1',
      input: { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: item.inventoryItemId, locationId: item.locationId, quantity: 7, changeFromQuantity: null }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }]);
    expect(at(res.body, 'extensions.cost.throttleStatus.currentlyAvailable')).toBeLessThan(25);
    expect(fake.inventory()[0]!.available).toBe(0);
    expect(fake.calls().at(-1)).toMatchObject({ rootFields: ['inventorySetQuantities'], throttled: true });
  });

  it('refills the bucket continuously and keeps one bucket per access token', async () => {
    fake.setBucket({ currentlyAvailable: 0, restoreRate: 1000 });
    // A real wait: the refill is by elapsed time (1000 points a second), so time must pass to see it.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fake.bucketStatus().currentlyAvailable).toBeGreaterThanOrEqual(50);
    const other = fake.issueToken();
    fake.setBucket({ currentlyAvailable: 0, restoreRate: 0 });
    expect(fake.bucketStatus(other.accessToken).currentlyAvailable).toBe(0);
    fake.reset();
    const mine = await gql('{ shop { name } }');
    const theirs = await gql('{ shop { name } }', {}, { token: fake.issueToken().accessToken });
    expect(at(mine.body, 'extensions.cost.throttleStatus.currentlyAvailable')).toBe(1999);
    expect(at(theirs.body, 'extensions.cost.throttleStatus.currentlyAvailable')).toBe(1999);
  });

  it('throttles the next calls and fails the next requests on demand', async () => {
    fake.throttleNext(1);
    expect((await gql('{ shop { name } }')).body.errors![0]!.message).toBe('Throttled');
    expect((await gql('{ shop { name } }')).body.data).toEqual({ shop: { name: 'Acme Test' } });
    fake.failNext(429, 1, 2);
    fake.failNext(503);
    const limited = await gql('{ shop { name } }');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2.0');
    expect((await gql('{ shop { name } }')).status).toBe(503);
    expect((await gql('{ shop { name } }')).status).toBe(200);
    expect(fake.calls().map((c) => c.status)).toEqual([200, 200, 429, 503, 200]);
  });
});

describe('GraphQL: orders', () => {
  const PAGE = `query($cursor: String, $q: String) { orders(first: 100, after: $cursor, sortKey: UPDATED_AT, query: $q) {
    pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id updatedAt } } }`;

  async function allPages(q: string | null, onPage?: (page: number) => void): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; ; page++) {
      const { body } = await gql(PAGE, { cursor, q });
      expect(body.data, JSON.stringify(body.errors)).toBeDefined();
      const conn = body.data!.orders as { pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null }; nodes: { id: string }[] };
      expect(conn.pageInfo.hasPreviousPage).toBe(page > 0);
      ids.push(...conn.nodes.map((n) => n.id));
      onPage?.(page);
      if (!conn.pageInfo.hasNextPage) return ids;
      cursor = conn.pageInfo.endCursor;
    }
  }

  it('pages to the end in a stable order when many orders share one updatedAt', async () => {
    const orders = fake.seedOrders(450, { intervalMs: 0, startAt: '2026-07-01T00:00:00Z' });
    const ids = await allPages(null);
    expect(ids).toEqual(orders.map((o) => o.gid));
  });

  it('neither skips nor loses orders that change between pages (the cursor holds the sort value and id)', async () => {
    const orders = fake.seedOrders(300, { startAt: '2026-07-01T00:00:00Z' });
    const ids = await allPages(`updated_at:>='2026-07-01T00:00:00Z'`, (page) => {
      if (page === 0) {
        fake.updateOrder(orders[10]!.id, { note: 'seen, then changed' });
        fake.updateOrder(orders[250]!.id, { note: 'not seen yet, changed' });
      }
    });
    expect(new Set(ids)).toEqual(new Set(orders.map((o) => o.gid)));
    expect(ids.filter((id) => id === orders[10]!.gid)).toHaveLength(2);
    expect(ids.at(-1)).toBe(orders[250]!.gid);
  });

  it('sorts by the other keys, in reverse, and pages backwards', async () => {
    const orders = fake.seedOrders(5);
    const newest = await gql('{ orders(first: 2, sortKey: CREATED_AT, reverse: true) { nodes { name } } }');
    expect(newest.body.data!.orders).toEqual({ nodes: [{ name: orders[4]!.name }, { name: orders[3]!.name }] });
    const byNumber = await gql('{ orders(last: 2, sortKey: ORDER_NUMBER) { nodes { name } pageInfo { hasPreviousPage } } }');
    expect(byNumber.body.data!.orders).toEqual({ nodes: [{ name: orders[3]!.name }, { name: orders[4]!.name }], pageInfo: { hasPreviousPage: true } });
  });

  it('filters with Shopify search syntax', async () => {
    const base = { createdAt: '2026-06-01T00:00:00Z', updatedAt: '2026-06-01T00:00:00Z' };
    const paid = fake.addOrder({ ...base, tags: ['wholesale'] });
    const pending = fake.addOrder({ ...base, displayFinancialStatus: 'PENDING' });
    const refunded = fake.addOrder({ ...base, displayFinancialStatus: 'PARTIALLY_REFUNDED', updatedAt: '2026-07-02T12:00:00Z' });
    const cancelled = fake.cancelOrder(fake.addOrder(base).id);
    const names = async (q: string) => {
      const { body } = await gql('query($q: String) { orders(first: 50, query: $q) { nodes { name } } }', { q });
      return (body.data!.orders as { nodes: { name: string }[] }).nodes.map((n) => n.name).sort();
    };
    const sorted = (...orders: { name: string }[]) => orders.map((o) => o.name).sort();
    expect(await names('')).toEqual(sorted(paid, pending, refunded, cancelled));
    expect(await names('status:open')).toEqual(sorted(paid, pending, refunded));
    expect(await names('status:cancelled')).toEqual(sorted(cancelled));
    expect(await names('financial_status:pending')).toEqual(sorted(pending));
    expect(await names('(financial_status:pending OR financial_status:partially_refunded) status:any')).toEqual(sorted(pending, refunded));
    expect(await names(`updated_at:>='2026-07-01T00:00:00Z'`)).toEqual(sorted(refunded, cancelled));
    expect(await names('updated_at:<2026-07-01T00:00:00Z')).toEqual(sorted(paid, pending));
    expect(await names('created_at:<=2026-06-01 tag:wholesale')).toEqual(sorted(paid));
    expect(await names('fulfillment_status:unfulfilled -tag:wholesale status:open')).toEqual(sorted(pending, refunded));
  });

  it('ignores unknown search fields with a warning in extensions.search', async () => {
    fake.seedOrders(2);
    const { body } = await gql('{ orders(first: 5, query: "colour:red") { nodes { id } } }');
    expect((body.data!.orders as { nodes: unknown[] }).nodes).toHaveLength(2);
    expect(body.extensions!.search).toEqual([{ path: ['orders'], query: 'colour:red', warnings: [{ field: 'colour', message: 'Invalid search field for this query.' }] }]);
  });

  it('renders the webhook (REST) shape of an order', () => {
    const order = fake.addOrder({ createdAt: '2026-07-01T10:00:00Z', tags: ['a', 'b'], lineItems: [{ sku: 'X', quantity: 2, price: 12.5 }] });
    const payload = fake.orderWebhookPayload(order.gid);
    expect(payload).toMatchObject({
      id: order.id,
      admin_graphql_api_id: order.gid,
      name: '#1001',
      created_at: '2026-07-01T06:00:00-04:00',
      financial_status: 'paid',
      tags: 'a, b',
      currency: 'USD',
      line_items: [{ sku: 'X', quantity: 2, price: '12.50' }],
      shipping_address: { country_code: 'US' },
      shipping_lines: [{ title: 'Standard Shipping', price: '5.00' }],
    });
  });
});

describe('GraphQL: products and inventory', () => {
  it('finds variants and inventory items by SKU (sku:A and sku:A OR sku:B)', async () => {
    fake.addProduct({ title: 'Shirt', variants: [{ sku: 'SHIRT-S', price: '10.00' }, { sku: 'SHIRT-M', price: '11.00' }] });
    fake.seedProducts(20);
    const variants = await gql('{ productVariants(first: 5, query: "sku:SHIRT-M OR sku:SKU-00003") { nodes { sku price displayName product { title } inventoryItem { tracked } } } }');
    expect(variants.body.data!.productVariants).toEqual({
      nodes: [
        { sku: 'SHIRT-M', price: '11.00', displayName: 'Shirt - Variant 2', product: { title: 'Shirt' }, inventoryItem: { tracked: true } },
        { sku: 'SKU-00003', price: expect.any(String), displayName: 'Product SKU-00003 - Default Title', product: { title: 'Product SKU-00003' }, inventoryItem: { tracked: true } },
      ],
    });
    const location = fake.locations()[0]!;
    fake.setAvailable('SHIRT-S', 4);
    const items = await gql(`{ inventoryItems(first: 2, query: "sku:shirt-s") { nodes { sku inventoryLevel(locationId: "${location.gid}") { quantities(names: ["available"]) { name quantity } } } } }`);
    expect(items.body.data!.inventoryItems).toEqual({ nodes: [{ sku: 'SHIRT-S', inventoryLevel: { quantities: [{ name: 'available', quantity: 4 }] } }] });
    const products = await gql('{ products(first: 1) { nodes { title variants(first: 5) { nodes { sku inventoryQuantity } } } } }');
    expect(products.body.data!.products).toEqual({ nodes: [{ title: 'Shirt', variants: { nodes: [{ sku: 'SHIRT-S', inventoryQuantity: 4 }, { sku: 'SHIRT-M', inventoryQuantity: 0 }] } }] });
  });

  function quantity(inventoryItemId: string, locationId: string, value: number, changeFromQuantity: number | null) {
    return { inventoryItemId, locationId, quantity: value, changeFromQuantity };
  }

  it('requires the @idempotent directive (2026-04 and later)', async () => {
    fake.seedProducts(1);
    const row = fake.inventory()[0]!;
    const { body } = await gql(
      `mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { code message } } }`,
      { input: { name: 'available', reason: 'correction', quantities: [quantity(row.inventoryItemId, row.locationId, 3, null)] } },
    );
    expect(body.data).toEqual({ inventorySetQuantities: null });
    expect(body.errors![0]).toMatchObject({ message: 'The @idempotent directive is required for this mutation but was not provided.', path: ['inventorySetQuantities'], extensions: { code: 'BAD_REQUEST' } });
    expect(fake.inventory()[0]!.available).toBe(0);
  });

  it('requires changeFromQuantity on every quantity (explicit null opts out of the check)', async () => {
    fake.seedProducts(1);
    const row = fake.inventory()[0]!;
    const { body } = await gql(SET_QUANTITIES, {
      key: 'k-missing',
      input: { name: 'available', reason: 'correction', quantities: [{ inventoryItemId: row.inventoryItemId, locationId: row.locationId, quantity: 3 }] },
    });
    expect(body.errors![0]).toMatchObject({ message: 'InventoryQuantityInput must include the following argument: changeFromQuantity.', extensions: { code: 'INVALID_FIELD_ARGUMENTS' } });
    expect(fake.inventory()[0]!.available).toBe(0);
  });

  it('sets quantities with compare-and-set, all or nothing', async () => {
    fake.seedProducts(2);
    const [a, b] = fake.inventory();
    const ok = await gql(SET_QUANTITIES, { key: 'k-ok', input: { name: 'available', reason: 'correction', quantities: [quantity(a!.inventoryItemId, a!.locationId, 5, 0), quantity(b!.inventoryItemId, b!.locationId, 2, null)] } });
    expect(at(ok.body, 'data.inventorySetQuantities.userErrors')).toEqual([]);
    expect(at(ok.body, 'data.inventorySetQuantities.inventoryAdjustmentGroup.changes.0')).toEqual({ name: 'available', delta: 5, quantityAfterChange: 5, item: { id: a!.inventoryItemId }, location: { id: a!.locationId } });
    expect(fake.inventory().map((r) => r.available)).toEqual([5, 2]);

    const stale = await gql(SET_QUANTITIES, {
      key: 'k-stale',
      input: { name: 'available', reason: 'correction', quantities: [quantity(b!.inventoryItemId, b!.locationId, 9, 2), quantity(a!.inventoryItemId, a!.locationId, 9, 4)] },
    });
    expect(at(stale.body, 'data.inventorySetQuantities')).toEqual({
      inventoryAdjustmentGroup: null,
      userErrors: [{ code: 'CHANGE_FROM_QUANTITY_STALE', field: ['input', 'quantities', '1', 'changeFromQuantity'], message: expect.any(String) }],
    });
    expect(fake.inventory().map((r) => r.available)).toEqual([5, 2]);

    const unknown = await gql(SET_QUANTITIES, {
      key: 'k-unknown',
      input: { name: 'available', reason: 'correction', quantities: [quantity('gid://shopify/InventoryItem/1', a!.locationId, 1, null), quantity(a!.inventoryItemId, 'gid://shopify/Location/1', 1, null)] },
    });
    expect((at(unknown.body, 'data.inventorySetQuantities.userErrors') as { code: string }[]).map((e) => e.code)).toEqual(['INVALID_INVENTORY_ITEM', 'INVALID_LOCATION']);
  });

  it('replays the same idempotency key and refuses it with other input', async () => {
    fake.seedProducts(1);
    const row = fake.inventory()[0]!;
    const input = { name: 'available', reason: 'correction', quantities: [quantity(row.inventoryItemId, row.locationId, 8, 0)] };
    const first = await gql(SET_QUANTITIES, { key: 'same-key', input });
    const again = await gql(SET_QUANTITIES, { key: 'same-key', input });
    expect(again.body.data).toEqual(first.body.data);
    expect(fake.inventoryAdjustments()).toHaveLength(1);
    expect(fake.inventory()[0]!.available).toBe(8);
    const other = await gql(SET_QUANTITIES, { key: 'same-key', input: { ...input, quantities: [quantity(row.inventoryItemId, row.locationId, 9, 8)] } });
    expect(at(other.body, 'data.inventorySetQuantities.userErrors.0.code')).toBe('IDEMPOTENCY_KEY_PARAMETER_MISMATCH');
    expect(fake.inventory()[0]!.available).toBe(8);
  });

  it('keeps the pre-2026-04 rules on older versions (no directive needed, compareQuantity or ignoreCompareQuantity)', async () => {
    fake.seedProducts(1);
    const row = fake.inventory()[0]!;
    const mutation = `mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { code } } }`;
    const base = { inventoryItemId: row.inventoryItemId, locationId: row.locationId, quantity: 4 };
    const required = await gql(mutation, { input: { name: 'available', reason: 'correction', quantities: [base] } }, { version: '2026-01' });
    expect(at(required.body, 'data.inventorySetQuantities.userErrors.0.code')).toBe('COMPARE_QUANTITY_REQUIRED');
    const ignored = await gql(mutation, { input: { name: 'available', reason: 'correction', ignoreCompareQuantity: true, quantities: [base] } }, { version: '2026-01' });
    expect(at(ignored.body, 'data.inventorySetQuantities.userErrors')).toEqual([]);
    expect(fake.inventory()[0]!.available).toBe(4);
  });

  it('lists locations (active ones by name) with their ids', async () => {
    const second = fake.addLocation({ name: 'Annex' });
    const { body } = await gql('{ locations(first: 5) { nodes { id name isActive } } }');
    expect(body.data!.locations).toEqual({
      nodes: [
        { id: second.gid, name: 'Annex', isActive: true },
        { id: fake.locations()[0]!.gid, name: 'Main Warehouse', isActive: true },
      ],
    });
  });

  it('takes at most 250 quantities per call', async () => {
    fake.seedProducts(251);
    const quantities = fake.inventory().map((r) => quantity(r.inventoryItemId, r.locationId, 1, null));
    const { body } = await gql(SET_QUANTITIES, { key: 'k-big', input: { name: 'available', reason: 'correction', quantities } });
    expect(body.errors![0]).toMatchObject({ message: 'The input array size of 251 is greater than the maximum allowed of 250.', extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } });
    const fits = await gql(SET_QUANTITIES, { key: 'k-fits', input: { name: 'available', reason: 'correction', quantities: quantities.slice(0, 250) } });
    expect(at(fits.body, 'data.inventorySetQuantities.userErrors')).toEqual([]);
  });
});

describe('GraphQL: fulfillments', () => {
  const CREATE = `mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) {
    fulfillment { id status trackingInfo { company number url } } userErrors { field message } } }`;

  it('fulfils part, then the rest, closing the fulfillment order and updating the order', async () => {
    const order = fake.addOrder({ lineItems: [{ sku: 'A', quantity: 2 }, { sku: 'B', quantity: 1 }], updatedAt: '2026-07-01T00:00:00Z' });
    const read = await gql(`{ order(id: "${order.gid}") { fulfillmentOrders(first: 5) { nodes { id status assignedLocation { location { id } } lineItems(first: 5) { nodes { id remainingQuantity totalQuantity lineItem { sku } } } } } } }`);
    const fo = at(read.body, 'data.order.fulfillmentOrders.nodes.0') as { id: string; status: string; lineItems: { nodes: { id: string; lineItem: { sku: string } }[] } };
    expect(fo.status).toBe('OPEN');
    const lineA = fo.lineItems.nodes.find((n) => n.lineItem.sku === 'A')!;

    const partial = await gql(CREATE, {
      f: { notifyCustomer: true, trackingInfo: { company: 'UPS', number: '1Z001', url: 'https://ups.example/1Z001' }, lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: lineA.id, quantity: 1 }] }] },
    });
    expect(at(partial.body, 'data.fulfillmentCreate')).toMatchObject({ fulfillment: { status: 'SUCCESS', trackingInfo: [{ company: 'UPS', number: '1Z001', url: 'https://ups.example/1Z001' }] }, userErrors: [] });
    expect(fake.orderView(order.id)).toMatchObject({ displayFulfillmentStatus: 'PARTIALLY_FULFILLED', fulfillmentOrders: [{ status: 'IN_PROGRESS' }] });
    expect(fake.getOrder(order.id)!.updatedAt).toBeGreaterThan(Date.parse('2026-07-01T00:00:00Z'));

    const tooMany = await gql(CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: lineA.id, quantity: 2 }] }] } });
    expect(at(tooMany.body, 'data.fulfillmentCreate.userErrors.0.message')).toBe('Invalid fulfillment order line item quantity requested.');

    const rest = await gql(CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] } });
    expect(at(rest.body, 'data.fulfillmentCreate.userErrors')).toEqual([]);
    expect(fake.orderView(order.id)).toMatchObject({ displayFulfillmentStatus: 'FULFILLED', fulfillmentOrders: [{ status: 'CLOSED' }] });
    expect(fake.fulfillments().map((f) => ({ notify: f.notifyCustomer, lines: f.lineItems.map((l) => `${l.sku}×${l.quantity}`) }))).toEqual([
      { notify: true, lines: ['A×1'] },
      { notify: false, lines: ['A×1', 'B×1'] },
    ]);

    const closed = await gql(CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] } });
    expect(at(closed.body, 'data.fulfillmentCreate.userErrors.0.message')).toMatch(/unfulfillable status= closed/);
    const missing = await gql(CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1' }] } });
    expect(at(missing.body, 'data.fulfillmentCreate.userErrors.0')).toEqual({ field: ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderId'], message: 'Fulfillment order does not exist.' });
  });
});

describe('webhooks', () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let answers: number[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(answers.shift() ?? 200);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/shopify`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
    answers = [];
  });

  it('records subscriptions made with webhookSubscriptionCreate', async () => {
    const create = `mutation($url: URL!) { webhookSubscriptionCreate(topic: ORDERS_UPDATED, webhookSubscription: { callbackUrl: $url, format: JSON }) {
      webhookSubscription { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } userErrors { field message } } }`;
    const first = await gql(create, { url: receiverUrl });
    expect(at(first.body, 'data.webhookSubscriptionCreate')).toMatchObject({
      webhookSubscription: { topic: 'ORDERS_UPDATED', endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: receiverUrl } },
      userErrors: [],
    });
    const plainHttp = await gql(create, { url: 'http://omnio.example/hooks' });
    expect(at(plainHttp.body, 'data.webhookSubscriptionCreate.userErrors.0.message')).toBe('Address protocol http:// is not supported');
    const twice = await gql(create, { url: receiverUrl });
    expect(at(twice.body, 'data.webhookSubscriptionCreate.userErrors.0.message')).toBe('Address for this topic has already been taken');
    expect(fake.subscriptions().map((s) => [s.topic, s.callbackUrl])).toEqual([['ORDERS_UPDATED', receiverUrl]]);

    const order = fake.addOrder();
    const [delivery] = await fake.emitWebhook('orders/updated', fake.orderWebhookPayload(order.id));
    expect(delivery!.status).toBe(200);
    expect(received[0]!.headers['x-shopify-topic']).toBe('orders/updated');
  });

  it('signs the raw body (base64 HMAC-SHA256 with the client secret) and sends Shopify\'s headers', async () => {
    const payload = { id: 1, note: 'a/b & <c>' };
    const delivery = await fake.sendWebhook({ url: receiverUrl, topic: 'ORDERS_CREATE', payload });
    expect(delivery.status).toBe(200);
    const { headers, body } = received[0]!;
    // Shopify's serializer escapes '/', '&', '<', '>': verifying a re-serialised body would fail, as in production.
    expect(body).toBe('{"id":1,"note":"a\\/b \\u0026 \\u003cc\\u003e"}');
    expect(JSON.parse(body)).toEqual(payload);
    expect(headers['x-shopify-hmac-sha256']).toBe(createHmac('sha256', fake.clientSecret).update(body).digest('base64'));
    expect(headers['x-shopify-hmac-sha256']).toBe(fake.signWebhook(body));
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': 'acme-test.myshopify.com',
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': delivery.webhookId,
    });
    expect(headers['x-shopify-triggered-at']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(headers['x-shopify-event-id']).toEqual(expect.any(String));
  });

  it('retries a failed delivery with the same id and body, and can deliver duplicates', async () => {
    answers = [500, 503];
    const retried = await fake.sendWebhook({ url: receiverUrl, topic: 'orders/paid', payload: { id: 2 }, retries: 3 });
    expect(retried.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(new Set(received.map((r) => r.headers['x-shopify-webhook-id']))).toEqual(new Set([retried.webhookId]));
    expect(new Set(received.map((r) => r.body)).size).toBe(1);

    received.length = 0;
    const dup = await fake.sendWebhook({ url: receiverUrl, topic: 'orders/paid', payload: { id: 3 }, webhookId: 'fixed-id', duplicates: 1 });
    expect(dup.attempts).toHaveLength(2);
    expect(received.map((r) => r.headers['x-shopify-webhook-id'])).toEqual(['fixed-id', 'fixed-id']);
    const wrong = await fake.sendWebhook({ url: receiverUrl, topic: 'orders/paid', payload: '{"id":4}', secret: 'not-the-secret' });
    expect(received.at(-1)!.headers['x-shopify-hmac-sha256']).toBe(wrong.headers['X-Shopify-Hmac-Sha256']);
    expect(wrong.headers['X-Shopify-Hmac-Sha256']).not.toBe(fake.signWebhook('{"id":4}'));
  });
});

describe('OAuth', () => {
  async function authorize(grantOptions = ''): Promise<URL> {
    const query = new URLSearchParams({ client_id: fake.clientId, scope: 'read_orders,write_inventory', redirect_uri: 'https://omnio.example/shopify/callback', state: 'nonce-1', 'grant_options[]': grantOptions });
    const res = await fetch(`${fake.url}/admin/oauth/authorize?${query.toString()}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  async function token(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${fake.url}/admin/oauth/access_token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: fake.clientId, client_secret: fake.clientSecret, ...body }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('redirects with code, shop, state, timestamp, host and a hex HMAC over the sorted parameters', async () => {
    const callback = await authorize();
    const params = Object.fromEntries(callback.searchParams);
    expect(callback.origin + callback.pathname).toBe('https://omnio.example/shopify/callback');
    expect(params).toMatchObject({ shop: 'acme-test.myshopify.com', state: 'nonce-1', code: expect.any(String), timestamp: expect.stringMatching(/^\d+$/), host: expect.any(String) });
    const message = Object.keys(params)
      .filter((k) => k !== 'hmac')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(params.hmac).toBe(createHmac('sha256', fake.clientSecret).update(message).digest('hex'));
  });

  it('exchanges a code once for an expiring token, refreshes with rotation, and the tokens work until they expire', async () => {
    const code = (await authorize()).searchParams.get('code')!;
    const granted = await token({ code, expiring: '1' });
    expect(granted.body).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: 'read_orders,write_inventory', expires_in: 3600, refresh_token: expect.any(String), refresh_token_expires_in: expect.any(Number) });
    expect((await token({ code, expiring: '1' })).status).toBe(400);
    expect((await gql('{ shop { name } }', {}, { token: String(granted.body.access_token) })).status).toBe(200);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: granted.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(granted.body.refresh_token);
    expect((await token({ grant_type: 'refresh_token', refresh_token: granted.body.refresh_token })).body).toMatchObject({ error: 'invalid_grant' });

    fake.setTokenTtl(0);
    const shortLived = await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token });
    expect((await gql('{ shop { name } }', {}, { token: String(shortLived.body.access_token) })).status).toBe(401);
    fake.expireIssuedTokens();
    expect((await gql('{ shop { name } }', {}, { token: String(refreshed.body.access_token) })).status).toBe(401);
    expect((await gql('{ shop { name } }')).status).toBe(200);
  });

  it('answers only access_token and scope without expiring=1, and supports token exchange', async () => {
    const code = (await authorize()).searchParams.get('code')!;
    expect((await token({ code })).body).toEqual({ access_token: expect.any(String), scope: 'read_orders,write_inventory' });
    const exchanged = await token({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: fake.sessionToken(),
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    });
    expect(exchanged.body).toEqual({ access_token: expect.any(String), scope: expect.stringContaining('read_orders') });
    expect((await token({ grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: 'a.b.c' })).status).toBe(400);
    expect((await token({ code: 'x', client_secret: 'wrong' })).body).toMatchObject({ error: 'invalid_client' });
  });
});

describe('REST orders.json (legacy)', () => {
  async function rest(pathAndQuery: string): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
    const res = await fetch(pathAndQuery.startsWith('http') ? pathAndQuery : `${fake.url}/admin/api/2023-07/${pathAndQuery}`, { headers: { 'X-Shopify-Access-Token': fake.accessToken } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  it('defaults to open orders, pages with Link/page_info, and refuses filters alongside page_info', async () => {
    const orders = fake.seedOrders(7, { startAt: '2026-07-01T00:00:00Z' });
    fake.closeOrder(orders[0]!.id);
    const first = await rest('orders.json?limit=4&updated_at_min=2026-06-30T00:00:00Z');
    expect(first.status).toBe(200);
    expect((first.body.orders as { id: number }[]).map((o) => o.id)).toEqual(orders.slice(3).reverse().map((o) => o.id));
    expect(first.headers.get('x-shopify-shop-api-call-limit')).toBe('1/40');
    const next = /<([^<]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    const second = await rest(next);
    expect((second.body.orders as { id: number }[]).map((o) => o.id)).toEqual([orders[2]!.id, orders[1]!.id]);
    expect(second.headers.get('link')).toMatch(/rel="previous"/);
    expect(second.headers.get('link')).not.toMatch(/rel="next"/);
    expect((await rest(`${next}&status=any`)).status).toBe(400);
    expect(((await rest('orders.json?status=any&limit=50')).body.orders as unknown[]).length).toBe(7);
  });

  it('answers 429 with Retry-After once the call limit bucket is full', async () => {
    fake.setRestBucket({ size: 2, leakRate: 0.01 });
    expect((await rest('orders.json')).status).toBe(200);
    expect((await rest('orders.json')).headers.get('x-shopify-shop-api-call-limit')).toBe('2/2');
    const limited = await rest('orders.json');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2.0');
  });
});

describe('control endpoints and performance', () => {
  async function control(method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${fake.url}/__fake${route}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  it('drives the fake over HTTP', async () => {
    expect(await control('POST', '/seed', { orders: 20, linesPerOrder: 2, skuCount: 5 })).toMatchObject({ orders: 20, totalOrders: 20, skus: 5 });
    const added = (await control('POST', '/orders', { email: 'eve@example.com', lineItems: [{ sku: 'SKU-00001', quantity: 3 }] })).order as { gid: string; fulfillmentOrders: unknown[] };
    expect(added.fulfillmentOrders).toHaveLength(1);
    expect(await control('PATCH', `/orders/${encodeURIComponent(added.gid)}`, { tags: ['changed'] })).toMatchObject({ order: { tags: ['changed'] } });
    expect(await control('POST', `/orders/${encodeURIComponent(added.gid)}/cancel`, {})).toMatchObject({ order: { cancelledAt: expect.any(String) } });
    await control('POST', '/throttle', { next: 1 });
    expect((await gql('{ shop { name } }')).body.errors![0]!.message).toBe('Throttled');
    await control('POST', '/fail', { status: 503, next: 1 });
    expect((await gql('{ shop { name } }')).status).toBe(503);
    const calls = (await control('GET', '/calls')).calls as { status: number; throttled: boolean; injected: boolean }[];
    expect(calls.map((c) => [c.status, c.throttled, c.injected])).toEqual([
      [200, true, true],
      [503, false, true],
    ]);
    expect(((await control('GET', '/inventory')).inventory as unknown[]).length).toBe(5);
    await control('POST', '/reset');
    expect(await control('GET', '/state')).toMatchObject({ orders: 0 });
  });

  it('seeds 10,000 orders of 3 lines and serves all of them page by page', async () => {
    // How fast seeding is belongs to bench/, not here.
    fake.seedOrders(10_000, { linesPerOrder: 3 });
    // A full bucket from the start: what an earlier test left in it must not throttle the first page (that made
    // this test pass or fail by how fast the machine was).
    fake.setBucket({ maximumAvailable: 100_000, restoreRate: 100_000, currentlyAvailable: 100_000 });
    let cursor: string | null = null;
    let count = 0;
    do {
      const { body } = await gql('query($c: String) { orders(first: 250, after: $c, sortKey: UPDATED_AT) { pageInfo { hasNextPage endCursor } nodes { id } } }', { c: cursor });
      expect(body.data, JSON.stringify(body.errors)).toBeDefined();
      const conn = body.data!.orders as { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: unknown[] };
      count += conn.nodes.length;
      cursor = conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null;
    } while (cursor);
    expect(count).toBe(10_000);
  });
});

describe('CLI', () => {
  it('prints its URL as one JSON line and stops on SIGTERM', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'shopify-fake.cli.ts'), '--port', '0', '--token', 'shpat_cli', '--seed-skus', '3'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`CLI exited early with ${code}`)));
    });
    const { url } = JSON.parse(line) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': 'shpat_cli' },
      body: JSON.stringify({ query: '{ productVariants(first: 5) { nodes { sku } } }' }),
    });
    expect(at(await res.json(), 'data.productVariants.nodes')).toEqual([{ sku: 'SKU-00001' }, { sku: 'SKU-00002' }, { sku: 'SKU-00003' }]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
