import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = { client_id: 'omnio-web', client_secret: 'omnio-web-secret' };
const signIn = (password: string) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: DEMO.globexTenant.email, password, ...client } });

function linkParts(text: string): { token: string; email: string } {
  const match = /http:\/\/omnio\.test\/session\/reset-password\/([\w-]+)\?email=([^\s]+)/.exec(text);
  if (!match) throw new Error(`no reset link in mail: ${text}`);
  return { token: match[1]!, email: decodeURIComponent(match[2]!) };
}

describe('the built-in mail sink (/api/dev/mail)', () => {
  it('shows caught mail, reset links included, to the signed-in owner only', async () => {
    await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: DEMO.acmeTenant.email } });
    await t.smtp.waitFor(DEMO.acmeTenant.email);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('reset-password');
    const tenant = await t.app.inject({ method: 'GET', url: '/api/dev/mail', headers: await t.as('acmeTenant') });
    expect(tenant.statusCode).toBe(403);
    expect(tenant.body).not.toContain('reset-password');
    const owner = await t.app.inject({ method: 'GET', url: '/api/dev/mail', headers: await t.as('owner') });
    expect(owner.statusCode).toBe(200);
    const mails = owner.json().data as { to: unknown; text: string }[];
    expect(mails.some((m) => JSON.stringify(m.to).includes(DEMO.acmeTenant.email) && m.text.includes('/session/reset-password/'))).toBe(true);
  });
});

describe('password reset by mail', () => {
  it('mails a link over SMTP; following it sets the new password once, and old sign-ins end', async () => {
    const before = await t.login(DEMO.globexTenant.email, DEMO.globexTenant.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: DEMO.globexTenant.email } });
    expect(res.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(DEMO.globexTenant.email);
    expect(mail.subject).toBe('Reset your Omnio password');
    const { token, email } = linkParts(mail.text);
    expect(email).toBe(DEMO.globexTenant.email);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email, token, password: 'Brand#New2pass', password_confirmation: 'Brand#New2pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('Brand#New2pass')).statusCode).toBe(200);
    expect((await signIn(DEMO.globexTenant.password)).json().error).toBe('invalid_grant');
    const old = await t.app.inject({ method: 'GET', url: '/api/1.0/users/information', headers: { authorization: `Bearer ${before.access_token}` } });
    expect(old.statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email, token, password: 'Other#New3pass', password_confirmation: 'Other#New3pass' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('The link has expired or has already been used');
    expect((await signIn('Other#New3pass')).statusCode).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'ghost@nowhere.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If the address belongs to an account, a reset link is on its way.');
    expect(t.smtp.messages().some((m) => m.to.includes('ghost@nowhere.test'))).toBe(false);
    // No sleep: the request awaits the SMTP answer and the sink stores a mail before it answers, so a
    // mail the request sends is already in the sink when the response arrives. Proof for a real account:
    const known = DEMO.acmeTenant.email.toLowerCase();
    const caught = () => t.smtp.messages().filter((m) => m.to.includes(known)).length;
    const before = caught();
    const sent = await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: DEMO.acmeTenant.email } });
    expect(sent.body).toBe(res.body);
    expect(caught()).toBe(before + 1);
    expect(t.smtp.messages().some((m) => m.to.includes('ghost@nowhere.test'))).toBe(false);
  });

  it('refuses an expired link', async () => {
    await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: DEMO.acmeSupplier.email } });
    const { token, email } = linkParts((await t.smtp.waitFor(DEMO.acmeSupplier.email)).text);
    await t.database.ownerExec(`UPDATE password_resets SET expires_at = now() - interval '1 minute'`);
    const res = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email, token, password: 'Fresh#Pass9x', password_confirmation: 'Fresh#Pass9x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The link has expired or has already been used');
  });

  it('applies the spec 5 password rules and the confirmation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: DEMO.acmeTenant.email, token: 'x'.repeat(43), password: 'short', password_confirmation: 'other' },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.password).toEqual(
      expect.arrayContaining(['The password must be at least 8 characters', 'The password must contain an upper-case letter', 'The password must contain a number']),
    );
    expect(errors.password_confirmation).toEqual(['The password confirmation does not match']);
  });
});
