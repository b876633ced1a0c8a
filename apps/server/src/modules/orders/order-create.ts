import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { usagePeriod, type OrderErrorCode, type OrderStatus, type TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryPrepared, queryTogether, textArray } from '../../platform/db/rows';
import { attempt } from '../../platform/db/transaction';
import type { TenantTxOptions } from '../../platform/db/tenant';
import { recordStatusEvents, statusEventInserts, type StatusEvent } from '../../platform/db/status-events';
import { enqueueJobs } from '../../platform/jobs/jobs';
import { AllocationLockBusy, allocationsInsert, insertNewAllocations, planAllocations, planBalancesSql, reserveForLines, reservePlan, type Allocation, type LineNeed, type Reserved } from './allocation';
import { uuidArray } from '../inventory/holder-sql';
import { InsufficientStockError } from '../inventory/ledger';
import { checkOrder, exactLookupSql, lineCodesOf, lookupSkus, type HookContext } from './order-pipeline';
import { orderNumbersFrom, orderNumbersSql } from './order-numbers';
import { customerEmailKeysOf, linkCustomers, repointOrderCustomers, storeOrderCustomers } from './order-customers';
import { customersByEmailSql, customersWonElsewhere, newCustomersWith, type NewCustomer } from '../customers/customer-match';
import { allowanceError, allowanceFrom, consumeOrders, notifyOrderLimitReached, orderAllowanceSql, planLimitMessage, type OrderAllowance } from '../billing/billing-limits.service';

export const RELEASE_HOLD_JOB = 'orders.release-hold';

/** The import's transaction options: its statements have a fixed shape, so each keeps one plan (withTenant). */
export const IMPORT_TX: TenantTxOptions = { genericPlans: true };

/**
 * Where a channel's order came from, written with the order (not by a second UPDATE): the process that imported
 * it, the channel's own last-change time and what the connector needs later. Not part of the API's order body.
 */
export interface OrderSource {
  process_id: string;
  channel_updated_at: string;
  channel_ref: Record<string, unknown> | null;
}
export type SourcedOrderInput = TOrderInput & { source?: OrderSource };

export interface CreateResult {
  index: number;
  id: string;
  number: string;
  status: OrderStatus;
  error_code: OrderErrorCode | null;
  error_message: string | null;
  duplicate: boolean;
}

interface Prepared {
  index: number;
  id: string;
  input: TOrderInput;
  channel: string;
  externalId: string | null;
  status: OrderStatus;
  errorCode: OrderErrorCode | null;
  errorMessage: string | null;
  holdUntil: string | null;
  totals: { subtotal: string; discount: string; tax: string; shipping: string; total: string; units: number };
  lines: { id: string; lineNo: number; skuText: string; skuId: string | null; holderId: string | null; factor: number; quantity: number; price: string; discount: string; tax: string; total: string; ilocId: string | null }[];
}

const money = (v: string | undefined) => new Decimal(v ?? '0');

export function orderTotals(input: TOrderInput) {
  let subtotal = new Decimal(0);
  let discount = new Decimal(0);
  let tax = new Decimal(0);
  let units = 0;
  const lineTotals = input.lines.map((l) => {
    const q = Number.isFinite(l.quantity) ? l.quantity : 0;
    const gross = money(l.price).times(q);
    subtotal = subtotal.plus(gross);
    discount = discount.plus(money(l.discount));
    tax = tax.plus(money(l.tax));
    units += Number.isInteger(q) && q > 0 ? q : 0;
    return gross.minus(money(l.discount)).plus(money(l.tax)).toFixed(2);
  });
  const shipping = money(input.shipping);
  const total = subtotal.minus(discount).plus(tax).plus(shipping);
  return {
    lineTotals,
    totals: { subtotal: subtotal.toFixed(2), discount: discount.toFixed(2), tax: tax.toFixed(2), shipping: shipping.toFixed(2), total: total.toFixed(2), units },
  };
}

/** An int4 column holds what a channel sends only within bounds; a wild quantity is kept as 0 with the order in error. */
export const storableQuantity = (q: number) => (Number.isInteger(q) && Math.abs(q) <= 1_000_000_000 ? q : 0);

