import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { countRows, createTestApp, DEMO, type TestApp } from '../../test/test-app';

/**
 * Bad input on every write endpoint: malformed JSON, bodies that are not objects, wrong types, oversized
 * strings, unknown keys and bodies over the 1 MiB limit. Each answer is a JSON 4xx (never a 500) and the
 * tables the endpoint writes are byte-for-byte unchanged afterwards.
 */

type Method = 'POST' | 'PUT' | 'PATCH';
type Json = Record<string, unknown>;

const STRONG = 'Str0ng#Pass';
const HUGE = 'x'.repeat(10_000);
const ONE_MIB = 1024 * 1024;

interface Case {
  name: string;
  method: Method;
  url: () => string;
  as: 'owner' | 'acmeTenant' | null;
  /** Every table the endpoint could write. */
  tables: string[];
  /** A body the endpoint accepts (fresh values on every call). */
  valid: () => Json;
  validStatus: number;
  wrongTypes: () => Json;
  oversized: () => Json;
  /** The field the 422 must name for wrongTypes and oversized. */
  wrongField: string;
  oversizedField: string;
  /**
   * 'rejected': an unknown key is a 422 naming it.
   * 'ignored': /oauth/token must ignore unrecognised parameters (RFC 6749 section 3.2).
   */
  unknownKeys: 'rejected' | 'ignored';
  /** /oauth/token answers OAuth errors (400 invalid_request) instead of the 422 validation shape. */
  oauth?: boolean;
}

let t: TestApp;
let acmeId: string;
let ilocId: string;
let globexTenantId: string;
let resetToken: string;
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

