import type { TFlowNode } from './rule-flow';

/**
 * The shape of a flow as a graph (docs/api-rules.md "Validation"): ids, prev/next, one start, an end, how
 * many branches each node type has, reachability. A cycle is only a warning: the step guard stops it.
 */

export type GraphNode = Pick<TFlowNode, 'id' | 'type' | 'name' | 'prev' | 'next'>;
export type GraphProblem = { path: Array<string | number>; message: string };

const label = (n: GraphNode) => (n.name?.trim() ? n.name : n.id);
const refs = (n: GraphNode, side: 'prev' | 'next'): string[] => (Array.isArray(n[side]) ? n[side] : []);

export function flowGraphProblems(nodes: readonly GraphNode[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const add = (path: Array<string | number>, message: string) => problems.push({ path: ['nodes', ...path], message });
  const ids = new Set<string>();
  nodes.forEach((n, i) => {
    if (ids.has(n.id)) add([i, 'id'], `Node id ${n.id} is used twice`);
    ids.add(n.id);
  });
  nodes.forEach((n, i) => {
    for (const side of ['prev', 'next'] as const) {
      refs(n, side).forEach((ref, j) => {
        if (ref === n.id) add([i, side, j], `Node ${label(n)} cannot point to itself`);
        else if (!ids.has(ref)) add([i, side, j], `Node ${label(n)} points to ${ref}, which is not in the flow`);
      });
    }
  });
  const starts = nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) add([], 'A flow needs a start node');
  if (starts.length > 1) add([], 'A flow has exactly one start node');
  if (!nodes.some((n) => n.type === 'end' && refs(n, 'next').length === 0)) add([], 'A flow needs an end node');
  nodes.forEach((n, i) => {
    const next = refs(n, 'next').length;
    if (n.type === 'start' && refs(n, 'prev').length) add([i, 'prev'], 'The start node has no previous node');
    if (n.type === 'start' && next !== 1) add([i, 'next'], 'The start node leads to exactly one node');
    if (n.type === 'end' && next) add([i, 'next'], 'An end node has no next node');
    if ((n.type === 'action' || n.type === 'router') && next > 1) add([i, 'next'], 'An action leads to at most one node');
    if (n.type === 'condition' && next > 2) add([i, 'next'], 'A condition has at most two branches (yes and no)');
    if (n.type === 'condition' && next === 0) add([i, 'next'], 'A condition needs a "yes" branch');
  });
  if (starts.length === 1) {
    const reached = reachable(nodes, starts[0]!.id);
    nodes.forEach((n, i) => {
      if (!reached.has(n.id)) add([i], `Node ${label(n)} cannot be reached from the start`);
    });
  }
  return problems;
}

function reachable(nodes: readonly GraphNode[], startId: string): Set<string> {
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const seen = new Set<string>([startId]);
  const todo = [startId];
  while (todo.length) {
    const n = byId.get(todo.pop()!);
    for (const id of n ? refs(n, 'next') : []) {
      if (!seen.has(id) && byId.has(id)) { seen.add(id); todo.push(id); }
    }
  }
  return seen;
}

/** Warnings for loops reachable from the start (each loop once, by its node names). */
export function flowCycleWarnings(nodes: readonly GraphNode[]): string[] {
  const start = nodes.find((n) => n.type === 'start');
  if (!start) return [];
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const warnings = new Set<string>();
  const visit = (id: string) => {
    state.set(id, 'open');
    path.push(id);
    const n = byId.get(id);
    for (const next of n ? refs(n, 'next') : []) {
      if (!byId.has(next)) continue;
      if (state.get(next) === 'open') {
        const loop = path.slice(path.indexOf(next)).map((x) => label(byId.get(x)!));
        warnings.add(`The flow loops (${[...loop, loop[0]].join(' → ')}); a run stops after 500 steps`);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    path.pop();
    state.set(id, 'done');
  };
  visit(start.id);
  return [...warnings];
}
