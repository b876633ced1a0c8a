import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { createNotifications, usersWithPermission } from '../notifications/notify';
import { read997 } from './x12/x12-997';
import type { X12Group } from './x12/x12-types';

/**
 * 997 reconciliation (edi-x12.md §5): each 997 names the group it answers by GS01 + GS06 (AK1) and each set by
 * ST01 + ST02 (AK2); the document we sent with that group takes the partner's verdict. A document with no 997
 * within the partner's window is overdue and the people who run connections are told.
 */

const STATUS_OF_ACK: Record<string, string> = { A: 'accepted', E: 'accepted_with_errors', P: 'partially_accepted', R: 'rejected' };

export async function reconcile997(tx: Tx, tenantId: string, processId: string, group: X12Group): Promise<{ matched: number; unmatched: string[]; documentIds: string[] }> {
  let matched = 0;
  const unmatched: string[] = [];
  const documentIds: string[] = [];
  for (const t of group.transactions) {
    if (t.setId !== '997') continue;
    const ack = read997(t);
    const details = ack.sets.map((s) => ({
      set_id: s.setId, control: s.control, status: s.status,
      errors: s.errors.map((e) => ({ segment: e.segmentId ?? null, position: e.position ?? null, code: e.code ?? null, element: e.element ?? null, element_code: e.elementCode ?? null, bad_value: e.badValue ?? null })),
    }));
    const status = STATUS_OF_ACK[ack.status] ?? 'rejected';
    // A late 997 still settles an overdue document; a second 997 for the same group replaces the first verdict.
    const rows = await queryRows<{ id: string }>(tx, sql`
      UPDATE edi_documents SET status = ${status}, ack_status = ${ack.status}, ack_details = ${JSON.stringify(details)}::jsonb, acked_at = now()
      WHERE tenant_id = ${tenantId}::uuid AND process_id = ${processId}::uuid AND direction = 'out'
        AND functional_id = ${ack.functionalId} AND group_control = ${String(Number(ack.groupControl))}
      RETURNING id`);
    if (rows.length) {
      matched += rows.length;
      documentIds.push(...rows.map((r) => r.id));
    } else unmatched.push(`${ack.functionalId} ${ack.groupControl}`);
  }
  return { matched, unmatched, documentIds };
}

export async function markOverdue(tx: Tx, tenantId: string, process: { id: string; name: string }): Promise<number> {
  const late = await queryRows<{ id: string; doc_type: string; interchange_control: string; created_at: string }>(tx, sql`
    UPDATE edi_documents SET status = 'overdue'
    WHERE tenant_id = ${tenantId}::uuid AND process_id = ${process.id}::uuid AND direction = 'out' AND status = 'sent'
      AND due_at IS NOT NULL AND due_at < now()
    RETURNING id, doc_type, interchange_control, created_at::text`);
  if (!late.length) return 0;
  const users = await usersWithPermission(tx, tenantId, 'read-process');
  const list = late.slice(0, 5).map((d) => `${d.doc_type} #${d.interchange_control}`).join(', ');
  await createNotifications(tx, tenantId, users.map((userId) => ({
    userId, type: 'edi.ack-overdue',
    data: {
      title: 'EDI documents not acknowledged',
      description: `${process.name}: no 997 came back for ${list}${late.length > 5 ? ` and ${late.length - 5} more` : ''}`,
      status: 'WARNING', type: 'edi.ack-overdue', table: 'processes', target: 'connection', target_id: process.id, mediable: null,
      params: { process_id: process.id, documents: late.map((d) => d.id), connection: process.name, list, more: Math.max(0, late.length - 5) },
    },
  })));
  return late.length;
}