const cases: Case[] = [
  {
    name: 'POST /companies', method: 'POST', url: () => '/api/1.0/companies', as: 'owner', tables: ['companies'],
    valid: () => ({ name: unique('Valid Co ') }), validStatus: 201,
    wrongTypes: () => ({ name: 123, country: true }), wrongField: 'name',
    oversized: () => ({ name: HUGE }), oversizedField: 'name', unknownKeys: 'rejected',
  },
  {
    name: 'PUT /companies/{id}', method: 'PUT', url: () => `/api/1.0/companies/${acmeId}`, as: 'owner', tables: ['companies'],
    valid: () => ({ city: unique('Reno ') }), validStatus: 200,
    wrongTypes: () => ({ city: 42 }), wrongField: 'city',
    oversized: () => ({ address1: HUGE }), oversizedField: 'address1', unknownKeys: 'rejected',
  },
  {
    name: 'POST /users', method: 'POST', url: () => '/api/1.0/users', as: 'owner',
    tables: ['users', 'user_roles', 'user_permissions', 'company_users'],
    valid: () => ({ name: 'Valid User', email: `${unique('valid-user')}@bad-input.test`, password: STRONG, role: 'tenant', company_id: acmeId }),
    validStatus: 201,
    wrongTypes: () => ({ name: 'Valid User', email: 'typed@bad-input.test', password: STRONG, role: 5, company_id: acmeId }), wrongField: 'role',
    oversized: () => ({ name: HUGE, email: 'huge@bad-input.test', password: STRONG, role: 'tenant', company_id: acmeId }), oversizedField: 'name',
    unknownKeys: 'rejected',
  },
  {
    name: 'PUT /users/{id}', method: 'PUT', url: () => `/api/1.0/users/${globexTenantId}`, as: 'owner', tables: ['users'],
    valid: () => ({ name: unique('Gina ') }), validStatus: 200,
    wrongTypes: () => ({ language: 1 }), wrongField: 'language',
    oversized: () => ({ email: `${HUGE}@bad-input.test` }), oversizedField: 'email', unknownKeys: 'rejected',
  },
  {
    name: 'POST /tenants/{id}/ilocs', method: 'POST', url: () => `/api/1.0/tenants/${acmeId}/ilocs`, as: 'acmeTenant', tables: ['ilocs'],
    valid: () => ({ name: unique('Valid Iloc ') }), validStatus: 201,
    wrongTypes: () => ({ name: 'Typed Iloc', menu: 'true' }), wrongField: 'menu',
    oversized: () => ({ name: HUGE }), oversizedField: 'name', unknownKeys: 'rejected',
  },
  {
    name: 'PUT /tenants/{id}/ilocs/{ilocId}', method: 'PUT', url: () => `/api/1.0/tenants/${acmeId}/ilocs/${ilocId}`, as: 'acmeTenant', tables: ['ilocs'],
    valid: () => ({ city: unique('Austin ') }), validStatus: 200,
    wrongTypes: () => ({ status: true }), wrongField: 'status',
    oversized: () => ({ city: HUGE }), oversizedField: 'city', unknownKeys: 'rejected',
  },
  {
    name: 'PATCH /tenants/{id}/ilocs/{ilocId}/archive-iloc', method: 'PATCH', url: () => `/api/1.0/tenants/${acmeId}/ilocs/${ilocId}/archive-iloc`,
    as: 'acmeTenant', tables: ['ilocs'],
    valid: () => ({ archived: false }), validStatus: 200,
    wrongTypes: () => ({ archived: 'yes' }), wrongField: 'archived',
    oversized: () => ({ archived: HUGE }), oversizedField: 'archived', unknownKeys: 'rejected',
  },
  {
    name: 'POST /preferences/update-or-create', method: 'POST', url: () => '/api/1.0/preferences/update-or-create', as: 'acmeTenant',
    tables: ['preferences'],
    valid: () => ({ type: 'preferences', data: { preferences: { lastGrid: unique('orders') } } }), validStatus: 200,
    wrongTypes: () => ({ type: 'preferences', data: { preferences: 'dark' } }), wrongField: 'data.preferences',
    oversized: () => ({ type: 'preferences', data: { preferences: { [`k${HUGE}`]: 1 } } }), oversizedField: 'data.preferences',
    unknownKeys: 'rejected',
  },
  {
    name: 'POST /invitations', method: 'POST', url: () => '/api/1.0/invitations', as: 'owner', tables: ['invitations'],
    valid: () => ({ email: `${unique('invitee')}@bad-input.test`, company_id: acmeId }), validStatus: 201,
    wrongTypes: () => ({ email: 5, company_id: acmeId }), wrongField: 'email',
    oversized: () => ({ email: 'invitee@bad-input.test', name: HUGE, company_id: acmeId }), oversizedField: 'name', unknownKeys: 'rejected',
  },
  {
    name: 'POST /users/{id}/assign-permissions', method: 'POST', url: () => `/api/1.0/users/${globexTenantId}/assign-permissions`, as: 'owner',
    tables: ['user_permissions'],
    valid: () => ({ permissions: [89, 90] }), validStatus: 201,
    wrongTypes: () => ({ permissions: ['89'] }), wrongField: 'permissions',
    oversized: () => ({ permissions: Array.from({ length: 10_000 }, (_, i) => (i % 100) + 1) }), oversizedField: 'permissions',
    unknownKeys: 'rejected',
  },
  {
    name: 'POST /users/{id}/assign-roles', method: 'POST', url: () => `/api/1.0/users/${globexTenantId}/assign-roles`, as: 'owner',
    tables: ['user_roles'],
    valid: () => ({ roles: ['tenant', 'supplier'] }), validStatus: 200,
    wrongTypes: () => ({ roles: 'owner' }), wrongField: 'roles',
    oversized: () => ({ roles: Array.from({ length: 10_000 }, () => 'owner') }), oversizedField: 'roles', unknownKeys: 'rejected',
  },
  {
    name: 'POST /api/signup', method: 'POST', url: () => '/api/signup', as: null, tables: ['companies', 'users', 'company_users'],
    valid: () => ({ company_name: unique('Signup Co '), name: 'Sig Nup', email: `${unique('signup')}@bad-input.test`, password: STRONG, password_confirmation: STRONG }),
    validStatus: 201,
    wrongTypes: () => ({ company_name: 'Typed Co', name: 5, email: 'typed-signup@bad-input.test', password: STRONG, password_confirmation: STRONG }),
    wrongField: 'name',
    oversized: () => ({ company_name: HUGE, name: 'Huge', email: 'huge-signup@bad-input.test', password: STRONG, password_confirmation: STRONG }),
    oversizedField: 'company_name', unknownKeys: 'rejected',
  },
  {
    name: 'POST /api/password/email', method: 'POST', url: () => '/api/password/email', as: null, tables: ['password_resets'],
    valid: () => ({ email: DEMO.owner.email }), validStatus: 200,
    wrongTypes: () => ({ email: [DEMO.owner.email] }), wrongField: 'email',
    oversized: () => ({ email: `${HUGE}@omnio.test` }), oversizedField: 'email', unknownKeys: 'rejected',
  },
  {
    name: 'POST /api/password/reset', method: 'POST', url: () => '/api/password/reset', as: null,
    tables: ['password_resets', 'users', 'oauth_access_tokens'],
    valid: () => ({ email: DEMO.globexTenant.email, token: resetToken, password: 'Fresh#Pass9', password_confirmation: 'Fresh#Pass9' }),
    validStatus: 200,
    wrongTypes: () => ({ email: DEMO.globexTenant.email, token: 12345678901, password: 'Fresh#Pass9', password_confirmation: 'Fresh#Pass9' }),
    wrongField: 'token',
    oversized: () => ({ email: DEMO.globexTenant.email, token: HUGE, password: 'Fresh#Pass9', password_confirmation: 'Fresh#Pass9' }),
    oversizedField: 'token', unknownKeys: 'rejected',
  },
  {
    name: 'POST /oauth/token', method: 'POST', url: () => '/oauth/token', as: null, tables: ['oauth_access_tokens', 'oauth_refresh_tokens'],
    valid: () => ({ grant_type: 'password', username: DEMO.owner.email, password: DEMO.owner.password, client_id: 'omnio-web', client_secret: 'omnio-web-secret', scopes: '*' }),
    validStatus: 200,
    wrongTypes: () => ({ grant_type: 'password', username: 5, password: ['x'], client_id: 'omnio-web', client_secret: 'omnio-web-secret' }),
    wrongField: 'username',
    oversized: () => ({ grant_type: 'password', username: HUGE, password: HUGE, client_id: 'omnio-web', client_secret: 'omnio-web-secret' }),
    oversizedField: 'username', unknownKeys: 'ignored', oauth: true,
  },
];

