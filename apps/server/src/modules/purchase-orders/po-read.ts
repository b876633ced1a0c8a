import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import {
  paginate, parseInclude, poAllowedActions, PO_STATUSES, SUPPLIER_VISIBLE_PO_STATUSES, type Paginated, type PoCountsDto, type PoLineDto, type PoStatus,
  type PoSummaryDto, type PurchaseOrderDto, type SupplyEventDto, type SupplyShipmentStatus, type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { filterConditions, offsetOf, orderByClause, prefixMatch, searchOf, uuidOrNone } from '../../platform/db/list-query';
import type { Principal } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';
import { purchaseOrders as po } from './purchase-orders.tables';

/**
 * Reading purchase orders, for a tenant user or a supplier user. A supplier sees only its supplier's POs
 * once they were sent (docs/api-supply-chain.md "Supplier users"): the condition is part of every query,
 * so anything else is simply not found.
 */

type Row = Record<string, unknown>;
/** Who reads: permissions decide allowed_actions, the role and supplier decide what is visible. */
export type Viewer = Pick<Principal, 'permissions' | 'role' | 'supplierId'>;

const dateOnly = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));
export const money = (v: unknown, dp = 2) => (v === null || v === undefined ? null : new Decimal(String(v)).toFixed(dp));
const isSupplier = (v: Viewer) => v.role === 'supplier';

