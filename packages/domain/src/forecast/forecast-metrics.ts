/**
 * Accuracy of a forecast against what happened (issue 23): WAPE, MASE and bias. Errors are
 * forecast − actual, so a positive bias means the forecast ran high (overstock), negative ran low.
 */

export interface Accuracy {
  /** Σ|e| / Σ actual: share of the period's volume the forecast missed by. */
  wape: number;
  /** Mean |e| over the in-sample seasonal-naive MAE: < 1 beats "same weekday last week" on the history. */
  mase: number;
  /** Σe / Σ actual. */
  bias: number;
}

/**
 * The MASE denominator: in-sample MAE of seasonal naive (lag `period`) over y[0..n), falling back to lag-1
 * naive when the history is shorter than two periods, then to the mean level, so it is never zero —
 * a flat or all-zero history would otherwise make every error infinite.
 */
export function naiveScale(y: ArrayLike<number>, n: number = y.length, period = 7): number {
  const lag = n > period ? period : 1;
  let sum = 0;
  let count = 0;
  for (let t = lag; t < n; t++) {
    sum += Math.abs(y[t]! - y[t - lag]!);
    count++;
  }
  if (count > 0 && sum > 0) return sum / count;
  let level = 0;
  for (let t = 0; t < n; t++) level += Math.abs(y[t]!);
  level = n > 0 ? level / n : 0;
  return level > 0 ? level : 1;
}

/** Σ|forecast − actual| over the first `len` points, the common numerator of WAPE and MASE. */
export function absErrorSum(actual: ArrayLike<number>, forecast: ArrayLike<number>, len: number = actual.length): number {
  let s = 0;
  for (let i = 0; i < len; i++) s += Math.abs(forecast[i]! - actual[i]!);
  return s;
}

export function wape(actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  let den = 0;
  for (let i = 0; i < actual.length; i++) den += Math.abs(actual[i]!);
  const num = absErrorSum(actual, forecast);
  // Nothing sold and nothing forecast is a perfect score; anything forecast against nothing is a full miss.
  if (den === 0) return num === 0 ? 0 : 1;
  return num / den;
}

export function bias(actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  let den = 0;
  let num = 0;
  for (let i = 0; i < actual.length; i++) {
    den += Math.abs(actual[i]!);
    num += forecast[i]! - actual[i]!;
  }
  if (den === 0) return num === 0 ? 0 : 1;
  return num / den;
}

/** MASE of `forecast` over `actual`, scaled by the naive MAE of `history` (the data the forecast was fitted on). */
export function mase(actual: ArrayLike<number>, forecast: ArrayLike<number>, history: ArrayLike<number>, period = 7): number {
  if (actual.length === 0) return 0;
  return absErrorSum(actual, forecast) / actual.length / naiveScale(history, history.length, period);
}

export function accuracyOf(actual: ArrayLike<number>, forecast: ArrayLike<number>, history: ArrayLike<number>, period = 7): Accuracy {
  return { wape: wape(actual, forecast), mase: mase(actual, forecast, history, period), bias: bias(actual, forecast) };
}
