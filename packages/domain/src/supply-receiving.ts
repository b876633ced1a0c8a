import { SUPPLY_SHIPMENT_OPEN_STATUSES, type SupplyShipmentStatus } from './supply';

/**
 * Receiving and packing rules of PO and transfer shipments (ASNs) as pure functions, so the server applies
 * them in bulk and the web can explain a receipt before it is sent (docs/api-supply-chain.md).
 */

/** Whether the shipment's outstanding units still sit in transit at the destination. */
export const isTransitOpen = (status: string): boolean => (SUPPLY_SHIPMENT_OPEN_STATUSES as readonly string[]).includes(status);

export interface ReceiptLineState {
  expected: number;
  /** good + hold + hurt received before this receipt. */
  received: number;
}

export interface ReceiptLineCounts {
  good: number;
  hold: number;
  hurt: number;
}

export interface ReceiptLineOutcome {
  /** Units this receipt brings in (good + hold + hurt). */
  units: number;
  /** Of those, how many leave in transit: never more than is still outstanding there. */
  fromTransit: number;
  /** good + hold + hurt after this receipt. */
  receivedAfter: number;
  /** Units taken out of transit without arriving, when a short receipt is closed. */
  shortfallOut: number;
}

/**
 * One line of a receipt. While the shipment is open its outstanding units (expected − received) are in
 * transit, so received units come out of transit up to that; units beyond it come in without a transit
 * decrement. Once a shipment is closed (discrepancy) its shortfall already left transit: late units only
 * add. Closing a short line takes what is still outstanding out of transit.
 */
export function receiptLineOutcome(state: ReceiptLineState, counts: ReceiptLineCounts, transitOpen: boolean, close: boolean): ReceiptLineOutcome {
  const units = counts.good + counts.hold + counts.hurt;
  const outstanding = transitOpen ? Math.max(0, state.expected - state.received) : 0;
  const fromTransit = Math.min(units, outstanding);
  const receivedAfter = state.received + units;
  const shortfallOut = close ? outstanding - fromTransit : 0;
  return { units, fromTransit, receivedAfter, shortfallOut };
}

/**
 * The status a receipt leaves the shipment in: open (`processing`) while the receiver keeps it open,
 * else `complete` when every line received exactly what was expected, else `discrepancy`. A shipment
 * already in discrepancy stays there until it matches (late units), whatever `close` says.
 */
export function receiptStatus(
  lines: { expected: number; receivedAfter: number }[],
  from: SupplyShipmentStatus | string,
  close: boolean,
): 'processing' | 'discrepancy' | 'complete' {
  const exact = lines.every((l) => l.receivedAfter === l.expected);
  if (from === 'discrepancy') return exact ? 'complete' : 'discrepancy';
  if (!close) return 'processing';
  return exact ? 'complete' : 'discrepancy';
}

/**
 * received − expected as the API shows it: the full difference once the shipment is closed, while it is
 * open only units beyond what was expected (a shortfall may still arrive). 0 when there is none.
 */
export function lineDiscrepancy(expected: number, received: number, status: string): number {
  const closed = status === 'discrepancy' || status === 'complete';
  const diff = received - expected;
  return closed ? diff : Math.max(0, diff);
}

export interface BoxContentsInput {
  contents: { line: number; quantity: number }[];
}

export interface BoxProblem {
  field: string;
  message: string;
}

/**
 * Spec 5 box checks of a shipment: boxes without contents are dropped; when any box remains, each line's
 * units across the boxes must equal the line's quantity, and every content must name a line of the
 * shipment. Answers the kept boxes (with their position in the request) and the problems found.
 */
export function checkBoxContents<B extends BoxContentsInput>(
  lineQuantities: readonly number[],
  boxes: readonly B[],
): { kept: { box: B; index: number }[]; problems: BoxProblem[] } {
  const kept = boxes.map((box, index) => ({ box, index })).filter(({ box }) => box.contents.length > 0);
  const problems: BoxProblem[] = [];
  if (!kept.length) return { kept, problems };
  const boxed = lineQuantities.map(() => 0);
  for (const { box, index } of kept) {
    box.contents.forEach((c, i) => {
      if (c.line >= lineQuantities.length) problems.push({ field: `boxes.${index}.contents.${i}.line`, message: 'The box names a line the shipment does not have' });
      else boxed[c.line]! += c.quantity;
    });
  }
  if (problems.length) return { kept, problems };
  const wrong = lineQuantities.flatMap((q, i) => (boxed[i] === q ? [] : [`line ${i + 1}: ${boxed[i]} of ${q}`]));
  if (wrong.length) {
    problems.push({ field: 'boxes', message: `The units in boxes must equal each line's quantity (${wrong.slice(0, 5).join('; ')}${wrong.length > 5 ? '; …' : ''})` });
  }
  return { kept, problems };
}
