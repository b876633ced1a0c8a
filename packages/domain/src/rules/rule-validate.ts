import type { z } from 'zod';
import {
  ACTION_WRITES, FLOW_ACTIONS, type FlowActionType, type FlowHookPoint, METADATA_FIELD_RE, RUNNING_HOOK_POINTS, SETTABLE_FIELDS,
} from './rule-catalog';
import { type TFlowNode, ZActionForms, ZConditionForm } from './rule-flow';
import { flowCycleWarnings, flowGraphProblems } from './rule-graph';
import { conditionProblems } from './rule-validate-conditions';
import { isIsoDate } from './rule-values';

/**
 * What is wrong with a flow before it is saved (a 422 then, never a failure at run time) and what is only
 * worth a warning. Paths are relative to the flow body (`nodes.2.formData.conditions.0.operator`).
 */

export type FlowProblem = { path: Array<string | number>; message: string };

export interface FlowCheck {
  problems: FlowProblem[];
  warnings: string[];
  /** The iloc ids the flow names (node iloc_id, formData iloc_id / iloc_ids): the server checks they are the company's. */
  ilocIds: string[];
  /** The order fields its actions write (ACTION_WRITES, set_field's field), for conflicts. */
  writes: string[];
}

const NODE_TYPES = ['start', 'condition', 'router', 'action', 'end'];
const DATE_FIELDS = ['deliver_by', 'shipable_date'];

const zodProblems = (error: z.ZodError, path: Array<string | number>): FlowProblem[] =>
  error.issues.map((issue) => ({ path: [...path, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message }));

const isAction = (type: string | null | undefined): type is FlowActionType => (FLOW_ACTIONS as readonly unknown[]).includes(type);

function actionProblems(node: TFlowNode, i: number): FlowProblem[] {
  const at = ['nodes', i];
  if (!node.action_type) return [{ path: [...at, 'action_type'], message: 'Choose an action' }];
  if (!isAction(node.action_type)) return [{ path: [...at, 'action_type'], message: 'Unknown action' }];
  const form = ZActionForms[node.action_type].safeParse(node.formData ?? {});
  if (!form.success) return zodProblems(form.error, [...at, 'formData']);
  const data = form.data as Record<string, unknown>;
  const out: FlowProblem[] = [];
  const fd = [...at, 'formData'];
  if (node.action_type === 'select_inventory_location' && data.strategy === 'iloc' && !data.iloc_id && !node.iloc_id?.trim()) {
    out.push({ path: [...fd, 'iloc_id'], message: 'Choose the iLoc' });
  }
  if (node.action_type === 'hold' && data.until && data.hours) out.push({ path: [...fd, 'hours'], message: 'Hold until a time or for some hours, not both' });
  if (node.action_type === 'set_field') {
    const field = String(data.field);
    if (!METADATA_FIELD_RE.test(field) && !(SETTABLE_FIELDS as readonly string[]).includes(field)) {
      out.push({ path: [...fd, 'field'], message: `The field ${field} cannot be set (${SETTABLE_FIELDS.join(', ')} or metadata.<key>)` });
    } else if (DATE_FIELDS.includes(field) && data.value !== null && !(typeof data.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.value) && isIsoDate(data.value))) {
      out.push({ path: [...fd, 'value'], message: 'Give a date (YYYY-MM-DD)' });
    }
  }
  return out;
}

function nodeProblems(hook: FlowHookPoint, node: TFlowNode, i: number, checkFields: boolean): FlowProblem[] {
  if (!NODE_TYPES.includes(node.type)) return [{ path: ['nodes', i, 'type'], message: 'Unknown node type' }];
  if (node.type === 'condition') {
    const form = ZConditionForm.safeParse(node.formData ?? {});
    if (!form.success) return zodProblems(form.error, ['nodes', i, 'formData']);
    if (!checkFields) return [];
    return form.data.conditions.flatMap((c, j) => conditionProblems(hook, c, ['nodes', i, 'formData', 'conditions', j]));
  }
  if (node.type === 'action' || node.type === 'router') return actionProblems(node, i);
  return [];
}

const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());

function nodeWrites(node: TFlowNode): string[] {
  if ((node.type !== 'action' && node.type !== 'router') || !isAction(node.action_type)) return [];
  const writes = [...ACTION_WRITES[node.action_type]];
  if (node.action_type === 'add_tag') writes.push('metadata.tags');
  if (node.action_type === 'set_field') writes.push(...strings(node.formData?.field));
  return writes;
}

export function checkFlow(hook: FlowHookPoint, nodes: readonly TFlowNode[]): FlowCheck {
  const problems: FlowProblem[] = [];
  const running = (RUNNING_HOOK_POINTS as readonly string[]).includes(hook);
  if (!running) problems.push({ path: ['hook_point'], message: 'Flows at this hook point do not run yet' });
  problems.push(...flowGraphProblems(nodes));
  // At a hook that does not run, every field would be "unknown": the hook point problem says it once.
  nodes.forEach((node, i) => problems.push(...nodeProblems(hook, node, i, running)));
  const ilocIds = [...new Set(nodes.flatMap((n) => [...strings(n.iloc_id), ...strings(n.formData?.iloc_id), ...strings(n.formData?.iloc_ids)]))];
  const writes = [...new Set(nodes.flatMap(nodeWrites))];
  return { problems, warnings: flowCycleWarnings(nodes), ilocIds, writes };
}

export type FlowConflict = { flow_id: string; flow_name: string; field: string };

/** The other active flows of the hook point writing a field this one writes (shown to the author, never refused). */
export function flowConflicts(mine: { id: string; writes: string[] }, others: readonly { id: string; name: string; writes: string[] }[]): FlowConflict[] {
  const out: FlowConflict[] = [];
  const seen = new Set<string>();
  for (const other of others) {
    if (other.id === mine.id) continue;
    for (const field of mine.writes) {
      const key = `${other.id}\u0000${field}`;
      if (other.writes.includes(field) && !seen.has(key)) {
        seen.add(key);
        out.push({ flow_id: other.id, flow_name: other.name, field });
      }
    }
  }
  return out;
}
