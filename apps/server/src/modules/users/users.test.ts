import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { countRows, createTestApp, DEMO, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;
type Json = Record<string, unknown>;

const FORBIDDEN = { message: 'You do not have permission for this action' };
const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const LINK_EXPIRED = 'The link has expired or has already been used';
const STRONG = 'Str0ng#Pass';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: Headers;
let acmeTenant: Headers;
let supplier: Headers;
let globexTenant: Headers;
let ownerId: string;
let acmeTenantId: string;
let globexTenantId: string;
let acmeId: string;
let globexId: string;
let tenantDefaults: number[];

function api(method: Method, url: string, headers: Headers = {}, payload?: object | string): Promise<LightMyRequestResponse> {
  const full = url.startsWith('/api/') || url.startsWith('/oauth/') ? url : `/api/1.0${url}`;
  return t.app.inject({ method, url: full, headers, ...(payload === undefined ? {} : { payload }) });
}
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const body = (res: LightMyRequestResponse) => res.json() as Json & { data: Json };

async function expectStatus(res: LightMyRequestResponse, status: number): Promise<LightMyRequestResponse> {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

function passwordGrant(username: string, password: string) {
  return api('POST', '/oauth/token', {}, {
    grant_type: 'password', username, password, client_id: t.config.oauthClientId, client_secret: t.config.oauthClientSecret, scopes: '*',
  });
}

async function signIn(email: string, password: string): Promise<Headers> {
  return bearer((await t.login(email, password)).access_token);
}

async function info(headers: Headers, include = 'permissions,roles,company,preferences') {
  const res = await expectStatus(await api('GET', `/users/information?include=${include}`, headers), 200);
  return body(res).data as unknown as {
    id: string; name: string; email: string; language: string; roles: string[]; permissions: { id: number; name: string }[];
    permissionsFront: string[]; company: { id: string; name: string; schema_suffix: string } | null;
    preferences: Record<string, unknown>; mediable: null; redirect: string; impersonated_by?: string | null;
  };
}

async function userIdOf(email: string): Promise<string> {
  const res = await expectStatus(await api('GET', `/users?search=email:${encodeURIComponent(email)}`, owner), 200);
  const found = (body(res).data as unknown as { id: string; email: string }[]).find((u) => u.email === email);
  if (!found) throw new Error(`no user ${email}`);
  return found.id;
}

let seq = 0;
/** A fresh user created through the owner API, so tests that change users do not disturb the demo ones. */
async function newUser(input: { role?: 'owner' | 'tenant' | 'supplier'; company_id?: string; supplier_id?: string } = {}) {
  seq += 1;
  const email = `user${seq}.${input.role ?? 'tenant'}@users.test`;
  const res = await expectStatus(
    await api('POST', '/users', owner, {
      name: `User ${seq}`, email, password: STRONG, role: input.role ?? 'tenant',
      ...(input.role === 'owner' ? {} : { company_id: input.company_id ?? acmeId }),
      ...(input.supplier_id ? { supplier_id: input.supplier_id } : {}),
    }),
    201,
  );
  const id = (body(res).data as unknown as { id: string }).id;
  return { id, email, headers: await signIn(email, STRONG) };
}

async function setPermissions(userId: string, ids: number[]) {
  const res = await expectStatus(await api('POST', `/users/${userId}/assign-permissions`, owner, { permissions: ids }), 201);
  expect(body(res).data).toEqual({ permissions: [...new Set(ids)].sort((a, b) => a - b) });
}

async function permissionId(name: string): Promise<number> {
  const res = await api('GET', '/permissions', owner);
  const found = (body(res).data as unknown as { id: number; name: string }[]).find((p) => p.name === name);
  if (!found) throw new Error(`no permission ${name}`);
  return found.id;
}

async function mailToken(email: string, pattern: RegExp): Promise<string> {
  const mail = await t.smtp.waitFor(email);
  const match = pattern.exec(mail.text);
  if (!match?.[1]) throw new Error(`no token in mail to ${email}: ${mail.text}`);
  return match[1];
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  acmeTenant = await t.as('acmeTenant');
  supplier = await t.as('acmeSupplier');
  globexTenant = await t.as('globexTenant');
  const companies = body(await api('GET', '/companies?per_page=100', owner)).data as unknown as { id: string; name: string }[];
  acmeId = companies.find((c) => c.name === 'Acme Outfitters')!.id;
  globexId = companies.find((c) => c.name === 'Globex Retail')!.id;
  ownerId = (await info(owner)).id;
  acmeTenantId = await userIdOf(DEMO.acmeTenant.email);
  globexTenantId = await userIdOf(DEMO.globexTenant.email);
  const role = body(await api('GET', '/roles/tenant?include=permissions', owner)).data as unknown as { permissions: { id: number }[] };
  tenantDefaults = role.permissions.map((p) => p.id);
});
afterAll(() => t.close());

describe('GET /users/information', () => {
  it('owner: effective role owner, platform permissions, no company, admin landing', async () => {
    const me = await info(owner);
    expect(me).toMatchObject({ name: DEMO.owner.name, email: DEMO.owner.email, language: 'en', roles: ['owner'], company: null, mediable: null, redirect: '/admin/dashboard' });
    expect(me.permissionsFront).toEqual(expect.arrayContaining(['read-company', 'create-company', 'login-as-user', 'assign-permissions']));
    expect(me.permissionsFront).not.toContain('read-order');
    expect(me.permissions.map((p) => p.name).sort()).toEqual([...me.permissionsFront].sort());
    expect(me.permissions.every((p) => Number.isInteger(p.id))).toBe(true);
    expect(me.preferences).toHaveProperty('theme');
  });

  it('tenant: its company, tenant permissions, dashboard landing', async () => {
    const me = await info(acmeTenant);
    expect(me).toMatchObject({ email: DEMO.acmeTenant.email, roles: ['tenant'], redirect: '/dashboard' });
    expect(me.company).toEqual({ id: acmeId, name: 'Acme Outfitters', schema_suffix: 'acme_outfitters' });
    expect(me.permissionsFront).toEqual(expect.arrayContaining(['read-iloc', 'create-iloc', 'read-order', 'create-users-company']));
    expect(me.permissionsFront).not.toContain('create-company');
    expect(me.permissionsFront).not.toContain('login-as-user');
  });

  it('supplier: supplier purchase orders only', async () => {
    const me = await info(supplier);
    expect(me).toMatchObject({ email: DEMO.acmeSupplier.email, roles: ['supplier'], redirect: '/supplier-purchase-orders' });
    expect(me.company?.id).toBe(acmeId);
    expect([...me.permissionsFront].sort()).toEqual(['create-asn', 'read-asn', 'read-purchase-order', 'read-user', 'update-purchase-order', 'update-user']);
  });

  it('second tenant sees its own company and language', async () => {
    const me = await info(globexTenant);
    expect(me).toMatchObject({ language: 'sp', roles: ['tenant'] });
    expect(me.company).toMatchObject({ id: globexId, name: 'Globex Retail' });
  });

  it('without include only the base fields are returned', async () => {
    const me = await info(acmeTenant, '');
    expect(me).not.toHaveProperty('roles');
    expect(me).not.toHaveProperty('permissions');
    expect(me).not.toHaveProperty('company');
    expect(me).not.toHaveProperty('preferences');
    expect(me.permissionsFront).toContain('read-iloc');
    expect(me.redirect).toBe('/dashboard');
  });

  it('owner reads another user through /users/{id}/information; others may not', async () => {
    const res = await expectStatus(await api('GET', `/users/${acmeTenantId}/information?include=roles,company`, owner), 200);
    expect(body(res).data).toMatchObject({ email: DEMO.acmeTenant.email, roles: ['tenant'], company: { id: acmeId } });
    await expectStatus(await api('GET', `/users/${MISSING_ID}/information`, owner), 404);
    const denied = await expectStatus(await api('GET', `/users/${globexTenantId}/information`, acmeTenant), 403);
    expect(denied.json()).toEqual(FORBIDDEN);
  });
});

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['unknown token', 'Bearer not-a-real-token'],
    ['wrong scheme', 'Token abcdef'],
    ['scheme only', 'Bearer'],
    ['two tokens', 'Bearer a b'],
    ['basic auth', `Basic ${Buffer.from('admin@omnio.test:Omnio#Admin1').toString('base64')}`],
    ['oversized token', `Bearer ${'x'.repeat(5000)}`],
  ])('%s → 401 Unauthenticated.', async (_label, header) => {
    const res = await api('GET', '/users/information', header === undefined ? {} : { authorization: header });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('the token type is case-insensitive', async () => {
    const res = await api('GET', '/users/information', { authorization: acmeTenant.authorization!.replace('Bearer', 'bearer') });
    expect(res.statusCode).toBe(200);
  });

  it('a logged-out token is rejected', async () => {
    const headers = await signIn(DEMO.globexTenant.email, DEMO.globexTenant.password);
    await expectStatus(await api('POST', '/logout', headers, {}), 204);
    expect((await api('GET', '/users/information', headers)).json()).toEqual(UNAUTHENTICATED);
  });
});

