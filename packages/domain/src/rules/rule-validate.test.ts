import { describe, expect, it } from 'vitest';
import type { TFlowCondition, TFlowNode } from './rule-flow';
import { ILOC, action, chain, condition } from './rule-test-kit';
import { checkFlow, flowConflicts } from './rule-validate';

const nodesOf = (...middle: NonNullable<Parameters<typeof chain>[1]>): TFlowNode[] => chain('V', middle).nodes;
const check = (nodes: TFlowNode[]) => checkFlow('before_import_order', nodes);
const problemsOf = (nodes: TFlowNode[]) => check(nodes).problems.map((p) => [p.path.join('.'), p.message]);
const oneCondition = (c: TFlowCondition) => problemsOf(nodesOf(condition('c', [c])));

describe('checkFlow', () => {
  it('passes the default template (start → router select_inventory_location stock → end)', () => {
    const nodes: TFlowNode[] = [
      { id: 'start', type: 'start', name: 'Start', prev: [], next: ['select-iloc'], formData: {} },
      { id: 'select-iloc', type: 'router', groupType: 'router', name: 'Select inventory location', prev: ['start'], next: ['end'], action_type: 'select_inventory_location', formData: { strategy: 'stock' } },
      { id: 'end', type: 'end', name: 'End', prev: ['select-iloc'], next: [], formData: {} },
    ];
    expect(check(nodes)).toEqual({ problems: [], warnings: [], ilocIds: [], writes: ['lines.iloc_id'] });
  });

  it('passes the documented example and lists its iLocs and writes', () => {
    const nodes = nodesOf(
      condition('is-tx', [{ field: 'shipping_address.state', operator: 'in', value: ['TX', 'Texas'] }], 'all', 'default'),
      { ...action('dallas', 'select_inventory_location', { strategy: 'iloc', iloc_id: ILOC.dallas }), type: 'router', iloc_id: ILOC.dallas },
    );
    nodes.push({ id: 'default', type: 'action', name: 'Best stock', prev: ['is-tx'], next: ['end'], action_type: 'select_inventory_location', formData: { strategy: 'stock', iloc_ids: [ILOC.reno, ILOC.dallas] } });
    const out = check(nodes);
    expect(out.problems).toEqual([]);
    expect(out.ilocIds).toEqual([ILOC.dallas, ILOC.reno]);
  });

  it('refuses a hook point whose flows do not run', () => {
    const out = checkFlow('sync_inventory', nodesOf(action('a', 'add_tag', { tag: 'x' })));
    expect(out.problems).toEqual([{ path: ['hook_point'], message: 'Flows at this hook point do not run yet' }]);
  });

  it('unknown field, unknown operator, operator the kind does not take, missing or badly typed values', () => {
    expect(oneCondition({ field: 'order.colour', operator: 'equals', value: 'red' })).toEqual([['nodes.1.formData.conditions.0.field', 'Unknown field order.colour']]);
    expect(problemsOf(nodesOf(condition('c', [{ field: 'order.total', operator: 'looks_like' as 'equals', value: 1 }])))).toEqual([
      ['nodes.1.formData.conditions.0.operator', 'Unknown operator'],
    ]);
    expect(oneCondition({ field: 'order.total', operator: 'contains', value: '1' })).toEqual([
      ['nodes.1.formData.conditions.0.operator', 'The operator contains does not apply to number fields'],
    ]);
    expect(oneCondition({ field: 'order.total', operator: 'greater_than', value: 'lots' })).toEqual([['nodes.1.formData.conditions.0.value', 'Give a number']]);
    expect(oneCondition({ field: 'order.total', operator: 'greater_than', value: '12.5' })).toEqual([]);
    expect(oneCondition({ field: 'order.channel', operator: 'equals' })).toEqual([['nodes.1.formData.conditions.0.value', 'Give a value']]);
    expect(oneCondition({ field: 'order.channel', operator: 'in', value: 'amazon' })).toEqual([['nodes.1.formData.conditions.0.value', 'Give a list of values']]);
    expect(oneCondition({ field: 'order.total', operator: 'in', value: ['1', 'x'] })).toEqual([['nodes.1.formData.conditions.0.value.1', 'Give a number']]);
    expect(oneCondition({ field: 'order.total', operator: 'between', value: 1 })).toEqual([['nodes.1.formData.conditions.0.value2', 'Give a value']]);
    expect(oneCondition({ field: 'order.deliver_by', operator: 'greater_than', value: 'tomorrow' })).toEqual([['nodes.1.formData.conditions.0.value', 'Give a date (YYYY-MM-DD)']]);
    expect(oneCondition({ field: 'order.notes', operator: 'is_blank' })).toEqual([]);
    expect(oneCondition({ field: 'metadata.vip', operator: 'equals', value: 'yes' })).toEqual([]);
    expect(problemsOf(nodesOf(condition('c', [])))).toEqual([['nodes.1.formData.conditions', 'Add at least one condition']]);
  });

  it('aggregates need compare and a number; custom_sum a numeric line field; custom_count a valid where', () => {
    expect(oneCondition({ field: 'order', operator: 'order_total_items', compare: 'gt', value: 3 })).toEqual([]);
    expect(oneCondition({ field: 'order', operator: 'order_total_line', value: 3 })).toEqual([
      ['nodes.1.formData.conditions.0.compare', 'Choose how to compare (eq, ne, gt, gte, lt, lte)'],
    ]);
    expect(oneCondition({ field: 'line.name', operator: 'custom_sum', compare: 'eq', value: 'x' }).map((p) => p[0])).toEqual([
      'nodes.1.formData.conditions.0.value', 'nodes.1.formData.conditions.0.field',
    ]);
    expect(oneCondition({ field: 'order', operator: 'custom_count', compare: 'gte', value: 1 })).toEqual([['nodes.1.formData.conditions.0.where', 'Say which lines to count']]);
    expect(oneCondition({ field: 'order', operator: 'custom_count', compare: 'gte', value: 1, where: { field: 'order.total', operator: 'equals', value: 1 } })[0]![0])
      .toBe('nodes.1.formData.conditions.0.where.field');
    expect(oneCondition({ field: 'order', operator: 'custom_count', compare: 'gte', value: 1, where: { field: 'sku.weight', operator: 'starts_with', value: 1 } })[0]![0])
      .toBe('nodes.1.formData.conditions.0.where.operator');
    expect(oneCondition({ field: 'order', operator: 'custom_count', compare: 'gte', value: 1, where: { field: 'sku.brand', operator: 'equals', value: 'Acme' } })).toEqual([]);
    expect(oneCondition({ field: 'metadata.score', operator: 'custom_field', compare: 'gt', value: '5' })).toEqual([]);
    expect(oneCondition({ field: 'order.notes', operator: 'custom_field', value: '5' }).map((p) => p[0])).toEqual([
      'nodes.1.formData.conditions.0.field', 'nodes.1.formData.conditions.0.compare',
    ]);
  });

  it('actions: unknown action, a form that does not parse, iloc without an iLoc, hold both ways, an unsettable field', () => {
    expect(problemsOf(nodesOf(action('a', 'teleport', {})))).toEqual([['nodes.1.action_type', 'Unknown action']]);
    expect(problemsOf(nodesOf(action('a', 'select_inventory_location', { strategy: 'nearest' })))).toEqual([
      ['nodes.1.formData.strategy', 'Choose how the iLoc is chosen'],
    ]);
    expect(problemsOf(nodesOf(action('a', 'select_inventory_location', { strategy: 'iloc' })))).toEqual([['nodes.1.formData.iloc_id', 'Choose the iLoc']]);
    expect(problemsOf(nodesOf(action('a', 'select_inventory_location', { strategy: 'iloc', iloc_id: 'nope' })))[0]![0]).toBe('nodes.1.formData.iloc_id');
    expect(problemsOf(nodesOf(action('a', 'hold', { until: '2026-01-01T00:00:00Z', hours: 3 })))).toEqual([
      ['nodes.1.formData.hours', 'Hold until a time or for some hours, not both'],
    ]);
    expect(problemsOf(nodesOf(action('a', 'set_field', { field: 'status', value: 'x' })))[0]![0]).toBe('nodes.1.formData.field');
    expect(problemsOf(nodesOf(action('a', 'set_field', { field: 'deliver_by', value: 'soon' })))[0]![0]).toBe('nodes.1.formData.value');
  });

  it('graph: duplicate ids, dangling refs, starts and ends, branches, unreachable nodes', () => {
    const base = nodesOf(action('a', 'add_tag', { tag: 'x' }));
    const dup = structuredClone(base);
    dup[1]!.id = 'start';
    expect(problemsOf(dup)).toContainEqual(['nodes.1.id', 'Node id start is used twice']);
    const dangling = structuredClone(base);
    dangling[1]!.next = ['ghost'];
    expect(problemsOf(dangling)).toContainEqual(['nodes.1.next.0', 'Node Do a points to ghost, which is not in the flow']);
    const self = structuredClone(base);
    self[1]!.next = ['a'];
    expect(problemsOf(self)).toContainEqual(['nodes.1.next.0', 'Node Do a cannot point to itself']);
    expect(problemsOf(base.filter((n) => n.type !== 'start'))).toContainEqual(['nodes', 'A flow needs a start node']);
    expect(problemsOf(base.filter((n) => n.type !== 'end'))).toContainEqual(['nodes', 'A flow needs an end node']);
    const twoNext = structuredClone(base);
    twoNext[1]!.next = ['end', 'start'];
    expect(problemsOf(twoNext)).toContainEqual(['nodes.1.next', 'An action leads to at most one node']);
    const threeWays = nodesOf(condition('c', [{ field: 'order.channel', operator: 'is_blank' }]));
    threeWays[1]!.next = ['end', 'end', 'end'];
    expect(problemsOf(threeWays)).toContainEqual(['nodes.1.next', 'A condition has at most two branches (yes and no)']);
    const island = structuredClone(base);
    island.push({ id: 'lost', type: 'action', name: 'Lost', prev: [], next: ['end'], action_type: 'add_tag', formData: { tag: 'x' } });
    expect(problemsOf(island)).toEqual([['nodes.3', 'Node Lost cannot be reached from the start']]);
    const startWithPrev = structuredClone(base);
    startWithPrev[0]!.prev = ['a'];
    expect(problemsOf(startWithPrev)).toContainEqual(['nodes.0.prev', 'The start node has no previous node']);
  });

  it('a cycle is a warning, not a problem', () => {
    const nodes = nodesOf(action('a', 'add_note', { note: 'n' }), condition('b', [{ field: 'order.channel', operator: 'is_blank' }], 'all', 'a'));
    const out = check(nodes);
    expect(out.problems).toEqual([]);
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('loops');
  });

  it('writes: ACTION_WRITES, set_field fields and metadata.tags, deduplicated', () => {
    const nodes = nodesOf(
      action('a', 'set_ship_method', { ship_method: 'express' }),
      action('b', 'set_field', { field: 'metadata.gift', value: 'y' }),
      action('c', 'set_field', { field: 'ship_method', value: 'x' }),
      action('d', 'add_tag', { tag: 't' }),
      action('e', 'hold', {}),
    );
    expect(check(nodes).writes).toEqual(['ship_method', 'ship_carrier', 'metadata.gift', 'metadata.tags', 'hold_until']);
  });
});

describe('flowConflicts', () => {
  it('lists the other flows writing a field this one writes', () => {
    const out = flowConflicts({ id: 'me', writes: ['ship_method', 'metadata.tags'] }, [
      { id: 'me', name: 'Me', writes: ['ship_method'] },
      { id: 'a', name: 'A', writes: ['ship_method', 'ship_carrier'] },
      { id: 'b', name: 'B', writes: ['hold_until'] },
      { id: 'c', name: 'C', writes: ['metadata.tags', 'ship_method'] },
    ]);
    expect(out).toEqual([
      { flow_id: 'a', flow_name: 'A', field: 'ship_method' },
      { flow_id: 'c', flow_name: 'C', field: 'ship_method' },
      { flow_id: 'c', flow_name: 'C', field: 'metadata.tags' },
    ]);
  });
});
