import type { FastifyBaseLogger } from 'fastify';
import type { ChannelAction, ChannelActionOptions, ChannelTestResult, ProcessDriver, TChannelSettings } from '@omnio/domain';
import type { Config } from '../../platform/config';
import type { ChannelHttp } from './http-client';
import type { RunContext } from './channel-run.job';

/**
 * What one driver (one folder under modules/channels) gives the framework. The framework does everything
 * that is the same for every service — runs, cursors, the order pipeline, the stock formula, webhooks'
 * storage and dedupe, the feed history — and asks the connector only what the service says and wants.
 * docs/channels.md explains how to write one.
 */

/** An order as the channel sent it, in the framework's neutral shape (the connector maps its service's shape). */
export interface ChannelOrder {
  /** The channel's own order id (Shopify: the numeric id): the order's external_id in Omnio. */
  externalId: string;
  /** The name a seller knows it by at the channel ("#1001"). */
  name: string | null;
  createdAt: string;
  /** The channel's last change: an older delivery of the same order never overrides a newer one. */
  updatedAt: string;
  cancelled: boolean;
  closed: boolean;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  tags: string[];
  currency: string | null;
  email: string | null;
  phone: string | null;
  customer: { first_name?: string; last_name?: string; email?: string; phone?: string } | null;
  shippingAddress: ChannelAddress | null;
  billingAddress: ChannelAddress | null;
  lines: { externalId: string; sku: string; name: string | null; quantity: number; price: string; discount?: string; tax?: string }[];
  shipping: string | null;
  shipMethod: string | null;
  note: string | null;
  /** Whatever the connector needs later (Shopify: the order GID), kept with the order as channel_ref. */
  ref?: Record<string, unknown>;
}

export interface ChannelAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phone?: string;
}

export interface OrderPage {
  orders: ChannelOrder[];
  /** Where the next page starts, or null after the last page. */
  next: string | null;
  /** The high-water mark that is safe to store once this page's orders are committed. */
  highWater: string | null;
}

export interface ChannelProduct {
  externalId: string;
  name: string;
  variants: { externalId: string; sku: string | null; name: string | null; barcode: string | null; price: string | null; remoteInventoryId: string | null; weight?: string | null }[];
}

export interface StockLevel {
  sku: string;
  quantity: number;
  /** What the connector resolved earlier for this SKU (Shopify: the inventory item id), or null. */
  remoteId: string | null;
  /** The quantity last pushed, when known. */
  previous: number | null;
}

export interface StockPushResult {
  /** SKUs set at the channel (with the remote id, so the framework keeps it). */
  pushed: { sku: string; remoteId: string; quantity: number }[];
  /** SKUs the channel does not know: reported in the run, not fatal. */
  unknown: string[];
  /** SKUs the channel refused, with its reason. */
  failed: { sku: string; code: string; message: string }[];
}

export interface FulfillmentPush {
  orderExternalId: string;
  orderRef: Record<string, unknown> | null;
  shipmentNumber: string;
  carrier: string | null;
  tracking: string | null;
  trackingUrl: string | null;
  lines: { sku: string; quantity: number; externalLineId: string | null }[];
  notifyCustomer: boolean;
}

export type WebhookEvent =
  | { kind: 'order'; order: ChannelOrder }
  /** The delivery names the order but does not carry it (BigCommerce): the framework fetches it with `fetchOrder`. */
  | { kind: 'order_ref'; externalId: string }
  | { kind: 'uninstalled' }
  | { kind: 'customers_redact'; email: string | null; orderIds: string[] }
  | { kind: 'customers_data_request'; email: string | null; orderIds: string[]; requestId: string | null }
  | { kind: 'shop_redact' }
  | { kind: 'ignored'; reason: string };

