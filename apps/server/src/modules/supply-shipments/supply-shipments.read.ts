import { sql, type SQL } from 'drizzle-orm';
import {
  lineDiscrepancy, paginate, supplyShipmentAllowedActions, supplyShipmentTransition, type Paginated, type SupplyShipmentAction, type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull as iso, queryRows } from '../../platform/db/rows';
import { offsetOf } from '../../platform/db/list-query';
import type { Principal } from '../../platform/http/context';

/** Reading PO and transfer shipments (ASNs) as docs/api-supply-chain.md shows them: one query per page. */

type Ref = { id: string; name: string | null };

export interface SupplyShipmentSummaryDto {
  id: string;
  kind: 'purchase_order' | 'transfer';
  asn_number: string;
  status: string;
  purchase_order: { id: string; number: string; supplier: Ref } | null;
  transfer: { id: string; number: string } | null;
  from_iloc: Ref | null;
  to_iloc: Ref;
  carrier: string | null;
  tracking_number: string | null;
  bol_number: string | null;
  ship_date: string | null;
  line_count: number;
  qty_expected: number;
  qty_received: number;
  has_discrepancy: boolean;
  created_at: string;
  allowed_actions: SupplyShipmentAction[];
}

export interface SupplyShipmentLineDto {
  id: string;
  line_no: number;
  po_line_id: string | null;
  transfer_line_id: string | null;
  sku_id: string | null;
  sku: string;
  name: string | null;
  qty_expected: number;
  qty_good: number;
  qty_hold: number;
  qty_hurt: number;
  qty_received: number;
  discrepancy: number;
}

export interface SupplyShipmentDto extends SupplyShipmentSummaryDto {
  /** The template's name is kept on the shipment; its id is null once the template was deleted. */
  packing_template: { id: string | null; name: string | null } | null;
  lines: SupplyShipmentLineDto[];
  boxes: { box_no: number; length: string; width: string; height: string; weight: string; contents: { line_no: number; quantity: number }[] }[];
  shipped_at: string | null;
  arrived_at: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  events?: EventDto[];
}

/** What a supplier user may do with its own POs' shipments: create, edit and ship them; never receive. */
const SUPPLIER_SHIPMENT_ACTIONS: readonly SupplyShipmentAction[] = ['ship', 'edit'];

/** Transitions from the status ∩ the caller's permissions; a supplier holds create-asn for edit and ship. */
export function shipmentActionsFor(status: string, principal: Pick<Principal, 'permissions' | 'role'>): SupplyShipmentAction[] {
  if (principal.role === 'supplier') {
    return principal.permissions.has('create-asn') ? SUPPLIER_SHIPMENT_ACTIONS.filter((a) => supplyShipmentTransition(status, a) !== null) : [];
  }
  return supplyShipmentAllowedActions(status, principal.permissions);
}

const SUMMARY_SELECT = sql`
  s.id, s.kind, s.asn_number, s.status, s.purchase_order_id, po.number AS po_number, po.supplier_id, sup.name AS supplier_name,
  s.transfer_id, tr.number AS transfer_number, s.from_iloc_id, fi.name AS from_iloc_name, s.to_iloc_id, ti.name AS to_iloc_name,
  s.carrier, s.tracking_number, s.bol_number, s.ship_date::text AS ship_date, s.created_at,
  agg.line_count, agg.qty_expected, agg.qty_received, agg.over`;

/** `s` supply_shipments, `po`/`sup` its purchase order and supplier, `tr` its transfer, `fi`/`ti` the ilocs. */
export const SUMMARY_FROM = sql`
  supply_shipments s
  LEFT JOIN purchase_orders po ON po.tenant_id = s.tenant_id AND po.id = s.purchase_order_id
  LEFT JOIN suppliers sup ON sup.tenant_id = po.tenant_id AND sup.id = po.supplier_id
  LEFT JOIN transfers tr ON tr.tenant_id = s.tenant_id AND tr.id = s.transfer_id
  LEFT JOIN ilocs fi ON fi.tenant_id = s.tenant_id AND fi.id = s.from_iloc_id
  LEFT JOIN ilocs ti ON ti.tenant_id = s.tenant_id AND ti.id = s.to_iloc_id`;

