/**
 * Per-series method selection by backtest (issue 23): each candidate is fitted on the series' history up
 * to an origin and scored on the days after it; the best by MASE (a tie goes to the simpler method) is
 * refitted on the whole history for the forecast. Candidates depend on the demand class, so intermittent
 * series are not offered methods that chase their zeros, nor smooth ones Croston.
 */
import { classifyDemand, type DemandClass, type DemandProfile } from './forecast-classify';
import { uncensorDemand } from './forecast-censor';
import { FORECAST_KERNELS, FORECAST_METHODS, type ForecastMethod } from './forecast-methods';
import { naiveScale, type Accuracy } from './forecast-metrics';
import { addDays, applyPeaks, detectPeaks, excludePeaks, type PeakLift, type PeakMode } from './forecast-peaks';
import { inverseNormal } from './replenishment';

export interface SeriesInput {
  /** Daily demand, oldest first: orders net of cancellations (returns are not subtracted). */
  demand: ArrayLike<number>;
  /** Per day, whether the SKU was in stock at the iloc; omitted = always in stock. */
  inStock?: ArrayLike<boolean | number>;
  /** Calendar day of demand[0] (YYYY-MM-DD): needed to recognise known peaks. */
  startDate?: string;
}

export interface ForecastOptions {
  /** Days to forecast. */
  horizon: number;
  /** Backtest window length; default min(28, 20 % of the history), at least 7. */
  holdout?: number;
  /** Rolling origins in the backtest (each one holdout apart); default 2. */
  folds?: number;
  /** What to do with recognised peaks; default 'exclude'. */
  peaks?: PeakMode;
  /** Central coverage of the lower/upper band; default 0.8. */
  intervalLevel?: number;
  /** Relative margin within which a simpler method wins over a better-scoring one; default 0.02. */
  tieTolerance?: number;
  /** Restrict the candidates (they are still filtered by what the class allows). */
  methods?: readonly ForecastMethod[];
}

export interface BacktestScore {
  method: ForecastMethod;
  mase: number;
}

export interface ForecastResult {
  method: ForecastMethod;
  forecast: number[];
  lower: number[];
  upper: number[];
  /** Standard deviation of the chosen method's daily backtest errors: the σd of safety stock. */
  sigma: number;
  /** The chosen method on the series' own holdout; null when the history is too short to hold any out. */
  accuracy: Accuracy | null;
  holdoutDays: number;
  class: DemandClass;
  profile: DemandProfile;
  /** Out-of-stock days estimated from in-stock days instead of read as zero demand. */
  censoredDays: number;
  peaks: PeakLift[];
  peakDaysExcluded: number;
  peakDaysApplied: number;
  backtest: BacktestScore[];
  /** Plain-language remarks for the UI ("12 out-of-stock days estimated …"). */
  notes: string[];
}

const SMOOTH: readonly ForecastMethod[] = ['seasonal-naive', 'moving-average', 'ses', 'ses-weekly', 'holt-damped'];
const SPARSE: readonly ForecastMethod[] = ['moving-average', 'ses', 'croston', 'sba', 'tsb'];
const NEW: readonly ForecastMethod[] = ['seasonal-naive', 'moving-average', 'ses', 'ses-weekly'];
const MIN_TRAIN = 14;

export function candidatesFor(cls: DemandClass): readonly ForecastMethod[] {
  if (cls === 'smooth' || cls === 'erratic') return SMOOTH;
  if (cls === 'intermittent' || cls === 'lumpy') return SPARSE;
  if (cls === 'new') return NEW;
  return ['moving-average'];
}

