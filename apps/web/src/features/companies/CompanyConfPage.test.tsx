import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { CompanyConfPage } from './CompanyConfPage';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const company = {
  id: 'c1', name: 'Acme Outfitters', schema_suffix: 'acme', status: 'active', contact_name: null, email: null, phone: null,
  address1: null, city: 'Austin', region: null, postal_code: null, country: 'US', subdomain: 'acme', created_at: '',
};
// The users feature's dialog is handed in by app/composed; its own tests live in features/users.
const NoDialog = () => null;
const conf = (
  <Routes>
    <Route path="/admin/companies/:id/conf" element={<CompanyConfPage InviteUserDialog={NoDialog} />} />
  </Routes>
);
const OWNER = ['read-company', 'update-company', 'create-user'];

describe('CompanyConfPage', () => {
  it('shows the company, its users and the way to its iLocs', async () => {
    stubFetch([
      ['GET', '/api/1.0/companies/c1', 200, { data: company }],
      ['GET', '/api/1.0/users', 200, {
        data: [{ id: 'u1', name: 'Tess Tenant', email: 'tenant@acme.test', roles: ['tenant'], disabled: false }],
        current_page: 1, per_page: 100, total: 1, last_page: 1,
      }],
    ]);
    renderWithProviders(conf, { session: fakeSession(OWNER), path: '/admin/companies/c1/conf' });

    expect(await screen.findByRole('heading', { name: 'Acme Outfitters' })).toBeTruthy();
    expect((screen.getByLabelText(/^Subdomain/) as HTMLInputElement).value).toBe('acme');
    expect(await screen.findByText('Tess Tenant')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'iLocs' }).getAttribute('href')).toBe('/iLocs?company=c1');
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeTruthy();
  });

  it("shows the server's message when the company cannot be shown", async () => {
    stubFetch([['GET', '/api/1.0/companies/c1', 404, { message: 'Company not found' }]]);
    renderWithProviders(conf, { session: fakeSession(OWNER), path: '/admin/companies/c1/conf' });

    expect(await screen.findByText('Could not show the company: Company not found')).toBeTruthy();
  });
});
