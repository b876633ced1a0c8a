import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { InviteUserDialog } from './InviteUserDialog';
import { TenantUsersPage } from './TenantUsersPage';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InviteUserDialog', () => {
  it("says 'Cant send the invitation' with the server's reason", async () => {
    const calls = stubFetch([['POST', '/api/1.0/invitations', 500, { message: 'Mail server down' }]]);
    renderWithProviders(<InviteUserDialog open onClose={() => {}} companyId="0b7f3c52-5d0a-4c4e-9a36-2f1d1c2a8e11" />);

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'new@acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Cant send the invitation: Mail server down')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'new@acme.test', role: 'tenant', company_id: '0b7f3c52-5d0a-4c4e-9a36-2f1d1c2a8e11' });
  });
});

describe('TenantUsersPage', () => {
  const page = { data: [], current_page: 1, per_page: 25, total: 0, last_page: 1 };

  it('offers the invitation only with create-users-company', async () => {
    stubFetch([['GET', '/api/1.0/company-users', 200, page]]);
    renderWithProviders(<TenantUsersPage />, { session: fakeSession(['read-users-company'], 'tenant') });
    expect(await screen.findByText('Users of Acme Outfitters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
  });

  it('shows the invite button to a tenant who may invite', async () => {
    stubFetch([['GET', '/api/1.0/company-users', 200, page]]);
    renderWithProviders(<TenantUsersPage />, { session: fakeSession(['read-users-company', 'create-users-company'], 'tenant') });
    expect(await screen.findByRole('button', { name: 'Invite user' })).toBeTruthy();
  });
});
