/**
 * Value helpers of the rule engine: decimals without float drift (the domain has no decimal library, so a
 * decimal is a bigint of millionths), trimmed case-insensitive text, blanks and ISO dates.
 */

const SCALE = 6;
const ONE = 10n ** BigInt(SCALE);
const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Parsed values by their input: a batch compares the same prices and the flows' same constants over and over.
 * Bounded: cleared when full.
 */
const parsed = new Map<string | number, bigint | null>();
const PARSED_MAX = 50_000;

/** A number or numeric string as millionths, or null when it is not a number. */
export function toDec(v: unknown): bigint | null {
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  const hit = parsed.get(v);
  if (hit !== undefined) return hit;
  const value = parseDec(v);
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(v, value);
  return value;
}

function parseDec(v: number | string): bigint | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || Math.abs(v) >= 1e20) return null;
    return parseDec(v.toFixed(SCALE));
  }
  const s = v.trim();
  const m = PLAIN_DECIMAL.exec(s);
  if (m && ((m[2] ?? '') !== '' || (m[3] ?? '') !== '')) {
    const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
    const abs = BigInt(m[2] || '0') * ONE + BigInt(frac);
    return m[1] === '-' ? -abs : abs;
  }
  // "1e3" and the like: rare, so the float detour is acceptable.
  if (s !== '' && /^[+-]?[\d.]+e[+-]?\d+$/i.test(s)) return parseDec(Number(s));
  return null;
}

export const decOf = (v: unknown): bigint => toDec(v) ?? 0n;

/** a × b, rounded half away from zero to millionths. */
export function decMul(a: bigint, b: bigint): bigint {
  const p = a * b;
  const q = p / ONE;
  const r = p % ONE;
  const half = ONE / 2n;
  if (r >= half) return q + 1n;
  if (r <= -half) return q - 1n;
  return q;
}

export function decToString(d: bigint, minDecimals = 0): string {
  const neg = d < 0n;
  const abs = neg ? -d : d;
  const int = abs / ONE;
  let frac = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${neg && abs !== 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

export const decToNumber = (d: bigint): number => Number(decToString(d));

export const cmp = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Trimmed and lower-cased text of a scalar (null for null/undefined). */
export function normText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim().toLowerCase();
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v).toLowerCase();
  if (v instanceof Date) return v.toISOString().toLowerCase();
  return JSON.stringify(v).toLowerCase();
}

/** Null, undefined, whitespace-only text and an empty (or all-blank) list are blank. */
export function isBlank(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.every(isBlank);
  return false;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

export interface DateKey { day: string; ms: number; dateOnly: boolean }

/** A Date or an ISO date / date-time string as something to compare, or null. */
export function toDateKey(v: unknown): DateKey | null {
  if (v instanceof Date) {
    const ms = v.getTime();
    return Number.isNaN(ms) ? null : { day: v.toISOString().slice(0, 10), ms, dateOnly: false };
  }
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!DATE_PREFIX.test(s)) return null;
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return null;
  const dateOnly = DATE_ONLY.test(s);
  return { day: dateOnly ? s : new Date(ms).toISOString().slice(0, 10), ms, dateOnly };
}

/** Compares two dates; when either is a bare day, only the (UTC) days are compared. */
export function compareDates(a: DateKey, b: DateKey): number {
  if (a.dateOnly || b.dateOnly) return a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
  return a.ms < b.ms ? -1 : a.ms > b.ms ? 1 : 0;
}

export const isIsoDate = (v: unknown): boolean => toDateKey(v) !== null;

/** The value as a list (in / not_in take a list; a lone value counts as a list of one). */
export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

export function truncateActual(v: unknown): unknown {
  if (typeof v === 'string') return v.length > 200 ? v.slice(0, 200) : v;
  if (Array.isArray(v)) return v.slice(0, 50).map(truncateActual);
  if (v instanceof Date) return v.toISOString();
  return v;
}

/**
 * A deep copy of JSON-like data (an order, a line, a change's value). Orders are plain data, and this is
 * several times faster than structuredClone on the small objects a batch copies thousands of times.
 */
export function cloneJson<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) out[key] = cloneJson((v as Record<string, unknown>)[key]);
  return out as T;
}