/**
 * The import pipeline for new orders, set-based whatever the batch size: plan allowance → resolve SKUs →
 * hooks → validate → look the customers up → skip the orders already imported (idempotent on channel +
 * external id) → numbers → allocate → write orders, lines, allocations and history → store new customers →
 * reserve → count against the allowance (with the commit). An order that fails a check is kept in `error` with its code;
 * nothing else in the batch is affected. Orders beyond the plan's monthly allowance refuse the whole call
 * (402): every path that creates orders passes here.
 *
 * The rows other imports contend for (new customers' e-mails, balances, the allowance) are taken only at
 * the end, until the commit: allocation is planned from the balances as they read, and reservePlan
 * re-allocates the lines whose balance another import drew down meanwhile. Losing a race it cannot settle
 * without waiting out of lock order (or a race for the same external ids) undoes the writes back to a
 * savepoint and redoes them on the locked path, which allocates under locks and is exact under any
 * contention.
 */
export async function createOrders(tx: Tx, tenantId: string, userId: string | null, inputs: TOrderInput[]): Promise<CreateResult[]> {
  return (await createOrdersWithin(tx, tenantId, userId, inputs, false)) as CreateResult[];
}

/** An order the plan's monthly allowance had no room for: nothing is stored for it (docs/api-billing.md "Limits"). */
export interface RefusedResult {
  index: number;
  id: null;
  number: null;
  status: 'refused';
  error_code: 'plan_limit';
  error_message: string;
  duplicate: false;
}

/**
 * createOrders for batches and imports: the orders that fit the allowance are created and the rest are
 * answered as refused (createOrders refuses the whole call with a 402 instead).
 */
export async function createOrdersPartial(tx: Tx, tenantId: string, userId: string | null, inputs: TOrderInput[]): Promise<(CreateResult | RefusedResult)[]> {
  return createOrdersWithin(tx, tenantId, userId, inputs, true);
}

/** An order as a channel names it: (channel, external id); the index is its place in the call. */
interface Keyed { index: number; channel: string; externalId: string | null }

type ExistingOrder = { id: string; number: string; status: OrderStatus; error_code: OrderErrorCode | null; error_message: string | null };

const keyOf = (p: { channel: string; externalId: string | null }) => `${p.channel}\u0000${p.externalId ?? ''}`;

/** The orders stored under the candidates' (channel, external id): a superset of the pairs (channels × external ids, one index scan). */
function existingSql(tenantId: string, keyed: Keyed[]): SQL {
  return sql`
    SELECT o.id, o.number, o.status, o.error_code, o.error_message, o.channel, o.external_id FROM orders o
    WHERE o.tenant_id = ${tenantId}::uuid AND o.channel = ANY(${textArray(new Set(keyed.map((c) => c.channel)))}::text[])
      AND o.external_id = ANY(${textArray(new Set(keyed.map((c) => c.externalId!)))}::text[])`;
}

/** existingSql's rows narrowed to the candidates' pairs, by key. */
function existingFrom(keyed: Keyed[], rows: Record<string, unknown>[]): Map<string, ExistingOrder> {
  const wanted = new Set(keyed.map(keyOf));
  const found = new Map<string, ExistingOrder>();
  for (const r of rows as (ExistingOrder & { channel: string; external_id: string })[]) {
    const key = keyOf({ channel: r.channel, externalId: r.external_id });
    if (wanted.has(key)) found.set(key, { id: r.id, number: r.number, status: r.status, error_code: r.error_code, error_message: r.error_message });
  }
  return found;
}

/** The orders already stored under the candidates' (channel, external id), by key. */
async function findExisting(tx: Tx, tenantId: string, candidates: Keyed[]): Promise<Map<string, ExistingOrder>> {
  const keyed = candidates.filter((c) => c.externalId);
  if (keyed.length === 0) return new Map();
  return existingFrom(keyed, await queryPrepared(tx, existingSql(tenantId, keyed)));
}

interface Intake {
  existing: Map<string, ExistingOrder>;
  allowance: OrderAllowance;
  /** exactLookupSql's rows for the candidates' codes (lookupSkus). */
  skus: Record<string, unknown>[];
  /** The balances of those SKUs' holders (planAllocations). */
  balances: { holders: Set<string>; rows: Record<string, unknown>[] };
  /** The customers of the candidates' e-mails (linkCustomers). */
  customers: { read: Set<string>; rows: Record<string, unknown>[] };
}

/**
 * What the import reads before it works, in one round trip (queryTogether): the orders already imported,
 * the plan's allowance, the SKUs by exact code with the balances they draw on, and the customers by e-mail.
 * Read for every candidate, before hooks and the allowance narrow them: the steps after read only what this
 * did not cover (a SKU by alias, an e-mail a hook set).
 */
