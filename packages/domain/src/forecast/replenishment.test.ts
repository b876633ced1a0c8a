import { describe, expect, it } from 'vitest';
import { inverseNormal, reorderPoint, replenishmentPlan, safetyStock, suggestOrderQuantity } from './replenishment';

describe('inverse normal', () => {
  it('matches the tables', () => {
    expect(inverseNormal(0.5)).toBe(0);
    expect(inverseNormal(0.95)).toBeCloseTo(1.644854, 5);
    expect(inverseNormal(0.99)).toBeCloseTo(2.326348, 5);
    expect(inverseNormal(0.9)).toBeCloseTo(1.281552, 5);
    expect(inverseNormal(0.999)).toBeCloseTo(3.090232, 5);
    expect(inverseNormal(0.01)).toBeCloseTo(-2.326348, 5);
    expect(() => inverseNormal(1.5)).toThrow(RangeError);
  });
});

describe('safety stock and reorder point', () => {
  const base = { demandPerDay: 10, demandSd: 3, leadTimeDays: 9, serviceLevel: 0.95 };

  it('SS = z·√(L·σd²) with a fixed lead time', () => {
    // √(9 × 9) = 9; × 1.644854 = 14.8037
    expect(safetyStock(base)).toBeCloseTo(14.80369, 4);
    expect(reorderPoint(base)).toBeCloseTo(90 + 14.80369, 4);
  });

  it('SS = z·√(L·σd² + d²·σL²) when the lead time varies', () => {
    // √(81 + 100 × 4) = √481 = 21.931712; × 1.6448536 = 36.074456
    expect(safetyStock({ ...base, leadTimeSd: 2 })).toBeCloseTo(36.074456, 5);
    expect(reorderPoint({ ...base, leadTimeSd: 2 })).toBeCloseTo(126.074456, 5);
    expect(safetyStock({ ...base, leadTimeSd: 2, serviceLevel: 0.99 })).toBeCloseTo(21.93171 * 2.326348, 3);
  });

  it('a 50 % service level needs no safety stock', () => {
    expect(safetyStock({ ...base, serviceLevel: 0.5 })).toBe(0);
  });
});

describe('suggested order quantity', () => {
  const order = { reorderPoint: 126.07456, demandPerDay: 10, coverDays: 14, onHand: 50, onOrder: 20, inTransit: 10 };

  it('ROP + cover − on hand − on order − in transit, in whole units', () => {
    expect(suggestOrderQuantity(order)).toBe(187); // 266.07 − 80 = 186.07 → 187
  });

  it('rounds up to whole packs', () => {
    expect(suggestOrderQuantity({ ...order, packSize: 12 })).toBe(192);
  });

  it("raises to the supplier's minimum, then to whole packs", () => {
    expect(suggestOrderQuantity({ ...order, minQuantity: 250 })).toBe(250);
    expect(suggestOrderQuantity({ ...order, minQuantity: 250, packSize: 12 })).toBe(252);
    expect(suggestOrderQuantity({ ...order, minQuantity: 100, packSize: 12 })).toBe(192);
  });

  it('buys the backordered units on top of the forecast', () => {
    expect(suggestOrderQuantity({ ...order, backordered: 30 })).toBe(217); // 266.07 − 80 + 30 = 216.07 → 217
    expect(suggestOrderQuantity({ ...order, onHand: 300, backordered: 25 })).toBe(0); // 266.07 − 330 + 25 < 0
    expect(suggestOrderQuantity({ ...order, onHand: 0, onOrder: 0, inTransit: 0, reorderPoint: 0, demandPerDay: 0, backordered: 7 })).toBe(7);
  });

  it('orders nothing when stock covers it, whatever the minimum', () => {
    expect(suggestOrderQuantity({ ...order, onHand: 300, minQuantity: 250, packSize: 12 })).toBe(0);
  });

  it('does not round 12.000000001 up to 13', () => {
    expect(suggestOrderQuantity({ reorderPoint: 0.1 + 0.2, demandPerDay: 1, coverDays: 11.7, onHand: 0, onOrder: 0, inTransit: 0 })).toBe(12);
  });

  it('replenishmentPlan chains forecast → SS → ROP → quantity', () => {
    const p = replenishmentPlan({
      forecast: Array.from({ length: 30 }, () => 10), demandSd: 3, leadTimeDays: 9, leadTimeSd: 2, serviceLevel: 0.95,
      coverDays: 14, onHand: 50, onOrder: 20, inTransit: 10, packSize: 12,
    });
    expect(p.demandPerDay).toBe(10);
    expect(p.safetyStock).toBeCloseTo(36.074456, 5);
    expect(p.reorderPoint).toBeCloseTo(126.074456, 5);
    expect(p.quantity).toBe(192);
  });
});
