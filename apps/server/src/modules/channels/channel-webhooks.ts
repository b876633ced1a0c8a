import { sql } from 'drizzle-orm';
import type { ChannelActionOptions, ChannelActionsConfig } from '@omnio/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb, Tx } from '../../platform/db/client';
import type { Config } from '../../platform/config';
import { withTenant } from '../../platform/db/tenant';
import { ChannelHttp } from './http-client';
import { loadChannelProcess, openCredentials, storeCredentials } from './process-store';
import { queryRows, textArray } from '../../platform/db/rows';
import { createNotifications } from '../notifications/notify';
import { ChannelAuthError, type Connector, type ConnectorContext, type WebhookEvent } from './connector';
import { takeOrders } from './order-intake';
import { syncActionSchedules } from './process-config';
import { RunRecorder } from './run-recorder';

/**
 * A stored delivery of a connected service, worked in the tenant's transaction that marks it processed:
 * the service's own payload, parsed by its connector (an order created or changed, the app uninstalled,
 * the privacy requests a store must answer).
 */

export interface ChannelWebhookInput {
  tx: Tx;
  tenantId: string;
  process: { id: string; driver: string };
  connector: Connector;
  topic: string | null;
  kind: string;
  payload: unknown;
  /** The delivery already parsed (and an order reference already fetched) before the transaction, if it was. */
  event?: WebhookEvent;
}

/** A delivery that cannot be worked until the seller acts (credentials refused): kept as failed, not retried. */
export class ChannelWebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelWebhookRefused';
  }
}

export interface ResolveWebhookInput {
  db: AppDb;
  config: Config;
  log: FastifyBaseLogger;
  tenantId: string;
  processId: string;
  connector: Connector;
  topic: string | null;
  kind: string;
  payload: unknown;
}

/**
 * Parses a delivery and, when it names an order without carrying it (BigCommerce's thin payloads), fetches the
 * order from the service, outside any transaction (a call to the service never holds a connection open).
 */
export async function resolveChannelWebhook(input: ResolveWebhookInput): Promise<WebhookEvent> {
  const actor = { db: input.db, tenantId: input.tenantId };
  const process = await withTenant(actor, (tx) => loadChannelProcess(tx, input.processId));
  const options = (process.actions.import_orders?.options ?? {}) as ChannelActionOptions<'import_orders'>;
  const event = input.connector.parseWebhook({ topic: input.topic, kind: input.kind, payload: input.payload, options });
  if (event.kind !== 'order_ref') return event;
  if (!input.connector.fetchOrder) return { kind: 'ignored', reason: `The ${input.connector.driver} connector cannot fetch an order by id` };
  const credentials = openCredentials(input.config, process.credentials_sealed);
  const cctx: ConnectorContext = {
    processId: process.id, tenantId: input.tenantId, credentials, settings: process.settings ?? {}, log: input.log, config: input.config,
    http: new ChannelHttp({ allowPrivateTargets: input.config.channelAllowPrivateTargets, baseDelayMs: input.config.channelRetryBaseMs, maxRetries: 2 }),
    saveCredentials: async (changes) => {
      Object.assign(credentials, changes);
      await withTenant(actor, (tx) => storeCredentials(tx, input.config, process.id, credentials));
    },
  };
  try {
    const order = await input.connector.fetchOrder(cctx, event.externalId, options);
    return order ? { kind: 'order', order } : { kind: 'ignored', reason: `Order ${event.externalId} is not one this connection imports, or no longer at the channel` };
  } catch (err) {
    // Refused credentials will not heal by retrying: the delivery is kept as failed and can be replayed once fixed.
    if (err instanceof ChannelAuthError) throw new ChannelWebhookRefused(err.message);
    throw err;
  }
}

/** Personal data is replaced, the order itself (what was sold, where to, in which country) stays for the books. */
const REDACTED_ADDRESS = sql`CASE WHEN x IS NULL THEN NULL ELSE jsonb_build_object('country', x->>'country', 'redacted', true) END`;

/** The customer's e-mail as the order holds it: the customer's own, or the order's contact e-mail. */
const emailMatches = (email: string) => sql`(lower(o.customer->>'email') = lower(${email}) OR lower(o.metadata->>'email') = lower(${email}))`;