describe('role access', () => {
  it('owner lists companies and users', async () => {
    const companies = body(await expectStatus(await api('GET', '/companies', owner), 200));
    expect((companies.data as unknown as { name: string }[]).map((c) => c.name)).toEqual(expect.arrayContaining(['Acme Outfitters', 'Globex Retail']));
    const users = body(await expectStatus(await api('GET', '/users?per_page=100', owner), 200));
    const emails = (users.data as unknown as { email: string }[]).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(Object.values(DEMO).map((d) => d.email)));
    expect(users).toMatchObject({ current_page: 1, per_page: 100 });
  });

  it('owner filters users by role and company', async () => {
    const res = body(await api('GET', `/users?search=role:tenant;company:${acmeId}`, owner));
    const emails = (res.data as unknown as { email: string }[]).map((u) => u.email);
    expect(emails).toContain(DEMO.acmeTenant.email);
    expect(emails).not.toContain(DEMO.acmeSupplier.email);
    expect(emails).not.toContain(DEMO.globexTenant.email);
  });

  const ownerEndpoints: [Method, string, object?][] = [
    ['GET', '/companies'],
    ['POST', '/companies', { name: 'Sneaky Co' }],
    ['GET', '/users'],
    ['POST', '/users', { name: 'Sneaky', email: 'sneaky@users.test', password: STRONG, role: 'owner' }],
    ['GET', '/users/:other/information'],
    ['POST', '/users/:other/assign-roles', { roles: ['owner'] }],
    ['POST', '/users/:other/assign-permissions', { permissions: [1, 2, 3] }],
    ['POST', '/users/:other/disable'],
    ['POST', '/users/:other/enable'],
    ['POST', '/users/:other/login-by-admin'],
    ['POST', '/users/:self/assign-roles', { roles: ['owner'] }],
  ];
  it.each(['acmeTenant', 'acmeSupplier'] as const)('%s gets 403 on every owner endpoint and nothing changes', async (who) => {
    const headers = await t.as(who);
    const self = await info(headers);
    const before = { companies: await countRows(t, 'companies'), users: await countRows(t, 'users'), roles: await countRows(t, 'user_roles'), tokens: await countRows(t, 'oauth_access_tokens') };
    for (const [method, path, payload] of ownerEndpoints) {
      const url = path.replace(':other', globexTenantId).replace(':self', self.id);
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await countRows(t, 'companies')).toBe(before.companies);
    expect(await countRows(t, 'users')).toBe(before.users);
    expect(await countRows(t, 'user_roles')).toBe(before.roles);
    expect(await countRows(t, 'oauth_access_tokens')).toBe(before.tokens);
    expect((await info(headers)).roles).toEqual(self.roles);
    await expectStatus(await api('GET', '/users/information', globexTenant), 200);
  });
});

