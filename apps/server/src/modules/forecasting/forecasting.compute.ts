import {
  excludePeaks, FORECAST_CHART_HISTORY_DAYS, FORECAST_KERNELS, forecastSeries, naiveScale, replenishmentPlan, uncensorDemand,
  type PeakMode,
} from '@omnio/domain';
import type { SkuFacts } from './forecasting.read';

/**
 * One SKU's forecast and suggestion from what forecasting.read gathered, with the library of
 * packages/domain/src/forecast doing the work: censored days, peaks, the backtest and the choice of method
 * (forecastSeries), safety stock, reorder point and order (replenishmentPlan). What is added here is the
 * plumbing around it: the series' start, the seasonal-naive score on the same holdout (so every row and
 * the run say whether the chosen method beat it), and the row as it is stored.
 */

export interface RunSettings {
  /** Days in the history window (its day 0 is `from`). */
  days: number;
  from: string;
  horizonDays: number;
  serviceLevel: number;
  peaks: PeakMode;
  ilocId: string | null;
}

/** What a row adds to the run's summary: errors and volume on the holdout, the chosen method's and naive's. */
export interface RowScore {
  abs: number;
  naiveAbs: number;
  actual: number;
  mase: number;
  naiveMase: number;
}

export interface ComputedRow {
  row: Record<string, unknown>;
  score: RowScore | null;
  suggested: number;
}

const FOLDS = 2;
const EMPTY = '';

/** "d:v,d:v" into `out` (days outside 0..out.length ignored), answering the first day seen or Infinity. */
function unpackInto(packed: string | undefined, out: Float64Array): number {
  if (!packed) return Infinity;
  let first = Infinity;
  let i = 0;
  const len = packed.length;
  while (i < len) {
    let j = packed.indexOf(':', i);
    const d = Number(packed.slice(i, j));
    i = j + 1;
    j = packed.indexOf(',', i);
    if (j < 0) j = len;
    const v = Number(packed.slice(i, j));
    i = j + 1;
    if (d >= 0 && d < out.length) {
      out[d] = out[d]! + v;
      if (d < first) first = d;
    }
  }
  return first;
}

/**
 * In stock per day from the ledger's changes to available units, counted back from today's availability:
 * a day that ended with none available is out of stock. Before the SKU's first movement nothing is known
 * (it may not have been stocked yet): read as in stock, never censored. Null when the ledger says nothing.
 */
