import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: { authorization: string };
let acmeId: string;
let globexId: string;
let tomId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  const list = (await t.app.inject({ method: 'GET', url: '/api/1.0/companies', headers: owner })).json().data as { id: string; name: string }[];
  acmeId = list.find((c) => c.name === 'Acme Outfitters')!.id;
  globexId = list.find((c) => c.name === 'Globex Retail')!.id;
  const users = (await t.app.inject({ method: 'GET', url: `/api/1.0/users?search=email:${DEMO.acmeTenant.email}`, headers: owner })).json().data;
  tomId = users[0].id;
});
afterAll(() => t.close());

describe('company membership', () => {
  it('a user the owner adds to a second company can switch to it, and loses it when removed', async () => {
    const add = await t.app.inject({ method: 'POST', url: `/api/1.0/companies/${globexId}/users`, headers: owner, payload: { user_id: tomId } });
    expect(add.statusCode).toBe(201);
    const tom = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const auth = { authorization: `Bearer ${tom.access_token}` };
    const mine = (await t.app.inject({ method: 'GET', url: '/api/1.0/session/companies', headers: auth })).json().data;
    expect(mine.map((c: { name: string; active: boolean }) => [c.name, c.active])).toEqual([
      ['Acme Outfitters', true],
      ['Globex Retail', false],
    ]);
    const globexIlocsBefore = await t.app.inject({ method: 'GET', url: `/api/1.0/tenants/${globexId}/ilocs`, headers: auth });
    expect(globexIlocsBefore.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/1.0/session/active-company', headers: auth, payload: { company_id: globexId } })).statusCode).toBe(200);
    const globexIlocs = await t.app.inject({ method: 'GET', url: `/api/1.0/tenants/${globexId}/ilocs`, headers: auth });
    expect(globexIlocs.json().data.map((i: { code: string }) => i.code).sort()).toEqual(['MAD-1', 'MS-UK']);
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/tenants/${acmeId}/ilocs`, headers: auth })).statusCode).toBe(404);

    const remove = await t.app.inject({ method: 'DELETE', url: `/api/1.0/companies/${globexId}/users/${tomId}`, headers: owner });
    expect(remove.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/tenants/${globexId}/ilocs`, headers: auth })).statusCode).toBe(404);
  });

  it('refuses a second membership, an unknown user, and non-owners', async () => {
    const again = await t.app.inject({ method: 'POST', url: `/api/1.0/companies/${acmeId}/users`, headers: owner, payload: { user_id: tomId } });
    expect(again.statusCode).toBe(409);
    const ghost = await t.app.inject({ method: 'POST', url: `/api/1.0/companies/${acmeId}/users`, headers: owner, payload: { user_id: '00000000-0000-4000-8000-000000000000' } });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.user_id).toBeDefined();
    const tenant = await t.app.inject({ method: 'POST', url: `/api/1.0/companies/${globexId}/users`, headers: await t.as('acmeTenant'), payload: { user_id: tomId } });
    expect(tenant.statusCode).toBe(403);
  });
});