async function readIntake(tx: Tx, tenantId: string, candidates: (Keyed & { raw: TOrderInput })[], at: Date): Promise<Intake> {
  const keyed = candidates.filter((c) => c.externalId);
  const codes = lineCodesOf(candidates.map((c) => c.raw));
  const emails = customerEmailKeysOf(candidates.map((c) => c.raw));
  const period = usagePeriod(at);
  const read = await queryTogether(tx, {
    allowance: orderAllowanceSql(tenantId, period),
    ...(keyed.length ? { existing: existingSql(tenantId, keyed) } : {}),
    ...(codes.length ? { skus: exactLookupSql(tenantId, codes), balances: planBalancesSql(tenantId, codes) } : {}),
    ...(emails.length ? { customers: customersByEmailSql(tenantId, emails) } : {}),
  } as Record<'allowance' | 'existing' | 'skus' | 'balances' | 'customers', SQL>);
  const skus = read.skus ?? [];
  return {
    existing: keyed.length ? existingFrom(keyed, read.existing) : new Map(),
    allowance: allowanceFrom(read.allowance[0], period, at),
    skus,
    balances: { holders: new Set(skus.map((r) => String(r.holder_id))), rows: read.balances ?? [] },
    customers: { read: new Set(emails), rows: read.customers ?? [] },
  };
}

/**
 * The allowance check, before any work: orders beyond the period's remaining allowance are refused in input
 * order. A duplicate of an existing order costs nothing (it answers that order). No subscription refuses
 * everything (402).
 */
async function refuseBeyondAllowance(
  tx: Tx, tenantId: string, candidates: Keyed[], existing: Map<string, ExistingOrder>, partial: boolean, allowance: OrderAllowance,
) {
  const refused = new Set<number>();
  if (candidates.length <= allowance.remaining) return { allowance, refused };
  let room = allowance.remaining;
  for (const c of candidates) {
    if (c.externalId && existing.has(keyOf(c))) continue;
    if (room > 0) room--;
    else refused.add(c.index);
  }
  if (refused.size === 0) return { allowance, refused };
  if (!partial || allowance.status === 'none') throw allowanceError(allowance);
  // Some are created and the transaction commits: the first refusal of the period is announced with it.
  await notifyOrderLimitReached(tx, tenantId, allowance);
  return { allowance, refused };
}

/** What the valid orders' lines need reserved (held orders keep their reservation through the hold), in import order. */
const needsOf = (orders: Prepared[]): LineNeed[] => orders
  .filter((p) => p.status === 'open' || p.status === 'on_hold')
  .flatMap((p) => p.lines.map((l) => ({ orderId: p.id, lineId: l.id, skuId: l.skuId!, holderId: l.holderId!, factor: l.factor, need: l.quantity, ilocId: l.ilocId })));

function fulfillmentOf(orders: Prepared[], allocations: Allocation[]): Map<string, string> {
  const allocated = new Map<string, number>();
  for (const a of allocations) allocated.set(a.orderId, (allocated.get(a.orderId) ?? 0) + a.quantity);
  return new Map(orders.map((p) => {
    const units = p.totals.units;
    const got = allocated.get(p.id) ?? 0;
    const f = p.status !== 'open' && p.status !== 'on_hold' ? 'unallocated' : got >= units && units > 0 ? 'allocated' : got > 0 ? 'partially_allocated' : 'backordered';
    return [p.id, f] as const;
  }));
}

/** A concurrent import stored one of these orders (same channel + external id) after we looked. */
class ImportRaced extends Error {}

/**
 * Inserts the orders with their numbers, skipping any a concurrent import stored first (idempotency on
 * channel + external id); answers the ids inserted. Sorted by (channel, external id): two imports naming
 * the same orders wait for each other in one order. Without a fulfilment map the orders start unallocated.
 */
async function insertOrders(
  tx: Tx, tenantId: string, userId: string | null, orders: Prepared[], numberOf: Map<string, string>,
  customerOf: Map<string, string | null>, fulfillment: Map<string, string> | null,
): Promise<Set<string>> {
  return new Set((await queryPrepared<{ id: string }>(tx, ordersInsert(tenantId, userId, orders, numberOf, customerOf, fulfillment))).map((r) => r.id));
}

