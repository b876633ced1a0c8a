import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { defineJob, FinalJobError, setJobFailureTitle, type RunningJob } from '../../platform/jobs/jobs';
import { escapeHtml } from '../../platform/mail/mailer';
import { loadMailConfiguration, sendBusinessMail } from '../mail-settings/mail-transport';
import { PO_EMAIL_JOB } from './po-actions';
import { pdfParties, poDates, renderPoPdf, type PoPdfView } from './po-pdf';
import { getPurchaseOrder, type Viewer } from './po-read';

/** The PDF of a PO and the job that mails it to the supplier (docs/api-supply-chain.md, job `purchase-order.email`). */

/** The job reads as the tenant would (every line, every note meant for the supplier). */
const SYSTEM_VIEWER: Viewer = { permissions: new Set(), role: 'tenant', supplierId: null };

export async function renderPurchaseOrderPdf(tx: Tx, tenantId: string, id: string, viewer: Viewer): Promise<{ number: string; pdf: Buffer }> {
  const po = (await getPurchaseOrder(tx, tenantId, id, viewer)) as unknown as PoPdfView & { iloc: { id: string } };
  const parties = await pdfParties(tx, tenantId, po.iloc.id);
  return { number: po.number, pdf: await renderPoPdf(po, parties) };
}

type Recipient = { email: string | null };

/** The supplier's e-mail, else its first contact that has one (contacts may not exist yet: that table is optional here). */
async function recipientOf(tx: Tx, tenantId: string, supplierId: string): Promise<string | null> {
  const [s] = await queryRows<Recipient>(tx, sql`SELECT email FROM suppliers WHERE tenant_id = ${tenantId}::uuid AND id = ${supplierId}::uuid`);
  if (s?.email) return s.email;
  const [c] = await queryRows<Recipient>(tx, sql`
    SELECT email FROM supplier_contacts WHERE tenant_id = ${tenantId}::uuid AND supplier_id = ${supplierId}::uuid AND email IS NOT NULL AND email <> ''
    ORDER BY created_at, id LIMIT 1`);
  return c?.email ?? null;
}

function bodies(po: PoPdfView, company: string) {
  const lines = po.lines.slice(0, 200);
  const more = po.lines.length - lines.length;
  const delivery = poDates(po).estimatedDelivery;
  const text = [
    `Purchase order ${po.number} from ${company}`,
    delivery ? `Estimated delivery: ${delivery}` : '',
    '',
    ...lines.map((l) => `${l.line_no}. ${l.sku}${l.supplier_sku ? ` (${l.supplier_sku})` : ''} ${l.name ?? ''} x ${l.quantity} @ ${l.net_price} = ${l.total}`),
    more > 0 ? `… and ${more} more lines (see the attached PDF)` : '',
    '',
    `Total: ${po.total} ${po.currency}`,
    po.notes_to_supplier ? `\nNotes: ${po.notes_to_supplier}` : '',
    '',
    `The purchase order is attached as ${po.number}.pdf.`,
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '').join('\n');
  const rows = lines.map((l) => `<tr><td>${l.line_no}</td><td>${escapeHtml(l.sku)}</td><td>${escapeHtml(l.supplier_sku ?? '')}</td><td>${escapeHtml(l.name ?? '')}</td>`
    + `<td align="right">${l.quantity}</td><td align="right">${l.net_price}</td><td align="right">${l.total}</td></tr>`).join('');
  const html = `<p>Purchase order <strong>${escapeHtml(po.number)}</strong> from ${escapeHtml(company)}.</p>`
    + (delivery ? `<p>Estimated delivery: ${escapeHtml(delivery)}</p>` : '')
    + `<table cellpadding="4" border="1" style="border-collapse:collapse"><thead><tr><th>#</th><th>SKU</th><th>Supplier SKU</th><th>Description</th><th>Qty</th><th>Unit</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table>`
    + (more > 0 ? `<p>… and ${more} more lines (see the attached PDF).</p>` : '')
    + `<p><strong>Total: ${po.total} ${escapeHtml(po.currency)}</strong></p>`
    + (po.notes_to_supplier ? `<p>Notes: ${escapeHtml(po.notes_to_supplier)}</p>` : '')
    + `<p>The purchase order is attached as ${escapeHtml(po.number)}.pdf.</p>`;
  return { text, html };
}

