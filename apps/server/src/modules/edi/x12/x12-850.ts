import { elementRef } from './x12-dictionary';
import { x12DateToIso } from './x12-format';
import type { X12Issue, X12Segment, X12Transaction } from './x12-types';

export interface Party850 {
  name: string | null;
  idQualifier: string | null;
  id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  country: string | null;
}

export interface PurchaseOrderLine850 {
  lineNo: string;
  quantity: number;
  uom: string;
  unitPrice: string | null;
  /** Keyed by qualifier: UP, VN, VP, EN, BP, CB, IN, SK… */
  ids: Record<string, string>;
  description: string | null;
}

export interface PurchaseOrder850 {
  purpose: string;
  poType: string;
  poNumber: string;
  /** ISO yyyy-mm-dd */
  poDate: string | null;
  currency: string | null;
  refs: Record<string, string>;
  /** DTM01 qualifier → ISO date. */
  dates: Record<string, string>;
  carrier: { scac: string | null; mode: string | null; routing: string | null } | null;
  /** Keyed by N101: ST, BT, BY, SF… (heading N1 loops only). */
  parties: Record<string, Party850>;
  lines: PurchaseOrderLine850[];
  totalLines: number | null;
  hashTotal: number | null;
}

const blank = (v: string | undefined) => (v === undefined || v === '' ? null : v);
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

function emptyParty(): Party850 {
  return { name: null, idQualifier: null, id: null, address1: null, address2: null, city: null, state: null, postal: null, country: null };
}

/**
 * Reads an 850 into a purchase order. `po` is null when an issue is fatal (the 997 must reject the set);
 * issues marked `warning` (a wrong CTT hash, an unreadable optional date) leave the order usable.
 */
