import { describe, expect, it } from 'vitest';
import { resolveDashboardPeriod, ZDashboardQuery } from './dashboard';

const r = (q: Record<string, unknown>, today: string) => resolveDashboardPeriod(ZDashboardQuery.parse(q), today);

describe('resolveDashboardPeriod', () => {
  it('defaults to the last 30 days against the 30 days before', () => {
    expect(r({}, '2026-03-10')).toEqual({
      period: { from: '2026-02-09', to: '2026-03-10' },
      comparison: { from: '2026-01-10', to: '2026-02-08' },
    });
  });

  it('resolves the day presets', () => {
    expect(r({ range: 'today' }, '2026-03-01').period).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(r({ range: 'today' }, '2026-03-01').comparison).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(r({ range: 'yesterday' }, '2026-03-01').period).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(r({ range: 'last_7_days' }, '2026-01-03').period).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(r({ range: 'last_90_days', compare: 'none' }, '2026-03-31')).toEqual({ period: { from: '2026-01-01', to: '2026-03-31' }, comparison: null });
  });

  it('compares a whole last month with the whole month before, whatever their lengths', () => {
    expect(r({ range: 'last_month' }, '2026-03-15')).toEqual({
      period: { from: '2026-02-01', to: '2026-02-28' },
      comparison: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(r({ range: 'last_month' }, '2026-01-05')).toEqual({
      period: { from: '2025-12-01', to: '2025-12-31' },
      comparison: { from: '2025-11-01', to: '2025-11-30' },
    });
  });

  it('compares a to-date stretch with the same stretch of the earlier unit, clamped to its end', () => {
    expect(r({ range: 'month' }, '2026-03-10')).toEqual({
      period: { from: '2026-03-01', to: '2026-03-10' },
      comparison: { from: '2026-02-01', to: '2026-02-10' },
    });
    expect(r({ range: 'month' }, '2026-03-31').comparison).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(r({ range: 'quarter' }, '2026-05-31')).toEqual({
      period: { from: '2026-04-01', to: '2026-05-31' },
      comparison: { from: '2026-01-01', to: '2026-02-28' },
    });
    expect(r({ range: 'year_to_date' }, '2024-02-29')).toEqual({
      period: { from: '2024-01-01', to: '2024-02-29' },
      comparison: { from: '2023-01-01', to: '2023-02-28' },
    });
  });

  it('starts a week on Monday', () => {
    // 2026-03-12 is a Thursday.
    expect(r({ range: 'week' }, '2026-03-12')).toEqual({
      period: { from: '2026-03-09', to: '2026-03-12' },
      comparison: { from: '2026-03-02', to: '2026-03-05' },
    });
    expect(r({ range: 'week' }, '2026-03-15').period.from).toBe('2026-03-09');
  });

  it('resolves last year and the previous year comparison', () => {
    expect(r({ range: 'last_year' }, '2026-06-01')).toEqual({
      period: { from: '2025-01-01', to: '2025-12-31' },
      comparison: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(r({ range: 'custom', from: '2024-02-20', to: '2024-02-29', compare: 'previous_year' }, '2026-01-01').comparison)
      .toEqual({ from: '2023-02-20', to: '2023-02-28' });
  });

  it('compares a custom range with as many days just before it', () => {
    expect(r({ range: 'custom', from: '2026-02-25', to: '2026-03-03' }, '2026-06-01')).toEqual({
      period: { from: '2026-02-25', to: '2026-03-03' },
      comparison: { from: '2026-02-18', to: '2026-02-24' },
    });
  });
});

describe('ZDashboardQuery', () => {
  it('refuses a custom range without both ends, reversed, or with impossible dates', () => {
    expect(ZDashboardQuery.safeParse({ range: 'custom', from: '2026-01-01' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ range: 'custom', from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ range: 'custom', from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ range: 'custom', from: '2000-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ range: 'fortnight' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ compare: 'last_decade' }).success).toBe(false);
  });
});
