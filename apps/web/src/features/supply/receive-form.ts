import type { TReceiveInput } from '@omnio/domain';
import type { SupplyShipmentLine } from './api';
import { units } from './asn-form';

/** Receiving counts per shipment line, as typed. */
export type ReceiveCounts = Record<string, { good: string; hold: string; hurt: string }>;

export const BUCKETS = ['good', 'hold', 'hurt'] as const;

/** What a line still waits for: expected minus what already came in (never below zero). */
export const outstanding = (line: SupplyShipmentLine) => Math.max(0, line.qty_expected - line.qty_received);

/** Units this receipt would bring in beyond what the line expects (0 when within it or when a count is not a number yet). */
export function overBy(line: SupplyShipmentLine, count: ReceiveCounts[string] | undefined): number {
  if (!count) return 0;
  const now = BUCKETS.reduce((s, b) => s + (units(count[b]) || 0), 0);
  return Math.max(0, line.qty_received + now - line.qty_expected);
}

/** Good defaults to what is outstanding: the usual receipt is "everything came, in good shape". */
export function initialCounts(lines: SupplyShipmentLine[]): ReceiveCounts {
  return Object.fromEntries(lines.map((l) => [l.id, { good: String(outstanding(l)), hold: '0', hurt: '0' }]));
}

/** The fields that are not whole numbers ≥ 0, as `lineId.bucket`. */
export function invalidCounts(counts: ReceiveCounts): string[] {
  return Object.entries(counts).flatMap(([id, c]) => BUCKETS.filter((b) => Number.isNaN(units(c[b]))).map((b) => `${id}.${b}`));
}

/** Every line is sent (zeros included), so a closed receipt states what did not come as plainly as what did. */
export function toReceiveBody(lines: SupplyShipmentLine[], counts: ReceiveCounts, close: boolean, note: string): TReceiveInput {
  return {
    lines: lines.map((l) => ({
      line_id: l.id,
      good: units(counts[l.id]?.good) || 0,
      hold: units(counts[l.id]?.hold) || 0,
      hurt: units(counts[l.id]?.hurt) || 0,
    })),
    close,
    ...(note.trim() ? { note: note.trim() } : {}),
  } as TReceiveInput;
}

export const totalUnits = (body: TReceiveInput) => body.lines.reduce((s, l) => s + l.good + l.hold + l.hurt, 0);
