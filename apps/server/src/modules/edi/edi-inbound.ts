import { sql } from 'drizzle-orm';
import type { ChannelActionOptions } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import type { RunContext } from '../channels/channel-run.job';
import { ChannelCallError, type ChannelOrder } from '../channels/connector';
import { takeOrders } from '../channels/order-intake';
import { IMPORT_TX } from '../orders/order-create';
import { interchangeTime, orderFrom850, resolveLineSkus } from './edi-850-order';
import { withRunMailbox } from './edi-connection';
import { build855ForOrders } from './edi-acknowledgement';
import { MapperMissing, takeCsvOrders } from './edi-csv';
import { markOverdue, reconcile997 } from './edi-reconcile';
import { applyOrderMapper } from './edi-mappers';
import { deliverOutbox, recordOutbound } from './edi-outbox';
import { takePoChanges } from './edi-po-change';
import { partnerProfile, type PartnerProfile } from './edi-profile';
import { mailboxPath } from './mailbox/mailbox';
import { read850, type PurchaseOrder850 } from './x12/x12-850';
import { build997 } from './x12/x12-997';
import { parseInterchanges, validateInterchange } from './x12/x12-parse';
import { X12SyntaxError, type X12Group, type X12Interchange, type X12Issue } from './x12/x12-types';

/**
 * import_orders for an EDI partner: every file in the inbound folder, oldest first. Each interchange is taken in
 * one transaction — its document log row, the orders of its 850s through the one pipeline, the 997 for each
 * group and the 855s — and only then does the file leave the folder. A run that dies after the commit finds the
 * file again, and its ISA13 marks it a duplicate: nothing is imported twice.
 */

