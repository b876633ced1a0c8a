import { describe, expect, it } from 'vitest';
import { uncensorDemand } from './forecast-censor';
import { forecastSeries } from './forecast-select';
import { constant, weekly } from './forecast-test-series';

describe('censored demand', () => {
  it('estimates out-of-stock days from the same weekday in stock nearby', () => {
    const profile = [10, 10, 10, 10, 10, 30, 30];
    const y = weekly(70, profile, 0);
    const inStock = y.map((_, t) => (t >= 30 && t < 40 ? 0 : 1));
    const sold = y.map((v, t) => (inStock[t] ? v : 0));
    const r = uncensorDemand(sold, inStock);
    expect(r.censoredDays).toBe(10);
    for (let t = 30; t < 40; t++) {
      expect(r.demand[t]).toBe(profile[t % 7]);
      expect(r.estimated[t]).toBe(1);
    }
    expect(r.estimated[29]).toBe(0);
  });

  it('keeps what a stock-out day actually sold when that is more than the estimate', () => {
    const r = uncensorDemand([5, 5, 5, 5, 5, 5, 5, 9, 5, 5], [1, 1, 1, 1, 1, 1, 1, 0, 1, 1]);
    expect(r.demand[7]).toBe(9);
  });

  it('leaves the data alone when there is no stock information or no in-stock day', () => {
    expect(uncensorDemand([1, 2], undefined).censoredDays).toBe(0);
    expect(Array.from(uncensorDemand([0, 0], [0, 0]).demand)).toEqual([0, 0]);
  });

  it('raises the forecast against reading stock-out days as zero, and says so', () => {
    const sold = constant(120, 10);
    const inStock = sold.map((_, t) => (t >= 95 && t < 115 ? 0 : 1));
    for (let t = 95; t < 115; t++) sold[t] = 0;
    const ma = { horizon: 7, methods: ['moving-average'] as const };
    const zeros = forecastSeries({ demand: sold }, ma);
    const censored = forecastSeries({ demand: sold, inStock }, ma);
    expect(censored.censoredDays).toBe(20);
    expect(censored.notes.join(' ')).toMatch(/20 out-of-stock day/);
    expect(censored.forecast[0]).toBeCloseTo(10, 6);
    expect(zeros.censoredDays).toBe(0);
    expect(zeros.forecast[0]).toBeCloseTo(80 / 28, 6); // the last 28 days read as 20 zeros and 8 tens
    const selected = forecastSeries({ demand: sold, inStock }, { horizon: 7 });
    selected.forecast.forEach((f) => expect(f).toBeCloseTo(10, 6));
  });
});
