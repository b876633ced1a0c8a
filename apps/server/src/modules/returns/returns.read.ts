import { sql, type SQL } from 'drizzle-orm';
import {
  returnAllowedActions, type RefundStatus, type ReturnDto, type ReturnLineDto, type ReturnReason, type ReturnStatus, type ReturnSummaryDto,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { iso } from '../shipments/route-kit';
import { queryRows } from '../../platform/db/rows';

/** Reading returns as the API shows them (docs/api-orders.md "Returns"). */

export type { ReturnDto, ReturnLineDto, ReturnSummaryDto };

export const RETURN_FROM = sql`
  returns r
  JOIN orders o ON o.tenant_id = r.tenant_id AND o.id = r.order_id
  LEFT JOIN shipments s ON s.tenant_id = r.tenant_id AND s.id = r.shipment_id
  LEFT JOIN ilocs i ON i.tenant_id = r.tenant_id AND i.id = r.iloc_id`;

/** The refundable amount of a return, in SQL (r is the returns alias). */
export const REFUNDABLE_SQL = sql`(
  SELECT coalesce(round(sum(rl.quantity * ol.total / nullif(ol.quantity, 0)), 2), 0)
  FROM return_lines rl JOIN order_lines ol ON ol.tenant_id = rl.tenant_id AND ol.id = rl.order_line_id
  WHERE rl.tenant_id = r.tenant_id AND rl.return_id = r.id)`;

const SELECT = sql`
  r.id, r.number, r.order_id, o.number AS order_number, r.shipment_id, s.number AS shipment_number, r.status, r.refund_status,
  r.reason, r.notes, r.iloc_id, i.name AS iloc_name, r.currency, coalesce(r.refund_amount, 0)::numeric(14,2)::text AS refund_amount,
  ${REFUNDABLE_SQL}::numeric(14,2)::text AS refundable_amount, r.created_at, r.updated_at, r.received_at,
  (SELECT coalesce(sum(rl.quantity), 0) FROM return_lines rl WHERE rl.tenant_id = r.tenant_id AND rl.return_id = r.id)::int AS unit_count,
  (SELECT coalesce(sum(rl.qty_good + rl.qty_hold + rl.qty_hurt), 0) FROM return_lines rl WHERE rl.tenant_id = r.tenant_id AND rl.return_id = r.id)::int AS qty_received`;

/** Money is cast to numeric(14,2) text in SQL ("12.50"): it never passes through a float. */
const money = (v: unknown) => String(v ?? '0.00');

function toSummary(r: Record<string, unknown>, permissions: ReadonlySet<string>): ReturnSummaryDto {
  const status = String(r.status) as ReturnStatus;
  const refundStatus = String(r.refund_status) as RefundStatus;
  return {
    id: String(r.id),
    number: String(r.number),
    order_id: String(r.order_id),
    order_number: String(r.order_number),
    shipment_id: (r.shipment_id as string | null) ?? null,
    shipment_number: (r.shipment_number as string | null) ?? null,
    status,
    refund_status: refundStatus,
    reason: (r.reason as ReturnReason | null) ?? null,
    notes: (r.notes as string | null) ?? null,
    iloc_id: (r.iloc_id as string | null) ?? null,
    iloc_name: (r.iloc_name as string | null) ?? null,
    currency: String(r.currency).trim(),
    refundable_amount: money(r.refundable_amount),
    refund_amount: money(r.refund_amount),
    unit_count: Number(r.unit_count),
    qty_received: Number(r.qty_received),
    allowed_actions: returnAllowedActions(status, refundStatus, permissions),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    received_at: iso(r.received_at),
  };
}

export async function loadReturnSummaries(tx: Tx, permissions: ReadonlySet<string>, where: SQL, tail: SQL = sql``): Promise<ReturnSummaryDto[]> {
  const rows = await queryRows<Record<string, unknown>>(tx, sql`SELECT ${SELECT} FROM ${RETURN_FROM} WHERE ${where} ${tail}`);
  return rows.map((r) => toSummary(r, permissions));
}

export async function loadReturn(tx: Tx, tenantId: string, permissions: ReadonlySet<string>, id: string): Promise<ReturnDto | undefined> {
  const [summary] = await loadReturnSummaries(tx, permissions, sql`r.tenant_id = ${tenantId}::uuid AND r.id = ${id}::uuid`);
  if (!summary) return undefined;
  const lines = await queryRows<Record<string, unknown>>(tx, sql`
    SELECT rl.id, rl.order_line_id, ol.line_no, rl.shipment_line_id, rl.sku_id, sk.sku, coalesce(ol.name, sk.name) AS name, rl.quantity,
           rl.reason, rl.qty_good, rl.qty_hold, rl.qty_hurt
    FROM return_lines rl
    JOIN order_lines ol ON ol.tenant_id = rl.tenant_id AND ol.id = rl.order_line_id
    LEFT JOIN skus sk ON sk.tenant_id = rl.tenant_id AND sk.id = rl.sku_id
    WHERE rl.tenant_id = ${tenantId}::uuid AND rl.return_id = ${id}::uuid
    ORDER BY ol.line_no`);
  return {
    ...summary,
    lines: lines.map((l) => ({
      id: String(l.id),
      line_id: String(l.order_line_id),
      line_no: Number(l.line_no),
      shipment_line_id: (l.shipment_line_id as string | null) ?? null,
      sku_id: String(l.sku_id),
      sku: (l.sku as string | null) ?? null,
      name: (l.name as string | null) ?? null,
      quantity: Number(l.quantity),
      reason: (l.reason as ReturnReason | null) ?? null,
      qty_good: Number(l.qty_good),
      qty_hold: Number(l.qty_hold),
      qty_hurt: Number(l.qty_hurt),
      qty_received: Number(l.qty_good) + Number(l.qty_hold) + Number(l.qty_hurt),
    })),
  };
}
