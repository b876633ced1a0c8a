import { describe, expect, it } from 'vitest';
import { applyPeaks, blackFriday, cyberMonday, dayIndexOf, detectPeaks, peakWindows } from './forecast-peaks';
import { forecastSeries } from './forecast-select';
import { constant } from './forecast-test-series';

/** Two years from 2024-01-01 at 10 a day, with Black Friday → Cyber Monday 2025 at 30. */
function withBlackFriday(): number[] {
  const y = constant(731, 10);
  const a = dayIndexOf('2024-01-01', '2025-11-28');
  for (let t = a; t <= a + 3; t++) y[t] = 30;
  return y;
}

describe('known peaks', () => {
  it('dates Black Friday (day after the 4th Thursday of November), Cyber Monday and Christmas week', () => {
    expect(blackFriday(2023)).toBe('2023-11-24');
    expect(blackFriday(2024)).toBe('2024-11-29');
    expect(blackFriday(2025)).toBe('2025-11-28');
    expect(blackFriday(2026)).toBe('2026-11-27');
    expect(blackFriday(2029)).toBe('2029-11-23'); // November starts on a Thursday
    expect(cyberMonday(2025)).toBe('2025-12-01');
    expect(peakWindows(2025)[1]).toEqual({ name: 'christmas-week', from: '2025-12-18', to: '2025-12-24' });
  });

  it("recognises last year's lift where the history has it, and not where it has none", () => {
    const peaks = detectPeaks(withBlackFriday(), '2024-01-01');
    expect(peaks).toEqual([
      { name: 'black-friday', from: '2025-11-28', to: '2025-12-01', lift: 3, recognised: true },
      { name: 'christmas-week', from: '2025-12-18', to: '2025-12-24', lift: 1, recognised: false },
    ]);
    expect(detectPeaks(constant(100, 10), '2024-01-01')).toEqual([]); // history without any peak window
  });

  it('exclude: the peak does not lift the level', () => {
    const y = withBlackFriday().slice(0, dayIndexOf('2024-01-01', '2025-12-05')); // ends just after the peak
    const ignored = forecastSeries({ demand: y, startDate: '2024-01-01' }, { horizon: 7, peaks: 'ignore', methods: ['moving-average'] });
    const excluded = forecastSeries({ demand: y, startDate: '2024-01-01' }, { horizon: 7, peaks: 'exclude', methods: ['moving-average'] });
    expect(ignored.forecast[0]!).toBeGreaterThan(12);
    expect(excluded.forecast[0]).toBeCloseTo(10, 6);
    expect(excluded.peakDaysExcluded).toBe(4);
    expect(excluded.peakDaysApplied).toBe(0);
  });

  it("apply: this year's Black Friday → Cyber Monday get last year's lift", () => {
    const r = forecastSeries({ demand: withBlackFriday(), startDate: '2024-01-01' }, { horizon: 365, peaks: 'apply' });
    // The forecast starts 2026-01-01; Black Friday 2026 is 2026-11-27 → index 330.
    expect(r.peakDaysApplied).toBe(4);
    expect(r.forecast[329]).toBeCloseTo(10, 6);
    for (let i = 330; i <= 333; i++) expect(r.forecast[i]).toBeCloseTo(30, 6);
    expect(r.forecast[334]).toBeCloseTo(10, 6);
    expect(r.upper[330]!).toBeGreaterThanOrEqual(r.forecast[330]!);
  });

  it('applyPeaks ignores peaks not recognised', () => {
    const f = constant(10, 5);
    expect(applyPeaks(f, '2026-11-25', [{ name: 'black-friday', from: '2025-11-28', to: '2025-12-01', lift: 1.1, recognised: false }])).toBe(0);
    expect(f).toEqual(constant(10, 5));
  });
});
