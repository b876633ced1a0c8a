import type { TOrderInput } from '../orders';
import { applyAction } from './rule-actions';
import type { FlowChangeDto } from './rule-api';
import { FLOW_MAX_MS, FLOW_MAX_STEPS, type FlowHookPoint } from './rule-catalog';
import { combine, compileCondition, type CompiledCondition } from './rule-conditions';
import { forgetComputedFields } from './rule-fields';
import type { FlowEffect, FlowFacts, FlowFailure, RunnableFlow } from './rule-evaluate';
import { type TFlowNode, ZConditionForm } from './rule-flow';
import { storedChange, type StoredChange, type StoredCondition, type StoredFlowTrace, type StoredStep } from './rule-trace-store';

/**
 * One flow over the (already copied) order: follows next from start, a condition node's yes or no branch,
 * and stops at an end, a node without next, a missing "no" branch, or the first failure (the guards too).
 *
 * A batch runs the same flows over a thousand orders, so a flow is compiled once per nodes array (nodes
 * linked, condition forms parsed, fields resolved, values parsed) and the trace is written in its stored form
 * (rule-trace-store.ts) as it runs: the import keeps nothing else of it.
 */

export interface FlowRun {
  trace: StoredFlowTrace;
  /** When it ended (performance.now), the next flow's start: one clock read per flow, not two. */
  ended: number;
  failure: FlowFailure | null;
}

const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : Date.now;

/**
 * FLOW_MAX_MS is checked every this many steps: a step is bounded work, most flows end within four, and a clock
 * read per step was a tenth of the engine's time (twenty flows on a thousand orders a batch).
 */
const CLOCK_EVERY = 8;

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

interface CompiledNode {
  node: TFlowNode;
  /** node.next resolved: a node, or undefined for an id not in the flow (an error only if it is taken). */
  next: (CompiledNode | undefined)[];
  /** Condition nodes: the parsed form's verdict and its conditions made into functions (on first use). */
  condition?: { ok: true; match: 'all' | 'any' | 'none'; tests: CompiledCondition[] | null; conditions: Parameters<typeof compileCondition>[1][] } | { ok: false; why: string };
}

interface CompiledFlow {
  hook: FlowHookPoint;
  start: CompiledNode | undefined;
}

const compiled = new WeakMap<readonly TFlowNode[], CompiledFlow>();

function compileFlow(flow: RunnableFlow): CompiledFlow {
  const hit = compiled.get(flow.nodes);
  if (hit && hit.hook === flow.hook_point) return hit;
  const byId = new Map<string, CompiledNode>();
  for (const node of flow.nodes) byId.set(node.id, { node, next: [] });
  for (const c of byId.values()) {
    c.next = c.node.next.map((id) => byId.get(id));
    if (c.node.type === 'condition') {
      const form = ZConditionForm.safeParse(c.node.formData ?? {});
      c.condition = form.success
        ? { ok: true, match: form.data.match, tests: null, conditions: form.data.conditions }
        : { ok: false, why: `The condition is not set up right: ${form.error.issues[0]?.message ?? 'invalid'}` };
    }
  }
  const first = flow.nodes.find((n) => n.type === 'start');
  // As the nodes are written: a duplicated id is its last node, the start the first start node.
  const start = first ? (byId.get(first.id)?.node === first ? byId.get(first.id) : { node: first, next: first.next.map((id) => byId.get(id)) }) : undefined;
  const out: CompiledFlow = { hook: flow.hook_point, start };
  compiled.set(flow.nodes, out);
  return out;
}

/** A stored step: [node id, branch, conditions, changes, effects, error] without its trailing blanks. */
function step(id: string, branch: 0 | 1 | null, conditions: StoredCondition[] | null, changes: StoredChange[] | null, effects: Record<string, unknown>[] | null, error: string | null): StoredStep {
  if (error !== null) return [id, branch, conditions, changes, effects, error];
  if (effects !== null) return [id, branch, conditions, changes, effects];
  if (changes !== null) return [id, branch, conditions, changes];
  if (conditions !== null) return [id, branch, conditions];
  if (branch !== null) return [id, branch];
  return [id];
}

const storedCondition = (result: boolean, actual: unknown, lines: number[] | undefined): StoredCondition =>
  lines ? [result ? 1 : 0, null, lines] : actual === undefined ? [result ? 1 : 0] : [result ? 1 : 0, actual];

