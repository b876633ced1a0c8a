import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import type { RunContext } from '../channels/channel-run.job';
import type { ChannelOrder } from '../channels/connector';
import { takeOrders } from '../channels/order-intake';
import type { X12Group, X12Issue, X12Transaction } from './x12/x12-types';

/**
 * 860 (PO change), where it is cheap: a cancellation (BCH01 01) cancels the order through the pipeline's change
 * path (refused, and said so, once it has shipped). Any other change (quantities, dates, lines) is recorded for a
 * person to apply: a retailer's change rules differ too much to guess them.
 */
export interface PoChangeOutcome {
  issues: X12Issue[];
  rejected: Set<string>;
  orderIds: string[];
  applied: number;
  notApplied: number;
}

function bch(t: X12Transaction): { purpose: string; poNumber: string } | null {
  const seg = t.segments.find((s) => s.id === 'BCH');
  if (!seg || !seg.elements[0] || !seg.elements[2]) return null;
  return { purpose: seg.elements[0], poNumber: seg.elements[2] };
}

export async function takePoChanges(tx: Tx, run: RunContext, group: X12Group, sentAt: string, rejectedBefore: Set<string>): Promise<PoChangeOutcome> {
  const { rec, job, process } = run;
  const issues: X12Issue[] = [];
  const rejected = new Set(rejectedBefore);
  const changes: { control: string; purpose: string; poNumber: string }[] = [];
  for (const t of group.transactions) {
    if (rejected.has(t.control)) continue;
    const head = t.setId === '860' ? bch(t) : null;
    if (!head) {
      issues.push({ level: 'transaction', code: t.setId === '860' ? '5' : '1', message: t.setId === '860' ? 'BCH with purpose and PO number is required' : `Transaction set ${t.setId} is not supported`, setControl: t.control, setId: t.setId, segmentId: 'BCH' });
      rejected.add(t.control);
      continue;
    }
    changes.push({ control: t.control, ...head });
  }
  const known = changes.length
    ? await queryRows<{ id: string; external_id: string }>(tx, sql`
        SELECT id, external_id FROM orders WHERE channel = ${process.driver} AND process_id = ${process.id}::uuid
          AND external_id = ANY(${textArray(changes.map((c) => c.poNumber))}::text[])`)
    : [];
  const idOf = new Map(known.map((k) => [k.external_id, k.id]));
  const cancels: ChannelOrder[] = [];
  let notApplied = 0;
  for (const c of changes) {
    if (!idOf.has(c.poNumber)) {
      rec.count('received');
      rec.count('failed');
      rec.error({ external_id: c.poNumber, code: 'edi_change_unknown_po', message: `The 860 changes PO ${c.poNumber}, which was never received from this partner` });
      notApplied++;
      continue;
    }
    if (c.purpose !== '01') {
      rec.count('received');
      rec.count('failed');
      rec.error({ external_id: c.poNumber, code: 'edi_change_not_applied', message: `PO ${c.poNumber} was changed by the partner (860, purpose ${c.purpose}): apply the change to the order by hand` });
      notApplied++;
      continue;
    }
    cancels.push({
      externalId: c.poNumber, name: c.poNumber, createdAt: sentAt, updatedAt: sentAt, cancelled: true, closed: false, financialStatus: null,
      fulfillmentStatus: null, tags: [], currency: null, email: null, phone: null, customer: null, shippingAddress: null, billingAddress: null,
      lines: [], shipping: null, shipMethod: null, note: null,
    });
  }
  // The pipeline's change path counts them (updated, or failed with the reason a shipped order cannot be cancelled).
  if (cancels.length) await takeOrders(tx, job.tenantId, { driver: process.driver, processId: process.id, userId: job.userId, ilocId: null }, cancels, rec);
  return { issues, rejected, orderIds: cancels.map((c) => idOf.get(c.externalId)!), applied: cancels.length, notApplied };
}
