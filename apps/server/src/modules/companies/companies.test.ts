import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;
type Company = {
  id: string; name: string; schema_suffix: string; status: string; contact_name: string | null; email: string | null; phone: string | null;
  address1: string | null; city: string | null; region: string | null; postal_code: string | null; country: string | null;
  subdomain: string | null; created_at: string;
};
type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

const FORBIDDEN = { message: 'You do not have permission for this action' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: Headers;
let acmeId: string;
let globexId: string;

function api(method: Method, url: string, headers: Headers, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
}
async function expectStatus(res: LightMyRequestResponse, status: number): Promise<LightMyRequestResponse> {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
async function list(query = ''): Promise<Page<Company>> {
  return (await expectStatus(await api('GET', `/companies${query}`, owner), 200)).json();
}
async function create(payload: object): Promise<Company> {
  return (await expectStatus(await api('POST', '/companies', owner, payload), 201)).json().data;
}
async function company(id: string): Promise<Company> {
  return (await expectStatus(await api('GET', `/companies/${id}`, owner), 200)).json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  const all = await list();
  acmeId = all.data.find((c) => c.name === 'Acme Outfitters')!.id;
  globexId = all.data.find((c) => c.name === 'Globex Retail')!.id;
});
afterAll(() => t.close());

describe('GET /companies', () => {
  it('answers the paginator body ordered by name', async () => {
    const page = await list();
    expect(Object.keys(page).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    expect(page).toMatchObject({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(page.data.map((c) => c.name)).toEqual(['Acme Outfitters', 'Globex Retail']);
    expect(page.data[0]).toMatchObject({ id: acmeId, schema_suffix: 'acme_outfitters', status: 'ACTIVE', email: 'ops@acme.test', city: 'Austin', country: 'US' });
    expect(Number.isNaN(Date.parse(page.data[0]!.created_at))).toBe(false);
  });

  it.each([
    ['search=name:acme', ['Acme Outfitters']],
    ['search=name:ACME', ['Acme Outfitters']],
    ['search=globex', ['Globex Retail']],
    ['search=status:active', ['Acme Outfitters', 'Globex Retail']],
    ['search=name:nothing-like-this', []],
    ['search=name:%25', []],
    ['order_by=name&order_direction=desc', ['Globex Retail', 'Acme Outfitters']],
  ])('%s', async (query, names) => {
    const page = await list(`?${query}`);
    expect(page.data.map((c) => c.name)).toEqual(names);
    expect(page.total).toBe(names.length);
    expect(page.last_page).toBe(1);
  });

  it('pages through the list', async () => {
    for (const name of ['Page Co A', 'Page Co B', 'Page Co C']) await create({ name });
    const total = (await list()).total;
    expect(total).toBe(5);
    const first = await list('?per_page=2&page=1');
    const second = await list('?per_page=2&page=2');
    const third = await list('?per_page=2&page=3');
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(second).toMatchObject({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
    expect([first, second, third].map((p) => p.data.length)).toEqual([2, 2, 1]);
    const ids = [...first.data, ...second.data, ...third.data].map((c) => c.id);
    expect(new Set(ids).size).toBe(5);
    expect((await list('?per_page=2&page=9')).data).toEqual([]);
    expect((await list('?per_page=500')).data).toHaveLength(5);
    const newest = await list('?order_by=created_at&order_direction=DESC&per_page=1');
    expect(newest.data[0]!.name).toBe('Page Co C');
  });

  it.each([
    ['per_page=501', 'per_page'],
    ['per_page=0', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['order_direction=sideways', 'order_direction'],
    ['order_by=unknown_column', 'order_by'],
    ['order_by=constructor', 'order_by'],
    ['order_by=__proto__', 'order_by'],
    ['order_by=toString', 'order_by'],
    [`search=${'x'.repeat(600)}`, 'search'],
  ])('%s → 422 naming the parameter', async (query, field) => {
    const res = await api('GET', `/companies?${query}`, owner);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: { [field]: [expect.any(String)] } });
  });
});

describe('owner CRUD', () => {
  it('creates, reads, updates and deletes a company', async () => {
    const created = await create({
      name: 'Initech', contact_name: 'Bill Lumbergh', email: 'OPS@Initech.test', phone: '+1 512 555 0100', address1: '1 Office Park',
      city: 'Austin', region: 'TX', postal_code: '78701', country: 'us', subdomain: 'initech',
    });
    expect(created).toMatchObject({
      name: 'Initech', schema_suffix: 'initech', status: 'ACTIVE', contact_name: 'Bill Lumbergh', email: 'ops@initech.test',
      phone: '+1 512 555 0100', city: 'Austin', country: 'US', subdomain: 'initech',
    });
    expect(await company(created.id)).toEqual(created);
    expect((await list('?search=name:initech')).data.map((c) => c.id)).toEqual([created.id]);

    const updated = (await expectStatus(await api('PUT', `/companies/${created.id}`, owner, { name: 'Initech Corp', city: 'Dallas', phone: null }), 200)).json().data as Company;
    expect(updated).toMatchObject({ id: created.id, name: 'Initech Corp', city: 'Dallas', phone: null, region: 'TX', schema_suffix: 'initech' });
    expect(await company(created.id)).toMatchObject({ name: 'Initech Corp', city: 'Dallas', phone: null });

    const before = await countRows(t, 'companies');
    await expectStatus(await api('DELETE', `/companies/${created.id}`, owner), 204);
    expect(await countRows(t, 'companies')).toBe(before - 1);
    await expectStatus(await api('GET', `/companies/${created.id}`, owner), 404);
    await expectStatus(await api('DELETE', `/companies/${created.id}`, owner), 404);
    expect((await list('?search=name:initech')).total).toBe(0);
  });

  it('gives every company a unique schema_suffix', async () => {
    const a = await create({ name: 'Same Name' });
    const b = await create({ name: 'same name!' });
    const c = await create({ name: '日本' });
    expect(a.schema_suffix).toBe('same_name');
    expect(b.schema_suffix).toBe('same_name_2');
    expect(c.schema_suffix).toMatch(/^[a-z0-9_]+$/);
  });

  it('refuses a taken subdomain on create and update, writing nothing', async () => {
    const first = await create({ name: 'Sub One', subdomain: 'taken-sub' });
    const other = await create({ name: 'Sub Two' });
    const before = await countRows(t, 'companies');
    const dup = await expectStatus(await api('POST', '/companies', owner, { name: 'Sub Three', subdomain: 'taken-sub' }), 422);
    expect(dup.json().errors).toHaveProperty('subdomain');
    expect(await countRows(t, 'companies')).toBe(before);
    const upd = await expectStatus(await api('PUT', `/companies/${other.id}`, owner, { name: 'Renamed', subdomain: 'taken-sub' }), 422);
    expect(upd.json().errors).toHaveProperty('subdomain');
    expect(await company(other.id)).toMatchObject({ name: 'Sub Two', subdomain: null });
    // keeping its own subdomain is fine
    await expectStatus(await api('PUT', `/companies/${first.id}`, owner, { subdomain: 'taken-sub', city: 'Reno' }), 200);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'X', country: 'USA' }, 'country'],
    [{ name: 'X', email: 'not-an-email' }, 'email'],
    [{ name: 'X', subdomain: 'Has Spaces' }, 'subdomain'],
  ])('POST %j → 422 errors.%s', async (payload, field) => {
    const before = await countRows(t, 'companies');
    const res = await expectStatus(await api('POST', '/companies', owner, payload), 422);
    expect(res.json().errors, res.body).toHaveProperty([field]);
    expect(await countRows(t, 'companies')).toBe(before);
  });

  it('an unknown field (status is not settable) is 422 naming it', async () => {
    const before = await countRows(t, 'companies');
    const res = await expectStatus(await api('POST', '/companies', owner, { name: 'X', status: 'DISABLED' }), 422);
    expect(JSON.stringify(res.json().errors)).toContain('status');
    expect(await countRows(t, 'companies')).toBe(before);
  });

  it('unknown and malformed ids are 404 on every verb', async () => {
    for (const id of [MISSING_ID, 'not-a-uuid', '1']) {
      for (const [method, payload] of [['GET'], ['PUT', { city: 'X' }], ['DELETE']] as const) {
        const res = await api(method, `/companies/${id}`, owner, payload);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    }
  });
});

describe('tenant and supplier users', () => {
  it.each(['acmeTenant', 'acmeSupplier', 'globexTenant'] as const)('%s gets 403 on every company endpoint and nothing changes', async (who) => {
    const headers = await t.as(who);
    const before = await company(acmeId);
    const count = await countRows(t, 'companies');
    const calls: [Method, string, object?][] = [
      ['GET', '/companies'],
      ['GET', `/companies/${acmeId}`],
      ['POST', '/companies', { name: 'Tenant Co' }],
      ['PUT', `/companies/${acmeId}`, { name: 'Hijacked' }],
      ['DELETE', `/companies/${globexId}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await countRows(t, 'companies')).toBe(count);
    expect(await company(acmeId)).toEqual(before);
  });

  it('without a token it is 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.0/companies' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('the tenant\'s own company (GET and PUT /company)', () => {
  it('a tenant user reads and edits the company it works in, order prefix included', async () => {
    const tom = await t.as('acmeTenant');
    const read = (await expectStatus(await api('GET', '/company', tom), 200)).json().data as Company;
    expect(read.id).toBe(acmeId);
    const saved = await expectStatus(await api('PUT', '/company', tom, { order_prefix: 'ao-', phone: '+1 512 555 0100', city: 'Round Rock' }), 200);
    expect(saved.json().data).toMatchObject({ id: acmeId, order_prefix: 'AO-', phone: '+1 512 555 0100', city: 'Round Rock', name: 'Acme Outfitters' });
    expect(await company(acmeId)).toMatchObject({ order_prefix: 'AO-', city: 'Round Rock' });
  });

  it('another company\'s user reads and edits only its own: Acme is untouched', async () => {
    const before = await company(acmeId);
    const gina = await t.as('globexTenant');
    expect((await expectStatus(await api('GET', '/company', gina), 200)).json().data.id).toBe(globexId);
    await expectStatus(await api('PUT', '/company', gina, { name: 'Globex Retail Spain' }), 200);
    expect(await company(acmeId)).toEqual(before);
    expect((await company(globexId)).name).toBe('Globex Retail Spain');
  });

  it('bad input is 422 naming the field, and nothing is written', async () => {
    const tom = await t.as('acmeTenant');
    const before = await company(acmeId);
    const cases: [object, string][] = [
      [{ order_prefix: 'ABC' }, 'order_prefix'],
      [{ order_prefix: 'A1-' }, 'order_prefix'],
      [{ name: '' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ subdomain: 'acme' }, 'subdomain'],
      [{ status: 'DISABLED' }, 'status'],
    ];
    for (const [payload, field] of cases) {
      const res = await expectStatus(await api('PUT', '/company', tom, payload), 422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await company(acmeId)).toEqual(before);
  });

  it('the owner and a supplier have no own company here: 403', async () => {
    for (const who of ['owner', 'acmeSupplier'] as const) {
      const headers = await t.as(who);
      expect((await api('GET', '/company', headers)).statusCode, who).toBe(403);
      expect((await api('PUT', '/company', headers, { name: 'X' })).statusCode, who).toBe(403);
    }
  });
});

describe('deleting a company with data', () => {
  it('removes its ilocs and memberships; its users lose access to it', async () => {
    const tenant = await t.as('acmeTenant');
    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs`, tenant), 200);
    const ilocs = await countRows(t, 'ilocs');
    const acmeIlocs = (await api('GET', `/tenants/${acmeId}/ilocs?search=archived:all`, owner)).json().total as number;
    expect(acmeIlocs).toBeGreaterThan(0);

    await expectStatus(await api('DELETE', `/companies/${acmeId}`, owner), 204);
    expect(await countRows(t, 'ilocs')).toBe(ilocs - acmeIlocs);
    const [members] = await t.database.ownerExec(`SELECT count(*)::int AS n FROM company_users WHERE company_id = '${acmeId}'`);
    expect(members!.n).toBe(0);
    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs`, tenant), 404);
    await expectStatus(await api('GET', `/tenants/${acmeId}/ilocs`, owner), 404);
    const me = (await expectStatus(await api('GET', '/users/information?include=company', tenant), 200)).json().data;
    expect(me.company).toBeNull();
    // the other company is untouched
    expect((await api('GET', `/tenants/${globexId}/ilocs`, owner)).json().total).toBe(2);
    expect((await list()).data.map((c) => c.id)).not.toContain(acmeId);
  });
});
