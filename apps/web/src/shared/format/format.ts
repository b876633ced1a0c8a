import {
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatTime as formatTimeIn,
  type DateFormatOptions,
  type DateValue,
  type TAddress,
} from '@omnio/domain';
import { i18n } from '../i18n/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** Options of the app's date formatters: the domain's, and a language other than the UI's if needed. */
export type AppDateOptions = DateFormatOptions & { language?: string };

const languageOf = (opts: AppDateOptions | undefined) => opts?.language ?? i18n.language;

/**
 * Issue 24 / spec 9: one date format for the whole app (packages/domain dates.ts). The month is a word and
 * the year has four digits, in the UI language's order, in the browser's time zone: "Nov 28, 2026, 14:05".
 * Nothing (or nonsense) shows '—' unless `placeholder` says otherwise.
 */
export function formatDateTime(value: DateValue, opts?: AppDateOptions): string {
  return formatDateTimeIn(value, languageOf(opts), opts);
}

/** A day: "Nov 28, 2026". A calendar date (shipable date, deliver-by: "2026-11-28") is never shifted by the time zone. */
export function formatDate(value: DateValue, opts?: AppDateOptions): string {
  return formatDateIn(value, languageOf(opts), opts);
}

/** A time of day, 24-hour: "14:05". */
export function formatTime(value: DateValue, opts?: AppDateOptions): string {
  return formatTimeIn(value, languageOf(opts), opts);
}

/** Money as a decimal string with its currency, in the reader's number format ("1,234.50 USD"). */
export function formatMoney(value: string | number | null | undefined, currency: string | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const locale = language === 'sp' ? 'es' : language;
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(n);
    } catch {
      /* an unknown currency code falls through to a plain number */
    }
  }
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

export function personName(p: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return [p?.first_name, p?.last_name].filter(Boolean).join(' ');
}

/** An address as the lines of a label. */
export function addressLines(a: TAddress | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [personName(a), a.company, a.address1, a.address2, cityLine, a.country, a.phone, a.email].filter((l): l is string => Boolean(l));
}

/** A `<input type="datetime-local">` value (local time) for an ISO instant, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Spec 4: hold takes a date and an optional time. No time means the start of that day, local time. The
 * answer is an ISO instant with the browser's offset, which ZHoldInput accepts.
 */
export function holdUntilIso(date: string, time: string): string | null {
  if (!date) return null;
  const d = new Date(`${date}T${time || '00:00'}`);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString();
}

/** Local start and end of a calendar day as ISO instants (for created_at between two dates). */
export function dayStartIso(date: string): string {
  return new Date(`${date}T00:00:00`).toISOString();
}

export function dayEndIso(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}