function inStockFrom(packed: string | undefined, days: number, availableNow: number): Uint8Array | null {
  if (!packed) return null;
  const change = new Float64Array(days);
  let after = 0;
  let before = false;
  let first = days;
  let i = 0;
  const len = packed.length;
  while (i < len) {
    let j = packed.indexOf(':', i);
    const d = Number(packed.slice(i, j));
    i = j + 1;
    j = packed.indexOf(',', i);
    if (j < 0) j = len;
    const v = Number(packed.slice(i, j));
    i = j + 1;
    if (d < 0) before = true;
    else if (d >= days) after += v;
    else {
      change[d] = change[d]! + v;
      if (d < first) first = d;
    }
  }
  const inStock = new Uint8Array(days).fill(1);
  // Level at the end of the window's last day: today's, less what moved since.
  let level = availableNow - after;
  const known = before ? 0 : first;
  for (let t = days - 1; t >= known; t--) {
    if (level <= 0) inStock[t] = 0;
    level -= change[t]!;
  }
  return inStock;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r2 = (x: number) => Math.round(x * 100) / 100;

function joinNumbers(a: ArrayLike<number>, from: number, to: number, round: (x: number) => number): string {
  let s = EMPTY;
  for (let t = from; t < to; t++) s += (t > from ? ',' : EMPTY) + round(a[t]!);
  return s;
}

export function computeSku(facts: SkuFacts, demandPacked: string | undefined, returnsPacked: string | undefined, changesPacked: string | undefined, run: RunSettings): ComputedRow {
  const n = run.days;
  const demandAll = new Float64Array(n);
  const firstDemand = unpackInto(demandPacked, demandAll);
  const returnsAll = new Float64Array(n);
  unpackInto(returnsPacked, returnsAll);
  const inStockAll = inStockFrom(changesPacked, n, Number(facts.on_hand));

  // A series starts when the SKU could first have sold: its creation, or an earlier sale (imported history).
  const start = Math.max(0, Math.min(Number(facts.created_day), firstDemand, n));
  const demand = demandAll.subarray(start);
  const inStock = inStockAll ? inStockAll.subarray(start) : undefined;
  const startDate = addDaysIso(run.from, start);
  const len = n - start;
  const holdout = Math.max(7, Math.min(28, Math.floor(len * 0.2)));
  const res = forecastSeries({ demand, inStock, startDate }, { horizon: run.horizonDays, peaks: run.peaks, intervalLevel: run.serviceLevel, holdout, folds: FOLDS });

  let score: RowScore | null = null;
  let accuracy: Record<string, number> | null = null;
  if (res.accuracy && res.holdoutDays > 0) {
    // Seasonal naive on the same days of the same prepared series (censored days estimated, peaks out).
    const y = uncensorDemand(demand, inStock).demand;
    if (run.peaks !== 'ignore') excludePeaks(y, startDate, res.peaks);
    const folds = Math.max(1, Math.round(res.holdoutDays / holdout));
    const buf = new Float64Array(holdout);
    let naiveAbs = 0;
    let actual = 0;
    let naiveMase = 0;
    for (let f = 0; f < folds; f++) {
      const origin = len - (f + 1) * holdout;
      FORECAST_KERNELS['seasonal-naive'](y, origin, holdout, buf);
      let foldAbs = 0;
      for (let i = 0; i < holdout; i++) {
        foldAbs += Math.abs(buf[i]! - y[origin + i]!);
        actual += y[origin + i]!;
      }
      naiveAbs += foldAbs;
      naiveMase += foldAbs / holdout / naiveScale(y, origin);
    }
    naiveMase /= folds;
    const naiveWape = actual > 0 ? naiveAbs / actual : naiveAbs === 0 ? 0 : 1;
    score = { abs: res.accuracy.wape * actual, naiveAbs, actual, mase: res.accuracy.mase, naiveMase };
    accuracy = {
      wape: r3(res.accuracy.wape), mase: r3(res.accuracy.mase), bias: r3(res.accuracy.bias), naive_wape: r3(naiveWape), naive_mase: r3(naiveMase),
    };
  }

  const notes: string[] = [];
  if (res.censoredDays > 0) notes.push(`Out of stock ${res.censoredDays} days: demand estimated from in-stock days`);
  let suggested = 0;
  let safety = 0;
  let rop = 0;
  const onOrder = Number(facts.on_order) + Number(facts.in_transit);
  if (Number(facts.backordered) > 0) notes.push(`${Number(facts.backordered)} units backordered: bought on top of the forecast`);
  if (!facts.supplier_id) {
    notes.push('No supplier: no suggestion');
  } else {
    if (facts.lead_time_days === null) notes.push('The supplier has no lead time: ordered as if it delivered at once');
    const plan = replenishmentPlan({
      forecast: res.forecast, demandSd: res.sigma, leadTimeDays: facts.lead_time_days ?? 0, leadTimeSd: facts.lead_time_sd,
      serviceLevel: run.serviceLevel, coverDays: run.horizonDays, onHand: Number(facts.on_hand), onOrder: Number(facts.on_order),
      inTransit: Number(facts.in_transit), backordered: Number(facts.backordered), minQuantity: facts.min_quantity, packSize: facts.pack_size,
    });
    suggested = plan.quantity;
    safety = plan.safetyStock;
    rop = plan.reorderPoint;
  }
  if (!res.accuracy) notes.push('History too short to measure accuracy');

  let total = 0;
  for (const f of res.forecast) total += f;
  const histFrom = n - FORECAST_CHART_HISTORY_DAYS;
  const lo = Math.max(0, histFrom);
  let inStockText = EMPTY;
  for (let t = lo; t < n; t++) inStockText += !inStockAll || inStockAll[t] ? '1' : '0';
  const row = {
    sku_id: facts.sku_id, sku: facts.sku, sku_key: facts.sku_key, name: facts.name, iloc_id: run.ilocId,
    demand_class: res.class, method: res.method, accuracy, censored_days: res.censoredDays,
    peaks: res.peaks.filter((p) => p.recognised && Number.isFinite(p.lift)).map((p) => ({ name: p.name, lift: r2(p.lift), year: Number(p.from.slice(0, 4)) })),
    forecast_total: r2(total), on_hand: Number(facts.on_hand), on_order: onOrder, lead_time_days: facts.lead_time_days,
    safety_stock: r2(safety), reorder_point: r2(rop), suggested_quantity: suggested, supplier_id: facts.supplier_id, supplier_name: facts.supplier_name,
    note: notes.length ? notes.join('; ') : null,
    history_from: addDaysIso(run.from, lo),
    history_units: joinNumbers(demandAll, lo, n, r3), history_returns: joinNumbers(returnsAll, lo, n, r3), history_in_stock: inStockText,
    forecast_units: joinNumbers(res.forecast, 0, res.forecast.length, r3),
    forecast_low: joinNumbers(res.lower, 0, res.lower.length, r3), forecast_high: joinNumbers(res.upper, 0, res.upper.length, r3),
  };
  return { row, score, suggested };
}

const DAY_MS = 86_400_000;
export function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
