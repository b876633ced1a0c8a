import { describe, expect, it } from 'vitest';
import { FORECAST_METHODS, forecastWith } from './forecast-methods';
import { absErrorSum } from './forecast-metrics';
import { constant, intermittent, linear, weekly } from './forecast-test-series';

describe('forecast methods on series with known answers', () => {
  it('a constant series: every method forecasts the constant', () => {
    const y = constant(120, 10);
    for (const m of FORECAST_METHODS) {
      const f = forecastWith(m, y, 14);
      expect(f).toHaveLength(14);
      // Croston's SBA correction deliberately shades the level by (1 − α/2) = 0.95.
      const want = m === 'sba' ? 9.5 : 10;
      for (const v of f) expect(v, m).toBeCloseTo(want, 6);
    }
  });

  it('a linear trend: damped Holt extrapolates it (damping slowly), the level methods lag behind', () => {
    const y = linear(120, 10, 0.5); // last value 69.5
    const holt = forecastWith('holt-damped', y, 7);
    holt.forEach((v, i) => {
      expect(Math.abs(v / (10 + 0.5 * (120 + i)) - 1)).toBeLessThan(0.015);
      if (i > 0) expect(v).toBeGreaterThan(holt[i - 1]!);
    });
    expect(forecastWith('moving-average', y, 1)[0]).toBeCloseTo(10 + 0.5 * 105.5, 6); // mean of the last 28
    expect(forecastWith('ses', y, 1)[0]!).toBeLessThan(69.5);
  });

  it('weekly seasonality: the seasonal methods follow the weekday, and beat the moving average', () => {
    const profile = [10, 10, 10, 10, 12, 30, 30];
    const clean = weekly(140, profile, 0);
    expect(forecastWith('seasonal-naive', clean, 7)).toEqual([10, 10, 10, 10, 12, 30, 30]);
    const sw = forecastWith('ses-weekly', clean, 7);
    sw.forEach((v, i) => expect(v).toBeCloseTo(profile[i]!, 6));

    const noisy = weekly(168, profile, 0.15, 3);
    const fit = noisy.slice(0, 140);
    const actual = noisy.slice(140);
    const err = (m: Parameters<typeof forecastWith>[0]): number => absErrorSum(actual, forecastWith(m, fit, 28));
    expect(err('ses-weekly')).toBeLessThan(err('moving-average') * 0.5);
    expect(err('seasonal-naive')).toBeLessThan(err('moving-average'));
  });

  it('seasonal ES needs three weeks of history, else it is plain SES', () => {
    const y = weekly(20, [10, 10, 10, 10, 12, 30, 30], 0);
    expect(forecastWith('ses-weekly', y, 7)).toEqual(forecastWith('ses', y, 7));
  });

  it('intermittent demand: Croston, SBA and TSB forecast about the mean demand rate', () => {
    const every5th = Array.from({ length: 200 }, (_, t) => (t % 5 === 4 ? 4 : 0)); // 0.8 a day
    expect(forecastWith('croston', every5th, 1)[0]).toBeCloseTo(0.8, 6);
    expect(forecastWith('sba', every5th, 1)[0]).toBeCloseTo(0.8 * 0.95, 6);
    // TSB updates its probability every day, so it swings within the 5-day cycle; over the cycle it is the rate.
    let tsbMean = 0;
    for (let k = 0; k < 5; k++) tsbMean += forecastWith('tsb', every5th.slice(0, 195 + k), 1)[0]! / 5;
    expect(tsbMean).toBeCloseTo(0.8, 2);

    // On random intermittent series each level wanders with the recent draws; over many series its ratio to
    // the true rate (0.15 × 5 = 0.75 a day) averages about 1 (SBA about 0.95, by design).
    for (const m of ['croston', 'sba', 'tsb'] as const) {
      let ratio = 0;
      for (let seed = 1; seed <= 40; seed++) ratio += forecastWith(m, intermittent(400, 0.15, 5, 2, seed), 1)[0]! / 0.75 / 40;
      expect(ratio, m).toBeGreaterThan(0.88);
      expect(ratio, m).toBeLessThan(1.12);
    }
  });

  it('TSB decays toward zero when demand stops; Croston holds its level', () => {
    const y = [...intermittent(200, 0.3, 4, 1, 2), ...constant(60, 0)];
    expect(forecastWith('tsb', y, 1)[0]!).toBeLessThan(forecastWith('croston', y, 1)[0]! * 0.1);
  });

  it('never forecasts below zero and handles empty or all-zero history', () => {
    const falling = linear(60, 50, -1);
    for (const m of FORECAST_METHODS) {
      for (const v of forecastWith(m, falling, 60)) expect(v, m).toBeGreaterThanOrEqual(0);
      expect(forecastWith(m, [], 3), m).toEqual([0, 0, 0]);
      expect(forecastWith(m, constant(30, 0), 3), m).toEqual([0, 0, 0]);
    }
  });
});
