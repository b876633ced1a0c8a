import Decimal from 'decimal.js';

/** Formatting shared by the builders: X12 dates are CCYYMMDD, times HHMM, always in UTC. */

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function x12Date(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
}

export function x12Time(d: Date): string {
  return `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}`;
}

/** 'yyyy-mm-dd' → 'CCYYMMDD'; throws on anything else so a builder never writes a wrong date. */
export function isoToX12Date(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m || x12DateToIso(`${m[1]}${m[2]}${m[3]}`) === null) throw new Error(`Not an ISO date: ${iso}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** 'CCYYMMDD' → 'yyyy-mm-dd', or null when it is not a real calendar date. */
export function x12DateToIso(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** X12 numeric values never use exponents; integers (the common case) skip decimal.js for speed. */
export function x12Number(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${n}`);
  return Number.isInteger(n) ? String(n) : new Decimal(n).toFixed();
}

/** Product ID qualifier/value pairs (PO106.., LIN02.., IT106..) in the order given, empty values skipped. */
export function idPairs(ids: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [qualifier, value] of Object.entries(ids)) {
    if (value) out.push(qualifier, value);
  }
  return out;
}
