import type { FlowChangeDto, FlowTraceDto, TraceStepDto } from './rule-api';
import { FLOW_ACTIONS, type FlowActionType } from './rule-catalog';
import type { TFlowNode } from './rule-flow';

/**
 * Traces as they are kept on an order: only what the flow's version does not already say. Names, node
 * types, each condition's field, operator and value are the version's (versions are never changed), so a
 * stored flow trace is its id, version, and per step the node id, the branch, each condition's result with
 * what the field held, and the changes. Twenty flows on every imported order must not write kilobytes each.
 */

/**
 * [node id, branch (1 yes, 0 no, null), conditions ([result, actual] or [result, null, lines]), changes, effects, error].
 * Changes are [path, before, after]; traces written before 2026-11-28 hold them as {path, before, after}.
 */
export type StoredStep = [string, (0 | 1 | null)?, (StoredCondition[] | null)?, (StoredChange[] | null)?, (Record<string, unknown>[] | null)?, (string | null)?];
export type StoredChange = [string, unknown, unknown] | FlowChangeDto;
export type StoredCondition = [0 | 1, unknown?, number[]?];
/** [flow id, version, steps (the start step left out), error, ms] */
export type StoredFlowTrace = [string, number, StoredStep[], string | null, number];

const trimmed = (step: StoredStep): StoredStep => {
  const out = [...step] as unknown[];
  while (out.length > 1 && (out[out.length - 1] === null || out[out.length - 1] === undefined)) out.pop();
  return out as StoredStep;
};

export const storedChange = (c: FlowChangeDto): StoredChange => [c.path, c.before ?? null, c.after ?? null];

const readChange = (c: StoredChange): FlowChangeDto => (Array.isArray(c) ? { path: c[0], before: c[1], after: c[2] } : c);

export function storeTraces(traces: readonly FlowTraceDto[]): StoredFlowTrace[] {
  return traces.map((t) => {
    const steps = t.steps[0]?.type === 'start' && !t.steps[0].error ? t.steps.slice(1) : t.steps;
    return [t.flow_id, t.version, steps.map((s) => trimmed([
      s.node_id,
      s.branch === 'yes' ? 1 : s.branch === 'no' ? 0 : null,
      s.conditions ? s.conditions.map((c): StoredCondition => (c.lines ? [c.result ? 1 : 0, null, c.lines] : c.actual === undefined ? [c.result ? 1 : 0] : [c.result ? 1 : 0, c.actual])) : null,
      s.changes?.length ? s.changes.map(storedChange) : null,
      s.effects?.length ? s.effects : null,
      s.error ?? null,
    ])), t.error, Math.round(t.ms * 100) / 100];
  });
}

/** A flow version as the reader needs it: its name and nodes. */
export interface TraceVersion {
  name: string;
  nodes: readonly TFlowNode[];
}

const conditionsOf = (node: TFlowNode | undefined): { field?: string; operator?: string; value?: unknown }[] =>
  Array.isArray(node?.formData?.conditions) ? (node.formData.conditions as { field?: string; operator?: string; value?: unknown }[]) : [];

/** Stored traces back in the answer's shape, names and conditions from their versions (an unknown version shows ids). */
export function readStoredTraces(stored: readonly StoredFlowTrace[], versionOf: (flowId: string, version: number) => TraceVersion | undefined): FlowTraceDto[] {
  return stored.map(([flowId, version, steps, error, ms]) => {
    const v = versionOf(flowId, version);
    const byId = new Map((v?.nodes ?? []).map((n) => [n.id, n]));
    const start = v?.nodes.find((n) => n.type === 'start');
    const full: TraceStepDto[] = start && steps[0]?.[0] !== start.id ? [{ node_id: start.id, node_name: start.name, type: 'start' }] : [];
    const changes: FlowChangeDto[] = [];
    for (const [nodeId, branch, conditions, stepChanges, effects, stepError] of steps) {
      const node = byId.get(nodeId);
      const step: TraceStepDto = { node_id: nodeId, node_name: node?.name ?? nodeId, type: node?.type ?? 'action' };
      if (node?.action_type && (FLOW_ACTIONS as readonly string[]).includes(node.action_type)) step.action_type = node.action_type as FlowActionType;
      if (branch === 1 || branch === 0) step.branch = branch ? 'yes' : 'no';
      if (conditions) {
        const defined = conditionsOf(node);
        step.conditions = conditions.map(([result, actual, lines], i) => ({
          field: defined[i]?.field ?? '', operator: defined[i]?.operator ?? '', ...(defined[i]?.value !== undefined ? { value: defined[i]!.value } : {}),
          result: result === 1, ...(lines ? { lines } : actual !== undefined && actual !== null ? { actual } : lines === undefined && actual === null ? { actual: null } : {}),
        }));
      }
      const acted = node !== undefined && (node.type === 'action' || node.type === 'router') && !stepError;
      if (stepChanges) {
        step.changes = stepChanges.map(readChange);
        changes.push(...step.changes);
      } else if (acted) step.changes = [];
      if (effects) step.effects = effects;
      else if (acted) step.effects = [];
      if (stepError) step.error = stepError;
      full.push(step);
    }
    return { flow_id: flowId, flow_name: v?.name ?? flowId, version, steps: full, changes, error, ms };
  });
}
