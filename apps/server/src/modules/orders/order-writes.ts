import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryPrepared } from '../../platform/db/rows';
import { recordStatusEvents, statusEventInserts, type StatusEvent } from '../../platform/db/status-events';
import { enqueueJobs } from '../../platform/jobs/jobs';
import { allocationsInsert, insertNewAllocations, type Allocation, type LineNeed, type Reserved } from './allocation';
import { uuidArray } from '../inventory/holder-sql';
import { newCustomersWith, type NewCustomer } from '../customers/customer-match';
import { keyOf, type PreparedOrder, type SourcedOrderInput } from './order-steps';

/**
 * The writes of new orders (step 7) that the allocation paths (order-allocation-paths.ts) send: the optimistic
 * path writes the orders, lines, allocations, history and new customers in one statement (writeNewOrders), the
 * locked path the orders first and their lines once allocated. Rows travel as one json_to_recordset parameter,
 * so a statement's text, and the one plan the import's transaction keeps for it, is the same for any batch size.
 */

export const RELEASE_HOLD_JOB = 'orders.release-hold';

/** What the valid orders' lines need reserved (held orders keep their reservation through the hold), in import order. */
export const needsOf = (orders: PreparedOrder[]): LineNeed[] => orders
  .filter((p) => p.status === 'open' || p.status === 'on_hold')
  .flatMap((p) => p.lines.map((l) => ({ orderId: p.id, lineId: l.id, skuId: l.skuId!, holderId: l.holderId!, factor: l.factor, need: l.quantity, ilocId: l.ilocId })));

export function fulfillmentOf(orders: PreparedOrder[], allocations: Allocation[]): Map<string, string> {
  const allocated = new Map<string, number>();
  for (const a of allocations) allocated.set(a.orderId, (allocated.get(a.orderId) ?? 0) + a.quantity);
  return new Map(orders.map((p) => {
    const units = p.totals.units;
    const got = allocated.get(p.id) ?? 0;
    const f = p.status !== 'open' && p.status !== 'on_hold' ? 'unallocated' : got >= units && units > 0 ? 'allocated' : got > 0 ? 'partially_allocated' : 'backordered';
    return [p.id, f] as const;
  }));
}

/**
 * Inserts the orders with their numbers, skipping any a concurrent import stored first (idempotency on
 * channel + external id); answers the ids inserted. Sorted by (channel, external id): two imports naming
 * the same orders wait for each other in one order. Without a fulfilment map the orders start unallocated.
 */
export async function insertOrders(
  tx: Tx, tenantId: string, userId: string | null, orders: PreparedOrder[], numberOf: Map<string, string>,
  customerOf: Map<string, string | null>, fulfillment: Map<string, string> | null,
): Promise<Set<string>> {
  return new Set((await queryPrepared<{ id: string }>(tx, ordersInsert(tenantId, userId, orders, numberOf, customerOf, fulfillment))).map((r) => r.id));
}

function ordersInsert(
  tenantId: string, userId: string | null, orders: PreparedOrder[], numberOf: Map<string, string>,
  customerOf: Map<string, string | null>, fulfillment: Map<string, string> | null,
): SQL {
  const sorted = [...orders].map((p) => [keyOf(p), p] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, p]) => p);
  const rows = sorted.map((p, n) => ({
    n, id: p.id, number: numberOf.get(p.id)!, f: fulfillment?.get(p.id) ?? 'unallocated',
    channel: p.channel, external_id: p.externalId, status: p.status, error_code: p.errorCode, error_message: p.errorMessage,
    customer_id: customerOf.get(p.id) ?? null,
    customer: p.input.customer ?? {}, billing_address: p.input.billing_address ?? null, shipping_address: p.input.shipping_address ?? null,
    currency: p.input.currency ?? 'USD', subtotal: p.totals.subtotal, discount_total: p.totals.discount, tax_total: p.totals.tax,
    shipping_total: p.totals.shipping, total: p.totals.total, line_count: p.lines.length, unit_count: p.totals.units,
    notes: p.input.notes ?? null, metadata: p.input.metadata ?? {}, hold_until: p.holdUntil,
    shipable_date: p.input.shipable_date ?? null, deliver_by: p.input.deliver_by ?? null,
    ship_method: p.input.ship_method?.trim().toLowerCase() || (p.status === 'error' ? p.input.ship_method ?? null : 'standard'),
    ship_carrier: p.input.ship_carrier?.trim().toLowerCase() || null,
    process_id: (p.input as SourcedOrderInput).source?.process_id ?? null,
    channel_updated_at: (p.input as SourcedOrderInput).source?.channel_updated_at ?? null,
    channel_ref: (p.input as SourcedOrderInput).source?.channel_ref ?? null,
  }));
  return sql`
    INSERT INTO orders (tenant_id, id, number, fulfillment_status, channel, external_id, status, error_code, error_message, customer_id, customer,
      billing_address, shipping_address, currency, subtotal, discount_total, tax_total, shipping_total, total, line_count, unit_count,
      notes, metadata, hold_until, shipable_date, deliver_by, ship_method, ship_carrier, created_by, process_id, channel_updated_at, channel_ref)
    SELECT ${tenantId}::uuid, x.id, x.number, x.f, x.channel, x.external_id, x.status, x.error_code, x.error_message, x.customer_id,
      coalesce(x.customer, '{}'::jsonb), x.billing_address, x.shipping_address, x.currency, x.subtotal, x.discount_total, x.tax_total,
      x.shipping_total, x.total, x.line_count, x.unit_count, x.notes, coalesce(x.metadata, '{}'::jsonb), x.hold_until, x.shipable_date,
      x.deliver_by, x.ship_method, x.ship_carrier, ${userId}::uuid, x.process_id, x.channel_updated_at, x.channel_ref
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(n int, id uuid, number text, f text, channel text, external_id text, status text,
      error_code text, error_message text, customer_id uuid, customer jsonb, billing_address jsonb, shipping_address jsonb, currency text,
      subtotal numeric, discount_total numeric, tax_total numeric, shipping_total numeric, total numeric, line_count int, unit_count int,
      notes text, metadata jsonb, hold_until timestamptz, shipable_date date, deliver_by date, ship_method text, ship_carrier text,
      process_id uuid, channel_updated_at timestamptz, channel_ref jsonb)
    ORDER BY x.n
    ON CONFLICT (tenant_id, channel, external_id) DO NOTHING
    RETURNING id`;
}