/** Interchanges larger than this are refused (a partner's batch of 5,000 POs is about 3 MB). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

export async function runEdiImport(run: RunContext): Promise<Record<string, unknown>> {
  const profile = partnerProfile(run.process.settings, run.cctx.credentials);
  return withRunMailbox(run, profile, async (mailbox) => {
    await deliverOutbox(run, mailbox, profile);
    const entries = await mailbox.list(profile.inboundDir);
    let files = 0;
    for (const entry of entries) {
      const path = mailboxPath(profile.inboundDir, entry.name);
      if (entry.size > MAX_FILE_BYTES) {
        run.rec.count('failed');
        run.rec.error({ external_id: entry.name, code: 'edi_file_too_large', message: `${entry.name} is ${entry.size} bytes; the limit is ${MAX_FILE_BYTES}` });
        continue;
      }
      if (profile.format === 'csv') {
        const raw = (await mailbox.get(path)).toString('utf8');
        try {
          await run.inTenant(async (tx) => {
            await takeCsvOrders(tx, run, entry.name, raw);
            await run.rec.flush(tx);
          }, IMPORT_TX);
        } catch (err) {
          if (!(err instanceof MapperMissing)) throw err;
          // Nothing can read the files yet: they stay in the mailbox for the run after the mapper is linked.
          throw new ChannelCallError(err.message, null, 'edi_mapper_missing');
        }
      } else {
        await takeFile(run, profile, entry.name, (await mailbox.get(path)).toString('latin1'));
      }
      if (profile.archiveDir) await mailbox.move(path, mailboxPath(profile.archiveDir, entry.name));
      else await mailbox.remove(path);
      files++;
      await run.job.progress(Math.min(99, (files / entries.length) * 100));
    }
    const delivered = await deliverOutbox(run, mailbox, profile);
    const overdue = await run.inTenant((tx) => markOverdue(tx, run.job.tenantId, run.process));
    return { files, delivered, overdue };
  });
}

interface InboundRow {
  direction: 'in';
  docType: string;
  ic: X12Interchange | null;
  group: X12Group | null;
  status: 'imported' | 'partially_imported' | 'rejected' | 'duplicate' | 'acknowledged';
  error: string | null;
  issues: X12Issue[];
  orderIds: string[];
  counts: { sets: number; created: number; duplicates: number; failed: number };
}

async function insertInbound(tx: Tx, run: RunContext, fileName: string, raw: string, row: InboundRow): Promise<string> {
  const g = row.group;
  const [r] = await queryRows<{ id: string }>(tx, sql`
    INSERT INTO edi_documents (tenant_id, process_id, direction, doc_type, file_name, sender_id, receiver_id, interchange_control, functional_id,
      group_control, set_controls, status, error, issues, order_ids, counts, size, raw, run_id, delivered_at)
    VALUES (${run.job.tenantId}::uuid, ${run.process.id}::uuid, 'in', ${row.docType}, ${fileName}, ${row.ic?.senderId ?? null}, ${row.ic?.receiverId ?? null},
      ${row.ic?.control ?? null}, ${g?.functionalId ?? null}, ${g?.control ?? null}, ${textArray(g ? g.transactions.map((t) => t.control) : [])}::text[],
      ${row.status}, ${row.error}, ${JSON.stringify(row.issues.slice(0, 200).map(issueView))}::jsonb, ${textArray(row.orderIds)}::uuid[],
      ${JSON.stringify(row.counts)}::jsonb, ${Buffer.byteLength(raw, 'latin1')}, ${raw}, ${run.rec.runId}::uuid, now())
    RETURNING id`);
  return r!.id;
}

const issueView = (i: X12Issue) => ({
  code: i.code, message: i.message, set_control: i.setControl ?? null, segment: i.segmentId ?? null, position: i.segmentPosition ?? null,
});

const DOC_TYPE_OF_GROUP: Record<string, string> = { PO: '850', FA: '997', PC: '860' };

async function takeFile(run: RunContext, profile: PartnerProfile, fileName: string, raw: string): Promise<void> {
  const { rec } = run;
  let interchanges: X12Interchange[];
  try {
    interchanges = parseInterchanges(raw);
  } catch (err) {
    if (!(err instanceof X12SyntaxError)) throw err;
    // Not X12 we can read: nobody to answer (no readable envelope), so it is logged and refused.
    rec.count('received');
    rec.count('failed');
    rec.error({ external_id: fileName, code: 'edi_garbled', message: `${fileName}: ${err.message}` });
    await run.inTenant(async (tx) => {
      await insertInbound(tx, run, fileName, raw, {
        direction: 'in', docType: 'unknown', ic: null, group: null, status: 'rejected', error: err.message, issues: [], orderIds: [],
        counts: { sets: 0, created: 0, duplicates: 0, failed: 0 },
      });
      await rec.flush(tx);
    });
    return;
  }
  for (const ic of interchanges) await takeInterchange(run, profile, fileName, raw, ic);
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

async function takeInterchange(run: RunContext, profile: PartnerProfile, fileName: string, raw: string, ic: X12Interchange): Promise<void> {
  const { rec, job, process } = run;
  const options: ChannelActionOptions<'import_orders'> = process.actions.import_orders?.options ?? {};
  await run.inTenant(async (tx) => {
    const base = { direction: 'in' as const, ic, orderIds: [] as string[], issues: [] as X12Issue[] };
    const firstGroup = ic.groups[0] ?? null;
    const docTypeOf = (g: X12Group | null) => (g ? (DOC_TYPE_OF_GROUP[g.functionalId] ?? 'unknown') : 'unknown');

    if (!same(ic.senderId, profile.partner.id) || !same(ic.receiverId, profile.us.id)) {
      const error = `The interchange is from ${ic.senderId} to ${ic.receiverId}; this partner sends from ${profile.partner.id} to ${profile.us.id}`;
      rec.count('received');
      rec.count('failed');
      rec.error({ external_id: fileName, code: 'edi_wrong_party', message: error });
      await insertInbound(tx, run, fileName, raw, { ...base, docType: docTypeOf(firstGroup), group: firstGroup, status: 'rejected', error, counts: { sets: 0, created: 0, duplicates: 0, failed: 0 } });
      await rec.flush(tx);
      return;
    }

    const [dup] = await queryRows<{ id: string; created_at: string }>(tx, sql`
      SELECT id, created_at::text FROM edi_documents
      WHERE process_id = ${process.id}::uuid AND direction = 'in' AND sender_id = ${ic.senderId} AND interchange_control = ${ic.control}
        AND status NOT IN ('rejected', 'duplicate')
      LIMIT 1`);
    if (dup) {
      const error = `Interchange ${ic.control} from ${ic.senderId} was already received (${dup.created_at.slice(0, 19)} UTC); nothing was imported again`;
      rec.count('received');
      rec.count('duplicates');
      rec.error({ external_id: ic.control, code: 'edi_duplicate_interchange', message: error });
      await insertInbound(tx, run, fileName, raw, { ...base, docType: docTypeOf(firstGroup), group: firstGroup, status: 'duplicate', error, counts: { sets: 0, created: 0, duplicates: 0, failed: 0 } });
      await rec.flush(tx);
      return;
    }

    const issues = validateInterchange(ic);
    const envelopeBroken = issues.some((i) => i.level === 'interchange');
    for (const group of ic.groups) {
      const groupIssues = issues.filter((i) => i.level === 'interchange' || i.groupControl === group.control);
      if (group.functionalId === 'FA') {
        const settled = await reconcile997(tx, job.tenantId, process.id, group);
        rec.count('received', group.transactions.length);
        rec.count('updated', settled.matched);
        for (const m of settled.unmatched) rec.error({ external_id: m, code: 'edi_ack_unmatched', message: `The 997 answers group ${m}, which was never sent to this partner` });
        const docId = await insertInbound(tx, run, fileName, raw, {
          ...base, docType: '997', group, status: settled.unmatched.length && !settled.matched ? 'rejected' : 'acknowledged',
          error: settled.unmatched.length ? `Answers groups never sent: ${settled.unmatched.join(', ')}` : null, issues: groupIssues,
          counts: { sets: group.transactions.length, created: 0, duplicates: 0, failed: settled.unmatched.length },
        });
        await tx.execute(sql`UPDATE edi_documents SET ack_document_id = ${docId}::uuid WHERE tenant_id = ${job.tenantId}::uuid AND id = ANY(${textArray(settled.documentIds)}::uuid[])`);
        continue;
      }
      if (group.functionalId === 'PC') await takePoChangeGroup(tx, run, profile, { fileName, raw, ic, group, groupIssues, envelopeBroken });
      else await takePurchaseOrderGroup(tx, run, profile, { fileName, raw, ic, group, groupIssues, envelopeBroken, options });
    }
    await rec.flush(tx);
  }, IMPORT_TX);
}

/** Issues that make a set rejected (AK5 R): the set cannot be trusted, so none of it is imported. */
const rejects = (i: X12Issue) => i.level !== 'group' || ['4', '5'].includes(i.code);