describe('PUT /users/{id}', () => {
  it('a user updates their own name, email and language', async () => {
    const u = await newUser();
    const res = await expectStatus(await api('PUT', `/users/${u.id}`, u.headers, { name: 'Renamed Person', email: 'Renamed@Users.test', language: 'sp' }), 200);
    expect(body(res).data).toMatchObject({ id: u.id, name: 'Renamed Person', email: 'renamed@users.test', language: 'sp' });
    expect(await info(u.headers)).toMatchObject({ name: 'Renamed Person', email: 'renamed@users.test', language: 'sp' });
    // the new address signs in, the old one no longer does
    expect((await passwordGrant('renamed@users.test', STRONG)).statusCode).toBe(200);
    expect((await passwordGrant(u.email, STRONG)).json()).toMatchObject({ error: 'invalid_grant' });
    await expectStatus(await api('PUT', `/users/${u.id}`, u.headers, { language: 'en' }), 200);
    expect((await info(u.headers)).language).toBe('en');
  });

  it('a language other than en or sp is refused', async () => {
    const u = await newUser();
    const res = await expectStatus(await api('PUT', `/users/${u.id}`, u.headers, { language: 'fr' }), 422);
    expect(res.json().errors).toHaveProperty('language');
    expect((await info(u.headers)).language).toBe('en');
  });

  it('a tenant or supplier updating another user gets 404 and the user is unchanged', async () => {
    await expectStatus(await api('PUT', `/users/${globexTenantId}`, acmeTenant, { name: 'Hacked' }), 404);
    await expectStatus(await api('PUT', `/users/${globexTenantId}`, supplier, { name: 'Hacked' }), 404);
    await expectStatus(await api('PUT', `/users/${ownerId}`, acmeTenant, { email: 'mine@users.test' }), 404);
    expect((await info(globexTenant)).name).toBe(DEMO.globexTenant.name);
    expect((await info(owner)).email).toBe(DEMO.owner.email);
  });

  it('a duplicate email (any case) is 422 errors.email', async () => {
    const u = await newUser();
    const res = await expectStatus(await api('PUT', `/users/${u.id}`, u.headers, { name: 'Should Not Stick', email: 'Tenant@Globex.test' }), 422);
    expect(res.json().errors.email).toEqual(['The email has already been taken']);
    expect(await info(u.headers)).toMatchObject({ email: u.email, name: expect.stringMatching(/^User /) });
  });

  it('the owner edits another user; unknown or malformed ids are 404', async () => {
    const u = await newUser();
    await expectStatus(await api('PUT', `/users/${u.id}`, owner, { name: 'Edited By Owner' }), 200);
    expect((await info(u.headers)).name).toBe('Edited By Owner');
    await expectStatus(await api('PUT', `/users/${MISSING_ID}`, owner, { name: 'Nobody' }), 404);
    await expectStatus(await api('PUT', '/users/not-a-uuid', owner, { name: 'Nobody' }), 404);
  });
});

describe('owner creates companies and users', () => {
  it('a new company and a tenant user in it: the user signs in and sees the company', async () => {
    const company = body(await expectStatus(await api('POST', '/companies', owner, { name: 'Initech' }), 201)).data as unknown as { id: string; name: string };
    const created = await expectStatus(
      await api('POST', '/users', owner, { name: 'Peter Gibbons', email: 'peter@initech.test', password: STRONG, role: 'tenant', company_id: company.id }),
      201,
    );
    expect(body(created).data).toMatchObject({ name: 'Peter Gibbons', email: 'peter@initech.test', roles: ['tenant'], disabled: false, companies: [{ id: company.id, name: 'Initech' }] });
    expect(body(created).data).not.toHaveProperty('password');
    expect(body(created).data).not.toHaveProperty('password_hash');
    const me = await info(await signIn('peter@initech.test', STRONG));
    expect(me.company).toMatchObject({ id: company.id, name: 'Initech', schema_suffix: 'initech' });
    expect(me.redirect).toBe('/dashboard');
    expect(me.permissions.map((p) => p.id).sort((a, b) => a - b)).toEqual([...tenantDefaults].sort((a, b) => a - b));
  });

  it('a supplier user needs a supplier of that same company', async () => {
    const [row] = await t.database.ownerExec(`SELECT supplier_id FROM company_users WHERE supplier_id IS NOT NULL LIMIT 1`);
    const northwind = String(row!.supplier_id);
    const ok = await newUser({ role: 'supplier', company_id: acmeId, supplier_id: northwind });
    expect(await info(ok.headers)).toMatchObject({ roles: ['supplier'], redirect: '/supplier-purchase-orders', company: { id: acmeId } });

    const users = await countRows(t, 'users');
    const cross = await api('POST', '/users', owner, { name: 'X', email: 'cross@users.test', password: STRONG, role: 'supplier', company_id: globexId, supplier_id: northwind });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors).toHaveProperty('supplier_id');
    const none = await api('POST', '/users', owner, { name: 'X', email: 'cross@users.test', password: STRONG, role: 'supplier', company_id: acmeId });
    expect(none.json().errors).toHaveProperty('supplier_id');
    const noCompany = await api('POST', '/users', owner, { name: 'X', email: 'cross@users.test', password: STRONG, role: 'tenant' });
    expect(noCompany.json().errors).toHaveProperty('company_id');
    const ghost = await api('POST', '/users', owner, { name: 'X', email: 'cross@users.test', password: STRONG, role: 'tenant', company_id: MISSING_ID });
    expect(ghost.json().errors).toHaveProperty('company_id');
    const dup = await api('POST', '/users', owner, { name: 'X', email: 'TENANT@acme.test', password: STRONG, role: 'tenant', company_id: acmeId });
    expect(dup.json().errors.email).toEqual(['The email has already been taken']);
    expect(await countRows(t, 'users')).toBe(users);
  });
});