/** The lines of new orders, written once with what they got, and their allocations. */
export async function insertLines(tx: Tx, tenantId: string, orders: PreparedOrder[], allocations: Allocation[]): Promise<void> {
  if (orders.length === 0) return;
  const linesInsert = linesInsertOf(tenantId, orders, allocations, sql`true`);
  // One round trip: the allocations' reference to their lines is checked at the end of the statement.
  await queryPrepared(tx, allocations.length ? sql`WITH new_lines AS (${linesInsert}) ${allocationsInsert(tenantId, allocations)}` : linesInsert);
}

/** The INSERT of the orders' lines; `when` (on x.o, the order id) narrows the rows. */
function linesInsertOf(tenantId: string, orders: PreparedOrder[], allocations: Allocation[], when: SQL): SQL {
  const allocatedPerLine = new Map<string, number>();
  for (const a of allocations) allocatedPerLine.set(a.lineId, (allocatedPerLine.get(a.lineId) ?? 0) + a.quantity);
  const lineRows = orders.flatMap((p) => {
    const reserving = p.status === 'open' || p.status === 'on_hold';
    return p.lines.map((l) => {
      const allocated = allocatedPerLine.get(l.id) ?? 0;
      return {
        id: l.id, o: p.id, n: l.lineNo, t: l.skuText, s: l.skuId, q: l.quantity, p: l.price, d: l.discount, x: l.tax, tt: l.total,
        name: p.input.lines[l.lineNo - 1]!.name ?? null, i: l.ilocId, a: p.input.lines[l.lineNo - 1]!.shipping_address ?? null,
        qa: allocated, qb: reserving ? Math.max(l.quantity - allocated, 0) : 0,
      };
    });
  });
  return sql`
    INSERT INTO order_lines (tenant_id, id, order_id, line_no, sku_text, sku_id, quantity, price, discount, tax, total, name, requested_iloc_id,
      shipping_address, qty_allocated, qty_backordered)
    SELECT ${tenantId}::uuid, x.id, x.o, x.n, x.t, x.s, x.q, x.p, x.d, x.x, x.tt, x.name, x.i, x.a, x.qa, x.qb
    FROM json_to_recordset(${JSON.stringify(lineRows)}::json)
      AS x(id uuid, o uuid, n int, t text, s uuid, q int, p numeric, d numeric, x numeric, tt numeric, name text, i uuid, a jsonb, qa int, qb int)
    WHERE ${when}`;
}

/**
 * The optimistic path's writes in one statement (one round trip whatever the batch): the orders (skipping
 * any a concurrent import stored first), the lines and allocations of those inserted, and the orders'
 * history with its webhook deliveries. Answers the ids inserted; when some were skipped the caller undoes
 * the statement (savepoint) and takes the locked path, so the history of a skipped order never stays.
 */
