import type { TOrderInput } from '../orders';
import { type Comparison, type FieldKind, type FlowHookPoint, type FlowOperator, flowField } from './rule-catalog';
import type { FlowFacts } from './rule-evaluate';
import type { TFlowCondition } from './rule-flow';
import { lineReader, lineSumTerm, orderReader, orderUnits, type LineReader } from './rule-fields';
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

type Test = (actual: unknown) => boolean;
const never: Test = () => false;

/** A text test with the value normalized once; the actual value is trimmed and lower-cased per call. */
function textTester(op: FlowOperator, value: unknown, value2: unknown): Test {
  const v = normText(value) ?? '';
  let t: (a: string) => boolean;
  switch (op) {
    case 'equals': t = (a) => a === v; break;
    case 'contains': t = (a) => a.includes(v); break;
    case 'starts_with': t = (a) => a.startsWith(v); break;
    case 'ends_with': t = (a) => a.endsWith(v); break;
    case 'in': { const list = new Set(asList(value).map(normText)); t = (a) => list.has(a); break; }
    case 'greater_than': t = (a) => a > v; break;
    case 'less_than': t = (a) => a < v; break;
    case 'at_least': t = (a) => a >= v; break;
    case 'at_most': t = (a) => a <= v; break;
    case 'between': { const v2 = normText(value2) ?? ''; t = (a) => a >= v && a <= v2; break; }
    default: return never;
  }
  const run: Test = (actual) => {
    if (Array.isArray(actual)) return actual.some(run);
    const a = normText(actual);
    return a !== null && a !== '' && t(a);
  };
  return run;
}

/**
 * An ordered comparison with the value(s) parsed once: `parse` makes a comparable of a value (null when it is
 * not one), `compare` orders two of them.
 */
function orderedTester<K>(op: FlowOperator, parse: (x: unknown) => K | null, compare: (a: K, b: K) => number, value: unknown, value2: unknown): ((a: K) => boolean) | null {
  const v = parse(value);
  switch (op) {
    case 'equals': return v === null ? null : (a) => compare(a, v) === 0;
    case 'greater_than': return v === null ? null : (a) => compare(a, v) > 0;
    case 'less_than': return v === null ? null : (a) => compare(a, v) < 0;
    case 'at_least': return v === null ? null : (a) => compare(a, v) >= 0;
    case 'at_most': return v === null ? null : (a) => compare(a, v) <= 0;
    case 'in': {
      const list = asList(value).map(parse).filter((x): x is K => x !== null);
      return (a) => list.some((x) => compare(a, x) === 0);
    }
    case 'between': {
      const v2 = parse(value2);
      if (v === null || v2 === null) return null;
      // value and value2 may come in either order.
      return (a) => {
        const lo = compare(a, v);
        const hi = compare(a, v2);
        return (lo >= 0 && hi <= 0) || (lo <= 0 && hi >= 0);
      };
    }
    default: return null;
  }
}

function numberTester(op: FlowOperator, value: unknown, value2: unknown): Test {
  const t = orderedTester(op, toDec, cmp, value, value2);
  if (!t) return never;
  const run: Test = (actual) => {
    if (Array.isArray(actual)) return actual.some(run);
    const a = toDec(actual);
    return a !== null && t(a);
  };
  return run;
}

function dateTester(op: FlowOperator, value: unknown, value2: unknown): Test {
  const t = orderedTester(op, toDateKey, compareDates, value, value2);
  if (!t) return never;
  return (actual) => {
    const a = toDateKey(actual);
    return a !== null && t(a);
  };
}

const truthy = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  const t = normText(v);
  if (t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'false' || t === '0' || t === 'no') return false;
  return null;
};

/**
 * One operator and its value(s) made into a test of a field's value (not the aggregates): the heart of every
 * condition. Made once per condition, run on every order (and line) of a batch.
 */
export function valueTester(kind: FieldKind, op: FlowOperator, value?: unknown, value2?: unknown): Test {
  const positive = NEGATED[op];
  if (positive) {
    const t = valueTester(kind, positive, value, value2);
    return (actual) => !t(actual);
  }
  if (op === 'is_blank') return isBlank;
  if (kind === 'number') return numberTester(op, value, value2);
  if (kind === 'date') return dateTester(op, value, value2);
  if (kind === 'boolean') {
    const v = truthy(value);
    return op === 'equals' && v !== null ? (actual) => truthy(actual) === v : never;
  }
  return textTester(op, value, value2);
}

