import { sql } from 'drizzle-orm';
import { orderTransition, type OrderAction, type OrderStatus, type TOrderInput, type TAddress } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { recordStatusEvent } from '../../platform/db/status-events';
import { enqueueJob } from '../../platform/jobs/jobs';
import { conflict, fieldError, invalidTransition, notFound } from '../../platform/http/errors';
import { allocateAndReserve, endOrderReservations, releaseOrderReservations, type LineNeed } from './allocation';
import { checkOrder, lookupSkus, runAfterHooks, type HookContext, type PipelineTrigger } from './order-pipeline';
import { createOrders, orderTotals, RELEASE_HOLD_JOB, storableQuantity } from './order-create';
import { refreshOrderFulfillment } from './order-fulfillment';

/** Who acts: a signed-in user, or the system (a scheduled hold release) with userId null. */
export interface Actor {
  userId: string | null;
}

type OrderRow = {
  id: string; status: OrderStatus; hold_until: string | null; version: number; channel: string; customer: Record<string, unknown>;
  billing_address: TAddress | null; shipping_address: TAddress | null; currency: string; shipping_total: string; notes: string | null;
  metadata: Record<string, unknown>; shipable_date: string | null; deliver_by: string | null; ship_method: string | null;
  ship_carrier: string | null; customer_id: string | null;
};
type LineRow = {
  id: string; line_no: number; sku_text: string; quantity: number; price: string; discount: string; tax: string; name: string | null;
  requested_iloc_id: string | null; shipping_address: TAddress | null; qty_allocated: number; qty_shipped: number;
};

export const refusedAction = (from: string, action: string) =>
  invalidTransition(from, action, `An order that is ${from.replace('_', ' ')} cannot ${action.replace('-', ' ')}`);

/** Locks the order row: every action on one order runs one at a time. */
export async function lockOrder(tx: Tx, tenantId: string, id: string): Promise<OrderRow> {
  const [row] = await queryRows<OrderRow>(tx, sql`
    SELECT id, status, hold_until, version, channel, customer, billing_address, shipping_address, currency, shipping_total, notes,
      metadata, shipable_date, deliver_by, ship_method, ship_carrier, customer_id
    FROM orders WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`);
  if (!row) throw notFound('Order');
  return row;
}

async function orderLines(tx: Tx, tenantId: string, id: string): Promise<LineRow[]> {
  return queryRows<LineRow>(tx, sql`
    SELECT id, line_no, sku_text, quantity, price, discount, tax, name, requested_iloc_id, shipping_address, qty_allocated, qty_shipped
    FROM order_lines WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid ORDER BY line_no`);
}

const dateText = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));

/** The stored order as pipeline input (what validation and hooks see on submit, retry, release, edit). */
function asInput(o: OrderRow, lines: LineRow[]): TOrderInput {
  return {
    channel: o.channel,
    customer: o.customer as TOrderInput['customer'],
    billing_address: o.billing_address,
    shipping_address: o.shipping_address,
    currency: o.currency.trim(),
    notes: o.notes,
    metadata: o.metadata,
    shipable_date: dateText(o.shipable_date),
    deliver_by: dateText(o.deliver_by),
    ship_method: o.ship_method,
    ship_carrier: o.ship_carrier,
    lines: lines.map((l) => ({
      sku: l.sku_text, quantity: Number(l.quantity), price: String(l.price), discount: String(l.discount), tax: String(l.tax),
      name: l.name, iloc_id: l.requested_iloc_id, shipping_address: l.shipping_address,
    })),
  };
}

/**
 * Runs the pipeline again for an existing order (submit, retry, release, reopen, edit): hooks and checks,
 * then allocation of what each line still needs. Answers the status reached: `success` when it passes,
 * `error` (with the code) when it does not — an order that fails gives its reservations back. What the
 * hooks changed (a rule's ship method, iLoc, hold, added line) is written to the order first.
 */