const ZPoEmailPayload = z.object({ purchase_order_id: z.guid() });
export type PoEmailPayload = z.infer<typeof ZPoEmailPayload>;

/** The job's `result` (GET /jobs/{id}) when it completes: the mail went, or there was rightly nothing to send. */
export interface PoEmailResult {
  ok: boolean;
  to?: string;
  /** Why nothing was sent although nothing failed. */
  skipped?: string;
}

/**
 * Renders and sends one PO. The mail goes out between two short transactions (never holding one open
 * over SMTP); the outcome is an `emailed` or `email_failed` event on the PO, so a failure is visible on
 * the PO and not only in the job table. A failed send throws after its event is written, so the job
 * system retries it and, once the tries are spent, the job ends FAILED and its user is notified; a
 * missing address or a PO that is gone cannot be mended by retrying and fails at once.
 */
export async function emailPurchaseOrder(job: RunningJob<PoEmailPayload>): Promise<PoEmailResult> {
  const ctx = { db: job.deps.database.db, tenantId: job.tenantId };
  const poId = job.payload.purchase_order_id;
  const prepared = await withTenant(ctx, async (tx) => {
    const [exists] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM purchase_orders WHERE tenant_id = ${job.tenantId}::uuid AND id = ${poId}::uuid`);
    if (!exists) return null;
    const po = (await getPurchaseOrder(tx, job.tenantId, poId, SYSTEM_VIEWER)) as unknown as PoPdfView & { supplier: { id: string }; iloc: { id: string } };
    const parties = await pdfParties(tx, job.tenantId, po.iloc.id);
    return { po, parties, to: await recipientOf(tx, job.tenantId, po.supplier.id), config: await loadMailConfiguration(tx, job.tenantId) };
  });
  if (!prepared) throw new FinalJobError('The purchase order no longer exists');
  const { po, parties, to, config } = prepared;
  // A retry may come minutes later: a PO cancelled meanwhile must not reach the supplier as an order.
  if (po.status === 'cancelled') return { ok: false, skipped: `Purchase order ${po.number} was cancelled before it was e-mailed` };
  if (!to) {
    const error = 'The supplier has no e-mail address';
    await recordEmailOutcome(job, poId, po.status, 'email_failed', { to, error });
    throw new FinalJobError(`Purchase order ${po.number} was not e-mailed: ${error}`);
  }
  let messageId: string;
  try {
    const pdf = await renderPoPdf(po, parties);
    const { text, html } = bodies(po, parties.company);
    messageId = await sendBusinessMail(job.deps, config, parties.company, {
      to, subject: `Purchase order ${po.number} from ${parties.company}`, text, html,
      attachments: [{ filename: `${po.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    job.log.warn({ err, po: po.number, attempt: job.attempt }, 'purchase order e-mail failed');
    await recordEmailOutcome(job, poId, po.status, 'email_failed', { to, error });
    throw new Error(`Purchase order ${po.number} was not e-mailed to ${to}: ${error}`, { cause: err });
  }
  await recordEmailOutcome(job, poId, po.status, 'emailed', { to, message_id: messageId, through: config ? 'mail_configuration' : 'platform' });
  return { ok: true, to };
}

/** The outcome as a PO event that keeps the PO's current status (the job changes no status). */
async function recordEmailOutcome(job: RunningJob<PoEmailPayload>, poId: string, lastSeen: string, action: 'emailed' | 'email_failed', data: Record<string, unknown>): Promise<void> {
  await withTenant({ db: job.deps.database.db, tenantId: job.tenantId }, async (tx) => {
    const [now] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM purchase_orders WHERE tenant_id = ${job.tenantId}::uuid AND id = ${poId}::uuid`);
    const status = now?.status ?? lastSeen;
    await recordStatusEvent(tx, job.tenantId, { subjectType: 'purchase_order', subjectId: poId, action, from: status, to: status, userId: job.userId, data });
  });
}

export function registerPoEmailJob(): void {
  defineJob({
    name: PO_EMAIL_JOB,
    payload: ZPoEmailPayload,
    // An SMTP server that is down or refusing for now is usually back within minutes: 1, 2, 4 minutes apart.
    retryLimit: 3,
    retryDelay: 60,
    handler: emailPurchaseOrder,
  });
  setJobFailureTitle(PO_EMAIL_JOB, 'A purchase order e-mail failed', 'purchase_orders');
}
