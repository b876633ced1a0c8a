import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  orderAllowedActions, ORDER_STATUSES, paginate, parseInclude, type FulfillmentStatus, type OrderCountsDto, type OrderDto, type OrderErrorCode,
  type OrderEventDto, type OrderStatus, type OrderSummaryDto, type Paginated, type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull, queryPrepared, queryRows } from '../../platform/db/rows';
import { filterConditions, offsetOf, orderByClause, prefixMatch, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { fieldError, notFound } from '../../platform/http/errors';
import { orders } from './orders.tables';

type Row = Record<string, unknown>;
const dateOnly = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));
const money = (v: unknown) => (v === null || v === undefined ? null : Number(v).toFixed(2));

export function orderSummary(r: Row, permissions: ReadonlySet<string>): OrderSummaryDto {
  const customer = (r.customer ?? {}) as Record<string, unknown>;
  const ship = (r.shipping_address ?? {}) as Record<string, unknown>;
  return {
    id: r.id as string,
    number: r.number as string,
    channel: r.channel as string,
    external_id: (r.external_id as string | null) ?? null,
    status: r.status as OrderStatus,
    fulfillment_status: r.fulfillment_status as FulfillmentStatus,
    error_code: (r.error_code as OrderErrorCode | null) ?? null,
    error_message: (r.error_message as string | null) ?? null,
    customer: {
      first_name: (customer.first_name as string | undefined) ?? (ship.first_name as string | undefined) ?? null,
      last_name: (customer.last_name as string | undefined) ?? (ship.last_name as string | undefined) ?? null,
      email: (customer.email as string | undefined) ?? (ship.email as string | undefined) ?? null,
    },
    ship_to: { city: (ship.city as string | undefined) ?? null, state: (ship.state as string | undefined) ?? null, country: (ship.country as string | undefined) ?? null },
    currency: String(r.currency).trim(),
    total: money(r.total)!,
    line_count: Number(r.line_count),
    unit_count: Number(r.unit_count),
    hold_until: isoOrNull(r.hold_until),
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
    allowed_actions: orderAllowedActions(r.status as string, permissions),
  };
}

const SUMMARY_COLUMNS = sql.raw(`id, number, channel, external_id, status, fulfillment_status, error_code, error_message, customer,
  shipping_address, currency, total, line_count, unit_count, hold_until, created_at, updated_at`);

const FILTERABLE = {
  status: orders.status, fulfillment_status: orders.fulfillmentStatus, channel: orders.channel, error_code: orders.errorCode,
  created_at: orders.createdAt, updated_at: orders.updatedAt, total: orders.total, hold_until: orders.holdUntil, number: orders.number,
  external_id: orders.externalId, customer_id: orders.customerId, deliver_by: orders.deliverBy, currency: orders.currency,
};
const SORTABLE = { created_at: orders.createdAt, number: orders.number, total: orders.total, status: orders.status, updated_at: orders.updatedAt };

/** The conditions of a list query, except the status (the counts of the status tabs reuse them). */
function conditions(tenantId: string, query: TListQuery, withStatus: boolean): SQL[] {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [eq(orders.tenantId, tenantId)];
  for (const [field, value] of Object.entries(fields)) {
    switch (field) {
      case 'status':
        if (!withStatus) break;
        if (!(ORDER_STATUSES as readonly string[]).includes(value)) throw fieldError('search', `Unknown status ${value}`);
        where.push(eq(orders.status, value));
        break;
      case 'number': where.push(sql`starts_with(${orders.number}, ${value.toUpperCase()})`); break;
      case 'external_id': where.push(eq(orders.externalId, value)); break;
      case 'channel': where.push(eq(orders.channel, value)); break;
      case 'error_code': where.push(eq(orders.errorCode, value)); break;
      case 'fulfillment_status': where.push(eq(orders.fulfillmentStatus, value)); break;
      case 'customer_id': where.push(eq(orders.customerId, uuidOrNone(value))); break;
      case 'customer': where.push(customerMatch(value)); break;
      // The dashboard's links (docs/api-dashboard.md): the same expressions its rollups group by; `country:` is no country.
      case 'country': where.push(sql`dashboard_country(${orders.shippingAddress}) = ${value.trim().toUpperCase()}`); break;
      case 'iloc_id':
        where.push(sql`EXISTS (SELECT 1 FROM order_allocations a WHERE a.tenant_id = ${orders.tenantId} AND a.order_id = ${orders.id}
          AND a.iloc_id = ${uuidOrNone(value)}::uuid GROUP BY a.iloc_id HAVING sum(a.quantity + a.qty_shipped) > 0)`);
        break;
      case 'sku':
        where.push(sql`EXISTS (SELECT 1 FROM order_lines l JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
          WHERE l.tenant_id = ${orders.tenantId} AND l.order_id = ${orders.id} AND ${prefixMatch(sql.raw('s.sku_key') as never, value)})`);
        break;
      default:
        throw fieldError('search', `Cannot search by ${field}`);
    }
  }
  if (text) {
    where.push(sql`(starts_with(${orders.number}, ${text.toUpperCase()}) OR ${orders.externalId} = ${text} OR ${customerMatch(text)})`);
  }
  const filters = (query.filters ?? []).filter((f) => withStatus || f.field !== 'status');
  where.push(...filterConditions(filters, FILTERABLE));
  return where;
}

