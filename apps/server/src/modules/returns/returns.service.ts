import Decimal from 'decimal.js';
import { and, sql, type SQL } from 'drizzle-orm';
import {
  paginate, refundTransition, returnActionAllowed, returnTransition, shipmentTransition, type OrderReturnableLineDto, type Paginated,
  type ReturnStatusAction, type TListQuery, type TReturnCreate, type TReturnReceive, type TReturnRefund, type TShipmentReturn,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent, recordStatusEvents, type StatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, FieldErrors, forbidden, notFound } from '../../platform/http/errors';
import { can } from '../../platform/http/permissions';
import { applyMovements, stockHolder, type MovementInput } from '../inventory/ledger';
import { refreshOrderFulfillment } from '../orders/order-fulfillment';
import { refused } from '../shipments/route-kit';
import { lockOrder, transitionShipment } from '../shipments/shipments.service';
import { returnableLines } from '../shipments/returnable';
import { loadReturn, loadReturnSummaries, REFUNDABLE_SQL, RETURN_FROM, type ReturnDto, type ReturnSummaryDto } from './returns.read';
import { queryRows } from '../../platform/db/rows';

/**
 * Returns of shipped units (docs/api-orders.md "Returns"): created open, approved or rejected, received unit
 * by unit into the good, hold or hurt bucket of an iloc through the ledger, and refunded.
 */

const ORDER = { created_at: sql`r.created_at`, number: sql`r.number`, status: sql`r.status`, refund_status: sql`r.refund_status`, updated_at: sql`r.updated_at` };
// Aliased SQL columns: the filter helpers only compare them, which drizzle does for any SQL expression.
const FILTERABLE = {
  status: sql`r.status`, refund_status: sql`r.refund_status`, reason: sql`r.reason`, order_id: sql`r.order_id`, shipment_id: sql`r.shipment_id`,
  iloc_id: sql`r.iloc_id`, created_at: sql`r.created_at`, received_at: sql`r.received_at`,
} as unknown as Parameters<typeof filterConditions>[1];

/** Search form: order_id, shipment_id, status, refund_status, reason, number (contains); bare text matches the return or order number. */
function conditions(ctx: TenantCtx, query: TListQuery): SQL {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [sql`r.tenant_id = ${ctx.tenantId}::uuid`];
  if (fields.order_id) where.push(sql`r.order_id = ${uuidOrNone(fields.order_id)}::uuid`);
  if (fields.shipment_id) where.push(sql`r.shipment_id = ${uuidOrNone(fields.shipment_id)}::uuid`);
  if (fields.status) where.push(sql`r.status = ${fields.status.toLowerCase()}`);
  if (fields.refund_status) where.push(sql`r.refund_status = ${fields.refund_status.toLowerCase()}`);
  if (fields.reason) where.push(sql`r.reason = ${fields.reason.toLowerCase()}`);
  if (fields.number) where.push(sql`r.number ILIKE ${containsPattern(fields.number)}`);
  if (text) where.push(sql`(r.number ILIKE ${containsPattern(text)} OR o.number ILIKE ${containsPattern(text)})`);
  where.push(...filterConditions(query.filters, FILTERABLE));
  return and(...where)!;
}

export async function listReturns(ctx: TenantCtx, query: TListQuery): Promise<Paginated<ReturnSummaryDto>> {
  const where = conditions(ctx, query);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM ${RETURN_FROM} WHERE ${where}`);
    const data = await loadReturnSummaries(tx, ctx.principal.permissions, where, sql`ORDER BY ${order}, r.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(data, Number(total), query.page, query.per_page);
  });
}

async function answer(tx: Tx, ctx: TenantCtx, id: string): Promise<ReturnDto> {
  const dto = await loadReturn(tx, ctx.tenantId, ctx.principal.permissions, id);
  if (!dto) throw notFound('Return');
  return dto;
}

export async function getReturn(ctx: TenantCtx, idParam: string): Promise<ReturnDto> {
  const id = assertId(idParam, 'Return');
  return withTenant(ctx, (tx) => answer(tx, ctx, id));
}

/* ------------------------------------------------------------------ returnable */

/**
 * GET /orders/{id}/returnable: what a new return of the order (without a shipment) may claim, line by line —
 * the same count POST /returns checks. Another company's order is not found.
 */
