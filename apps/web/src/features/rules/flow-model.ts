import {
  ACTION_LABELS, AGGREGATE_OPERATORS, OPERATOR_LABELS, OPERATORS_BY_KIND, ORDER_FLOW_FIELDS, flowField,
  type FieldKind, type FlowActionType, type FlowDto, type FlowField, type FlowOperator, type TFlowNode,
} from '@omnio/domain';
import { serverMessageIn } from '../../shared/i18n/i18n';

/** The editor's graph: spec 3 nodes edited in place, `prev` derived from `next` before sending. */

export type FlowNode = TFlowNode;
export type NodeKind = FlowNode['type'];

export const toDraftNodes = (nodes: FlowDto['nodes']): FlowNode[] =>
  nodes.map((n) => ({ ...n, prev: [...n.prev], next: [...n.next], formData: { ...n.formData } }));

/** The spec's default: start → router (select_inventory_location, by stock) → end. */
export function defaultNodes(): FlowNode[] {
  return [
    { id: 'start', type: 'start', name: 'Start', prev: [], next: ['route'], formData: {}, position: { x: 0, y: 0 } },
    {
      id: 'route', type: 'router', groupType: 'router', name: 'Select inventory location', prev: ['start'], next: ['end'],
      action_type: 'select_inventory_location', formData: { strategy: 'stock' }, position: { x: 0, y: 140 },
    },
    { id: 'end', type: 'end', name: 'End', prev: ['route'], next: [], formData: {}, position: { x: 0, y: 280 } },
  ];
}

/** Each node's prev is what names it in next; empty "yes" slots before a "no" are kept as '' only while editing. */
export function forSending(nodes: FlowNode[]): FlowNode[] {
  const prev = new Map<string, string[]>();
  for (const n of nodes) for (const to of n.next) if (to) prev.set(to, [...(prev.get(to) ?? []), n.id]);
  return nodes.map((n) => ({ ...n, next: trimNext(n.next), prev: prev.get(n.id) ?? [] }));
}

function trimNext(next: string[]): string[] {
  const out = [...next];
  while (out.length && !out[out.length - 1]) out.pop();
  return out;
}

/** Where a node without a position goes: rows by distance from start, top to bottom. */
export function autoLayout(nodes: FlowNode[]): Map<string, { x: number; y: number }> {
  const level = new Map<string, number>();
  const start = nodes.find((n) => n.type === 'start') ?? nodes[0];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const queue: string[] = start ? [start.id] : [];
  if (start) level.set(start.id, 0);
  while (queue.length) {
    const id = queue.shift()!;
    for (const to of byId.get(id)?.next ?? []) {
      if (to && byId.has(to) && !level.has(to)) {
        level.set(to, (level.get(id) ?? 0) + 1);
        queue.push(to);
      }
    }
  }
  const deepest = Math.max(0, ...level.values());
  const rows = new Map<number, string[]>();
  for (const n of nodes) {
    const l = level.get(n.id) ?? deepest + 1;
    rows.set(l, [...(rows.get(l) ?? []), n.id]);
  }
  const at = new Map<string, { x: number; y: number }>();
  for (const [l, ids] of rows) ids.forEach((id, i) => at.set(id, { x: (i - (ids.length - 1) / 2) * 240, y: l * 140 }));
  return at;
}

export const positionsOf = (nodes: FlowNode[]) => {
  const auto = autoLayout(nodes);
  return new Map(nodes.map((n) => [n.id, n.position ?? auto.get(n.id) ?? { x: 0, y: 0 }]));
};

export type PaletteItem = { kind: 'condition' } | { kind: 'end' } | { kind: 'action'; action: FlowActionType };

const ACTION_DEFAULTS: Record<FlowActionType, Record<string, unknown>> = {
  select_inventory_location: { strategy: 'stock' }, set_ship_method: {}, hold: {}, add_tag: { tag: '' }, add_note: { note: '' },
  set_field: { field: 'ship_method', value: '' }, cancel: {}, notify: { title: '', message: '' }, add_line: { sku: '', quantity: 1, once: true },
  replace_line: { match_sku: '', with: [{ sku: '', quantity: 1 }] },
};

