import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { formatDate } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';

/**
 * The PO as a PDF (GET /purchase-orders/{id}/pdf and the e-mail attachment): number, supplier, ship-to
 * iloc, lines, totals, notes to the supplier. pdfkit's built-in Helvetica needs no font files; text
 * outside Latin-1 is replaced rather than breaking the document.
 */

export interface PoPdfView {
  number: string;
  status: string;
  currency: string;
  created_at: string;
  estimated_delivery: string | null;
  payment_terms: string | null;
  notes_to_supplier: string | null;
  shipping_cost: string | null;
  subtotal: string | null;
  tax_total: string | null;
  total: string;
  supplier: { name: string | null; email: string | null };
  lines: { line_no: number; sku: string; supplier_sku: string | null; name: string | null; quantity: number; net_price: string | null; tax: string | null; total: string }[];
}

export interface PdfParties {
  company: string;
  shipTo: string[];
}

/**
 * How the PO's dates are written (issue 24: the app's one format, "Nov 28, 2026"). The PDF and the mail are in
 * English and go to a supplier, who has no language in Omnio and no company time zone exists: English, UTC.
 */
export interface PoDateStyle {
  language: string;
  timeZone: string;
}

export const PO_DATE_STYLE: PoDateStyle = { language: 'en', timeZone: 'UTC' };

/** The PO's date (its creation, in `style.timeZone`) and estimated delivery (a calendar day), or null. */
export function poDates(po: Pick<PoPdfView, 'created_at' | 'estimated_delivery'>, style: PoDateStyle = PO_DATE_STYLE): { date: string; estimatedDelivery: string | null } {
  return {
    date: formatDate(po.created_at, style.language, { timeZone: style.timeZone }),
    estimatedDelivery: po.estimated_delivery ? formatDate(po.estimated_delivery, style.language, { timeZone: style.timeZone }) : null,
  };
}

/** The buyer's company name and the ship-to address lines of the PO's iloc. */
export async function pdfParties(tx: Tx, tenantId: string, ilocId: string): Promise<PdfParties> {
  const [row] = await queryRows<Record<string, string | null>>(tx, sql`
    SELECT c.name AS company, i.name, i.address1, i.city, i.region, i.postal_code, i.country
    FROM companies c LEFT JOIN ilocs i ON i.tenant_id = c.id AND i.id = ${ilocId}::uuid WHERE c.id = ${tenantId}::uuid`);
  const cityLine = [row?.city, row?.region, row?.postal_code].filter(Boolean).join(', ');
  return {
    company: row?.company ?? '',
    shipTo: [row?.name, row?.address1, cityLine, row?.country].filter((v): v is string => Boolean(v)),
  };
}

// Standard PDF fonts speak WinAnsi: keep what it can show, replace the rest.
const latin = (v: unknown) => String(v ?? '').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const COLUMNS = [
  { key: 'line_no', label: '#', width: 24, align: 'left' },
  { key: 'sku', label: 'SKU', width: 90, align: 'left' },
  { key: 'supplier_sku', label: 'Supplier SKU', width: 80, align: 'left' },
  { key: 'name', label: 'Description', width: 136, align: 'left' },
  { key: 'quantity', label: 'Qty', width: 40, align: 'right' },
  { key: 'net_price', label: 'Unit', width: 56, align: 'right' },
  { key: 'tax', label: 'Tax', width: 44, align: 'right' },
  { key: 'total', label: 'Total', width: 62, align: 'right' },
] as const;

export function renderPoPdf(po: PoPdfView, parties: PdfParties, style: PoDateStyle = PO_DATE_STYLE): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `Purchase order ${po.number}`, Author: latin(parties.company), Subject: po.number } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(18).text(`Purchase order ${po.number}`, left, 40);
  doc.font('Helvetica').fontSize(10).text(latin(parties.company));
  doc.moveDown(0.5);
  const dates = poDates(po, style);
  const facts = [
    `Date: ${latin(dates.date)}`,
    dates.estimatedDelivery ? `Estimated delivery: ${latin(dates.estimatedDelivery)}` : null,
    po.payment_terms ? `Payment terms: ${latin(po.payment_terms)}` : null,
    `Currency: ${po.currency}`,
  ].filter((v): v is string => v !== null);
  for (const f of facts) doc.text(f);

  const top = doc.y + 10;
  doc.font('Helvetica-Bold').text('Supplier', left, top);
  doc.font('Helvetica').text(latin(po.supplier.name)).text(latin(po.supplier.email));
  doc.font('Helvetica-Bold').text('Ship to', left + 270, top);
  doc.font('Helvetica');
  for (const line of parties.shipTo) doc.text(latin(line), left + 270);
  doc.y = Math.max(doc.y, top + 60);

  const header = () => {
    let x = left;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of COLUMNS) {
      doc.text(c.label, x, y, { width: c.width - 4, align: c.align });
      x += c.width;
    }
    doc.moveTo(left, y + 12).lineTo(left + 532, y + 12).stroke();
    doc.font('Helvetica').fontSize(9);
    doc.y = y + 16;
  };
  header();
  for (const line of po.lines) {
    const cells: Record<string, string> = {
      line_no: String(line.line_no), sku: latin(line.sku), supplier_sku: latin(line.supplier_sku), name: latin(line.name),
      quantity: String(line.quantity), net_price: line.net_price ?? '', tax: line.tax ?? '', total: line.total,
    };
    const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(cells[c.key] ?? '', { width: c.width - 4 })));
    if (doc.y + height > bottom() - 20) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const y = doc.y;
    let x = left;
    for (const c of COLUMNS) {
      doc.text(cells[c.key] ?? '', x, y, { width: c.width - 4, align: c.align });
      x += c.width;
    }
    doc.y = y + height + 3;
  }

  if (doc.y > bottom() - 90) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  doc.moveDown(0.5);
  doc.moveTo(left, doc.y).lineTo(left + 532, doc.y).stroke();
  doc.moveDown(0.5);
  const totals: [string, string | null][] = [['Subtotal', po.subtotal], ['Tax', po.tax_total], ['Shipping', po.shipping_cost], ['Total', po.total]];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left + 332, y, { width: 100, align: 'right' });
    doc.text(`${value ?? '0.00'} ${po.currency}`, left + 432, y, { width: 100, align: 'right' });
  }
  if (po.notes_to_supplier) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').text('Notes', left);
    doc.font('Helvetica').text(latin(po.notes_to_supplier), left, doc.y, { width: 532 });
  }
  doc.end();
  return done;
}
