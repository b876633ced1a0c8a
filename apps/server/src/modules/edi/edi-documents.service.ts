import { sql, type SQL } from 'drizzle-orm';
import { paginate, type EdiDocumentDetailDto, type EdiDocumentDto, type Paginated, type TEdiDocumentQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import { loadChannelProcess } from '../channels/process-store';
import { parseInterchanges } from './x12/x12-parse';
import { readableTransaction } from './x12/x12-readable';

/** A partner's document log: every interchange in and out, its 997 state, the raw text and a readable view. */

interface DocRow {
  id: string;
  process_id: string;
  direction: 'in' | 'out';
  doc_type: EdiDocumentDto['doc_type'];
  file_name: string | null;
  interchange_control: string | null;
  group_control: string | null;
  set_controls: string[];
  status: EdiDocumentDto['status'];
  ack_status: EdiDocumentDto['ack_status'];
  acked_at: string | null;
  due_at: string | null;
  delivered_at: string | null;
  error: string | null;
  order_ids: string[];
  shipment_id: string | null;
  counts: Partial<EdiDocumentDto['counts']>;
  size: number;
  created_at: string;
}

const COLUMNS = sql`id, process_id, direction, doc_type, file_name, interchange_control, group_control, set_controls, status, ack_status,
  acked_at, due_at, delivered_at, error, order_ids, shipment_id, counts, size, created_at`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function view(r: DocRow): EdiDocumentDto {
  return {
    id: r.id, process_id: r.process_id, direction: r.direction, doc_type: r.doc_type, file_name: r.file_name,
    interchange_control: r.interchange_control, group_control: r.group_control, set_controls: r.set_controls ?? [], status: r.status,
    ack_status: r.ack_status, acked_at: iso(r.acked_at), due_at: iso(r.due_at), delivered_at: iso(r.delivered_at), error: r.error,
    order_ids: r.order_ids ?? [], shipment_id: r.shipment_id,
    counts: { sets: r.counts?.sets ?? 0, created: r.counts?.created ?? 0, duplicates: r.counts?.duplicates ?? 0, failed: r.counts?.failed ?? 0 },
    size: r.size, created_at: iso(r.created_at)!,
  };
}

async function ediProcess(tx: Tx, processId: string) {
  const process = await loadChannelProcess(tx, processId);
  if (process.driver !== 'edi-x12') throw notFound('EDI partner');
  return process;
}

export async function listEdiDocuments(ctx: TenantCtx, processId: string, query: TEdiDocumentQuery): Promise<Paginated<EdiDocumentDto>> {
  return withTenant(ctx, async (tx) => {
    const process = await ediProcess(tx, processId);
    const where: SQL[] = [sql`process_id = ${process.id}::uuid`];
    if (query.direction) where.push(sql`direction = ${query.direction}`);
    if (query.doc_type) where.push(sql`doc_type = ${query.doc_type}`);
    if (query.status) where.push(sql`status = ${query.status}`);
    const cond = sql.join(where, sql` AND `);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM edi_documents WHERE ${cond}`);
    const rows = await queryRows<DocRow>(tx, sql`
      SELECT ${COLUMNS} FROM edi_documents WHERE ${cond}
      ORDER BY created_at DESC, id DESC LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`);
    return paginate(rows.map(view), total, query.page, query.per_page);
  });
}

export async function getEdiDocument(ctx: TenantCtx, processId: string, docIdParam: string): Promise<EdiDocumentDetailDto> {
  const docId = assertId(docIdParam, 'EDI document');
  return withTenant(ctx, async (tx) => {
    const process = await ediProcess(tx, processId);
    const [row] = await queryRows<DocRow & { raw: string; issues: EdiDocumentDetailDto['issues']; ack_details: EdiDocumentDetailDto['ack_details']; ack_document_id: string | null }>(tx, sql`
      SELECT ${COLUMNS}, raw, issues, ack_details, ack_document_id FROM edi_documents WHERE process_id = ${process.id}::uuid AND id = ${docId}::uuid`);
    if (!row) throw notFound('EDI document');
    // What this document answers or is answered by: our 997 for a received group, the partner's 997 for ours,
    // or, for a received 997, the documents it settled.
    const related = await queryRows<{ id: string; doc_type: EdiDocumentDto['doc_type']; direction: 'in' | 'out'; status: EdiDocumentDto['status']; interchange_control: string | null }>(tx, sql`
      SELECT id, doc_type, direction, status, interchange_control FROM edi_documents
      WHERE process_id = ${process.id}::uuid AND id <> ${docId}::uuid
        AND (ack_document_id = ${docId}::uuid ${row.ack_document_id ? sql`OR id = ${row.ack_document_id}::uuid` : sql``})
      ORDER BY created_at LIMIT 50`);
    const orders = row.order_ids?.length
      ? await queryRows<{ id: string; number: string; external_id: string | null }>(tx, sql`
          SELECT id, number, external_id FROM orders WHERE id = ANY(${textArray(row.order_ids.slice(0, 200))}::uuid[]) ORDER BY number`)
      : [];
    let readable: EdiDocumentDetailDto['readable'] = [];
    try {
      readable = parseInterchanges(row.raw).flatMap((ic) => ic.groups.flatMap((g) => g.transactions.map((t) => ({
        set_id: t.setId, control: t.control, segments: readableTransaction(t),
      }))));
    } catch {
      // A garbled file has no readable view; its raw text and error say what was wrong.
    }
    return { ...view(row), raw: row.raw, orders, issues: row.issues ?? [], ack_details: row.ack_details ?? null, related, readable };
  });
}