function freshId(nodes: FlowNode[], base: string): string {
  const taken = new Set(nodes.map((n) => n.id));
  for (let i = 1; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** A new node from the palette, placed below the lowest one. */
export function makeNode(nodes: FlowNode[], item: PaletteItem, name: string): FlowNode {
  const lowest = Math.max(0, ...[...positionsOf(nodes).values()].map((p) => p.y));
  const position = { x: 260, y: lowest + 140 };
  if (item.kind === 'condition') {
    return { id: freshId(nodes, 'condition'), type: 'condition', name, prev: [], next: [], position, formData: { match: 'all', conditions: [blankCondition()] } };
  }
  if (item.kind === 'end') return { id: freshId(nodes, 'end'), type: 'end', name, prev: [], next: [], position, formData: {} };
  const router = item.action === 'select_inventory_location';
  return {
    id: freshId(nodes, item.action.replace(/_/g, '-')), type: router ? 'router' : 'action', ...(router ? { groupType: 'router' } : {}),
    name, prev: [], next: [], position, action_type: item.action, formData: { ...ACTION_DEFAULTS[item.action] },
  };
}

export const blankCondition = () => ({ field: 'order.total', operator: 'greater_than' as const, value: '' });

/** Points a node's branch (0: yes or the only next, 1: no) at `target`, or clears it. */
export function connect(nodes: FlowNode[], from: string, branch: 0 | 1, target: string): FlowNode[] {
  return nodes.map((n) => {
    if (n.id !== from) return n;
    const next = [...n.next];
    while (next.length < branch) next.push('');
    next[branch] = target;
    return { ...n, next: n.type === 'condition' ? trimNext(next.slice(0, 2)) : trimNext(next.slice(0, 1)) };
  });
}

/** Removes nodes and every branch pointing at them (a condition keeps its other branch in place). */
export function removeNodes(nodes: FlowNode[], ids: string[]): FlowNode[] {
  const gone = new Set(ids);
  return nodes
    .filter((n) => !gone.has(n.id))
    .map((n) => (n.next.some((to) => gone.has(to)) ? { ...n, next: trimNext(n.next.map((to) => (gone.has(to) ? '' : to))) } : n));
}

export const isSpanish = (language: string) => language.startsWith('es');
/** Spanish is written beside the English in the domain; the other languages translate the English (locales/<lang>/labels.json). */
export const labelOf = (label: readonly [string, string], language: string) =>
  isSpanish(language) ? label[1] : (serverMessageIn(language, label[0]) ?? label[0]);
export const actionLabel = (action: string | null | undefined, language: string) =>
  action && action in ACTION_LABELS ? labelOf(ACTION_LABELS[action as FlowActionType], language) : (action ?? '');
export const operatorLabel = (op: string, language: string) =>
  op in OPERATOR_LABELS ? labelOf(OPERATOR_LABELS[op as FlowOperator], language) : op;
export function fieldLabel(key: string, language: string): string {
  const field = ORDER_FLOW_FIELDS.find((f) => f.key === key);
  return field ? labelOf(field.label, language) : key;
}

export const fieldOf = (key: string): FlowField | null => flowField('before_import_order', key);

/** The operators a field takes, then the aggregates (which compute their own number over the order). */
export function operatorsFor(key: string): FlowOperator[] {
  const kind: FieldKind = fieldOf(key)?.kind ?? 'text';
  const own = OPERATORS_BY_KIND[kind].filter((op) => op !== 'custom_field' || key.startsWith('metadata.'));
  return [...own, ...AGGREGATE_OPERATORS.filter((op) => !own.includes(op))];
}

export const LINE_SUM_FIELDS = ['line.quantity', 'line.total', 'line.price', 'sku.weight'] as const;

/** A 422 field like `nodes.2.formData.conditions.0.operator`: the node it names and the rest of the path. */
export function nodeErrorKey(field: string, nodes: FlowNode[]): { nodeId: string; rest: string } | null {
  const m = /^nodes\.(\d+)(?:\.(.*))?$/.exec(field);
  const node = m ? nodes[Number(m[1])] : undefined;
  return node ? { nodeId: node.id, rest: m?.[2] ?? '' } : null;
}

/** A value as the tables show it: text bare, anything else as JSON, nothing as a dash. */
export const shown = (value: unknown): string =>
  value === undefined || value === null || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
