import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_KINDS, type NotificationSettingsViewDto } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch } from '../../shared/test/test-fetch';
import { NotificationSettingsPage } from './NotificationSettingsPage';

const SLOW = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

const defaults = () => NOTIFICATION_KINDS.map((kind) => ({ kind, bell: true, email: false }));
const VIEW: NotificationSettingsViewDto = {
  kinds: [...NOTIFICATION_KINDS],
  can_manage_others: true,
  users: [
    { user_id: 'me', name: 'Me', email: 'me@omnio.test', settings: defaults() },
    { user_id: 'u2', name: 'Nora', email: 'nora@omnio.test', settings: defaults().map((s) => (s.kind === 'report.ready' ? { ...s, email: true } : s)) },
  ],
};

function render(view: NotificationSettingsViewDto, language = 'en') {
  const net = routeFetch([
    ['GET', '/api/1.0/notification-settings', [200, { data: view }]],
    ['PUT', /\/api\/1\.0\/notification-settings\/.+/, (call) => {
      const changed = (call.body as { settings: { kind: string; bell: boolean; email: boolean }[] }).settings;
      const who = view.users.find((u) => call.url.pathname.endsWith(u.user_id))!;
      return [200, { data: { ...who, settings: who.settings.map((s) => changed.find((c) => c.kind === s.kind) ?? s) } }];
    }],
  ]);
  renderWithProviders(<NotificationSettingsPage />, { session: fakeSession(['read-users-company', 'update-users-company'], 'tenant'), path: '/user-notifications', language });
  return net;
}

describe('/user-notifications', { timeout: 20_000 }, () => {
  it('shows every kind with its bell and e-mail switch; saving sends only what changed, and Save waits for a change', async () => {
    const net = render(VIEW);
    const rows = await screen.findAllByTestId('notification-setting', {}, SLOW);
    expect(rows).toHaveLength(NOTIFICATION_KINDS.length);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const email = screen.getByRole('switch', { name: 'Report ready by e-mail' }) as HTMLInputElement;
    const bell = screen.getByRole('switch', { name: 'Report ready in the bell' }) as HTMLInputElement;
    expect(bell.checked).toBe(true);
    expect(email.checked).toBe(false);
    fireEvent.click(email);
    fireEvent.click(bell);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(net.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = net.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/1.0/notification-settings/me');
    expect(put.body).toEqual({ settings: [{ kind: 'report.ready', bell: false, email: true }] });
    expect(await screen.findByText('Notification settings saved', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("a user manager picks a colleague and sees that colleague's settings", async () => {
    render(VIEW);
    await screen.findAllByTestId('notification-setting', {}, SLOW);
    const picker = within(screen.getByTestId('notification-settings-user')).getByRole('combobox');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Nora · nora@omnio.test' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Report ready by e-mail' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('E-mails go to nora@omnio.test, in the language of the account.')).toBeTruthy();
  });

  it('in Spanish; without the right to manage others there is no picker', async () => {
    render({ ...VIEW, can_manage_others: false, users: [VIEW.users[0]!] }, 'es');
    expect(await screen.findByRole('heading', { name: 'Ajustes de notificaciones' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Informe listo por correo' })).toBeTruthy();
    expect(screen.queryByTestId('notification-settings-user')).toBeNull();
  });
});