export function forecastSeries(input: SeriesInput, opts: ForecastOptions): ForecastResult {
  const horizon = Math.max(0, Math.floor(opts.horizon));
  const notes: string[] = [];
  const { demand: y, censoredDays } = uncensorDemand(input.demand, input.inStock);
  const n = y.length;
  if (censoredDays > 0) notes.push(`${censoredDays} out-of-stock day(s) estimated from in-stock days, not read as zero demand`);

  const mode = opts.peaks ?? 'exclude';
  let peaks: PeakLift[] = [];
  let peakDaysExcluded = 0;
  if (input.startDate && mode !== 'ignore') {
    peaks = detectPeaks(y, input.startDate);
    // Both modes keep the peak out of the fitted level; 'apply' then puts it back on next year's days.
    peakDaysExcluded = excludePeaks(y, input.startDate, peaks);
    for (const p of peaks) if (p.recognised) notes.push(`${p.name} ${p.from}…${p.to} lifted demand ×${p.lift.toFixed(2)}`);
  }

  const profile = classifyDemand(y);
  let candidates = candidatesFor(profile.class);
  if (opts.methods) candidates = candidates.filter((m) => opts.methods!.includes(m));
  if (candidates.length === 0) candidates = ['moving-average'];
  const ordered = FORECAST_METHODS.filter((m) => candidates.includes(m));

  const holdout = Math.max(1, Math.floor(opts.holdout ?? Math.max(7, Math.min(28, Math.floor(n * 0.2)))));
  const wantFolds = Math.max(1, Math.floor(opts.folds ?? 2));
  let folds = 0;
  while (folds < wantFolds && n - (folds + 1) * holdout >= MIN_TRAIN) folds++;

  const buf = new Float64Array(Math.max(holdout, horizon, 1));
  const backtest: BacktestScore[] = [];
  let method: ForecastMethod = ordered[0]!;
  let accuracy: Accuracy | null = null;
  let sigma = 0;
  if (folds > 0 && ordered.length > 1) {
    const scales: number[] = [];
    for (let f = 0; f < folds; f++) scales.push(naiveScale(y, n - (f + 1) * holdout));
    const stats = ordered.map((m) => {
      let score = 0;
      let abs = 0;
      let err = 0;
      let sq = 0;
      let act = 0;
      for (let f = 0; f < folds; f++) {
        const origin = n - (f + 1) * holdout;
        FORECAST_KERNELS[m](y, origin, holdout, buf);
        let foldAbs = 0;
        for (let i = 0; i < holdout; i++) {
          const e = buf[i]! - y[origin + i]!;
          foldAbs += Math.abs(e);
          err += e;
          sq += e * e;
          act += y[origin + i]!;
        }
        abs += foldAbs;
        score += foldAbs / holdout / scales[f]!;
      }
      return { method: m, mase: score / folds, abs, err, sq, act };
    });
    let best = Infinity;
    for (const s of stats) if (s.mase < best) best = s.mase;
    const tol = opts.tieTolerance ?? 0.02;
    const chosen = stats.find((s) => s.mase <= best * (1 + tol) + 1e-12) ?? stats[0]!;
    method = chosen.method;
    for (const s of stats) backtest.push({ method: s.method, mase: s.mase });
    const days = folds * holdout;
    accuracy = {
      wape: chosen.act > 0 ? chosen.abs / chosen.act : chosen.abs === 0 ? 0 : 1,
      mase: chosen.mase,
      bias: chosen.act > 0 ? chosen.err / chosen.act : chosen.err === 0 ? 0 : 1,
    };
    sigma = Math.sqrt(chosen.sq / days);
  } else if (folds > 0) {
    // One candidate: still measure it, so the accuracy is always shown when there is a holdout.
    const origin = n - holdout;
    FORECAST_KERNELS[method](y, origin, holdout, buf);
    let abs = 0;
    let err = 0;
    let sq = 0;
    let act = 0;
    for (let i = 0; i < holdout; i++) {
      const e = buf[i]! - y[origin + i]!;
      abs += Math.abs(e); err += e; sq += e * e; act += y[origin + i]!;
    }
    accuracy = { wape: act > 0 ? abs / act : abs === 0 ? 0 : 1, mase: abs / holdout / naiveScale(y, origin), bias: act > 0 ? err / act : err === 0 ? 0 : 1 };
    sigma = Math.sqrt(sq / holdout);
    folds = 1;
  } else {
    notes.push('history too short to hold out a backtest: moving average of what there is, accuracy unknown');
    method = 'moving-average';
    let m = 0;
    let sq = 0;
    for (let t = 0; t < n; t++) m += y[t]! / n;
    for (let t = 0; t < n; t++) sq += (y[t]! - m) ** 2;
    sigma = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
  }

  FORECAST_KERNELS[method](y, n, horizon, buf);
  const forecast = Array.from(buf.subarray(0, horizon));
  let peakDaysApplied = 0;
  if (mode === 'apply' && input.startDate) peakDaysApplied = applyPeaks(forecast, addDays(input.startDate, n), peaks);
  const z = inverseNormal(0.5 + (opts.intervalLevel ?? 0.8) / 2);
  const lower = forecast.map((f) => Math.max(0, f - z * sigma));
  const upper = forecast.map((f) => f + z * sigma);
  return {
    method, forecast, lower, upper, sigma, accuracy, holdoutDays: folds * holdout, class: profile.class, profile,
    censoredDays, peaks, peakDaysExcluded, peakDaysApplied, backtest, notes,
  };
}