const AGG = sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS line_count, coalesce(sum(l.qty_expected), 0)::int AS qty_expected,
      coalesce(sum(l.qty_good + l.qty_hold + l.qty_hurt), 0)::int AS qty_received,
      coalesce(bool_or(l.qty_good + l.qty_hold + l.qty_hurt > l.qty_expected), false) AS over
    FROM supply_shipment_lines l WHERE l.tenant_id = s.tenant_id AND l.shipment_id = s.id
  ) agg ON true`;

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const day = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

function toSummary(r: Row, principal: Pick<Principal, 'permissions' | 'role'>): SupplyShipmentSummaryDto {
  const status = String(r.status);
  return {
    id: String(r.id),
    kind: r.kind as SupplyShipmentSummaryDto['kind'],
    asn_number: String(r.asn_number),
    status,
    purchase_order: r.purchase_order_id
      ? { id: String(r.purchase_order_id), number: String(r.po_number), supplier: { id: String(r.supplier_id), name: text(r.supplier_name) } }
      : null,
    transfer: r.transfer_id ? { id: String(r.transfer_id), number: String(r.transfer_number) } : null,
    from_iloc: r.from_iloc_id ? { id: String(r.from_iloc_id), name: text(r.from_iloc_name) } : null,
    to_iloc: { id: String(r.to_iloc_id), name: text(r.to_iloc_name) },
    carrier: text(r.carrier),
    tracking_number: text(r.tracking_number),
    bol_number: text(r.bol_number),
    ship_date: day(r.ship_date),
    line_count: Number(r.line_count ?? 0),
    qty_expected: Number(r.qty_expected ?? 0),
    qty_received: Number(r.qty_received ?? 0),
    has_discrepancy: status === 'discrepancy' || r.over === true,
    created_at: iso(r.created_at)!,
    allowed_actions: shipmentActionsFor(status, principal),
  };
}

export async function loadShipmentSummaries(
  tx: Tx, principal: Pick<Principal, 'permissions' | 'role'>, where: SQL, tail: SQL = sql``,
): Promise<SupplyShipmentSummaryDto[]> {
  const rows = await queryRows<Row>(tx, sql`SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} ${AGG} WHERE ${where} ${tail}`);
  return rows.map((r) => toSummary(r, principal));
}

export async function countShipments(tx: Tx, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${SUMMARY_FROM} WHERE ${where}`);
  return Number(row?.n ?? 0);
}

