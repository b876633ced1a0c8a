import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import type { TenantCtx } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { lockParent, supplierShipmentScope, type ShipmentKind, type ShipmentParent } from './supply-parents';
import { loadSupplyShipment, type SupplyShipmentDto } from './supply-shipments.read';

/**
 * Which shipment a caller may reach. Row-level security already hides other tenants; on top of it a
 * nested path (/purchase-orders/{id}/shipments/{shipmentId}) must name the shipment's own parent, and a
 * supplier user reaches only shipments of its own supplier's sent POs. Anything else is a 404.
 */

export interface ShipmentScope {
  kind: ShipmentKind;
  parentId: string;
}

export interface ShipmentHead {
  id: string;
  kind: ShipmentKind;
  parentId: string;
  status: string;
  asnNumber: string;
  fromIlocId: string | null;
  toIlocId: string;
}

type HeadRow = { id: string; kind: ShipmentKind; purchase_order_id: string | null; transfer_id: string | null; status: string; asn_number: string; from_iloc_id: string | null; to_iloc_id: string };

const toHead = (r: HeadRow): ShipmentHead => ({
  id: r.id, kind: r.kind, parentId: (r.purchase_order_id ?? r.transfer_id)!, status: r.status, asnNumber: r.asn_number, fromIlocId: r.from_iloc_id, toIlocId: r.to_iloc_id,
});

function scopeCondition(ctx: TenantCtx, scope: ShipmentScope | null) {
  const parts = [sql`s.tenant_id = ${ctx.tenantId}::uuid`];
  if (scope) parts.push(scope.kind === 'purchase_order' ? sql`s.purchase_order_id = ${scope.parentId}::uuid` : sql`s.transfer_id = ${scope.parentId}::uuid`);
  const supplierOnly = supplierShipmentScope(ctx.principal);
  if (supplierOnly) parts.push(supplierOnly);
  return sql.join(parts, sql` AND `);
}

/** The shipment as the caller may see it, unlocked. */
export async function readShipmentHead(tx: Tx, ctx: TenantCtx, id: string, scope: ShipmentScope | null): Promise<ShipmentHead> {
  const [row] = await queryRows<HeadRow>(tx, sql`
    SELECT s.id, s.kind, s.purchase_order_id, s.transfer_id, s.status, s.asn_number, s.from_iloc_id, s.to_iloc_id
    FROM supply_shipments s WHERE ${scopeCondition(ctx, scope)} AND s.id = ${id}::uuid`);
  if (!row) throw notFound('Shipment');
  return toHead(row);
}

/**
 * Locks the parent, then the shipment (always in that order, as creation does, so two requests never
 * deadlock), and answers both as they are under the locks.
 */
export async function lockShipmentWithParent(
  tx: Tx, ctx: TenantCtx, id: string, scope: ShipmentScope | null, mode: 'forShipment' | 'lock' = 'lock',
): Promise<{ shipment: ShipmentHead; parent: ShipmentParent }> {
  const seen = await readShipmentHead(tx, ctx, id, scope);
  const parent = await lockParent(tx, ctx.tenantId, seen.kind, seen.parentId, ctx.principal, mode);
  const [row] = await queryRows<HeadRow>(tx, sql`
    SELECT s.id, s.kind, s.purchase_order_id, s.transfer_id, s.status, s.asn_number, s.from_iloc_id, s.to_iloc_id
    FROM supply_shipments s WHERE s.tenant_id = ${ctx.tenantId}::uuid AND s.id = ${id}::uuid FOR UPDATE`);
  if (!row) throw notFound('Shipment');
  return { shipment: toHead(row), parent };
}

export async function answerShipment(tx: Tx, ctx: TenantCtx, id: string, include: { events?: boolean } = {}): Promise<SupplyShipmentDto> {
  const dto = await loadSupplyShipment(tx, ctx.tenantId, ctx.principal, id, include);
  if (!dto) throw notFound('Shipment');
  return dto;
}
