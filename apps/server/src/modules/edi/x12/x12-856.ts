import { elementRef } from './x12-dictionary';
import { idPairs, isoToX12Date, x12Date, x12Number, x12Time } from './x12-format';
import { partySegments, type Party } from './x12-party';
import { isValidSscc, man02 } from './sscc';
import type { X12Issue, X12Segment } from './x12-types';

export type { Party } from './x12-party';

export interface ShipNoticeItem {
  lineNo: string;
  quantity: number;
  uom: string;
  ids: Record<string, string>;
}

export interface ShipNoticeBox {
  /** 18 digits; written as MAN*GM*00<sscc>. */
  sscc: string;
  /** The carrier's package ID (tracking number), written as MAN*CP. */
  carrierPackageId: string | null;
  items: ShipNoticeItem[];
}

export interface ShipNotice {
  shipmentId: string;
  date: Date;
  /** mode: TD504, 'U' (private parcel) for parcel shipments. */
  carrier: { scac: string | null; mode: string; service: string | null };
  bol: string | null;
  tracking: string | null;
  /** TD107 gross weight in pounds, as written (e.g. '3.5'). */
  weightLb: string | null;
  shipTo: Party;
  shipFrom: Party;
  orders: { poNumber: string; poDate: string | null; boxes: ShipNoticeBox[] }[];
}

/** 856 body in the SOPI structure (BSN05 0001): shipment, order, one pack per carton, items in each pack. */
export function build856(n: ShipNotice): X12Segment[] {
  const out: X12Segment[] = [{ id: 'BSN', elements: ['00', n.shipmentId, x12Date(n.date), x12Time(n.date), '0001'] }];
  let hl = 0;
  let units = 0;
  const cartons = n.orders.reduce((count, order) => count + order.boxes.length, 0);
  const shipmentHl = ++hl;
  out.push({ id: 'HL', elements: [String(shipmentHl), '', 'S', n.orders.length > 0 ? '1' : '0'] });
  const td1 = ['CTN25', String(cartons)];
  if (n.weightLb) td1.push('', '', '', 'G', n.weightLb, 'LB');
  out.push({ id: 'TD1', elements: td1 });
  out.push({ id: 'TD5', elements: ['', n.carrier.scac ? '2' : '', n.carrier.scac ?? '', n.carrier.mode, n.carrier.service ?? ''] });
  if (n.bol) out.push({ id: 'REF', elements: ['BM', n.bol] });
  if (n.tracking) out.push({ id: 'REF', elements: ['2I', n.tracking] });
  out.push({ id: 'DTM', elements: ['011', x12Date(n.date)] });
  out.push(...partySegments('ST', n.shipTo), ...partySegments('SF', n.shipFrom));
  for (const order of n.orders) {
    const orderHl = ++hl;
    out.push({ id: 'HL', elements: [String(orderHl), String(shipmentHl), 'O', order.boxes.length > 0 ? '1' : '0'] });
    out.push({ id: 'PRF', elements: [order.poNumber, '', '', order.poDate ? isoToX12Date(order.poDate) : ''] });
    for (const box of order.boxes) {
      const packHl = ++hl;
      out.push({ id: 'HL', elements: [String(packHl), String(orderHl), 'P', box.items.length > 0 ? '1' : '0'] });
      out.push({ id: 'MAN', elements: ['GM', man02(box.sscc)] });
      if (box.carrierPackageId) out.push({ id: 'MAN', elements: ['CP', box.carrierPackageId] });
      for (const item of box.items) {
        out.push({ id: 'HL', elements: [String(++hl), String(packHl), 'I', '0'] });
        out.push({ id: 'LIN', elements: [item.lineNo, ...idPairs(item.ids)] });
        out.push({ id: 'SN1', elements: [item.lineNo, x12Number(item.quantity), item.uom] });
        units += item.quantity;
      }
    }
  }
  out.push({ id: 'CTT', elements: [String(hl), x12Number(units)] });
  return out;
}

/**
 * Checks an 856 body (no ST/SE) before it is sent: HL01 sequential from 1, HL02 pointing to an earlier HL,
 * HL04 matching whether children follow, CTT01 = number of HL, CTT02 = sum of SN102, every MAN*GM a
 * 20-digit '00' + valid SSCC, and no SSCC twice. Positions count ST as 1; pass the ST02 so build997 can
 * attach the issues to the set.
 */
