import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { DryRunDto, DryRunResultDto, FlowDto, FlowSummaryDto, RuleTraceDto } from '@omnio/domain';
import { page, routeFetch } from '../../shared/test/test-fetch';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { DryRunPanel } from './DryRunPanel';
import { RuleEditorPage } from './RuleEditorPage';
import { RulesPage } from './RulesPage';
import { RuleTraces } from './RuleTraces';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const ALL = ['read-flow', 'create-flow', 'update-flow', 'delete-flow'];
const AT = '2026-11-01T00:00:00.000Z';

const summary = (over: Partial<FlowSummaryDto> = {}): FlowSummaryDto => ({
  id: 'f1', name: 'Texas ships from Dallas', description: '', hook_point: 'before_import_order', status: 'active', priority: 100, version: 3,
  node_count: 5, last_run_at: null, created_at: AT, updated_at: AT, allowed_actions: ['disable'], ...over,
});

const NODES: FlowDto['nodes'] = [
  { id: 'start', type: 'start', name: 'Start', prev: [], next: ['is-tx'], formData: {} },
  {
    id: 'is-tx', type: 'condition', name: 'Ships to Texas?', prev: ['start'], next: ['dallas', 'end'],
    formData: { match: 'all', conditions: [{ field: 'shipping_address.state', operator: 'equals', value: 'TX' }] },
  },
  { id: 'dallas', type: 'action', name: 'Tag Texas', prev: ['is-tx'], next: ['end'], action_type: 'add_tag', formData: { tag: 'texas' } },
  { id: 'end', type: 'end', name: 'End', prev: ['is-tx', 'dallas'], next: [], formData: {} },
];
const flow = (over: Partial<FlowDto> = {}): FlowDto => ({ ...summary(), nodes: NODES, conflicts: [], warnings: [], ...over });

function renderEditor(permissions = ALL) {
  return renderWithProviders(
    <Routes>
      <Route path="/rules/:id" element={<RuleEditorPage />} />
    </Routes>,
    { session: fakeSession(permissions), path: '/rules/f1' },
  );
}

describe('RulesPage', { timeout: 20_000 }, () => {
  it('lists rules with hook point, status, priority and version', async () => {
    stubFetch([['GET', '/api/1.0/rules', 200, page([summary(), summary({ id: 'f2', name: 'Hold big orders', status: 'inactive', priority: 5, version: 1 })])]]);
    renderWithProviders(<RulesPage />, { session: fakeSession(ALL) });
    const row = (await screen.findByRole('link', { name: 'Texas ships from Dallas' }, SLOW)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Before import order')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Hold big orders' }).closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New rule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'From template' })).toBeTruthy();
  });

  it('shows the empty state, without create buttons for a reader', async () => {
    stubFetch([['GET', '/api/1.0/rules', 200, page([])]]);
    renderWithProviders(<RulesPage />, { session: fakeSession(['read-flow']), language: 'es' });
    expect(await screen.findByText('Aún no hay reglas. Cree una o empiece desde una plantilla.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva regla' })).toBeNull();
  });
});

