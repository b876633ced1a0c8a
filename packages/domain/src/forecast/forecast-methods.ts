/**
 * The forecasting methods of issue 23, kept to simple, robust ones. Each kernel fits on y[0..n) and
 * writes `h` daily forecasts into `out`, allocating nothing: the selection runs every method several
 * times per series over tens of thousands of series. Forecasts are never negative.
 */

export type ForecastMethod =
  | 'seasonal-naive'
  | 'moving-average'
  | 'ses'
  | 'ses-weekly'
  | 'holt-damped'
  | 'croston'
  | 'sba'
  | 'tsb';

/** Simplest first: a tie in the backtest goes to the earlier one. */
export const FORECAST_METHODS: readonly ForecastMethod[] = ['seasonal-naive', 'moving-average', 'ses', 'croston', 'sba', 'tsb', 'ses-weekly', 'holt-damped'];

export const SEASON = 7;
export const MOVING_AVERAGE_WINDOW = 28;
/** Weekly seasonal indices are only estimated from at least three full weeks. */
export const MIN_WEEKS_FOR_SEASONAL = 3;
export const INTERMITTENT_ALPHA = 0.1;

type Kernel = (y: Float64Array, n: number, h: number, out: Float64Array) => void;

function mean(y: Float64Array, from: number, to: number): number {
  if (to <= from) return 0;
  let s = 0;
  for (let t = from; t < to; t++) s += y[t]!;
  return s / (to - from);
}

function fill(out: Float64Array, h: number, v: number): void {
  const x = v > 0 ? v : 0;
  for (let i = 0; i < h; i++) out[i] = x;
}

/** Same weekday last week, repeated. */
const seasonalNaive: Kernel = (y, n, h, out) => {
  if (n < SEASON) return fill(out, h, mean(y, 0, n));
  for (let i = 0; i < h; i++) out[i] = Math.max(0, y[n - SEASON + (i % SEASON)]!);
};

const movingAverage: Kernel = (y, n, h, out) => fill(out, h, mean(y, Math.max(0, n - MOVING_AVERAGE_WINDOW), n));

const SES_ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5];

/**
 * Simple exponential smoothing over x[0..n) (x may be deseasonalised; NaN entries are skipped), alpha
 * chosen from a small grid by in-sample one-step squared error. Answers the final level.
 */
function sesLevel(x: Float64Array, n: number): number {
  let init = 0;
  let seen = 0;
  for (let t = 0; t < n && seen < SEASON; t++) {
    const v = x[t]!;
    if (v === v) { init += v; seen++; }
  }
  if (seen === 0) return 0;
  init /= seen;
  let best = init;
  let bestSse = Infinity;
  for (const a of SES_ALPHAS) {
    let l = init;
    let sse = 0;
    for (let t = 0; t < n; t++) {
      const v = x[t]!;
      if (v !== v) continue;
      const e = v - l;
      sse += e * e;
      l += a * e;
    }
    if (sse < bestSse) { bestSse = sse; best = l; }
  }
  return best;
}

const ses: Kernel = (y, n, h, out) => fill(out, h, sesLevel(y, n));

const scratch = { buf: new Float64Array(1024) };
function scratchOf(n: number): Float64Array {
  if (scratch.buf.length < n) scratch.buf = new Float64Array(n * 2);
  return scratch.buf;
}

/**
 * SES on the deseasonalised series with multiplicative weekday indices from the last (up to) 16 weeks:
 * robust to zeros (a weekday that never sells gets index 0 and forecast 0) where Holt-Winters'
 * multiplicative recursion divides by them.
 */
const sesWeekly: Kernel = (y, n, h, out) => {
  if (n < SEASON * MIN_WEEKS_FOR_SEASONAL) return ses(y, n, h, out);
  const weeks = Math.min(16, Math.floor(n / SEASON));
  const from = n - weeks * SEASON;
  const idx = [0, 0, 0, 0, 0, 0, 0];
  let total = 0;
  for (let t = from; t < n; t++) { idx[t % SEASON]! += y[t]!; total += y[t]!; }
  if (total <= 0) return fill(out, h, 0);
  const avg = total / SEASON;
  for (let d = 0; d < SEASON; d++) idx[d] = idx[d]! / avg;
  const x = scratchOf(n);
  for (let t = 0; t < n; t++) {
    const s = idx[t % SEASON]!;
    x[t] = s > 0 ? y[t]! / s : NaN;
  }
  const level = sesLevel(x, n);
  for (let i = 0; i < h; i++) out[i] = Math.max(0, level * idx[(n + i) % SEASON]!);
};

