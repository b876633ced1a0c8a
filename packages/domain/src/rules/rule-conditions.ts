import type { TOrderInput } from '../orders';
import { type Comparison, type FieldKind, type FlowHookPoint, type FlowOperator, flowField } from './rule-catalog';
import type { FlowFacts } from './rule-evaluate';
import type { TFlowCondition } from './rule-flow';
import { lineSumTerm, orderUnits, readLineField, readOrderField } from './rule-fields';
import {
  asList, cmp, compareDates, decToNumber, isBlank, normText, toDateKey, toDec, truncateActual,
} from './rule-values';

/**
 * Conditions (docs/api-rules.md "Conditions"): one operator test of one value, a line quantifier over
 * the lines, the aggregates and custom_field. Negative operators are exactly the negation of their positive
 * twin, so `not_equals` holds for a blank field (it does not equal the value).
 */

export interface TraceCondition {
  field: string;
  operator: string;
  value?: unknown;
  result: boolean;
  actual?: unknown;
  lines?: number[];
}

const NEGATED: Partial<Record<FlowOperator, FlowOperator>> = {
  not_equals: 'equals', not_contains: 'contains', not_in: 'in', is_not_blank: 'is_blank',
};

function textTest(op: FlowOperator, actual: unknown, value: unknown, value2: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((a) => textTest(op, a, value, value2));
  const a = normText(actual);
  if (a === null || a === '') return false;
  const v = normText(value) ?? '';
  switch (op) {
    case 'equals': return a === v;
    case 'contains': return a.includes(v);
    case 'starts_with': return a.startsWith(v);
    case 'ends_with': return a.endsWith(v);
    case 'in': return asList(value).some((x) => normText(x) === a);
    case 'greater_than': return a > v;
    case 'less_than': return a < v;
    case 'at_least': return a >= v;
    case 'at_most': return a <= v;
    case 'between': return a >= v && a <= (normText(value2) ?? '');
    default: return false;
  }
}

/** An ordered comparison: `r(x)` is actual ⋚ x (null when x is not comparable). */
function ordered(op: FlowOperator, r: (x: unknown) => number | null, value: unknown, value2: unknown): boolean {
  switch (op) {
    case 'equals': return r(value) === 0;
    case 'greater_than': { const x = r(value); return x !== null && x > 0; }
    case 'less_than': { const x = r(value); return x !== null && x < 0; }
    case 'at_least': { const x = r(value); return x !== null && x >= 0; }
    case 'at_most': { const x = r(value); return x !== null && x <= 0; }
    case 'in': return asList(value).some((v) => r(v) === 0);
    case 'between': {
      const lo = r(value);
      const hi = r(value2);
      if (lo === null || hi === null) return false;
      // value and value2 may come in either order.
      return (lo >= 0 && hi <= 0) || (lo <= 0 && hi >= 0);
    }
    default: return false;
  }
}

function numberTest(op: FlowOperator, actual: unknown, value: unknown, value2: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((a) => numberTest(op, a, value, value2));
  const a = toDec(actual);
  if (a === null) return false;
  return ordered(op, (x) => { const d = toDec(x); return d === null ? null : cmp(a, d); }, value, value2);
}

function dateTest(op: FlowOperator, actual: unknown, value: unknown, value2: unknown): boolean {
  const a = toDateKey(actual);
  if (a === null) return false;
  return ordered(op, (x) => { const d = toDateKey(x); return d === null ? null : compareDates(a, d); }, value, value2);
}

const truthy = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  const t = normText(v);
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  return null;
};

/** One value against an operator (not the aggregates): the heart of every condition. */
export function testValue(kind: FieldKind, op: FlowOperator, actual: unknown, value?: unknown, value2?: unknown): boolean {
  const positive = NEGATED[op];
  if (positive) return !testValue(kind, positive, actual, value, value2);
  if (op === 'is_blank') return isBlank(actual);
  if (kind === 'number') return numberTest(op, actual, value, value2);
  if (kind === 'date') return dateTest(op, actual, value, value2);
  if (kind === 'boolean') return op === 'equals' && truthy(actual) !== null && truthy(actual) === truthy(value);
  return textTest(op, actual, value, value2);
}

