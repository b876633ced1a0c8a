import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { registerJobHandler, type RunningJob } from '../../platform/jobs/jobs';
import { escapeHtml } from '../../platform/mail/mailer';
import { loadMailConfiguration, sendBusinessMail } from '../mail-settings/mail-transport';
import { PO_EMAIL_JOB } from './po-actions';
import { pdfParties, renderPoPdf, type PoPdfView } from './po-pdf';
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
  const text = [
    `Purchase order ${po.number} from ${company}`,
    po.estimated_delivery ? `Estimated delivery: ${po.estimated_delivery}` : '',
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
    + (po.estimated_delivery ? `<p>Estimated delivery: ${po.estimated_delivery}</p>` : '')
    + `<table cellpadding="4" border="1" style="border-collapse:collapse"><thead><tr><th>#</th><th>SKU</th><th>Supplier SKU</th><th>Description</th><th>Qty</th><th>Unit</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table>`
    + (more > 0 ? `<p>… and ${more} more lines (see the attached PDF).</p>` : '')
    + `<p><strong>Total: ${po.total} ${escapeHtml(po.currency)}</strong></p>`
    + (po.notes_to_supplier ? `<p>Notes: ${escapeHtml(po.notes_to_supplier)}</p>` : '')
    + `<p>The purchase order is attached as ${escapeHtml(po.number)}.pdf.</p>`;
  return { text, html };
}

/**
 * Renders and sends one PO. The mail goes out between two short transactions (never holding one open
 * over SMTP); the outcome is an `emailed` or `email_failed` event on the PO, so a failure is visible on
 * the PO rather than only in the job table.
 */
export async function emailPurchaseOrder(job: RunningJob): Promise<{ ok: boolean; to?: string | null; error?: string }> {
  const ctx = { db: job.deps.database.db, tenantId: job.tenantId };
  const poId = String(job.payload.purchase_order_id);
  const prepared = await withTenant(ctx, async (tx) => {
    const [exists] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM purchase_orders WHERE tenant_id = ${job.tenantId}::uuid AND id = ${poId}::uuid`);
    if (!exists) return null;
    const po = (await getPurchaseOrder(tx, job.tenantId, poId, SYSTEM_VIEWER)) as unknown as PoPdfView & { supplier: { id: string }; iloc: { id: string } };
    const parties = await pdfParties(tx, job.tenantId, po.iloc.id);
    return { po, parties, to: await recipientOf(tx, job.tenantId, po.supplier.id), config: await loadMailConfiguration(tx, job.tenantId) };
  });
  if (!prepared) return { ok: false, error: 'The purchase order no longer exists' };
  const { po, parties, to, config } = prepared;
  let error: string | null = null;
  let messageId = '';
  if (!to) error = 'The supplier has no e-mail address';
  else {
    try {
      const pdf = await renderPoPdf(po, parties);
      const { text, html } = bodies(po, parties.company);
      messageId = await sendBusinessMail(job.deps, config, parties.company, {
        to, subject: `Purchase order ${po.number} from ${parties.company}`, text, html,
        attachments: [{ filename: `${po.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      job.log.warn({ err, po: po.number }, 'purchase order e-mail failed');
    }
  }
  await withTenant(ctx, async (tx) => {
    const [now] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM purchase_orders WHERE tenant_id = ${job.tenantId}::uuid AND id = ${poId}::uuid`);
    const status = now?.status ?? po.status;
    await recordStatusEvent(tx, job.tenantId, {
      subjectType: 'purchase_order', subjectId: poId, action: error ? 'email_failed' : 'emailed', from: status, to: status, userId: job.userId,
      data: error ? { to, error } : { to, message_id: messageId, through: config ? 'mail_configuration' : 'platform' },
    });
  });
  return error ? { ok: false, to, error } : { ok: true, to };
}

export function registerPoEmailJob(): void {
  registerJobHandler(PO_EMAIL_JOB, emailPurchaseOrder);
}
