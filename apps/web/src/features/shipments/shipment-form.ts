import type { TShipmentCreateInput as TShipmentCreate } from '@omnio/domain';
import type { OrderToShip, PackageOption } from './api';

/**
 * The shipment screen's draft and its spec 5 rules as pure functions: the screen shows the problems live
 * (translated by key), and the server checks the same rules again (docs/api-orders.md "Shipments").
 */

/** An order line as the screen ships it from one iloc. */
export interface ShipLine {
  id: string;
  line_no: number;
  sku: string;
  name: string | null;
  quantity: number;
  qty_shipped: number;
  /** Units still reserved for the line at the chosen iloc: the most it can ship from there. */
  allocated: number;
}

export interface BoxDraft {
  package_id: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  /** Units of each line in this box, by line id, as typed. */
  items: Record<string, string>;
}

export interface ShipmentDraft {
  iloc_id: string;
  carrier: string;
  ship_method: string;
  tracking: string;
  notes: string;
  /** Units of each line assigned to this shipment, by line id, as typed. */
  assigned: Record<string, string>;
  boxes: BoxDraft[];
  /** The packer confirms that unassigned units stay allocated for a later shipment. */
  leave_rest: boolean;
}

export interface Problem {
  field: string;
  /** An i18n key under `shipments:problems`. */
  key: 'needsBoxes' | 'positive' | 'wholeNumber' | 'overAllocated' | 'mismatch' | 'unhandled';
  values?: Record<string, number>;
}

export const DIMENSIONS = ['length', 'width', 'height', 'weight'] as const;