function ordersInsert(
  tenantId: string, userId: string | null, orders: Prepared[], numberOf: Map<string, string>,
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
async function insertLines(tx: Tx, tenantId: string, orders: Prepared[], allocations: Allocation[]): Promise<void> {
  if (orders.length === 0) return;
  const linesInsert = linesInsertOf(tenantId, orders, allocations, sql`true`);
  // One round trip: the allocations' reference to their lines is checked at the end of the statement.
  await queryPrepared(tx, allocations.length ? sql`WITH new_lines AS (${linesInsert}) ${allocationsInsert(tenantId, allocations)}` : linesInsert);
}

/** The INSERT of the orders' lines; `when` (on x.o, the order id) narrows the rows. */
function linesInsertOf(tenantId: string, orders: Prepared[], allocations: Allocation[], when: SQL): SQL {
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
async function writeNewOrders(
  tx: Tx, tenantId: string, userId: string | null, orders: Prepared[], numberOf: Map<string, string>,
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
async function rewriteChangedLines(tx: Tx, tenantId: string, orders: Prepared[], reserved: Reserved): Promise<void> {
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
async function updateFulfillment(tx: Tx, tenantId: string, fulfillment: Map<string, string>): Promise<void> {
  await tx.execute(sql`
    UPDATE orders o SET fulfillment_status = x.f
    FROM json_to_recordset(${JSON.stringify([...fulfillment].map(([id, f]) => ({ id, f })))}::json) AS x(id uuid, f text)
    WHERE o.tenant_id = ${tenantId}::uuid AND o.id = x.id AND o.fulfillment_status IS DISTINCT FROM x.f`);
}

/** The orders' history starts (create events) and held orders get their release job. */
async function recordCreated(tx: Tx, tenantId: string, userId: string | null, orders: Prepared[]): Promise<void> {
  await recordStatusEvents(tx, tenantId, createdEvents(orders, userId));
  await enqueueHoldReleases(tx, tenantId, userId, orders);
}

const createdEvents = (orders: Prepared[], userId: string | null): StatusEvent[] => orders.map((p) => ({
  subjectType: 'order', subjectId: p.id, action: 'create', from: null, to: p.status, userId,
  data: { channel: p.channel, ...(p.errorCode ? { error_code: p.errorCode, error_message: p.errorMessage } : {}), ...(p.holdUntil ? { hold_until: p.holdUntil } : {}) },
}));

async function enqueueHoldReleases(tx: Tx, tenantId: string, userId: string | null, orders: Prepared[]): Promise<void> {
  const holds = orders.filter((p) => p.status === 'on_hold' && p.holdUntil);
  await enqueueJobs(tx, tenantId, holds.map((p) => ({
    kind: RELEASE_HOLD_JOB, payload: { order_id: p.id, hold_until: p.holdUntil }, runAt: new Date(p.holdUntil!), dedupeKey: `${p.id}|${p.holdUntil}`, userId,
  })));
}

async function createOrdersWithin(
  tx: Tx, tenantId: string, userId: string | null, inputs: TOrderInput[], partial: boolean,
): Promise<(CreateResult | RefusedResult)[]> {
  if (inputs.length === 0) return [];
  const hookCtx: HookContext = { tx, tenantId, userId };
  const now = Date.now();

  // Within one batch the same (channel, external id) twice is one order.
  const firstOf = new Map<string, number>();
  const sameAs = new Map<number, number>();
  const candidates: { index: number; raw: TOrderInput; channel: string; externalId: string | null }[] = [];
  for (const [index, raw] of inputs.entries()) {
    const channel = raw.channel?.trim() || 'manual';
    const externalId = raw.external_id?.trim() || null;
    if (externalId) {
      const key = `${channel}\u0000${externalId}`;
      const first = firstOf.get(key);
      if (first !== undefined) {
        sameAs.set(index, first);
        continue;
      }
      firstOf.set(key, index);
    }
    candidates.push({ index, raw, channel, externalId });
  }
  const intake = await readIntake(tx, tenantId, candidates, new Date(now));
  // Orders imported before (same channel + external id) answer what exists and cost no allowance.
  const existing = intake.existing;
  const { allowance, refused } = await refuseBeyondAllowance(tx, tenantId, candidates, existing, partial, intake.allowance);
  const admitted = refused.size ? candidates.filter((c) => !refused.has(c.index)) : candidates;
  const lookup = await lookupSkus(tx, tenantId, admitted.map((c) => c.raw), intake.skus);

  const prepared: Prepared[] = [];
  for (const { index, raw, channel, externalId } of admitted) {
    const draft = raw.status === 'draft';
    const { order: input, problem } = draft ? { order: raw, problem: null } : await checkOrder(raw, lookup, hookCtx);
    const holdUntil = input.hold_until && Date.parse(input.hold_until) > now ? new Date(input.hold_until).toISOString() : null;
    const status: OrderStatus = draft ? 'draft' : problem ? 'error' : holdUntil ? 'on_hold' : 'open';
    const { lineTotals, totals } = orderTotals(input);
    prepared.push({
      index, id: randomUUID(), input, channel, externalId, status,
      errorCode: problem?.code ?? null, errorMessage: problem?.message ?? null, holdUntil, totals,
      lines: input.lines.map((l, i) => {
        const hit = lookup.skus.get(l.sku.trim());
        return {
          id: randomUUID(), lineNo: i + 1, skuText: l.sku, skuId: hit?.skuId ?? null, holderId: hit?.holderId ?? null, factor: hit?.factor ?? 1,
          quantity: storableQuantity(l.quantity), price: money(l.price).toFixed(2), discount: money(l.discount).toFixed(2), tax: money(l.tax).toFixed(2),
          total: lineTotals[i]!, ilocId: l.iloc_id ?? null,
        };
      }),
    });
  }

  const customers = await linkCustomers(tx, tenantId, prepared.map((p) => p.input), intake.customers);
  const customerOf = new Map(prepared.map((p, i) => [p.id, customers.ids[i] ?? null] as const));

  const fresh = prepared.filter((p) => !p.externalId || !existing.has(keyOf(p)));
  const numberOf = new Map<string, string>();

  // The new orders actually written: all of them, unless a concurrent import stored some first.
  let written = fresh;
  if (fresh.length) {
    try {
      // Optimistic: allocate from the balances as they read now, write everything with the new customers
      // (the orders' customer key is checked at commit) and reserve last: the contended rows are held only
      // until commit. Lines whose balance another import drew down meanwhile are allocated again
      // (reservePlan); a busy balance or a race for the same external ids undoes everything since the
      // savepoint and the locked path below runs instead. The numbers are taken with the savepoint (a
      // sequence is not rolled back: they stay the orders' on either path).
      await attempt(tx, async (numbered) => {
        orderNumbersFrom(numbered, fresh.length).forEach((n, i) => numberOf.set(fresh[i]!.id, n));
        const needs = needsOf(fresh);
        const allocations = await planAllocations(tx, tenantId, needs, intake.balances);
        const { orders: inserted, customers: created } = await writeNewOrders(tx, tenantId, userId, fresh, numberOf, customerOf, allocations, customers.fresh);
        if (inserted.size !== fresh.length) throw new ImportRaced();
        await repointOrderCustomers(tx, tenantId, await customersWonElsewhere(tx, tenantId, customers.fresh, created));
        const reserved = await reservePlan(tx, tenantId, allocations, needs, userId);
        if (reserved.changedLines.size) await rewriteChangedLines(tx, tenantId, fresh, reserved);
      }, orderNumbersSql(tenantId, fresh.length));
    } catch (err) {
      if (!(err instanceof ImportRaced) && !(err instanceof InsufficientStockError) && !(err instanceof AllocationLockBusy)) throw err;
      // Locked: the orders first (a concurrent import of the same external ids may have won them), then
      // every balance the lines could draw on locked in (sku, iloc) order and allocated under the locks.
      const inserted = await insertOrders(tx, tenantId, userId, fresh, numberOf, customerOf, null);
      written = fresh.filter((p) => inserted.has(p.id));
      const won = fresh.filter((p) => !inserted.has(p.id));
      if (won.length) for (const [k, row] of await findExisting(tx, tenantId, won)) existing.set(k, row);
      await storeOrderCustomers(tx, tenantId, customers);
      const allocations = await reserveForLines(tx, tenantId, needsOf(written), userId);
      await insertLines(tx, tenantId, written, allocations);
      await updateFulfillment(tx, tenantId, fulfillmentOf(written, allocations));
      await recordCreated(tx, tenantId, userId, written);
    }
  }
  const inserted = new Set(written.map((p) => p.id));

  const results: (CreateResult | RefusedResult)[] = [];
  const byIndex = new Map(prepared.map((p) => [p.index, p]));
  const refusedMessage = refused.size ? planLimitMessage(allowance.limit) : '';
  for (let index = 0; index < inputs.length; index++) {
    if (refused.has(sameAs.get(index) ?? index)) {
      results.push({ index, id: null, number: null, status: 'refused', error_code: 'plan_limit', error_message: refusedMessage, duplicate: false });
      continue;
    }
    const p = byIndex.get(index) ?? byIndex.get(sameAs.get(index)!)!;
    if (inserted.has(p.id)) {
      const duplicate = byIndex.get(index) === undefined;
      results.push({ index, id: p.id, number: numberOf.get(p.id)!, status: p.status, error_code: p.errorCode, error_message: p.errorMessage, duplicate });
    } else {
      const e = existing.get(keyOf(p))!;
      results.push({ index, id: e.id, number: e.number, status: e.status, error_code: e.error_code, error_message: e.error_message, duplicate: true });
    }
  }
  // The allowance is taken with the commit: its row lock is held only while the database commits.
  if (written.length) consumeOrders(tx, tenantId, allowance, written.length);
  return results;
}

