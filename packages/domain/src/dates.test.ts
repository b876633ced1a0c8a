import { describe, expect, it } from 'vitest';
import { dateLocale, formatDate, formatDateRange, formatDateTime, formatTime } from './dates';

// Intl separates some parts with no-break or thin spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u2009\u202f]/g, ' ');
const UTC = { timeZone: 'UTC' };
const AT = '2026-11-28T14:05:00Z';

describe('dateLocale', () => {
  it('maps the app codes to BCP-47 locales', () => {
    expect(dateLocale('en')).toBe('en');
    expect(dateLocale('sp')).toBe('es');
    expect(dateLocale('es')).toBe('es');
    expect(dateLocale('iw')).toBe('he');
    expect(dateLocale('jp')).toBe('ja');
    expect(dateLocale('en-GB')).toBe('en-GB');
    expect(dateLocale('fr_CA')).toBe('fr-CA');
  });

  it('falls back to English', () => {
    expect(dateLocale(undefined)).toBe('en');
    expect(dateLocale('')).toBe('en');
    expect(dateLocale('klingon')).toBe('en');
  });
});

describe('formatDate', () => {
  it('writes the month as a word and the year with four digits', () => {
    expect(plain(formatDate(AT, 'en', UTC))).toBe('Nov 28, 2026');
    expect(plain(formatDate(AT, 'sp', UTC))).toBe('28 nov 2026');
    expect(plain(formatDate(AT, 'es', UTC))).toBe('28 nov 2026');
    expect(plain(formatDate(AT, 'de', UTC))).toBe('28. Nov. 2026');
    expect(plain(formatDate(AT, 'ja', UTC))).toBe('2026年11月28日');
  });

  it('shows an instant in the given time zone', () => {
    expect(plain(formatDate('2026-11-28T02:00:00Z', 'en', { timeZone: 'America/New_York' }))).toBe('Nov 27, 2026');
    expect(plain(formatDate(new Date(AT), 'en', UTC))).toBe('Nov 28, 2026');
    expect(plain(formatDate(Date.parse(AT), 'en', UTC))).toBe('Nov 28, 2026');
  });

  it('never shifts a calendar date, whatever the time zone', () => {
    expect(plain(formatDate('2026-11-28', 'en', { timeZone: 'America/Los_Angeles' }))).toBe('Nov 28, 2026');
    expect(plain(formatDate('2026-11-28', 'en', { timeZone: 'Pacific/Kiritimati' }))).toBe('Nov 28, 2026');
    expect(plain(formatDate('2026-01-01', 'es'))).toBe('1 ene 2026');
  });

  it('shows a placeholder for nothing or nonsense', () => {
    expect(formatDate(null, 'en')).toBe('—');
    expect(formatDate(undefined, 'en')).toBe('—');
    expect(formatDate('', 'en')).toBe('—');
    expect(formatDate('not a date', 'en')).toBe('—');
    expect(formatDate('2026-13-45', 'en')).toBe('—');
    expect(formatDate('2026-02-30', 'en')).toBe('—');
    expect(formatDate(Number.NaN, 'en')).toBe('—');
    expect(formatDate(null, 'en', { placeholder: '' })).toBe('');
    expect(formatDate('nope', 'en', { placeholder: 'never' })).toBe('never');
  });

  it('falls back to UTC for an unknown time zone', () => {
    expect(plain(formatDate(AT, 'en', { timeZone: 'Mars/Olympus' }))).toBe('Nov 28, 2026');
  });
});

describe('formatDateTime', () => {
  it('adds a 24-hour time with two-digit minutes', () => {
    expect(plain(formatDateTime(AT, 'en', UTC))).toBe('Nov 28, 2026, 14:05');
    expect(plain(formatDateTime(AT, 'sp', UTC))).toBe('28 nov 2026, 14:05');
    expect(plain(formatDateTime(AT, 'de', UTC))).toBe('28. Nov. 2026, 14:05');
    expect(plain(formatDateTime(AT, 'ja', UTC))).toBe('2026年11月28日 14:05');
    expect(plain(formatDateTime('2026-11-28T09:05:00Z', 'es', UTC))).toMatch(/^28 nov 2026, 0?9:05$/);
  });

  it('can name the time zone', () => {
    expect(plain(formatDateTime(AT, 'en', { timeZone: 'UTC', showTimeZone: true }))).toBe('Nov 28, 2026, 14:05 UTC');
  });

  it('writes a calendar date without a time', () => {
    expect(plain(formatDateTime('2026-11-28', 'en', UTC))).toBe('Nov 28, 2026');
  });

  it('shows a placeholder for nothing or nonsense', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('garbage', 'ja')).toBe('—');
  });
});

describe('formatTime', () => {
  it('is 24-hour', () => {
    expect(plain(formatTime(AT, 'en', UTC))).toBe('14:05');
    expect(plain(formatTime(AT, 'de', UTC))).toBe('14:05');
    expect(formatTime(undefined, 'en')).toBe('—');
  });
});

describe('formatDateRange', () => {
  it('writes a shared year once', () => {
    expect(plain(formatDateRange('2026-10-30', '2026-11-28', 'en'))).toBe('Oct 30 – Nov 28, 2026');
    expect(plain(formatDateRange('2026-11-28', '2026-11-28', 'en'))).toBe('Nov 28, 2026');
  });
});
