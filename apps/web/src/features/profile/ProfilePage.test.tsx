import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ProfilePage } from './ProfilePage';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('saves the language with PUT /users/{id} and reloads the user', async () => {
    const calls = stubFetch([['PUT', '/api/1.0/users/me', 200, { data: {} }]]);
    const session = fakeSession(['read-user'], 'tenant');
    renderWithProviders(<ProfilePage />, { session });

    expect(screen.getByText('Company: Acme Outfitters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'sp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(session.reloadUser).toHaveBeenCalled());
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/1.0/users/me', body: { name: 'Me', email: 'me@omnio.test', language: 'sp' } });
  });

  it('shows a 422 field error under the email', async () => {
    stubFetch([['PUT', '/api/1.0/users/me', 422, { message: 'Invalid', errors: { email: ['The email has already been taken'] } }]]);
    renderWithProviders(<ProfilePage />, { session: fakeSession(['read-user'], 'tenant') });

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'admin@omnio.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('The email has already been taken')).toBeTruthy();
  });

  it('starts the forgot-password flow for the signed-in address', async () => {
    const calls = stubFetch([['POST', '/api/password/email', 200, { message: 'sent' }]]);
    renderWithProviders(<ProfilePage />, { session: fakeSession(['read-user'], 'tenant') });

    fireEvent.click(screen.getByRole('button', { name: 'Email me a password link' }));

    expect(await screen.findByText(/Check me@omnio.test/)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'me@omnio.test' });
  });
});
