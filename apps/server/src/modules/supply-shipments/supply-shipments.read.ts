import { sql } from 'drizzle-orm';
import { lineDiscrepancy, type SupplyShipmentDto } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull as iso, queryRows } from '../../platform/db/rows';
import type { Principal } from '../../platform/http/context';
import { listSubjectEvents } from '../../platform/db/status-event-history';
import { SUMMARY_FROM, SUMMARY_SELECT, SUMMARY_TOTALS, toShipmentSummary } from '../supply-summaries/supply-summaries.read';

/** Reading PO and transfer shipments (ASNs) as docs/api-supply-chain.md shows them: one query per page. */

export type { SupplyShipmentDto, SupplyShipmentLineDto } from '@omnio/domain';

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** One shipment with its lines and boxes, or undefined (missing, or another tenant's). */
export async function loadSupplyShipment(
  tx: Tx, tenantId: string, principal: Pick<Principal, 'permissions' | 'role'>, id: string, include: { events?: boolean } = {},
): Promise<SupplyShipmentDto | undefined> {
  const [head] = await queryRows<Row>(tx, sql`
    SELECT ${SUMMARY_SELECT}, s.packing_template_id, s.packing_template_name, s.shipped_at, s.arrived_at, s.received_at, s.cancelled_at
    FROM ${SUMMARY_FROM} ${SUMMARY_TOTALS} WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ${id}::uuid`);
  if (!head) return undefined;
  const summary = toShipmentSummary(head, principal);
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