describe('assign-permissions', () => {
  it('removing read-iloc from the Acme tenant makes its ilocs 403, restoring brings them back', async () => {
    const ilocsUrl = `/tenants/${acmeId}/ilocs`;
    const list = await expectStatus(await api('GET', ilocsUrl, acmeTenant), 200);
    const ilocId = (body(list).data as unknown as { id: string }[])[0]!.id;
    const held = (await info(acmeTenant)).permissions.map((p) => p.id);
    const readIloc = await permissionId('read-iloc');
    expect(held).toContain(readIloc);

    await setPermissions(acmeTenantId, held.filter((id) => id !== readIloc));
    expect((await info(acmeTenant)).permissionsFront).not.toContain('read-iloc');
    for (const url of [ilocsUrl, `${ilocsUrl}/${ilocId}`]) {
      const res = await api('GET', url, acmeTenant);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    await setPermissions(acmeTenantId, held);
    await expectStatus(await api('GET', ilocsUrl, acmeTenant), 200);
  });

  it.each([
    ['create-iloc', 'POST', '/tenants/:acme/ilocs', { name: 'Denied Iloc' }, 'ilocs'],
    ['update-iloc', 'PUT', '/tenants/:acme/ilocs/:iloc', { name: 'Denied Rename' }, null],
    ['update-iloc', 'PATCH', '/tenants/:acme/ilocs/:iloc/archive-iloc', {}, null],
    ['delete-iloc', 'DELETE', '/tenants/:acme/ilocs/:iloc', undefined, 'ilocs'],
    ['read-iloc', 'GET', '/tenants/:acme/ilocs', undefined, null],
    ['read-users-company', 'GET', '/company-users', undefined, null],
    ['create-users-company', 'POST', '/invitations', { email: 'denied-invite@users.test' }, 'invitations'],
    ['read-user', 'GET', '/roles/tenant?include=permissions', undefined, null],
  ] as const)('tenant without %s: %s %s → 403, nothing written', async (permission, method, path, payload, table) => {
    const u = await newUser();
    const ilocs = body(await api('GET', `/tenants/${acmeId}/ilocs`, u.headers)).data as unknown as { id: string; name: string }[];
    const url = path.replace(':acme', acmeId).replace(':iloc', ilocs[0]!.id);
    const pid = await permissionId(permission);
    await setPermissions(u.id, tenantDefaults.filter((id) => id !== pid));
    const before = table ? await countRows(t, table) : 0;
    const res = await api(method as Method, url, u.headers, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    if (table) expect(await countRows(t, table)).toBe(before);
    const after = body(await api('GET', `/tenants/${acmeId}/ilocs/${ilocs[0]!.id}`, acmeTenant)).data;
    expect(after).toMatchObject({ name: ilocs[0]!.name, archived: false });
    // with the permission back, the same call is allowed
    await setPermissions(u.id, tenantDefaults);
    const again = await api(method as Method, url, u.headers, payload);
    expect(again.statusCode, again.body).toBeLessThan(300);
  });

  it.each([
    ['read-company', 'GET', '/companies', undefined],
    ['create-company', 'POST', '/companies', { name: 'Denied Company' }],
    ['update-company', 'PUT', '/companies/:globex', { city: 'Denied' }],
    ['delete-company', 'DELETE', '/companies/:globex', undefined],
    ['read-user', 'GET', '/users', undefined],
    ['create-user', 'POST', '/users', { name: 'Denied', email: 'denied-user@users.test', password: STRONG, role: 'tenant', company_id: ':acme' }],
    ['create-user', 'POST', '/invitations', { email: 'denied-owner-invite@users.test', company_id: ':acme' }],
    ['update-user', 'POST', '/users/:target/assign-roles', { roles: ['supplier'] }],
    ['update-user', 'POST', '/users/:target/disable', undefined],
    ['assign-permissions', 'POST', '/users/:target/assign-permissions', { permissions: [] }],
    ['login-as-user', 'POST', '/users/:target/login-by-admin', undefined],
  ] as const)('owner without %s: %s %s → 403', async (permission, method, path, payload) => {
    const admin = await newUser({ role: 'owner' });
    const target = await newUser();
    const ownerDefaults = (await info(admin.headers)).permissions.map((p) => p.id);
    const pid = await permissionId(permission);
    await setPermissions(admin.id, ownerDefaults.filter((id) => id !== pid));
    const sub = (s: string) => s.replace(':globex', globexId).replace(':acme', acmeId).replace(':target', target.id);
    const json = payload ? JSON.parse(sub(JSON.stringify(payload))) : undefined;
    const snapshot = { companies: await countRows(t, 'companies'), users: await countRows(t, 'users'), invitations: await countRows(t, 'invitations') };
    const res = await api(method as Method, sub(path), admin.headers, json);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    expect({ companies: await countRows(t, 'companies'), users: await countRows(t, 'users'), invitations: await countRows(t, 'invitations') }).toEqual(snapshot);
    expect(await info(target.headers)).toMatchObject({ roles: ['tenant'] });
    expect(body(await api('GET', `/companies/${globexId}`, owner)).data).toMatchObject({ name: 'Globex Retail', city: 'Madrid' });
  });

  it('unknown permission ids are 422 and nothing changes; duplicates are stored once', async () => {
    const u = await newUser();
    const res = await expectStatus(await api('POST', `/users/${u.id}/assign-permissions`, owner, { permissions: [89, 9999] }), 422);
    expect(res.json().errors.permissions[0]).toContain('9999');
    expect((await info(u.headers)).permissions.map((p) => p.id).sort((a, b) => a - b)).toEqual([...tenantDefaults].sort((a, b) => a - b));
    await setPermissions(u.id, [89, 89]);
    expect((await info(u.headers)).permissionsFront).toEqual(['read-iloc']);
    await expectStatus(await api('POST', `/users/${MISSING_ID}/assign-permissions`, owner, { permissions: [89] }), 404);
  });
});

describe('assign-roles', () => {
  it('the first role becomes the effective role', async () => {
    const u = await newUser();
    const res = await expectStatus(await api('POST', `/users/${u.id}/assign-roles`, owner, { roles: ['supplier', 'tenant'] }), 200);
    expect(body(res).data).toMatchObject({ id: u.id, roles: ['supplier', 'tenant'] });
    expect(await info(u.headers)).toMatchObject({ roles: ['supplier', 'tenant'], redirect: '/supplier-purchase-orders' });
    // tenant permissions are still held, but the effective role is supplier: tenant routes are closed
    expect((await api('GET', `/tenants/${acmeId}/ilocs`, u.headers)).statusCode).toBe(403);

    await expectStatus(await api('POST', `/users/${u.id}/assign-roles`, owner, { roles: ['tenant', 'supplier'] }), 200);
    expect(await info(u.headers)).toMatchObject({ roles: ['tenant', 'supplier'], redirect: '/dashboard' });
    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs`, u.headers), 200);
  });

  it.each([[{ roles: [] }], [{ roles: ['admin'] }], [{ roles: 'tenant' }], [{}]])('invalid roles %j → 422, roles unchanged', async (payload) => {
    const u = await newUser();
    await expectStatus(await api('POST', `/users/${u.id}/assign-roles`, owner, payload), 422);
    expect((await info(u.headers)).roles).toEqual(['tenant']);
  });
});

describe('disable and enable', () => {
  it('disabling kills existing tokens and blocks sign-in with account_disabled; enabling restores sign-in', async () => {
    const u = await newUser();
    const tokens = await t.login(u.email, STRONG);
    await expectStatus(await api('GET', '/users/information', bearer(tokens.access_token)), 200);

    const off = await expectStatus(await api('POST', `/users/${u.id}/disable`, owner), 200);
    expect(body(off).data).toMatchObject({ id: u.id, disabled: true });
    expect((await api('GET', '/users/information', bearer(tokens.access_token))).json()).toEqual(UNAUTHENTICATED);
    expect((await api('GET', '/users/information', u.headers)).statusCode).toBe(401);

    const denied = await passwordGrant(u.email, STRONG);
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ error: 'account_disabled' });
    expect(denied.json()).not.toHaveProperty('access_token');
    const refresh = await api('POST', '/oauth/token', {}, {
      grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: t.config.oauthClientId, client_secret: t.config.oauthClientSecret, scopes: '*',
    });
    // Disabling revoked the refresh token: API.md's 400 invalid_grant, as for any used or revoked refresh token.
    expect(refresh.statusCode, refresh.body).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refresh.json()).not.toHaveProperty('access_token');
    // a wrong password on a disabled account stays the generic answer (no account probing)
    expect((await passwordGrant(u.email, 'Wrong#Pass1')).json()).toMatchObject({ error: 'invalid_grant' });
    const listed = body(await api('GET', `/users?search=email:${u.email}`, owner)).data as unknown as { disabled: boolean }[];
    expect(listed[0]!.disabled).toBe(true);
    expect((await api('POST', `/users/${u.id}/login-by-admin`, owner)).statusCode).toBe(422);

    const on = await expectStatus(await api('POST', `/users/${u.id}/enable`, owner), 200);
    expect(body(on).data).toMatchObject({ disabled: false });
    expect((await passwordGrant(u.email, STRONG)).statusCode).toBe(200);
    expect((await api('GET', '/users/information', bearer(tokens.access_token))).statusCode).toBe(401);
  });

  it('the owner cannot disable their own account; unknown users are 404', async () => {
    await expectStatus(await api('POST', `/users/${ownerId}/disable`, owner), 422);
    await expectStatus(await api('GET', '/users/information', owner), 200);
    await expectStatus(await api('POST', `/users/${MISSING_ID}/disable`, owner), 404);
    await expectStatus(await api('POST', `/users/${MISSING_ID}/enable`, owner), 404);
  });
});

describe('login-by-admin', () => {
  it('answers tokens that act as the target user and remember the owner', async () => {
    const res = await expectStatus(await api('POST', `/users/${acmeTenantId}/login-by-admin`, owner), 200);
    const tokens = body(res).data as unknown as { access_token: string; token_type: string; refresh_token: string; expires_in: number };
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), refresh_token: expect.any(String) });
    const as = bearer(tokens.access_token);
    const me = await info(as);
    expect(me).toMatchObject({ id: acmeTenantId, email: DEMO.acmeTenant.email, roles: ['tenant'], company: { id: acmeId }, impersonated_by: ownerId });
    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs`, as), 200);
    expect((await api('GET', '/companies', as)).json()).toEqual(FORBIDDEN);
    await expectStatus(await api('POST', `/users/${MISSING_ID}/login-by-admin`, owner), 404);
    await expectStatus(await api('POST', '/users/nope/login-by-admin', owner), 404);
  });
});