export async function orderReturnable(ctx: TenantCtx, orderIdParam: string): Promise<OrderReturnableLineDto[]> {
  const orderId = assertId(orderIdParam, 'Order');
  return withTenant(ctx, async (tx) => {
    const [order] = await queryRows(tx, sql`SELECT 1 FROM orders WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${orderId}::uuid`);
    if (!order) throw notFound('Order');
    const lines = await returnableLines(tx, ctx.tenantId, orderId, null);
    return [...lines.values()].map((l) => ({
      line_id: l.lineId, line_no: l.lineNo, sku: l.sku, name: l.name, shipped: l.shipped, returned: l.returned, returnable: l.returnable,
    }));
  });
}

/* ------------------------------------------------------------------ create */

/**
 * Inserts a return of shipped, not yet returned units of an order (of one shipment when named). The order
 * is locked first, so two returns of one order queue: their numbers differ and they never claim one unit twice.
 */
async function insertReturn(tx: Tx, ctx: TenantCtx, orderId: string, shipmentId: string | null, input: TShipmentReturn): Promise<string> {
  const order = await lockOrder(tx, ctx.tenantId, orderId);
  const returnable = await returnableLines(tx, ctx.tenantId, orderId, shipmentId);
  const errors = new FieldErrors();
  input.lines.forEach((line, i) => {
    const found = returnable.get(line.line_id.toLowerCase());
    if (!found) errors.add(`lines.${i}.line_id`, shipmentId ? 'The line is not in this shipment' : 'The line is not on this order');
    else if (line.quantity > found.returnable) {
      errors.add(`lines.${i}.quantity`, found.returnable
        ? `Only ${found.returnable} shipped units of this line can still be returned`
        : 'No shipped unit of this line is left to return');
    }
  });
  errors.throwIfAny(errors.first);
  const [{ n, currency } = { n: 0, currency: 'USD' }] = await queryRows<{ n: number; currency: string }>(tx, sql`
    SELECT (SELECT count(*) FROM returns WHERE tenant_id = ${ctx.tenantId}::uuid AND order_id = ${orderId}::uuid)::int AS n,
           (SELECT currency FROM orders WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${orderId}::uuid) AS currency`);
  const status = input.status ?? 'open';
  // Without a reason for the whole return, the lines' reason when they all give the same one.
  const lineReasons = new Set(input.lines.map((l) => l.reason ?? null));
  const reason = input.reason ?? (lineReasons.size === 1 ? [...lineReasons][0]! : null);
  const [row] = await queryRows<{ id: string }>(tx, sql`
    INSERT INTO returns (tenant_id, number, order_id, shipment_id, status, refund_status, reason, notes, currency, created_by)
    VALUES (${ctx.tenantId}::uuid, ${`RMA-${order.number}-${Number(n) + 1}`}, ${orderId}::uuid, ${shipmentId}::uuid, ${status}, 'open',
      ${reason}, ${input.notes ?? null}, ${currency}, ${ctx.principal.userId}::uuid)
    RETURNING id`);
  const returnId = row!.id;
  const lines = input.lines.map((line) => {
    const found = returnable.get(line.line_id.toLowerCase())!;
    return { line_id: found.lineId, shipment_line_id: found.shipmentLineId, sku_id: found.skuId, quantity: line.quantity, reason: line.reason ?? input.reason ?? null };
  });
  await tx.execute(sql`
    INSERT INTO return_lines (tenant_id, return_id, order_line_id, shipment_line_id, sku_id, quantity, reason)
    SELECT ${ctx.tenantId}::uuid, ${returnId}::uuid, x.line_id, x.shipment_line_id, x.sku_id, x.quantity, x.reason
    FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(line_id uuid, shipment_line_id uuid, sku_id uuid, quantity int, reason text)`);
  await recordStatusEvent(tx, ctx.tenantId, {
    subjectType: 'return', subjectId: returnId, action: 'create', from: null, to: status, userId: ctx.principal.userId,
    data: { order_id: orderId, shipment_id: shipmentId, units: input.lines.reduce((a, l) => a + l.quantity, 0) },
  });
  return returnId;
}

