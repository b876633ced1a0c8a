import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BEFORE_IMPORT_ORDER_NODES } from '@omnio/domain';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { RuleTemplateDialog } from './RuleTemplateDialog';
import { readNodes } from './RuleNodeList';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };

describe('readNodes', () => {
  it('reads a valid flow, and a broken one with its problems', () => {
    expect(readNodes(JSON.stringify(DEFAULT_BEFORE_IMPORT_ORDER_NODES))).toMatchObject({ problems: [], nodes: [{ id: 'start' }, { id: 'select-iloc' }, { id: 'end' }] });
    const broken = readNodes(JSON.stringify([{ id: 's', type: 'start', name: 'S', next: ['x'] }, { id: 'e', type: 'end', name: 'E' }]));
    expect(broken?.nodes.map((n) => n.id)).toEqual(['s', 'e']);
    expect(broken?.problems).toContain('0.next: Node s points to x, which is not in the flow');
    expect(readNodes('{oops')).toBeNull();
    expect(readNodes('{"not": "a list"}')).toBeNull();
  });
});

describe('RuleTemplateDialog', { timeout: 20_000 }, () => {
  it('starts from the default flow, lists its nodes, and saves the parsed nodes', async () => {
    const calls = stubFetch([['POST', '/api/1.0/rule-templates', 201, { data: { id: 'r1', name: 'Route by stock' } }]]);
    const onSaved = vi.fn();
    renderWithProviders(<RuleTemplateDialog template={null} onClose={() => {}} onSaved={onSaved} />, { session: fakeSession(['read-company', 'create-company']) });
    const dialog = await screen.findByRole('dialog', { name: 'New rule template' }, SLOW);
    const list = within(dialog).getByRole('list', { name: 'Nodes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'StartStartstart · to select-iloc',
      'RouterSelect inventory locationselect-iloc · from start · to end',
      'EndEndend · from select-iloc',
    ]);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Route by stock' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Route by stock'));
    expect(calls[0]?.body).toMatchObject({ name: 'Route by stock', hook_point: 'before_import_order', nodes: DEFAULT_BEFORE_IMPORT_ORDER_NODES });
  });

  it('refuses invalid JSON and a broken flow before sending, naming the node field', async () => {
    const calls = stubFetch([]);
    renderWithProviders(<RuleTemplateDialog template={null} onClose={() => {}} onSaved={() => {}} />, { session: fakeSession(['create-company']) });
    const dialog = await screen.findByRole('dialog', { name: 'New rule template' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Broken' } });
    const nodes = within(dialog).getByLabelText(/^Nodes \(JSON\)/);
    fireEvent.change(nodes, { target: { value: '[{' } });
    expect(within(dialog).getByText('The nodes appear here once the JSON is valid.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/^This is not valid JSON/)).toBeTruthy();

    fireEvent.change(nodes, { target: { value: JSON.stringify([{ id: 's', type: 'start', name: 'S', next: ['x'] }, { id: 'e', type: 'end', name: 'E' }]) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('0.next: Node s points to x, which is not in the flow', { selector: 'p' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('puts a server refusal on the field, in Spanish', async () => {
    stubFetch([['POST', '/api/1.0/rule-templates', 422, { message: 'The given data was invalid.', errors: { name: ['A rule template with this name already exists'] } }]]);
    renderWithProviders(<RuleTemplateDialog template={null} onClose={() => {}} onSaved={() => {}} />, { session: fakeSession(['create-company']), language: 'es' });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva plantilla de regla' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Default before import order' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Ya existe una plantilla de regla con este nombre', {}, SLOW)).toBeTruthy();
  });
});
