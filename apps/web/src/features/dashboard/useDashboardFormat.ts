import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange } from '@omnio/domain';
import { formatMoney } from '../../shared/format/format';

/** Numbers, money, changes and days in the reader's language; days are UTC calendar days, so never shifted. */
export function useDashboardFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const locale = language === 'sp' ? 'es' : language;
    const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const asDate = (ymd: string) => new Date(`${ymd.slice(0, 10)}T00:00:00Z`);
    return {
      integer: (n: number) => integer.format(n),
      money: (value: string | number, currency: string) => formatMoney(value, currency, language),
      /** A change as a signless fraction ("12.5%"); the words around it say up or down. */
      percent: (fraction: number) => percent.format(Math.abs(fraction)),
      compact: (n: number) => compact.format(n),
      day: (ymd: string) => day.format(asDate(ymd)),
      /** Issue 24: the app's one date format ("Nov 28, 2026"); a calendar day, never shifted. */
      longDay: (ymd: string) => formatDate(ymd.slice(0, 10), language),
      /** "Oct 30 – Nov 28, 2026"; one day is written once. */
      days: (from: string, to: string) => formatDateRange(from.slice(0, 10), to.slice(0, 10), language),
    };
  }, [language]);
}
