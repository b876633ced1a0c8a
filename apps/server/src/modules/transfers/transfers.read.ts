import { sql, type SQL } from 'drizzle-orm';
import { transferAllowedActions, type TransferDto, type TransferStatus, type TransferSummaryDto } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull as iso, queryRows } from '../../platform/db/rows';
import type { Principal } from '../../platform/http/context';
import { listSubjectEvents } from '../../platform/db/status-event-history';
import { loadShipmentSummaries } from '../supply-summaries/supply-summaries.read';

/** Reading transfers as docs/api-supply-chain.md shows them: one query per page. */

export type { TransferDto, TransferSummaryDto } from '@omnio/domain';

const SELECT = sql`
  t.id, t.number, t.status, t.from_iloc_id, fi.name AS from_iloc_name, t.to_iloc_id, ti.name AS to_iloc_name,
  t.estimated_delivery::text AS estimated_delivery, t.error_message, t.notes, t.created_at, t.updated_at, t.confirmed_at, t.completed_at, t.cancelled_at,
  agg.line_count, agg.qty_total, agg.qty_shipped, agg.qty_received`;

/** `t` transfers with its ilocs and line totals. */
export const TRANSFER_FROM = sql`
  transfers t
  LEFT JOIN ilocs fi ON fi.tenant_id = t.tenant_id AND fi.id = t.from_iloc_id
  LEFT JOIN ilocs ti ON ti.tenant_id = t.tenant_id AND ti.id = t.to_iloc_id`;
const AGG = sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS line_count, coalesce(sum(l.quantity), 0)::int AS qty_total, coalesce(sum(l.qty_shipped), 0)::int AS qty_shipped,
      coalesce(sum(l.qty_received), 0)::int AS qty_received
    FROM transfer_lines l WHERE l.tenant_id = t.tenant_id AND l.transfer_id = t.id
  ) agg ON true`;

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toSummary(r: Row, permissions: ReadonlySet<string>): TransferSummaryDto {
  const status = String(r.status) as TransferStatus;
  return {
    id: String(r.id),
    number: String(r.number),
    status,
    from_iloc: { id: String(r.from_iloc_id), name: text(r.from_iloc_name) },
    to_iloc: { id: String(r.to_iloc_id), name: text(r.to_iloc_name) },
    estimated_delivery: text(r.estimated_delivery),
    line_count: Number(r.line_count ?? 0),
    qty_total: Number(r.qty_total ?? 0),
    qty_shipped: Number(r.qty_shipped ?? 0),
    qty_received: Number(r.qty_received ?? 0),
    error_message: text(r.error_message),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    allowed_actions: transferAllowedActions(status, permissions),
  };
}

export async function loadTransferSummaries(tx: Tx, permissions: ReadonlySet<string>, where: SQL, tail: SQL = sql``): Promise<TransferSummaryDto[]> {
  const rows = await queryRows<Row>(tx, sql`SELECT ${SELECT} FROM ${TRANSFER_FROM} ${AGG} WHERE ${where} ${tail}`);
  return rows.map((r) => toSummary(r, permissions));
}

export async function loadTransfer(
  tx: Tx, tenantId: string, principal: Pick<Principal, 'permissions' | 'role'>, id: string, include: { events?: boolean } = {},
): Promise<TransferDto | undefined> {
  const [head] = await queryRows<Row>(tx, sql`SELECT ${SELECT} FROM ${TRANSFER_FROM} ${AGG} WHERE t.tenant_id = ${tenantId}::uuid AND t.id = ${id}::uuid`);
  if (!head) return undefined;
  const lines = await queryRows<Row>(tx, sql`
    SELECT l.id, l.line_no, l.sku_id, l.sku, coalesce(l.name, s.name) AS name, l.quantity, l.qty_reserved, l.qty_shipped, l.qty_received
    FROM transfer_lines l LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
    WHERE l.tenant_id = ${tenantId}::uuid AND l.transfer_id = ${id}::uuid ORDER BY l.line_no`);
  const shipments = await loadShipmentSummaries(tx, principal, sql`s.tenant_id = ${tenantId}::uuid AND s.transfer_id = ${id}::uuid`, sql`ORDER BY s.created_at, s.id`);
  const dto: TransferDto = {
    ...toSummary(head, principal.permissions),
    notes: text(head.notes),
    lines: lines.map((l) => ({
      id: String(l.id),
      line_no: Number(l.line_no),
      sku_id: text(l.sku_id),
      sku: String(l.sku),
      name: text(l.name),
      quantity: Number(l.quantity),
      qty_reserved: Number(l.qty_reserved),
      qty_shipped: Number(l.qty_shipped),
      qty_received: Number(l.qty_received),
    })),
    shipments,
    confirmed_at: iso(head.confirmed_at),
    completed_at: iso(head.completed_at),
    cancelled_at: iso(head.cancelled_at),
  };
  if (include.events) dto.events = (await listSubjectEvents(tx, tenantId, 'transfer', id, { page: 1, per_page: 500 })).data;
  return dto;
}
