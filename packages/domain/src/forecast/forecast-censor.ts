/**
 * Censored demand (issue 23): a day a SKU was out of stock at an iloc sold nothing because it could not,
 * not because nobody wanted it. Such days are re-estimated from in-stock days rather than read as zero.
 */

export interface CensorResult {
  /** Demand with out-of-stock days replaced by their estimate (never below what was actually sold). */
  demand: Float64Array;
  /** How many days were out of stock and estimated: the forecast says so. */
  censoredDays: number;
  /** True where the day's demand is an estimate. */
  estimated: Uint8Array;
}

/** Nearby same-weekday in-stock days looked at on each side of a stock-out. */
export const CENSOR_WEEKS_EACH_SIDE = 4;
const NEARBY_DAYS = 14;

/**
 * Estimate each out-of-stock day as the mean of the same weekday's in-stock days within four weeks either
 * side (the weekly pattern is the strongest one in daily retail demand), else of any in-stock day within
 * two weeks, else of all in-stock days. A day that sold something before running out keeps the larger of
 * the two. With no in-stock day at all there is nothing to learn from: the data is left as is.
 */
export function uncensorDemand(demand: ArrayLike<number>, inStock: ArrayLike<boolean | number> | undefined): CensorResult {
  const n = demand.length;
  const y = Float64Array.from(demand);
  const estimated = new Uint8Array(n);
  if (!inStock) return { demand: y, censoredDays: 0, estimated };
  let inSum = 0;
  let inCount = 0;
  let outCount = 0;
  for (let t = 0; t < n; t++) {
    if (inStock[t]) { inSum += y[t]!; inCount++; } else outCount++;
  }
  if (outCount === 0 || inCount === 0) return { demand: y, censoredDays: 0, estimated };
  const overall = inSum / inCount;
  for (let t = 0; t < n; t++) {
    if (inStock[t]) continue;
    let s = 0;
    let c = 0;
    for (let k = -CENSOR_WEEKS_EACH_SIDE; k <= CENSOR_WEEKS_EACH_SIDE; k++) {
      const u = t + 7 * k;
      if (k !== 0 && u >= 0 && u < n && inStock[u]) { s += demand[u]!; c++; }
    }
    if (c === 0) {
      for (let u = Math.max(0, t - NEARBY_DAYS); u <= Math.min(n - 1, t + NEARBY_DAYS); u++) {
        if (inStock[u]) { s += demand[u]!; c++; }
      }
    }
    const est = c > 0 ? s / c : overall;
    y[t] = Math.max(y[t]!, est);
    estimated[t] = 1;
  }
  return { demand: y, censoredDays: outCount, estimated };
}
