/**
 * A local fake of Shopify's Admin API for tests and benchmarks of Omnio's Shopify connector
 * (docs: /work/shared/channels/shopify.md; README.md beside this file).
 *
 * One `node:http` server answers, like Shopify:
 * - `POST /admin/api/{version}/graphql.json` — Admin GraphQL with `X-Shopify-Access-Token`, calculated query
 *   cost and a leaky bucket per token (THROTTLED answers are HTTP 200), selection-set projection;
 * - `GET /admin/api/{version}/orders.json` (+ `orders/{id}.json`, `orders/count.json`) — the legacy REST list
 *   with `Link` / `page_info` pagination and the REST call-limit bucket (429 + Retry-After);
 * - `GET /admin/oauth/authorize`, `POST /admin/oauth/access_token` — authorization code (expiring or not),
 *   refresh-token rotation, token exchange and client credentials;
 * - `/__fake/*` — the control API below over HTTP, for tests that run the fake in another process.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import { GraphQLRequest } from './graphql-engine';
import { paginate, type SortSpec } from './pagination';
import { buildSchema, topicToEnum, topicToRest, type SearchWarning, type ShopifyContext } from './shopify-schema';
import {
  FakeShopStore,
  gid,
  isoTime,
  moneyRest,
  orderSort,
  type FakeAdjustmentGroup,
  type FakeLocation,
  type FakeOrder,
  type FakeProduct,
  type FakeWebhookSubscription,
  type InventoryRow,
  type OrderInput,
  type OrderPatch,
  type OrderSortKey,
  type ProductInput,
  type SeedOrdersOptions,
} from './store';

export type { FakeOrder, FakeProduct, FakeLocation, FakeWebhookSubscription, FakeAdjustmentGroup, InventoryRow, OrderInput, OrderPatch, ProductInput, SeedOrdersOptions };

export interface BucketConfig {
  maximumAvailable: number;
  restoreRate: number;
}

export interface ShopifyFakeOptions {
  port?: number;
  host?: string;
  accessToken?: string;
  clientId?: string;
  clientSecret?: string;
  /** The version webhooks carry and that is echoed for a version string that is not YYYY-MM. */
  apiVersion?: string;
  bucket?: BucketConfig;
  /** REST call limit: bucket size and leak per second (Standard: 40 and 2). */
  restBucket?: { size: number; leakRate: number };
  shopDomain?: string;
  shopName?: string;
  /** Scopes of the configured token and the default of issued ones. */
  scopes?: string[];
  /** The shop's UTC offset for REST/webhook timestamps (default -240, i.e. -04:00). */
  utcOffsetMinutes?: number;
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface FakeCall {
  seq: number;
  at: string;
  method: string;
  path: string;
  kind: 'graphql' | 'rest' | 'oauth' | 'other';
  apiVersion: string | null;
  operationName: string | null;
  /** Root fields of the GraphQL operation (e.g. ["orders"], ["inventorySetQuantities"]). */
  rootFields: string[];
  status: number;
  requestedCost: number | null;
  actualCost: number | null;
  throttled: boolean;
  /** Answered by failNext/throttleNext rather than by the API. */
  injected: boolean;
  variables: unknown;
}

export interface FulfillmentRow {
  id: string;
  orderId: string;
  orderName: string;
  status: string;
  createdAt: string;
  locationId: string;
  notifyCustomer: boolean;
  message: string | null;
  trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  lineItems: { lineItemId: string; sku: string | null; quantity: number }[];
}

export interface SendWebhookInput {
  url: string;
  /** `orders/create` or `ORDERS_CREATE`. */
  topic: string;
  /** An object is serialised like Shopify does (`/` and `&<>` escaped); a string is sent byte for byte. */
  payload: unknown;
  /** Reuse an id to simulate a duplicate delivery; random otherwise. */
  webhookId?: string;
  eventId?: string;
  /** Signing key; the app's client secret by default. */
  secret?: string;
  apiVersion?: string;
  triggeredAt?: string;
  /** Extra or overriding headers (e.g. a wrong X-Shopify-Hmac-Sha256). */
  headers?: Record<string, string>;
  /** Redeliveries after a non-2xx answer or a timeout, with the same body and webhook id (Shopify retries 8 times). */
  retries?: number;
  retryDelayMs?: number;
  /** Extra deliveries of the same webhook after the first, whatever it answered (duplicate delivery). */
  duplicates?: number;
  /** Shopify gives up on a delivery after 5 s. */
  timeoutMs?: number;
}

export interface WebhookAttempt {
  status: number;
  body: string;
  error?: string;
}

export interface WebhookDelivery {
  /** Status of the last attempt (0 when it never got an answer). */
  status: number;
  body: string;
  webhookId: string;
  topic: string;
  url: string;
  rawBody: string;
  headers: Record<string, string>;
  attempts: WebhookAttempt[];
}

export interface OrderView {
  id: number;
  gid: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  closedAt: string | null;
  displayFinancialStatus: string;
  displayFulfillmentStatus: string;
  email: string | null;
  tags: string[];
  lineItems: { id: string; sku: string | null; quantity: number; currentQuantity: number; price: string }[];
  fulfillmentOrders: { id: string; status: string; locationId: string; lineItems: { id: string; lineItemId: string; totalQuantity: number; remainingQuantity: number }[] }[];
}

export interface ShopifyFake {
  readonly url: string;
  readonly shopDomain: string;
  readonly accessToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiVersion: string;
  /** The data behind the fake (escape hatch for tests that need something the methods below don't offer). */
  readonly store: FakeShopStore;
  /** `${url}/admin/api/${version}/graphql.json`. */
  graphqlUrl(version?: string): string;
  close(): Promise<void>;

  addOrder(partial?: OrderInput): FakeOrder;
  seedOrders(n: number, options?: SeedOrdersOptions): FakeOrder[];
  updateOrder(id: number | string, patch: OrderPatch): FakeOrder;
  cancelOrder(id: number | string, options?: { reason?: string; refund?: boolean }): FakeOrder;
  closeOrder(id: number | string): FakeOrder;
  getOrder(id: number | string): FakeOrder | undefined;
  orders(): readonly FakeOrder[];
  orderView(id: number | string): OrderView;
  /** The order as Shopify's orders/* webhooks (and REST) carry it. */
  orderWebhookPayload(id: number | string): Record<string, unknown>;

  addLocation(input: { name: string; stockExistingItems?: boolean }): FakeLocation;
  locations(): readonly FakeLocation[];
  addProduct(input: ProductInput): FakeProduct;
  seedProducts(nSkus: number, options?: { prefix?: string; available?: number }): FakeProduct[];
  setAvailable(skuOrInventoryItemId: string | number, quantity: number, locationId?: number | string): void;
  inventory(): InventoryRow[];
  inventoryAdjustments(): readonly FakeAdjustmentGroup[];
  fulfillments(): FulfillmentRow[];
  subscriptions(): readonly FakeWebhookSubscription[];

