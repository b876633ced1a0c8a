import { and, sql, type SQL } from 'drizzle-orm';
import { paginate, type Paginated, type TListQuery } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import { containsPattern, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import type { TenantCtx } from '../../platform/http/context';
import { assertId } from '../../platform/http/errors';
import { lockParent, type ShipmentKind } from './supply-parents';
import { answerShipment, readShipmentHead, type ShipmentScope } from './supply-shipment-access';
import { listSubjectEvents, type EventDto } from '../../platform/db/status-event-history';
import { countShipments, loadShipmentSummaries, type SupplyShipmentSummaryDto } from '../supply-summaries/supply-summaries.read';
import type { SupplyShipmentDto } from './supply-shipments.read';

/** Reading PO and transfer shipments: the list, a parent's shipments, one shipment, its history. */

const ORDER = {
  created_at: sql`s.created_at`,
  ship_date: sql`s.ship_date`,
  asn_number: sql`s.asn_key`,
  status: sql`s.status`,
} as unknown as Parameters<typeof orderByClause>[1];

/** `search=status:…;kind:…;asn_number:…;purchase_order_id:…;transfer_id:…;iloc_id:…`; bare text: ASN, BOL, tracking, PO or transfer number. */
function conditions(ctx: TenantCtx, query: TListQuery): SQL {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [sql`s.tenant_id = ${ctx.tenantId}::uuid`];
  if (fields.status) where.push(sql`s.status = ${fields.status.toLowerCase()}`);
  if (fields.kind) where.push(sql`s.kind = ${fields.kind.toLowerCase()}`);
  if (fields.asn_number) where.push(sql`s.asn_number ILIKE ${containsPattern(fields.asn_number)}`);
  if (fields.purchase_order_id) where.push(sql`s.purchase_order_id = ${uuidOrNone(fields.purchase_order_id)}::uuid`);
  if (fields.transfer_id) where.push(sql`s.transfer_id = ${uuidOrNone(fields.transfer_id)}::uuid`);
  if (fields.iloc_id) {
    const iloc = uuidOrNone(fields.iloc_id);
    where.push(sql`(s.to_iloc_id = ${iloc}::uuid OR s.from_iloc_id = ${iloc}::uuid)`);
  }
  if (text) {
    const p = containsPattern(text);
    where.push(sql`(s.asn_number ILIKE ${p} OR s.bol_number ILIKE ${p} OR s.tracking_number ILIKE ${p} OR po.number ILIKE ${p} OR tr.number ILIKE ${p})`);
  }
  return and(...where)!;
}

export async function listSupplyShipments(ctx: TenantCtx, query: TListQuery): Promise<Paginated<SupplyShipmentSummaryDto>> {
  const where = conditions(ctx, query);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const total = await countShipments(tx, where);
    const data = await loadShipmentSummaries(tx, ctx.principal, where, sql`ORDER BY ${order}, s.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(data, total, query.page, query.per_page);
  });
}

/** GET /purchase-orders/{id}/shipments, /transfers/{id}/shipments: oldest first (the parent's own history). */
export async function listParentShipments(ctx: TenantCtx, kind: ShipmentKind, parentIdParam: string): Promise<SupplyShipmentSummaryDto[]> {
  const parentId = assertId(parentIdParam, kind === 'purchase_order' ? 'Purchase order' : 'Transfer');
  return withTenant(ctx, async (tx) => {
    // The parent must exist and be the caller's to see (a supplier's own sent PO); no lock needed to read.
    await lockParent(tx, ctx.tenantId, kind, parentId, ctx.principal, 'read');
    const column = kind === 'purchase_order' ? sql`s.purchase_order_id` : sql`s.transfer_id`;
    return loadShipmentSummaries(tx, ctx.principal, sql`s.tenant_id = ${ctx.tenantId}::uuid AND ${column} = ${parentId}::uuid`, sql`ORDER BY s.created_at, s.id`);
  });
}

export async function getSupplyShipment(ctx: TenantCtx, idParam: string, scope: ShipmentScope | null, include?: string): Promise<SupplyShipmentDto> {
  const id = assertId(idParam, 'Shipment');
  const events = (include ?? '').split(',').map((s) => s.trim()).includes('events');
  return withTenant(ctx, async (tx) => {
    await readShipmentHead(tx, ctx, id, scope);
    return answerShipment(tx, ctx, id, { events });
  });
}

export async function getSupplyShipmentEvents(ctx: TenantCtx, idParam: string, scope: ShipmentScope | null, query: TListQuery): Promise<Paginated<EventDto>> {
  const id = assertId(idParam, 'Shipment');
  return withTenant(ctx, async (tx) => {
    await readShipmentHead(tx, ctx, id, scope);
    return listSubjectEvents(tx, ctx.tenantId, 'supply_shipment', id, query);
  });
}