/** What a supplier user may see: its own POs, sent at some point. */
export function supplierScope(v: Viewer): SQL | null {
  if (!isSupplier(v)) return null;
  return sql`(${po.supplierId} = ${uuidOrNone(v.supplierId ?? '')}::uuid
    AND (${inArray(po.status, [...SUPPLIER_VISIBLE_PO_STATUSES])} OR (${po.status} = 'cancelled' AND ${po.sentAt} IS NOT NULL)))`;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function poSummary(r: Row, agg: Row | undefined, viewer: Viewer): PoSummaryDto {
  return {
    id: r.id as string,
    number: r.number as string,
    status: r.status as PoStatus,
    supplier: { id: r.supplier_id as string, name: (r.supplier_name as string | null) ?? null },
    iloc: { id: r.iloc_id as string, name: (r.iloc_name as string | null) ?? null },
    currency: String(r.currency),
    estimated_delivery: dateOnly(r.estimated_delivery),
    total: money(r.total)!,
    line_count: Number(agg?.line_count ?? 0),
    qty_ordered: Number(agg?.qty_ordered ?? 0),
    qty_received: Number(agg?.qty_received ?? 0),
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
    allowed_actions: poAllowedActions(r.status as string, viewer.permissions, viewer.role),
  };
}

const SUMMARY_FROM = sql`
  purchase_orders
  JOIN suppliers sup ON sup.tenant_id = purchase_orders.tenant_id AND sup.id = purchase_orders.supplier_id
  JOIN ilocs il ON il.tenant_id = purchase_orders.tenant_id AND il.id = purchase_orders.iloc_id`;
const SUMMARY_COLUMNS = sql`purchase_orders.*, sup.name AS supplier_name, sup.email AS supplier_email, il.name AS iloc_name`;

const FILTERABLE = {
  status: po.status, estimated_delivery: po.estimatedDelivery, created_at: po.createdAt, total: po.total, number: po.number,
  supplier_id: po.supplierId, iloc_id: po.ilocId,
};
const SORTABLE = { created_at: po.createdAt, number: po.number, estimated_delivery: po.estimatedDelivery, total: po.total, status: po.status };

function conditions(tenantId: string, query: TListQuery, viewer: Viewer, withStatus: boolean): SQL[] {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [eq(po.tenantId, tenantId)];
  const scope = supplierScope(viewer);
  if (scope) where.push(scope);
  for (const [field, value] of Object.entries(fields)) {
    switch (field) {
      case 'status':
        if (!withStatus) break;
        if (!(PO_STATUSES as readonly string[]).includes(value)) throw fieldError('search', `Unknown status ${value}`);
        where.push(eq(po.status, value));
        break;
      case 'supplier_id': where.push(eq(po.supplierId, uuidOrNone(value))); break;
      case 'iloc_id': where.push(eq(po.ilocId, uuidOrNone(value))); break;
      case 'number': where.push(sql`starts_with(${po.number}, ${value.toUpperCase()})`); break;
      case 'sku':
        where.push(sql`EXISTS (SELECT 1 FROM purchase_order_lines l JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
          WHERE l.tenant_id = ${po.tenantId} AND l.purchase_order_id = ${po.id} AND ${prefixMatch(sql.raw('s.sku_key') as never, value)})`);
        break;
      default:
        throw fieldError('search', `Cannot search by ${field}`);
    }
  }
  if (text) {
    where.push(sql`(starts_with(${po.number}, ${text.toUpperCase()}) OR EXISTS (SELECT 1 FROM suppliers x
      WHERE x.tenant_id = ${po.tenantId} AND x.id = ${po.supplierId} AND starts_with(x.name_key, ${text.toLowerCase()})))`);
  }
  const filters = (query.filters ?? []).filter((f) => withStatus || f.field !== 'status');
  where.push(...filterConditions(filters, FILTERABLE));
  return where;
}

/** Line counts and unit sums of a page of POs, in one statement. */
async function aggregates(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, Row>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<Row>(tx, sql`
    SELECT purchase_order_id AS id, count(*) AS line_count, coalesce(sum(quantity), 0) AS qty_ordered, coalesce(sum(qty_received), 0) AS qty_received
    FROM purchase_order_lines WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ANY(${uuidArray(ids)}) GROUP BY purchase_order_id`);
  return new Map(rows.map((r) => [r.id as string, r]));
}

export async function listPurchaseOrders(tx: Tx, tenantId: string, query: TListQuery, viewer: Viewer) {
  const where = and(...conditions(tenantId, query, viewer, true))!;
  const { order } = orderByClause(query, SORTABLE, 'created_at');
  const tiebreak = query.order_direction === 'ASC' ? sql`purchase_orders.id ASC` : sql`purchase_orders.id DESC`;
  const rows = await queryRows<Row>(tx, sql`
    SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY ${order}, ${tiebreak}
    LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
  const [count] = await queryRows<{ n: string }>(tx, sql`SELECT count(*) AS n FROM purchase_orders WHERE ${where}`);
  const agg = await aggregates(tx, tenantId, rows.map((r) => r.id as string));
  return paginate(rows.map((r) => poSummary(r, agg.get(r.id as string), viewer)), Number(count?.n ?? 0), query.page, query.per_page);
}

export async function purchaseOrderCounts(tx: Tx, tenantId: string, query: TListQuery, viewer: Viewer): Promise<PoCountsDto> {
  const where = and(...conditions(tenantId, query, viewer, false))!;
  const rows = await queryRows<{ status: string; n: string }>(tx, sql`SELECT status, count(*) AS n FROM purchase_orders WHERE ${where} GROUP BY status`);
  const counts: Record<string, number> = { all: 0, ...Object.fromEntries(PO_STATUSES.map((s) => [s, 0])) };
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    counts.all! += Number(r.n);
  }
  return counts as PoCountsDto;
}

/** The PO row as the viewer may see it, or 404. */
export async function visiblePoRow(tx: Tx, tenantId: string, id: string, viewer: Viewer): Promise<Row> {
  const scope = supplierScope(viewer);
  const [r] = await queryRows<Row>(tx, sql`
    SELECT ${SUMMARY_COLUMNS}, u.name AS created_by_name FROM ${SUMMARY_FROM}
    LEFT JOIN users u ON u.id = purchase_orders.created_by
    WHERE purchase_orders.tenant_id = ${tenantId}::uuid AND purchase_orders.id = ${id}::uuid ${scope ? sql`AND ${scope}` : sql``}`);
  if (!r) throw notFound('Purchase order');
  return r;
}

export async function getPurchaseOrder(tx: Tx, tenantId: string, id: string, viewer: Viewer, include?: string): Promise<PurchaseOrderDto> {
  const r = await visiblePoRow(tx, tenantId, id, viewer);
  const lines = await queryRows<Row>(tx, sql`
    SELECT l.*, s.sku AS sku_code, s.name AS sku_name, CASE WHEN l.sku_id IS NULL THEN 'removed' ELSE s.status END AS sku_status
    FROM purchase_order_lines l LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
    WHERE l.tenant_id = ${tenantId}::uuid AND l.purchase_order_id = ${id}::uuid ORDER BY l.line_no`);
  const shipments = await queryRows<Row>(tx, sql`
    SELECT sh.id, sh.asn_number, sh.status, sh.carrier, sh.tracking_number, sh.ship_date,
      coalesce(sum(sl.qty_expected), 0) AS qty_expected, coalesce(sum(sl.qty_good + sl.qty_hold + sl.qty_hurt), 0) AS qty_received,
      coalesce(bool_or(sl.qty_good + sl.qty_hold + sl.qty_hurt <> sl.qty_expected), false) AS any_diff
    FROM supply_shipments sh LEFT JOIN supply_shipment_lines sl ON sl.tenant_id = sh.tenant_id AND sl.shipment_id = sh.id
    WHERE sh.tenant_id = ${tenantId}::uuid AND sh.purchase_order_id = ${id}::uuid
    GROUP BY sh.id, sh.asn_number, sh.status, sh.carrier, sh.tracking_number, sh.ship_date, sh.created_at ORDER BY sh.created_at`);
  const agg = {
    line_count: lines.length,
    qty_ordered: lines.reduce((n, l) => n + Number(l.quantity), 0),
    qty_received: lines.reduce((n, l) => n + Number(l.qty_received), 0),
  };
  const view: PurchaseOrderDto = {
    ...poSummary(r, agg, viewer),
    supplier: { id: r.supplier_id as string, name: text(r.supplier_name), email: text(r.supplier_email) },
    shipping_cost: money(r.shipping_cost)!,
    payment_terms: text(r.payment_terms),
    notes_to_warehouse: text(r.notes_to_warehouse),
    notes_to_supplier: text(r.notes_to_supplier),
    subtotal: money(r.subtotal)!,
    tax_total: money(r.tax_total)!,
    error_message: text(r.error_message),
    lines: lines.map((l) => ({
      id: String(l.id),
      line_no: Number(l.line_no),
      sku_id: text(l.sku_id),
      sku: (l.sku_code as string | null) ?? (l.sku as string),
      name: (l.name as string | null) ?? (l.sku_name as string | null) ?? null,
      supplier_sku: text(l.supplier_sku),
      sku_status: l.sku_status as PoLineDto['sku_status'],
      quantity: Number(l.quantity),
      unit_cost: money(l.unit_cost, 4)!,
      net_price: money(l.net_price, 4)!,
      tax: money(l.tax)!,
      total: new Decimal(String(l.net_price)).times(Number(l.quantity)).plus(String(l.tax)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      confirmed_quantity: l.confirmed_quantity === null || l.confirmed_quantity === undefined ? null : Number(l.confirmed_quantity),
      confirmed_date: dateOnly(l.confirmed_date),
      qty_shipped: Number(l.qty_shipped),
      qty_received: Number(l.qty_received),
    })),
    shipments: shipments.map((s) => ({
      id: String(s.id),
      asn_number: String(s.asn_number),
      status: s.status as SupplyShipmentStatus,
      carrier: text(s.carrier),
      tracking_number: text(s.tracking_number),
      ship_date: dateOnly(s.ship_date),
      qty_expected: Number(s.qty_expected),
      qty_received: Number(s.qty_received),
      has_discrepancy: s.status === 'discrepancy' || (s.status === 'complete' && Boolean(s.any_diff)),
    })),
    created_by: r.created_by ? { id: String(r.created_by), name: text(r.created_by_name) } : null,
    confirmed_at: isoOrNull(r.confirmed_at),
    sent_at: isoOrNull(r.sent_at),
    acknowledged_at: isoOrNull(r.acknowledged_at),
    completed_at: isoOrNull(r.completed_at),
    cancelled_at: isoOrNull(r.cancelled_at),
  };
  // The supplier never reads the buyer's internal notes.
  if (isSupplier(viewer)) delete view.notes_to_warehouse;
  if (parseInclude(include).has('events')) view.events = (await listPoEvents(tx, tenantId, id, { page: 1, per_page: 500 } as TListQuery)).data;
  return view;
}

export async function listPoEvents(tx: Tx, tenantId: string, poId: string, query: Pick<TListQuery, 'page' | 'per_page'>): Promise<Paginated<SupplyEventDto>> {
  const rows = await queryRows<Row>(tx, sql`
    SELECT e.id, e.action, e.from_status, e.to_status, e.data, e.created_at, e.user_id, u.name AS user_name
    FROM status_events e LEFT JOIN users u ON u.id = e.user_id
    WHERE e.tenant_id = ${tenantId}::uuid AND e.subject_type = 'purchase_order' AND e.subject_id = ${poId}::uuid
    ORDER BY e.id LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
  const [count] = await queryRows<{ n: string }>(tx, sql`
    SELECT count(*) AS n FROM status_events WHERE tenant_id = ${tenantId}::uuid AND subject_type = 'purchase_order' AND subject_id = ${poId}::uuid`);
  const events = rows.map((e): SupplyEventDto => ({
    id: String(e.id), action: String(e.action), from_status: text(e.from_status), to_status: text(e.to_status),
    user: e.user_id ? { id: String(e.user_id), name: text(e.user_name) } : null, data: (e.data ?? {}) as Record<string, unknown>, created_at: isoOrNull(e.created_at),
  }));
  return paginate(events, Number(count?.n ?? 0), query.page, query.per_page);
}
