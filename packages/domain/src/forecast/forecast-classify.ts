/**
 * Demand class of a series (Syntetos–Boylan): by ADI, the average interval between demand days, and
 * CV², the squared coefficient of variation of the non-zero sizes. It decides which methods compete.
 */

export type DemandClass = 'smooth' | 'erratic' | 'intermittent' | 'lumpy' | 'new' | 'no-demand';

/** The published cut-offs of Syntetos, Boylan & Croston (2005). */
export const ADI_CUTOFF = 1.32;
export const CV2_CUTOFF = 0.49;
/** Fewer days than this and the series is a new item: too short to classify or to learn a season from. */
export const NEW_ITEM_DAYS = 60;

export interface DemandProfile {
  class: DemandClass;
  adi: number;
  cv2: number;
  /** Days with demand over all days. */
  demandShare: number;
}

export function classifyDemand(y: ArrayLike<number>, newItemDays = NEW_ITEM_DAYS): DemandProfile {
  const n = y.length;
  let count = 0;
  let sum = 0;
  let sq = 0;
  for (let t = 0; t < n; t++) {
    const v = y[t]!;
    if (v > 0) { count++; sum += v; sq += v * v; }
  }
  const adi = count > 0 ? n / count : Infinity;
  const m = count > 0 ? sum / count : 0;
  const cv2 = count > 1 && m > 0 ? Math.max(0, sq / count - m * m) / (m * m) : 0;
  const demandShare = n > 0 ? count / n : 0;
  let cls: DemandClass;
  if (n < newItemDays) cls = 'new';
  else if (count === 0) cls = 'no-demand';
  else if (adi < ADI_CUTOFF) cls = cv2 < CV2_CUTOFF ? 'smooth' : 'erratic';
  else cls = cv2 < CV2_CUTOFF ? 'intermittent' : 'lumpy';
  return { class: cls, adi, cv2, demandShare };
}
