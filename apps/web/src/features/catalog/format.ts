import type { Decimal } from './api';

/** A decimal string as people read it: "12.5000" → "12.5", "3.000" → "3"; blank stays blank. */
export function formatDecimal(value: Decimal | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A price as people read it: at least two decimals, trailing zeros beyond them dropped ("19.9000" → "19.90"). */
export function formatMoney(value: Decimal | undefined): string {
  const text = formatDecimal(value);
  if (!text) return '';
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