export async function rerunPipeline(
  tx: Tx, tenantId: string, order: OrderRow, actor: Actor, success: OrderStatus, trigger: PipelineTrigger,
): Promise<OrderStatus> {
  let lines = await orderLines(tx, tenantId, order.id);
  const input = asInput(order, lines);
  const lookup = await lookupSkus(tx, tenantId, [input]);
  const ctx: HookContext = { tx, tenantId, userId: actor.userId, trigger, orderId: order.id };
  const { order: hooked, problem } = await checkOrder(input, lookup, ctx);
  if (hooked !== input) {
    const holdUntil = await writeHooked(tx, tenantId, order.id, hooked, lines);
    lines = await orderLines(tx, tenantId, order.id);
    if (holdUntil && !problem && success === 'open') {
      success = 'on_hold';
      await enqueueJob(tx, tenantId, { kind: RELEASE_HOLD_JOB, payload: { order_id: order.id, hold_until: holdUntil }, runAt: new Date(holdUntil), dedupeKey: `${order.id}|${holdUntil}`, userId: actor.userId });
    }
  }
  const resolved = lines.map((l) => ({ id: l.id, s: lookup.skus.get(l.sku_text.trim())?.skuId ?? null }));
  await tx.execute(sql`
    UPDATE order_lines ol SET sku_id = x.s FROM jsonb_to_recordset(${JSON.stringify(resolved)}::jsonb) AS x(id uuid, s uuid)
    WHERE ol.tenant_id = ${tenantId}::uuid AND ol.id = x.id AND ol.sku_id IS DISTINCT FROM x.s`);
  if (problem) {
    await releaseOrderReservations(tx, tenantId, [order.id], actor.userId);
    await tx.execute(sql`
      UPDATE orders SET status = 'error', error_code = ${problem.code}, error_message = ${problem.message}, hold_until = NULL,
        updated_at = now(), version = version + 1
      WHERE tenant_id = ${tenantId}::uuid AND id = ${order.id}::uuid`);
    await refreshOrderFulfillment(tx, tenantId, order.id, actor.userId);
    await runAfterHooks([{ orderId: order.id, order: hooked, status: 'error' }], ctx);
    return 'error';
  }
  const needs: LineNeed[] = lines.flatMap((l) => {
    const hit = lookup.skus.get(l.sku_text.trim())!;
    const need = Number(l.quantity) - Number(l.qty_allocated) - Number(l.qty_shipped);
    return need > 0 ? [{ orderId: order.id, lineId: l.id, skuId: hit.skuId, holderId: hit.holderId, factor: hit.factor, need, ilocId: l.requested_iloc_id }] : [];
  });
  await allocateAndReserve(tx, tenantId, needs, actor.userId);
  await tx.execute(sql`
    UPDATE orders SET status = ${success}, error_code = NULL, error_message = NULL, updated_at = now(), version = version + 1,
      ship_method = coalesce(ship_method, 'standard'),
      hold_until = ${success === 'on_hold' ? sql`hold_until` : sql`NULL`}
    WHERE tenant_id = ${tenantId}::uuid AND id = ${order.id}::uuid`);
  await refreshOrderFulfillment(tx, tenantId, order.id, actor.userId);
  await runAfterHooks([{ orderId: order.id, order: hooked, status: success }], ctx);
  return success;
}

/**
 * Writes what the hooks made of an existing order: its fields, and its lines — replaced when none has units
 * reserved or shipped, else only the iLoc each asks for. Answers the hold's end when the hooks set one ahead.
 */
async function writeHooked(tx: Tx, tenantId: string, id: string, hooked: TOrderInput, lines: LineRow[]): Promise<string | null> {
  const holdUntil = hooked.hold_until && Date.parse(hooked.hold_until) > Date.now() ? new Date(hooked.hold_until).toISOString() : null;
  const untouched = lines.every((l) => Number(l.qty_allocated) === 0 && Number(l.qty_shipped) === 0);
  if (untouched) {
    await tx.execute(sql`DELETE FROM order_allocations WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid`);
    await tx.execute(sql`DELETE FROM order_lines WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid`);
    await insertLines(tx, tenantId, id, hooked);
  } else {
    const ilocs = hooked.lines.map((l, i) => ({ n: i + 1, i: l.iloc_id ?? null }));
    await tx.execute(sql`
      UPDATE order_lines ol SET requested_iloc_id = x.i FROM jsonb_to_recordset(${JSON.stringify(ilocs)}::jsonb) AS x(n int, i uuid)
      WHERE ol.tenant_id = ${tenantId}::uuid AND ol.order_id = ${id}::uuid AND ol.line_no = x.n AND ol.requested_iloc_id IS DISTINCT FROM x.i`);
  }
  const { totals } = orderTotals(hooked);
  await tx.execute(sql`
    UPDATE orders SET notes = ${hooked.notes ?? null}, metadata = ${JSON.stringify(hooked.metadata ?? {})}::jsonb,
      shipable_date = ${hooked.shipable_date ?? null}, deliver_by = ${hooked.deliver_by ?? null},
      ship_method = ${hooked.ship_method?.trim().toLowerCase() || null}, ship_carrier = ${hooked.ship_carrier?.trim().toLowerCase() || null},
      hold_until = ${holdUntil}::timestamptz,
      ${untouched ? sql`subtotal = ${totals.subtotal}, discount_total = ${totals.discount}, tax_total = ${totals.tax}, total = ${totals.total},
      line_count = ${hooked.lines.length}, unit_count = ${totals.units},` : sql``}
      updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  return holdUntil;
}

async function insertLines(tx: Tx, tenantId: string, id: string, input: TOrderInput): Promise<void> {
  const { lineTotals } = orderTotals(input);
  const lineRows = input.lines.map((l, i) => ({
    n: i + 1, t: l.sku, q: storableQuantity(l.quantity), p: l.price ?? '0', d: l.discount ?? '0',
    x: l.tax ?? '0', tt: lineTotals[i], name: l.name ?? null, i: l.iloc_id ?? null, a: l.shipping_address ?? null,
  }));
  if (lineRows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, quantity, price, discount, tax, total, name, requested_iloc_id, shipping_address)
    SELECT ${tenantId}::uuid, ${id}::uuid, x.n, x.t, x.q, x.p, x.d, x.x, x.tt, x.name, x.i, x.a
    FROM jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) AS x(n int, t text, q int, p numeric, d numeric, x numeric, tt numeric, name text, i uuid, a jsonb)`);
}

