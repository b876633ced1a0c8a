import { describe, expect, it } from 'vitest';
import { ZFlowTrace } from './rule-api';
import { evaluateFlows, type RunnableFlow } from './rule-evaluate';
import { readStoredTraces, storeTraces } from './rule-trace-store';
import type { TFlowNode } from './rule-flow';

const nodes: TFlowNode[] = [
  { id: 'start', type: 'start', name: 'Start', prev: [], next: ['tx'], formData: {} },
  { id: 'tx', type: 'condition', name: 'Texas, two lines?', prev: ['start'], next: ['express'], formData: { match: 'all', conditions: [
    { field: 'shipping_address.state', operator: 'equals', value: 'TX' }, { field: 'line.sku', operator: 'starts_with', value: 'TEE', quantifier: 'any' },
  ] } },
  { id: 'express', type: 'action', name: 'Express', action_type: 'set_ship_method', prev: ['tx'], next: ['end'], formData: { ship_method: 'express' } },
  { id: 'end', type: 'end', name: 'End', prev: ['express'], next: [], formData: {} },
];
const flow: RunnableFlow = { id: 'f1', name: 'Texas express', version: 3, hook_point: 'before_import_order', nodes };
const facts = { skus: new Map(), ilocs: [], process: null, now: new Date('2026-11-01T00:00:00Z') };
const order = (state: string) => ({ shipping_address: { state }, ship_method: 'standard', lines: [{ sku: 'TEE-1', quantity: 1 }, { sku: 'CAP', quantity: 1 }] });

describe('stored traces', () => {
  it('read back with the version equal to the trace the engine made (taken or not taken, changes included)', () => {
    for (const state of ['TX', 'CA']) {
      const { traces } = evaluateFlows([flow], order(state), facts);
      const back = readStoredTraces(storeTraces(traces), (id, v) => (id === 'f1' && v === 3 ? { name: flow.name, nodes } : undefined));
      expect(back).toEqual(traces.map((t) => ({ ...t, ms: Math.round(t.ms * 100) / 100 })));
      expect(() => back.map((t) => ZFlowTrace.parse(t))).not.toThrow();
    }
  });

  it('keeps a small fraction of the full trace', () => {
    const { traces } = evaluateFlows([flow], order('TX'), facts);
    expect(JSON.stringify(storeTraces(traces)).length * 3).toBeLessThan(JSON.stringify(traces).length);
  });

  it('reads a trace whose version is unknown with ids for names', () => {
    const { traces } = evaluateFlows([flow], order('TX'), facts);
    const [back] = readStoredTraces(storeTraces(traces), () => undefined);
    expect(back).toMatchObject({ flow_name: 'f1', steps: [{ node_id: 'tx', node_name: 'tx' }, { node_id: 'express', node_name: 'express' }, { node_id: 'end' }] });
  });

  it('writes a change as [path, before, after] and still reads the {path, before, after} of older traces', () => {
    const { stored, traces } = evaluateFlows([flow], order('TX'), facts);
    const express = stored[0]![2].find((s) => s[0] === 'express')!;
    expect(express[3]).toEqual([['ship_method', 'standard', 'express']]);
    const older = JSON.parse(JSON.stringify(stored).replace('["ship_method","standard","express"]', '{"path":"ship_method","before":"standard","after":"express"}'));
    const version = (): { name: string; nodes: TFlowNode[] } => ({ name: flow.name, nodes });
    expect(readStoredTraces(older, version)[0]!.changes).toEqual([{ path: 'ship_method', before: 'standard', after: 'express' }]);
    expect(readStoredTraces(stored, version)[0]!.changes).toEqual(traces[0]!.changes);
  });
});