interface Run {
  flow: RunnableFlow;
  started: number;
  steps: StoredStep[];
}

// Module functions, not closures per call: a batch runs twenty flows on a thousand orders (and tsx names
// every closure it makes).
function finish(run: Run, failure: FlowFailure | null): FlowRun {
  const { flow, steps } = run;
  const ended = now();
  return { trace: [flow.id, flow.version, steps, failure?.message ?? null, Math.round((ended - run.started) * 100) / 100], ended, failure };
}

function fail(run: Run, node: TFlowNode | null, why: string, failed?: StoredStep): FlowRun {
  if (failed) {
    const s = [...failed] as unknown[];
    while (s.length < 5) s.push(null);
    s[5] = why;
    run.steps.push(s as StoredStep);
  } else if (node) run.steps.push(step(node.id, null, null, null, null, why));
  const at = node ? ` at "${node.name}"` : '';
  const { flow } = run;
  return finish(run, { flow_id: flow.id, flow_name: flow.name, node_id: node?.id ?? null, node_name: node?.name ?? null, message: `Rule "${flow.name}" failed${at}: ${why}` });
}

/**
 * `changes` and `effects` collect what the flow's actions did, after what earlier flows put there (the caller
 * drops them all on a failure).
 */
export function runFlow(flow: RunnableFlow, order: TOrderInput, facts: FlowFacts, changes: FlowChangeDto[], effects: FlowEffect[], started = now()): FlowRun {
  const steps: StoredStep[] = [];
  const run: Run = { flow, started, steps };

  let current: CompiledNode | undefined;
  try {
    current = compileFlow(flow).start;
  } catch (e) {
    return fail(run, null, reason(e));
  }
  if (!current) return fail(run, null, 'The flow has no start node');
  let visits = 0;
  while (current) {
    const { node } = current;
    visits += 1;
    if (visits > FLOW_MAX_STEPS) return fail(run, node, `The flow ran more than ${FLOW_MAX_STEPS} steps (does it loop?)`);
    if (visits % CLOCK_EVERY === 0 && now() - started > FLOW_MAX_MS) return fail(run, node, `The flow ran longer than ${FLOW_MAX_MS} ms`);
    let taken: number;
    let done: StoredStep;
    if (node.type === 'end') {
      steps.push([node.id]);
      break;
    } else if (node.type === 'start') {
      taken = 0;
      // The first step, the start, is left out of the stored trace unless it fails (rule-trace-store.ts).
      done = [node.id];
    } else if (node.type === 'condition') {
      const form = current.condition!;
      if (!form.ok) return fail(run, node, form.why, [node.id]);
      let results: boolean[];
      let stored: StoredCondition[];
      try {
        form.tests ??= form.conditions.map((c) => compileCondition(flow.hook_point, c));
        results = new Array<boolean>(form.tests.length);
        stored = new Array<StoredCondition>(form.tests.length);
        for (let i = 0; i < form.tests.length; i++) {
          const [result, actual, lines] = form.tests[i]!(order, facts);
          results[i] = result;
          stored[i] = storedCondition(result, actual, lines);
        }
      } catch (e) {
        return fail(run, node, reason(e), [node.id]);
      }
      const yes = combine(form.match, results);
      taken = yes ? 0 : 1;
      done = step(node.id, yes ? 1 : 0, stored, null, null, null);
    } else {
      try {
        const acted = applyAction(order, node, facts, flow.id);
        if (acted.changes.length) {
          forgetComputedFields(order, acted.changes);
          for (const c of acted.changes) changes.push(c);
        }
        for (const e of acted.effects) effects.push(e);
        done = step(node.id, null, null, acted.changes.length ? acted.changes.map(storedChange) : null, acted.effects.length ? acted.effects : null, null);
      } catch (e) {
        return fail(run, node, reason(e), [node.id]);
      }
      taken = 0;
    }
    const nextId = node.next[taken];
    const next: CompiledNode | undefined = current.next[taken];
    if (nextId !== undefined && !next) return fail(run, node, `The next node ${nextId} is not in the flow`, done);
    if (node.type !== 'start' || steps.length > 0) steps.push(done);
    current = next;
  }
  return finish(run, null);
}