export function read850(tx: X12Transaction): { po: PurchaseOrder850 | null; issues: X12Issue[] } {
  const issues: X12Issue[] = [];
  const base = { level: 'transaction' as const, setId: tx.setId, setControl: tx.control };
  const elementIssue = (segment: X12Segment, position: number, element: number, code: string, message: string, loopId?: string, warning = false) => {
    const issue: X12Issue = {
      ...base,
      code: '5',
      message,
      segmentId: segment.id,
      segmentPosition: position,
      segmentCode: '8',
      elementPosition: element,
      elementCode: code,
    };
    const ref = elementRef(segment.id, element);
    if (ref) issue.elementRef = ref;
    const bad = segment.elements[element - 1];
    if (bad) issue.badValue = bad;
    if (loopId) issue.loopId = loopId;
    if (warning) issue.warning = true;
    issues.push(issue);
  };

  const po: PurchaseOrder850 = {
    purpose: '', poType: '', poNumber: '', poDate: null, currency: null, refs: {}, dates: {}, carrier: null, parties: {}, lines: [], totalLines: null, hashTotal: null,
  };
  let sawBeg = false;
  let party: Party850 | null = null;
  let line: PurchaseOrderLine850 | null = null;
  let cttPosition = 0;
  let cttSegment: X12Segment | null = null;

  for (const [index, segment] of tx.segments.entries()) {
    const position = index + 2;
    const e = (n: number) => segment.elements[n - 1] ?? '';
    const loopId = line ? 'PO1' : party ? 'N1' : undefined;
    switch (segment.id) {
      case 'BEG': {
        sawBeg = true;
        po.purpose = e(1);
        po.poType = e(2);
        po.poNumber = e(3);
        if (!e(1)) elementIssue(segment, position, 1, '1', 'BEG01 (purpose) is missing');
        if (!e(3)) elementIssue(segment, position, 3, '1', 'BEG03 (PO number) is missing');
        if (!e(5)) elementIssue(segment, position, 5, '1', 'BEG05 (PO date) is missing');
        else {
          po.poDate = x12DateToIso(e(5));
          if (!po.poDate) elementIssue(segment, position, 5, '8', `BEG05 ${e(5)} is not a date`);
        }
        break;
      }
      case 'CUR':
        po.currency = blank(e(2));
        break;
      case 'REF':
        if (!line && e(1) && (e(2) || e(3))) po.refs[e(1)] = e(2) || e(3);
        break;
      case 'DTM':
        if (line) break;
        if (e(2)) {
          const iso = x12DateToIso(e(2));
          if (iso) po.dates[e(1)] = iso;
          else elementIssue(segment, position, 2, '8', `DTM*${e(1)} date ${e(2)} is not a date`, loopId, true);
        }
        break;
      case 'TD5':
        if (!line && !po.carrier) po.carrier = { scac: blank(e(3)), mode: blank(e(4)), routing: blank(e(5)) };
        break;
      case 'N1':
        // N1 loops inside PO1 (per-line ship-to for cross-dock) are not read; the heading parties are.
        if (line) break;
        party = { ...emptyParty(), name: blank(e(2)), idQualifier: blank(e(3)), id: blank(e(4)) };
        if (e(1)) po.parties[e(1)] = party;
        break;
      case 'N3':
        if (party && !line) {
          party.address1 = blank(e(1));
          party.address2 = blank(e(2));
        }
        break;
      case 'N4':
        if (party && !line) {
          party.city = blank(e(1));
          party.state = blank(e(2));
          party.postal = blank(e(3));
          party.country = blank(e(4));
        }
        break;
      case 'PO1': {
        const ids: Record<string, string> = {};
        for (let i = 6; i + 1 <= segment.elements.length; i += 2) {
          if (e(i) && e(i + 1) && !(e(i) in ids)) ids[e(i)] = e(i + 1);
        }
        const quantityText = e(2);
        const quantity = Number(quantityText);
        if (!quantityText) elementIssue(segment, position, 2, '1', `PO1 line ${e(1)}: quantity (PO102) is missing`, 'PO1');
        else if (!DECIMAL.test(quantityText) || !(quantity > 0)) {
          elementIssue(segment, position, 2, '6', `PO1 line ${e(1)}: quantity ${quantityText} is not a positive number`, 'PO1');
        }
        if (e(4) && !DECIMAL.test(e(4))) elementIssue(segment, position, 4, '6', `PO1 line ${e(1)}: unit price ${e(4)} is not a number`, 'PO1');
        line = { lineNo: e(1) || String(po.lines.length + 1), quantity, uom: e(3) || 'EA', unitPrice: blank(e(4)), ids, description: null };
        po.lines.push(line);
        party = null;
        break;
      }
      case 'PID':
        if (line && line.description === null && e(5)) line.description = e(5);
        break;
      case 'CTT':
        line = null;
        cttPosition = position;
        cttSegment = segment;
        po.totalLines = e(1) && /^\d+$/.test(e(1)) ? Number(e(1)) : null;
        po.hashTotal = e(2) && DECIMAL.test(e(2)) ? Number(e(2)) : null;
        break;
      default:
        break;
    }
  }

  if (!sawBeg) {
    issues.unshift({ ...base, code: '5', message: 'The 850 has no BEG segment', segmentId: 'BEG', segmentPosition: 2, segmentCode: '3' });
  }
  if (po.lines.length === 0) {
    issues.push({
      ...base, code: '5', message: 'The 850 has no PO1 line', segmentId: 'PO1', segmentPosition: cttPosition || tx.segments.length + 2, loopId: 'PO1', segmentCode: '3',
    });
  }
  if (cttSegment) {
    if (po.totalLines !== po.lines.length) {
      elementIssue(cttSegment, cttPosition, 1, '7', `CTT01 says ${cttSegment.elements[0] ?? ''} lines, the 850 has ${po.lines.length}`, 'CTT', true);
    }
    const sum = po.lines.reduce((total, l) => total + (Number.isFinite(l.quantity) ? l.quantity : 0), 0);
    if (po.hashTotal !== null && Math.abs(po.hashTotal - sum) > 1e-9) {
      elementIssue(cttSegment, cttPosition, 2, '7', `CTT02 hash total ${po.hashTotal} does not match the sum of quantities ${sum}`, 'CTT', true);
    }
  }
  const fatal = issues.some((issue) => !issue.warning);
  return { po: fatal ? null : po, issues };
}
