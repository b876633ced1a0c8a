import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, DEMO, type TestApp } from '../../test/test-app';

/** App services: OAuth client applications, their secret (shown once) and what their lifecycle does to sign-in. */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let acme: H;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  acme = await t.as('acmeTenant');
});
afterAll(() => t.close());

interface AppService {
  id: string; client_id: string; name: string; description: string; redirect_uris: string[]; confidential: boolean; grants: string[];
  status: string; secret_hint: string; client_secret?: string; allowed_actions: string[];
}

async function call<T = unknown>(expected: number, method: string, url: string, headers: H, payload?: object): Promise<T> {
  const res = await t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  return (res.body ? res.json() : undefined) as T;
}
let n = 0;
const make = async (body: object = {}) =>
  (await call<{ data: AppService }>(201, 'POST', '/app_services', owner, { name: `ERP ${Date.now().toString(36)}-${n++}`, ...body })).data;
const act = async (id: string, action: string, expected = 200) => call<{ data: AppService }>(expected, 'POST', `/app_services/${id}/${action}`, owner);

const signIn = (clientId: string, clientSecret: string) =>
  t.app.inject({
    method: 'POST', url: '/oauth/token',
    payload: { grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, client_id: clientId, client_secret: clientSecret, scopes: '*' },
  });
const refresh = (clientId: string, clientSecret: string, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret, scopes: '*' } });
const whoAmI = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/1.0/users/information', headers: { authorization: `Bearer ${accessToken}` } });

