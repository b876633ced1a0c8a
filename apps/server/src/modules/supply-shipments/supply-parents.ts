import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { uuidArray } from '../inventory/holder-sql';
import { notFound } from '../../platform/http/errors';
import { loadPurchaseOrderForShipment } from '../purchase-orders/po-actions';
import { supplierScope, visiblePoRow, type Viewer } from '../purchase-orders/po-read';
import { lockPurchaseOrder as lockPo } from '../purchase-orders/po-write';

/**
 * What a shipment needs of its parent, a purchase order or a transfer: the parent locked for the
 * transaction (shipments of one parent queue here, so two ASNs cannot both claim the last units), its
 * lines, and the progress counters shipping and receiving keep on the parent's lines.
 */

export type ShipmentKind = 'purchase_order' | 'transfer';

export interface ShipmentParent {
  kind: ShipmentKind;
  id: string;
  number: string;
  status: string;
  supplierId: string | null;
  fromIlocId: string | null;
  toIlocId: string;
  /** All lines by id, when the parent's module handed them over with it. */
  lines?: Map<string, ParentLine>;
}

export interface ParentLine {
  id: string;
  line_no: number;
  sku_id: string | null;
  sku: string;
  /** What may ship in all: the ordered quantity of a PO line, the reserved quantity of a transfer line. */
  cap: number;
}

/**
 * The purchase order, as the purchase-orders module hands it to shipments: a supplier user gets 404 for
 * another supplier's PO or one not sent yet. With `forShipment` it comes locked with its lines (creating
 * or editing an ASN); `lock` alone only locks it (actions, whose shipment visibility is already checked);
 * neither only checks it may be seen (reads).
 */
export async function lockPurchaseOrder(
  tx: Tx, tenantId: string, poId: string, principal: Viewer, mode: 'forShipment' | 'lock' | 'read',
): Promise<ShipmentParent> {
  if (mode === 'forShipment') {
    const po = await loadPurchaseOrderForShipment(tx, { tenantId, principal }, poId);
    const lines = new Map(po.lines.map((l) => [l.id, { id: l.id, line_no: l.line_no, sku_id: l.sku_id, sku: l.sku, cap: l.quantity }]));
    return { kind: 'purchase_order', id: po.id, number: po.number, status: po.status, supplierId: po.supplier_id, fromIlocId: null, toIlocId: po.iloc_id, lines };
  }
  const row = mode === 'lock' ? await lockPo(tx, tenantId, poId) : await visiblePoRow(tx, tenantId, poId, principal);
  return {
    kind: 'purchase_order', id: String(row.id), number: String(row.number), status: String(row.status), supplierId: String(row.supplier_id),
    fromIlocId: null, toIlocId: String(row.iloc_id),
  };
}

/** Scopes `s` (supply_shipments) to POs a supplier user may see; null for everyone else. */
export function supplierShipmentScope(principal: Viewer): SQL | null {
  const scope = supplierScope(principal);
  return scope
    ? sql`EXISTS (SELECT 1 FROM purchase_orders WHERE purchase_orders.tenant_id = s.tenant_id AND purchase_orders.id = s.purchase_order_id AND ${scope})`
    : null;
}

export async function lockTransfer(tx: Tx, tenantId: string, transferId: string, lock = true): Promise<ShipmentParent> {
  const [row] = await queryRows<{ id: string; number: string; status: string; from_iloc_id: string; to_iloc_id: string }>(tx, sql`
    SELECT id, number, status, from_iloc_id, to_iloc_id FROM transfers WHERE tenant_id = ${tenantId}::uuid AND id = ${transferId}::uuid ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!row) throw notFound('Transfer');
  return { kind: 'transfer', id: row.id, number: row.number, status: row.status, supplierId: null, fromIlocId: row.from_iloc_id, toIlocId: row.to_iloc_id };
}

/** The parent as the caller may see it: with its lines and locked (ASN create/edit), locked (actions) or only read. */
export const lockParent = (tx: Tx, tenantId: string, kind: ShipmentKind, id: string, principal: Viewer, mode: 'forShipment' | 'lock' | 'read') =>
  (kind === 'purchase_order' ? lockPurchaseOrder(tx, tenantId, id, principal, mode) : lockTransfer(tx, tenantId, id, mode !== 'read'));

/** The parent's lines named by id (others are simply absent from the answer). */
export async function parentLines(tx: Tx, tenantId: string, parent: ShipmentParent, ids: string[]): Promise<Map<string, ParentLine>> {
  if (parent.lines) return new Map(ids.flatMap((id) => (parent.lines!.has(id) ? [[id, parent.lines!.get(id)!] as const] : [])));
  const rows = parent.kind === 'purchase_order'
    ? await queryRows<ParentLine>(tx, sql`
      SELECT id, line_no, sku_id, sku, quantity AS cap FROM purchase_order_lines
      WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ${parent.id}::uuid AND id = ANY(${uuidArray(ids)})`)
    : await queryRows<ParentLine>(tx, sql`
      SELECT id, line_no, sku_id, sku, qty_reserved AS cap FROM transfer_lines
      WHERE tenant_id = ${tenantId}::uuid AND transfer_id = ${parent.id}::uuid AND id = ANY(${uuidArray(ids)})`);
  return new Map(rows.map((r) => [r.id, { ...r, line_no: Number(r.line_no), cap: Number(r.cap) }]));
}

/**
 * Units of each parent line already on shipments that are not cancelled (drafts included, so two drafts
 * cannot both promise the same units), leaving out one shipment (the one being edited).
 */
export async function committedUnits(tx: Tx, tenantId: string, kind: ShipmentKind, lineIds: string[], exceptShipmentId: string | null): Promise<Map<string, number>> {
  const column = kind === 'purchase_order' ? sql.raw('l.po_line_id') : sql.raw('l.transfer_line_id');
  const rows = await queryRows<{ line_id: string; n: number }>(tx, sql`
    SELECT ${column} AS line_id, sum(l.qty_expected)::int AS n
    FROM supply_shipment_lines l JOIN supply_shipments s ON s.tenant_id = l.tenant_id AND s.id = l.shipment_id
    WHERE l.tenant_id = ${tenantId}::uuid AND ${column} = ANY(${uuidArray(lineIds)}) AND s.status <> 'cancelled'
      AND s.id IS DISTINCT FROM ${exceptShipmentId}::uuid
    GROUP BY 1`);
  return new Map(rows.map((r) => [r.line_id, Number(r.n)]));
}

const lineTable = (kind: ShipmentKind) => sql.raw(kind === 'purchase_order' ? 'purchase_order_lines' : 'transfer_lines');

/** Adds to (or, negative, takes from) the parent lines' qty_shipped or qty_received: one statement. */
export async function addToParentLines(
  tx: Tx, tenantId: string, parent: Pick<ShipmentParent, 'kind' | 'id'>, column: 'qty_shipped' | 'qty_received', deltas: { line_id: string; n: number }[],
): Promise<void> {
  const rows = deltas.filter((d) => d.n !== 0);
  if (!rows.length) return;
  const col = sql.raw(column);
  // The parent condition keeps the join to the parent's own lines (an index range), not every line of the tenant.
  const ofParent = parent.kind === 'purchase_order' ? sql`t.purchase_order_id = ${parent.id}::uuid` : sql`t.transfer_id = ${parent.id}::uuid`;
  await tx.execute(sql`
    UPDATE ${lineTable(parent.kind)} t SET ${col} = t.${col} + x.n
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(line_id uuid, n int)
    WHERE t.tenant_id = ${tenantId}::uuid AND ${ofParent} AND t.id = x.line_id`);
}
