import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { HttpError } from '../../shared/api/http';
import { i18n } from '../../shared/i18n/i18n';
import { LoginForm } from './LoginForm';

function renderForm(onLogin: Parameters<typeof LoginForm>[0]['onLogin']) {
  render(
    <MemoryRouter>
      <LoginForm onLogin={onLogin} />
    </MemoryRouter>,
  );
}

async function signIn(username = 'tenant@acme.test', password = 'wrong') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^email/i), username);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: /sign in/i }));
}

const oauthFailure = (body: Record<string, string>) => new HttpError(400, body);

describe('LoginForm failure messages (spec 5)', () => {
  it('invalid_grant: the username or password is incorrect', async () => {
    renderForm(() => Promise.reject(oauthFailure({ error: 'invalid_grant', message: 'Invalid user credentials' })));
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('The username or password is incorrect');
  });

  it('invalid_request: the server hint', async () => {
    renderForm(() => Promise.reject(oauthFailure({ error: 'invalid_request', hint: 'Check the `username` parameter' })));
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('Check the `username` parameter');
  });

  it('account_disabled: deactivated, contact support', async () => {
    renderForm(() => Promise.reject(oauthFailure({ error: 'account_disabled' })));
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('This account has been deactivated. Please contact support.');
  });

  it.each([
    ['another OAuth error', oauthFailure({ error: 'invalid_client' })],
    ['a server error', new HttpError(500, { message: 'boom' })],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('%s: unknown error', async (_, error) => {
    renderForm(() => Promise.reject(error));
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown error, check with your system administrator');
  });

  it('shows the message in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderForm(() => Promise.reject(oauthFailure({ error: 'invalid_grant' })));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^correo/i), 'tenant@acme.test');
    await user.type(screen.getByLabelText(/^contraseña/i), 'x');
    await user.click(screen.getByRole('button', { name: /iniciar sesión/i }));
    expect((await screen.findByRole('alert')).textContent).toContain('El usuario o la contraseña son incorrectos');
  });

  it('validates the email before calling the server', async () => {
    const onLogin = vi.fn(() => Promise.resolve());
    renderForm(onLogin);
    await signIn('not-an-email', 'x');
    expect(await screen.findByText('The email must be a valid email address')).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('passes the normalised credentials on success and shows no alert', async () => {
    const onLogin = vi.fn(() => Promise.resolve());
    renderForm(onLogin);
    await signIn('Tenant@Acme.test', 'Omnio#Tenant1');
    expect(onLogin).toHaveBeenCalledWith({ username: 'tenant@acme.test', password: 'Omnio#Tenant1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