  calls(): readonly FakeCall[];
  clearCalls(): void;
  throttleNext(n?: number): void;
  failNext(status: number, n?: number, retryAfterSeconds?: number): void;
  setBucket(bucket: Partial<BucketConfig> & { currentlyAvailable?: number }): void;
  bucketStatus(token?: string): ThrottleStatus;
  setRestBucket(bucket: { size?: number; leakRate?: number }): void;
  /** Lifetime of access tokens issued from now on (and of refresh tokens, if given). */
  setTokenTtl(seconds: number, refreshSeconds?: number): void;
  /** Every issued (not the configured) access token expires now: the next call with one answers 401. */
  expireIssuedTokens(): void;
  /** Issues a token as an install would, without the OAuth dance. */
  issueToken(options?: { expiring?: boolean; scopes?: string[] }): { accessToken: string; refreshToken: string | null; expiresIn: number | null };
  /** Shopify's OAuth query HMAC: hex HMAC-SHA256 (client secret) over the other params sorted as `k=v&…`. */
  oauthHmac(params: Record<string, string>): string;
  /** Query string Shopify sends to the app's install URL (`shop`, `timestamp`, `host`, `hmac`). */
  installQuery(extra?: Record<string, string>): string;
  /** A session token (JWT, HS256 with the client secret) as App Bridge would hand the app, for token exchange. */
  sessionToken(claims?: Record<string, unknown>): string;
  reset(): void;

  signWebhook(body: string, secret?: string): string;
  sendWebhook(input: SendWebhookInput): Promise<WebhookDelivery>;
  /** Delivers `payload` to every subscription of `topic` (as created through webhookSubscriptionCreate). */
  emitWebhook(topic: string, payload: unknown, options?: Omit<SendWebhookInput, 'url' | 'topic' | 'payload'>): Promise<WebhookDelivery[]>;
  webhookDeliveries(): readonly WebhookDelivery[];
}

const DEFAULT_SCOPES = [
  'read_orders',
  'read_all_orders',
  'read_products',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
  'read_fulfillments',
  'write_fulfillments',
];

const MAX_QUERY_COST = 1000;
const MAX_CALLS_KEPT = 20_000;
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const MAX_COST_MESSAGE = (cost: number) =>
  `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\n` +
  'See https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\n' +
  'To query larger amounts of data with fewer limits, bulk operations should be used instead.\n' +
  'See https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n';

/**
 * JSON as Shopify's (Rails) serializer writes it: `/` as `\/`, `&<>` and U+2028/9 as `\uXXXX`. A receiver that
 * re-serialises the parsed body before checking the HMAC gets a different string, as with the real service.
 */
