import { describe, expect, it } from 'vitest';
import { accuracyOf, bias, mase, naiveScale, wape } from './forecast-metrics';

describe('forecast metrics', () => {
  it('WAPE is Σ|e| / Σ actual and bias Σe / Σ actual (positive = forecast high)', () => {
    expect(wape([10, 10, 10, 10], [12, 8, 10, 10])).toBeCloseTo(0.1, 12);
    expect(bias([10, 10, 10, 10], [12, 8, 10, 10])).toBe(0);
    expect(bias([10, 10], [12, 12])).toBeCloseTo(0.2, 12);
    expect(bias([10, 10], [9, 9])).toBeCloseTo(-0.1, 12);
  });

  it('WAPE and bias of an all-zero period: 0 when nothing was forecast, 1 otherwise', () => {
    expect(wape([0, 0], [0, 0])).toBe(0);
    expect(wape([0, 0], [1, 0])).toBe(1);
    expect(bias([0, 0], [0, 0])).toBe(0);
  });

  it('MASE is scaled by the in-sample seasonal-naive(7) MAE', () => {
    const history = Array.from({ length: 14 }, (_, t) => t + 1); // y_t − y_{t−7} = 7 everywhere
    expect(naiveScale(history)).toBe(7);
    expect(mase([10, 10, 10, 10], [12, 8, 10, 10], history)).toBeCloseTo(1 / 7, 12);
  });

  it('falls back to lag-1 naive on short histories, then to the level, and never divides by zero', () => {
    expect(naiveScale([1, 2, 3, 4, 5])).toBe(1);
    expect(naiveScale([4, 4, 4, 4, 4, 4, 4, 4, 4])).toBe(4);
    expect(naiveScale([0, 0, 0, 0, 0, 0, 0, 0])).toBe(1);
    expect(Number.isFinite(mase([1], [2], [0, 0, 0]))).toBe(true);
  });

  it('accuracyOf gathers the three', () => {
    const a = accuracyOf([10, 10], [11, 11], [10, 12, 10, 12, 10, 12, 10, 12]);
    expect(a.wape).toBeCloseTo(0.1, 12);
    expect(a.bias).toBeCloseTo(0.1, 12);
    expect(a.mase).toBeCloseTo(1 / 2, 12); // lag-7 differences alternate 2 and −2 → scale 2
  });
});
