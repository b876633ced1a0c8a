import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import type { ChannelAddress, ChannelOrder } from '../channels/connector';
import type { PurchaseOrder850 } from './x12/x12-850';
import type { X12Interchange } from './x12/x12-types';

/**
 * An 850 as an order of the one pipeline: external_id = BEG03 (API.md), ship-to from N1*ST/N3/N4, lines from
 * PO1 with the buyer's item ids resolved to our SKUs. What the 856 and 810 need later (the PO1 line numbers and
 * the buyer's ids of each line, the PO date) is kept as the order's channel_ref.
 */

/** The PO1 qualifiers tried for our SKU, most specific first: the vendor's own codes, then the buyer's, then barcodes. */
const SKU_QUALIFIERS = ['VN', 'VP', 'SK', 'IN', 'BP', 'CB', 'PI'] as const;
const BARCODE_QUALIFIERS = ['UP', 'EN', 'UK', 'UA'] as const;

export interface EdiLineRef {
  line_no: string;
  sku: string;
  uom: string;
  price: string | null;
  ids: Record<string, string>;
}

/** Our SKU for each PO1 line (by line number): a SKU, an alternative SKU or a barcode the line names. */
export async function resolveLineSkus(tx: Tx, pos: PurchaseOrder850[]): Promise<Map<string, string>[]> {
  const codes = new Set<string>();
  const barcodes = new Set<string>();
  for (const po of pos) {
    for (const line of po.lines) {
      for (const q of SKU_QUALIFIERS) if (line.ids[q]) codes.add(line.ids[q]!.toLowerCase());
      for (const q of BARCODE_QUALIFIERS) if (line.ids[q]) barcodes.add(line.ids[q]!);
    }
  }
  const known = new Map<string, string>();
  const byBarcode = new Map<string, string>();
  if (codes.size || barcodes.size) {
    const rows = await queryRows<{ code: string; sku: string; kind: string }>(tx, sql`
      SELECT s.sku_key AS code, s.sku, 'sku' AS kind FROM skus s WHERE s.sku_key = ANY(${textArray([...codes])}::text[])
      UNION ALL
      SELECT a.alias_key, s.sku, 'alias' FROM sku_aliases a JOIN skus s ON s.tenant_id = a.tenant_id AND s.id = a.sku_id
        WHERE a.alias_key = ANY(${textArray([...codes])}::text[])
      UNION ALL
      SELECT s.barcode, s.sku, 'barcode' FROM skus s WHERE s.barcode = ANY(${textArray([...barcodes])}::text[])`);
    for (const r of rows) {
      if (r.kind === 'barcode') byBarcode.set(r.code, r.sku);
      // A SKU of that code beats an alternative SKU of the same code.
      else if (r.kind === 'sku' || !known.has(r.code)) known.set(r.code, r.sku);
    }
  }
  return pos.map((po) => new Map(po.lines.map((line) => [line.lineNo, skuOfLine(line.ids, known, byBarcode)])));
}

function skuOfLine(ids: Record<string, string>, known: Map<string, string>, byBarcode: Map<string, string>): string {
  for (const q of SKU_QUALIFIERS) {
    const hit = ids[q] && known.get(ids[q]!.toLowerCase());
    if (hit) return hit;
  }
  for (const q of BARCODE_QUALIFIERS) {
    const hit = ids[q] && byBarcode.get(ids[q]!);
    if (hit) return hit;
  }
  // Unknown everywhere: the vendor's code as given, so the order is kept in error naming the SKU to set up.
  for (const q of [...SKU_QUALIFIERS, ...BARCODE_QUALIFIERS]) if (ids[q]) return ids[q]!.replace(/\s+/g, '');
  return '';
}

function party(p: PurchaseOrder850['parties'][string] | undefined): ChannelAddress | null {
  if (!p) return null;
  const name = (p.name ?? '').trim();
  const cut = name.lastIndexOf(' ');
  return {
    first_name: cut > 0 ? name.slice(0, cut) : name || undefined, last_name: cut > 0 ? name.slice(cut + 1) : undefined,
    address1: p.address1 ?? undefined, address2: p.address2 ?? undefined, city: p.city ?? undefined, state: p.state ?? undefined,
    zip: p.postal ?? undefined, country: p.country ?? undefined,
  };
}

/** ISA09/ISA10 (YYMMDD, HHMM) as an instant: when the partner sent this version of the PO. */
export function interchangeTime(ic: Pick<X12Interchange, 'date' | 'time'>): string {
  const d = ic.date;
  const t = ic.time.padEnd(4, '0');
  const iso = `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:00Z`;
  return Number.isNaN(Date.parse(iso)) ? new Date().toISOString() : iso;
}

export function orderFrom850(po: PurchaseOrder850, skus: Map<string, string>, sentAt: string): ChannelOrder {
  const shipTo = party(po.parties.ST);
  const billTo = party(po.parties.BT) ?? party(po.parties.BY);
  const lines: EdiLineRef[] = po.lines.map((l) => ({ line_no: l.lineNo, sku: skus.get(l.lineNo) ?? '', uom: l.uom, price: l.unitPrice, ids: l.ids }));
  return {
    externalId: po.poNumber,
    name: po.poNumber,
    createdAt: po.poDate ? `${po.poDate}T00:00:00Z` : sentAt,
    updatedAt: sentAt,
    cancelled: po.purpose === '01',
    closed: false,
    financialStatus: null,
    fulfillmentStatus: null,
    tags: ['edi', ...(po.poType === 'DS' ? ['drop-ship'] : [])],
    currency: po.currency,
    email: null,
    phone: null,
    customer: shipTo ? { first_name: shipTo.first_name, last_name: shipTo.last_name } : null,
    shippingAddress: shipTo,
    billingAddress: billTo,
    lines: po.lines.map((l) => ({
      externalId: l.lineNo, sku: skus.get(l.lineNo) ?? '', name: l.description, quantity: l.quantity, price: l.unitPrice ?? '0',
    })),
    shipping: null,
    shipMethod: po.carrier?.routing ?? null,
    note: null,
    ref: {
      po_number: po.poNumber, po_date: po.poDate, po_type: po.poType, refs: po.refs, dates: po.dates,
      carrier: po.carrier, lines,
    },
  };
}
