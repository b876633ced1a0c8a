import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TOrderInput } from '../orders';
import { combine, evaluateCondition, testValue } from './rule-conditions';
import type { TFlowCondition } from './rule-flow';
import { facts, order } from './rule-test-kit';

const ev = (c: TFlowCondition, o: TOrderInput = order()) => evaluateCondition('before_import_order', c, o, facts());
const holds = (c: TFlowCondition, o?: TOrderInput) => ev(c, o).result;

describe('text operators', () => {
  it('equals / not_equals: trimmed and case-insensitive', () => {
    expect(holds({ field: 'shipping_address.state', operator: 'equals', value: ' tx ' })).toBe(true);
    expect(holds({ field: 'shipping_address.state', operator: 'equals', value: 'CA' })).toBe(false);
    expect(holds({ field: 'shipping_address.state', operator: 'not_equals', value: 'CA' })).toBe(true);
    expect(holds({ field: 'shipping_address.state', operator: 'not_equals', value: 'tx' })).toBe(false);
  });
  it('contains, not_contains, starts_with, ends_with', () => {
    expect(holds({ field: 'customer.email', operator: 'contains', value: 'EXAMPLE' })).toBe(true);
    expect(holds({ field: 'customer.email', operator: 'contains', value: 'gmail' })).toBe(false);
    expect(holds({ field: 'customer.email', operator: 'not_contains', value: 'gmail' })).toBe(true);
    expect(holds({ field: 'customer.email', operator: 'not_contains', value: 'ann' })).toBe(false);
    expect(holds({ field: 'customer.email', operator: 'starts_with', value: 'ann@' })).toBe(true);
    expect(holds({ field: 'customer.email', operator: 'starts_with', value: 'bob' })).toBe(false);
    expect(holds({ field: 'customer.email', operator: 'ends_with', value: '.COM' })).toBe(true);
    expect(holds({ field: 'customer.email', operator: 'ends_with', value: '.org' })).toBe(false);
  });
  it('in / not_in take a list', () => {
    expect(holds({ field: 'shipping_address.state', operator: 'in', value: ['Texas', 'tx'] })).toBe(true);
    expect(holds({ field: 'shipping_address.state', operator: 'in', value: ['CA', 'NV'] })).toBe(false);
    expect(holds({ field: 'shipping_address.state', operator: 'not_in', value: ['CA', 'NV'] })).toBe(true);
    expect(holds({ field: 'shipping_address.state', operator: 'not_in', value: ['TX'] })).toBe(false);
  });
  it('is_blank / is_not_blank: null, missing and whitespace are blank', () => {
    expect(holds({ field: 'order.notes', operator: 'is_blank' })).toBe(true);
    expect(holds({ field: 'order.notes', operator: 'is_blank' }, order({ notes: '   ' }))).toBe(true);
    expect(holds({ field: 'order.notes', operator: 'is_blank' }, order({ notes: 'x' }))).toBe(false);
    expect(holds({ field: 'customer.company', operator: 'is_not_blank' })).toBe(false);
    expect(holds({ field: 'shipping_address.company', operator: 'is_blank' })).toBe(true);
    expect(holds({ field: 'order.channel', operator: 'is_not_blank' })).toBe(true);
  });
  it('a blank field equals nothing and contains nothing', () => {
    expect(holds({ field: 'order.notes', operator: 'equals', value: '' })).toBe(false);
    expect(holds({ field: 'order.notes', operator: 'contains', value: 'a' })).toBe(false);
    expect(holds({ field: 'order.notes', operator: 'not_equals', value: 'a' })).toBe(true);
  });
  it('tags: a list matches when any tag does; an empty list is blank', () => {
    expect(holds({ field: 'order.tags', operator: 'equals', value: 'vip' })).toBe(true);
    expect(holds({ field: 'order.tags', operator: 'contains', value: 'gif' })).toBe(true);
    expect(holds({ field: 'order.tags', operator: 'in', value: ['wholesale', 'GIFT'] })).toBe(true);
    expect(holds({ field: 'order.tags', operator: 'not_in', value: ['wholesale'] })).toBe(true);
    expect(holds({ field: 'order.tags', operator: 'not_contains', value: 'vip' })).toBe(false);
    expect(holds({ field: 'order.tags', operator: 'is_blank' })).toBe(false);
    expect(holds({ field: 'order.tags', operator: 'is_blank' }, order({ metadata: {} }))).toBe(true);
    expect(holds({ field: 'order.tags', operator: 'is_blank' }, order({ metadata: { tags: [] } }))).toBe(true);
  });
  it('process fields come from the facts, metadata from the order', () => {
    expect(holds({ field: 'process.driver', operator: 'equals', value: 'Shopify' })).toBe(true);
    expect(holds({ field: 'metadata.priority', operator: 'equals', value: '7' })).toBe(true);
    expect(holds({ field: 'metadata.missing', operator: 'is_blank' })).toBe(true);
  });
});