/** The ilocs the order still has units reserved at, with how many. */
export function allocatedIlocs(order: OrderToShip): { id: string; name: string; units: number }[] {
  const by = new Map<string, { id: string; name: string; units: number }>();
  for (const line of order.lines) {
    for (const a of line.allocations) {
      if (a.quantity <= 0) continue;
      const entry = by.get(a.iloc_id) ?? { id: a.iloc_id, name: a.iloc_name, units: 0 };
      entry.units += a.quantity;
      by.set(a.iloc_id, entry);
    }
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The order's lines with what is allocated at the iloc; lines with nothing there are left out. */
export function linesAt(order: OrderToShip, ilocId: string): ShipLine[] {
  return order.lines
    .map((l) => ({
      id: l.id, line_no: l.line_no, sku: l.sku, name: l.name, quantity: l.quantity, qty_shipped: l.qty_shipped,
      allocated: l.allocations.filter((a) => a.iloc_id === ilocId).reduce((sum, a) => sum + a.quantity, 0),
    }))
    .filter((l) => l.allocated > 0);
}

export const emptyBox = (): BoxDraft => ({ package_id: '', length: '', width: '', height: '', weight: '', items: {} });

/** Everything allocated at the iloc, assigned and in one box. */
export function initialDraft(order: OrderToShip, ilocId: string): ShipmentDraft {
  const lines = linesAt(order, ilocId);
  const all = Object.fromEntries(lines.map((l) => [l.id, String(l.allocated)]));
  return {
    iloc_id: ilocId, carrier: order.ship_carrier ?? '', ship_method: order.ship_method ?? '', tracking: '', notes: '',
    assigned: { ...all }, boxes: [{ ...emptyBox(), items: { ...all } }], leave_rest: false,
  };
}

/** A measure as a person types it: "30.000" shows as "30", "0.300" as "0.3". */
const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** A package fills a box's dimensions (outer) and its starting weight (the empty box). */
export function fillFromPackage(box: BoxDraft, pkg: PackageOption | undefined): BoxDraft {
  if (!pkg) return { ...box, package_id: '' };
  return {
    ...box,
    package_id: pkg.id,
    length: text(pkg.outer_length) || box.length,
    width: text(pkg.outer_width) || box.width,
    height: text(pkg.outer_height) || box.height,
    weight: Number(pkg.box_weight) > 0 ? text(pkg.box_weight) : box.weight,
  };
}

/** A typed unit count: '' is 0; anything but a whole number ≥ 0 is NaN. */
export function units(value: string | undefined): number {
  const v = (value ?? '').trim();
  if (v === '') return 0;
  return /^\d+$/.test(v) ? Number(v) : Number.NaN;
}

const positive = (value: string) => {
  const v = value.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(v) && Number(v) > 0;
};

export function boxedUnits(draft: ShipmentDraft, lineId: string): number {
  return draft.boxes.reduce((sum, box) => sum + (units(box.items[lineId]) || 0), 0);
}

const isFilled = (box: BoxDraft) => Object.values(box.items).some((v) => units(v) > 0);

/** Spec 5, live: boxes needed, dimensions and weight above zero, assigned = boxed, unassigned units handled. */
export function problemsOf(draft: ShipmentDraft, lines: ShipLine[]): Problem[] {
  const out: Problem[] = [];
  draft.boxes.forEach((box, b) => {
    for (const line of lines) if (Number.isNaN(units(box.items[line.id]))) out.push({ field: `boxes.${b}.items.${line.id}`, key: 'wholeNumber' });
    if (!isFilled(box)) return;
    for (const d of DIMENSIONS) if (!positive(box[d])) out.push({ field: `boxes.${b}.${d}`, key: 'positive' });
  });
  if (!draft.boxes.some(isFilled)) out.push({ field: 'boxes', key: 'needsBoxes' });
  let rest = 0;
  for (const line of lines) {
    const assigned = units(draft.assigned[line.id]);
    const field = `assigned.${line.id}`;
    if (Number.isNaN(assigned)) {
      out.push({ field, key: 'wholeNumber' });
      continue;
    }
    if (assigned > line.allocated) out.push({ field, key: 'overAllocated', values: { allocated: line.allocated } });
    const boxed = boxedUnits(draft, line.id);
    if (!Number.isNaN(boxed) && boxed !== assigned) out.push({ field, key: 'mismatch', values: { assigned, boxed } });
    rest += Math.max(0, line.allocated - assigned);
  }
  if (rest > 0 && !draft.leave_rest) out.push({ field: 'leave_rest', key: 'unhandled', values: { count: rest } });
  return out;
}

/** Units allocated at the iloc that this shipment leaves for later. */
export function unassignedUnits(draft: ShipmentDraft, lines: ShipLine[]): number {
  return lines.reduce((sum, l) => sum + Math.max(0, l.allocated - (units(draft.assigned[l.id]) || 0)), 0);
}

const optional = (v: string) => (v.trim() ? v.trim() : undefined);

/**
 * The request body, without empty boxes (spec 5: they are dropped). `boxIndex[i]` is the draft index of
 * the i-th box sent, so the server's field errors land on the box the packer sees.
 */
export function toBody(draft: ShipmentDraft, lines: ShipLine[]): { body: TShipmentCreate; boxIndex: number[] } {
  const boxIndex: number[] = [];
  const boxes: TShipmentCreate['boxes'] = [];
  draft.boxes.forEach((box, index) => {
    const items = lines.filter((l) => units(box.items[l.id]) > 0).map((l) => ({ line_id: l.id, quantity: units(box.items[l.id]) }));
    if (!items.length) return;
    boxIndex.push(index);
    const dim = (d: (typeof DIMENSIONS)[number]) => box[d].trim().replace(',', '.');
    boxes.push({
      ...(box.package_id ? { package_id: box.package_id } : {}),
      length: dim('length'), width: dim('width'), height: dim('height'), weight: dim('weight'), items,
    } as TShipmentCreate['boxes'][number]);
  });
  const body = {
    iloc_id: draft.iloc_id || undefined,
    carrier: optional(draft.carrier),
    ship_method: optional(draft.ship_method),
    tracking: optional(draft.tracking),
    notes: optional(draft.notes),
    lines: lines.filter((l) => units(draft.assigned[l.id]) > 0).map((l) => ({ line_id: l.id, quantity: units(draft.assigned[l.id]) })),
    boxes,
  };
  return { body: JSON.parse(JSON.stringify(body)) as TShipmentCreate, boxIndex };
}

/**
 * A server field error path in draft terms: `boxes.{sent}.items.{j}.quantity` → `boxes.{draft}.items.{lineId}`,
 * `lines.{i}.quantity` → `assigned.{lineId}`; other paths stay.
 */
export function draftField(field: string, body: TShipmentCreate, boxIndex: number[]): string {
  const item = /^boxes\.(\d+)\.items\.(\d+)\./.exec(field);
  if (item) {
    const sent = Number(item[1]);
    const lineId = body.boxes[sent]?.items[Number(item[2])]?.line_id;
    return lineId ? `boxes.${boxIndex[sent] ?? sent}.items.${lineId}` : field;
  }
  const boxField = /^boxes\.(\d+)\.(.+)$/.exec(field);
  if (boxField) return `boxes.${boxIndex[Number(boxField[1])] ?? boxField[1]}.${boxField[2]}`;
  const line = /^lines\.(\d+)\./.exec(field);
  if (line) {
    const lineId = body.lines?.[Number(line[1])]?.line_id;
    return lineId ? `assigned.${lineId}` : field;
  }
  return field;
}
