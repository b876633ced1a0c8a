/**
 * Daily demand history (issue 23) from order lines: what was ordered, net of what was cancelled, on the
 * day it was ordered — a cancellation was never demand. Returns are counted apart on the day they came
 * back: the product was wanted, so they do not reduce demand, but they are shown next to it.
 */

export interface DemandLine {
  sku: string;
  /** Iloc the line was allocated to; null or omitted when not known (counts only in the SKU total). */
  ilocId?: string | null;
  /** Day of the order, YYYY-MM-DD (a longer ISO timestamp is cut to its date). */
  orderDate: string;
  quantity: number;
  cancelledQuantity?: number;
}

export interface ReturnLine {
  sku: string;
  ilocId?: string | null;
  /** Day the return was received. */
  date: string;
  quantity: number;
}

export interface DemandHistory {
  sku: string;
  /** null: all ilocs together. */
  ilocId: string | null;
  startDate: string;
  demand: number[];
  returns: number[];
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string): number => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/**
 * One series per SKU (ilocId null) and, with `byIloc`, one per SKU × iloc, each covering `from`..`to`
 * inclusive with zeros on days without orders. Lines outside the range are ignored.
 */
export function buildDemandHistory(
  lines: readonly DemandLine[],
  returns: readonly ReturnLine[],
  range: { from: string; to: string; byIloc?: boolean },
): DemandHistory[] {
  const start = dayOf(range.from);
  const days = dayOf(range.to) - start + 1;
  if (!(days > 0)) return [];
  const series = new Map<string, DemandHistory>();
  const get = (sku: string, ilocId: string | null): DemandHistory => {
    const key = `${sku}\u0000${ilocId ?? ''}`;
    let s = series.get(key);
    if (!s) {
      s = { sku, ilocId, startDate: range.from.slice(0, 10), demand: new Array<number>(days).fill(0), returns: new Array<number>(days).fill(0) };
      series.set(key, s);
    }
    return s;
  };
  const add = (sku: string, ilocId: string | null | undefined, date: string, qty: number, field: 'demand' | 'returns'): void => {
    const t = dayOf(date) - start;
    if (!(t >= 0 && t < days) || qty === 0) return;
    get(sku, null)[field][t]! += qty;
    if (range.byIloc && ilocId) get(sku, ilocId)[field][t]! += qty;
  };
  for (const l of lines) add(l.sku, l.ilocId, l.orderDate, Math.max(0, l.quantity - Math.max(0, l.cancelledQuantity ?? 0)), 'demand');
  for (const r of returns) add(r.sku, r.ilocId, r.date, Math.max(0, r.quantity), 'returns');
  return [...series.values()];
}
