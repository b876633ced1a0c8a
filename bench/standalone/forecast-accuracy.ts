/**
 * Forecast accuracy and speed (issue 23), no database: a seeded catalogue of SKUs with two years of
 * daily demand in a realistic mix of classes. The last 28 days of each series are held out — never seen by
 * the fit nor by the method selection — and the selected method's WAPE and MASE are compared with seasonal
 * naive's, per class and overall. Then the forecast alone is timed on a larger catalogue.
 *
 *   npm run bench:forecast -- --skus 2000 --speed-skus 20000 --days 730 --seed 23
 */
import { parseArgs } from 'node:util';
import { forecastSeries, forecastWith, naiveScale, seededRandom } from '@omnio/domain';

const { values } = parseArgs({
  options: { skus: { type: 'string', default: '2000' }, 'speed-skus': { type: 'string', default: '20000' }, days: { type: 'string', default: '730' }, seed: { type: 'string', default: '23' } },
  allowPositionals: true,
});
const SKUS = Number(values.skus);
const SPEED_SKUS = Number(values['speed-skus']);
const DAYS = Number(values.days);
const HOLD = 28;
const START = '2024-10-04'; // so the held-out 28 days end in early October: no Black Friday / Christmas in them

type Kind = 'smooth' | 'seasonal' | 'intermittent' | 'lumpy' | 'new';
const KINDS: Kind[] = ['smooth', 'seasonal', 'intermittent', 'lumpy', 'new'];
const MIX: [Kind, number][] = [['smooth', 0.3], ['seasonal', 0.25], ['intermittent', 0.2], ['lumpy', 0.15], ['new', 0.1]];


function poisson(rnd: () => number, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * gauss(rnd)));
  const L = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do { k++; p *= rnd(); } while (p > L);
  return k - 1;
}

function gauss(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
}

interface Sku { kind: Kind; sold: Float64Array; inStock: Uint8Array; truth: Float64Array }

/** Demand for one SKU: `truth` is what customers wanted, `sold` what stock allowed (zero on stock-out days). */
function makeSku(rnd: () => number, kind: Kind, days: number): Sku {
  const n = kind === 'new' ? HOLD + 21 + Math.floor(rnd() * 39) : days; // new: 21–59 days before the held-out 28
  const truth = new Float64Array(n);
  const level = Math.exp(Math.log(2) + rnd() * Math.log(40)); // 2 … 80 a day for regular items
  const trend = (rnd() - 0.5) * 0.6 / 365; // ± 30 % a year
  const weekly = Array.from({ length: 7 }, (_, d) => (d === 5 || d === 6 ? 1.35 : 0.9) * (0.9 + 0.2 * rnd()));
  const yearPhase = rnd() * 2 * Math.PI;
  const yearAmp = 0.2 + 0.3 * rnd();
  const p = kind === 'intermittent' ? 0.1 + 0.5 * rnd() : 0.05 + 0.4 * rnd();
  const size = 1 + rnd() * 6;
  for (let t = 0; t < n; t++) {
    const trendF = Math.max(0.2, 1 + trend * (t - n));
    switch (kind) {
      case 'smooth': truth[t] = poisson(rnd, level * trendF); break;
      case 'seasonal': truth[t] = poisson(rnd, level * trendF * weekly[t % 7]! * (1 + yearAmp * Math.sin((2 * Math.PI * t) / 365 + yearPhase))); break;
      case 'intermittent': truth[t] = rnd() < p ? 1 + poisson(rnd, size - 1) : 0; break;
      case 'lumpy': truth[t] = rnd() < p ? Math.ceil(size * Math.exp(1.1 * gauss(rnd))) : 0; break;
      case 'new': truth[t] = poisson(rnd, (level / 2) * weekly[t % 7]! * Math.min(1, 0.5 + t / 40)); break;
    }
  }
  const sold = Float64Array.from(truth);
  const inStock = new Uint8Array(n).fill(1);
  // A third of the SKUs run out of stock now and then (never in the held-out days): 1–3 spells of 3–14 days.
  if (kind !== 'new' && rnd() < 0.33) {
    const spells = 1 + Math.floor(rnd() * 3);
    for (let s = 0; s < spells; s++) {
      const len = 3 + Math.floor(rnd() * 12);
      const at = Math.floor(rnd() * (n - HOLD - len - 30)) + 30;
      for (let t = at; t < at + len; t++) { inStock[t] = 0; sold[t] = 0; }
    }
  }
  return { kind, sold, inStock, truth };
}

/** `full`: every SKU has the whole `days` of history (new items become smooth ones), for the speed run. */
function catalogue(count: number, seed: number, days: number, full = false): Sku[] {
  const rnd = seededRandom(seed);
  const out: Sku[] = [];
  for (let i = 0; i < count; i++) {
    let r = rnd();
    let kind: Kind = 'smooth';
    for (const [k, share] of MIX) { if (r < share) { kind = k; break; } r -= share; }
    out.push(makeSku(rnd, full && kind === 'new' ? 'smooth' : kind, days));
  }
  return out;
}

function loop(): number {
  const t = performance.now();
  let s = 0;
  for (let i = 0; i < 1e8; i++) s += i;
  if (s < 0) console.log(s);
  return performance.now() - t;
}

console.log(`$ npm run bench:forecast -- --skus ${SKUS} --speed-skus ${SPEED_SKUS} --days ${DAYS} --seed ${values.seed}`);
console.log(`CPU loop (1e8 additions): ${loop().toFixed(0)} ms`);