/** One value against an operator (valueTester, once). */
export function testValue(kind: FieldKind, op: FlowOperator, actual: unknown, value?: unknown, value2?: unknown): boolean {
  return valueTester(kind, op, value, value2)(actual);
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

/** What a condition found: its result, what the field held (undefined: nothing to show), the lines that matched. */
export type ConditionOutcome = [result: boolean, actual: unknown, lines?: number[]];
export type CompiledCondition = (order: TOrderInput, facts: FlowFacts) => ConditionOutcome;

const MILLION = 1_000_000n;

/** The numbers of the lines (from 1) a test holds for. */
function matchingLines(order: TOrderInput, facts: FlowFacts, read: LineReader, test: Test): number[] {
  const out: number[] = [];
  const { lines } = order;
  for (let i = 0; i < lines.length; i++) if (test(read(lines[i]!, facts))) out.push(i + 1);
  return out;
}

/** One condition made into a function of the order: fields resolved and values parsed once, not per order. */
export function compileCondition(hook: FlowHookPoint, c: TFlowCondition): CompiledCondition {
  switch (c.operator) {
    case 'order_total_items':
      return (order) => {
        const n = orderUnits(order);
        return [compareNumber(BigInt(n) * MILLION, c.compare, c.value), n];
      };
    case 'order_total_line':
      return (order) => {
        const n = order.lines.length;
        return [compareNumber(BigInt(n) * MILLION, c.compare, c.value), n];
      };
    case 'custom_sum': {
      const term = lineSumTerm(c.field);
      return (order, facts) => {
        let sum = 0n;
        for (const l of order.lines) sum += term(l, facts);
        return [compareNumber(sum, c.compare, c.value), decToNumber(sum)];
      };
    }
    case 'custom_count': {
      const where = c.where;
      const wf = where ? flowField(hook, where.field) : null;
      const read = where && wf ? lineReader(where.field) : null;
      const test = where && wf ? valueTester(wf.kind, where.operator, where.value, where.value2) : null;
      return (order, facts) => {
        const lines = read && test ? matchingLines(order, facts, read, test) : [];
        return [compareNumber(BigInt(lines.length) * MILLION, c.compare, c.value), lines.length, lines];
      };
    }
    case 'custom_field': {
      const read = orderReader(c.field);
      return (order, facts) => {
        const actual = read(order, facts);
        return [customFieldTest(actual, c.compare, c.value), truncateActual(actual)];
      };
    }
    default:
      break;
  }
  const field = flowField(hook, c.field);
  if (!field) return () => [false, undefined];
  const test = valueTester(field.kind, c.operator, c.value, c.value2);
  if (field.scope === 'order') {
    const read = orderReader(c.field);
    return (order, facts) => {
      const actual = read(order, facts);
      return [test(actual), truncateActual(actual)];
    };
  }
  const read = lineReader(c.field);
  const quantifier = c.quantifier ?? 'any';
  return (order, facts) => {
    const lines = matchingLines(order, facts, read, test);
    const result = quantifier === 'any' ? lines.length > 0 : quantifier === 'none' ? lines.length === 0 : lines.length === order.lines.length;
    return [result, undefined, lines];
  };
}

/** One condition on the order as it is now, with what the trace shows of it. */
export function evaluateCondition(hook: FlowHookPoint, c: TFlowCondition, order: TOrderInput, facts: FlowFacts): TraceCondition {
  const [result, actual, lines] = compileCondition(hook, c)(order, facts);
  return {
    field: c.field, operator: c.operator, ...(c.value !== undefined ? { value: c.value } : {}), result,
    ...(actual !== undefined ? { actual } : {}), ...(lines ? { lines } : {}),
  };
}

/** A condition node's verdict: all, any or none of its conditions hold. */
export function combine(match: 'all' | 'any' | 'none', results: readonly boolean[]): boolean {
  if (match === 'any') return results.some(Boolean);
  if (match === 'none') return !results.some(Boolean);
  return results.every(Boolean);
}