describe('session companies', () => {
  it('a user in two companies lists them, switches, and then works only in the new one', async () => {
    const u = await newUser();
    const umbrella = body(await expectStatus(await api('POST', '/companies', owner, { name: 'Umbrella Corp' }), 201)).data as unknown as { id: string; schema_suffix: string };
    await t.database.ownerExec(`INSERT INTO company_users (company_id, user_id) VALUES ('${umbrella.id}', '${u.id}')`);
    const umbrellaIloc = body(await expectStatus(await api('POST', `/tenants/${umbrella.id}/ilocs`, owner, { name: 'Raccoon City DC' }), 201)).data as unknown as { id: string };
    const acmeIloc = (body(await api('GET', `/tenants/${acmeId}/ilocs`, u.headers)).data as unknown as { id: string }[])[0]!.id;

    const listed = body(await expectStatus(await api('GET', '/session/companies', u.headers), 200)).data;
    expect(listed).toEqual([
      { id: acmeId, name: 'Acme Outfitters', schema_suffix: 'acme_outfitters', active: true },
      { id: umbrella.id, name: 'Umbrella Corp', schema_suffix: umbrella.schema_suffix, active: false },
    ]);

    const switched = await expectStatus(await api('POST', '/session/active-company', u.headers, { company_id: umbrella.id }), 200);
    expect(body(switched).data).toEqual({ company: { id: umbrella.id, name: 'Umbrella Corp', schema_suffix: umbrella.schema_suffix } });
    expect((await info(u.headers)).company?.id).toBe(umbrella.id);
    const after = body(await api('GET', '/session/companies', u.headers)).data as unknown as { id: string; active: boolean }[];
    expect(after.find((c) => c.active)?.id).toBe(umbrella.id);

    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs`, u.headers), 404);
    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs/${acmeIloc}`, u.headers), 404);
    await expectStatus(await api('GET', `/tenants/${umbrella.id}/ilocs/${acmeIloc}`, u.headers), 404);
    const own = body(await expectStatus(await api('GET', `/tenants/${umbrella.id}/ilocs`, u.headers), 200)).data as unknown as { id: string }[];
    expect(own.map((i) => i.id)).toEqual([umbrellaIloc.id]);

    // a company the user does not belong to cannot be chosen, and the session stays where it was
    await expectStatus(await api('POST', '/session/active-company', u.headers, { company_id: globexId }), 404);
    await expectStatus(await api('POST', '/session/active-company', u.headers, { company_id: 'not-a-uuid' }), 422);
    expect((await info(u.headers)).company?.id).toBe(umbrella.id);

    // a fresh sign-in starts in the oldest membership again
    expect((await info(await signIn(u.email, STRONG))).company?.id).toBe(acmeId);
  });

  it('a user of one company lists only it', async () => {
    const listed = body(await api('GET', '/session/companies', globexTenant)).data;
    expect(listed).toEqual([{ id: globexId, name: 'Globex Retail', schema_suffix: 'globex_retail', active: true }]);
  });
});

