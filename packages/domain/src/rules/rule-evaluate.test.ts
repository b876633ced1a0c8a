import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrderInput } from '../orders';
import { ZFlowChange, ZFlowTrace } from './rule-api';
import { evaluateFlows, type RunnableFlow } from './rule-evaluate';
import { ILOC, action, chain, condition, facts, order } from './rule-test-kit';

afterEach(() => vi.restoreAllMocks());

describe('evaluateFlows', () => {
  it('takes the yes branch and traces the condition with what the field held', () => {
    const flow = chain('Texas', [
      condition('tx', [{ field: 'shipping_address.state', operator: 'in', value: ['TX', 'Texas'] }], 'all', 'other'),
      action('dallas', 'select_inventory_location', { strategy: 'iloc', iloc_id: ILOC.dallas }),
    ]);
    flow.nodes.push({ id: 'other', type: 'action', name: 'Other', prev: ['tx'], next: ['end'], action_type: 'add_tag', formData: { tag: 'elsewhere' } });
    const out = evaluateFlows([flow], order(), facts());
    expect(out.failure).toBeNull();
    const steps = out.traces[0]!.steps;
    expect(steps.map((s) => s.node_id)).toEqual(['start', 'tx', 'dallas', 'end']);
    expect(steps[1]).toMatchObject({ type: 'condition', branch: 'yes', conditions: [{ field: 'shipping_address.state', result: true, actual: 'TX' }] });
    expect(out.traces[0]).toMatchObject({ flow_id: flow.id, flow_name: 'Texas', version: 1, error: null });
    expect(typeof out.traces[0]!.ms).toBe('number');
    // The answer shapes the server returns accept the traces and changes as they are.
    expect(() => ZFlowTrace.array().parse(out.traces)).not.toThrow();
    expect(() => ZFlowChange.array().parse(out.changes)).not.toThrow();

    const ca = evaluateFlows([flow], order({ shipping_address: { state: 'CA' } }), facts());
    expect(ca.traces[0]!.steps.map((s) => s.node_id)).toEqual(['start', 'tx', 'other', 'end']);
    expect(ca.order.metadata?.tags).toContain('elsewhere');
  });

  it('a false condition without a "no" branch ends the flow', () => {
    const flow = chain('Only big', [
      condition('big', [{ field: 'order.total', operator: 'greater_than', value: 1000 }]),
      action('tag', 'add_tag', { tag: 'big' }),
    ]);
    const out = evaluateFlows([flow], order(), facts());
    expect(out.failure).toBeNull();
    expect(out.traces[0]!.steps.map((s) => [s.node_id, s.branch ?? null])).toEqual([['start', null], ['big', 'no']]);
    expect(out.changes).toEqual([]);
  });

  it('match any / none combine the conditions', () => {
    const conds = [
      { field: 'order.channel', operator: 'equals' as const, value: 'amazon' },
      { field: 'order.channel', operator: 'equals' as const, value: 'shopify' },
    ];
    const tagged = (match: 'all' | 'any' | 'none') =>
      evaluateFlows([chain('M', [condition('c', conds, match), action('t', 'add_tag', { tag: 'hit' })])], order(), facts()).changes.length > 0;
    expect(tagged('all')).toBe(false);
    expect(tagged('any')).toBe(true);
    expect(tagged('none')).toBe(false);
  });

  it('runs flows in order, each on what the one before left', () => {
    const first = chain('Expedite', [action('ship', 'set_ship_method', { ship_method: 'express' })]);
    const second = chain('Tag express', [
      condition('is-express', [{ field: 'order.ship_method', operator: 'equals', value: 'EXPRESS' }]),
      action('tag', 'add_tag', { tag: 'fast' }),
    ]);
    const input = order();
    const out = evaluateFlows([first, second], input, facts());
    expect(out.failure).toBeNull();
    expect(out.order).not.toBe(input);
    expect(out.order.ship_method).toBe('express');
    expect(out.order.metadata?.tags).toEqual(['VIP', 'gift', 'fast']);
    expect(out.changes.map((c) => c.path)).toEqual(['ship_method', 'metadata.tags']);
    expect(out.traces.map((t) => t.changes.length)).toEqual([1, 1]);
    expect(input.ship_method).toBe('standard');
    // In the other order the condition sees the order as it came.
    expect(evaluateFlows([second, first], order(), facts()).order.metadata?.tags).toEqual(['VIP', 'gift']);
  });

  it('a failure leaves nothing half-applied: the input object itself, untouched', () => {
    const input = order();
    const snapshot = structuredClone(input);
    const first = chain('Expedite', [action('ship', 'set_ship_method', { ship_method: 'express' }), action('bye', 'cancel', { reason: 'x' })]);
    const second = chain('Closed iLoc', [action('tag', 'add_tag', { tag: 'T' }), action('pick', 'select_inventory_location', { strategy: 'iloc', iloc_id: ILOC.closed })]);
    second.nodes.find((n) => n.id === 'pick')!.name = 'Pick Closed';
    const out = evaluateFlows([first, second], input, facts());
    expect(out.order).toBe(input);
    expect(input).toEqual(snapshot);
    expect(out.changes).toEqual([]);
    expect(out.effects).toEqual([]);
    const message = 'Rule "Closed iLoc" failed at "Pick Closed": The iLoc Closed cannot ship';
    expect(out.failure).toEqual({ flow_id: second.id, flow_name: 'Closed iLoc', node_id: 'pick', node_name: 'Pick Closed', message });
    expect(out.traces).toHaveLength(2);
    expect(() => ZFlowTrace.array().parse(out.traces)).not.toThrow();
    expect(out.traces[1]!.error).toBe(message);
    const failed = out.traces[1]!.steps.at(-1)!;
    expect(failed).toMatchObject({ node_id: 'pick', action_type: 'select_inventory_location', error: 'The iLoc Closed cannot ship' });
  });

  it('stops a loop after 500 steps', () => {
    const flow: RunnableFlow = {
      id: 'loop', name: 'Loop', version: 3, hook_point: 'before_import_order',
      nodes: [
        { id: 'start', type: 'start', name: 'Start', prev: [], next: ['a'], formData: {} },
        { id: 'a', type: 'action', name: 'Note', prev: ['start', 'b'], next: ['b'], action_type: 'add_note', formData: { note: 'again' } },
        { id: 'b', type: 'condition', name: 'Again?', prev: ['a'], next: ['a', 'end'], formData: { conditions: [{ field: 'order.channel', operator: 'is_not_blank' }] } },
        { id: 'end', type: 'end', name: 'End', prev: ['b'], next: [], formData: {} },
      ],
    };
    const input = order();
    const out = evaluateFlows([flow], input, facts());
    expect(out.failure?.message).toMatch(/^Rule "Loop" failed at "(Note|Again\?)": The flow ran more than 500 steps \(does it loop\?\)$/);
    expect(out.order).toBe(input);
    expect(input.notes).toBeNull();
    expect(out.traces[0]!.steps.length).toBe(501);
  });

  it('stops a flow that runs longer than 1000 ms', () => {
    // The clock is read when the flow starts and every 8 steps, each read here 400 ms later than the one before:
    // step 8 finds 400 ms, step 16 800 and step 24 (the 23rd action) 1200.
    let t = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => (t += 400));
    const tags = Array.from({ length: 40 }, (_, i) => action(`a${i}`, 'add_tag', { tag: `t${i}` }));
    const out = evaluateFlows([chain('Slow', tags)], order(), facts());
    expect(out.failure?.message).toMatch(/^Rule "Slow" failed at "Do a22": The flow ran longer than 1000 ms$/);
    vi.restoreAllMocks();
    expect(evaluateFlows([chain('Quick', tags)], order(), facts()).failure).toBeNull();
  });

  it('a next naming no node fails the flow', () => {
    const flow = chain('Broken', [action('a', 'add_tag', { tag: 'a' })]);
    flow.nodes[1]!.next = ['ghost'];
    expect(evaluateFlows([flow], order(), facts()).failure?.message).toBe('Rule "Broken" failed at "Do a": The next node ghost is not in the flow');
  });

  it('no flows: the order comes back as a copy, nothing changed', () => {
    const input = order();
    const out = evaluateFlows([], input, facts());
    expect(out).toMatchObject({ changes: [], effects: [], failure: null, traces: [] });
    expect(out.order).toEqual(input);
  });
});