async function takePurchaseOrderGroup(
  tx: Tx, run: RunContext, profile: PartnerProfile,
  input: { fileName: string; raw: string; ic: X12Interchange; group: X12Group; groupIssues: X12Issue[]; envelopeBroken: boolean; options: ChannelActionOptions<'import_orders'> },
): Promise<void> {
  const { rec, job, process } = run;
  const { ic, group } = input;
  const issues = [...input.groupIssues];
  const rejected = new Set<string>();
  const groupRejected = input.envelopeBroken || issues.some((i) => i.level === 'group' && rejects(i));
  const pos: { po: PurchaseOrder850; control: string }[] = [];
  for (const t of group.transactions) {
    const own = issues.filter((i) => i.level === 'transaction' && i.setControl === t.control);
    if (group.functionalId !== 'PO' || t.setId !== '850') {
      issues.push({ level: 'transaction', code: '1', message: `Transaction set ${t.setId} is not supported in group ${group.functionalId}`, setControl: t.control, setId: t.setId });
      rejected.add(t.control);
      continue;
    }
    const read = read850(t);
    issues.push(...read.issues);
    // Warnings (a wrong CTT hash) leave the order usable: the 997 says 'accepted with errors'.
    if (groupRejected || own.some(rejects) || !read.po) {
      rejected.add(t.control);
      continue;
    }
    pos.push({ po: read.po, control: t.control });
  }
  for (const control of rejected) {
    rec.count('received');
    rec.count('failed');
    const first = issues.find((i) => i.setControl === control);
    rec.error({ external_id: control, code: 'edi_set_rejected', message: `Set ${control} of interchange ${ic.control} was rejected: ${first?.message ?? 'invalid'}` });
  }

  const sentAt = interchangeTime(ic);
  const skuMaps = await resolveLineSkus(tx, pos.map((p) => p.po));
  let orders: ChannelOrder[] = pos.map((p, i) => orderFrom850(p.po, skuMaps[i]!, sentAt));
  orders = await applyOrderMapper(tx, process.id, rec, { raw: input.raw, orders, controls: pos.map((p) => p.control) });
  const before = { ...rec.counts };
  // The pipeline in slices: a batch of 5,000 POs is one transaction, but each createOrders call stays a sane size.
  for (let i = 0; i < orders.length; i += 500) {
    await takeOrders(tx, job.tenantId, { driver: process.driver, processId: process.id, userId: job.userId, ilocId: input.options.iloc_id ?? null }, orders.slice(i, i + 500), rec);
  }
  const taken = orders.length
    ? await queryRows<{ id: string; external_id: string; status: string; created: boolean }>(tx, sql`
        SELECT id, external_id, status, created_at >= now() AS created FROM orders
        WHERE channel = ${process.driver} AND process_id = ${process.id}::uuid AND external_id = ANY(${textArray(orders.map((o) => o.externalId))}::text[])`)
    : [];
  const created = rec.counts.created - before.created;
  const duplicates = rec.counts.duplicates - before.duplicates;
  const failed = rejected.size + (rec.counts.failed - before.failed);
  const status = !pos.length ? 'rejected' : rejected.size ? 'partially_imported' : 'imported';
  const docId = await insertInbound(tx, run, input.fileName, input.raw, {
    direction: 'in', docType: '850', ic, group, status, error: rejected.size ? `${rejected.size} of ${group.transactions.length} sets rejected` : null,
    issues, orderIds: taken.map((t) => t.id), counts: { sets: group.transactions.length, created, duplicates, failed },
  });
  await answer997(tx, run, profile, { group, issues, rejected, docId, verdict: groupRejected || !pos.length ? 'R' : rejected.size ? 'P' : 'A' });
  // The 855: business acceptance of each order taken now (created in this transaction, not in error).
  if (profile.send855) {
    const fresh = taken.filter((t) => t.created && t.status !== 'error');
    if (fresh.length) {
      const poOf = new Map(orders.map((o, i) => [o.externalId, pos[i]!.po]));
      const sets = fresh.map((t) => build855ForOrders(poOf.get(t.external_id)!, new Date()));
      await recordOutbound(tx, job.tenantId, process.id, profile, {
        docType: '855', sets, orderIds: fresh.map((t) => t.id), expectsAck: true, runId: rec.runId,
      });
    }
  }
}