export async function writeNewOrders(
  tx: Tx, tenantId: string, userId: string | null, orders: PreparedOrder[], numberOf: Map<string, string>,
  customerOf: Map<string, string | null>, allocations: Allocation[], newCustomers: NewCustomer[],
): Promise<{ orders: Set<string>; customers: Set<string> }> {
  const inserted = sql`x.o IN (SELECT id FROM new_orders)`;
  const { history, deliveries } = statusEventInserts(tenantId, createdEvents(orders, userId));
  const withCustomers = newCustomers.length > 0;
  const rows = await queryPrepared<{ k: 'o' | 'c'; id: string }>(tx, sql`
    WITH new_orders AS (${ordersInsert(tenantId, userId, orders, numberOf, customerOf, fulfillmentOf(orders, allocations))}),
      new_lines AS (${linesInsertOf(tenantId, orders, allocations, inserted)}),
      new_allocations AS (${allocationsInsert(tenantId, allocations, inserted)}),
      history AS (${history}),
      deliveries AS (${deliveries})${withCustomers ? sql`, ${newCustomersWith(tenantId, newCustomers)}` : sql``}
    SELECT 'o' AS k, id FROM new_orders${withCustomers ? sql` UNION ALL SELECT 'c', id FROM made` : sql``}`);
  await enqueueHoldReleases(tx, tenantId, userId, orders);
  const of = (k: 'o' | 'c') => new Set(rows.filter((r) => r.k === k).map((r) => r.id));
  return { orders: of('o'), customers: of('c') };
}

/**
 * The lines whose allocation the reservation changed (another import drew a planned balance down) get the
 * allocations, counts and order fulfilment status they ended with; they were written from the plan.
 */
export async function rewriteChangedLines(tx: Tx, tenantId: string, orders: PreparedOrder[], reserved: Reserved): Promise<void> {
  const lines = [...reserved.changedLines];
  const allocations = reserved.allocations.filter((a) => reserved.changedLines.has(a.lineId));
  await tx.execute(sql`DELETE FROM order_allocations WHERE tenant_id = ${tenantId}::uuid AND line_id = ANY(${uuidArray(lines)})`);
  await insertNewAllocations(tx, tenantId, allocations);
  const allocated = new Map(lines.map((l) => [l, 0]));
  for (const a of allocations) allocated.set(a.lineId, allocated.get(a.lineId)! + a.quantity);
  await tx.execute(sql`
    UPDATE order_lines l SET qty_allocated = x.a, qty_backordered = greatest(l.quantity - x.a, 0)
    FROM json_to_recordset(${JSON.stringify([...allocated].map(([l, a]) => ({ l, a })))}::json) AS x(l uuid, a int)
    WHERE l.tenant_id = ${tenantId}::uuid AND l.id = x.l`);
  const orderIds = new Set(allocations.map((a) => a.orderId));
  for (const p of orders) if (p.lines.some((l) => reserved.changedLines.has(l.id))) orderIds.add(p.id);
  const changed = orders.filter((p) => orderIds.has(p.id));
  await updateFulfillment(tx, tenantId, fulfillmentOf(changed, reserved.allocations.filter((a) => orderIds.has(a.orderId))));
}

/** Orders whose fulfilment status turned out other than written with them. */
export async function updateFulfillment(tx: Tx, tenantId: string, fulfillment: Map<string, string>): Promise<void> {
  await tx.execute(sql`
    UPDATE orders o SET fulfillment_status = x.f
    FROM json_to_recordset(${JSON.stringify([...fulfillment].map(([id, f]) => ({ id, f })))}::json) AS x(id uuid, f text)
    WHERE o.tenant_id = ${tenantId}::uuid AND o.id = x.id AND o.fulfillment_status IS DISTINCT FROM x.f`);
}

/** The orders' history starts (create events) and held orders get their release job. */
export async function recordCreated(tx: Tx, tenantId: string, userId: string | null, orders: PreparedOrder[]): Promise<void> {
  await recordStatusEvents(tx, tenantId, createdEvents(orders, userId));
  await enqueueHoldReleases(tx, tenantId, userId, orders);
}

const createdEvents = (orders: PreparedOrder[], userId: string | null): StatusEvent[] => orders.map((p) => ({
  subjectType: 'order', subjectId: p.id, action: 'create', from: null, to: p.status, userId,
  data: { channel: p.channel, ...(p.errorCode ? { error_code: p.errorCode, error_message: p.errorMessage } : {}), ...(p.holdUntil ? { hold_until: p.holdUntil } : {}) },
}));

async function enqueueHoldReleases(tx: Tx, tenantId: string, userId: string | null, orders: PreparedOrder[]): Promise<void> {
  const holds = orders.filter((p) => p.status === 'on_hold' && p.holdUntil);
  await enqueueJobs(tx, tenantId, holds.map((p) => ({
    kind: RELEASE_HOLD_JOB, payload: { order_id: p.id, hold_until: p.holdUntil }, runAt: new Date(p.holdUntil!), dedupeKey: `${p.id}|${p.holdUntil}`, userId,
  })));
}
