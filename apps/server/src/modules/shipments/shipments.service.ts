import { queueTrackingPush } from '../channels/tracking-hook';
import { and, sql, type SQL } from 'drizzle-orm';
import {
  filledBoxes, isOrderShippable, paginate, SHIPMENT_REFUSALS, shipmentTransition, type Paginated, type ShipmentAction, type TListQuery, type TShipmentCreate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, FieldErrors, notFound } from '../../platform/http/errors';
import { consume } from '../inventory/ledger';
import { refreshOrderFulfillment } from '../orders/order-fulfillment';
import { refused } from './route-kit';
import { loadShipment, loadSummaries, SUMMARY_FROM, type ShipmentDto, type ShipmentSummaryDto } from './shipments.read';
import { queryRows } from '../../platform/db/rows';

/** Shipments of orders (docs/api-orders.md "Shipments"): shipping consumes reservations through the ledger. */

const ORDER = {
  created_at: sql`s.created_at`,
  number: sql`s.number`,
  status: sql`s.status`,
  ship_date: sql`s.ship_date`,
  updated_at: sql`s.updated_at`,
};
// Aliased SQL columns: the filter helpers only compare them, which drizzle does for any SQL expression.
const FILTERABLE = {
  status: sql`s.status`, carrier: sql`s.carrier`, ship_method: sql`s.ship_method`, iloc_id: sql`s.iloc_id`, order_id: sql`s.order_id`,
  ship_date: sql`s.ship_date`, created_at: sql`s.created_at`,
} as unknown as Parameters<typeof filterConditions>[1];

/** Search form: order_id, status, number (contains), tracking, iloc; bare text matches the shipment or order number or the tracking. */
function conditions(ctx: TenantCtx, query: TListQuery): SQL {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [sql`s.tenant_id = ${ctx.tenantId}::uuid`];
  if (fields.order_id) where.push(sql`s.order_id = ${uuidOrNone(fields.order_id)}::uuid`);
  if (fields.status) where.push(sql`s.status = ${fields.status.toLowerCase()}`);
  if (fields.number) where.push(sql`s.number ILIKE ${containsPattern(fields.number)}`);
  if (fields.tracking) where.push(sql`s.tracking = ${fields.tracking}`);
  if (fields.iloc) where.push(sql`s.iloc_id = ${uuidOrNone(fields.iloc)}::uuid`);
  if (text) {
    const p = containsPattern(text);
    where.push(sql`(s.number ILIKE ${p} OR o.number ILIKE ${p} OR s.tracking ILIKE ${p})`);
  }
  where.push(...filterConditions(query.filters, FILTERABLE));
  return and(...where)!;
}

export async function listShipments(ctx: TenantCtx, query: TListQuery): Promise<Paginated<ShipmentSummaryDto>> {
  const where = conditions(ctx, query);
  const { order } = orderByClause(query, ORDER as unknown as Parameters<typeof orderByClause>[1], 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM ${SUMMARY_FROM} WHERE ${where}`);
    const data = await loadSummaries(tx, ctx.principal.permissions, where, sql`ORDER BY ${order}, s.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(data, Number(total), query.page, query.per_page);
  });
}

export async function answerShipment(tx: Tx, ctx: TenantCtx, id: string): Promise<ShipmentDto> {
  const dto = await loadShipment(tx, ctx.tenantId, ctx.principal.permissions, id);
  if (!dto) throw notFound('Shipment');
  return dto;
}

export async function getShipment(ctx: TenantCtx, idParam: string): Promise<ShipmentDto> {
  const id = assertId(idParam, 'Shipment');
  return withTenant(ctx, (tx) => answerShipment(tx, ctx, id));
}

/* ------------------------------------------------------------------ create (ship) */

interface OrderRow { id: string; number: string; status: string; ship_method: string | null; ship_carrier: string | null }
interface LineRow { id: string; line_no: number }
interface AllocationRow { id: string; line_id: string; sku_id: string; iloc_id: string; quantity: number }

/** Locks the order for the rest of the transaction: shipments and returns of one order queue here (numbers, claims). */
export async function lockOrder(tx: Tx, tenantId: string, orderId: string): Promise<OrderRow> {
  const [row] = await queryRows<OrderRow>(tx, sql`
    SELECT id, number, status, ship_method, ship_carrier FROM orders WHERE tenant_id = ${tenantId}::uuid AND id = ${orderId}::uuid FOR UPDATE`);
  if (!row) throw notFound('Order');
  return row;
}

/** The iloc the units leave from: the one named, or the only iloc the boxed lines are allocated at. */
async function shippingIloc(tx: Tx, input: TShipmentCreate, lineIds: Set<string>, allocations: AllocationRow[]): Promise<string> {
  if (input.iloc_id) {
    const iloc = input.iloc_id.toLowerCase();
    const [row] = await queryRows(tx, sql`SELECT 1 FROM ilocs WHERE id = ${iloc}::uuid`);
    if (!row) throw fieldError('iloc_id', 'The iloc does not exist');
    return iloc;
  }
  const ilocs = new Set(allocations.filter((a) => lineIds.has(a.line_id) && a.quantity > 0).map((a) => a.iloc_id));
  if (ilocs.size === 1) return [...ilocs][0]!;
  if (ilocs.size === 0) throw fieldError('boxes', 'Nothing of these lines is allocated: there is no stock reserved to ship');
  throw fieldError('iloc_id', 'The lines are allocated at several ilocs: choose the iloc the shipment leaves from');
}

