import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GENERAL_SETTINGS_DEFAULTS, type CodeSnippetView, type OwnerDashboard } from '@omnio/domain';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { GeneralSettingsPage } from './GeneralSettingsPage';
import { OwnerDashboardPage } from './OwnerDashboardPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const OWNER = ['read-user', 'update-user'];
const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 500, total: data.length, last_page: 1 });
const snippet: CodeSnippetView = {
  id: 's1', name: 'Chat widget', type: 'cdn', body: 'https://cdn.chat.example/w.js', enabled: true, sort: 0,
  created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z',
};

describe('GeneralSettingsPage', { timeout: 20_000 }, () => {
  it('checks the idle timeout, then saves the settings as numbers and booleans', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/settings/general', 200, { data: GENERAL_SETTINGS_DEFAULTS }],
      ['PUT', '/api/1.0/settings/general', 200, { data: { ...GENERAL_SETTINGS_DEFAULTS, idle_timeout_minutes: 45, signup_open: false } }],
    ]);
    renderWithProviders(<GeneralSettingsPage />, { session: fakeSession(OWNER) });
    const idle = await screen.findByLabelText(/^Sign out after idle/, {}, SLOW);
    expect((idle as HTMLInputElement).value).toBe('30');
    fireEvent.change(idle, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 1 minute')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(idle, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Companies may sign up by themselves' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...GENERAL_SETTINGS_DEFAULTS, idle_timeout_minutes: 45, signup_open: false });
  });

  it('lists the code snippets in the second tab and disables one', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/code-snippets', 200, page([snippet])],
      ['PUT', '/api/1.0/code-snippets/s1', 200, { data: { ...snippet, enabled: false } }],
    ]);
    renderWithProviders(<GeneralSettingsPage />, { session: fakeSession(OWNER), path: '/admin/general?tab=snippets' });
    const table = await screen.findByRole('table', { name: 'Code snippets' }, SLOW);
    expect(within(table).getByText('Chat widget')).toBeTruthy();
    fireEvent.click(within(table).getByRole('switch', { name: 'Enabled: Chat widget' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Chat widget', type: 'cdn', body: 'https://cdn.chat.example/w.js', enabled: false, sort: 0,
    }));
  });

  it('refuses a cdn snippet that is not an https URL before sending', async () => {
    const calls = stubFetch([['GET', '/api/1.0/code-snippets', 200, page([])]]);
    renderWithProviders(<GeneralSettingsPage />, { session: fakeSession(OWNER), path: '/admin/general?tab=snippets' });
    expect(await screen.findByText('No code snippets yet.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add snippet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add code snippet' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Widget' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'cdn' } });
    fireEvent.change(await within(dialog).findByLabelText(/^Script address/), { target: { value: 'http://cdn.example/x.js' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A cdn snippet is an https URL of a script')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('OwnerDashboardPage', { timeout: 20_000 }, () => {
  const data: OwnerDashboard = {
    companies: { total: 3, active: 2, new_this_month: 1 },
    users: { total: 4, by_role: { owner: 1, tenant: 2, supplier: 1 } },
    subscriptions: { active: 1, canceled: 1, none: 1 },
    mrr_cents: 790050,
    orders_this_month: 150,
    top_companies: [{ company_id: 'c1', name: 'Acme Outfitters', orders: 120 }],
    companies_per_month: Array.from({ length: 12 }, (_v, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, count: i === 10 ? 2 : 0 })),
  };

  it('shows the cards, the top companies and the monthly chart', async () => {
    stubFetch([['GET', '/api/1.0/owner/dashboard', 200, { data }]]);
    renderWithProviders(<OwnerDashboardPage />, { session: fakeSession([]) });
    const mrr = await screen.findByTestId('card-mrr', {}, SLOW);
    expect(mrr.textContent).toContain('$7,900.50');
    expect(screen.getByTestId('card-companies').textContent).toContain('2 active · 1 new this month');
    expect(screen.getByTestId('card-orders').textContent).toContain('150');
    expect(screen.getByText('120 orders')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Companies created in the last 12 months: .*: 2/ })).toBeTruthy();
  });

  it('shows the error state', async () => {
    stubFetch([['GET', '/api/1.0/owner/dashboard', 500, { message: 'Server Error' }]]);
    renderWithProviders(<OwnerDashboardPage />, { session: fakeSession([]) });
    expect(await screen.findByText(/Could not load the dashboard/, {}, SLOW)).toBeTruthy();
  });
});