async function setStatus(tx: Tx, tenantId: string, id: string, to: OrderStatus, extra = sql``): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET status = ${to}, updated_at = now(), version = version + 1 ${extra}
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
}

/** Spec 8 "order has shipments being cancelled": an order whose shipment is cancelling waits for it. */
async function assertNoCancellingShipments(tx: Tx, tenantId: string, id: string): Promise<void> {
  const [busy] = await queryRows<{ n: number }>(tx, sql`
    SELECT 1 AS n FROM shipments WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid AND status = 'canceling' LIMIT 1`);
  if (busy) throw conflict('The order has shipments being cancelled');
}

/** Ships what is reserved and marks every line shipped (shipped outside Omnio): reservations are consumed. */
async function markShipped(tx: Tx, tenantId: string, id: string, actor: Actor): Promise<void> {
  await endOrderReservations(tx, tenantId, [id], actor.userId, 'consume', 'marked as shipped');
  await tx.execute(sql`
    UPDATE order_lines SET qty_shipped = quantity, qty_allocated = 0, qty_backordered = 0
    WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid`);
}

export interface ActionResult {
  id: string;
  /** Set by clone: the new order. */
  created?: boolean;
}

/**
 * One lifecycle action, as ORDER_TRANSITIONS allows it: the order is locked, the transition checked
 * against its status now, the change and its event written in the caller's transaction.
 */
export async function applyOrderAction(
  tx: Tx, tenantId: string, actor: Actor, id: string, action: Exclude<OrderAction, 'edit'>, body: { hold_until?: string | null } = {},
): Promise<ActionResult> {
  const order = await lockOrder(tx, tenantId, id);
  const from = order.status;
  if (!orderTransition(from, action)) throw refusedAction(from, action);
  let to: OrderStatus = orderTransition(from, action)!;
  const data: Record<string, unknown> = {};

  switch (action) {
    case 'hold': {
      const until = body.hold_until ? new Date(body.hold_until) : null;
      if (until && until.getTime() <= Date.now()) throw fieldError('hold_until', 'The hold must end in the future');
      await setStatus(tx, tenantId, id, 'on_hold', sql`, hold_until = ${until?.toISOString() ?? null}`);
      if (until) {
        await enqueueJob(tx, tenantId, { kind: RELEASE_HOLD_JOB, payload: { order_id: id, hold_until: until.toISOString() }, runAt: until, dedupeKey: `${id}|${until.toISOString()}`, userId: actor.userId });
        data.hold_until = until.toISOString();
      }
      break;
    }
    case 'release':
    case 'submit':
    case 'retry':
      to = await rerunPipeline(tx, tenantId, order, actor, 'open', action);
      break;
    case 'reopen':
      await setStatus(tx, tenantId, id, 'open', sql`, closed_at = NULL`);
      to = await rerunPipeline(tx, tenantId, { ...order, status: 'open' }, actor, 'open', 'reopen');
      break;
    case 'cancel':
      await assertNoCancellingShipments(tx, tenantId, id);
      await releaseOrderReservations(tx, tenantId, [id], actor.userId);
      await setStatus(tx, tenantId, id, 'cancelled', sql`, cancelled_at = now(), hold_until = NULL`);
      await refreshOrderFulfillment(tx, tenantId, id, actor.userId);
      break;
    case 'close':
      await releaseOrderReservations(tx, tenantId, [id], actor.userId);
      await setStatus(tx, tenantId, id, 'closed', sql`, closed_at = now()`);
      await refreshOrderFulfillment(tx, tenantId, id, actor.userId);
      break;
    case 'mark-shipped':
      await markShipped(tx, tenantId, id, actor);
      await setStatus(tx, tenantId, id, 'closed', sql`, closed_at = now()`);
      await refreshOrderFulfillment(tx, tenantId, id, actor.userId);
      break;
    case 'clone': {
      const lines = await orderLines(tx, tenantId, id);
      const input = asInput(order, lines);
      const [made] = await createOrders(tx, tenantId, actor.userId, [{
        ...input, channel: 'manual', external_id: null, status: 'draft',
        customer: order.customer_id ? { ...(input.customer ?? {}), id: order.customer_id } : input.customer,
        shipping: String(order.shipping_total), metadata: { ...order.metadata, cloned_from: id },
      }]);
      await recordStatusEvent(tx, tenantId, { subjectType: 'order', subjectId: id, action: 'clone', from, to: from, userId: actor.userId, data: { order_id: made!.id, number: made!.number } });
      return { id: made!.id, created: true };
    }
  }
  await recordStatusEvent(tx, tenantId, { subjectType: 'order', subjectId: id, action, from, to, userId: actor.userId, data });
  return { id };
}