/** `n compare value` for the aggregates. */
export function compareNumber(n: bigint, compare: string | undefined, value: unknown): boolean {
  const v = toDec(Array.isArray(value) ? value[0] : value);
  if (v === null) return false;
  const c = cmp(n, v);
  switch ((compare ?? 'eq') as Comparison) {
    case 'eq': return c === 0;
    case 'ne': return c !== 0;
    case 'gt': return c > 0;
    case 'gte': return c >= 0;
    case 'lt': return c < 0;
    case 'lte': return c <= 0;
    default: return false;
  }
}

const COMPARE_AS_OPERATOR: Record<string, FlowOperator> = {
  eq: 'equals', ne: 'not_equals', contains: 'contains', starts_with: 'starts_with', ends_with: 'ends_with', is_blank: 'is_blank',
  gt: 'greater_than', gte: 'at_least', lt: 'less_than', lte: 'at_most',
};

/** custom_field: a metadata value compared as a number when both sides are numbers, as a date when both are dates, else as text. */
function customFieldTest(actual: unknown, compare: string | undefined, value: unknown): boolean {
  const op = COMPARE_AS_OPERATOR[compare ?? 'eq'] ?? 'equals';
  if (op === 'is_blank') return isBlank(actual);
  const scalar = Array.isArray(actual) ? actual : [actual];
  const kind: FieldKind = scalar.every((a) => toDec(a) !== null) && toDec(value) !== null ? 'number'
    : scalar.every((a) => toDateKey(a) !== null) && toDateKey(value) !== null ? 'date' : 'text';
  if ((kind === 'date' || kind === 'text') && (op === 'at_least' || op === 'at_most')) {
    return testValue(kind, op === 'at_least' ? 'greater_than' : 'less_than', actual, value) || testValue(kind, 'equals', actual, value);
  }
  return testValue(kind, op, actual, value);
}

const lineNumbers = (order: TOrderInput, test: (i: number) => boolean): number[] =>
  order.lines.flatMap((_, i) => (test(i) ? [i + 1] : []));

/** One condition on the order as it is now, with what the trace shows of it. */
export function evaluateCondition(hook: FlowHookPoint, c: TFlowCondition, order: TOrderInput, facts: FlowFacts): TraceCondition {
  const base = { field: c.field, operator: c.operator, ...(c.value !== undefined ? { value: c.value } : {}) };
  switch (c.operator) {
    case 'order_total_items': {
      const n = orderUnits(order);
      return { ...base, result: compareNumber(BigInt(n) * 1_000_000n, c.compare, c.value), actual: n };
    }
    case 'order_total_line': {
      const n = order.lines.length;
      return { ...base, result: compareNumber(BigInt(n) * 1_000_000n, c.compare, c.value), actual: n };
    }
    case 'custom_sum': {
      const sum = order.lines.reduce((s, l) => s + lineSumTerm(l, facts, c.field), 0n);
      return { ...base, result: compareNumber(sum, c.compare, c.value), actual: decToNumber(sum) };
    }
    case 'custom_count': {
      const where = c.where;
      const wf = where ? flowField(hook, where.field) : null;
      const lines = where && wf ? lineNumbers(order, (i) => testValue(wf.kind, where.operator, readLineField(order.lines[i]!, facts, where.field), where.value, where.value2)) : [];
      return { ...base, result: compareNumber(BigInt(lines.length) * 1_000_000n, c.compare, c.value), actual: lines.length, lines };
    }
    case 'custom_field': {
      const actual = readOrderField(order, facts, c.field);
      return { ...base, result: customFieldTest(actual, c.compare, c.value), actual: truncateActual(actual) };
    }
    default:
      break;
  }
  const field = flowField(hook, c.field);
  if (!field) return { ...base, result: false };
  if (field.scope === 'order') {
    const actual = readOrderField(order, facts, c.field);
    return { ...base, result: testValue(field.kind, c.operator, actual, c.value, c.value2), actual: truncateActual(actual) };
  }
  const lines = lineNumbers(order, (i) => testValue(field.kind, c.operator, readLineField(order.lines[i]!, facts, c.field), c.value, c.value2));
  const quantifier = c.quantifier ?? 'any';
  const result = quantifier === 'any' ? lines.length > 0 : quantifier === 'none' ? lines.length === 0 : lines.length === order.lines.length;
  return { ...base, result, lines };
}

/** A condition node's verdict: all, any or none of its conditions hold. */
export function combine(match: 'all' | 'any' | 'none', results: readonly boolean[]): boolean {
  if (match === 'any') return results.some(Boolean);
  if (match === 'none') return !results.some(Boolean);
  return results.every(Boolean);
}
