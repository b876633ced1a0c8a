import { describe, expect, it } from 'vitest';
import { DEFAULT_BEFORE_IMPORT_ORDER_NODES } from '@omnio/domain';
import { flowSummary, formFieldOf, parseJsonText } from './template-text';

describe('template editor helpers', () => {
  it('parses JSON or says where it breaks', () => {
    expect(parseJsonText('{"relations": []}')).toEqual({ ok: true, value: { relations: [] } });
    expect(parseJsonText('   ')).toEqual({ ok: false, error: 'empty' });
    const bad = parseJsonText('{"relations": [}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.length).toBeGreaterThan(0);
  });

  it('reads a flow from its start along the first next', () => {
    expect(flowSummary(DEFAULT_BEFORE_IMPORT_ORDER_NODES)).toBe('Start → Select inventory location → End');
    const branching = [
      { id: 'e', type: 'end' as const, name: 'End', next: [] },
      { id: 'r', type: 'router' as const, name: 'Route', next: ['e', 'x'] },
      { id: 's', type: 'start' as const, name: 'Start', next: ['r'] },
    ];
    expect(flowSummary(branching)).toBe('Start → Route (2) → End');
  });

  it('stops at a loop or a missing node, and says nothing without a start', () => {
    expect(flowSummary([{ id: 's', type: 'start', name: 'S', next: ['a'] }, { id: 'a', type: 'action', name: 'A', next: ['s'] }])).toBe('S → A');
    expect(flowSummary([{ id: 's', type: 'start', name: 'S', next: ['ghost'] }])).toBe('S');
    expect(flowSummary([{ id: 'a', type: 'action', name: 'A', next: [] }])).toBe('');
  });

  it('maps nested 422 keys onto the JSON text box that holds them', () => {
    const fields = ['name', 'nodes', 'definition'] as const;
    expect(formFieldOf('nodes.1.next', fields)).toEqual({ field: 'nodes', inner: '1.next' });
    expect(formFieldOf('definition.relations.0.target', fields)).toEqual({ field: 'definition', inner: 'relations.0.target' });
    expect(formFieldOf('name', fields)).toEqual({ field: 'name', inner: '' });
    expect(formFieldOf('colour', fields)).toBeNull();
  });
});
