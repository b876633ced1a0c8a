import Decimal from 'decimal.js';
import { idPairs, isoToX12Date, x12Date, x12Number } from './x12-format';
import { partySegments, type Party } from './x12-party';
import type { X12Segment } from './x12-types';

export interface Invoice810Line {
  lineNo: string;
  quantity: number;
  uom: string;
  /** Written as given (e.g. '5.00'). */
  unitPrice: string;
  ids: Record<string, string>;
}

export interface Invoice810Charge {
  /** SAC01: 'C' charge (adds), 'A' allowance (subtracts). */
  type: 'C' | 'A';
  /** SAC02, e.g. 'D240' freight. */
  code: string;
  amount: string;
  description?: string | null;
}

export interface Invoice810Input {
  invoiceNumber: string;
  invoiceDate: Date;
  poNumber: string;
  /** ISO */
  poDate: string | null;
  vendorRef: string | null;
  shipTo: Party | null;
  netDays: number | null;
  /** ISO; DTM*011. Undefined → the invoice date; null → no DTM. */
  shipDate?: string | null;
  lines: Invoice810Line[];
  charges?: Invoice810Charge[];
}

/** An N2 amount: two implied decimals, rounded half-up to the cent ('44.98' → '4498'). */
function impliedCents(amount: Decimal): string {
  return amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).times(100).toFixed(0);
}

/** 810 body: BIG, REF*IA, N1 ST, ITD, DTM*011, IT1 per line, TDS (lines + charges − allowances), SAC, CTT. */
export function build810(input: Invoice810Input): X12Segment[] {
  const out: X12Segment[] = [
    { id: 'BIG', elements: [x12Date(input.invoiceDate), input.invoiceNumber, input.poDate ? isoToX12Date(input.poDate) : '', input.poNumber] },
  ];
  if (input.vendorRef) out.push({ id: 'REF', elements: ['IA', input.vendorRef] });
  if (input.shipTo) out.push(...partySegments('ST', input.shipTo));
  if (input.netDays !== null) out.push({ id: 'ITD', elements: ['01', '3', '', '', '', '', String(input.netDays)] });
  const shipDate = input.shipDate === undefined ? x12Date(input.invoiceDate) : input.shipDate === null ? null : isoToX12Date(input.shipDate);
  if (shipDate) out.push({ id: 'DTM', elements: ['011', shipDate] });
  let total = new Decimal(0);
  for (const line of input.lines) {
    const price = new Decimal(line.unitPrice);
    total = total.plus(price.times(line.quantity));
    out.push({ id: 'IT1', elements: [line.lineNo, x12Number(line.quantity), line.uom, line.unitPrice, '', ...idPairs(line.ids)] });
  }
  const sacs: X12Segment[] = [];
  for (const charge of input.charges ?? []) {
    const amount = new Decimal(charge.amount);
    total = charge.type === 'C' ? total.plus(amount) : total.minus(amount);
    const sac = [charge.type, charge.code, '', '', impliedCents(amount)];
    if (charge.description) sac.push(...new Array<string>(9).fill(''), charge.description);
    sacs.push({ id: 'SAC', elements: sac });
  }
  out.push({ id: 'TDS', elements: [impliedCents(total)] }, ...sacs);
  out.push({ id: 'CTT', elements: [String(input.lines.length)] });
  return out;
}