describe('number operators', () => {
  it('computes totals from the lines with decimals, not floats', () => {
    expect(ev({ field: 'order.total', operator: 'equals', value: '25.20' })).toMatchObject({ result: true, actual: 25.2 });
    expect(ev({ field: 'order.subtotal', operator: 'equals', value: 20.3 })).toMatchObject({ result: true, actual: 20.3 });
    expect(ev({ field: 'order.units', operator: 'equals', value: 3 })).toMatchObject({ result: true, actual: 3 });
    expect(ev({ field: 'order.line_count', operator: 'equals', value: '2' }).result).toBe(true);
    expect(ev({ field: 'order.weight', operator: 'equals', value: 17 })).toMatchObject({ result: true, actual: 17 });
    const o = order({ lines: [{ sku: 'x', quantity: 3, price: '0.10' }], shipping: '0.20' });
    expect(ev({ field: 'order.total', operator: 'equals', value: '0.5' }, o).result).toBe(true);
  });
  it('unknown SKU weights count as 0', () => {
    const o = order({ lines: [{ sku: 'unknown', quantity: 5 }, { sku: 'heavy', quantity: 2 }] });
    expect(ev({ field: 'order.weight', operator: 'equals', value: 24 }, o).result).toBe(true);
  });
  it('greater_than, less_than, at_least, at_most, between (inclusive, either order)', () => {
    const t = (operator: TFlowCondition['operator'], value: unknown, value2?: unknown) =>
      holds({ field: 'order.total', operator, value: value as string, ...(value2 !== undefined ? { value2: value2 as string } : {}) });
    expect(t('greater_than', '25.19')).toBe(true);
    expect(t('greater_than', 25.2)).toBe(false);
    expect(t('less_than', '100')).toBe(true);
    expect(t('less_than', '25.2')).toBe(false);
    expect(t('at_least', '25.2')).toBe(true);
    expect(t('at_least', '25.21')).toBe(false);
    expect(t('at_most', '25.20')).toBe(true);
    expect(t('at_most', '25.1')).toBe(false);
    expect(t('between', '25.2', '30')).toBe(true);
    expect(t('between', '30', '25.2')).toBe(true);
    expect(t('between', '0', '25.19')).toBe(false);
    expect(t('in', ['1', '25.20'])).toBe(true);
    expect(t('not_in', ['1', '25.20'])).toBe(false);
    expect(t('not_equals', '25.2')).toBe(false);
    expect(t('not_equals', '3')).toBe(true);
  });
  it('a value that is not a number matches nothing; a blank number is blank', () => {
    expect(holds({ field: 'order.total', operator: 'greater_than', value: 'abc' })).toBe(false);
    expect(holds({ field: 'order.shipping', operator: 'is_blank' }, order({ shipping: undefined }))).toBe(true);
    expect(holds({ field: 'order.shipping', operator: 'greater_than', value: 0 }, order({ shipping: undefined }))).toBe(false);
  });
});

describe('date operators', () => {
  it('compares ISO dates; a day against a timestamp compares the days', () => {
    expect(holds({ field: 'order.deliver_by', operator: 'equals', value: '2026-03-20' })).toBe(true);
    expect(holds({ field: 'order.deliver_by', operator: 'greater_than', value: '2026-03-19' })).toBe(true);
    expect(holds({ field: 'order.deliver_by', operator: 'less_than', value: '2026-03-20' })).toBe(false);
    expect(holds({ field: 'order.deliver_by', operator: 'between', value: '2026-03-01', value2: '2026-03-31' })).toBe(true);
    expect(holds({ field: 'order.created_at', operator: 'equals', value: '2026-03-10' })).toBe(true);
    expect(holds({ field: 'order.created_at', operator: 'greater_than', value: '2026-03-10T11:59:00Z' })).toBe(true);
    expect(holds({ field: 'order.shipable_date', operator: 'is_blank' })).toBe(true);
  });
});

describe('line fields and quantifiers', () => {
  it('any (default), all, none; the trace names the matching lines', () => {
    const heavy = { field: 'sku.weight', operator: 'greater_than', value: 10 } as const;
    expect(ev(heavy)).toMatchObject({ result: true, lines: [2] });
    expect(ev(heavy).actual).toBeUndefined();
    expect(holds({ ...heavy, quantifier: 'all' })).toBe(false);
    expect(holds({ ...heavy, quantifier: 'none' })).toBe(false);
    // "no line heavier than 10 kg"
    const light = order({ lines: [{ sku: 'abc', quantity: 1 }] });
    expect(holds({ ...heavy, quantifier: 'none' }, light)).toBe(true);
    expect(holds({ field: 'line.quantity', operator: 'at_least', value: 1, quantifier: 'all' })).toBe(true);
  });
  it('reads line.sku trimmed, line.total, sku.* from the catalog and sku.available over shipping iLocs', () => {
    expect(ev({ field: 'line.sku', operator: 'equals', value: 'ABC' }).lines).toEqual([1]);
    expect(ev({ field: 'line.total', operator: 'equals', value: '20.1' }).lines).toEqual([1]);
    expect(ev({ field: 'sku.brand', operator: 'equals', value: 'big' }).lines).toEqual([2]);
    expect(ev({ field: 'sku.available', operator: 'equals', value: 16 }).lines).toEqual([1]);
    expect(ev({ field: 'sku.name', operator: 'is_blank' }, order({ lines: [{ sku: 'nope', quantity: 1 }] })).lines).toEqual([1]);
  });
});

