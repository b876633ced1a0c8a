import { describe, expect, it } from 'vitest';
import { explainAvailability, isValidBalance, ZAdjustmentBatch, ZAvailabilityQuery, ZInventoryImportRow } from './inventory';

const base = { holder: { sku: 'TEE', type: 'REGULAR' }, packQuantity: 1, reservePercentage: 0, maxListed: null };

describe('explainAvailability', () => {
  it('sums the chosen ilocs, holds back the reserve (rounded down), caps, then divides into whole packs', () => {
    const e = explainAvailability({
      ...base, packQuantity: 6, reservePercentage: 10, maxListed: 40,
      ilocs: [{ iloc_id: 'a', qty_available: 30 }, { iloc_id: 'b', qty_available: 25 }],
    });
    expect(e).toEqual({
      ilocs: [{ iloc_id: 'a', qty_available: 30 }, { iloc_id: 'b', qty_available: 25 }],
      pooled_available: 55, holder: base.holder, pack_quantity: 6, reserve_percentage: 10,
      after_reserve: 49, max_listed: 40, after_max_listed: 40, result: 6,
    });
  });

  it.each([
    [100, 33.33, 66], [3, 33.33, 2], [1, 50, 0], [7, 0, 7], [7, 100, 0], [10, 0.01, 9],
  ])('%i available, %d %% reserved → %i', (available, pct, expected) => {
    const e = explainAvailability({ ...base, reservePercentage: pct, ilocs: [{ iloc_id: 'a', qty_available: available }] });
    expect(e.after_reserve).toBe(expected);
    expect(e.pack_quantity).toBeUndefined();
  });

  it('a negative figure never reduces the pool', () => {
    expect(explainAvailability({ ...base, ilocs: [{ iloc_id: 'a', qty_available: -3 }, { iloc_id: 'b', qty_available: 2 }] }).result).toBe(2);
  });
});

describe('schemas and checks', () => {
  it('an adjustment gives delta or set, never both or neither', () => {
    const row = { sku: 'TEE', iloc_id: '7f1c1b7e-6a57-4b7e-9a43-2d6f0c6a9b10', bucket: 'good', reason: 'found' };
    expect(ZAdjustmentBatch.safeParse({ adjustments: [{ ...row, delta: 2 }] }).success).toBe(true);
    expect(ZAdjustmentBatch.safeParse({ adjustments: [{ ...row, set: 0 }] }).success).toBe(true);
    expect(ZAdjustmentBatch.safeParse({ adjustments: [row] }).success).toBe(false);
    expect(ZAdjustmentBatch.safeParse({ adjustments: [{ ...row, delta: 1, set: 1 }] }).success).toBe(false);
  });

  it('an import row takes a whole quantity and defaults the reason to a count', () => {
    expect(ZInventoryImportRow.parse({ sku: ' TEE ', iloc_code: 'A', bucket: 'Good', quantity: '12', reason: '' }))
      .toEqual({ sku: 'TEE', iloc_code: 'A', bucket: 'good', quantity: 12, reason: 'cycle_count' });
    for (const quantity of ['-1', '1.5', 'x', '']) expect(ZInventoryImportRow.safeParse({ sku: 'T', iloc_code: 'A', bucket: 'good', quantity, reason: '' }).success).toBe(false);
  });

  it('a balance is valid when no bucket and no availability is negative', () => {
    expect(isValidBalance({ good: 5, hold: 0, hurt: 0, in_transit: 0, reserved: 5 })).toBe(true);
    expect(isValidBalance({ good: 4, hold: 0, hurt: 0, in_transit: 0, reserved: 5 })).toBe(false);
    expect(isValidBalance({ good: 5, hold: -1, hurt: 0, in_transit: 0, reserved: 0 })).toBe(false);
  });
});

describe('ZAvailabilityQuery (GET /inventory/availability)', () => {
  const A = '7f1c1b7e-6a57-4b7e-9a43-2d6f0c6a9b10';
  const B = '8f1c1b7e-6a57-4b7e-9a43-2d6f0c6a9b10';
  const issues = (query: Record<string, unknown>) => {
    const result = ZAvailabilityQuery.safeParse(query);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('reads lists repeated or comma-separated, and numbers from text', () => {
    expect(ZAvailabilityQuery.parse({ iloc_ids: [`${A},${B}`, A], skus: 'TEE, MUG,', reserve_percentage: '12.5', max_listed: '40' })).toEqual({
      iloc_ids: [A, B, A], skus: ['TEE', 'MUG'], sku_ids: [], reserve_percentage: 12.5, max_listed: 40, page: 1, per_page: 25,
    });
    expect(ZAvailabilityQuery.parse({ iloc_ids: A })).toEqual({ iloc_ids: [A], skus: [], sku_ids: [], page: 1, per_page: 25 });
  });

  it('names every bad value by its field', () => {
    expect(issues({})).toEqual({ iloc_ids: 'Choose at least one iloc' });
    expect(issues({ iloc_ids: `${A},nope` })).toEqual({ 'iloc_ids.1': 'Must be a valid id' });
    for (const pct of ['101', '-1', '1.234', 'ten', '', '1e2']) expect(Object.keys(issues({ iloc_ids: A, reserve_percentage: pct }))).toEqual(['reserve_percentage']);
    for (const max of ['-5', '2.5', 'x', '99999999999']) expect(Object.keys(issues({ iloc_ids: A, max_listed: max }))).toEqual(['max_listed']);
    expect(Object.keys(issues({ iloc_ids: A, reserve_percentage: ['1', '2'] }))).toEqual(['reserve_percentage']);
    expect(Object.keys(issues({ iloc_ids: A, sku_ids: 'x' }))).toEqual(['sku_ids.0']);
    expect(Object.keys(issues({ iloc_ids: A, reserve: '10' }))).toEqual(['']);
  });
});
