import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TenantCompanyPage } from './TenantCompanyPage';
import { SettingsHubPage } from './SettingsHubPage';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const company = {
  id: 'c1', name: 'Acme Outfitters', schema_suffix: 'acme', status: 'ACTIVE', contact_name: null, email: 'ops@acme.test', phone: null,
  address1: null, city: 'Austin', region: 'TX', postal_code: null, country: 'US', subdomain: 'acme', order_prefix: null,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const EDITOR = ['read-company', 'update-company'];

describe('TenantCompanyPage', () => {
  it('shows the company with its order prefix, never the owner\'s subdomain, and saves a new prefix', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/company', 200, { data: company }],
      ['PUT', '/api/1.0/company', 200, { data: { ...company, order_prefix: 'AO-', updated_at: '2026-01-02T00:00:00Z' } }],
    ]);
    renderWithProviders(<TenantCompanyPage />, { session: fakeSession(EDITOR, 'tenant') });

    const prefix = (await screen.findByLabelText(/^Order number prefix/)) as HTMLInputElement;
    expect(screen.queryByLabelText(/^Subdomain/)).toBeNull();
    // Without a prefix of its own the company's orders start with its name's first two letters.
    expect(screen.getByText(/numbered AC-1001/)).toBeTruthy();
    fireEvent.change(prefix, { target: { value: 'ao-' } });
    expect(await screen.findByText(/numbered AO-1001/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.order_prefix).toBe('AO-');
    expect(body).not.toHaveProperty('subdomain');
    expect(await screen.findByText('Company Acme Outfitters saved')).toBeTruthy();
  });

  it('refuses a malformed prefix before asking the server', async () => {
    const calls = stubFetch([['GET', '/api/1.0/company', 200, { data: company }]]);
    renderWithProviders(<TenantCompanyPage />, { session: fakeSession(EDITOR, 'tenant') });
    fireEvent.change(await screen.findByLabelText(/^Order number prefix/), { target: { value: 'A1-' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The order prefix is two letters and a hyphen, like AC-')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('is read-only, and says so, without update-company', async () => {
    stubFetch([['GET', '/api/1.0/company', 200, { data: company }]]);
    renderWithProviders(<TenantCompanyPage />, { session: fakeSession(['read-company'], 'tenant') });
    expect(await screen.findByText(/You can see these details but not change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('shows the server\'s message when the company cannot be read', async () => {
    stubFetch([['GET', '/api/1.0/company', 500, { message: 'Server Error' }]]);
    renderWithProviders(<TenantCompanyPage />, { session: fakeSession(EDITOR, 'tenant') });
    expect(await screen.findByText(/Could not show the company/)).toBeTruthy();
  });
});

describe('SettingsHubPage', () => {
  it('links the company first, then the settings screens the user may open', async () => {
    stubFetch([]);
    renderWithProviders(<SettingsHubPage />, { session: fakeSession([...EDITOR, 'read-users-company'], 'tenant') });
    const links = await screen.findAllByRole('link');
    expect(links[0]!.getAttribute('href')).toBe('/tenant_company');
    expect(links.map((l) => l.getAttribute('href'))).toContain('/user-notifications');
    expect(links.map((l) => l.getAttribute('href'))).not.toContain('/settings');
  });
});