/** POST /returns. With a shipment, the shipment must be of the order and in a status that allows a return. */
export async function createReturn(ctx: TenantCtx, input: TReturnCreate): Promise<ReturnDto> {
  const { order_id, shipment_id, ...rest } = input;
  const orderId = order_id.toLowerCase();
  return withTenant(ctx, async (tx) => {
    const [order] = await queryRows(tx, sql`SELECT 1 FROM orders WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${orderId}::uuid`);
    if (!order) throw fieldError('order_id', 'The order does not exist');
    let shipmentId: string | null = null;
    if (shipment_id) {
      shipmentId = shipment_id.toLowerCase();
      const [shipment] = await queryRows<{ order_id: string; status: string }>(tx, sql`
        SELECT order_id, status FROM shipments WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${shipmentId}::uuid`);
      if (!shipment || shipment.order_id !== orderId) throw fieldError('shipment_id', 'The shipment is not of this order');
      if (!shipmentTransition(shipment.status, 'return')) throw refused('shipment cannot be returned now', shipment.status, 'return');
    }
    return answer(tx, ctx, await insertReturn(tx, ctx, orderId, shipmentId, rest));
  });
}

/** POST /shipments/{id}/return: a return of units of that shipment (needs create-returns as well). */
export async function createShipmentReturn(ctx: TenantCtx, shipmentIdParam: string, input: TShipmentReturn): Promise<ReturnDto> {
  const shipmentId = assertId(shipmentIdParam, 'Shipment');
  if (!can(ctx.principal, 'create-returns')) throw forbidden();
  return withTenant(ctx, async (tx) => {
    const [shipment] = await queryRows<{ order_id: string; status: string }>(tx, sql`
      SELECT order_id, status FROM shipments WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${shipmentId}::uuid`);
    if (!shipment) throw notFound('Shipment');
    if (!shipmentTransition(shipment.status, 'return')) throw refused('shipment cannot be returned now', shipment.status, 'return');
    return answer(tx, ctx, await insertReturn(tx, ctx, shipment.order_id, shipmentId, input));
  });
}

/* ------------------------------------------------------------------ lifecycle */

interface ReturnRow { id: string; order_id: string; shipment_id: string | null; status: string; refund_status: string }

async function lockReturn(tx: Tx, ctx: TenantCtx, id: string): Promise<ReturnRow> {
  const [row] = await queryRows<ReturnRow>(tx, sql`
    SELECT id, order_id, shipment_id, status, refund_status FROM returns WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`);
  if (!row) throw notFound('Return');
  return row;
}

const cannot = (action: string, from: string) => refused(`Cannot ${action} a return that is ${from.replace('_', ' ')}`, from, action);

/**
 * Sets the return's status (and refund status) with a conditional update on the statuses read; 0 rows
 * means another request moved it first: INVALID_TRANSITION from what it finds now.
 */
