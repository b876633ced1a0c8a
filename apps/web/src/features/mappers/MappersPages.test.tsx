import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { MapperDto, MapperListItemDto, MapperSavedDto } from '@omnio/domain';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { MapperEditorPage } from './MapperEditorPage';
import { MappingsPage } from './MappingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const ALL = ['read-mapper', 'create-mapper', 'update-mapper', 'delete-mapper'];
const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 25, total: data.length, last_page: 1 });
const PROCESSES: [string, string, number, unknown] = ['GET', '/api/1.0/processes', 200, page([{ id: 'p1', name: 'Walmart EDI' }])];
const AT = '2026-11-01T00:00:00.000Z';

const mapper = (over: Partial<MapperDto> = {}): MapperDto => ({
  id: 'm1', name: 'Walmart orders', type: 'ORDER', file_type: 'json', description: '', process_id: null, template_id: null,
  definition: { relations: [{ source: 'po.poNumber', target: 'external_id' }] },
  samples: [{ id: 's1', name: 'po.json', content: '{"po":{"poNumber":"A-1"}}', output: [{ external_id: 'A-1' }], error: null, updated_at: AT }],
  created_at: AT, updated_at: AT, ...over,
});
const { samples: _samples, ...base } = mapper();
const listItem = (over: Partial<MapperListItemDto> = {}): MapperListItemDto => ({ ...base, samples_count: 1, ...over });

function renderEditor(permissions = ALL, language = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/mappings/:id" element={<MapperEditorPage />} />
      <Route path="/mappings/new" element={<MapperEditorPage />} />
    </Routes>,
    { session: fakeSession(permissions), path: '/mappings/m1', language },
  );
}

describe('MappingsPage', { timeout: 20_000 }, () => {
  it('lists mappers with their type, partner connection and sample count', async () => {
    stubFetch([
      ['GET', '/api/1.0/mappers', 200, page([listItem({ process_id: 'p1', samples_count: 2 }), listItem({ id: 'm2', name: 'Target ASN', type: 'ASN', samples_count: 0 })])],
      PROCESSES,
    ]);
    renderWithProviders(<MappingsPage />, { session: fakeSession(ALL) });
    const row = (await screen.findByRole('link', { name: 'Walmart orders' }, SLOW)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Order')).toBeTruthy();
    expect(await within(row).findByText('Walmart EDI')).toBeTruthy();
    expect(within(row).getByText('2 samples')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Target ASN' }).closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('Not in use')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New mapper' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'From template' })).toBeTruthy();

  });

  it('shows the empty state, and hides the create buttons without create-mapper', async () => {
    stubFetch([['GET', '/api/1.0/mappers', 200, page([])], PROCESSES]);
    renderWithProviders(<MappingsPage />, { session: fakeSession(['read-mapper']) });
    expect(await screen.findByText('No mappers yet. Start from a template or create one.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New mapper' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'From template' })).toBeNull();
  });

  it('copies a platform template, naming the copy', async () => {
    const template = { id: 't1', name: 'Generic CSV orders', type: 'ORDER', file_type: 'csv', description: '', definition: { relations: [] }, created_at: AT, updated_at: AT };
    const calls = stubFetch([
      ['GET', '/api/1.0/mappers', 200, page([])], PROCESSES,
      ['GET', '/api/1.0/mappers/templates', 200, page([template])],
      ['POST', '/api/1.0/mappers/from-template/t1', 201, { data: mapper({ id: 'm9', name: 'Costco orders' }) }],
    ]);
    renderWithProviders(<MappingsPage />, { session: fakeSession(ALL) });
    fireEvent.click(await screen.findByRole('button', { name: 'From template' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New mapper from a template' });
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Template' }), { target: { value: 't1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of your mapper' }), { target: { value: 'Costco orders' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create mapper' }));
    expect(await screen.findByText('Mapper Costco orders created')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Costco orders' });
  });

  it('says in Spanish when the list cannot be loaded', async () => {
    stubFetch([['GET', '/api/1.0/mappers', 500, { message: 'Server Error' }], PROCESSES]);
    renderWithProviders(<MappingsPage />, { session: fakeSession(ALL), language: 'es' });
    expect(await screen.findByText(/No se pudieron cargar los mapeos/, undefined, SLOW)).toBeTruthy();
  });
});

describe('MapperEditorPage', { timeout: 20_000 }, () => {
  it('saves an edited relation and shows, per sample, the fields it changed', async () => {
    const saved: MapperSavedDto = {
      data: mapper({ definition: { relations: [{ source: '"PO-" & po.poNumber', target: 'external_id' }] } }),
      sample_changes: [{ sample_id: 's1', name: 'po.json', changes: [{ path: '[0].external_id', before: 'A-1', after: 'PO-A-1' }], error: null }],
    };
    const calls = stubFetch([['GET', '/api/1.0/mappers/m1', 200, { data: mapper() }], ['PUT', '/api/1.0/mappers/m1', 200, saved], PROCESSES]);
    renderEditor();
    const source = await screen.findByRole('textbox', { name: 'Source expression' }, SLOW);
    fireEvent.change(source, { target: { value: '"PO-" & po.poNumber' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'What this change did to the samples' });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'Walmart orders', process_id: null, definition: { relations: [{ source: '"PO-" & po.poNumber', target: 'external_id' }] } });
    const cells = within(dialog).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['[0].external_id', '"A-1"', '"PO-A-1"']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the relations before sending: an empty target is named, nothing is sent', async () => {
    const calls = stubFetch([['GET', '/api/1.0/mappers/m1', 200, { data: mapper() }], PROCESSES]);
    renderEditor();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Target field' }, SLOW), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields need attention.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server\'s error on the relation it names (a runaway expression)', async () => {
    const message = 'The expression ran longer than 1000 ms and was stopped';
    stubFetch([
      ['GET', '/api/1.0/mappers/m1', 200, { data: mapper() }],
      ['PUT', '/api/1.0/mappers/m1', 422, { message, errors: { 'definition.relations.0.source': [message] } }],
      PROCESSES,
    ]);
    renderEditor();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Source expression' }, SLOW), { target: { value: '($f := function(){$f()}; $f())' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('previews the unsaved definition on a pasted sample, with its output and problems', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/mappers/m1', 200, { data: mapper() }],
      ['POST', '/api/1.0/mappers/preview', 200, { data: { records: [{ external_id: 'B-2' }], errors: [{ record: 0, relation: 0, target: 'total', message: 'x is not a number' }] } }],
      PROCESSES,
    ]);
    renderEditor();
    fireEvent.change(await screen.findByRole('textbox', { name: 'File content' }, SLOW), { target: { value: '{"po":{"poNumber":"B-2"}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByLabelText('Output')).textContent).toContain('"external_id": "B-2"');
    expect(screen.getByText('Record 1, total: x is not a number')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/1.0/mappers/preview')!.body).toEqual({
      file_type: 'json', content: '{"po":{"poNumber":"B-2"}}', definition: { relations: [{ source: 'po.poNumber', target: 'external_id' }] },
    });
  });

  it('is read-only without update-mapper, in Spanish', async () => {
    stubFetch([['GET', '/api/1.0/mappers/m1', 200, { data: mapper() }], PROCESSES]);
    renderEditor(['read-mapper'], 'es');
    const source = await screen.findByRole('textbox', { name: 'Expresión de origen' }, SLOW);
    expect((source as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });
});