async function redactOrders(tx: Tx, processId: string, match: { email: string | null; orderIds: string[] } | null): Promise<number> {
  const where = match
    ? sql`AND (o.external_id = ANY(${textArray(match.orderIds)}::text[]) ${match.email ? sql`OR ${emailMatches(match.email)}` : sql``})`
    : sql``;
  const rows = await queryRows<{ id: string }>(tx, sql`
    UPDATE orders o SET customer = '{"redacted": true}'::jsonb,
      shipping_address = (SELECT ${REDACTED_ADDRESS} FROM (SELECT o.shipping_address AS x) a),
      billing_address = (SELECT ${REDACTED_ADDRESS} FROM (SELECT o.billing_address AS x) b),
      metadata = o.metadata - 'email', updated_at = now()
    WHERE o.process_id = ${processId}::uuid ${where} RETURNING o.id`);
  return rows.length;
}

export async function workChannelWebhook(input: ChannelWebhookInput): Promise<Record<string, unknown>> {
  const { tx, tenantId, process, connector } = input;
  const event = input.event ?? connector.parseWebhook({ topic: input.topic, kind: input.kind, payload: input.payload });
  switch (event.kind) {
    case 'order_ref':
      // Only reached when the order could not be fetched first (resolveChannelWebhook runs before the transaction).
      return { ignored: `Order ${event.externalId} was not fetched` };
    case 'order': {
      const [row] = await queryRows<{ actions: ChannelActionsConfig }>(tx, sql`SELECT actions FROM processes WHERE id = ${process.id}::uuid`);
      const importing = row?.actions.import_orders;
      if (!importing?.active) return { ignored: 'Order import is turned off for this connection' };
      const rec = new RunRecorder('', tenantId);
      const options = importing.options as { iloc_id?: string };
      await takeOrders(tx, tenantId, { driver: process.driver, processId: process.id, userId: null, ilocId: options.iloc_id ?? null }, [event.order], rec);
      return { external_id: event.order.externalId, counts: rec.counts, errors: rec.pendingErrorsView() };
    }
    case 'uninstalled': {
      const [row] = await queryRows<{ name: string }>(tx, sql`
        UPDATE processes SET status = 'uninstalled', credentials_sealed = NULL, credential_keys = '{}'::text[], updated_at = now()
        WHERE id = ${process.id}::uuid AND status <> 'uninstalled' RETURNING name`);
      if (row) await syncActionSchedules(tx, tenantId, { id: process.id, name: row.name, status: 'uninstalled', actions: {} }, null);
      return { uninstalled: !!row };
    }
    case 'customers_redact':
      return { redacted_orders: await redactOrders(tx, process.id, { email: event.email, orderIds: event.orderIds }) };
    case 'shop_redact':
      return { redacted_orders: await redactOrders(tx, process.id, null) };
    case 'customers_data_request': {
      const orders = await queryRows<Record<string, unknown>>(tx, sql`
        SELECT o.number, o.external_id, o.created_at, o.status, o.customer, o.shipping_address, o.billing_address, o.total, o.currency,
          (SELECT json_agg(json_build_object('sku', l.sku_text, 'name', l.name, 'quantity', l.quantity, 'price', l.price) ORDER BY l.line_no)
             FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id) AS lines
        FROM orders o WHERE o.process_id = ${process.id}::uuid
          AND (o.external_id = ANY(${textArray(event.orderIds)}::text[]) ${event.email ? sql`OR ${emailMatches(event.email)}` : sql``})
        ORDER BY o.created_at`);
      // The seller answers the customer: everyone who manages connections is told where the export is.
      const users = await queryRows<{ id: string }>(tx, sql`
        SELECT u.id FROM users u JOIN company_users cu ON cu.user_id = u.id
        WHERE cu.company_id = ${tenantId}::uuid AND cu.supplier_id IS NULL AND u.disabled_at IS NULL`);
      if (users.length) {
        await createNotifications(tx, tenantId, users.map((u) => ({
          userId: u.id, type: 'channels.data-request',
          data: {
            id: process.id, title: 'Customer data request', status: 'WARNING', type: 'channels.data-request', target: 'connections', target_id: process.id,
            description: `A customer (${event.email ?? 'unknown e-mail'}) asked for their data: ${orders.length} order(s) exported with the webhook in the connection's received webhooks.`,
            // The screen words it in the reader's language from these; the English above is for API clients.
            params: { email: event.email ?? null, orders: orders.length },
          },
        })));
      }
      return { request_id: event.requestId, email: event.email, orders };
    }
    case 'ignored':
      return { ignored: event.reason };
  }
}
