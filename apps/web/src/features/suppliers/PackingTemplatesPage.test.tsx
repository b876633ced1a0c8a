import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { PackingTemplatesPage } from './PackingTemplatesPage';
import { page, routeFetch, template, WRITE } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const render = (permissions = WRITE, language = 'en') =>
  renderWithProviders(<PackingTemplatesPage />, { session: fakeSession(permissions, 'tenant'), path: '/packing-templates', language });

describe('PackingTemplatesPage', { timeout: 30_000 }, () => {
  it('creates a template with a box, refusing a zero dimension before sending', async () => {
    const net = routeFetch([
      ['GET', '/api/1.0/packing-templates', [200, page([])]],
      ['POST', '/api/1.0/packing-templates', [201, { data: template({ id: 'new', name: 'Pallet 120' }) }]],
    ]);
    render();
    expect(await screen.findByText('No packing templates yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New packing template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New packing template' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Pallet 120' } });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'pallet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add box' }));
    const box = within(dialog).getByRole('group', { name: 'Box 1' });
    for (const [label, value] of [['Length', '120'], ['Width', '0'], ['Height', '100'], ['Weight', '25.5'], ['Units per box', '48']]) {
      fireEvent.change(within(box).getByLabelText(label!), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The width must be greater than 0')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/packing-templates')).toHaveLength(0);

    fireEvent.change(within(box).getByLabelText('Width'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Packing template Pallet 120 saved')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/packing-templates')[0]?.body).toEqual({
      name: 'Pallet 120', type: 'pallet', notes: null, boxes: [{ length: '120', width: '80', height: '100', weight: '25.5', units_per_box: 48 }],
    });
  });

  it('edits a template: the name taken comes back under the field', async () => {
    routeFetch([
      ['GET', '/api/1.0/packing-templates', [200, page([template()])]],
      ['PUT', '/api/1.0/packing-templates/t1', [422, { message: 'Invalid', errors: { name: ['A packing template with this name already exists'] } }]],
    ]);
    render();
    expect(await screen.findByText('Carton 24', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('40×30×20 · 24')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit Carton 24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Carton 24' });
    expect((within(dialog).getByLabelText('Units per box') as HTMLInputElement).value).toBe('24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A packing template with this name already exists')).toBeTruthy();
  });

  it('read-only in Spanish: no create, edit or delete', async () => {
    routeFetch([['GET', '/api/1.0/packing-templates', [200, page([template({ type: 'mixed' })])]]]);
    render(['read-asn'], 'es');
    expect(await screen.findByRole('heading', { name: 'Plantillas de empaque' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('Mixta')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva plantilla de empaque' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Editar Carton 24' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    routeFetch([['GET', '/api/1.0/packing-templates', [500, { message: 'Server Error' }]]]);
    render(['read-asn']);
    expect(await screen.findByText('Could not load the packing templates: Server Error', {}, SLOW)).toBeTruthy();
  });
});
