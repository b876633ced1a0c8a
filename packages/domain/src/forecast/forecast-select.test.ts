import { describe, expect, it } from 'vitest';
import { forecastSeries } from './forecast-select';
import { constant, intermittent, linear, weekly } from './forecast-test-series';

describe('backtest selection', () => {
  it('a constant series: the simplest method wins the tie and the accuracy is perfect', () => {
    const r = forecastSeries({ demand: constant(200, 10) }, { horizon: 14 });
    expect(r.class).toBe('smooth');
    expect(r.method).toBe('seasonal-naive');
    expect(r.forecast).toEqual(constant(14, 10));
    expect(r.accuracy).toEqual({ wape: 0, mase: 0, bias: 0 });
    expect(r.holdoutDays).toBe(56); // two folds of 28
    expect(r.sigma).toBe(0);
  });

  it('weekly seasonality: picks a seasonal method, which beats the moving average on the holdout', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = forecastSeries({ demand: weekly(364, [10, 10, 10, 10, 12, 30, 30], 0.2, seed) }, { horizon: 28 });
      expect(['seasonal-naive', 'ses-weekly'], `seed ${seed}`).toContain(r.method);
      const score = Object.fromEntries(r.backtest.map((b) => [b.method, b.mase]));
      expect(score['ses-weekly']!).toBeLessThan(score['moving-average']!);
      expect(r.forecast[5]!).toBeGreaterThan(r.forecast[0]! * 2);
    }
  });

  it('a trend: picks damped Holt', () => {
    const r = forecastSeries({ demand: linear(200, 10, 0.5) }, { horizon: 7 });
    expect(r.method).toBe('holt-damped');
    expect(Math.abs(r.forecast[0]! / 110 - 1)).toBeLessThan(0.005);
  });

  it('intermittent demand: offers and picks Croston / SBA / TSB, with a level near the demand rate', () => {
    let croston = 0;
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const y = intermittent(500, 0.08, 6, 5, seed);
      const r = forecastSeries({ demand: y }, { horizon: 28 });
      expect(['intermittent', 'lumpy']).toContain(r.class);
      expect(r.backtest.map((b) => b.method)).toEqual(['moving-average', 'ses', 'croston', 'sba', 'tsb']);
      if (['croston', 'sba', 'tsb'].includes(r.method)) croston++;
      const rate = y.reduce((s, v) => s + v, 0) / y.length;
      expect(Math.abs(r.forecast[0]! - rate) / rate, `seed ${seed}`).toBeLessThan(0.6);
    }
    expect(croston).toBeGreaterThanOrEqual(4);
  });

  it('reports accuracy on the holdout and a band around the forecast', () => {
    const r = forecastSeries({ demand: weekly(364, [10, 10, 10, 10, 12, 30, 30], 0.2, 9) }, { horizon: 14, intervalLevel: 0.9 });
    expect(r.accuracy!.wape).toBeGreaterThan(0);
    expect(r.accuracy!.wape).toBeLessThan(0.3);
    expect(Math.abs(r.accuracy!.bias)).toBeLessThan(0.1);
    r.forecast.forEach((f, i) => {
      expect(r.lower[i]!).toBeLessThanOrEqual(f);
      expect(r.upper[i]!).toBeGreaterThan(f);
      expect(r.lower[i]!).toBeGreaterThanOrEqual(0);
    });
  });

  it('new items: short backtest, and no backtest at all under three weeks', () => {
    const short = forecastSeries({ demand: weekly(40, [5, 5, 5, 5, 5, 9, 9], 0.1) }, { horizon: 7 });
    expect(short.class).toBe('new');
    expect(short.holdoutDays).toBe(16); // two folds of 20 % of 40 days
    expect(short.accuracy).not.toBeNull();
    const tiny = forecastSeries({ demand: [3, 4, 5] }, { horizon: 3 });
    expect(tiny.method).toBe('moving-average');
    expect(tiny.accuracy).toBeNull();
    expect(tiny.forecast).toEqual([4, 4, 4]);
    expect(tiny.notes.join(' ')).toMatch(/too short/);
  });

  it('a SKU that never sold forecasts zero', () => {
    const r = forecastSeries({ demand: constant(100, 0) }, { horizon: 5 });
    expect(r.class).toBe('no-demand');
    expect(r.forecast).toEqual(constant(5, 0));
  });
});