describe('preferences', () => {
  const update = (headers: Headers, prefs: Record<string, unknown>, extra: Json = {}) =>
    api('POST', '/preferences/update-or-create', headers, { type: 'preferences', ...extra, data: { preferences: prefs } });
  const theme = { color: 'teal', dark: true, rtl: false, collapsed: true, animation: 'none', sidebarImage: 2 };

  it('stores values that /users/information returns, per user', async () => {
    const u = await newUser();
    const res = await expectStatus(await update(u.headers, { theme, lastGrid: 'orders' }), 200);
    expect(body(res).data).toMatchObject({ theme, lastGrid: 'orders' });
    expect((await info(u.headers)).preferences).toMatchObject({ theme, lastGrid: 'orders' });
    await expectStatus(await update(u.headers, { lastGrid: 'products' }, { user_id: u.id }), 200);
    expect((await info(u.headers)).preferences).toMatchObject({ theme, lastGrid: 'products' });
    const other = (await info(globexTenant)).preferences;
    expect(other).not.toHaveProperty('lastGrid');
    expect(other.theme).not.toEqual(theme);
  });

  it('a stored row of another version resets to the default', async () => {
    const u = await newUser();
    const defaults = (await info(u.headers)).preferences.theme;
    await expectStatus(await update(u.headers, { theme }), 200);
    expect((await info(u.headers)).preferences.theme).toEqual(theme);
    await t.database.ownerExec(`UPDATE preferences SET version = version + 1 WHERE user_id = '${u.id}' AND key = 'theme'`);
    expect((await info(u.headers)).preferences.theme).toEqual(defaults);
    // saving again stores the current version, and the value shows again
    await expectStatus(await update(u.headers, { theme }), 200);
    expect((await info(u.headers)).preferences.theme).toEqual(theme);
  });

  it('null clears a stored value back to its default', async () => {
    const u = await newUser();
    const defaults = (await info(u.headers)).preferences.theme;
    await expectStatus(await update(u.headers, { theme, note: 'x' }), 200);
    const res = await api('POST', '/preferences/update-or-create', u.headers, { type: 'preferences', data: { preferences: { theme: null, note: null } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.theme).toEqual(defaults);
    expect(body(res).data).not.toHaveProperty('note');
    const [row] = await t.database.ownerExec(`SELECT count(*)::int AS n FROM preferences WHERE user_id = '${u.id}'`);
    expect(row!.n).toBe(0);
  });

  it("another user's id is 404 and writes nothing", async () => {
    const before = await countRows(t, 'preferences');
    await expectStatus(await update(acmeTenant, { theme }, { user_id: globexTenantId }), 404);
    expect(await countRows(t, 'preferences')).toBe(before);
  });
});

describe('permissions and roles catalog', () => {
  it('GET /permissions lists the catalog', async () => {
    const list = body(await expectStatus(await api('GET', '/permissions', acmeTenant), 200)).data as unknown as Json[];
    expect(list.length).toBeGreaterThan(90);
    expect(list).toContainEqual({ id: 89, name: 'read-iloc', action: 'read', resource: 'iloc', section: 'Fulfillment Locations (Ilocs)', scope: 'tenant' });
    expect(list).toContainEqual(expect.objectContaining({ name: 'create-company', scope: 'platform' }));
    expect(new Set(list.map((p) => p.id)).size).toBe(list.length);
  });

  it('GET /roles/{role}?include=permissions gives the default permissions of a role', async () => {
    const tenant = body(await expectStatus(await api('GET', '/roles/tenant?include=permissions', owner), 200)).data as unknown as { name: string; permissions: { id: number; name: string }[] };
    expect(tenant.name).toBe('tenant');
    const names = tenant.permissions.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['read-iloc', 'read-order', 'create-users-company']));
    expect(names).not.toContain('create-company');
    const supplierRole = body(await api('GET', '/roles/supplier?include=permissions', owner)).data as unknown as { permissions: { name: string }[] };
    expect(supplierRole.permissions.map((p) => p.name).sort()).toEqual(['create-asn', 'read-asn', 'read-purchase-order', 'read-user', 'update-purchase-order', 'update-user']);
    const ownerRole = body(await api('GET', '/roles/owner?include=permissions', owner)).data as unknown as { permissions: { name: string }[] };
    expect(ownerRole.permissions.map((p) => p.name)).toContain('login-as-user');
    const bad = await api('GET', '/roles/admin', owner);
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toHaveProperty('role');
  });
});