async function assertPackages(tx: Tx, input: TShipmentCreate): Promise<void> {
  const named = [
    ...(input.package_id ? [{ id: input.package_id.toLowerCase(), field: 'package_id' }] : []),
    ...input.boxes.flatMap((b, i) => (b.package_id && b.items.length ? [{ id: b.package_id.toLowerCase(), field: `boxes.${i}.package_id` }] : [])),
  ];
  if (!named.length) return;
  const found = await queryRows<{ id: string }>(tx, sql`SELECT id FROM packages WHERE id = ANY(${`{${[...new Set(named.map((n) => n.id))].join(',')}}`}::uuid[])`);
  const known = new Set(found.map((f) => f.id));
  const errors = new FieldErrors();
  for (const n of named) if (!known.has(n.id)) errors.add(n.field, 'The package does not exist');
  errors.throwIfAny(errors.first);
}

/**
 * POST /orders/{id}/shipments: an in-house shipment, `shipped` at once. Checks the order is open, every
 * boxed line is on the order and allocated at the iloc for at least the boxed units (spec 5), then for each
 * line consumes the reservation through the ledger (good and reserved drop, referencing the shipment),
 * draws the allocation and the line down, and refreshes the order's fulfillment (closing it when all is shipped).
 */
export async function createShipment(ctx: TenantCtx, orderIdParam: string, input: TShipmentCreate): Promise<ShipmentDto> {
  const orderId = assertId(orderIdParam, 'Order');
  const userId = ctx.principal.userId;
  return withTenant(ctx, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, orderId);
    if (!isOrderShippable(order.status)) throw refused(`Only an open order can be shipped; this order is ${order.status}`, order.status, 'ship');
    const lines = await queryRows<LineRow>(tx, sql`SELECT id, line_no FROM order_lines WHERE tenant_id = ${ctx.tenantId}::uuid AND order_id = ${orderId}::uuid`);
    const allocations = await queryRows<AllocationRow>(tx, sql`
      SELECT id, line_id, sku_id, iloc_id, quantity FROM order_allocations
      WHERE tenant_id = ${ctx.tenantId}::uuid AND order_id = ${orderId}::uuid FOR UPDATE`);
    const onOrder = new Set(lines.map((l) => l.id));
    const boxes = filledBoxes(input.boxes);

    const unknown = new FieldErrors();
    for (const { box, index } of boxes) {
      box.items.forEach((item, i) => {
        if (!onOrder.has(item.line_id.toLowerCase())) unknown.add(`boxes.${index}.items.${i}.line_id`, 'The line is not on this order');
      });
    }
    unknown.throwIfAny(unknown.first);
    const boxedLines = new Set(boxes.flatMap(({ box }) => box.items.map((item) => item.line_id.toLowerCase())));
    const ilocId = await shippingIloc(tx, input, boxedLines, allocations);
    await assertPackages(tx, input);

    // Spec 5: a line ships at most what it has allocated at that iloc; the error names the item that goes over.
    const allocationOf = new Map(allocations.filter((a) => a.iloc_id === ilocId).map((a) => [a.line_id, a]));
    const units = new Map<string, number>();
    const over = new FieldErrors();
    for (const { box, index } of boxes) {
      box.items.forEach((item, i) => {
        const lineId = item.line_id.toLowerCase();
        const total = (units.get(lineId) ?? 0) + item.quantity;
        units.set(lineId, total);
        const allocated = allocationOf.get(lineId)?.quantity ?? 0;
        if (total > allocated && total - item.quantity <= allocated) {
          over.add(`boxes.${index}.items.${i}.quantity`, allocated
            ? `Only ${allocated} units of this line are allocated at this iloc`
            : 'Nothing of this line is allocated at this iloc');
        }
      });
    }
    over.throwIfAny(over.first);

    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM shipments WHERE tenant_id = ${ctx.tenantId}::uuid AND order_id = ${orderId}::uuid`);
    const number = `${order.number}-S${Number(n) + 1}`;
    const [shipment] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO shipments (tenant_id, order_id, number, status, iloc_id, package_id, carrier, ship_method, tracking, ship_date, notes, created_by)
      VALUES (${ctx.tenantId}::uuid, ${orderId}::uuid, ${number}, 'shipped', ${ilocId}::uuid, ${input.package_id?.toLowerCase() ?? null}::uuid,
        ${input.carrier ?? order.ship_carrier}, ${input.ship_method ?? order.ship_method}, ${input.tracking ?? null}, now(), ${input.notes ?? null},
        ${userId}::uuid)
      RETURNING id`);
    const shipmentId = shipment!.id;
    const boxRows = boxes.map(({ box }, i) => ({
      box_no: i + 1, package_id: box.package_id?.toLowerCase() ?? input.package_id?.toLowerCase() ?? null,
      length: box.length, width: box.width, height: box.height, weight: box.weight, tracking: box.tracking ?? null,
    }));
    const inserted = await queryRows<{ id: string; box_no: number }>(tx, sql`
      INSERT INTO shipment_boxes (tenant_id, shipment_id, box_no, package_id, length, width, height, weight, tracking)
      SELECT ${ctx.tenantId}::uuid, ${shipmentId}::uuid, x.box_no, x.package_id, x.length, x.width, x.height, x.weight, x.tracking
      FROM jsonb_to_recordset(${JSON.stringify(boxRows)}::jsonb)
        AS x(box_no int, package_id uuid, length numeric, width numeric, height numeric, weight numeric, tracking text)
      RETURNING id, box_no`);
    const boxId = new Map(inserted.map((b) => [Number(b.box_no), b.id]));
    const itemRows = boxes.flatMap(({ box }, i) => box.items.map((item) => {
      const lineId = item.line_id.toLowerCase();
      return { box_id: boxId.get(i + 1), line_id: lineId, sku_id: allocationOf.get(lineId)!.sku_id, quantity: item.quantity };
    }));
    await tx.execute(sql`
      INSERT INTO shipment_lines (tenant_id, shipment_id, box_id, order_line_id, sku_id, quantity)
      SELECT ${ctx.tenantId}::uuid, ${shipmentId}::uuid, x.box_id, x.line_id, x.sku_id, x.quantity
      FROM jsonb_to_recordset(${JSON.stringify(itemRows)}::jsonb) AS x(box_id uuid, line_id uuid, sku_id uuid, quantity int)`);

    const reference = { type: 'shipment', id: shipmentId };
    for (const [lineId, quantity] of units) {
      const allocation = allocationOf.get(lineId)!;
      await consume(tx, ctx.tenantId, { skuId: allocation.sku_id, ilocId, quantity, reference, userId, field: 'boxes' });
      await tx.execute(sql`
        UPDATE order_allocations SET quantity = quantity - ${quantity}::int, qty_shipped = qty_shipped + ${quantity}::int, updated_at = now()
        WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${allocation.id}::uuid`);
      await tx.execute(sql`
        UPDATE order_lines SET qty_allocated = qty_allocated - ${quantity}::int, qty_shipped = qty_shipped + ${quantity}::int
        WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${lineId}::uuid`);
    }
    await recordStatusEvent(tx, ctx.tenantId, {
      subjectType: 'shipment', subjectId: shipmentId, action: 'ship', from: null, to: 'shipped', userId,
      data: { order_id: orderId, iloc_id: ilocId, boxes: boxes.length, units: [...units.values()].reduce((a, b) => a + b, 0) },
    });
    await refreshOrderFulfillment(tx, ctx.tenantId, orderId, userId);
    // An order a channel sent gets its tracking back there (a job, queued with this commit).
    await queueTrackingPush(tx, ctx.tenantId, orderId, shipmentId, userId);
    return answerShipment(tx, ctx, shipmentId);
  });
}