// ---- accuracy ----
interface Agg { n: number; absSel: number; absNaive: number; actual: number; maseSel: number; maseNaive: number; methods: Map<string, number> }
const agg = new Map<string, Agg>();
const bucket = (k: string): Agg => {
  let a = agg.get(k);
  if (!a) { a = { n: 0, absSel: 0, absNaive: 0, actual: 0, maseSel: 0, maseNaive: 0, methods: new Map() }; agg.set(k, a); }
  return a;
};
const skus = catalogue(SKUS, Number(values.seed), DAYS);
const t0 = performance.now();
let censoredSeries = 0;
const censor = { absWith: 0, absWithout: 0, errWith: 0, errWithout: 0, actual: 0 };
for (const sku of skus) {
  const n = sku.sold.length;
  const fit = sku.sold.subarray(0, n - HOLD);
  const fitStock = sku.inStock.subarray(0, n - HOLD);
  const actual = sku.truth.subarray(n - HOLD);
  const startDate = new Date(Date.parse(START) + (DAYS - n) * 86_400_000).toISOString().slice(0, 10);
  const res = forecastSeries({ demand: fit, inStock: fitStock, startDate }, { horizon: HOLD });
  const naive = forecastWith('seasonal-naive', fit, HOLD);
  if (res.censoredDays > 0) {
    censoredSeries++;
    // The same series with stock-out days read as zero demand: what censoring is worth.
    const blind = forecastSeries({ demand: fit, startDate }, { horizon: HOLD });
    for (let i = 0; i < HOLD; i++) {
      censor.absWith += Math.abs(res.forecast[i]! - actual[i]!);
      censor.absWithout += Math.abs(blind.forecast[i]! - actual[i]!);
      censor.errWith += res.forecast[i]! - actual[i]!;
      censor.errWithout += blind.forecast[i]! - actual[i]!;
      censor.actual += actual[i]!;
    }
  }
  // Both methods are scaled by the same in-sample naive MAE of what was sold, so MASE compares like with like.
  const scale = naiveScale(fit);
  let absSel = 0;
  let absNaive = 0;
  let act = 0;
  for (let i = 0; i < HOLD; i++) {
    absSel += Math.abs(res.forecast[i]! - actual[i]!);
    absNaive += Math.abs(naive[i]! - actual[i]!);
    act += actual[i]!;
  }
  for (const key of [sku.kind, 'all']) {
    const a = bucket(key);
    a.n++; a.absSel += absSel; a.absNaive += absNaive; a.actual += act;
    a.maseSel += absSel / HOLD / scale; a.maseNaive += absNaive / HOLD / scale;
    a.methods.set(res.method, (a.methods.get(res.method) ?? 0) + 1);
  }
}
const accMs = performance.now() - t0;

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
console.log(`\naccuracy: ${SKUS} SKUs × ${DAYS} days, last ${HOLD} days held out (${censoredSeries} series with stock-outs), selected method vs seasonal naive`);
console.log('class         SKUs   WAPE sel   WAPE naive   MASE sel   MASE naive   sel/naive WAPE   sel/naive MASE   methods chosen');
let ok = true;
for (const k of [...KINDS, 'all']) {
  const a = agg.get(k);
  if (!a) continue;
  const wS = a.absSel / a.actual;
  const wN = a.absNaive / a.actual;
  const mS = a.maseSel / a.n;
  const mN = a.maseNaive / a.n;
  if (wS > wN * 1.05 || mS > mN * 1.05) ok = false;
  if (k === 'all' && (wS >= wN || mS >= mN)) ok = false;
  const methods = [...a.methods.entries()].sort((x, y) => y[1] - x[1]).map(([m, c]) => `${m} ${c}`).join(', ');
  console.log(`${k.padEnd(12)} ${String(a.n).padStart(5)}   ${pct(wS).padStart(8)}   ${pct(wN).padStart(10)}   ${mS.toFixed(3).padStart(8)}   ${mN.toFixed(3).padStart(10)}   ` +
    `${(wS / wN).toFixed(3).padStart(14)}   ${(mS / mN).toFixed(3).padStart(14)}   ${methods}`);
}
console.log(`criterion "better on aggregate, never worse than naive by more than 5 % on any class": ${ok ? 'PASS' : 'FAIL'}`);
console.log(`stock-outs: on the ${censoredSeries} series with out-of-stock days, WAPE ${pct(censor.absWith / censor.actual)} (bias ${pct(censor.errWith / censor.actual)}) ` +
  `estimating them from in-stock days vs ${pct(censor.absWithout / censor.actual)} (bias ${pct(censor.errWithout / censor.actual)}) reading them as zero demand`);
console.log(`(accuracy run forecast time ${(accMs / 1000).toFixed(2)} s)`);

// ---- speed ----
if (SPEED_SKUS > 0) {
  const big = catalogue(SPEED_SKUS, Number(values.seed) + 1, DAYS, true);
  const t1 = performance.now();
  let units = 0;
  for (const sku of big) {
    const res = forecastSeries({ demand: sku.sold, inStock: sku.inStock, startDate: START }, { horizon: 84 });
    units += res.forecast[0]!;
  }
  const s = (performance.now() - t1) / 1000;
  console.log(`\nspeed: ${SPEED_SKUS} SKUs × ${DAYS} days (all full length, a third with stock-outs), 12-week horizon, backtest + selection + refit: ${s.toFixed(2)} s ` +
    `(${((s / SPEED_SKUS) * 1e6).toFixed(0)} µs/SKU), single thread`);
  if (units < 0) console.log(units); // keeps the results alive
}