describe('RuleEditorPage', { timeout: 20_000 }, () => {
  it('edits a condition chosen in the node list and saves the nodes with the loaded version', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/rules/f1', 200, { data: flow() }],
      ['PUT', '/api/1.0/rules/f1', 200, { data: flow({ version: 4 }) }],
    ]);
    renderEditor();
    const outline = await screen.findByRole('navigation', { name: 'Nodes' }, SLOW);
    fireEvent.click(within(outline).getByRole('button', { name: /^Condition Ships to Texas\?/ }));
    const form = await screen.findByRole('region', { name: 'Node: Ships to Texas?' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Operator' }), { target: { value: 'in' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Value' }), { target: { value: 'TX, Texas' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Connect “No” to…' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Rule saved')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!.body as { version: number; nodes: FlowDto['nodes'] };
    expect(put.version).toBe(3);
    expect(put.nodes[1]).toMatchObject({
      id: 'is-tx', next: ['dallas'], formData: { match: 'all', conditions: [{ field: 'shipping_address.state', operator: 'in', value: ['TX', 'Texas'] }] },
    });
    expect(put.nodes.find((n) => n.id === 'end')!.prev).toEqual(['dallas']);
    expect(screen.getByText('Version 4')).toBeTruthy();
  });

  it('shows a 422 on the node it names, and a 409 as a newer version', async () => {
    let status = 422;
    const message = 'Give a value for "equals"';
    routeFetch([
      ['GET', '/api/1.0/rules/f1', [200, { data: flow() }]],
      ['PUT', '/api/1.0/rules/f1', () => (status === 422
        ? [422, { message, errors: { 'nodes.1.formData.conditions.0.value': [message] } }]
        : [409, { message: 'Conflict' }])],
    ]);
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }, SLOW));
    const form = await screen.findByRole('region', { name: 'Node: Ships to Texas?' });
    expect(within(form).getAllByText(new RegExp(message.replace(/"/g, '.'))).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('navigation', { name: 'Nodes' })).getByText('1 problem')).toBeTruthy();
    status = 409;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else saved a newer version/)).toBeTruthy();
  });

  it('validates the draft: problems link to their node, with warnings and conflicts', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/rules/f1', 200, { data: flow() }],
      ['POST', '/api/1.0/rules/validate', 200, {
        valid: false, problems: [{ path: [1, 'formData', 'conditions', 0, 'field'], message: 'Unknown field' }],
        warnings: ['The flow has a cycle'], conflicts: [{ flow_id: 'f9', flow_name: 'Ship fast', field: 'ship_method' }],
      }],
    ]);
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Validate' }, SLOW));
    expect(await screen.findByText('The flow has a cycle')).toBeTruthy();
    expect(screen.getByText('Ship fast writes ship_method')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ hook_point: 'before_import_order', flow_id: 'f1' });
    fireEvent.click(screen.getByRole('button', { name: 'Ships to Texas?' }));
    expect(await screen.findByRole('region', { name: 'Node: Ships to Texas?' })).toBeTruthy();
  });

  it('hides the write buttons without update-flow', async () => {
    stubFetch([['GET', '/api/1.0/rules/f1', 200, { data: flow() }]]);
    renderEditor(['read-flow']);
    expect(await screen.findByText('You can view this rule but not change it.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });
});

describe('DryRunPanel', { timeout: 20_000 }, () => {
  it('starts a run with the unsaved nodes, polls it and lists what would change', async () => {
    const run = (over: Partial<DryRunDto>): DryRunDto => ({
      id: 'r1', flow_id: 'f1', version: null, days: 30, status: 'queued', examined: 0, changed: 0, unchanged: 0, failed: 0, truncated: false,
      error: null, duration_ms: null, created_at: AT, finished_at: null, ...over,
    });
    const result: DryRunResultDto = {
      order_id: 'o1', number: 'SO-1001', created_at: AT, outcome: 'changed', error: null,
      changes: [{ path: 'ship_method', before: 'UPS Ground', after: 'FedEx 2Day' }],
      actual: { status: 'shipped', ilocs: ['Austin'], ship_method: 'UPS Ground', ship_carrier: 'UPS' },
    };
    const net = routeFetch([
      ['POST', '/api/1.0/rules/f1/dry-runs', [202, { data: run({}) }]],
      ['GET', '/api/1.0/rules/f1/dry-runs/r1', (_c, nth) => [200, { data: nth < 1 ? run({ status: 'running' }) : run({ status: 'completed', examined: 12, changed: 1, unchanged: 11 }) }]],
      ['GET', '/api/1.0/rules/f1/dry-runs/r1/results', [200, page([result])]],
      ['POST', '/api/1.0/rules/f1/apply', [200, { data: [{ order_id: 'o1', number: 'SO-1001', outcome: 'skipped', changes: [], error: 'Already shipped' }] }]],
    ]);
    const nodes = NODES.map((n) => ({ ...n }));
    renderWithProviders(<DryRunPanel flowId="f1" nodes={nodes} canApply pollMs={20} />, { session: fakeSession(ALL) });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('link', { name: 'SO-1001' }, SLOW)).toBeTruthy();
    expect(net.to('GET', '/api/1.0/rules/f1/dry-runs/r1').length).toBeGreaterThanOrEqual(2);
    expect(net.to('POST', '/api/1.0/rules/f1/dry-runs')[0]!.body).toMatchObject({ days: 30, nodes: [{ id: 'start' }, { id: 'is-tx' }, { id: 'dallas' }, { id: 'end' }] });
    expect(screen.getByText('Examined: 12')).toBeTruthy();
    expect(screen.getByText(': UPS Ground → FedEx 2Day')).toBeTruthy();
    expect(screen.getByText('Status: shipped')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order SO-1001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply to selected orders (1)' }));
    expect(await screen.findByText('Skipped')).toBeTruthy();
    expect(screen.getByText('Already shipped')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/rules/f1/apply')[0]!.body).toEqual({ order_ids: ['o1'] });
  });
});

describe('RuleTraces', { timeout: 20_000 }, () => {
  it('shows each flow that ran, its branch, conditions and changes', async () => {
    const trace: RuleTraceDto = {
      id: 't1', hook_point: 'before_import_order', trigger: 'import', error: false, created_at: AT,
      flows: [{
        flow_id: 'f1', flow_name: 'Texas ships from Dallas', version: 3, error: null, ms: 2, changes: [],
        steps: [
          {
            node_id: 'is-tx', node_name: 'Ships to Texas?', type: 'condition', branch: 'yes',
            conditions: [{ field: 'shipping_address.state', operator: 'in', value: ['TX', 'Texas'], result: true, actual: 'TX' }],
          },
          { node_id: 'dallas', node_name: 'Tag Texas', type: 'action', action_type: 'add_tag', changes: [{ path: 'metadata.tags', before: [], after: ['texas'] }] },
        ],
      }],
    };
    stubFetch([['GET', '/api/1.0/orders/o1/rule-traces', 200, { data: [trace] }]]);
    renderWithProviders(<RuleTraces orderId="o1" />, { session: fakeSession(ALL) });
    expect(await screen.findByText('Texas ships from Dallas · version 3', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Why this order went where it did')).toBeTruthy();
    expect(screen.getByText('Branch: Yes')).toBeTruthy();
    expect(screen.getByText(/Ship-to state is one of \["TX","Texas"\]/)).toBeTruthy();
    expect(screen.getByText(': [] → ["texas"]')).toBeTruthy();
  });

  it('says when no rules ran, in Spanish', async () => {
    stubFetch([['GET', '/api/1.0/orders/o1/rule-traces', 200, { data: [] }]]);
    renderWithProviders(<RuleTraces orderId="o1" />, { language: 'es' });
    expect(await screen.findByText('Ninguna regla se ejecutó en este pedido', undefined, SLOW)).toBeTruthy();
  });
});