async function setStatus(tx: Tx, ctx: TenantCtx, row: ReturnRow, action: string, to: { status?: string; refund?: string }, extra: SQL = sql``): Promise<void> {
  const done = await queryRows(tx, sql`
    UPDATE returns SET status = ${to.status ?? row.status}, refund_status = ${to.refund ?? row.refund_status}, updated_at = now(), version = version + 1 ${extra}
    WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${row.id}::uuid AND status = ${row.status} AND refund_status = ${row.refund_status}
    RETURNING id`);
  if (!done.length) {
    const [now] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM returns WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${row.id}::uuid`);
    throw cannot(action, now?.status ?? row.status);
  }
}

/** submit, approve, reject. Approving or rejecting the return approves or rejects its refund too. */
export async function changeReturnStatus(ctx: TenantCtx, idParam: string, action: Exclude<ReturnStatusAction, 'receive'>): Promise<ReturnDto> {
  const id = assertId(idParam, 'Return');
  return withTenant(ctx, async (tx) => {
    const row = await lockReturn(tx, ctx, id);
    const next = returnTransition(row.status, action);
    if (!next) throw cannot(action, row.status);
    const refund = action === 'submit' ? null : refundTransition(row.refund_status, action);
    await setStatus(tx, ctx, row, action, { status: next, ...(refund ? { refund } : {}) });
    const events: StatusEvent[] = [{ subjectType: 'return', subjectId: id, action, from: row.status, to: next, userId: ctx.principal.userId }];
    if (refund) events.push({ subjectType: 'return', subjectId: id, action, from: row.refund_status, to: refund, userId: ctx.principal.userId, data: { lifecycle: 'refund' } });
    await recordStatusEvents(tx, ctx.tenantId, events);
    return answer(tx, ctx, id);
  });
}

interface LineRow { id: string; order_line_id: string; sku_id: string; quantity: number; received: number }

/**
 * POST /returns/{id}/receive: each unit into good, hold or hurt at one iloc, as `returned` movements of the
 * SKU's stock holder (a pack comes back as its base units). Updates the return lines, the order lines'
 * qty_returned and the shipment's lines; the return is `complete` when every unit is back, `processing`
 * before; the shipment becomes `partially_returned`, or `returned` when every shipped unit is back.
 */
export async function receiveReturn(ctx: TenantCtx, idParam: string, input: TReturnReceive): Promise<ReturnDto> {
  const id = assertId(idParam, 'Return');
  const userId = ctx.principal.userId;
  return withTenant(ctx, async (tx) => {
    const row = await lockReturn(tx, ctx, id);
    if (!returnTransition(row.status, 'receive')) throw cannot('receive', row.status);
    const ilocId = input.iloc_id.toLowerCase();
    const [iloc] = await queryRows<{ archived: boolean }>(tx, sql`SELECT archived_at IS NOT NULL AS archived FROM ilocs WHERE id = ${ilocId}::uuid`);
    if (!iloc) throw fieldError('iloc_id', 'The iloc does not exist');
    if (iloc.archived) throw fieldError('iloc_id', 'The iloc is archived');
    const lines = await queryRows<LineRow>(tx, sql`
      SELECT id, order_line_id, sku_id, quantity, (qty_good + qty_hold + qty_hurt) AS received
      FROM return_lines WHERE tenant_id = ${ctx.tenantId}::uuid AND return_id = ${id}::uuid`);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const errors = new FieldErrors();
    input.lines.forEach((l, i) => {
      const line = byId.get(l.id.toLowerCase());
      if (!line) return errors.add(`lines.${i}.id`, 'The line is not on this return');
      const left = Number(line.quantity) - Number(line.received);
      if (l.good + l.hold + l.hurt > left) errors.add(`lines.${i}.good`, left ? `Only ${left} units of this line are still to be received` : 'Every unit of this line was received');
    });
    errors.throwIfAny(errors.first);

    const reference = { type: 'return', id };
    const movements: MovementInput[] = [];
    for (const [i, l] of input.lines.entries()) {
      const line = byId.get(l.id.toLowerCase())!;
      const holder = await stockHolder(tx, ctx.tenantId, line.sku_id);
      const f = holder.factor;
      movements.push({
        skuId: holder.holderSkuId, ilocId, delta: { good: l.good * f, hold: l.hold * f, hurt: l.hurt * f }, reason: 'returned', reference, userId,
        field: `lines.${i}.good`,
      });
    }
    await applyMovements(tx, ctx.tenantId, movements);
    const received = input.lines.map((l) => ({ id: l.id.toLowerCase(), line_id: byId.get(l.id.toLowerCase())!.order_line_id, g: l.good, h: l.hold, u: l.hurt, n: l.good + l.hold + l.hurt }));
    const data = JSON.stringify(received);
    await tx.execute(sql`
      UPDATE return_lines rl SET qty_good = rl.qty_good + x.g, qty_hold = rl.qty_hold + x.h, qty_hurt = rl.qty_hurt + x.u
      FROM jsonb_to_recordset(${data}::jsonb) AS x(id uuid, g int, h int, u int)
      WHERE rl.tenant_id = ${ctx.tenantId}::uuid AND rl.id = x.id`);
    await tx.execute(sql`
      UPDATE order_lines ol SET qty_returned = ol.qty_returned + x.n
      FROM (SELECT line_id, sum(n)::int AS n FROM jsonb_to_recordset(${data}::jsonb) AS y(line_id uuid, n int) GROUP BY line_id) x
      WHERE ol.tenant_id = ${ctx.tenantId}::uuid AND ol.id = x.line_id`);
    if (row.shipment_id) await returnToShipment(tx, ctx, row.shipment_id, received);

    const [{ left } = { left: 0 }] = await queryRows<{ left: number }>(tx, sql`
      SELECT coalesce(sum(quantity - qty_good - qty_hold - qty_hurt), 0)::int AS left FROM return_lines
      WHERE tenant_id = ${ctx.tenantId}::uuid AND return_id = ${id}::uuid`);
    const next = Number(left) > 0 ? 'processing' : 'complete';
    await setStatus(tx, ctx, row, 'receive', { status: next }, sql`, iloc_id = ${ilocId}::uuid, received_at = now()`);
    await recordStatusEvent(tx, ctx.tenantId, {
      subjectType: 'return', subjectId: id, action: 'receive', from: row.status, to: next, userId,
      data: { iloc_id: ilocId, lines: received.map(({ id: lineId, g, h, u }) => ({ id: lineId, good: g, hold: h, hurt: u })) },
    });
    await refreshOrderFulfillment(tx, ctx.tenantId, row.order_id, userId);
    return answer(tx, ctx, id);
  });
}

/** Spreads the received units over the shipment's lines of each order line (box by box), then moves the shipment. */
async function returnToShipment(tx: Tx, ctx: TenantCtx, shipmentId: string, received: { line_id: string; n: number }[]): Promise<void> {
  // Two returns of one shipment received at once queue here, so each spreads its units over what the other left.
  await tx.execute(sql`SELECT 1 FROM shipments WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${shipmentId}::uuid FOR UPDATE`);
  const perLine = JSON.stringify(received.map((r) => ({ line_id: r.line_id, n: r.n })));
  await tx.execute(sql`
    WITH back AS (
      SELECT line_id, sum(n)::int AS n FROM jsonb_to_recordset(${perLine}::jsonb) AS x(line_id uuid, n int) GROUP BY line_id
    ), room AS (
      SELECT sl.id, sl.order_line_id, sl.quantity - sl.qty_returned AS free,
             coalesce(sum(sl.quantity - sl.qty_returned) OVER (PARTITION BY sl.order_line_id ORDER BY b.box_no, sl.id
               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM shipment_lines sl JOIN shipment_boxes b ON b.tenant_id = sl.tenant_id AND b.id = sl.box_id
      WHERE sl.tenant_id = ${ctx.tenantId}::uuid AND sl.shipment_id = ${shipmentId}::uuid
    )
    UPDATE shipment_lines sl SET qty_returned = sl.qty_returned + least(room.free, greatest(back.n - room.before, 0))
    FROM room JOIN back ON back.line_id = room.order_line_id
    WHERE sl.tenant_id = ${ctx.tenantId}::uuid AND sl.id = room.id AND back.n > room.before`);
  const [totals] = await queryRows<{ shipped: number; returned: number }>(tx, sql`
    SELECT coalesce(sum(quantity), 0)::int AS shipped, coalesce(sum(qty_returned), 0)::int AS returned
    FROM shipment_lines WHERE tenant_id = ${ctx.tenantId}::uuid AND shipment_id = ${shipmentId}::uuid`);
  const all = totals && Number(totals.returned) >= Number(totals.shipped);
  await transitionShipment(tx, ctx, shipmentId, 'return', all ? 'returned' : 'partially_returned');
}

/**
 * POST /returns/{id}/refund: pays `amount` (default: what is still owed) of the refundable amount. The refund
 * status becomes `partial` while money is still owed, `complete` when everything is paid.
 */
export async function refundReturn(ctx: TenantCtx, idParam: string, input: TReturnRefund): Promise<ReturnDto> {
  const id = assertId(idParam, 'Return');
  return withTenant(ctx, async (tx) => {
    const row = await lockReturn(tx, ctx, id);
    if (!returnActionAllowed(row.status, row.refund_status, 'refund')) {
      const from = refundTransition(row.refund_status, 'refund') ? row.status : row.refund_status;
      throw refused(`Cannot refund a return that is ${from.replace('_', ' ')}`, from, 'refund');
    }
    const [money] = await queryRows<{ refundable: string; paid: string }>(tx, sql`
      SELECT ${REFUNDABLE_SQL}::text AS refundable, coalesce(r.refund_amount, 0)::text AS paid FROM returns r
      WHERE r.tenant_id = ${ctx.tenantId}::uuid AND r.id = ${id}::uuid`);
    const owed = new Decimal(money!.refundable).minus(money!.paid);
    const amount = input.amount === undefined ? Decimal.max(owed, 0) : new Decimal(input.amount);
    if (amount.gt(owed)) throw fieldError('amount', `At most ${Decimal.max(owed, 0).toFixed(2)} can still be refunded`);
    const paid = new Decimal(money!.paid).plus(amount);
    const next = paid.gte(money!.refundable) ? 'complete' : 'partial';
    await setStatus(tx, ctx, row, 'refund', { refund: next }, sql`, refund_amount = ${paid.toFixed(2)}::numeric`);
    await recordStatusEvent(tx, ctx.tenantId, {
      subjectType: 'return', subjectId: id, action: 'refund', from: row.refund_status, to: next, userId: ctx.principal.userId,
      data: { lifecycle: 'refund', amount: amount.toFixed(2), refund_amount: paid.toFixed(2) },
    });
    return answer(tx, ctx, id);
  });
}
