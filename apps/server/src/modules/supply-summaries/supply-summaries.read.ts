import { sql, type SQL } from 'drizzle-orm';
import {
  supplyShipmentAllowedActions, supplyShipmentTransition, type SupplyShipmentAction, type SupplyShipmentStatus, type SupplyShipmentSummaryDto,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull as iso, queryRows } from '../../platform/db/rows';
import type { Principal } from '../../platform/http/context';

/**
 * Supply shipments (ASNs) as one line of a list, as docs/api-supply-chain.md shows them. A module of its own,
 * below supply-shipments and transfers: a transfer's view lists its shipments, while supply-shipments already
 * depends on transfers (a receipt progresses its transfer), so transfers may not read through supply-shipments.
 */

export type { SupplyShipmentSummaryDto } from '@omnio/domain';

/** What a supplier user may do with its own POs' shipments: create, edit and ship them; never receive. */
const SUPPLIER_SHIPMENT_ACTIONS: readonly SupplyShipmentAction[] = ['ship', 'edit'];

/** Transitions from the status ∩ the caller's permissions; a supplier holds create-asn for edit and ship. */
export function shipmentActionsFor(status: string, principal: Pick<Principal, 'permissions' | 'role'>): SupplyShipmentAction[] {
  if (principal.role === 'supplier') {
    return principal.permissions.has('create-asn') ? SUPPLIER_SHIPMENT_ACTIONS.filter((a) => supplyShipmentTransition(status, a) !== null) : [];
  }
  return supplyShipmentAllowedActions(status, principal.permissions);
}

/** The summary's columns: `FROM ${SUMMARY_FROM} ${SUMMARY_TOTALS}`. */
export const SUMMARY_SELECT = sql`
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

/** The line totals of `s`, as `agg`. */
export const SUMMARY_TOTALS = sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS line_count, coalesce(sum(l.qty_expected), 0)::int AS qty_expected,
      coalesce(sum(l.qty_good + l.qty_hold + l.qty_hurt), 0)::int AS qty_received,
      coalesce(bool_or(l.qty_good + l.qty_hold + l.qty_hurt > l.qty_expected), false) AS over
    FROM supply_shipment_lines l WHERE l.tenant_id = s.tenant_id AND l.shipment_id = s.id
  ) agg ON true`;

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const day = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export function toShipmentSummary(r: Row, principal: Pick<Principal, 'permissions' | 'role'>): SupplyShipmentSummaryDto {
  const status = String(r.status) as SupplyShipmentStatus;
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
  const rows = await queryRows<Row>(tx, sql`SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} ${SUMMARY_TOTALS} WHERE ${where} ${tail}`);
  return rows.map((r) => toShipmentSummary(r, principal));
}

export async function countShipments(tx: Tx, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${SUMMARY_FROM} WHERE ${where}`);
  return Number(row?.n ?? 0);
}
