import type { TSupplyShipmentInput } from '@omnio/domain';
import type { PackingTemplate, PurchaseOrderToShip, SupplyShipment, Transfer } from './api';

/**
 * The ASN screen's draft and its spec 5 rules as pure functions: problems show live (translated by key)
 * and the server checks the same rules again (docs/api-supply-chain.md "PO and transfer shipments").
 */

/** A PO or transfer line as the ASN ships it. */
export interface AsnLine {
  id: string;
  line_no: number;
  sku: string;
  name: string | null;
  /** Ordered (PO) or reserved (transfer) units. */
  quantity: number;
  qty_shipped: number;
  /**
   * The most this ASN may carry: ordered (or reserved) minus what shipped. A draft's units are not shipped
   * yet, so an edited draft's own units are inside this number already; other drafts are not (the server
   * counts them and answers 422 under the line).
   */
  left: number;
}

export interface AsnBoxDraft {
  length: string;
  width: string;
  height: string;
  weight: string;
  /** Units of each line in this box, by line id, as typed. */
  items: Record<string, string>;
}

export interface AsnDraft {
  asn_number: string;
  bol_number: string;
  tracking_number: string;
  carrier: string;
  ship_date: string;
  packing_template_id: string;
  /** Units of each line this ASN carries, by line id, as typed. */
  assigned: Record<string, string>;
  boxes: AsnBoxDraft[];
}

export interface AsnProblem {
  field: string;
  /** An i18n key under `supply:problems`. */
  key: 'required' | 'noSpaces' | 'positive' | 'wholeNumber' | 'overLeft' | 'mismatch' | 'nothing';
  values?: Record<string, number>;
}

export const DIMENSIONS = ['length', 'width', 'height', 'weight'] as const;

/** The PO's lines with what is left to ship. */
export function poLines(po: PurchaseOrderToShip): AsnLine[] {
  return po.lines.map((l) => ({
    id: l.id, line_no: l.line_no, sku: l.sku ?? '—', name: l.name, quantity: l.quantity, qty_shipped: l.qty_shipped, left: Math.max(0, l.quantity - l.qty_shipped),
  }));
}

/** A transfer ships what is reserved for it at the source and not yet shipped. */
export function transferLines(transfer: Transfer): AsnLine[] {
  return transfer.lines.map((l) => ({
    id: l.id, line_no: l.line_no, sku: l.sku ?? '—', name: l.name, quantity: l.qty_reserved, qty_shipped: l.qty_shipped, left: Math.max(0, l.qty_reserved - l.qty_shipped),
  }));
}

export const emptyBox = (): AsnBoxDraft => ({ length: '', width: '', height: '', weight: '', items: {} });

/** A measure as a person types it: "30.000" shows as "30". */
export const measure = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** A new ASN carries everything left to ship, with no boxes (boxes are optional). */
export function newDraft(lines: AsnLine[]): AsnDraft {
  return {
    asn_number: '', bol_number: '', tracking_number: '', carrier: '', ship_date: new Date().toISOString().slice(0, 10), packing_template_id: '',
    assigned: Object.fromEntries(lines.map((l) => [l.id, l.left > 0 ? String(l.left) : ''])),
    boxes: [],
  };
}

/** The saved ASN back as a draft: shipment lines and box contents mapped onto the PO or transfer lines. */
export function draftOf(shipment: SupplyShipment, lines: AsnLine[]): AsnDraft {
  const sourceOf = (lineNo: number) => {
    const s = shipment.lines.find((l) => l.line_no === lineNo);
    return s ? (s.po_line_id ?? s.transfer_line_id) : null;
  };
  const assigned: Record<string, string> = Object.fromEntries(lines.map((l) => [l.id, '']));
  for (const s of shipment.lines) {
    const id = s.po_line_id ?? s.transfer_line_id;
    if (id) assigned[id] = String(s.qty_expected);
  }
  return {
    asn_number: shipment.asn_number, bol_number: shipment.bol_number ?? '', tracking_number: shipment.tracking_number ?? '', carrier: shipment.carrier ?? '',
    ship_date: shipment.ship_date?.slice(0, 10) ?? '', packing_template_id: shipment.packing_template?.id ?? '', assigned,
    boxes: shipment.boxes.map((b) => ({
      length: measure(b.length), width: measure(b.width), height: measure(b.height), weight: measure(b.weight),
      items: Object.fromEntries(b.contents.map((c) => [sourceOf(c.line_no) ?? '', String(c.quantity)]).filter(([id]) => id)),
    })),
  };
}

/** A typed unit count: '' is 0; anything but a whole number ≥ 0 is NaN. */
export function units(value: string | undefined): number {
  const v = (value ?? '').trim();
  if (v === '') return 0;
  return /^\d+$/.test(v) ? Number(v) : Number.NaN;
}

/**
 * A packing template's boxes filled in order: each takes up to its `units_per_box` of the assigned units,
 * line after line; the last template box repeats while units remain (a box without a count takes the rest).
 */