describe('app services (owner)', () => {
  it('creates the OAuth client and answers its secret once', async () => {
    const made = await make({ description: 'Our ERP', redirect_uris: ['https://erp.test/callback'], confidential: true });
    expect(made.client_id).toMatch(/^app_[0-9a-f]{20}$/);
    expect(made.client_secret).toMatch(/^ocs_[\w-]{40,}$/);
    expect(made.secret_hint).toBe(`…${made.client_secret!.slice(-4)}`);
    expect(made).toMatchObject({ status: 'ACTIVE', grants: ['password', 'refresh_token'], redirect_uris: ['https://erp.test/callback'], allowed_actions: ['pause', 'deactivate', 'rotate-secret', 'edit'] });

    const again = (await call<{ data: AppService }>(200, 'GET', `/app_services/${made.id}`, owner)).data;
    expect(again).not.toHaveProperty('client_secret');
    const list = await call<{ data: AppService[] }>(200, 'GET', '/app_services?per_page=500', owner);
    expect(list.data.find((a) => a.id === made.id)).not.toHaveProperty('client_secret');
    expect(JSON.stringify(list)).not.toContain(made.client_secret);
    // The stored secret is a hash.
    const [stored] = await t.database.ownerExec(`SELECT secret_hash FROM oauth_clients WHERE id = '${made.client_id}'`);
    expect(stored?.secret_hash).not.toBe(made.client_secret);

    expect((await signIn(made.client_id, made.client_secret!)).statusCode).toBe(200);
    expect((await signIn(made.client_id, 'ocs_wrong')).statusCode).toBe(401);
  });

  it('edits the application and its grants; the web client is not an app service', async () => {
    const made = await make();
    const edited = (await call<{ data: AppService }>(200, 'PUT', `/app_services/${made.id}`, owner, { name: `${made.name} v2`, grants: ['refresh_token'], confidential: false })).data;
    expect(edited).toMatchObject({ name: `${made.name} v2`, grants: ['refresh_token'], confidential: false });
    // Without the password grant the client can no longer sign users in with a password.
    expect((await signIn(made.client_id, made.client_secret!)).json().error).toBe('unauthorized_client');
    const list = await call<{ data: AppService[] }>(200, 'GET', '/app_services?per_page=500', owner);
    expect(list.data.map((a) => a.client_id)).not.toContain('omnio-web');
  });

  it('pause refuses new tokens (the existing ones keep working), activate lets the client in again', async () => {
    const made = await make();
    const before = (await signIn(made.client_id, made.client_secret!)).json();
    expect((await act(made.id, 'pause')).data).toMatchObject({ status: 'PAUSE', allowed_actions: ['deactivate', 'activate', 'rotate-secret', 'edit'] });

    const refused = await signIn(made.client_id, made.client_secret!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_client', error_description: 'This app service is paused', message: 'This app service is paused' });
    expect((await refresh(made.client_id, made.client_secret!, before.refresh_token)).json()).toMatchObject({ error: 'invalid_client' });
    expect((await whoAmI(before.access_token)).statusCode).toBe(200);
    // A wrong secret does not learn the status.
    expect((await signIn(made.client_id, 'ocs_wrong')).json().error_description).not.toMatch(/paused/);

    await act(made.id, 'activate');
    expect((await signIn(made.client_id, made.client_secret!)).statusCode).toBe(200);
  });

  it('deactivate refuses new tokens and revokes the live ones at once', async () => {
    const made = await make();
    const live = (await signIn(made.client_id, made.client_secret!)).json();
    expect((await whoAmI(live.access_token)).statusCode).toBe(200);
    await act(made.id, 'deactivate');
    expect((await whoAmI(live.access_token)).statusCode).toBe(401);
    expect((await signIn(made.client_id, made.client_secret!)).json()).toMatchObject({ error: 'invalid_client', error_description: 'This app service is inactive' });
    expect((await refresh(made.client_id, made.client_secret!, live.refresh_token)).statusCode).toBe(401);
    // The web app's own client is untouched.
    expect((await whoAmI((await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password)).access_token)).statusCode).toBe(200);
  });

  it('rotate-secret answers a new secret once; the old one stops working', async () => {
    const made = await make();
    const rotated = (await act(made.id, 'rotate-secret')).data;
    expect(rotated.client_secret).toMatch(/^ocs_/);
    expect(rotated.client_secret).not.toBe(made.client_secret);
    expect((await signIn(made.client_id, made.client_secret!)).statusCode).toBe(401);
    expect((await signIn(made.client_id, rotated.client_secret!)).statusCode).toBe(200);
    await act(made.id, 'deactivate');
    expect(await act(made.id, 'rotate-secret', 409)).toMatchObject({ code: 'INVALID_TRANSITION', from: 'INACTIVE' });
  });

  it('refuses wrong transitions with 409, deletes only an inactive one (client and tokens with it)', async () => {
    const made = await make();
    expect(await act(made.id, 'activate', 409)).toMatchObject({ code: 'INVALID_TRANSITION', from: 'ACTIVE', action: 'activate' });
    await act(made.id, 'pause');
    expect(await act(made.id, 'pause', 409)).toMatchObject({ code: 'INVALID_TRANSITION', from: 'PAUSE', action: 'pause' });
    expect(await call(409, 'DELETE', `/app_services/${made.id}`, owner)).toMatchObject({ code: 'INVALID_TRANSITION' });
    await act(made.id, 'deactivate');
    expect(await act(made.id, 'deactivate', 409)).toMatchObject({ from: 'INACTIVE' });
    expect((await call<{ data: AppService }>(200, 'GET', `/app_services/${made.id}`, owner)).data.allowed_actions).toEqual(['activate', 'edit', 'delete']);
    await call(204, 'DELETE', `/app_services/${made.id}`, owner);
    await call(404, 'GET', `/app_services/${made.id}`, owner);
    expect(await t.database.ownerExec(`SELECT 1 FROM oauth_clients WHERE id = '${made.client_id}'`)).toHaveLength(0);
    await act(made.id, 'activate', 404);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const taken = await make();
    const [clientsBefore, appsBefore] = [await countRows(t, 'oauth_clients'), await countRows(t, 'app_services')];
    for (const body of [
      {}, { name: '' }, { name: 'x', grants: [] }, { name: 'x', grants: ['client_credentials'] }, { name: 'x', grants: ['password', 'password'] },
      { name: 'x', redirect_uris: ['not a url'] }, { name: 'x', redirect_uris: 'https://x.test' }, { name: 'x', confidential: 'yes' },
      { name: 'x', client_id: 'omnio-web' }, { name: taken.name.toUpperCase() },
    ]) {
      const res = await call<{ errors: Record<string, string[]> }>(422, 'POST', '/app_services', owner, body);
      expect(Object.keys(res.errors).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    await call(422, 'PUT', `/app_services/${taken.id}`, owner, { status: 'PAUSE' });
    await call(422, 'GET', '/app_services?search=status:NAPPING', owner);
    expect([await countRows(t, 'oauth_clients'), await countRows(t, 'app_services')]).toEqual([clientsBefore, appsBefore]);
  });

  it('is owner-only: a tenant gets 403', async () => {
    const made = await make();
    await call(403, 'GET', '/app_services', acme);
    await call(403, 'GET', `/app_services/${made.id}`, acme);
    await call(403, 'POST', '/app_services', acme, { name: 'x' });
    await call(403, 'PUT', `/app_services/${made.id}`, acme, { name: 'x' });
    await call(403, 'POST', `/app_services/${made.id}/pause`, acme);
    await call(403, 'POST', `/app_services/${made.id}/rotate-secret`, acme);
    await call(403, 'DELETE', `/app_services/${made.id}`, acme);
  });
});