async function headersFor(c: Case, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return { ...(c.as ? await t.as(c.as) : {}), ...extra };
}

async function send(c: Case, payload: string | Json, contentType = 'application/json'): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: c.method,
    url: c.url(),
    headers: await headersFor(c, { 'content-type': contentType }),
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  expect(res.statusCode, `${c.name}: never a server error (${res.body.slice(0, 200)})`).toBeLessThan(500);
  expect(res.headers['content-type'], 'always JSON').toMatch(/^application\/json/);
  return res;
}

/** Row count plus a hash of every row: a failed request must not insert, update or delete anything. */
async function snapshot(tables: string[]): Promise<Record<string, { rows: number; hash: unknown }>> {
  const out: Record<string, { rows: number; hash: unknown }> = {};
  for (const table of tables) {
    const [row] = await t.database.ownerExec(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM ${table} x`);
    out[table] = { rows: await countRows(t, table), hash: row?.hash };
  }
  return out;
}

async function expectNoWrite(c: Case, run: () => Promise<void>): Promise<void> {
  const before = await snapshot(c.tables);
  await run();
  expect(await snapshot(c.tables), `${c.name} wrote nothing`).toEqual(before);
}

function expectFieldError(res: LightMyRequestResponse, field: string): void {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: unknown; errors: Record<string, unknown> };
  expect(body.message).toEqual(expect.any(String));
  const keys = Object.keys(body.errors);
  const key = keys.find((k) => k === field || k.startsWith(`${field}.`));
  expect(key, `errors names ${field}: ${res.body.slice(0, 300)}`).toBeDefined();
  expect(body.errors[key!]).toEqual(expect.arrayContaining([expect.any(String)]));
}

function expectOauthInvalidRequest(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
  expect(res.json()).not.toHaveProperty('access_token');
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.as('owner');
  const companies = (await t.app.inject({ method: 'GET', url: '/api/1.0/companies?search=name:acme', headers: owner })).json();
  acmeId = companies.data[0].id;
  const ilocs = (await t.app.inject({ method: 'GET', url: `/api/1.0/tenants/${acmeId}/ilocs?search=code:AUS-MAIN`, headers: owner })).json();
  ilocId = ilocs.data[0].id;
  const users = (await t.app.inject({ method: 'GET', url: `/api/1.0/users?search=email:${DEMO.globexTenant.email}`, headers: owner })).json();
  globexTenantId = users.data[0].id;
  await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: DEMO.globexTenant.email } });
  const mail = await t.smtp.waitFor(DEMO.globexTenant.email);
  resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
});
afterAll(() => t.close());

describe.each(cases)('$name', (c) => {
  it('malformed JSON → 400 {message}', async () => {
    await expectNoWrite(c, async () => {
      for (const raw of ['{"name": ', '{name: "x"}', "{'a': 1}", '{"a":1,}']) {
        const res = await send(c, raw);
        expect(res.statusCode, raw).toBe(400);
        expect(res.json()).toEqual({ message: 'Malformed JSON body' });
      }
    });
  });

  it('a prototype-polluting body is refused', async () => {
    await expectNoWrite(c, async () => {
      const res = await send(c, `{"__proto__": {"role": "owner"}, ${JSON.stringify(c.valid()).slice(1)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  });

  // API.md: 400 for a malformed request (no JSON at all), 422 for JSON that is not the object the endpoint takes;
  // /oauth/token answers its OAuth 400 invalid_request instead of the 422.
  it.each([
    { label: 'an empty body', raw: '', status: 400 },
    { label: 'an array', raw: '[]', status: 422 },
    { label: 'a string', raw: '"text"', status: 422 },
    { label: 'a number', raw: '42', status: 422 },
    { label: 'false', raw: 'false', status: 422 },
  ])('$label → $status JSON', async ({ raw, status }) => {
    await expectNoWrite(c, async () => {
      const res = await send(c, raw);
      expect(res.statusCode, res.body).toBe(c.oauth ? 400 : status);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    });
  });

  // Text is read as a string, which is not the object the endpoint takes: the 422 of any other non-object body.
  it(`a text/plain body → ${c.oauth ? '400 invalid_request' : '422'} JSON`, async () => {
    await expectNoWrite(c, async () => {
      const res = await send(c, 'name=x', 'text/plain');
      if (c.oauth) expectOauthInvalidRequest(res);
      else {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({ message: 'The given data was invalid.', errors: { body: [expect.any(String)] } });
      }
    });
  });

  it(`wrong types → ${c.oauth ? '400 invalid_request' : '422 naming the field'}`, async () => {
    await expectNoWrite(c, async () => {
      const res = await send(c, c.wrongTypes());
      if (c.oauth) expectOauthInvalidRequest(res);
      else expectFieldError(res, c.wrongField);
    });
  });

  it(`a 10,000-long value → ${c.oauth ? '400 invalid_request' : '422 naming the field'}`, async () => {
    await expectNoWrite(c, async () => {
      const res = await send(c, c.oversized());
      if (c.oauth) expectOauthInvalidRequest(res);
      else expectFieldError(res, c.oversizedField);
    });
  });

  if (c.unknownKeys === 'rejected') {
    it('an unknown key → 422 naming it', async () => {
      await expectNoWrite(c, async () => {
        const res = await send(c, { ...c.valid(), is_admin: true });
        expect(res.statusCode, res.body).toBe(422);
        expect(JSON.stringify(res.json().errors)).toContain('is_admin');
      });
    });
  }

  it('a body over 1 MiB → 413 JSON', async () => {
    await expectNoWrite(c, async () => {
      const res = await send(c, JSON.stringify({ ...c.valid(), padding: 'x'.repeat(ONE_MIB) }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'Request body is too large' });
    });
  });

  // Proves the bodies above failed for the reason tested, not because the endpoint refuses everything.
  it(`the valid body is accepted (${c.validStatus})`, async () => {
    const res = await send(c, c.valid());
    expect(res.statusCode, res.body).toBe(c.validStatus);
  });
});

describe('unknown keys on endpoints that do not reject them', () => {
  it('/oauth/token ignores unrecognised parameters as RFC 6749 requires', async () => {
    const c = cases.find((x) => x.name === 'POST /oauth/token')!;
    const res = await send(c, { ...c.valid(), is_admin: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
  });

  it('signup: extra keys that would raise privileges are refused and nothing is created', async () => {
    const c = cases.find((x) => x.name === 'POST /api/signup')!;
    const before = await countRows(t, 'users');
    const body: Json = { ...c.valid(), role: 'owner', roles: ['owner'], permissions: [1, 2, 3, 102], company_id: acmeId };
    const res = await send(c, body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['role', 'roles', 'permissions', 'company_id']));
    expect(await countRows(t, 'users')).toBe(before);
  });

});

describe('form-encoded sign-in', () => {
  it('a form body over the 64 KiB form limit → 413 JSON, no token', async () => {
    const before = await countRows(t, 'oauth_access_tokens');
    const res = await t.app.inject({
      method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${DEMO.owner.email}&password=${encodeURIComponent(DEMO.owner.password)}&client_id=omnio-web&client_secret=omnio-web-secret&pad=${'x'.repeat(70 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
    expect(await countRows(t, 'oauth_access_tokens')).toBe(before);
  });

  it('a repeated form field (an array) → 400 invalid_request, no token', async () => {
    const before = await countRows(t, 'oauth_access_tokens');
    const res = await t.app.inject({
      method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${DEMO.owner.email}&username=x&password=${encodeURIComponent(DEMO.owner.password)}&client_id=omnio-web&client_secret=omnio-web-secret`,
    });
    expectOauthInvalidRequest(res);
    expect(await countRows(t, 'oauth_access_tokens')).toBe(before);
  });
});