export function validate856(segments: X12Segment[], setControl?: string): X12Issue[] {
  const issues: X12Issue[] = [];
  const flag = (segment: X12Segment, position: number, element: number, code: string, message: string, loopId?: string) => {
    const issue: X12Issue = {
      level: 'transaction', code: '5', setId: '856', ...(setControl === undefined ? {} : { setControl }), message, segmentId: segment.id, segmentPosition: position, segmentCode: '8', elementPosition: element, elementCode: code,
    };
    const ref = elementRef(segment.id, element);
    if (ref) issue.elementRef = ref;
    const bad = segment.elements[element - 1];
    if (bad) issue.badValue = bad;
    if (loopId) issue.loopId = loopId;
    issues.push(issue);
  };
  const hls: { id: string; declared: string; segment: X12Segment; position: number }[] = [];
  const hasChildren = new Set<string>();
  const ssccs = new Set<string>();
  let units = 0;
  let ctt: { segment: X12Segment; position: number } | null = null;
  for (const [index, segment] of segments.entries()) {
    const position = index + 2;
    const e = (k: number) => segment.elements[k - 1] ?? '';
    const loopId = hls.length > 0 && !ctt ? 'HL' : undefined;
    if (segment.id === 'HL') {
      const expected = String(hls.length + 1);
      if (e(1) !== expected) flag(segment, position, 1, '7', `HL01 is ${e(1)}, expected ${expected} (HL IDs run 1, 2, 3… in order)`, 'HL');
      const parent = e(2);
      if (hls.length === 0 && parent !== '') flag(segment, position, 2, '7', `The first HL cannot have a parent (HL02 ${parent})`, 'HL');
      if (hls.length > 0) {
        if (parent === '') flag(segment, position, 2, '1', `HL ${e(1)} has no parent (HL02)`, 'HL');
        else if (!hls.some((h) => h.id === parent)) flag(segment, position, 2, '7', `HL ${e(1)} points to parent ${parent}, which is not an earlier HL`, 'HL');
      }
      if (parent) hasChildren.add(parent);
      hls.push({ id: e(1), declared: e(4), segment, position });
    } else if (segment.id === 'SN1') {
      const quantity = Number(e(2));
      if (!e(2) || !Number.isFinite(quantity)) flag(segment, position, 2, e(2) ? '6' : '1', `SN102 (units shipped) is not a number`, loopId);
      else units += quantity;
      if (!e(3)) flag(segment, position, 3, '1', 'SN103 (unit of measure) is missing', loopId);
    } else if (segment.id === 'MAN' && e(1) === 'GM') {
      const value = e(2);
      if (!/^00\d{18}$/.test(value)) flag(segment, position, 2, '6', `MAN*GM ${value} is not '00' followed by an 18-digit SSCC`, loopId);
      else if (!isValidSscc(value.slice(2))) flag(segment, position, 2, '7', `SSCC ${value.slice(2)} has a wrong check digit`, loopId);
      else if (ssccs.has(value)) flag(segment, position, 2, '7', `SSCC ${value.slice(2)} is used for two cartons`, loopId);
      ssccs.add(value);
    } else if (segment.id === 'CTT') {
      ctt = { segment, position };
    }
  }
  for (const h of hls) {
    const actual = hasChildren.has(h.id) ? '1' : '0';
    if (h.declared !== '' && h.declared !== actual) {
      flag(h.segment, h.position, 4, '7', `HL ${h.id} says HL04 ${h.declared} but it ${actual === '1' ? 'has' : 'has no'} child levels`, 'HL');
    }
  }
  if (ctt) {
    const { segment, position } = ctt;
    const e = (k: number) => segment.elements[k - 1] ?? '';
    if (e(1) !== String(hls.length)) flag(segment, position, 1, '7', `CTT01 is ${e(1)}, the 856 has ${hls.length} HL segments`);
    if (e(2) !== '' && Number(e(2)) !== units) flag(segment, position, 2, '7', `CTT02 is ${e(2)}, the units shipped (SN102) add up to ${units}`);
  }
  return issues;
}
