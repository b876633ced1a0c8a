import { describe, expect, it } from 'vitest';
import { suggestQuantity, velocityOf, ZPoBySkusInput, ZPoSuggestionsQuery } from './po-suggestions';
import { poAllowedActions } from './supply';

const ILOC = '11111111-1111-4111-8111-111111111111';
const SUP = '22222222-2222-4222-8222-222222222222';
const base = { sold: 60, windowDays: 30, leadTimeDays: 10, coverDays: 20, onHand: 0, inTransit: 0, onOrder: 0 };

describe('velocity', () => {
  it('is units per day with three decimals, rounded half up', () => {
    expect(velocityOf(60, 30)).toBe('2.000');
    expect(velocityOf(10, 3)).toBe('3.333');
    expect(velocityOf(2, 3)).toBe('0.667');
    expect(velocityOf(1, 2000)).toBe('0.001'); // 0.0005 rounds up
    expect(velocityOf(0, 30)).toBe('0.000');
    expect(velocityOf(5, 0)).toBe('0.000');
  });
});

describe('suggested quantity', () => {
  it('covers lead time plus cover days at the sales rate', () => {
    expect(suggestQuantity(base)).toBe(60); // 2/day × 30 days
  });
  it('subtracts what is on hand, in transit and on order', () => {
    expect(suggestQuantity({ ...base, onHand: 10, inTransit: 5, onOrder: 15 })).toBe(30);
    expect(suggestQuantity({ ...base, onHand: 100 })).toBe(0);
  });
  it('rounds the demand up from the exact rate, not the rounded velocity', () => {
    expect(suggestQuantity({ ...base, sold: 10, windowDays: 3, leadTimeDays: 0, coverDays: 30 })).toBe(100);
    expect(suggestQuantity({ ...base, sold: 1, windowDays: 30, leadTimeDays: 0, coverDays: 1 })).toBe(1);
  });
  it('raises to the minimum order quantity only when something is needed', () => {
    expect(suggestQuantity({ ...base, minQuantity: 100 })).toBe(100);
    expect(suggestQuantity({ ...base, minQuantity: 10 })).toBe(60);
    expect(suggestQuantity({ ...base, onHand: 500, minQuantity: 100 })).toBe(0);
  });
  it('suggests nothing without sales', () => {
    expect(suggestQuantity({ ...base, sold: 0, minQuantity: 5 })).toBe(0);
  });
});

describe('bodies', () => {
  it('suggestion query coerces URL strings and applies defaults', () => {
    expect(ZPoSuggestionsQuery.parse({ iloc_id: ILOC })).toMatchObject({ window_days: 30, cover_days: 30, only_needed: true, page: 1, per_page: 25 });
    expect(ZPoSuggestionsQuery.parse({ iloc_id: ILOC, window_days: '7', only_needed: 'false' })).toMatchObject({ window_days: 7, only_needed: false });
    expect(ZPoSuggestionsQuery.safeParse({ iloc_id: ILOC, window_days: '0' }).success).toBe(false);
    expect(ZPoSuggestionsQuery.safeParse({ iloc_id: ILOC, window_days: '366' }).success).toBe(false);
    expect(ZPoSuggestionsQuery.safeParse({ iloc_id: ILOC, cover_days: '-1' }).success).toBe(false);
    expect(ZPoSuggestionsQuery.safeParse({}).success).toBe(false);
  });
  it('by-skus body needs whole positive quantities and a supplier per line', () => {
    expect(ZPoBySkusInput.safeParse({ iloc_id: ILOC, lines: [{ sku: 'A', supplier_id: SUP, quantity: 3 }] }).success).toBe(true);
    expect(ZPoBySkusInput.safeParse({ iloc_id: ILOC, lines: [{ sku: 'A', supplier_id: SUP, quantity: 1.5 }] }).success).toBe(false);
    expect(ZPoBySkusInput.safeParse({ iloc_id: ILOC, lines: [{ sku: 'A', quantity: 1 }] }).success).toBe(false);
    expect(ZPoBySkusInput.safeParse({ iloc_id: ILOC, lines: [] }).success).toBe(false);
  });
});

describe('PO allowed actions', () => {
  const all = ['update-purchase-order', 'create-asn'];
  it('a supplier user gets only acknowledge and ship', () => {
    expect(poAllowedActions('sent', all, 'supplier')).toEqual(['acknowledge', 'ship']);
    expect(poAllowedActions('draft', all, 'supplier')).toEqual([]);
    expect(poAllowedActions('sent', all, 'tenant')).toEqual(['acknowledge', 'email', 'complete', 'cancel', 'ship']);
  });
});