describe('invitations', () => {
  const TOKEN_RE = /validate\?token=([A-Za-z0-9_-]+)/;

  it('owner invites into Acme; the invitee opens the link, accepts, and signs in; the link then expires', async () => {
    const email = 'nina@invited.test';
    const res = await expectStatus(await api('POST', '/invitations', owner, { email: 'Nina@Invited.test', name: 'Nina Newbie', company_id: acmeId }), 201);
    expect(body(res).data).toMatchObject({ id: expect.any(String), email, expires_at: expect.any(String) });
    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toContain('Acme Outfitters');
    // Issue 24: the app's one date format, in UTC and saying so.
    expect(mail.text).toMatch(/expires on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC\./);
    const token = await mailToken(email, TOKEN_RE);

    const shown = await expectStatus(await api('GET', `/api/invitations/${token}`), 200);
    expect(body(shown).data).toEqual({ email, name: 'Nina Newbie', role: 'tenant', company: { id: acmeId, name: 'Acme Outfitters' } });

    // a weak password is refused and does not use up the invitation
    const weak = await expectStatus(await api('POST', '/api/invitations/accept', {}, { token, name: 'Nina Newbie', password: 'weak', password_confirmation: 'weak' }), 422);
    expect(weak.json().errors).toHaveProperty('password');
    await expectStatus(await api('GET', `/api/invitations/${token}`), 200);

    const accepted = await expectStatus(await api('POST', '/api/invitations/accept', {}, { token, name: 'Nina Newbie', password: STRONG, password_confirmation: STRONG }), 201);
    expect(body(accepted).data).toEqual({ user_id: expect.any(String) });
    const me = await info(await signIn(email, STRONG));
    expect(me).toMatchObject({ id: (body(accepted).data as unknown as { user_id: string }).user_id, name: 'Nina Newbie', roles: ['tenant'], company: { id: acmeId } });

    const users = await countRows(t, 'users');
    const again = await expectStatus(await api('POST', '/api/invitations/accept', {}, { token, name: 'Second Nina', password: STRONG, password_confirmation: STRONG }), 422);
    expect(again.json()).toMatchObject({ message: LINK_EXPIRED, errors: { token: [LINK_EXPIRED] } });
    expect((await api('GET', `/api/invitations/${token}`)).json()).toMatchObject({ message: LINK_EXPIRED });
    expect(await countRows(t, 'users')).toBe(users);
  });

  it('an unknown or expired token is 422', async () => {
    expect((await api('GET', `/api/invitations/${'x'.repeat(43)}`)).json()).toMatchObject({ message: LINK_EXPIRED });
    const email = 'late@invited.test';
    const res = await expectStatus(await api('POST', '/invitations', owner, { email, company_id: globexId }), 201);
    const token = await mailToken(email, TOKEN_RE);
    await t.database.ownerExec(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = '${(body(res).data as unknown as { id: string }).id}'`);
    expect((await api('GET', `/api/invitations/${token}`)).statusCode).toBe(422);
    const accept = await api('POST', '/api/invitations/accept', {}, { token, name: 'Late', password: STRONG, password_confirmation: STRONG });
    expect(accept.json()).toMatchObject({ message: LINK_EXPIRED });
    expect((await passwordGrant(email, STRONG)).statusCode).toBe(400);
  });

  it('a tenant invites into its own company only', async () => {
    const email = 'teammate@invited.test';
    await expectStatus(await api('POST', '/invitations', globexTenant, { email, role: 'tenant' }), 201);
    const token = await mailToken(email, TOKEN_RE);
    expect(body(await api('GET', `/api/invitations/${token}`)).data).toMatchObject({ company: { id: globexId } });

    const before = await countRows(t, 'invitations');
    await expectStatus(await api('POST', '/invitations', globexTenant, { email: 'elsewhere@invited.test', company_id: acmeId }), 404);
    expect(await countRows(t, 'invitations')).toBe(before);
  });

  it('refuses without create-users-company, for suppliers, for taken emails and without a company', async () => {
    const u = await newUser();
    const createUsersCompany = await permissionId('create-users-company');
    await setPermissions(u.id, tenantDefaults.filter((id) => id !== createUsersCompany));
    const before = await countRows(t, 'invitations');
    const denied = await api('POST', '/invitations', u.headers, { email: 'nope1@invited.test' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(FORBIDDEN);
    expect((await api('POST', '/invitations', supplier, { email: 'nope2@invited.test' })).json()).toEqual(FORBIDDEN);
    const taken = await expectStatus(await api('POST', '/invitations', owner, { email: DEMO.globexTenant.email, company_id: acmeId }), 422);
    expect(taken.json().errors).toHaveProperty('email');
    const noCompany = await expectStatus(await api('POST', '/invitations', owner, { email: 'nope3@invited.test' }), 422);
    expect(noCompany.json().errors).toHaveProperty('company_id');
    await expectStatus(await api('POST', '/invitations', owner, { email: 'nope4@invited.test', company_id: MISSING_ID }), 404);
    expect(await countRows(t, 'invitations')).toBe(before);
    expect(t.smtp.messages().some((m) => m.to.some((to) => to.startsWith('nope')))).toBe(false);
  });
});

describe('signup', () => {
  const signup = (payload: Json) => api('POST', '/api/signup', {}, payload);

  it('creates a company and its first tenant user, who signs in', async () => {
    const res = await expectStatus(
      await signup({ company_name: 'Hooli', name: 'Gavin Belson', email: 'gavin@hooli.test', password: STRONG, password_confirmation: STRONG }),
      201,
    );
    const data = body(res).data as unknown as { user_id: string; company_id: string };
    const me = await info(await signIn('gavin@hooli.test', STRONG));
    expect(me).toMatchObject({ id: data.user_id, name: 'Gavin Belson', roles: ['tenant'], redirect: '/dashboard', company: { id: data.company_id, name: 'Hooli', schema_suffix: 'hooli' } });
    expect(me.permissions.map((p) => p.id).sort((a, b) => a - b)).toEqual([...tenantDefaults].sort((a, b) => a - b));
    const companies = body(await api('GET', '/companies?search=name:hooli', owner));
    expect(companies.total).toBe(1);
  });

  it('a registered email (any case) is 422 and creates no company', async () => {
    const companies = await countRows(t, 'companies');
    const users = await countRows(t, 'users');
    const res = await expectStatus(
      await signup({ company_name: 'Dup Co', name: 'Dup', email: 'TENANT@acme.test', password: STRONG, password_confirmation: STRONG }),
      422,
    );
    expect(res.json().errors.email).toEqual(['The email has already been taken']);
    expect(await countRows(t, 'companies')).toBe(companies);
    expect(await countRows(t, 'users')).toBe(users);
  });

  it('a weak password is 422 listing every broken rule', async () => {
    const companies = await countRows(t, 'companies');
    const res = await expectStatus(await signup({ company_name: 'Weak Co', name: 'Weak', email: 'weak@weak.test', password: 'abc def', password_confirmation: 'abc def' }), 422);
    expect(res.json().errors.password).toEqual(expect.arrayContaining([
      'The password must be at least 8 characters',
      'The password must contain an upper-case letter',
      'The password must contain a number',
      'The password may not contain spaces',
    ]));
    const quote = await expectStatus(await signup({ company_name: 'Weak Co', name: 'Weak', email: 'weak@weak.test', password: 'Abcdef1!"', password_confirmation: 'Abcdef1!"' }), 422);
    expect(quote.json().errors.password).toEqual(['The password may not contain < > & " or \'']);
    const mismatch = await expectStatus(await signup({ company_name: 'Weak Co', name: 'Weak', email: 'weak@weak.test', password: STRONG, password_confirmation: `${STRONG}x` }), 422);
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');
    const plus = await expectStatus(await signup({ company_name: 'Weak Co', name: 'Weak', email: 'weak+tag@weak.test', password: STRONG, password_confirmation: STRONG }), 422);
    expect(plus.json().errors).toHaveProperty('email');
    expect(await countRows(t, 'companies')).toBe(companies);
    expect((await passwordGrant('weak@weak.test', STRONG)).statusCode).toBe(400);
  });
});
