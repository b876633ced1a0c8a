import type { TOrderInput } from '../orders';
import { applyAction } from './rule-actions';
import type { FlowChangeDto, FlowTraceDto, TraceStepDto } from './rule-api';
import { FLOW_ACTIONS, FLOW_MAX_MS, FLOW_MAX_STEPS, type FlowActionType } from './rule-catalog';
import { combine, evaluateCondition } from './rule-conditions';
import { forgetComputedFields } from './rule-fields';
import type { FlowEffect, FlowFacts, FlowFailure, RunnableFlow } from './rule-evaluate';
import { type TFlowNode, ZConditionForm } from './rule-flow';

/**
 * One flow over the (already copied) order: follows next from start, a condition node's yes or no branch,
 * and stops at an end, a node without next, a missing "no" branch, or the first failure (the guards too).
 */

export interface FlowRun {
  trace: FlowTraceDto;
  effects: FlowEffect[];
  failure: FlowFailure | null;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A condition node's parsed form, per node object: a batch runs the same flows' nodes over every order. */
const conditionForms = new WeakMap<TFlowNode, ReturnType<typeof ZConditionForm.safeParse>>();
function conditionForm(node: TFlowNode): ReturnType<typeof ZConditionForm.safeParse> {
  let form = conditionForms.get(node);
  if (!form) {
    form = ZConditionForm.safeParse(node.formData ?? {});
    conditionForms.set(node, form);
  }
  return form;
}

interface Run {
  flow: RunnableFlow;
  started: number;
  steps: TraceStepDto[];
  changes: FlowChangeDto[];
  effects: FlowEffect[];
}

// Module functions, not closures per call: a batch runs twenty flows on a thousand orders.
function finish(run: Run, failure: FlowFailure | null): FlowRun {
  const { flow, steps, changes, effects } = run;
  return { trace: { flow_id: flow.id, flow_name: flow.name, version: flow.version, steps, changes, error: failure?.message ?? null, ms: now() - run.started }, effects, failure };
}

function fail(run: Run, node: TFlowNode | null, why: string, step?: TraceStepDto): FlowRun {
  if (step) run.steps.push({ ...step, error: why });
  else if (node) run.steps.push({ node_id: node.id, node_name: node.name, type: node.type, error: why });
  const at = node ? ` at "${node.name}"` : '';
  const { flow } = run;
  return finish(run, { flow_id: flow.id, flow_name: flow.name, node_id: node?.id ?? null, node_name: node?.name ?? null, message: `Rule "${flow.name}" failed${at}: ${why}` });
}

/** The nodes of a flow by id, per nodes array (a batch runs the same flows over every order). */
const nodeMaps = new WeakMap<readonly TFlowNode[], Map<string, TFlowNode>>();
function nodesById(nodes: readonly TFlowNode[]): Map<string, TFlowNode> {
  let byId = nodeMaps.get(nodes);
  if (!byId) {
    byId = new Map(nodes.map((n) => [n.id, n] as const));
    nodeMaps.set(nodes, byId);
  }
  return byId;
}

export function runFlow(flow: RunnableFlow, order: TOrderInput, facts: FlowFacts): FlowRun {
  const startedWall = Date.now();
  const run: Run = { flow, started: now(), steps: [], changes: [], effects: [] };
  const { steps, changes, effects } = run;
  const byId = nodesById(flow.nodes);

  let node: TFlowNode | undefined = flow.nodes.find((n) => n.type === 'start');
  if (!node) return fail(run, null, 'The flow has no start node');
  let visits = 0;
  while (node) {
    visits += 1;
    if (visits > FLOW_MAX_STEPS) return fail(run, node, `The flow ran more than ${FLOW_MAX_STEPS} steps (does it loop?)`);
    if (Date.now() - startedWall > FLOW_MAX_MS) return fail(run, node, `The flow ran longer than ${FLOW_MAX_MS} ms`);
    const step: TraceStepDto = { node_id: node.id, node_name: node.name, type: node.type };
    let nextId: string | undefined;
    if (node.type === 'end') {
      steps.push(step);
      break;
    } else if (node.type === 'start') {
      nextId = node.next[0];
    } else if (node.type === 'condition') {
      const form = conditionForm(node);
      if (!form.success) return fail(run, node, `The condition is not set up right: ${form.error.issues[0]?.message ?? 'invalid'}`, step);
      let conditions;
      try {
        conditions = form.data.conditions.map((c) => evaluateCondition(flow.hook_point, c, order, facts));
      } catch (e) {
        return fail(run, node, reason(e), step);
      }
      const yes = combine(form.data.match, conditions.map((c) => c.result));
      step.conditions = conditions;
      step.branch = yes ? 'yes' : 'no';
      nextId = yes ? node.next[0] : node.next[1];
    } else {
      try {
        const done = applyAction(order, node, facts, flow.id);
        if (done.changes.length) forgetComputedFields(order);
        step.action_type = done.action_type;
        step.changes = done.changes;
        step.effects = done.effects;
        changes.push(...done.changes);
        effects.push(...done.effects);
      } catch (e) {
        if ((FLOW_ACTIONS as readonly (string | null | undefined)[]).includes(node.action_type)) step.action_type = node.action_type as FlowActionType;
        return fail(run, node, reason(e), step);
      }
      nextId = node.next[0];
    }
    const next: TFlowNode | undefined = nextId === undefined ? undefined : byId.get(nextId);
    if (nextId !== undefined && !next) return fail(run, node, `The next node ${nextId} is not in the flow`, step);
    steps.push(step);
    node = next;
  }
  return finish(run, null);
}