/* ------------------------------------------------------------------ lifecycle */

/**
 * Moves a shipment through the transition table with a conditional update (`WHERE status = from`): of two
 * concurrent requests one wins and the other is refused from the status it finds. Answers the status before.
 */
export async function transitionShipment(tx: Tx, ctx: TenantCtx, id: string, action: ShipmentAction, to?: string): Promise<{ from: string; to: string; orderId: string }> {
  const [row] = await queryRows<{ status: string; order_id: string }>(tx, sql`SELECT status, order_id FROM shipments WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid`);
  if (!row) throw notFound('Shipment');
  const next = shipmentTransition(row.status, action);
  if (!next) throw refused(SHIPMENT_REFUSALS[action], row.status, action);
  const target = to ?? next;
  const done = await queryRows(tx, sql`
    UPDATE shipments SET status = ${target}, updated_at = now(), version = version + 1
    WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid AND status = ${row.status} RETURNING id`);
  if (!done.length) {
    const [now] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM shipments WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid`);
    throw refused(SHIPMENT_REFUSALS[action], now?.status ?? row.status, action);
  }
  await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'shipment', subjectId: id, action, from: row.status, to: target, userId: ctx.principal.userId });
  return { from: row.status, to: target, orderId: row.order_id };
}

/**
 * cancel and retry. Neither touches stock: a shipment that can be cancelled or retried has not left the
 * building, so its units are still reserved for the order's allocation, which keeps them.
 */
export async function changeShipmentStatus(ctx: TenantCtx, idParam: string, action: 'cancel' | 'retry'): Promise<ShipmentDto> {
  const id = assertId(idParam, 'Shipment');
  return withTenant(ctx, async (tx) => {
    await transitionShipment(tx, ctx, id, action);
    return answerShipment(tx, ctx, id);
  });
}