describe('aggregates and custom_field', () => {
  it('order_total_items and order_total_line', () => {
    expect(ev({ field: 'order', operator: 'order_total_items', compare: 'gte', value: 3 })).toMatchObject({ result: true, actual: 3 });
    expect(holds({ field: 'order', operator: 'order_total_items', compare: 'gt', value: 3 })).toBe(false);
    expect(holds({ field: 'order', operator: 'order_total_line', compare: 'eq', value: 2 })).toBe(true);
    expect(holds({ field: 'order', operator: 'order_total_line', compare: 'ne', value: 2 })).toBe(false);
  });
  it('custom_sum over line.quantity, line.total, line.price and sku.weight × quantity', () => {
    expect(holds({ field: 'line.quantity', operator: 'custom_sum', compare: 'eq', value: 3 })).toBe(true);
    expect(holds({ field: 'line.total', operator: 'custom_sum', compare: 'eq', value: '20.2' })).toBe(true);
    expect(holds({ field: 'line.price', operator: 'custom_sum', compare: 'lt', value: '10.2' })).toBe(false);
    expect(ev({ field: 'sku.weight', operator: 'custom_sum', compare: 'lte', value: 17 })).toMatchObject({ result: true, actual: 17 });
  });
  it('custom_count counts the lines matching where', () => {
    const c: TFlowCondition = { field: 'order', operator: 'custom_count', compare: 'eq', value: 1, where: { field: 'sku.weight', operator: 'greater_than', value: 10 } };
    expect(ev(c)).toMatchObject({ result: true, actual: 1, lines: [2] });
    expect(holds({ ...c, value: 2 })).toBe(false);
  });
  it('custom_field compares metadata as numbers, dates or text', () => {
    const cf = (compare: TFlowCondition['compare'], value?: string, field = 'metadata.priority') => holds({ field, operator: 'custom_field', compare, ...(value !== undefined ? { value } : {}) });
    expect(cf('eq', '7.0')).toBe(true);
    expect(cf('ne', '7')).toBe(false);
    expect(cf('gt', '10')).toBe(false);
    expect(cf('gte', '7')).toBe(true);
    expect(cf('lt', '10')).toBe(true);
    expect(cf('lte', '6')).toBe(false);
    expect(cf('gt', '2024-12-31', 'metadata.since')).toBe(true);
    expect(cf('contains', '2025', 'metadata.since')).toBe(true);
    expect(cf('starts_with', '2026', 'metadata.since')).toBe(false);
    expect(cf('ends_with', '02', 'metadata.since')).toBe(true);
    expect(cf('is_blank', undefined, 'metadata.nothing')).toBe(true);
    expect(cf('is_blank')).toBe(false);
  });
});

describe('properties', () => {
  const nonBlank = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '');
  it('not_equals is the negation of equals for non-blank values', () => {
    fc.assert(fc.property(nonBlank, nonBlank, (a, b) => {
      expect(testValue('text', 'not_equals', a, b)).toBe(!testValue('text', 'equals', a, b));
      expect(testValue('number', 'not_equals', a, b)).toBe(!testValue('number', 'equals', a, b));
    }));
  });
  it('text equality ignores case and surrounding spaces', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z0-9]{1,10}$/), (a) => {
      expect(testValue('text', 'equals', `  ${a.toUpperCase()} `, a)).toBe(true);
      expect(testValue('text', 'in', `${a.toUpperCase()}\t`, ['zz zz', ` ${a} `])).toBe(true);
    }));
  });
  it('numeric strings equal their numbers', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 99 }), (i, c) => {
      const s = `${i}.${String(c).padStart(2, '0')}`;
      expect(testValue('number', 'equals', s, Number(s))).toBe(true);
    }));
  });
  it('the none quantifier is the negation of any', () => {
    const lines = fc.array(fc.record({ sku: fc.constantFrom('abc', 'heavy', 'nw', 'zzz'), quantity: fc.integer({ min: 1, max: 20 }) }), { maxLength: 6 });
    fc.assert(fc.property(lines, fc.integer({ min: 0, max: 20 }), (ls, w) => {
      const o = order({ lines: ls });
      const any = holds({ field: 'sku.weight', operator: 'greater_than', value: w, quantifier: 'any' }, o);
      const none = holds({ field: 'sku.weight', operator: 'greater_than', value: w, quantifier: 'none' }, o);
      expect(none).toBe(!any);
    }));
  });
  it('combine: none is not any', () => {
    fc.assert(fc.property(fc.array(fc.boolean()), (rs) => { expect(combine('none', rs)).toBe(!combine('any', rs)); }));
  });
});