async function takePoChangeGroup(
  tx: Tx, run: RunContext, profile: PartnerProfile,
  input: { fileName: string; raw: string; ic: X12Interchange; group: X12Group; groupIssues: X12Issue[]; envelopeBroken: boolean },
): Promise<void> {
  const { rec } = run;
  const { group } = input;
  const groupRejected = input.envelopeBroken || input.groupIssues.some((i) => i.level === 'group' && rejects(i));
  const rejectedBefore = new Set(group.transactions.filter((t) => groupRejected || input.groupIssues.some((i) => i.level === 'transaction' && i.setControl === t.control && rejects(i))).map((t) => t.control));
  const outcome = await takePoChanges(tx, run, group, interchangeTime(input.ic), rejectedBefore);
  for (const control of outcome.rejected) {
    rec.count('received');
    rec.count('failed');
    rec.error({ external_id: control, code: 'edi_set_rejected', message: `Set ${control} of interchange ${input.ic.control} was rejected` });
  }
  const issues = [...input.groupIssues, ...outcome.issues];
  const taken = group.transactions.length - outcome.rejected.size;
  const docId = await insertInbound(tx, run, input.fileName, input.raw, {
    direction: 'in', docType: '860', ic: input.ic, group, issues, orderIds: outcome.orderIds,
    status: !taken ? 'rejected' : outcome.rejected.size || outcome.notApplied ? 'partially_imported' : 'imported',
    error: outcome.notApplied ? `${outcome.notApplied} change(s) need a person: see the run's errors` : null,
    counts: { sets: group.transactions.length, created: 0, duplicates: 0, failed: outcome.rejected.size + outcome.notApplied },
  });
  await answer997(tx, run, profile, { group, issues, rejected: outcome.rejected, docId, verdict: !taken ? 'R' : outcome.rejected.size ? 'P' : 'A' });
}

/** The 997 for a received group (syntax acceptance of every set, edi-x12.md §2), and its verdict on the group's log row. */
async function answer997(
  tx: Tx, run: RunContext, profile: PartnerProfile,
  input: { group: X12Group; issues: X12Issue[]; rejected: Set<string>; docId: string; verdict: 'A' | 'P' | 'R' },
): Promise<void> {
  const tenantId = run.job.tenantId;
  await recordOutbound(tx, tenantId, run.process.id, profile, {
    docType: '997', sets: [build997({ group: input.group, issues: input.issues, rejectedSets: input.rejected })], expectsAck: false,
    answers: input.docId, runId: run.rec.runId,
  });
  await tx.execute(sql`UPDATE edi_documents SET ack_status = ${input.verdict}, acked_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${input.docId}::uuid`);
}
