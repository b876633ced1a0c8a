import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import type { RunContext } from '../channels/channel-run.job';
import { nextControls } from './edi-controls';
import { outboundFileName, type PartnerProfile } from './edi-profile';
import { MailboxError, mailboxPath, type Mailbox } from './mailbox/mailbox';
import type { X12Segment } from './x12/x12-types';
import { cleanText, writeInterchange } from './x12/x12-write';

/**
 * Documents we send: written and recorded with their control numbers in the caller's transaction (so a number
 * is used only by a committed document), then put in the partner's mailbox after the commit by `deliverOutbox`.
 * A run that dies between the two leaves the document waiting; the next run delivers it under the same name.
 */

export type OutboundType = '855' | '856' | '810' | '846' | '997';
const FUNCTIONAL_ID: Record<OutboundType, string> = { '855': 'PR', '856': 'SH', '810': 'IN', '846': 'IB', '997': 'FA' };

export interface OutboundDocument {
  docType: OutboundType;
  /** One transaction set body per entry (no ST/SE). */
  sets: X12Segment[][];
  orderIds?: string[];
  shipmentId?: string | null;
  /** A 997 is never acknowledged; everything else is expected back within the partner's window. */
  expectsAck: boolean;
  /** The inbound document a 997 answers. */
  answers?: string | null;
  runId?: string | null;
}

export interface RecordedDocument {
  id: string;
  fileName: string;
  interchange: string;
  raw: string;
}

export async function recordOutbound(tx: Tx, tenantId: string, processId: string, profile: PartnerProfile, doc: OutboundDocument, now = new Date()): Promise<RecordedDocument> {
  const controls = await nextControls(tx, tenantId, processId, doc.sets.length);
  const functionalId = FUNCTIONAL_ID[doc.docType];
  const raw = writeInterchange({
    senderQualifier: profile.us.qualifier, senderId: profile.us.id, receiverQualifier: profile.partner.qualifier, receiverId: profile.partner.id,
    control: controls.interchange, date: now, usage: profile.usage,
    groups: [{
      functionalId, sender: profile.us.gs, receiver: profile.partner.gs, control: controls.group, date: now,
      // Names and addresses come from people: a delimiter or line break in one would break the interchange.
      sets: doc.sets.map((segments, i) => ({
        setId: doc.docType, control: controls.sets[i]!, segments: segments.map((seg) => ({ id: seg.id, elements: seg.elements.map((e) => cleanText(e)) })),
      })),
    }],
  });
  const fileName = outboundFileName(profile, doc.docType, controls.interchange, now);
  const [row] = await queryRows<{ id: string }>(tx, sql`
    INSERT INTO edi_documents (tenant_id, process_id, direction, doc_type, file_name, sender_id, receiver_id, interchange_control, functional_id,
      group_control, set_controls, status, due_at, order_ids, shipment_id, counts, size, raw, run_id, ack_document_id)
    VALUES (${tenantId}::uuid, ${processId}::uuid, 'out', ${doc.docType}, ${fileName}, ${profile.us.id}, ${profile.partner.id},
      ${controls.interchange.padStart(9, '0')}, ${functionalId}, ${controls.group}, ${textArray(controls.sets)}::text[], 'sent',
      ${doc.expectsAck ? sql`${now.toISOString()}::timestamptz + make_interval(hours => ${profile.ackWindowHours}::int)` : sql`NULL`},
      ${textArray(doc.orderIds ?? [])}::uuid[], ${doc.shipmentId ?? null}::uuid,
      ${JSON.stringify({ sets: doc.sets.length, created: 0, duplicates: 0, failed: 0 })}::jsonb, ${Buffer.byteLength(raw)}, ${raw},
      ${doc.runId ?? null}::uuid, ${doc.answers ?? null}::uuid)
    RETURNING id`);
  return { id: row!.id, fileName, interchange: controls.interchange, raw };
}

/** Puts every recorded, undelivered document of the process in the partner's outbound folder, oldest first. */
export async function deliverOutbox(run: RunContext, mailbox: Mailbox, profile: PartnerProfile): Promise<number> {
  const { job, process } = run;
  const waiting = await run.inTenant((tx) => queryRows<{ id: string; file_name: string; raw: string }>(tx, sql`
    SELECT id, file_name, raw FROM edi_documents
    WHERE process_id = ${process.id}::uuid AND direction = 'out' AND delivered_at IS NULL
    ORDER BY created_at, interchange_control LIMIT 1000`));
  for (const doc of waiting) {
    try {
      await mailbox.put(mailboxPath(profile.outboundDir, doc.file_name), Buffer.from(doc.raw, 'utf8'));
    } catch (err) {
      // Delivered by a run that died before it could say so: the name carries the ISA13, so it is this document.
      if (!(err instanceof MailboxError && err.code === 'exists')) throw err;
    }
    await run.inTenant((tx) => tx.execute(sql`
      UPDATE edi_documents SET delivered_at = now() WHERE tenant_id = ${job.tenantId}::uuid AND id = ${doc.id}::uuid`));
  }
  return waiting.length;
}
