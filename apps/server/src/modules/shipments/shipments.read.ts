import { sql, type SQL } from 'drizzle-orm';
import { shipmentAllowedActions, type ShipmentBoxDto, type ShipmentDto, type ShipmentStatus, type ShipmentSummaryDto } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { returnableLines } from './returnable';
import { iso } from './route-kit';
import { queryRows } from '../../platform/db/rows';

/** Reading shipments as the API shows them (docs/api-orders.md): one query per page, two more for one shipment. */

export type { ShipmentBoxDto, ShipmentDto, ShipmentSummaryDto };

/** The summary columns; `s` is the shipments alias. */
export const SUMMARY_SELECT = sql`
  s.id, s.number, s.order_id, o.number AS order_number, s.status, s.iloc_id, i.name AS iloc_name, s.package_id, s.carrier,
  s.ship_method, s.tracking, s.ship_date, s.notes, s.created_at, s.updated_at,
  (SELECT count(*) FROM shipment_boxes b WHERE b.tenant_id = s.tenant_id AND b.shipment_id = s.id)::int AS box_count,
  (SELECT coalesce(sum(l.quantity), 0) FROM shipment_lines l WHERE l.tenant_id = s.tenant_id AND l.shipment_id = s.id)::int AS unit_count,
  (SELECT coalesce(sum(l.qty_returned), 0) FROM shipment_lines l WHERE l.tenant_id = s.tenant_id AND l.shipment_id = s.id)::int AS qty_returned`;
export const SUMMARY_FROM = sql`
  shipments s
  JOIN orders o ON o.tenant_id = s.tenant_id AND o.id = s.order_id
  LEFT JOIN ilocs i ON i.tenant_id = s.tenant_id AND i.id = s.iloc_id`;

export function toSummary(r: Record<string, unknown>, permissions: ReadonlySet<string>): ShipmentSummaryDto {
  const status = String(r.status) as ShipmentStatus;
  return {
    id: String(r.id),
    number: String(r.number),
    order_id: String(r.order_id),
    order_number: String(r.order_number),
    status,
    iloc_id: String(r.iloc_id),
    iloc_name: (r.iloc_name as string | null) ?? null,
    package_id: (r.package_id as string | null) ?? null,
    carrier: (r.carrier as string | null) ?? null,
    ship_method: (r.ship_method as string | null) ?? null,
    tracking: (r.tracking as string | null) ?? null,
    ship_date: iso(r.ship_date),
    notes: (r.notes as string | null) ?? null,
    box_count: Number(r.box_count),
    unit_count: Number(r.unit_count),
    qty_returned: Number(r.qty_returned),
    allowed_actions: shipmentAllowedActions(status, permissions),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export async function loadSummaries(tx: Tx, permissions: ReadonlySet<string>, where: SQL, tail: SQL = sql``): Promise<ShipmentSummaryDto[]> {
  const rows = await queryRows<Record<string, unknown>>(tx, sql`SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} WHERE ${where} ${tail}`);
  return rows.map((r) => toSummary(r, permissions));
}

const dec = (v: unknown) => String(v);

/** One shipment with its boxes and lines, or undefined (missing, or another tenant's). */
export async function loadShipment(tx: Tx, tenantId: string, permissions: ReadonlySet<string>, id: string): Promise<ShipmentDto | undefined> {
  const [summary] = await loadSummaries(tx, permissions, sql`s.tenant_id = ${tenantId}::uuid AND s.id = ${id}::uuid`);
  if (!summary) return undefined;
  const [boxes, items, returnable] = [
    await queryRows<Record<string, unknown>>(tx, sql`
      SELECT id, box_no, package_id, length, width, height, weight, tracking FROM shipment_boxes
      WHERE tenant_id = ${tenantId}::uuid AND shipment_id = ${id}::uuid ORDER BY box_no`),
    await queryRows<Record<string, unknown>>(tx, sql`
      SELECT l.id, l.box_id, l.order_line_id, ol.line_no, l.sku_id, sk.sku, coalesce(ol.name, sk.name) AS name, l.quantity, l.qty_returned
      FROM shipment_lines l
      JOIN order_lines ol ON ol.tenant_id = l.tenant_id AND ol.id = l.order_line_id
      LEFT JOIN skus sk ON sk.tenant_id = l.tenant_id AND sk.id = l.sku_id
      WHERE l.tenant_id = ${tenantId}::uuid AND l.shipment_id = ${id}::uuid ORDER BY ol.line_no`),
    await returnableLines(tx, tenantId, summary.order_id, id),
  ];
  return {
    ...summary,
    boxes: boxes.map((b) => ({
      id: String(b.id),
      box_no: Number(b.box_no),
      package_id: (b.package_id as string | null) ?? null,
      length: dec(b.length),
      width: dec(b.width),
      height: dec(b.height),
      weight: dec(b.weight),
      tracking: (b.tracking as string | null) ?? null,
      items: items.filter((i) => i.box_id === b.id).map((i) => ({
        id: String(i.id),
        line_id: String(i.order_line_id),
        line_no: Number(i.line_no),
        sku_id: String(i.sku_id),
        sku: (i.sku as string | null) ?? null,
        name: (i.name as string | null) ?? null,
        quantity: Number(i.quantity),
        qty_returned: Number(i.qty_returned),
      })),
    })),
    lines: [...returnable.values()].map((l) => ({
      line_id: l.lineId,
      line_no: l.lineNo,
      sku_id: l.skuId,
      sku: l.sku,
      name: l.name,
      quantity: l.shipped,
      qty_returned: l.returned,
      qty_returnable: l.returnable,
    })),
  };
}
