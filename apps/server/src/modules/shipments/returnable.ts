import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';

/** How many shipped units of each order line may still be returned: the shipment view shows it, returns claim it. */
export interface ReturnableLine {
  lineId: string;
  lineNo: number;
  /** The SKU as sold (what the shipment consumed). */
  skuId: string | null;
  sku: string | null;
  name: string | null;
  /** Shipped units: of the line, or of the line in one shipment. */
  shipped: number;
  /** Units already received back (of the line, or of the line in the shipment). */
  returned: number;
  /** Shipped units not yet claimed by a return that was not rejected. */
  returnable: number;
  /** The first shipment line of the order line in the shipment, when one is named. */
  shipmentLineId: string | null;
}

/**
 * The returnable units of an order's lines. A unit is claimed by every return that was not rejected
 * (open, approved, received...), so two returns can never claim one shipped unit. With a shipment, only its
 * lines, bounded both by what that shipment carried and by what the line shipped in all.
 */
export async function returnableLines(tx: Tx, tenantId: string, orderId: string, shipmentId: string | null): Promise<Map<string, ReturnableLine>> {
  const ship = shipmentId ?? '00000000-0000-0000-0000-000000000000';
  const rows = await queryRows<Record<string, unknown>>(tx, sql`
    WITH claims AS (
      SELECT rl.order_line_id, sum(rl.quantity)::int AS all_claimed,
             coalesce(sum(rl.quantity) FILTER (WHERE r.shipment_id = ${ship}::uuid), 0)::int AS ship_claimed
      FROM return_lines rl JOIN returns r ON r.tenant_id = rl.tenant_id AND r.id = rl.return_id
      WHERE r.tenant_id = ${tenantId}::uuid AND r.order_id = ${orderId}::uuid AND r.status <> 'rejected'
      GROUP BY rl.order_line_id
    ), shipped AS (
      SELECT sl.order_line_id, sum(sl.quantity)::int AS q, sum(sl.qty_returned)::int AS r,
             (array_agg(sl.id ORDER BY b.box_no))[1] AS first_id, (array_agg(sl.sku_id ORDER BY b.box_no))[1] AS sku_id
      FROM shipment_lines sl JOIN shipment_boxes b ON b.tenant_id = sl.tenant_id AND b.id = sl.box_id
      WHERE sl.tenant_id = ${tenantId}::uuid AND sl.shipment_id = ${ship}::uuid
      GROUP BY sl.order_line_id
    )
    SELECT ol.id, ol.line_no, coalesce(s.sku_id, ol.sku_id) AS sku_id, sk.sku, coalesce(ol.name, sk.name) AS name,
           ${shipmentId ? sql`s.q` : sql`ol.qty_shipped`} AS shipped,
           ${shipmentId ? sql`s.r` : sql`ol.qty_returned`} AS returned,
           greatest(0, ${shipmentId
             ? sql`least(s.q - coalesce(c.ship_claimed, 0), ol.qty_shipped - coalesce(c.all_claimed, 0))`
             : sql`ol.qty_shipped - coalesce(c.all_claimed, 0)`}) AS returnable,
           s.first_id
    FROM order_lines ol
    ${shipmentId ? sql`JOIN` : sql`LEFT JOIN`} shipped s ON s.order_line_id = ol.id
    LEFT JOIN claims c ON c.order_line_id = ol.id
    LEFT JOIN skus sk ON sk.tenant_id = ol.tenant_id AND sk.id = coalesce(s.sku_id, ol.sku_id)
    WHERE ol.tenant_id = ${tenantId}::uuid AND ol.order_id = ${orderId}::uuid
    ORDER BY ol.line_no`);
  return new Map(rows.map((r) => [String(r.id), {
    lineId: String(r.id),
    lineNo: Number(r.line_no),
    skuId: (r.sku_id as string | null) ?? null,
    sku: (r.sku as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    shipped: Number(r.shipped ?? 0),
    returned: Number(r.returned ?? 0),
    returnable: Number(r.returnable ?? 0),
    shipmentLineId: (r.first_id as string | null) ?? null,
  }]));
}
