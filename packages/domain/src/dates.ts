/**
 * Issue 24 / spec 9: one way to write dates everywhere (lists, detail pages, PDFs, e-mails).
 *
 * Spec 9's "YY-MM-DD H:m" is read as "compact", but it has to be unambiguous in every language: "11/12/26"
 * is November 12 to one reader and December 11 to another. So the month is always a word and the year has
 * four digits ("Nov 28, 2026", "28 nov 2026", "2026年11月28日"), in the order the reader's language uses.
 * Times are 24-hour in every language ("Nov 28, 2026, 14:05"): spec 9 asks for H:m, 24-hour needs no
 * AM/PM marker (shorter in grid columns) and cannot be misread; the separators are the language's own.
 *
 * Calendar dates ("2026-11-28": deliver-by, estimated delivery) are printed as that day and never shifted by
 * a time zone; instants ("2026-11-28T14:05:00Z") are shown in `timeZone` (default: the runtime's, i.e. the
 * viewer's in a browser; a server passes the recipient's or 'UTC').
 *
 * Pure: no I/O, Intl only. Formatters are cached by (locale, kind, time zone).
 */

export type DateValue = string | number | Date | null | undefined;

export interface DateFormatOptions {
  /** IANA time zone; undefined means the runtime's own. An unknown zone falls back to UTC. */
  timeZone?: string;
  /** What a missing or unreadable value shows. Default '—'. */
  placeholder?: string;
  /** Append the zone's short name ("14:05 UTC"), for mails and PDFs read far from where they were made. */
  showTimeZone?: boolean;
}

export const DATE_PLACEHOLDER = '—';

/** The app's language codes (spec 3 says `sp` for Spanish) and common aliases, as BCP-47 locales. */
const LOCALES: Readonly<Record<string, string>> = {
  en: 'en', sp: 'es', es: 'es', fr: 'fr', he: 'he', iw: 'he', ru: 'ru', ar: 'ar', zh: 'zh', cn: 'zh',
  de: 'de', ja: 'ja', jp: 'ja', ko: 'ko', kr: 'ko', it: 'it', hu: 'hu',
};

const localeCache = new Map<string, string>();

/** The BCP-47 locale for an app language code ('sp' → 'es'); a full tag such as 'en-GB' is kept; unknown → 'en'. */
export function dateLocale(language: string | null | undefined): string {
  const key = (language ?? '').trim().toLowerCase().replace(/_/g, '-');
  const cached = localeCache.get(key);
  if (cached) return cached;
  let locale = LOCALES[key];
  if (!locale && key.includes('-')) {
    try {
      locale = Intl.DateTimeFormat.supportedLocalesOf([key])[0];
    } catch {
      /* not a well-formed tag */
    }
    locale ??= LOCALES[key.split('-')[0]!];
  }
  locale ??= 'en';
  localeCache.set(key, locale);
  return locale;
}

type Kind = 'date' | 'dateTime' | 'time';

const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' };
const KIND_PARTS: Record<Kind, Intl.DateTimeFormatOptions> = {
  date: DATE_PARTS,
  dateTime: { ...DATE_PARTS, ...TIME_PARTS },
  time: TIME_PARTS,
};

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, kind: Kind, timeZone: string | undefined, zoneName: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${kind}|${timeZone ?? ''}|${zoneName ? 'z' : ''}`;
  let f = formatterCache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { ...KIND_PARTS[kind], ...(zoneName ? { timeZoneName: 'short' } : {}) };
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An unknown time zone (RangeError): UTC rather than a broken page or a failed mail.
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formatterCache.set(key, f);
  }
  return f;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as midnight UTC (to be formatted in UTC), else null. */
function calendarDate(value: DateValue): Date | null {
  if (typeof value !== 'string') return null;
  const m = CALENDAR_DATE.exec(value.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // Date.UTC rolls 2026-02-30 over to March: only a day that exists is a calendar date.
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? d : null;
}

function instant(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && CALENDAR_DATE.test(value.trim())) return null; // a day that does not exist
  const d = value instanceof Date ? value : new Date(typeof value === 'string' ? value.trim() : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function placeholder(opts: DateFormatOptions | undefined): string {
  return opts?.placeholder ?? DATE_PLACEHOLDER;
}

/** "Nov 28, 2026" (en), "28 nov 2026" (es), "28. Nov. 2026" (de), "2026年11月28日" (ja). */
export function formatDate(value: DateValue, language: string | null | undefined, opts?: DateFormatOptions): string {
  const locale = dateLocale(language);
  const day = calendarDate(value);
  if (day) return formatter(locale, 'date', 'UTC', false).format(day);
  const d = instant(value);
  return d ? formatter(locale, 'date', opts?.timeZone, false).format(d) : placeholder(opts);
}

/** "Nov 28, 2026, 14:05" (en), "28 nov 2026, 14:05" (es). A calendar date alone is written as formatDate does. */
export function formatDateTime(value: DateValue, language: string | null | undefined, opts?: DateFormatOptions): string {
  if (calendarDate(value)) return formatDate(value, language, opts);
  const d = instant(value);
  return d ? formatter(dateLocale(language), 'dateTime', opts?.timeZone, opts?.showTimeZone === true).format(d) : placeholder(opts);
}

/** "14:05" (24-hour, the language's own separators). */
export function formatTime(value: DateValue, language: string | null | undefined, opts?: DateFormatOptions): string {
  const d = calendarDate(value) ? null : instant(value);
  return d ? formatter(dateLocale(language), 'time', opts?.timeZone, opts?.showTimeZone === true).format(d) : placeholder(opts);
}

/** Two calendar dates (or instants) as one range, a shared month or year written once: "Oct 30 – Nov 28, 2026". */
export function formatDateRange(from: DateValue, to: DateValue, language: string | null | undefined, opts?: DateFormatOptions): string {
  const a = calendarDate(from) ?? instant(from);
  const b = calendarDate(to) ?? instant(to);
  if (!a || !b) return a ? formatDate(from, language, opts) : b ? formatDate(to, language, opts) : placeholder(opts);
  const zone = calendarDate(from) && calendarDate(to) ? 'UTC' : opts?.timeZone;
  const f = formatter(dateLocale(language), 'date', zone, false);
  return a.getTime() <= b.getTime() ? f.formatRange(a, b) : f.formatRange(b, a);
}
