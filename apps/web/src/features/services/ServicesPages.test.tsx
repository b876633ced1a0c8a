import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppServiceView, ServiceView } from '@omnio/domain';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { AppServicesPage } from './AppServicesPage';
import { ServicesListPage } from './ServicesListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 25, total: data.length, last_page: 1 });
const OWNER = ['read-service', 'create-service', 'update-service', 'delete-service', 'read-app-service', 'create-app-service', 'update-app-service', 'delete-app-service'];

const service = (over: Partial<ServiceView>): ServiceView => ({
  id: 's1', key: 'shipedge', name: 'Shipedge', category: 'warehouse', description: '', logo_url: null, status: 'ACTIVE',
  allowed_actions: ['pause', 'deactivate', 'edit'], created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z', ...over,
});
const app = (over: Partial<AppServiceView>): AppServiceView => ({
  id: 'a1', client_id: 'app_0123456789abcdef0123', name: 'ERP', description: '', redirect_uris: [], confidential: true, grants: ['password', 'refresh_token'],
  status: 'ACTIVE', secret_hint: '…wxyz', allowed_actions: ['pause', 'deactivate', 'rotate-secret', 'edit'], created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z', ...over,
});

describe('ServicesListPage', { timeout: 20_000 }, () => {
  it('shows status chips and only the actions the server allows', async () => {
    stubFetch([['GET', '/api/1.0/services', 200, page([
      service({}),
      service({ id: 's2', key: 'mintsoft', name: 'Mintsoft', status: 'INACTIVE', allowed_actions: ['activate', 'edit', 'delete'] }),
    ])]]);
    renderWithProviders(<ServicesListPage />, { session: fakeSession(OWNER) });
    const shipedge = await screen.findByRole('group', { name: 'Actions for Shipedge' }, SLOW);
    expect(within(shipedge).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Pause: Shipedge', 'Deactivate: Shipedge', 'Edit: Shipedge']);
    const mintsoft = screen.getByRole('group', { name: 'Actions for Mintsoft' });
    expect(within(mintsoft).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Activate: Mintsoft', 'Edit: Mintsoft', 'Delete: Mintsoft']);
    expect(screen.getByText('Inactive', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('pauses at once, and asks before deactivating', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/services', 200, page([service({})])],
      ['POST', '/api/1.0/services/s1/pause', 200, { data: service({ status: 'PAUSE', allowed_actions: ['deactivate', 'activate', 'edit'] }) }],
      ['POST', '/api/1.0/services/s1/deactivate', 200, { data: service({ status: 'INACTIVE', allowed_actions: ['activate', 'edit', 'delete'] }) }],
    ]);
    renderWithProviders(<ServicesListPage />, { session: fakeSession(OWNER) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause: Shipedge' }, SLOW));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/pause'))).toBe(true));
    expect(await screen.findByText('Shipedge paused')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate: Shipedge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this service?' });
    expect(calls.some((c) => c.path.endsWith('/deactivate'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/deactivate'))).toBe(true));
  });

  it('shows the empty state and a load failure in Spanish', async () => {
    stubFetch([['GET', '/api/1.0/services', 500, { message: 'Server Error' }]]);
    renderWithProviders(<ServicesListPage />, { session: fakeSession(OWNER), language: 'es' });
    expect(await screen.findByText('No se pudieron mostrar los servicios: Server Error', {}, SLOW)).toBeTruthy();
  });
});

describe('AppServicesPage', { timeout: 20_000 }, () => {
  it('creates an app service and shows its client secret once', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/app_services', 200, page([])],
      ['POST', '/api/1.0/app_services', 201, { data: app({ client_secret: 'ocs_secret_value_123' }) }],
    ]);
    renderWithProviders(<AppServicesPage />, { session: fakeSession(OWNER) });
    expect(await screen.findByText('No app services yet.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New app service' }));
    const dialog = await screen.findByRole('dialog', { name: 'New app service' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'ERP' } });
    fireEvent.change(within(dialog).getByLabelText(/^Redirect URIs/), { target: { value: 'https://erp.test/cb\n\nnot a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create app service' }));
    expect(await within(dialog).findByText('A redirect URI must be a valid http(s) URL')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Redirect URIs/), { target: { value: 'https://erp.test/cb\n' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Password' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create app service' }));
    const shown = await screen.findByRole('dialog', { name: 'Client credentials' }, SLOW);
    expect((within(shown).getByLabelText('Client secret') as HTMLInputElement).value).toBe('ocs_secret_value_123');
    expect((within(shown).getByLabelText('Client id') as HTMLInputElement).value).toBe('app_0123456789abcdef0123');
    expect(within(shown).getByText(/shown only once/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'ERP', description: '', redirect_uris: ['https://erp.test/cb'], confidential: true, grants: ['refresh_token'],
    });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Client credentials' })).toBeNull());
    expect(screen.queryByDisplayValue('ocs_secret_value_123')).toBeNull();
  });

  it('rotates the secret after confirmation and shows the new one', async () => {
    stubFetch([
      ['GET', '/api/1.0/app_services', 200, page([app({})])],
      ['POST', '/api/1.0/app_services/a1/rotate-secret', 200, { data: app({ client_secret: 'ocs_new_secret' }) }],
    ]);
    renderWithProviders(<AppServicesPage />, { session: fakeSession(OWNER) });
    fireEvent.click(await screen.findByRole('button', { name: 'New secret: ERP' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Create a new client secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'New secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Client credentials' }, SLOW);
    expect((within(shown).getByLabelText('Client secret') as HTMLInputElement).value).toBe('ocs_new_secret');
  });
});
