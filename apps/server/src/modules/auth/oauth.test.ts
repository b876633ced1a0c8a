import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = { client_id: 'omnio-web', client_secret: 'omnio-web-secret' };

function token(payload: Record<string, unknown>, form = false) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(payload as Record<string, string>).toString() }
      : { payload }),
  });
}

const info = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/1.0/users/information?include=roles', headers: { authorization: `Bearer ${accessToken}` } });

describe('password grant', () => {
  it('signs in with JSON and with a form body, answering the OAuth token shape', async () => {
    for (const form of [false, true]) {
      const res = await token({ grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, scopes: '*', ...client }, form);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(body.access_token).toMatch(/^[\w-]{40,}$/);
      expect(body.refresh_token).not.toBe(body.access_token);
      expect((await info(body.access_token)).json().data.roles).toEqual(['tenant']);
    }
  });

  it('accepts the username in any letter case', async () => {
    const res = await token({ grant_type: 'password', username: 'Tenant@ACME.test', password: DEMO.acmeTenant.password, ...client });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown user with invalid_grant and the spec message', async () => {
    for (const username of [DEMO.acmeTenant.email, 'nobody@acme.test']) {
      const res = await token({ grant_type: 'password', username, password: 'Wrong#Pass1', ...client });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_grant', message: 'The username or password is incorrect' });
    }
  });

  it('refuses a bad client secret with invalid_client', async () => {
    const res = await token({ grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, client_id: 'omnio-web', client_secret: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });

  it('explains a missing parameter with invalid_request and a hint', async () => {
    const res = await token({ grant_type: 'password', username: DEMO.acmeTenant.email, ...client });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    expect(res.json().hint).toContain('password');
  });

  it('answers a non-string field with invalid_request instead of a crash', async () => {
    const res = await token({ grant_type: 'password', username: ['a'], password: 1, ...client });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });
});

describe('refresh grant', () => {
  it('rotates: a new pair works, the old refresh token and old access token are revoked', async () => {
    const first = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, scopes: '*', ...client });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await info(second.access_token)).statusCode).toBe(200);
    expect((await info(first.access_token)).statusCode).toBe(401);
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
  });

  it('treats reuse of a rotated refresh token as theft and revokes the whole sign-in', async () => {
    const first = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const second = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client })).json();
    await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client }); // replayed by an attacker
    expect((await info(second.access_token)).statusCode).toBe(401);
    const legit = await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token, ...client });
    expect(legit.json().error).toBe('invalid_grant');
  });

  it('lets exactly one of two concurrent refreshes with the same token win', async () => {
    const first = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const results = await Promise.all([1, 2].map(() => token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('keeps the active company across a refresh', async () => {
    const first = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const second = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client })).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/1.0/users/information?include=company', headers: { authorization: `Bearer ${second.access_token}` } });
    expect(res.json().data.company.name).toBe('Acme Outfitters');
  });
});

describe('bearer tokens', () => {
  it('rejects a missing, unknown or malformed token with 401 Unauthenticated.', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'Basic abc', 'Bearer', `Bearer ${'x'.repeat(600)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/1.0/users/information', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('logout revokes the access token and its refresh token', async () => {
    const tokens = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/1.0/logout', headers: { authorization: `Bearer ${tokens.access_token}` }, payload: { refresh_token: tokens.refresh_token } });
    expect(out.statusCode).toBe(204);
    expect((await info(tokens.access_token)).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...client })).statusCode).toBe(400);
  });
});

describe('expiry', () => {
  it('an expired access token is 401 and the refresh token still gets a new one', async () => {
    const short = await createTestApp({ accessTokenTtlSeconds: 1 });
    try {
      const res = await short.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, ...client } });
      const tokens = res.json();
      expect(tokens.expires_in).toBe(1);
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      expect((await short.app.inject({ method: 'GET', url: '/api/1.0/users/information', headers: auth })).statusCode).toBe(200);
      // A real wait, not a guess: the token's 1-second lifetime must pass for it to expire.
      await new Promise((r) => setTimeout(r, 1100));
      expect((await short.app.inject({ method: 'GET', url: '/api/1.0/users/information', headers: auth })).statusCode).toBe(401);
      const refreshed = await short.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...client } });
      expect(refreshed.statusCode).toBe(200);
      const again = await short.app.inject({ method: 'GET', url: '/api/1.0/users/information', headers: { authorization: `Bearer ${refreshed.json().access_token}` } });
      expect(again.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once sign-in attempts exceed the limit', async () => {
    const limited = await createTestApp({ loginRateLimitPerMinute: 3 });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: 'x@y.test', password: 'Wrong#1aa', ...client } });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
      const last = await attempt();
      expect(last.headers['retry-after']).toBeDefined();
      expect(last.json().message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
