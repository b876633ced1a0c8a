import { describe, expect, it } from 'vitest';
import type { TOrderInput } from '../orders';
import { evaluateFlows, type FlowFacts } from './rule-evaluate';
import { ILOC, action, chain, facts, order } from './rule-test-kit';

const run = (type: string, formData: Record<string, unknown>, o: TOrderInput = order(), f: FlowFacts = facts(), extra = {}) =>
  evaluateFlows([chain('Test', [action('act', type, formData, extra)])], o, f);

const ilocsOf = (o: TOrderInput) => o.lines.map((l) => l.iloc_id ?? null);

describe('select_inventory_location', () => {
  it('iloc: every line to the named iLoc, each change recorded', () => {
    const out = run('select_inventory_location', { strategy: 'iloc', iloc_id: ILOC.dallas });
    expect(out.failure).toBeNull();
    expect(ilocsOf(out.order)).toEqual([ILOC.dallas, ILOC.dallas]);
    expect(out.changes).toEqual([
      { path: 'lines[0].iloc_id', before: null, after: ILOC.dallas },
      { path: 'lines[1].iloc_id', before: null, after: ILOC.dallas },
    ]);
    expect(out.traces[0]!.steps[1]).toMatchObject({ node_id: 'act', type: 'action', action_type: 'select_inventory_location', changes: out.changes });
  });
  it('iloc: the node iloc_id serves when formData has none', () => {
    const out = run('select_inventory_location', { strategy: 'iloc' }, order(), facts(), { iloc_id: ILOC.miami });
    expect(ilocsOf(out.order)).toEqual([ILOC.miami, ILOC.miami]);
  });
  it('iloc: fails when the iLoc does not ship or is unknown', () => {
    const closed = run('select_inventory_location', { strategy: 'iloc', iloc_id: ILOC.closed });
    expect(closed.failure?.message).toBe('Rule "Test" failed at "Do act": The iLoc Closed cannot ship');
    const gone = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    expect(run('select_inventory_location', { strategy: 'iloc', iloc_id: gone }).failure?.message).toContain(`The iLoc ${gone} cannot ship`);
  });
  it('stock: the first candidate by priority with every line, else the one with the most units', () => {
    const abc2 = order({ lines: [{ sku: 'abc', quantity: 2 }] });
    // Dallas (priority 1) has 1, Reno (2) has 10.
    expect(ilocsOf(run('select_inventory_location', { strategy: 'stock' }, abc2).order)).toEqual([ILOC.reno]);
    const most = order({ lines: [{ sku: 'abc', quantity: 6 }, { sku: 'heavy', quantity: 1 }] });
    // Dallas covers 1 + 1, Reno 6 + 0, Miami 5 + 0.
    expect(ilocsOf(run('select_inventory_location', { strategy: 'stock' }, most).order)).toEqual([ILOC.reno, ILOC.reno]);
    // A line whose SKU has no facts is not available anywhere.
    const unknown = order({ lines: [{ sku: 'abc', quantity: 1 }, { sku: 'ghost', quantity: 1 }] });
    expect(ilocsOf(run('select_inventory_location', { strategy: 'stock' }, unknown).order)).toEqual([ILOC.dallas, ILOC.dallas]);
  });
  it('stock: iloc_ids are the candidates, in their order, skipping unknown and closed ones', () => {
    const abc2 = order({ lines: [{ sku: 'abc', quantity: 2 }] });
    const out = run('select_inventory_location', { strategy: 'stock', iloc_ids: ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', ILOC.closed, ILOC.miami, ILOC.reno] }, abc2);
    expect(ilocsOf(out.order)).toEqual([ILOC.miami]);
  });
  it('fails when no candidate ships', () => {
    const out = run('select_inventory_location', { strategy: 'stock', iloc_ids: [ILOC.closed] });
    expect(out.failure?.message).toBe('Rule "Test" failed at "Do act": No iLoc can ship this order');
    const none = run('select_inventory_location', { strategy: 'split' }, order(), facts({ ilocs: [] }));
    expect(none.failure?.message).toContain('No iLoc can ship this order');
  });
  it('distance: same country, then same state, then nearest ZIP, then priority', () => {
    const to = (shipping_address: TOrderInput['shipping_address']) =>
      ilocsOf(run('select_inventory_location', { strategy: 'distance' }, order({ shipping_address, lines: [{ sku: 'abc', quantity: 1 }] })).order)[0];
    expect(to({ country: 'us', state: 'tx', zip: '73301' })).toBe(ILOC.dallas);
    expect(to({ country: 'US', state: 'NV', zip: '10001' })).toBe(ILOC.reno);
    expect(to({ country: 'US', state: 'CA', zip: '32000' })).toBe(ILOC.miami);
    expect(to({ country: 'US', state: 'CA', zip: '89000-1234' })).toBe(ILOC.reno);
    expect(to({ country: 'CA', state: 'ON', zip: 'K1A 0B1' })).toBe(ILOC.dallas);
    expect(to(null)).toBe(ILOC.dallas);
  });
  it('split: each line to the first candidate with its units; otherwise the line is left alone', () => {
    const o = order({
      lines: [{ sku: 'abc', quantity: 6 }, { sku: 'heavy', quantity: 1 }, { sku: 'nw', quantity: 2 }, { sku: 'ghost', quantity: 1, iloc_id: ILOC.closed }],
    });
    const out = run('select_inventory_location', { strategy: 'split' }, o);
    expect(ilocsOf(out.order)).toEqual([ILOC.reno, ILOC.dallas, ILOC.miami, ILOC.closed]);
    expect(out.changes.map((c) => c.path)).toEqual(['lines[0].iloc_id', 'lines[1].iloc_id', 'lines[2].iloc_id']);
  });
});

describe('the other actions', () => {
  it('set_ship_method', () => {
    const out = run('set_ship_method', { ship_method: 'express', ship_carrier: 'fedex' });
    expect(out.order).toMatchObject({ ship_method: 'express', ship_carrier: 'fedex' });
    expect(out.changes).toEqual([
      { path: 'ship_method', before: 'standard', after: 'express' },
      { path: 'ship_carrier', before: 'ups', after: 'fedex' },
    ]);
  });
  it('hold: until a time, for hours after now, or until released (an effect)', () => {
    expect(run('hold', { until: '2026-04-01T00:00:00Z' }).order.hold_until).toBe('2026-04-01T00:00:00Z');
    const hours = run('hold', { hours: 2 });
    expect(hours.changes).toEqual([{ path: 'hold_until', before: null, after: '2026-03-10T14:00:00.000Z' }]);
    const manual = run('hold', {});
    expect(manual.changes).toEqual([]);
    expect(manual.effects).toEqual([{ type: 'hold', until: null, flow_id: manual.traces[0]!.flow_id }]);
  });
  it('add_tag: once, and creates metadata.tags', () => {
    const out = run('add_tag', { tag: 'Rush' });
    expect(out.order.metadata?.tags).toEqual(['VIP', 'gift', 'Rush']);
    expect(out.changes).toEqual([{ path: 'metadata.tags', before: ['VIP', 'gift'], after: ['VIP', 'gift', 'Rush'] }]);
    expect(run('add_tag', { tag: 'vip' }).changes).toEqual([]);
    expect(run('add_tag', { tag: 'New' }, order({ metadata: undefined })).order.metadata).toEqual({ tags: ['New'] });
  });
  it('add_note appends a line', () => {
    expect(run('add_note', { note: 'Fragile' }).order.notes).toBe('Fragile');
    expect(run('add_note', { note: 'Fragile' }, order({ notes: 'Call first' })).order.notes).toBe('Call first\nFragile');
  });
  it('set_field: a settable field or metadata.<key>', () => {
    expect(run('set_field', { field: 'deliver_by', value: '2026-04-01' }).changes).toEqual([{ path: 'deliver_by', before: '2026-03-20', after: '2026-04-01' }]);
    const meta = run('set_field', { field: 'metadata.gift_wrap', value: 'yes' });
    expect(meta.order.metadata?.gift_wrap).toBe('yes');
    expect(meta.changes).toEqual([{ path: 'metadata.gift_wrap', before: null, after: 'yes' }]);
    expect(run('set_field', { field: 'status', value: 'open' }).failure?.message).toContain('The field status cannot be set');
  });
  it('cancel and notify are effects', () => {
    const c = run('cancel', { reason: 'Fraud' });
    expect(c.effects).toEqual([{ type: 'cancel', reason: 'Fraud', flow_id: c.traces[0]!.flow_id }]);
    expect(c.traces[0]!.steps[1]!.effects).toEqual(c.effects);
    const n = run('notify', { title: 'Big order', message: 'Look' });
    expect(n.effects).toEqual([{ type: 'notify', title: 'Big order', message: 'Look', flow_id: n.traces[0]!.flow_id }]);
    expect(n.changes).toEqual([]);
  });
  it('add_line: pushes the line, unless once and the SKU is there', () => {
    const out = run('add_line', { sku: 'INSERT', quantity: 1, price: '0.00' });
    expect(out.order.lines).toHaveLength(3);
    expect(out.changes).toEqual([{ path: 'lines[2]', before: null, after: { sku: 'INSERT', quantity: 1, price: '0.00' } }]);
    expect(run('add_line', { sku: 'abc', quantity: 1 }).changes).toEqual([]);
    expect(run('add_line', { sku: 'abc', quantity: 1, once: false }).order.lines).toHaveLength(3);
  });
  it('replace_line: a kit, quantities multiplied, price 0.00, iloc and address kept', () => {
    const o = order({ lines: [{ sku: 'HEAVY', quantity: 1 }, { sku: 'Kit-1', quantity: 2, price: '30.00', iloc_id: ILOC.reno, shipping_address: { city: 'X' } }] });
    const out = run('replace_line', { match_sku: 'kit-1 ', with: [{ sku: 'A1', quantity: 1 }, { sku: 'A2', quantity: 3 }] }, o);
    expect(out.order.lines).toEqual([
      { sku: 'HEAVY', quantity: 1 },
      { sku: 'A1', quantity: 2, price: '0.00', iloc_id: ILOC.reno, shipping_address: { city: 'X' } },
      { sku: 'A2', quantity: 6, price: '0.00', iloc_id: ILOC.reno, shipping_address: { city: 'X' } },
    ]);
    expect(out.changes).toHaveLength(1);
    expect(out.changes[0]).toMatchObject({ path: 'lines', before: o.lines });
    expect(run('replace_line', { match_sku: 'none', with: [{ sku: 'A1', quantity: 1 }] }).changes).toEqual([]);
  });
  it('a form that does not parse fails the step', () => {
    expect(run('add_tag', {}).failure?.message).toMatch(/^Rule "Test" failed at "Do act": The action is not set up right/);
    expect(run('teleport', {}).failure?.message).toContain('Unknown action');
  });
});