/** One shipment with its lines and boxes, or undefined (missing, or another tenant's). */
export async function loadSupplyShipment(
  tx: Tx, tenantId: string, principal: Pick<Principal, 'permissions' | 'role'>, id: string, include: { events?: boolean } = {},
): Promise<SupplyShipmentDto | undefined> {
  const [head] = await queryRows<Row>(tx, sql`
    SELECT ${SUMMARY_SELECT}, s.packing_template_id, s.packing_template_name, s.shipped_at, s.arrived_at, s.received_at, s.cancelled_at
    FROM ${SUMMARY_FROM} ${AGG} WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ${id}::uuid`);
  if (!head) return undefined;
  const summary = toSummary(head, principal);
  // The name the parent line was written with (what was ordered), from the one parent table of this kind.
  const parent = summary.kind === 'purchase_order'
    ? sql`LEFT JOIN purchase_order_lines p ON p.tenant_id = l.tenant_id AND p.id = l.po_line_id`
    : sql`LEFT JOIN transfer_lines p ON p.tenant_id = l.tenant_id AND p.id = l.transfer_line_id`;
  const lines = await queryRows<Row>(tx, sql`
    SELECT l.id, l.line_no, l.po_line_id, l.transfer_line_id, l.sku_id, l.sku, p.name, l.qty_expected, l.qty_good, l.qty_hold, l.qty_hurt
    FROM supply_shipment_lines l ${parent}
    WHERE l.tenant_id = ${tenantId}::uuid AND l.shipment_id = ${id}::uuid ORDER BY l.line_no`);
  const boxes = await queryRows<Row>(tx, sql`
    SELECT box_no, length, width, height, weight, contents FROM supply_shipment_boxes
    WHERE tenant_id = ${tenantId}::uuid AND shipment_id = ${id}::uuid ORDER BY box_no`);
  const dto: SupplyShipmentDto = {
    ...summary,
    packing_template: head.packing_template_name ? { id: text(head.packing_template_id), name: text(head.packing_template_name) } : null,
    lines: lines.map((l) => {
      const received = Number(l.qty_good) + Number(l.qty_hold) + Number(l.qty_hurt);
      return {
        id: String(l.id),
        line_no: Number(l.line_no),
        po_line_id: text(l.po_line_id),
        transfer_line_id: text(l.transfer_line_id),
        sku_id: text(l.sku_id),
        sku: String(l.sku),
        name: text(l.name),
        qty_expected: Number(l.qty_expected),
        qty_good: Number(l.qty_good),
        qty_hold: Number(l.qty_hold),
        qty_hurt: Number(l.qty_hurt),
        qty_received: received,
        discrepancy: lineDiscrepancy(Number(l.qty_expected), received, summary.status),
      };
    }),
    boxes: boxes.map((b) => ({
      box_no: Number(b.box_no),
      length: String(b.length),
      width: String(b.width),
      height: String(b.height),
      weight: String(b.weight),
      contents: (typeof b.contents === 'string' ? JSON.parse(b.contents) : b.contents) as { line_no: number; quantity: number }[],
    })),
    shipped_at: iso(head.shipped_at),
    arrived_at: iso(head.arrived_at),
    received_at: iso(head.received_at),
    cancelled_at: iso(head.cancelled_at),
  };
  if (include.events) dto.events = (await listSubjectEvents(tx, tenantId, 'supply_shipment', id, { page: 1, per_page: 500 })).data;
  return dto;
}

/* ------------------------------------------------------------------ history */

export interface EventDto {
  id: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  user: { id: string; name: string | null } | null;
  data: Record<string, unknown>;
  created_at: string | null;
}

/** The history of a supply object (supply_shipment, transfer), oldest first. */
export async function listSubjectEvents(
  tx: Tx, tenantId: string, subjectType: string, subjectId: string, query: Pick<TListQuery, 'page' | 'per_page'>,
): Promise<Paginated<EventDto>> {
  const rows = await queryRows<Row>(tx, sql`
    SELECT e.id, e.action, e.from_status, e.to_status, e.data, e.created_at, e.user_id, u.name AS user_name
    FROM status_events e LEFT JOIN users u ON u.id = e.user_id
    WHERE e.tenant_id = ${tenantId}::uuid AND e.subject_type = ${subjectType} AND e.subject_id = ${subjectId}::uuid
    ORDER BY e.id LIMIT ${query.per_page} OFFSET ${offsetOf(query as TListQuery)}`);
  const [count] = await queryRows<{ n: number }>(tx, sql`
    SELECT count(*)::int AS n FROM status_events WHERE tenant_id = ${tenantId}::uuid AND subject_type = ${subjectType} AND subject_id = ${subjectId}::uuid`);
  const events = rows.map((e) => ({
    id: String(e.id),
    action: String(e.action),
    from_status: text(e.from_status),
    to_status: text(e.to_status),
    user: e.user_id ? { id: String(e.user_id), name: text(e.user_name) } : null,
    data: (e.data ?? {}) as Record<string, unknown>,
    created_at: iso(e.created_at),
  }));
  return paginate(events, Number(count?.n ?? 0), query.page, query.per_page);
}
