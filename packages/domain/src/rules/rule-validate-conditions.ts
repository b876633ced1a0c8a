import {
  AGGREGATE_OPERATORS, COMPARISONS, type FieldKind, type FlowHookPoint, type FlowOperator, METADATA_FIELD_RE, OPERATORS_BY_KIND, flowField,
} from './rule-catalog';
import type { TFlowCondition } from './rule-flow';
import { isBlank, isIsoDate, toDec } from './rule-values';

/**
 * The meaning of one condition (the shape is ZFlowCondition's): a field the hook point has, an operator
 * its kind takes, the values the operator needs, typed as the field. Paths are relative to the condition.
 */

type Path = Array<string | number>;
export type ConditionProblem = { path: Path; message: string };

/** The line fields custom_sum adds up (sku.weight × quantity). */
export const SUM_FIELDS = ['line.quantity', 'line.total', 'line.price', 'sku.weight'] as const;

const NO_VALUE: readonly FlowOperator[] = ['is_blank', 'is_not_blank'];
const isAggregate = (op: FlowOperator) => (AGGREGATE_OPERATORS as readonly string[]).includes(op);

function typeProblem(kind: FieldKind, v: unknown): string | null {
  if (Array.isArray(v)) return 'Give one value, not a list';
  if (v === undefined || v === null || isBlank(v)) return 'Give a value';
  if (kind === 'number' && toDec(v) === null) return 'Give a number';
  if (kind === 'date' && !isIsoDate(v)) return 'Give a date (YYYY-MM-DD)';
  return null;
}

type ValueSource = { operator: FlowOperator; value?: unknown; value2?: unknown };

/** The values an operator needs, typed as the field's kind. */
export function valueProblems(kind: FieldKind, c: ValueSource, path: Path): ConditionProblem[] {
  const out: ConditionProblem[] = [];
  if (NO_VALUE.includes(c.operator)) return out;
  if (c.operator === 'in' || c.operator === 'not_in') {
    if (!Array.isArray(c.value) || c.value.length === 0) return [{ path: [...path, 'value'], message: 'Give a list of values' }];
    c.value.forEach((v, k) => {
      const p = typeProblem(kind, v);
      if (p) out.push({ path: [...path, 'value', k], message: p });
    });
    return out;
  }
  const p1 = typeProblem(kind, c.value);
  if (p1) out.push({ path: [...path, 'value'], message: p1 });
  if (c.operator === 'between') {
    const p2 = typeProblem(kind, c.value2);
    if (p2) out.push({ path: [...path, 'value2'], message: p2 });
  }
  return out;
}

function operatorProblem(kind: FieldKind, op: FlowOperator): string | null {
  if (isAggregate(op) || op === 'custom_field' || !OPERATORS_BY_KIND[kind].includes(op)) return `The operator ${op} does not apply to ${kind} fields`;
  return null;
}

function aggregateProblems(hook: FlowHookPoint, c: TFlowCondition, path: Path): ConditionProblem[] {
  const out: ConditionProblem[] = [];
  if (!c.compare || !(COMPARISONS as readonly string[]).includes(c.compare)) out.push({ path: [...path, 'compare'], message: 'Choose how to compare (eq, ne, gt, gte, lt, lte)' });
  const p = typeProblem('number', c.value);
  if (p) out.push({ path: [...path, 'value'], message: p });
  if (c.operator === 'custom_sum' && !(SUM_FIELDS as readonly string[]).includes(c.field)) {
    out.push({ path: [...path, 'field'], message: `A custom sum adds up ${SUM_FIELDS.join(', ')}` });
  }
  if (c.operator === 'custom_count') {
    const w = c.where;
    if (!w) {
      out.push({ path: [...path, 'where'], message: 'Say which lines to count' });
    } else {
      const wf = flowField(hook, w.field);
      if (!wf || wf.scope !== 'line') {
        out.push({ path: [...path, 'where', 'field'], message: wf ? 'Count lines by a line or SKU field' : `Unknown field ${w.field}` });
      } else {
        const op = operatorProblem(wf.kind, w.operator);
        if (op) out.push({ path: [...path, 'where', 'operator'], message: op });
        else out.push(...valueProblems(wf.kind, w, [...path, 'where']));
      }
    }
  }
  return out;
}

/** What is wrong with one (well-shaped) condition at a hook point. */
export function conditionProblems(hook: FlowHookPoint, c: TFlowCondition, path: Path): ConditionProblem[] {
  if (isAggregate(c.operator)) return aggregateProblems(hook, c, path);
  if (c.operator === 'custom_field') {
    const out: ConditionProblem[] = [];
    if (!METADATA_FIELD_RE.test(c.field)) out.push({ path: [...path, 'field'], message: 'A custom field is metadata.<key>' });
    if (!c.compare) out.push({ path: [...path, 'compare'], message: 'Choose how to compare' });
    else if (c.compare !== 'is_blank') {
      const p = typeProblem('text', c.value);
      if (p) out.push({ path: [...path, 'value'], message: p });
    }
    return out;
  }
  const field = flowField(hook, c.field);
  if (!field) return [{ path: [...path, 'field'], message: `Unknown field ${c.field}` }];
  const op = operatorProblem(field.kind, c.operator);
  if (op) return [{ path: [...path, 'operator'], message: op }];
  return valueProblems(field.kind, c, path);
}
