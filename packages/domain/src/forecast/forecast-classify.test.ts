import { describe, expect, it } from 'vitest';
import { classifyDemand } from './forecast-classify';
import { constant } from './forecast-test-series';

describe('demand class (Syntetos–Boylan)', () => {
  it('classifies by ADI and CV²', () => {
    expect(classifyDemand(constant(100, 10))).toMatchObject({ class: 'smooth', adi: 1, cv2: 0 });
    const erratic = Array.from({ length: 100 }, (_, t) => (t % 2 ? 20 : 1));
    expect(classifyDemand(erratic).class).toBe('erratic');
    expect(classifyDemand(erratic).cv2).toBeCloseTo((200.5 - 10.5 ** 2) / 10.5 ** 2, 10);
    const intermittent = Array.from({ length: 100 }, (_, t) => (t % 5 === 4 ? 4 : 0));
    expect(classifyDemand(intermittent)).toMatchObject({ class: 'intermittent', adi: 5, cv2: 0, demandShare: 0.2 });
    const lumpy = Array.from({ length: 120 }, (_, t) => (t % 3 ? 0 : t % 2 ? 20 : 1));
    expect(classifyDemand(lumpy).class).toBe('lumpy');
  });

  it('a short history is a new item, and one that never sold has no demand', () => {
    expect(classifyDemand(constant(30, 5)).class).toBe('new');
    expect(classifyDemand(constant(100, 0)).class).toBe('no-demand');
  });
});
