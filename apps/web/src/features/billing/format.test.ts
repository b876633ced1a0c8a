import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatCount } from './format';

describe('dollarsToCents', () => {
  it.each([
    ['49', 4900], ['49.9', 4990], ['49.99', 4999], ['0.29', 29], ['.5', 50], ['1,049.10', 104910], ['$15', 1500], [' 19.00 ', 1900], ['0', 0],
    // Floats would give 1004.9999… or 56.99999…: parsing the text keeps every cent.
    ['10.05', 1005], ['0.57', 57], ['1.15', 115], ['4.35', 435],
  ])('%s dollars are %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1.234', '1e3', '12.3.4', '$', '.'])('refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNull();
  });
});

describe('formatCents', () => {
  it('shows cents as dollars in the reader’s format', () => {
    expect(formatCents(17800, 'en')).toBe('$178.00');
    expect(formatCents(1505, 'en')).toBe('$15.05');
    expect(formatCount(17000, 'en')).toBe('17,000');
  });
});
