import { centsToDollars, formatDate, formatDateTime } from '@omnio/domain';

function locale(language: string): string {
  return language === 'sp' ? 'es' : language;
}

/**
 * Cents as money in the reader's format ("$178.00"). The amount goes to Intl as the exact decimal string of
 * centsToDollars (spec 9: unit_amount / 100), so no float ever rounds a price.
 */
export function formatCents(cents: number, language: string, currency = 'usd'): string {
  const format = new Intl.NumberFormat(locale(language), { style: 'currency', currency: currency.toUpperCase() });
  return format.format(centsToDollars(cents) as Intl.StringNumericLiteral);
}

export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(n);
}

/** Issue 24: the app's one date format (packages/domain dates.ts); nothing shows nothing. */
export function formatDay(iso: string | null | undefined, language: string): string {
  return formatDate(iso, language, { placeholder: '' });
}

export function formatDayTime(iso: string | null | undefined, language: string): string {
  return formatDateTime(iso, language, { placeholder: '' });
}

/**
 * Dollars typed by a person ("49", "49.5", "1,049.99", "$15") as integer cents, parsed from the string so no
 * float ever touches the amount. null when it is not a non-negative amount with at most two decimals.
 */
export function dollarsToCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!m) return null;
  const whole = m[1] ? Number.parseInt(m[1], 10) : 0;
  const fraction = Number.parseInt((m[2] ?? '').padEnd(2, '0') || '0', 10);
  return whole * 100 + fraction;
}