const HOLT_ALPHAS = [0.1, 0.3, 0.5];
const HOLT_BETAS = [0.01, 0.1];
const HOLT_PHIS = [0.8, 0.9, 0.98];

/**
 * Holt's linear trend, damped (Gardner & McKenzie), parameters by in-sample squared error. phi stays below 1
 * so a trend seen over the backtest's four weeks is not extrapolated undamped over a many-week horizon.
 */
const holtDamped: Kernel = (y, n, h, out) => {
  if (n < 2 * SEASON) return ses(y, n, h, out);
  const l0 = mean(y, 0, SEASON);
  const b0 = (mean(y, SEASON, 2 * SEASON) - l0) / SEASON;
  let bestL = l0;
  let bestB = 0;
  let bestPhi = 1;
  let bestSse = Infinity;
  for (const a of HOLT_ALPHAS) {
    for (const beta of HOLT_BETAS) {
      for (const phi of HOLT_PHIS) {
        // The initial level is the first week's mean, i.e. the level at its middle day (t = 3).
        let l = l0;
        let b = b0;
        let sse = 0;
        for (let t = 4; t < n; t++) {
          const f = l + phi * b;
          const e = y[t]! - f;
          sse += e * e;
          const nl = f + a * e;
          b = phi * b + a * beta * e;
          l = nl;
        }
        if (sse < bestSse) { bestSse = sse; bestL = l; bestB = b; bestPhi = phi; }
      }
    }
  }
  let damp = 0;
  let p = 1;
  for (let i = 0; i < h; i++) {
    p *= bestPhi;
    damp += p;
    out[i] = Math.max(0, bestL + damp * bestB);
  }
};

/** Mean size of the non-zero demands and mean interval between them over y[0..n); null when none. */
function intermittentInit(y: Float64Array, n: number): { size: number; interval: number; rate: number } | null {
  let count = 0;
  let sum = 0;
  for (let t = 0; t < n; t++) if (y[t]! > 0) { count++; sum += y[t]!; }
  if (count === 0) return null;
  return { size: sum / count, interval: n / count, rate: count / n };
}

function crostonLevel(y: Float64Array, n: number, a: number): number {
  const init = intermittentInit(y, n);
  if (!init) return 0;
  let z = init.size;
  let p = init.interval;
  let q = 1;
  for (let t = 0; t < n; t++) {
    const v = y[t]!;
    if (v > 0) {
      z += a * (v - z);
      p += a * (q - p);
      q = 1;
    } else {
      q++;
    }
  }
  return z / Math.max(1, p);
}

/** Croston: demand size and inter-demand interval smoothed separately, forecast size / interval. */
const croston: Kernel = (y, n, h, out) => fill(out, h, crostonLevel(y, n, INTERMITTENT_ALPHA));

/** Syntetos–Boylan approximation: Croston corrected for its upward bias by (1 − α/2). */
const sba: Kernel = (y, n, h, out) => fill(out, h, crostonLevel(y, n, INTERMITTENT_ALPHA) * (1 - INTERMITTENT_ALPHA / 2));

/**
 * Teunter–Syntetos–Babai: the demand probability is updated every day (not only on demand days), so a
 * SKU that stopped selling decays toward zero where Croston would hold its last level.
 */
const tsb: Kernel = (y, n, h, out) => {
  const init = intermittentInit(y, n);
  if (!init) return fill(out, h, 0);
  let pr = init.rate;
  let z = init.size;
  const a = INTERMITTENT_ALPHA;
  for (let t = 0; t < n; t++) {
    const v = y[t]!;
    if (v > 0) {
      pr += a * (1 - pr);
      z += a * (v - z);
    } else {
      pr -= a * pr;
    }
  }
  fill(out, h, pr * z);
};

export const FORECAST_KERNELS: Readonly<Record<ForecastMethod, Kernel>> = {
  'seasonal-naive': seasonalNaive,
  'moving-average': movingAverage,
  ses,
  'ses-weekly': sesWeekly,
  'holt-damped': holtDamped,
  croston,
  sba,
  tsb,
};

/** Forecast `horizon` days of `history` with one method (no selection, no interval). */
export function forecastWith(method: ForecastMethod, history: ArrayLike<number>, horizon: number): number[] {
  const y = Float64Array.from(history);
  const out = new Float64Array(Math.max(0, horizon));
  FORECAST_KERNELS[method](y, y.length, out.length, out);
  return Array.from(out);
}
