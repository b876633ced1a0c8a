import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import type { MailConfiguration } from './api';
import { MailSettingsPage } from './MailSettingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL_ = '/api/1.0/mail-configuration';
const SLOW = { timeout: 8000 };
const stored: MailConfiguration = {
  from_email: 'buying@acme.test', from_name: 'Acme buying', incoming_server: null, outgoing_server: 'smtp.acme.test', encryption: 'starttls',
  host: 'smtp.acme.test', port: 587, username: 'buying', has_password: true, last_test_at: null, last_test_ok: null, last_test_error: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

function renderPage(routes: FetchRoute[], permissions = ['read-company', 'update-company']) {
  const net = routeFetch(routes);
  renderWithProviders(<MailSettingsPage />, { session: fakeSession(permissions, 'tenant'), path: '/settings/mail' });
  return net;
}

describe('mail configuration', { timeout: 20_000 }, () => {
  it('with none yet, saves a new one with the password', async () => {
    const net = renderPage([
      ['GET', URL_, [200, { data: null }]],
      ['PUT', URL_, [200, { data: stored }]],
    ]);
    expect(await screen.findByText(/No mail server is set up/, {}, SLOW)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Mail configuration' });
    fireEvent.change(within(form).getByLabelText(/^From e-mail/), { target: { value: 'buying@acme.test' } });
    fireEvent.change(within(form).getByLabelText(/^SMTP host/), { target: { value: 'smtp.acme.test' } });
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 's3cret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mail configuration saved', {}, SLOW)).toBeTruthy();
    expect(net.to('PUT', URL_)[0]?.body).toEqual({
      from_email: 'buying@acme.test', from_name: null, incoming_server: null, outgoing_server: null, encryption: 'starttls', host: 'smtp.acme.test',
      port: 587, username: null, password: 's3cret',
    });
  });

  it('a stored password is never shown; saving with the field blank keeps it (left out of the body)', async () => {
    const net = renderPage([
      ['GET', URL_, [200, { data: stored }]],
      ['PUT', URL_, [200, { data: stored }]],
    ]);
    const form = await screen.findByRole('form', { name: 'Mail configuration' }, SLOW);
    expect(within(form).getByText('A password is stored. Leave this blank to keep it.')).toBeTruthy();
    expect((within(form).getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    fireEvent.change(within(form).getByLabelText(/^Port/), { target: { value: '2525' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.to('PUT', URL_)).toHaveLength(1));
    const body = net.to('PUT', URL_)[0]!.body as Record<string, unknown>;
    expect(body.port).toBe(2525);
    expect('password' in body).toBe(false);
  });

  it("puts the server's 422 under its field", async () => {
    renderPage([
      ['GET', URL_, [200, { data: stored }]],
      ['PUT', URL_, [422, { message: 'The given data was invalid.', errors: { host: ['The host cannot be resolved'] } }]],
    ]);
    const form = await screen.findByRole('form', { name: 'Mail configuration' }, SLOW);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The host cannot be resolved', {}, SLOW)).toBeTruthy();
  });

  it('checks before sending: a bad e-mail and port are shown and nothing is saved', async () => {
    const net = renderPage([['GET', URL_, [200, { data: stored }]]]);
    const form = await screen.findByRole('form', { name: 'Mail configuration' }, SLOW);
    fireEvent.change(within(form).getByLabelText(/^From e-mail/), { target: { value: 'not-an-address' } });
    fireEvent.change(within(form).getByLabelText(/^Port/), { target: { value: '70000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A port from 1 to 65535', {}, SLOW)).toBeTruthy();
    expect(await within(form).findByText('Must be a valid e-mail address', {}, SLOW)).toBeTruthy();
    expect(net.to('PUT', URL_)).toHaveLength(0);
  });

  it('send test shows ok, or the SMTP error the server answered', async () => {
    const net = renderPage([
      ['GET', URL_, [200, { data: stored }]],
      ['POST', `${URL_}/test`, (_c, nth) => [200, { data: nth === 0 ? { ok: true } : { ok: false, error: '535 5.7.8 Authentication failed' } }]],
    ]);
    const panel = await screen.findByRole('region', { name: 'Send a test' }, SLOW);
    fireEvent.click(within(panel).getByRole('button', { name: 'Send test' }));
    expect(await within(panel).findByText('The test message was accepted by your mail server.', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${URL_}/test`)[0]?.body).toEqual({});
    fireEvent.change(within(panel).getByLabelText('Send to'), { target: { value: 'me@acme.test' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send test' }));
    expect(await within(panel).findByText('535 5.7.8 Authentication failed', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${URL_}/test`)[1]?.body).toEqual({ to: 'me@acme.test' });
  });

  it('deletes after asking', async () => {
    const net = renderPage([
      ['GET', URL_, (_c, nth) => [200, { data: nth === 0 ? stored : null }]],
      ['DELETE', URL_, [204, undefined]],
    ]);
    const form = await screen.findByRole('form', { name: 'Mail configuration' }, SLOW);
    fireEvent.click(within(form).getByRole('button', { name: 'Delete configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the mail configuration?' }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete configuration' }));
    expect(await screen.findByText('Mail configuration deleted', {}, SLOW)).toBeTruthy();
    expect(net.to('DELETE', URL_)).toHaveLength(1);
  });

  it('read-only without update-company: no save button', async () => {
    renderPage([['GET', URL_, [200, { data: stored }]]], ['read-company']);
    await screen.findByRole('form', { name: 'Mail configuration' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
