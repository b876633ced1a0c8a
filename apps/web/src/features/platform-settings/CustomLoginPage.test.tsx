import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomLoginView } from '@omnio/domain';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { CustomLoginPage } from './CustomLoginPage';
import { readImage } from './ImageField';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const OWNER = ['read-user', 'update-user'];
const stored: CustomLoginView = {
  title: 'Acme Cloud', welcome_text: '', primary_color: null, background_color: '#eeeeee', show_signup_link: true,
  logo_url: '/api/custom-login/logo?v=abc', background_image_url: null,
};

describe('CustomLoginPage', { timeout: 20_000 }, () => {
  it('previews the texts as they are typed', async () => {
    stubFetch([['GET', '/api/1.0/settings/login', 200, { data: stored }]]);
    renderWithProviders(<CustomLoginPage />, { session: fakeSession(OWNER) });
    const title = await screen.findByLabelText(/^Title/, {}, SLOW);
    const preview = screen.getByRole('img', { name: 'Preview of the sign-in page' });
    expect(within(preview).getByTestId('preview-title').textContent).toBe('Acme Cloud');
    expect(within(preview).getByTestId('preview-logo').getAttribute('src')).toBe('/api/custom-login/logo?v=abc');
    fireEvent.change(title, { target: { value: 'Welcome, partners' } });
    await waitFor(() => expect(within(preview).getByTestId('preview-title').textContent).toBe('Welcome, partners'));
    // An empty title falls back to the built-in heading.
    fireEvent.change(title, { target: { value: '' } });
    await waitFor(() => expect(within(preview).getByTestId('preview-title').textContent).toBe('Sign in to Omnio'));
  });

  it('refuses a bad colour before sending, then saves without resending the stored logo', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/settings/login', 200, { data: stored }],
      ['PUT', '/api/1.0/settings/login', 200, { data: { ...stored, primary_color: '#112233' } }],
    ]);
    renderWithProviders(<CustomLoginPage />, { session: fakeSession(OWNER) });
    const primary = await screen.findByLabelText(/^Primary colour/, {}, SLOW);
    fireEvent.change(primary, { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use a colour like #1a2b3c')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(primary, { target: { value: '#112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Acme Cloud', welcome_text: '', primary_color: '#112233', background_color: '#eeeeee', show_signup_link: true,
    });
    expect(await screen.findByText('Login page saved')).toBeTruthy();
  });

  it('removing the logo sends null', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/settings/login', 200, { data: stored }],
      ['PUT', '/api/1.0/settings/login', 200, { data: { ...stored, logo_url: null } }],
    ]);
    renderWithProviders(<CustomLoginPage />, { session: fakeSession(OWNER) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ logo: null }));
  });

  it('shows the error state with retry when loading fails, in Spanish', async () => {
    stubFetch([['GET', '/api/1.0/settings/login', 500, { message: 'Server Error' }]]);
    renderWithProviders(<CustomLoginPage />, { session: fakeSession(OWNER), language: 'es' });
    expect(await screen.findByText(/No se pudo cargar la configuración de la página de inicio de sesión/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('readImage', () => {
  it('refuses other types and big files without reading them', async () => {
    expect(await readImage(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }), 1000)).toEqual({ error: 'type' });
    expect(await readImage(new File([new Uint8Array(2000)], 'a.png', { type: 'image/png' }), 1000)).toEqual({ error: 'size' });
    const ok = await readImage(new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }), 1000);
    expect(ok).toEqual({ dataUrl: 'data:image/png;base64,AQID' });
  });
});