/** A connector call's context: the process's credentials (opened), settings, the shared HTTP client and a log. */
export interface ConnectorContext {
  processId: string;
  tenantId: string;
  credentials: Record<string, string>;
  settings: TChannelSettings;
  http: ChannelHttp;
  log: FastifyBaseLogger;
  /** The server's configuration (an app's own OAuth credentials, for refreshing tokens). */
  config: Config;
  /** Persists rotated credentials at once (an expiring token refreshed mid-run). */
  saveCredentials(changes: Record<string, string>): Promise<void>;
}

export interface Connector {
  driver: ProcessDriver;
  /** The service's API version this connector speaks (pinned, never "latest"). */
  apiVersion: string;
  actions: readonly ChannelAction[];
  /** Checks the credentials against the service; throws ChannelCallError (422 to the user) with the service's reason. */
  test(ctx: ConnectorContext): Promise<ChannelTestResult>;
  /** One page of orders changed since `cursor` (a high-water mark) or continuing from `page`. */
  fetchOrders(ctx: ConnectorContext, input: { cursor: string | null; page: string | null; options: ChannelActionOptions<'import_orders'> }): Promise<OrderPage>;
  /**
   * One order by the channel's id (a webhook that carries only the id), with the process's import options; null
   * when the channel no longer has it or it is not an order those options import (a status not shipped).
   */
  fetchOrder?(ctx: ConnectorContext, externalId: string, options: ChannelActionOptions<'import_orders'>): Promise<ChannelOrder | null>;
  fetchProducts?(ctx: ConnectorContext, input: { page: string | null }): Promise<{ products: ChannelProduct[]; next: string | null }>;
  pushStock?(ctx: ConnectorContext, input: { levels: StockLevel[]; options: ChannelActionOptions<'sync_inventory'>; runId: string }): Promise<StockPushResult>;
  pushFulfillment?(ctx: ConnectorContext, input: FulfillmentPush): Promise<{ remoteId: string }>;
  /** Verifies a delivery's signature over the raw body; false means 401 and nothing stored. */
  verifyWebhook(ctx: Pick<ConnectorContext, 'credentials'>, input: { headers: Record<string, string | undefined>; rawBody: Buffer }): boolean;
  /**
   * A delivery the service sends unsigned by design and expects a 200 for (WooCommerce's creation ping, a
   * form-encoded `webhook_id=…`): answered 200 as ignored, nothing stored. Checked only after the signature failed.
   */
  isPing?(input: { headers: Record<string, string | undefined>; rawBody: Buffer }): boolean;
  /** The service's id of the delivery (deduplication), and its topic. */
  webhookDelivery(headers: Record<string, string | undefined>): { deliveryId: string | null; topic: string | null };
  /** `options`: the process's import options (which statuses it imports), when the process has the action. */
  parseWebhook(input: { topic: string | null; kind: string; payload: unknown; options?: ChannelActionOptions<'import_orders'> }): WebhookEvent;
  /**
   * Runs an action its own way instead of the framework's use case (EDI: files in a mailbox, not pages of an
   * API). The run, its lease, feed history and schedule stay the framework's.
   */
  runners?: Partial<Record<ChannelAction, (run: RunContext) => Promise<Record<string, unknown> | void>>>;
  /** Subscribes the service's webhooks to the process's URLs (topic → URL). */
  registerWebhooks?(ctx: ConnectorContext, urls: Record<string, string>): Promise<{ topic: string; ok: boolean; message?: string }[]>;
}

/** The service refused or failed (after the client's retries): a run ends FAILED, a test answers 422. */
export class ChannelCallError extends Error {
  constructor(message: string, readonly status: number | null = null, readonly code: string = 'channel_error') {
    super(message);
    this.name = 'ChannelCallError';
  }
}

/** The service refused the credentials (401/403): nothing is retried until the seller fixes them. */
export class ChannelAuthError extends ChannelCallError {
  constructor(message: string, status: number | null = 401) {
    super(message, status, 'unauthorized');
    this.name = 'ChannelAuthError';
  }
}