export function boxesFromTemplate(template: PackingTemplate, draft: AsnDraft, lines: AsnLine[]): AsnBoxDraft[] {
  if (!template.boxes.length) return draft.boxes;
  const rest = lines.map((l) => ({ id: l.id, left: Math.max(0, units(draft.assigned[l.id]) || 0) }));
  const out: AsnBoxDraft[] = [];
  let i = 0;
  const remaining = () => rest.reduce((s, r) => s + r.left, 0);
  while (out.length < 1000 && (remaining() > 0 || out.length < template.boxes.length)) {
    const spec = template.boxes[Math.min(i, template.boxes.length - 1)]!;
    i += 1;
    let room = spec.units_per_box && spec.units_per_box > 0 ? spec.units_per_box : Number.POSITIVE_INFINITY;
    const items: Record<string, string> = {};
    for (const r of rest) {
      if (room <= 0) break;
      const take = Math.min(room, r.left);
      if (take > 0) {
        items[r.id] = String(take);
        r.left -= take;
        room -= take;
      }
    }
    out.push({ length: measure(spec.length), width: measure(spec.width), height: measure(spec.height), weight: measure(spec.weight), items });
    if (remaining() === 0 && out.length >= template.boxes.length) break;
  }
  return out;
}

const positive = (value: string) => {
  const v = value.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(v) && Number(v) > 0;
};

export function boxedUnits(draft: AsnDraft, lineId: string): number {
  return draft.boxes.reduce((sum, box) => sum + (units(box.items[lineId]) || 0), 0);
}

export const isFilled = (box: AsnBoxDraft) => Object.values(box.items).some((v) => units(v) > 0);

/** Spec 5, live: ASN number, whole quantities within what is left, boxed = assigned when boxed, dims and weight > 0. */
export function problemsOf(draft: AsnDraft, lines: AsnLine[]): AsnProblem[] {
  const out: AsnProblem[] = [];
  if (!draft.asn_number.trim()) out.push({ field: 'asn_number', key: 'required' });
  else if (/\s/.test(draft.asn_number.trim())) out.push({ field: 'asn_number', key: 'noSpaces' });
  const boxed = draft.boxes.some(isFilled);
  draft.boxes.forEach((box, b) => {
    for (const line of lines) if (Number.isNaN(units(box.items[line.id]))) out.push({ field: `boxes.${b}.items.${line.id}`, key: 'wholeNumber' });
    if (!isFilled(box)) return;
    for (const d of DIMENSIONS) if (!positive(box[d])) out.push({ field: `boxes.${b}.${d}`, key: 'positive' });
  });
  let total = 0;
  for (const line of lines) {
    const assigned = units(draft.assigned[line.id]);
    const field = `assigned.${line.id}`;
    if (Number.isNaN(assigned)) {
      out.push({ field, key: 'wholeNumber' });
      continue;
    }
    total += assigned;
    if (assigned > line.left) out.push({ field, key: 'overLeft', values: { left: line.left } });
    const inBoxes = boxedUnits(draft, line.id);
    if (boxed && inBoxes !== assigned) out.push({ field, key: 'mismatch', values: { assigned, boxed: inBoxes } });
  }
  if (total === 0 && !out.some((p) => p.key === 'wholeNumber')) out.push({ field: 'lines', key: 'nothing' });
  return out;
}

const optional = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The request body: lines with units, boxes without the empty ones (spec 5: they are dropped). `boxIndex[i]`
 * is the draft index of the i-th box sent, so the server's field errors land on the box the user sees.
 */
export function toBody(draft: AsnDraft, lines: AsnLine[]): { body: TSupplyShipmentInput; boxIndex: number[] } {
  const sent = lines.filter((l) => units(draft.assigned[l.id]) > 0);
  const boxIndex: number[] = [];
  const boxes: TSupplyShipmentInput['boxes'] = [];
  draft.boxes.forEach((box, index) => {
    const contents = sent.map((l, i) => ({ line: i, quantity: units(box.items[l.id]) })).filter((c) => c.quantity > 0);
    if (!contents.length) return;
    boxIndex.push(index);
    const dim = (d: (typeof DIMENSIONS)[number]) => box[d].trim().replace(',', '.');
    boxes.push({ length: dim('length'), width: dim('width'), height: dim('height'), weight: dim('weight'), contents });
  });
  const body: TSupplyShipmentInput = {
    asn_number: draft.asn_number.trim(),
    bol_number: optional(draft.bol_number),
    tracking_number: optional(draft.tracking_number),
    carrier: optional(draft.carrier),
    ship_date: optional(draft.ship_date),
    packing_template_id: draft.packing_template_id || null,
    lines: sent.map((l) => ({ line_id: l.id, quantity: units(draft.assigned[l.id]) })),
    boxes,
  };
  return { body, boxIndex };
}

/** A server field error path in draft terms: `lines.N.quantity` → `assigned.{lineId}`, `boxes.N.x` → the draft box. */
export function draftField(field: string, body: TSupplyShipmentInput, boxIndex: number[]): string {
  const boxField = /^boxes\.(\d+)\.(length|width|height|weight)$/.exec(field);
  if (boxField) return `boxes.${boxIndex[Number(boxField[1])] ?? boxField[1]}.${boxField[2]}`;
  if (/^boxes(\.|$)/.test(field)) return 'boxes';
  const line = /^lines\.(\d+)\./.exec(field);
  if (line) {
    const lineId = body.lines[Number(line[1])]?.line_id;
    return lineId ? `assigned.${lineId}` : field;
  }
  return field;
}