/**
 * PUT /orders/{id}: replaces the editable fields and the lines. Reservations are given back and the
 * pipeline runs again (an open order re-allocates, a held one keeps its hold, a draft stays a draft).
 * Lines cannot change once units have shipped.
 */
export async function updateOrder(tx: Tx, tenantId: string, actor: Actor, id: string, input: TOrderInput & { version?: number }): Promise<void> {
  const order = await lockOrder(tx, tenantId, id);
  if (!orderTransition(order.status, 'edit')) throw refusedAction(order.status, 'edit');
  if (input.version !== undefined && input.version !== Number(order.version)) {
    throw conflict('The order was changed by someone else; reload it and try again');
  }
  const [shipped] = await queryRows<{ n: string }>(tx, sql`
    SELECT coalesce(sum(qty_shipped), 0) AS n FROM order_lines WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid`);
  if (Number(shipped?.n ?? 0) > 0) throw conflict('Units of this order have shipped: its lines can no longer be changed');

  await releaseOrderReservations(tx, tenantId, [id], actor.userId);
  await tx.execute(sql`DELETE FROM order_allocations WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid`);
  await tx.execute(sql`DELETE FROM order_lines WHERE tenant_id = ${tenantId}::uuid AND order_id = ${id}::uuid`);
  const { totals } = orderTotals(input);
  await insertLines(tx, tenantId, id, input);
  await tx.execute(sql`
    UPDATE orders SET customer = ${JSON.stringify(input.customer ?? {})}::jsonb, billing_address = ${input.billing_address ? JSON.stringify(input.billing_address) : null}::jsonb,
      shipping_address = ${input.shipping_address ? JSON.stringify(input.shipping_address) : null}::jsonb,
      currency = ${input.currency ?? order.currency.trim()}, subtotal = ${totals.subtotal}, discount_total = ${totals.discount}, tax_total = ${totals.tax},
      shipping_total = ${totals.shipping}, total = ${totals.total}, line_count = ${input.lines.length}, unit_count = ${totals.units},
      notes = ${input.notes ?? null}, metadata = ${JSON.stringify(input.metadata ?? order.metadata ?? {})}::jsonb,
      shipable_date = ${input.shipable_date ?? null}, deliver_by = ${input.deliver_by ?? null},
      ship_method = ${input.ship_method?.trim().toLowerCase() || null}, ship_carrier = ${input.ship_carrier?.trim().toLowerCase() || null},
      updated_at = now(), version = version + 1
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  const fresh = await lockOrder(tx, tenantId, id);
  let to: OrderStatus = order.status;
  if (order.status === 'draft') await refreshOrderFulfillment(tx, tenantId, id, actor.userId);
  else to = await rerunPipeline(tx, tenantId, fresh, actor, order.status === 'on_hold' ? 'on_hold' : 'open', 'edit');
  await recordStatusEvent(tx, tenantId, { subjectType: 'order', subjectId: id, action: 'edit', from: order.status, to, userId: actor.userId });
}
