/**
 * Known peaks (issue 23): Black Friday to Cyber Monday and Christmas week. They are recognised from last
 * year's history when it has them, then either excluded (treated as outliers so they do not inflate the
 * level) or applied (last year's lift multiplies the same days in the horizon). Dates are UTC calendar days.
 */

export type PeakName = 'black-friday' | 'christmas-week';
export type PeakMode = 'ignore' | 'exclude' | 'apply';

export interface PeakWindow {
  name: PeakName;
  /** First and last day, inclusive, as YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface PeakLift {
  name: PeakName;
  /** The window in the history the lift was measured on. */
  from: string;
  to: string;
  /** Mean demand in the window over the same weekdays' mean in the four weeks before it. */
  lift: number;
  /** Lift at or above the threshold: the history shows the peak. */
  recognised: boolean;
}

const DAY_MS = 86_400_000;
/** A peak counts as seen when the window sold at least 30 % above its baseline. */
export const PEAK_LIFT_THRESHOLD = 1.3;
const BASELINE_WEEKS = 4;

function utcDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Math.round(Date.UTC(y!, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Black Friday: the day after the fourth Thursday of November. */
export function blackFriday(year: number): string {
  const nov1 = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - nov1 + 7) % 7);
  return isoOf(Math.round(Date.UTC(year, 10, firstThursday + 21 + 1) / DAY_MS));
}

/** Cyber Monday: the Monday after Black Friday. */
export function cyberMonday(year: number): string {
  return isoOf(utcDay(blackFriday(year)) + 3);
}

export function peakWindows(year: number): PeakWindow[] {
  return [
    { name: 'black-friday', from: blackFriday(year), to: cyberMonday(year) },
    { name: 'christmas-week', from: `${year}-12-18`, to: `${year}-12-24` },
  ];
}

/** Day index (0-based from `startDate`) of a calendar day. */
export function dayIndexOf(startDate: string, iso: string): number {
  return utcDay(iso) - utcDay(startDate);
}

/** Days of the history inside any peak window, so one peak is not read as another's baseline. */
function peakMask(n: number, startDate: string): Uint8Array {
  const mask = new Uint8Array(n);
  const start = utcDay(startDate);
  const first = new Date(start * DAY_MS).getUTCFullYear();
  const last = new Date((start + n - 1) * DAY_MS).getUTCFullYear();
  for (let year = first; year <= last; year++) {
    for (const w of peakWindows(year)) {
      for (let t = Math.max(0, utcDay(w.from) - start); t <= Math.min(n - 1, utcDay(w.to) - start); t++) mask[t] = 1;
    }
  }
  return mask;
}

/**
 * Same weekday, one to four weeks earlier (so the baseline keeps the weekday mix of the window), skipping
 * days inside peak windows; 0 when none is left.
 */
function baselineAt(y: ArrayLike<number>, t: number, inPeak: Uint8Array): number {
  let s = 0;
  let c = 0;
  for (let k = 1; k <= BASELINE_WEEKS + 2 && c < BASELINE_WEEKS; k++) {
    const u = t - 7 * k;
    if (u < 0) break;
    if (!inPeak[u]) { s += y[u]!; c++; }
  }
  return c > 0 ? s / c : 0;
}

/**
 * For each kind of peak, the latest occurrence fully inside the history with four weeks of baseline
 * before it, and how much it lifted demand.
 */
export function detectPeaks(y: ArrayLike<number>, startDate: string): PeakLift[] {
  const n = y.length;
  const start = utcDay(startDate);
  const lastYear = new Date((start + n - 1) * DAY_MS).getUTCFullYear();
  const inPeak = peakMask(n, startDate);
  const found: PeakLift[] = [];
  for (const name of ['black-friday', 'christmas-week'] as const) {
    for (let year = lastYear; year >= lastYear - 1; year--) {
      const w = peakWindows(year).find((p) => p.name === name)!;
      const a = utcDay(w.from) - start;
      const b = utcDay(w.to) - start;
      if (a - BASELINE_WEEKS * 7 < 0 || b >= n) continue;
      let peak = 0;
      let base = 0;
      for (let t = a; t <= b; t++) {
        peak += y[t]!;
        base += baselineAt(y, t, inPeak);
      }
      const lift = base > 0 ? peak / base : peak > 0 ? Infinity : 1;
      found.push({ name, from: w.from, to: w.to, lift, recognised: lift >= PEAK_LIFT_THRESHOLD });
      break;
    }
  }
  return found;
}

/** Replace recognised peak days in the history by their baseline, in place, so they do not lift the level. */
export function excludePeaks(y: Float64Array, startDate: string, peaks: readonly PeakLift[]): number {
  if (!peaks.some((p) => p.recognised)) return 0;
  const inPeak = peakMask(y.length, startDate);
  let replaced = 0;
  for (const p of peaks) {
    if (!p.recognised) continue;
    const a = dayIndexOf(startDate, p.from);
    const b = dayIndexOf(startDate, p.to);
    for (let t = a; t <= b; t++) {
      y[t] = baselineAt(y, t, inPeak);
      replaced++;
    }
  }
  return replaced;
}

/**
 * Multiply the forecast days that fall on this year's windows of recognised peaks by last year's lift.
 * `forecastStart` is the calendar day of forecast[0]. Answers the number of days lifted.
 */
export function applyPeaks(forecast: number[], forecastStart: string, peaks: readonly PeakLift[]): number {
  const start = utcDay(forecastStart);
  const endYear = new Date((start + forecast.length - 1) * DAY_MS).getUTCFullYear();
  const startYear = new Date(start * DAY_MS).getUTCFullYear();
  let lifted = 0;
  for (const p of peaks) {
    if (!p.recognised || !Number.isFinite(p.lift)) continue;
    for (let year = startYear; year <= endYear; year++) {
      const w = peakWindows(year).find((x) => x.name === p.name)!;
      for (let d = utcDay(w.from); d <= utcDay(w.to); d++) {
        const i = d - start;
        if (i >= 0 && i < forecast.length) { forecast[i] = forecast[i]! * p.lift; lifted++; }
      }
    }
  }
  return lifted;
}

export function addDays(iso: string, days: number): string {
  return isoOf(utcDay(iso) + days);
}