export function shopifyJson(value: unknown): string {
  return JSON.stringify(value).replace(/[/&<>\u2028\u2029]/g, (c) => (c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

interface TokenInfo {
  scopes: string[];
  expiresAt: number | null;
  issued: boolean;
}

interface Bucket {
  available: number;
  at: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

export async function startShopifyFake(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  const fake = new ShopifyFakeServer(options);
  await fake.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return fake;
}

class ShopifyFakeServer implements ShopifyFake {
  url = '';
  readonly shopDomain: string;
  readonly accessToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiVersion: string;
  store: FakeShopStore;

  private readonly server: Server;
  private readonly schema = buildSchema();
  private readonly scopes: string[];
  private bucketConfig: BucketConfig;
  private initialAvailable: number | null = null;
  private buckets = new Map<string, Bucket>();
  private restConfig: { size: number; leakRate: number };
  private restBuckets = new Map<string, { used: number; at: number }>();
  private tokens = new Map<string, TokenInfo>();
  private refreshTokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  private codes = new Map<string, { scopes: string[]; online: boolean; expiresAt: number }>();
  private accessTtl = 3600;
  private refreshTtl = 90 * 24 * 3600;
  private throttleQueue = 0;
  private failQueue: { status: number; retryAfter?: number }[] = [];
  private callLog: FakeCall[] = [];
  private callSeq = 0;
  private deliveries: WebhookDelivery[] = [];
  private parseCache = new Map<string, DocumentNode>();

  constructor(private readonly options: ShopifyFakeOptions) {
    this.shopDomain = options.shopDomain ?? 'acme-test.myshopify.com';
    this.accessToken = options.accessToken ?? 'shpat_fake_token';
    this.clientId = options.clientId ?? 'fake-client-id';
    this.clientSecret = options.clientSecret ?? 'fake-client-secret';
    this.apiVersion = options.apiVersion ?? '2026-10';
    this.scopes = options.scopes ?? DEFAULT_SCOPES;
    this.bucketConfig = { ...(options.bucket ?? { maximumAvailable: 2000, restoreRate: 100 }) };
    this.restConfig = { ...(options.restBucket ?? { size: 40, leakRate: 2 }) };
    this.store = this.newStore();
    this.tokens.set(this.accessToken, { scopes: this.scopes, expiresAt: null, issued: false });
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.json(res, 500, { errors: `Shopify fake failure: ${error instanceof Error ? error.message : String(error)}` });
        else res.end();
      });
    });
    // Benchmarks hold many keep-alive connections; the fake must not be the one to drop them.
    this.server.keepAliveTimeout = 60_000;
  }

  private newStore(): FakeShopStore {
    const name = this.options.shopName ?? 'Acme Test';
    return new FakeShopStore({
      name,
      domain: this.shopDomain,
      currencyCode: 'USD',
      email: `owner@${this.shopDomain.replace(/\.myshopify\.com$/, '')}.example.com`,
      utcOffsetMinutes: this.options.utcOffsetMinutes ?? -240,
    });
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address() as AddressInfo;
        const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        this.url = `http://${shownHost}:${address.port}`;
        resolve();
      });
    });
  }

  graphqlUrl(version = this.apiVersion): string {
    return `${this.url}/admin/api/${version}/graphql.json`;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
  }

  // ---- control API ---------------------------------------------------------------------------------------------

  addOrder(partial: OrderInput = {}): FakeOrder {
    return this.store.addOrder(partial);
  }

  seedOrders(n: number, options: SeedOrdersOptions = {}): FakeOrder[] {
    return this.store.seedOrders(n, options);
  }

  updateOrder(id: number | string, patch: OrderPatch): FakeOrder {
    return this.store.updateOrder(id, patch);
  }

  cancelOrder(id: number | string, options: { reason?: string; refund?: boolean } = {}): FakeOrder {
    return this.store.cancelOrder(id, options);
  }

  closeOrder(id: number | string): FakeOrder {
    return this.store.closeOrder(id);
  }

  getOrder(id: number | string): FakeOrder | undefined {
    return this.store.findOrder(id);
  }

  orders(): readonly FakeOrder[] {
    return this.store.orderList;
  }

  orderView(id: number | string): OrderView {
    const o = this.store.requireOrder(id);
    return {
      id: o.id,
      gid: o.gid,
      name: o.name,
      createdAt: isoTime(o.createdAt),
      updatedAt: isoTime(o.updatedAt),
      cancelledAt: o.cancelledAt === null ? null : isoTime(o.cancelledAt),
      closedAt: o.closedAt === null ? null : isoTime(o.closedAt),
      displayFinancialStatus: o.displayFinancialStatus,
      displayFulfillmentStatus: o.displayFulfillmentStatus,
      email: o.email,
      tags: o.tags,
      lineItems: o.lineItems.map((l) => ({ id: gid('LineItem', l.id), sku: l.sku, quantity: l.quantity, currentQuantity: l.currentQuantity, price: moneyRest(l.priceCents) })),
      fulfillmentOrders: o.fulfillmentOrders.map((fo) => ({
        id: gid('FulfillmentOrder', fo.id),
        status: fo.status,
        locationId: gid('Location', fo.locationId),
        lineItems: fo.lineItems.map((li) => ({
          id: gid('FulfillmentOrderLineItem', li.id),
          lineItemId: gid('LineItem', li.lineItemId),
          totalQuantity: li.totalQuantity,
          remainingQuantity: li.remainingQuantity,
        })),
      })),
    };
  }

  orderWebhookPayload(id: number | string): Record<string, unknown> {
    return this.store.restOrder(this.store.requireOrder(id));
  }

  addLocation(input: { name: string; stockExistingItems?: boolean }): FakeLocation {
    return this.store.addLocation(input);
  }

  locations(): readonly FakeLocation[] {
    return this.store.locationList;
  }

  addProduct(input: ProductInput): FakeProduct {
    return this.store.addProduct(input);
  }

  seedProducts(nSkus: number, options: { prefix?: string; available?: number } = {}): FakeProduct[] {
    return this.store.seedProducts(nSkus, options);
  }

  setAvailable(skuOrInventoryItemId: string | number, quantity: number, locationId?: number | string): void {
    this.store.setAvailable(skuOrInventoryItemId, quantity, locationId);
  }

  inventory(): InventoryRow[] {
    return this.store.inventory();
  }

  inventoryAdjustments(): readonly FakeAdjustmentGroup[] {
    return this.store.adjustments;
  }

  fulfillments(): FulfillmentRow[] {
    return this.store.fulfillmentList.map((f) => {
      const order = this.store.orders.get(f.orderId)!;
      return {
        id: gid('Fulfillment', f.id),
        orderId: order.gid,
        orderName: order.name,
        status: f.status,
        createdAt: isoTime(f.createdAt),
        locationId: gid('Location', f.locationId),
        notifyCustomer: f.notifyCustomer,
        message: f.message,
        trackingInfo: f.trackingInfo,
        lineItems: f.lineItems.map((li) => ({ lineItemId: gid('LineItem', li.lineItemId), sku: this.store.lineItems.get(li.lineItemId)?.sku ?? null, quantity: li.quantity })),
      };
    });
  }

  subscriptions(): readonly FakeWebhookSubscription[] {
    return this.store.subscriptions;
  }

  calls(): readonly FakeCall[] {
    return this.callLog;
  }

  clearCalls(): void {
    this.callLog = [];
  }

  throttleNext(n = 1): void {
    this.throttleQueue += n;
  }

  failNext(status: number, n = 1, retryAfterSeconds?: number): void {
    for (let i = 0; i < n; i++) this.failQueue.push({ status, retryAfter: retryAfterSeconds });
  }

  setBucket(bucket: Partial<BucketConfig> & { currentlyAvailable?: number }): void {
    // The configured token's bucket exists from here on, so it refills from this moment (tests wait on it).
    this.bucketFor(this.accessToken);
    const now = Date.now();
    for (const b of this.buckets.values()) this.refill(b, now);
    if (bucket.maximumAvailable !== undefined) this.bucketConfig.maximumAvailable = bucket.maximumAvailable;
    if (bucket.restoreRate !== undefined) this.bucketConfig.restoreRate = bucket.restoreRate;
    if (bucket.currentlyAvailable !== undefined) {
      this.initialAvailable = bucket.currentlyAvailable;
      for (const b of this.buckets.values()) b.available = bucket.currentlyAvailable;
    }
    for (const b of this.buckets.values()) b.available = Math.min(b.available, this.bucketConfig.maximumAvailable);
  }

  bucketStatus(token = this.accessToken): ThrottleStatus {
    return this.throttleStatus(this.bucketFor(token));
  }

  setRestBucket(bucket: { size?: number; leakRate?: number }): void {
    Object.assign(this.restConfig, Object.fromEntries(Object.entries(bucket).filter(([, v]) => v !== undefined)));
  }

  setTokenTtl(seconds: number, refreshSeconds?: number): void {
    this.accessTtl = seconds;
    if (refreshSeconds !== undefined) this.refreshTtl = refreshSeconds;
  }

  expireIssuedTokens(): void {
    const past = Date.now() - 1;
    for (const info of this.tokens.values()) if (info.issued) info.expiresAt = past;
  }

  issueToken(options: { expiring?: boolean; scopes?: string[] } = {}): { accessToken: string; refreshToken: string | null; expiresIn: number | null } {
    const grant = this.grant(options.scopes ?? this.scopes, options.expiring ?? false, false);
    return {
      accessToken: String(grant.access_token),
      refreshToken: typeof grant.refresh_token === 'string' ? grant.refresh_token : null,
      expiresIn: typeof grant.expires_in === 'number' ? grant.expires_in : null,
    };
  }

  installQuery(extra: Record<string, string> = {}): string {
    const params: Record<string, string> = {
      host: this.hostParam(),
      shop: this.shopDomain,
      timestamp: String(Math.floor(Date.now() / 1000)),
      ...extra,
    };
    return new URLSearchParams({ ...params, hmac: this.oauthHmac(params) }).toString();
  }

  sessionToken(claims: Record<string, unknown> = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({
        iss: `https://${this.shopDomain}/admin`,
        dest: `https://${this.shopDomain}`,
        aud: this.clientId,
        sub: '42',
        exp: now + 60,
        nbf: now - 5,
        iat: now,
        jti: randomUUID(),
        sid: randomUUID(),
        ...claims,
      }),
    );
    const signature = base64url(createHmac('sha256', this.clientSecret).update(`${header}.${payload}`).digest());
    return `${header}.${payload}.${signature}`;
  }

  reset(): void {
    this.store = this.newStore();
    this.bucketConfig = { ...(this.options.bucket ?? { maximumAvailable: 2000, restoreRate: 100 }) };
    this.restConfig = { ...(this.options.restBucket ?? { size: 40, leakRate: 2 }) };
    this.initialAvailable = null;
    this.buckets.clear();
    this.restBuckets.clear();
    this.tokens = new Map([[this.accessToken, { scopes: this.scopes, expiresAt: null, issued: false }]]);
    this.refreshTokens.clear();
    this.codes.clear();
    this.accessTtl = 3600;
    this.refreshTtl = 90 * 24 * 3600;
    this.throttleQueue = 0;
    this.failQueue = [];
    this.callLog = [];
    this.deliveries = [];
  }

  // ---- webhooks ------------------------------------------------------------------------------------------------

  signWebhook(body: string, secret = this.clientSecret): string {
    return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
  }

  async sendWebhook(input: SendWebhookInput): Promise<WebhookDelivery> {
    const rawBody = typeof input.payload === 'string' ? input.payload : shopifyJson(input.payload);
    const webhookId = input.webhookId ?? randomUUID();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': topicToRest(input.topic),
      'X-Shopify-Hmac-Sha256': this.signWebhook(rawBody, input.secret),
      'X-Shopify-Shop-Domain': this.shopDomain,
      'X-Shopify-API-Version': input.apiVersion ?? this.apiVersion,
      'X-Shopify-Webhook-Id': webhookId,
      'X-Shopify-Triggered-At': input.triggeredAt ?? new Date().toISOString(),
      'X-Shopify-Event-Id': input.eventId ?? randomUUID(),
      ...input.headers,
    };
    const attempts: WebhookAttempt[] = [];
    const attempt = async () => {
      try {
        const response = await fetch(input.url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(input.timeoutMs ?? 5000) });
        const result = { status: response.status, body: await response.text() };
        attempts.push(result);
        return result.status >= 200 && result.status < 300;
      } catch (error) {
        attempts.push({ status: 0, body: '', error: error instanceof Error ? error.message : String(error) });
        return false;
      }
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let ok = await attempt();
    for (let i = 0; !ok && i < (input.retries ?? 0); i++) {
      await sleep(input.retryDelayMs ?? 0);
      ok = await attempt();
    }
    for (let i = 0; i < (input.duplicates ?? 0); i++) await attempt();
    const last = attempts[attempts.length - 1]!;
    const delivery: WebhookDelivery = { status: last.status, body: last.body, webhookId, topic: topicToRest(input.topic), url: input.url, rawBody, headers, attempts };
    this.deliveries.push(delivery);
    return delivery;
  }

  async emitWebhook(topic: string, payload: unknown, options: Omit<SendWebhookInput, 'url' | 'topic' | 'payload'> = {}): Promise<WebhookDelivery[]> {
    const wanted = topicToEnum(topic);
    const targets = this.store.subscriptions.filter((s) => s.topic === wanted);
    return Promise.all(targets.map((s) => this.sendWebhook({ ...options, url: s.callbackUrl, topic, payload })));
  }

  webhookDeliveries(): readonly WebhookDelivery[] {
    return this.deliveries;
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  private json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'X-Request-Id': randomUUID(), ...headers });
    res.end(text);
  }

  private async readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > 50 * 1024 * 1024) throw new HttpError(413, { errors: 'Request body too large' });
      chunks.push(buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private record(call: Omit<FakeCall, 'seq' | 'at'>): void {
    this.callLog.push({ seq: ++this.callSeq, at: new Date().toISOString(), ...call });
    if (this.callLog.length > MAX_CALLS_KEPT) this.callLog.splice(0, this.callLog.length - MAX_CALLS_KEPT);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    try {
      if (path.startsWith('/__fake/')) return await this.control(req, res, url);
      if (path === '/admin/oauth/authorize') return this.authorize(req, res, url);
      if (path === '/admin/oauth/access_token') return await this.tokenEndpoint(req, res);
      const match = /^\/admin\/api\/([^/]+)\/(.+)$/.exec(path);
      if (match) return await this.adminApi(req, res, url, match[1]!, match[2]!);
      this.json(res, 404, { errors: 'Not Found' });
      this.record({ method, path, kind: 'other', apiVersion: null, operationName: null, rootFields: [], status: 404, requestedCost: null, actualCost: null, throttled: false, injected: false, variables: null });
    } catch (error) {
      if (error instanceof HttpError) return this.json(res, error.status, error.body);
      throw error;
    }
  }

  private async adminApi(req: IncomingMessage, res: ServerResponse, url: URL, version: string, resource: string): Promise<void> {
    const method = req.method ?? 'GET';
    // Shopify answers with the version it served; the fake serves whatever was asked and says so.
    const served = /^\d{4}-\d{2}$/.test(version) || version === 'unstable' ? version : this.apiVersion;
    const versionHeader = { 'X-Shopify-API-Version': served };
    const kind = resource === 'graphql.json' ? 'graphql' : 'rest';
    const base: Omit<FakeCall, 'seq' | 'at' | 'status' | 'injected'> = {
      method,
      path: url.pathname,
      kind,
      apiVersion: served,
      operationName: null,
      rootFields: [],
      requestedCost: null,
      actualCost: null,
      throttled: false,
      variables: null,
    };

    const failure = this.failQueue.shift();
    if (failure) {
      await this.readBody(req);
      const headers: Record<string, string> = { ...versionHeader };
      if (failure.retryAfter !== undefined) headers['Retry-After'] = failure.retryAfter.toFixed(1);
      const message =
        failure.status === 429 ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' : (STATUS_CODES[failure.status] ?? 'Error');
      this.json(res, failure.status, { errors: message }, headers);
      this.record({ ...base, status: failure.status, injected: true });
      return;
    }

    const token = req.headers['x-shopify-access-token'];
    const info = typeof token === 'string' ? this.tokenInfo(token) : null;
    if (!info || typeof token !== 'string') {
      await this.readBody(req);
      this.json(res, 401, { errors: INVALID_TOKEN }, versionHeader);
      this.record({ ...base, status: 401, injected: false });
      return;
    }

    if (kind === 'graphql') {
      if (method !== 'POST') {
        this.json(res, 405, { errors: 'Method Not Allowed' }, versionHeader);
        this.record({ ...base, status: 405, injected: false });
        return;
      }
      return this.graphql(req, res, token, info, served, versionHeader, base);
    }
    return this.rest(req, res, url, token, served, versionHeader, base, resource);
  }

  private tokenInfo(token: string): TokenInfo | null {
    const info = this.tokens.get(token);
    if (!info) return null;
    if (info.expiresAt !== null && info.expiresAt <= Date.now()) return null;
    return info;
  }

  // ---- GraphQL -------------------------------------------------------------------------------------------------

  private bucketFor(token: string): Bucket {
    let bucket = this.buckets.get(token);
    if (!bucket) {
      bucket = { available: this.initialAvailable ?? this.bucketConfig.maximumAvailable, at: Date.now() };
      this.buckets.set(token, bucket);
    }
    this.refill(bucket, Date.now());
    return bucket;
  }

  private refill(bucket: Bucket, now: number): void {
    bucket.available = Math.min(this.bucketConfig.maximumAvailable, bucket.available + ((now - bucket.at) / 1000) * this.bucketConfig.restoreRate);
    bucket.at = now;
  }

  private throttleStatus(bucket: Bucket): ThrottleStatus {
    return {
      maximumAvailable: this.bucketConfig.maximumAvailable,
      currentlyAvailable: Math.floor(bucket.available),
      restoreRate: this.bucketConfig.restoreRate,
    };
  }

  private parseQuery(query: string): DocumentNode {
    // Connectors send the same few query strings over and over; parsing each once keeps big imports cheap.
    const cached = this.parseCache.get(query);
    if (cached) return cached;
    const document = parse(query);
    if (this.parseCache.size > 500) this.parseCache.clear();
    this.parseCache.set(query, document);
    return document;
  }

  private async graphql(
    req: IncomingMessage,
    res: ServerResponse,
    token: string,
    info: TokenInfo,
    version: string,
    headers: Record<string, string>,
    base: Omit<FakeCall, 'seq' | 'at' | 'status' | 'injected'>,
  ): Promise<void> {
    const raw = await this.readBody(req);
    const contentType = String(req.headers['content-type'] ?? '');
    let query: unknown;
    let variables: unknown;
    let operationName: unknown;
    if (contentType.includes('application/graphql')) {
      query = raw;
    } else {
      try {
        ({ query, variables, operationName } = JSON.parse(raw) as { query?: unknown; variables?: unknown; operationName?: unknown });
      } catch {
        query = undefined;
      }
    }
    const call = { ...base, variables: variables ?? null, operationName: typeof operationName === 'string' ? operationName : null };
    if (typeof query !== 'string' || query.trim() === '') {
      this.json(res, 400, { errors: { query: 'Required parameter missing or invalid' } }, headers);
      this.record({ ...call, status: 400, injected: false });
      return;
    }

    let document: DocumentNode;
    try {
      document = this.parseQuery(query);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      this.json(res, 200, { errors: [{ message: error.message, locations: error.locations ?? [] }] }, headers);
      this.record({ ...call, status: 200, injected: false });
      return;
    }

    const ctx: ShopifyContext = { store: this.store, request: new GraphQLRequest(this.schema, document), apiVersion: version, scopes: info.scopes, searchWarnings: [] };
    const analysis = ctx.request.analyze(variables, typeof operationName === 'string' ? operationName : null);
    const opName = analysis?.operation.name?.value ?? call.operationName;
    if (!analysis || analysis.errors.length > 0) {
      this.json(res, 200, { errors: ctx.request.errors }, headers);
      this.record({ ...call, operationName: opName, rootFields: analysis?.rootFields ?? [], status: 200, injected: false });
      return;
    }
    const logged = { ...call, operationName: opName, rootFields: analysis.rootFields };
    const bucket = this.bucketFor(token);
    const requested = analysis.requestedCost;

    if (requested > MAX_QUERY_COST) {
      this.json(
        res,
        200,
        {
          errors: [{ message: MAX_COST_MESSAGE(requested), extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST } }],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: this.throttleStatus(bucket) } },
        },
        headers,
      );
      this.record({ ...logged, status: 200, requestedCost: requested, injected: false });
      return;
    }

    const forced = this.throttleQueue > 0;
    if (forced || requested > bucket.available) {
      if (forced) this.throttleQueue--;
      this.json(
        res,
        200,
        {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: this.throttleStatus(bucket) } },
        },
        headers,
      );
      this.record({ ...logged, status: 200, requestedCost: requested, throttled: true, injected: forced });
      return;
    }

    bucket.available -= requested;
    const data = ctx.request.execute(analysis, null, ctx);
    const actual = ctx.request.actualCost;
    // The difference between what was reserved and what the query really cost goes back into the bucket.
    bucket.available = Math.min(this.bucketConfig.maximumAvailable, bucket.available + Math.max(0, requested - actual));
    const extensions: { cost: unknown; search?: SearchWarning[] } = {
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: this.throttleStatus(bucket) },
    };
    if (ctx.searchWarnings.length > 0) extensions.search = ctx.searchWarnings;
    const body = ctx.request.errors.length > 0 ? { errors: ctx.request.errors, data, extensions } : { data, extensions };
    this.json(res, 200, body, headers);
    this.record({ ...logged, status: 200, requestedCost: requested, actualCost: actual, injected: false });
  }

  // ---- REST (legacy) -------------------------------------------------------------------------------------------

  private async rest(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    token: string,
    version: string,
    versionHeader: Record<string, string>,
    base: Omit<FakeCall, 'seq' | 'at' | 'status' | 'injected'>,
    resource: string,
  ): Promise<void> {
    await this.readBody(req);
    const now = Date.now();
    const bucket = this.restBuckets.get(token) ?? { used: 0, at: now };
    bucket.used = Math.max(0, bucket.used - ((now - bucket.at) / 1000) * this.restConfig.leakRate);
    bucket.at = now;
    this.restBuckets.set(token, bucket);
    if (bucket.used + 1 > this.restConfig.size) {
      this.json(res, 429, { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' }, { ...versionHeader, 'Retry-After': '2.0' });
      this.record({ ...base, status: 429, throttled: true, injected: false });
      return;
    }
    bucket.used += 1;
    const headers = { ...versionHeader, 'X-Shopify-Shop-Api-Call-Limit': `${Math.ceil(bucket.used)}/${this.restConfig.size}` };
    const respond = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      this.json(res, status, body, { ...headers, ...extra });
      this.record({ ...base, status, injected: false });
    };
    if ((req.method ?? 'GET') !== 'GET') return respond(404, { errors: 'Not Found' });

    if (resource === 'orders.json') {
      const result = this.restOrdersPage(url, req, version);
      return respond(result.status, result.body, result.link ? { Link: result.link } : {});
    }
    if (resource === 'orders/count.json') {
      const filter = this.restOrderFilter(url.searchParams);
      if ('error' in filter) return respond(400, { errors: filter.error });
      return respond(200, { count: this.store.orderList.reduce((n, o) => n + (filter.test(o) ? 1 : 0), 0) });
    }
    const single = /^orders\/(\d+)\.json$/.exec(resource);
    if (single) {
      const order = this.store.orders.get(Number(single[1]));
      if (!order) return respond(404, { errors: 'Not Found' });
      return respond(200, { order: this.pickFields(this.store.restOrder(order), url.searchParams.get('fields')) });
    }
    return respond(404, { errors: 'Not Found' });
  }

  private pickFields(order: Record<string, unknown>, fields: string | null): Record<string, unknown> {
    if (!fields) return order;
    const wanted = fields.split(',').map((f) => f.trim());
    return Object.fromEntries(wanted.filter((f) => f in order).map((f) => [f, order[f]]));
  }

  private restOrderFilter(params: URLSearchParams): { test: (o: FakeOrder) => boolean } | { error: string } {
    const checks: ((o: FakeOrder) => boolean)[] = [];
    const status = params.get('status') ?? 'open';
    if (status === 'open') checks.push((o) => o.closedAt === null && o.cancelledAt === null);
    else if (status === 'closed') checks.push((o) => o.closedAt !== null);
    else if (status === 'cancelled') checks.push((o) => o.cancelledAt !== null);
    else if (status !== 'any') return { error: `status - ${status} is not a valid status` };
    const ids = params.get('ids');
    if (ids) {
      const wanted = new Set(ids.split(',').map((s) => Number(s.trim())));
      checks.push((o) => wanted.has(o.id));
    }
    const sinceId = params.get('since_id');
    if (sinceId) checks.push((o) => o.id > Number(sinceId));
    for (const [param, get] of [
      ['created_at', (o: FakeOrder) => o.createdAt],
      ['updated_at', (o: FakeOrder) => o.updatedAt],
      ['processed_at', (o: FakeOrder) => o.processedAt],
    ] as const) {
      const min = params.get(`${param}_min`);
      const max = params.get(`${param}_max`);
      if (min) {
        const ms = Date.parse(min);
        if (Number.isNaN(ms)) return { error: `${param}_min - invalid date` };
        checks.push((o) => get(o) >= ms);
      }
      if (max) {
        const ms = Date.parse(max);
        if (Number.isNaN(ms)) return { error: `${param}_max - invalid date` };
        checks.push((o) => get(o) <= ms);
      }
    }
    const financial = params.get('financial_status');
    if (financial && financial !== 'any') {
      const wanted = financial === 'unpaid' ? ['pending', 'authorized', 'partially_paid'] : [financial];
      checks.push((o) => wanted.includes(o.displayFinancialStatus.toLowerCase()));
    }
    const fulfillment = params.get('fulfillment_status');
    if (fulfillment && fulfillment !== 'any') {
      const wanted =
        fulfillment === 'shipped'
          ? ['FULFILLED']
          : fulfillment === 'partial'
            ? ['PARTIALLY_FULFILLED']
            : fulfillment === 'unshipped'
              ? ['UNFULFILLED']
              : fulfillment === 'unfulfilled'
                ? ['UNFULFILLED', 'PARTIALLY_FULFILLED']
                : [fulfillment.toUpperCase()];
      checks.push((o) => wanted.includes(o.displayFulfillmentStatus));
    }
    return { test: (o) => checks.every((c) => c(o)) };
  }

  /**
   * orders.json with cursor pagination: the first request carries the filters, later ones only `page_info`
   * (which encodes the filters and the position) plus `limit`/`fields`; anything else with page_info is a 400.
   */
  private restOrdersPage(url: URL, req: IncomingMessage, version: string): { status: number; body: unknown; link?: string } {
    const params = url.searchParams;
    const limit = Math.min(250, Math.max(1, Number(params.get('limit') ?? 50) || 50));
    const fields = params.get('fields');
    const pageInfo = params.get('page_info');
    let filters: URLSearchParams;
    let after: string | null = null;
    let before: string | null = null;
    if (pageInfo) {
      if ([...params.keys()].some((k) => k !== 'page_info' && k !== 'limit' && k !== 'fields')) {
        return { status: 400, body: { errors: 'page_info - Invalid value. Only limit and fields are allowed with page_info.' } };
      }
      try {
        const decoded = JSON.parse(Buffer.from(pageInfo, 'base64url').toString('utf8')) as { q: string; after?: string; before?: string };
        filters = new URLSearchParams(decoded.q);
        after = decoded.after ?? null;
        before = decoded.before ?? null;
      } catch {
        return { status: 400, body: { errors: 'page_info - Invalid value.' } };
      }
    } else {
      filters = new URLSearchParams([...params].filter(([k]) => k !== 'limit' && k !== 'fields'));
    }
    const filter = this.restOrderFilter(filters);
    if ('error' in filter) return { status: 400, body: { errors: filter.error } };
    // REST lists newest first unless asked otherwise; since_id implies ascending ids.
    const orderParam = filters.get('order') ?? (filters.has('since_id') ? 'id asc' : 'created_at desc');
    const [field, direction] = orderParam.trim().split(/\s+/);
    const keys: Record<string, OrderSortKey> = { id: 'ID', created_at: 'CREATED_AT', updated_at: 'UPDATED_AT', processed_at: 'PROCESSED_AT' };
    const key = keys[field ?? ''] ?? 'CREATED_AT';
    const sort: SortSpec<FakeOrder> = orderSort(key);
    let page;
    try {
      page = paginate(this.store.sortedOrders(key), sort, filter.test, {
        first: before ? null : limit,
        last: before ? limit : null,
        after,
        before,
        reverse: (direction ?? 'desc').toLowerCase() !== 'asc',
      });
    } catch {
      return { status: 400, body: { errors: 'page_info - Invalid value.' } };
    }
    const origin = `http://${req.headers.host ?? this.url.replace(/^http:\/\//, '')}`;
    const q = filters.toString();
    const linkFor = (info: { after?: string; before?: string }, rel: string) => {
      const token = base64url(JSON.stringify({ q, ...info }));
      const link = new URLSearchParams({ limit: String(limit), ...(fields ? { fields } : {}), page_info: token });
      return `<${origin}/admin/api/${version}/orders.json?${link.toString()}>; rel="${rel}"`;
    };
    const links: string[] = [];
    const count = page.items.length;
    if (page.hasPreviousPage && count > 0) links.push(linkFor({ before: page.cursor(0) }, 'previous'));
    if (page.hasNextPage && count > 0) links.push(linkFor({ after: page.cursor(count - 1) }, 'next'));
    return {
      status: 200,
      body: { orders: page.items.map((o) => this.pickFields(this.store.restOrder(o), fields)) },
      link: links.length > 0 ? links.join(', ') : undefined,
    };
  }

  // ---- OAuth ---------------------------------------------------------------------------------------------------

  private hostParam(): string {
    const shopName = this.shopDomain.replace(/\.myshopify\.com$/, '');
    return Buffer.from(`admin.shopify.com/store/${shopName}`).toString('base64').replace(/=+$/, '');
  }

  /** Hex HMAC-SHA256 over the parameters (without hmac/signature), sorted and joined `k=v&…`. */
  oauthHmac(params: Record<string, string>): string {
    const message = Object.keys(params)
      .filter((k) => k !== 'hmac' && k !== 'signature')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return createHmac('sha256', this.clientSecret).update(message).digest('hex');
  }

  private authorize(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const params = url.searchParams;
    const record = (status: number) =>
      this.record({ method: req.method ?? 'GET', path: url.pathname, kind: 'oauth', apiVersion: null, operationName: null, rootFields: [], status, requestedCost: null, actualCost: null, throttled: false, injected: false, variables: null });
    const fail = (message: string) => {
      res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<html><body><h1>Oauth error invalid_request: ${message}</h1></body></html>`);
      record(400);
    };
    if (params.get('client_id') !== this.clientId) return fail('The client_id provided is invalid');
    const redirect = params.get('redirect_uri');
    let target: URL;
    try {
      target = new URL(redirect ?? '');
    } catch {
      return fail('The redirect_uri is missing or not whitelisted');
    }
    const scopes = (params.get('scope') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const online = params.getAll('grant_options[]').includes('per-user');
    const code = randomBytes(16).toString('hex');
    // Authorization codes are short-lived and single-use.
    this.codes.set(code, { scopes: scopes.length > 0 ? scopes : this.scopes, online, expiresAt: Date.now() + 10 * 60_000 });
    const answer: Record<string, string> = {
      code,
      host: this.hostParam(),
      shop: this.shopDomain,
      state: params.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    answer.hmac = this.oauthHmac(answer);
    for (const [k, v] of Object.entries(answer)) target.searchParams.set(k, v);
    res.writeHead(302, { Location: target.toString() });
    res.end();
    record(302);
  }

  private grant(scopes: string[], expiring: boolean, online: boolean): Record<string, unknown> {
    const now = Date.now();
    const accessToken = `${online ? 'shpua' : 'shpat'}_${randomBytes(16).toString('hex')}`;
    const scope = scopes.join(',');
    if (online) {
      const ttl = Math.min(this.accessTtl, 86_399);
      this.tokens.set(accessToken, { scopes, expiresAt: now + ttl * 1000, issued: true });
      return {
        access_token: accessToken,
        scope,
        expires_in: ttl,
        associated_user_scope: scope,
        associated_user: { id: 902541635, first_name: 'John', last_name: 'Smith', email: 'john@example.com', email_verified: true, account_owner: true, locale: 'en', collaborator: false },
      };
    }
    if (!expiring) {
      this.tokens.set(accessToken, { scopes, expiresAt: null, issued: true });
      return { access_token: accessToken, scope };
    }
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    this.tokens.set(accessToken, { scopes, expiresAt: now + this.accessTtl * 1000, issued: true });
    this.refreshTokens.set(refreshToken, { scopes, expiresAt: now + this.refreshTtl * 1000 });
    return { access_token: accessToken, scope, expires_in: this.accessTtl, refresh_token: refreshToken, refresh_token_expires_in: this.refreshTtl };
  }

  private verifySessionToken(token: string): boolean {
    const parts = token.split('.');
    if (parts.length !== 3) return false;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.clientSecret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown; exp?: unknown; dest?: unknown };
      return claims.aud === this.clientId && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() && claims.dest === `https://${this.shopDomain}`;
    } catch {
      return false;
    }
  }

  private async tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await this.readBody(req);
    const respond = (status: number, body: unknown) => {
      this.json(res, status, body);
      this.record({ method: req.method ?? 'POST', path: '/admin/oauth/access_token', kind: 'oauth', apiVersion: null, operationName: null, rootFields: [], status, requestedCost: null, actualCost: null, throttled: false, injected: false, variables: null });
    };
    if (req.method !== 'POST') return respond(405, { error: 'invalid_request', error_description: 'Use POST' });
    let body: Record<string, unknown> = {};
    const contentType = String(req.headers['content-type'] ?? '');
    try {
      body = contentType.includes('application/json') || raw.trim().startsWith('{') ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      return respond(400, { error: 'invalid_request', error_description: 'Malformed request body' });
    }
    if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) {
      return respond(400, { error: 'invalid_client', error_description: 'Client authentication failed: the client_id or client_secret is invalid' });
    }
    const expiring = body.expiring === '1' || body.expiring === 1 || body.expiring === true;
    const grantType = typeof body.grant_type === 'string' ? body.grant_type : null;

    if (grantType === null || grantType === 'authorization_code') {
      const code = typeof body.code === 'string' ? this.codes.get(body.code) : undefined;
      if (!code || code.expiresAt < Date.now()) {
        return respond(400, { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
      }
      this.codes.delete(String(body.code));
      return respond(200, this.grant(code.scopes, expiring, code.online));
    }
    if (grantType === 'refresh_token') {
      const key = typeof body.refresh_token === 'string' ? body.refresh_token : '';
      const refresh = this.refreshTokens.get(key);
      if (!refresh || refresh.expiresAt < Date.now()) {
        return respond(400, { error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or was already used' });
      }
      // Refresh tokens rotate: the one just used is revoked.
      this.refreshTokens.delete(key);
      return respond(200, this.grant(refresh.scopes, true, false));
    }
    if (grantType === 'urn:ietf:params:oauth:grant-type:token-exchange') {
      if (typeof body.subject_token !== 'string' || !this.verifySessionToken(body.subject_token)) {
        return respond(400, { error: 'invalid_subject_token', error_description: 'The session token is invalid or expired' });
      }
      const online = body.requested_token_type === 'urn:shopify:params:oauth:token-type:online-access-token';
      return respond(200, this.grant(this.scopes, expiring, online));
    }
    if (grantType === 'client_credentials') {
      const now = Date.now();
      const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
      this.tokens.set(accessToken, { scopes: this.scopes, expiresAt: now + 86_399_000, issued: true });
      return respond(200, { access_token: accessToken, scope: this.scopes.join(','), expires_in: 86_399 });
    }
    return respond(400, { error: 'unsupported_grant_type', error_description: `Grant type ${grantType} is not supported` });
  }

  // ---- /__fake control endpoints -------------------------------------------------------------------------------

  private productView(p: FakeProduct): Record<string, unknown> {
    return {
      id: p.id,
      gid: p.gid,
      title: p.title,
      variants: p.variants.map((v) => ({ id: v.id, gid: v.gid, sku: v.sku, price: moneyRest(v.priceCents), barcode: v.barcode, inventoryItemId: gid('InventoryItem', v.inventoryItemId) })),
    };
  }

  private async control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const raw = await this.readBody(req);
    let body: Record<string, unknown> = {};
    if (raw.trim()) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return this.json(res, 400, { error: 'Body must be JSON' });
      }
    }
    const path = url.pathname.slice('/__fake'.length);
    const ok = (value: unknown) => this.json(res, 200, value);
    const num = (value: unknown) => (typeof value === 'number' ? value : value === undefined || value === null ? undefined : Number(value));
    try {
      if (method === 'GET' && path === '/health') return ok({ ok: true, url: this.url, shopDomain: this.shopDomain });
      if (method === 'GET' && path === '/state') {
        return ok({
          orders: this.store.orderList.length,
          products: this.store.productList.length,
          variants: this.store.variantList.length,
          locations: this.store.locationList.map((l) => ({ id: l.gid, name: l.name })),
          fulfillments: this.store.fulfillmentList.length,
          subscriptions: this.store.subscriptions.length,
          calls: this.callLog.length,
          bucket: this.bucketStatus(),
        });
      }
      if (method === 'POST' && path === '/reset') {
        this.reset();
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/orders') return ok({ order: this.orderView(this.addOrder(body as OrderInput).id) });
      if (method === 'GET' && path === '/orders') {
        return ok({ orders: this.store.orderList.map((o) => ({ id: o.id, gid: o.gid, name: o.name, updatedAt: isoTime(o.updatedAt) })) });
      }
      const orderMatch = /^\/orders\/([^/]+)(\/[a-z-]+)?$/.exec(path);
      if (orderMatch) {
        const id = decodeURIComponent(orderMatch[1]!);
        const action = orderMatch[2];
        if (!this.store.findOrder(id)) return this.json(res, 404, { error: `No order ${id}` });
        if (method === 'GET' && !action) return ok({ order: this.orderView(id) });
        if (method === 'PATCH' && !action) return ok({ order: this.orderView(this.updateOrder(id, body as OrderPatch).id) });
        if (method === 'POST' && action === '/cancel') {
          return ok({ order: this.orderView(this.cancelOrder(id, { reason: typeof body.reason === 'string' ? body.reason : undefined, refund: body.refund === true }).id) });
        }
        if (method === 'POST' && action === '/close') return ok({ order: this.orderView(this.closeOrder(id).id) });
        if (method === 'GET' && action === '/webhook-payload') return ok(this.orderWebhookPayload(id));
      }
      if (method === 'POST' && path === '/products') return ok({ product: this.productView(this.addProduct(body as unknown as ProductInput)) });
      if (method === 'POST' && path === '/locations') {
        const location = this.addLocation({ name: String(body.name ?? 'Location'), stockExistingItems: body.stockExistingItems !== false });
        return ok({ location: { id: location.gid, name: location.name } });
      }
      if (method === 'POST' && path === '/seed') {
        const productCount = num(body.products);
        if (productCount) this.seedProducts(productCount, { prefix: typeof body.prefix === 'string' ? body.prefix : undefined, available: num(body.available) });
        const started = Date.now();
        const seeded = this.seedOrders(num(body.orders) ?? 0, {
          skus: Array.isArray(body.skus) ? body.skus.map(String) : undefined,
          skuCount: num(body.skuCount),
          linesPerOrder: num(body.linesPerOrder),
          startAt: typeof body.startAt === 'string' || typeof body.startAt === 'number' ? body.startAt : undefined,
          intervalMs: num(body.intervalMs),
        });
        return ok({
          orders: seeded.length,
          firstId: seeded[0]?.gid ?? null,
          lastId: seeded[seeded.length - 1]?.gid ?? null,
          totalOrders: this.store.orderList.length,
          skus: this.store.variantList.length,
          ms: Date.now() - started,
        });
      }
      if (method === 'GET' && path === '/inventory') return ok({ inventory: this.inventory() });
      if (method === 'POST' && path === '/inventory') {
        this.setAvailable(String(body.sku ?? body.inventoryItemId), Number(body.available), body.locationId as string | undefined);
        return ok({ inventory: this.inventory().filter((r) => r.sku === body.sku || r.inventoryItemId === body.inventoryItemId) });
      }
      if (method === 'GET' && path === '/adjustments') {
        return ok({
          adjustments: this.store.adjustments.map((g) => ({
            id: g.gid,
            createdAt: isoTime(g.createdAt),
            reason: g.reason,
            referenceDocumentUri: g.referenceDocumentUri,
            changes: g.changes.map((c) => ({ ...c, itemId: gid('InventoryItem', c.itemId), locationId: gid('Location', c.locationId) })),
          })),
        });
      }
      if (method === 'GET' && path === '/fulfillments') return ok({ fulfillments: this.fulfillments() });
      if (method === 'GET' && path === '/subscriptions') {
        return ok({ subscriptions: this.store.subscriptions.map((s) => ({ id: s.gid, topic: s.topic, callbackUrl: s.callbackUrl, format: s.format })) });
      }
      if (method === 'GET' && path === '/calls') {
        const since = Number(url.searchParams.get('since') ?? 0);
        return ok({ calls: this.callLog.filter((c) => c.seq > since) });
      }
      if (method === 'DELETE' && path === '/calls') {
        this.clearCalls();
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/throttle') {
        this.throttleNext(num(body.next) ?? 1);
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/fail') {
        this.failNext(num(body.status) ?? 503, num(body.next) ?? 1, num(body.retryAfter));
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/bucket') {
        this.setBucket({ maximumAvailable: num(body.maximumAvailable), restoreRate: num(body.restoreRate), currentlyAvailable: num(body.currentlyAvailable) });
        return ok({ bucket: this.bucketStatus() });
      }
      if (method === 'POST' && path === '/rest-bucket') {
        this.setRestBucket({ size: num(body.size), leakRate: num(body.leakRate) });
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/token-ttl') {
        this.setTokenTtl(num(body.seconds) ?? 3600, num(body.refreshSeconds));
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/tokens/expire') {
        this.expireIssuedTokens();
        return ok({ ok: true });
      }
      if (method === 'POST' && path === '/tokens') return ok(this.issueToken({ expiring: body.expiring === true }));
      if (method === 'POST' && path === '/webhooks/send') {
        return ok(
          await this.sendWebhook({
            url: String(body.url),
            topic: String(body.topic),
            payload: body.payload ?? (body.orderId !== undefined ? this.orderWebhookPayload(String(body.orderId)) : {}),
            secret: typeof body.secret === 'string' ? body.secret : undefined,
            webhookId: typeof body.webhookId === 'string' ? body.webhookId : undefined,
            eventId: typeof body.eventId === 'string' ? body.eventId : undefined,
            headers: body.headers as Record<string, string> | undefined,
            retries: num(body.retries),
            retryDelayMs: num(body.retryDelayMs),
            duplicates: num(body.duplicates),
          }),
        );
      }
      if (method === 'POST' && path === '/webhooks/emit') {
        const payload = body.payload ?? (body.orderId !== undefined ? this.orderWebhookPayload(String(body.orderId)) : {});
        return ok({ deliveries: await this.emitWebhook(String(body.topic), payload, { webhookId: typeof body.webhookId === 'string' ? body.webhookId : undefined }) });
      }
      if (method === 'GET' && path === '/webhooks/deliveries') return ok({ deliveries: this.deliveries });
      if (method === 'GET' && path === '/install-query') return ok({ query: this.installQuery() });
      if (method === 'GET' && path === '/session-token') return ok({ token: this.sessionToken() });
      return this.json(res, 404, { error: `No control endpoint ${method} ${url.pathname}` });
    } catch (error) {
      return this.json(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