/** The customer's e-mail or name, from the order's snapshot (what the channel sent). */
function customerMatch(text: string): SQL {
  const t = text.toLowerCase();
  return sql`(EXISTS (SELECT 1 FROM customers c WHERE c.tenant_id = ${orders.tenantId} AND c.id = ${orders.customerId} AND c.email_key = ${t})
    OR starts_with(lower(coalesce(${orders.customer}->>'last_name', '') || ' ' || coalesce(${orders.customer}->>'first_name', '')), ${t})
    OR starts_with(lower(coalesce(${orders.customer}->>'first_name', '') || ' ' || coalesce(${orders.customer}->>'last_name', '')), ${t}))`;
}

export async function listOrders(tx: Tx, tenantId: string, query: TListQuery, permissions: ReadonlySet<string>) {
  const where = and(...conditions(tenantId, query, true))!;
  const { order } = orderByClause(query, SORTABLE, 'created_at');
  const tiebreak = query.order_direction === 'ASC' ? sql`id ASC` : sql`id DESC`;
  const rows = await queryRows<Row>(tx, sql`
    SELECT ${SUMMARY_COLUMNS} FROM orders WHERE ${where} ORDER BY ${order}, ${tiebreak}
    LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
  const [count] = await queryRows<{ n: string }>(tx, sql`SELECT count(*) AS n FROM orders WHERE ${where}`);
  return paginate(rows.map((r) => orderSummary(r, permissions)), Number(count?.n ?? 0), query.page, query.per_page);
}

export async function orderCounts(tx: Tx, tenantId: string, query: TListQuery): Promise<OrderCountsDto> {
  const where = and(...conditions(tenantId, query, false))!;
  const rows = await queryRows<{ status: string; n: string }>(tx, sql`SELECT status, count(*) AS n FROM orders WHERE ${where} GROUP BY status`);
  const counts = { all: 0, ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) } as OrderCountsDto;
  for (const r of rows) {
    counts[r.status as OrderStatus] = Number(r.n);
    counts.all! += Number(r.n);
  }
  return counts;
}

export async function getOrder(tx: Tx, tenantId: string, id: string, permissions: ReadonlySet<string>, include?: string): Promise<OrderDto> {
  // One round trip: the lines and their allocations come as JSON arrays beside the order's columns.
  const [r] = await queryPrepared<Row & { lines_json: Row[]; allocations_json: Row[] }>(tx, sql`
    SELECT o.*,
      (SELECT coalesce(json_agg(json_build_object('id', l.id, 'line_no', l.line_no, 'sku_code', s.sku, 'sku_text', l.sku_text, 'sku_id', l.sku_id,
          'name', l.name, 'quantity', l.quantity, 'price', l.price, 'discount', l.discount, 'tax', l.tax, 'total', l.total,
          'requested_iloc_id', l.requested_iloc_id, 'qty_allocated', l.qty_allocated, 'qty_backordered', l.qty_backordered,
          'qty_shipped', l.qty_shipped, 'qty_returned', l.qty_returned) ORDER BY l.line_no), '[]'::json)
        FROM order_lines l LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
        WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id) AS lines_json,
      (SELECT coalesce(json_agg(json_build_object('line_id', a.line_id, 'iloc_id', a.iloc_id, 'iloc_name', i.name, 'quantity', a.quantity,
          'qty_shipped', a.qty_shipped) ORDER BY i.priority NULLS LAST, i.name), '[]'::json)
        FROM order_allocations a LEFT JOIN ilocs i ON i.tenant_id = a.tenant_id AND i.id = a.iloc_id
        WHERE a.tenant_id = o.tenant_id AND a.order_id = o.id AND (a.quantity > 0 OR a.qty_shipped > 0)) AS allocations_json
    FROM orders o WHERE o.tenant_id = ${tenantId}::uuid AND o.id = ${id}::uuid`);
  if (!r) throw notFound('Order');
  const lines = r.lines_json;
  const allocations = r.allocations_json;
  const includes = parseInclude(include);
  const summary = orderSummary(r, permissions);
  const order: OrderDto = {
    ...summary,
    customer: { ...((r.customer ?? {}) as object), ...summary.customer },
    customer_id: (r.customer_id as string | null) ?? null,
    billing_address: (r.billing_address as OrderDto['billing_address']) ?? null,
    shipping_address: (r.shipping_address as OrderDto['shipping_address']) ?? null,
    notes: (r.notes as string | null) ?? null,
    metadata: (r.metadata as Record<string, unknown> | null) ?? {},
    shipable_date: dateOnly(r.shipable_date),
    deliver_by: dateOnly(r.deliver_by),
    ship_method: (r.ship_method as string | null) ?? null,
    ship_carrier: (r.ship_carrier as string | null) ?? null,
    subtotal: money(r.subtotal)!,
    discount_total: money(r.discount_total)!,
    tax_total: money(r.tax_total)!,
    shipping_total: money(r.shipping_total)!,
    version: Number(r.version),
    closed_at: isoOrNull(r.closed_at),
    cancelled_at: isoOrNull(r.cancelled_at),
    lines: lines.map((l) => ({
      id: l.id as string,
      line_no: Number(l.line_no),
      sku: (l.sku_code as string | null) ?? (l.sku_text as string),
      sku_text: l.sku_text as string,
      sku_id: (l.sku_id as string | null) ?? null,
      name: (l.name as string | null) ?? null,
      quantity: Number(l.quantity),
      price: money(l.price)!,
      discount: money(l.discount)!,
      tax: money(l.tax)!,
      total: money(l.total)!,
      iloc_id: (l.requested_iloc_id as string | null) ?? null,
      qty_allocated: Number(l.qty_allocated),
      qty_backordered: Number(l.qty_backordered),
      qty_shipped: Number(l.qty_shipped),
      qty_returned: Number(l.qty_returned),
      allocations: allocations.filter((a) => a.line_id === l.id).map((a) => ({
        iloc_id: a.iloc_id as string, iloc_name: (a.iloc_name as string | null) ?? null, quantity: Number(a.quantity), qty_shipped: Number(a.qty_shipped),
      })),
    })),
  };
  if (includes.has('events')) order.events = (await listOrderEvents(tx, tenantId, id, { page: 1, per_page: 500 } as TListQuery)).data;
  if (includes.has('shipments')) {
    order.shipments = (await queryRows<Row>(tx, sql`
      SELECT s.id, s.number, s.status, s.iloc_id, i.name AS iloc_name, s.carrier, s.ship_method, s.tracking, s.ship_date, s.created_at,
        (SELECT coalesce(sum(quantity), 0) FROM shipment_lines sl WHERE sl.tenant_id = s.tenant_id AND sl.shipment_id = s.id) AS units,
        (SELECT count(*) FROM shipment_boxes b WHERE b.tenant_id = s.tenant_id AND b.shipment_id = s.id) AS boxes
      FROM shipments s JOIN ilocs i ON i.tenant_id = s.tenant_id AND i.id = s.iloc_id
      WHERE s.tenant_id = ${tenantId}::uuid AND s.order_id = ${id}::uuid ORDER BY s.created_at`)).map((s) => ({
      ...s, units: Number(s.units), boxes: Number(s.boxes), ship_date: isoOrNull(s.ship_date), created_at: isoOrNull(s.created_at),
    }) as NonNullable<OrderDto['shipments']>[number]);
  }
  if (includes.has('returns')) {
    order.returns = (await queryRows<Row>(tx, sql`
      SELECT r.id, r.number, r.status, r.refund_status, r.reason, r.shipment_id, r.created_at,
        (SELECT coalesce(sum(quantity), 0) FROM return_lines rl WHERE rl.tenant_id = r.tenant_id AND rl.return_id = r.id) AS units
      FROM returns r WHERE r.tenant_id = ${tenantId}::uuid AND r.order_id = ${id}::uuid ORDER BY r.created_at`)).map((x) => ({
      ...x, units: Number(x.units), created_at: isoOrNull(x.created_at),
    }) as NonNullable<OrderDto['returns']>[number]);
  }
  return order;
}

export async function listOrderEvents(tx: Tx, tenantId: string, orderId: string, query: TListQuery): Promise<Paginated<OrderEventDto>> {
  const rows = await queryRows<Row>(tx, sql`
    SELECT e.id, e.action, e.from_status, e.to_status, e.data, e.created_at, e.user_id, u.name AS user_name
    FROM status_events e LEFT JOIN users u ON u.id = e.user_id
    WHERE e.tenant_id = ${tenantId}::uuid AND e.subject_type = 'order' AND e.subject_id = ${orderId}::uuid
    ORDER BY e.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
  const [count] = await queryRows<{ n: string }>(tx, sql`
    SELECT count(*) AS n FROM status_events WHERE tenant_id = ${tenantId}::uuid AND subject_type = 'order' AND subject_id = ${orderId}::uuid`);
  const events = rows.map((e): OrderEventDto => ({
    id: String(e.id), action: e.action as string, from_status: (e.from_status as string | null) ?? null, to_status: (e.to_status as string | null) ?? null,
    user: e.user_id ? { id: e.user_id as string, name: (e.user_name as string | null) ?? null } : null,
    data: (e.data as Record<string, unknown> | null) ?? {}, created_at: isoOrNull(e.created_at)!,
  }));
  return paginate(events, Number(count?.n ?? 0), query.page, query.per_page);
}