describe('computed fields across flows', () => {
  it('a later flow reads the units and total a line added before it made, and the same after a route or a tag', () => {
    const units = (n: number, id: string) => chain(`Units ${id}`, [condition(`u${id}`, [{ field: 'order.units', operator: 'equals', value: n }], 'all'), action(`t${id}`, 'add_tag', { tag: `units-${n}` })]);
    const flows = [
      units(1, 'a'),
      chain('Route', [action('dallas', 'select_inventory_location', { strategy: 'iloc', iloc_id: ILOC.dallas })]),
      chain('Add', [action('add', 'add_line', { sku: 'nw', quantity: 2, price: '3.00' })]),
      units(1, 'b'),
      units(3, 'c'),
    ];
    const out = evaluateFlows(flows, order({ lines: [{ sku: 'abc', quantity: 1 }], metadata: {} }), facts());
    expect(out.failure).toBeNull();
    expect(out.order.metadata?.tags).toEqual(['units-1', 'units-3']);
  });
});

describe('properties', () => {
  const anyLine = fc.record({
    sku: fc.constantFrom('abc', 'ABC ', 'heavy', 'nw', 'ghost', 'kit'),
    quantity: fc.integer({ min: 1, max: 20 }),
    price: fc.option(fc.constantFrom('0.10', '3.33', '10.00'), { nil: undefined }),
    iloc_id: fc.option(fc.constantFrom(ILOC.dallas, ILOC.reno), { nil: undefined }),
  });
  const flows = [
    chain('Route', [
      condition('heavy', [{ field: 'sku.weight', operator: 'greater_than', value: 10, quantifier: 'any' }], 'all', 'split'),
      action('stock', 'select_inventory_location', { strategy: 'stock' }),
    ]),
    chain('Kit', [action('kit', 'replace_line', { match_sku: 'kit', with: [{ sku: 'abc', quantity: 2 }] }), action('tag', 'add_tag', { tag: 'k' }), action('note', 'add_note', { note: 'n' })]),
  ];
  flows[0]!.nodes.push({ id: 'split', type: 'action', name: 'Split', prev: ['heavy'], next: ['end'], action_type: 'select_inventory_location', formData: { strategy: 'split' } });

  it('never mutates the input order', () => {
    fc.assert(fc.property(fc.array(anyLine, { maxLength: 6 }), fc.option(fc.constantFrom('note', ''), { nil: null }), (lines, notes) => {
      const input: TOrderInput = order({ lines, notes, metadata: { tags: ['x'] } });
      const snapshot = structuredClone(input);
      const out = evaluateFlows(flows, input, facts());
      expect(input).toEqual(snapshot);
      if (out.failure) expect(out.order).toBe(input);
      else expect(out.order).not.toBe(input);
    }));
  });
});
