import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { ilocs as ilocsTable } from './ilocs.tables';
import { registerIlocDeleteGuard } from './ilocs.service';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;
type Iloc = {
  id: string; tenant_id: string; name: string; code: string | null; type: string; company: string | null; menu: boolean; status: string;
  archived: boolean; archived_at: string | null; address1: string | null; city: string | null; region: string | null;
  postal_code: string | null; country: string | null; created_at: string; updated_at: string;
};
type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

const FORBIDDEN = { message: 'You do not have permission for this action' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: Headers;
let acme: Headers;
let globex: Headers;
let supplier: Headers;
let acmeId: string;
let globexId: string;

function api(method: Method, url: string, headers: Headers, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
}
async function expectStatus(res: LightMyRequestResponse, status: number): Promise<LightMyRequestResponse> {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
const base = (tenantId: string) => `/tenants/${tenantId}/ilocs`;
async function list(headers: Headers, tenantId: string, query = ''): Promise<Page<Iloc>> {
  return (await expectStatus(await api('GET', `${base(tenantId)}${query}`, headers), 200)).json();
}
async function create(headers: Headers, tenantId: string, payload: object): Promise<Iloc> {
  return (await expectStatus(await api('POST', base(tenantId), headers, payload), 201)).json().data;
}
async function get(headers: Headers, tenantId: string, id: string): Promise<Iloc> {
  return (await expectStatus(await api('GET', `${base(tenantId)}/${id}`, headers), 200)).json().data;
}
const codes = (page: Page<Iloc>) => page.data.map((i) => i.code);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  supplier = await t.as('acmeSupplier');
  const companies = (await api('GET', '/companies', owner)).json().data as { id: string; name: string }[];
  acmeId = companies.find((c) => c.name === 'Acme Outfitters')!.id;
  globexId = companies.find((c) => c.name === 'Globex Retail')!.id;
});
afterAll(() => t.close());

describe('listing', () => {
  it('a tenant lists only its own ilocs, as a paginator', async () => {
    const page = await list(acme, acmeId);
    expect(page).toMatchObject({ current_page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(codes(page).sort()).toEqual(['AUS-MAIN', 'SE-RENO', 'STORE-1']);
    expect(page.data.every((i) => i.tenant_id === acmeId)).toBe(true);
    expect(codes(await list(globex, globexId)).sort()).toEqual(['MAD-1', 'MS-UK']);
  });

  it.each([
    ['search=menu:true;company:shipedge;status:ACTIVE', ['SE-RENO']],
    ['search=menu:true', ['SE-RENO']],
    ['search=company:SHIPEDGE', ['SE-RENO']],
    ['search=status:active', ['AUS-MAIN', 'SE-RENO', 'STORE-1']],
    ['search=status:INACTIVE', []],
    ['search=menu:false', ['AUS-MAIN', 'STORE-1']],
    ['search=name:austin', ['AUS-MAIN']],
    ['search=code:STORE-1', ['STORE-1']],
    ['search=type:3pl', ['SE-RENO']],
    ['search=downtown', ['STORE-1']],
    ['search=menu:true;company:mintsoft', []],
    ['order_by=name&order_direction=ASC', ['AUS-MAIN', 'STORE-1', 'SE-RENO']],
    ['order_by=code&order_direction=desc', ['STORE-1', 'SE-RENO', 'AUS-MAIN']],
    ['per_page=1&page=2&order_by=code', ['SE-RENO']],
  ])('%s', async (query, expected) => {
    const page = await list(acme, acmeId, `?${query}`);
    // the seeded rows share created_at, so only an explicit order_by fixes their order
    expect(query.includes('order_by') ? codes(page) : codes(page).sort()).toEqual(expected);
  });

  it.each([
    ['per_page=501', 'per_page'],
    ['order_by=nope', 'order_by'],
    ['order_by=__proto__', 'order_by'],
    ['order_by=constructor', 'order_by'],
    ['filters=not-json', 'filters'],
  ])('%s → 422', async (query, field) => {
    const res = await expectStatus(await api('GET', `${base(acmeId)}?${query}`, acme), 422);
    expect(res.json().errors).toHaveProperty([field]);
  });
});

describe('tenant CRUD', () => {
  it('creates, reads, updates and deletes an iloc in its own company', async () => {
    const created = await create(acme, acmeId, { name: 'Dallas Overflow', code: 'DAL-1', type: '3pl', company: 'ShipEdge', menu: true, city: 'Dallas', region: 'TX', country: 'us' });
    expect(created).toMatchObject({
      tenant_id: acmeId, name: 'Dallas Overflow', code: 'DAL-1', type: '3pl', company: 'shipedge', menu: true, status: 'ACTIVE',
      archived: false, archived_at: null, city: 'Dallas', country: 'US',
    });
    expect(await get(acme, acmeId, created.id)).toEqual(created);
    // newest first by default, and it joins the spec's menu search
    expect((await list(acme, acmeId)).data[0]!.id).toBe(created.id);
    expect(codes(await list(acme, acmeId, '?search=menu:true;company:shipedge;status:ACTIVE')).sort()).toEqual(['DAL-1', 'SE-RENO']);

    const updated = (await expectStatus(await api('PUT', `${base(acmeId)}/${created.id}`, acme, { name: 'Dallas Annex', status: 'INACTIVE', city: null }), 200)).json().data as Iloc;
    expect(updated).toMatchObject({ id: created.id, name: 'Dallas Annex', status: 'INACTIVE', city: null, code: 'DAL-1', region: 'TX' });
    expect(await get(acme, acmeId, created.id)).toMatchObject({ name: 'Dallas Annex', status: 'INACTIVE' });
    expect(codes(await list(acme, acmeId, '?search=status:INACTIVE'))).toEqual(['DAL-1']);
    // renaming to its own name in another case is not a duplicate
    await expectStatus(await api('PUT', `${base(acmeId)}/${created.id}`, acme, { name: 'DALLAS ANNEX' }), 200);

    const before = await countRows(t, 'ilocs');
    await expectStatus(await api('DELETE', `${base(acmeId)}/${created.id}`, acme), 204);
    expect(await countRows(t, 'ilocs')).toBe(before - 1);
    await expectStatus(await api('GET', `${base(acmeId)}/${created.id}`, acme), 404);
    await expectStatus(await api('DELETE', `${base(acmeId)}/${created.id}`, acme), 404);
    expect((await list(acme, acmeId)).total).toBe(3);
  });

  it('defaults: warehouse, ACTIVE, not in the menu', async () => {
    const created = await create(acme, acmeId, { name: 'Plain Place' });
    expect(created).toMatchObject({ type: 'warehouse', status: 'ACTIVE', menu: false, code: null, company: null });
  });

  it('a duplicate name (any case) or code is 422 and writes nothing', async () => {
    const before = await countRows(t, 'ilocs');
    const name = await expectStatus(await api('POST', base(acmeId), acme, { name: 'austin main WAREHOUSE' }), 422);
    expect(name.json()).toMatchObject({ errors: { name: ['An iloc with this name already exists'] } });
    const code = await expectStatus(await api('POST', base(acmeId), acme, { name: 'Fresh Name', code: 'AUS-MAIN' }), 422);
    expect(code.json().errors).toHaveProperty('code');
    expect(await countRows(t, 'ilocs')).toBe(before);

    const store = (await list(acme, acmeId, '?search=code:STORE-1')).data[0]!;
    const rename = await expectStatus(await api('PUT', `${base(acmeId)}/${store.id}`, acme, { name: 'Shipedge Reno', city: 'Changed' }), 422);
    expect(rename.json().errors).toHaveProperty('name');
    expect(await get(acme, acmeId, store.id)).toEqual(store);
  });

  it('the same name is fine in another company', async () => {
    const copy = await create(globex, globexId, { name: 'Austin Main Warehouse', code: 'AUS-MAIN' });
    expect(copy.tenant_id).toBe(globexId);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(121) }, 'name'],
    [{ name: 'Bad Type', type: 'castle' }, 'type'],
    [{ name: 'Bad Code', code: 'has space' }, 'code'],
    [{ name: 'Bad Country', country: 'USA' }, 'country'],
    [{ name: 'Bad Menu', menu: 'yes' }, 'menu'],
    [{ name: 'Bad Status', status: 'ARCHIVED' }, 'status'],
  ])('POST %j → 422 errors.%s', async (payload, field) => {
    const before = await countRows(t, 'ilocs');
    const res = await expectStatus(await api('POST', base(acmeId), acme, payload), 422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await countRows(t, 'ilocs')).toBe(before);
  });
});

describe('archive', () => {
  it('hides an iloc from the default list; archived:true lists it; unarchive brings it back', async () => {
    const iloc = await create(acme, acmeId, { name: 'Seasonal Popup', code: 'POP-1' });
    const archived = (await expectStatus(await api('PATCH', `${base(acmeId)}/${iloc.id}/archive-iloc`, acme), 200)).json().data as Iloc;
    expect(archived).toMatchObject({ id: iloc.id, archived: true, archived_at: expect.any(String) });
    expect(codes(await list(acme, acmeId))).not.toContain('POP-1');
    expect(codes(await list(acme, acmeId, '?search=archived:true'))).toEqual(['POP-1']);
    expect(codes(await list(acme, acmeId, '?search=archived:all'))).toContain('POP-1');
    expect((await get(acme, acmeId, iloc.id)).archived).toBe(true);

    // archiving again keeps the original time
    const again = (await expectStatus(await api('PATCH', `${base(acmeId)}/${iloc.id}/archive-iloc`, acme, { archived: true }), 200)).json().data as Iloc;
    expect(again.archived_at).toBe(archived.archived_at);

    const restored = (await expectStatus(await api('PATCH', `${base(acmeId)}/${iloc.id}/archive-iloc`, acme, { archived: false }), 200)).json().data as Iloc;
    expect(restored).toMatchObject({ archived: false, archived_at: null });
    expect(codes(await list(acme, acmeId))).toContain('POP-1');
    expect(codes(await list(acme, acmeId, '?search=archived:true'))).toEqual([]);
  });

  it('an archive body other than {archived: boolean} is 422 and changes nothing', async () => {
    const iloc = (await list(acme, acmeId, '?search=code:AUS-MAIN')).data[0]!;
    for (const payload of [{ archived: 'yes' }, { archived: true, reason: 'x' }]) {
      await expectStatus(await api('PATCH', `${base(acmeId)}/${iloc.id}/archive-iloc`, acme, payload), 422);
    }
    expect(await get(acme, acmeId, iloc.id)).toEqual(iloc);
  });
});

describe('cross-tenant isolation', () => {
  let target: Iloc;
  beforeAll(async () => {
    target = (await list(acme, acmeId, '?search=code:AUS-MAIN')).data[0]!;
  });

  const attempts = (tenantId: string, ilocId: string): [Method, string, object?][] => [
    ['GET', `${base(tenantId)}/${ilocId}`],
    ['PUT', `${base(tenantId)}/${ilocId}`, { name: 'Stolen', city: 'Nowhere' }],
    ['PATCH', `${base(tenantId)}/${ilocId}/archive-iloc`, { archived: true }],
    ['DELETE', `${base(tenantId)}/${ilocId}`],
  ];

  it("Globex naming Acme's tenantId gets 404 for everything, and writes nothing", async () => {
    const before = await countRows(t, 'ilocs');
    for (const [method, url, payload] of [...attempts(acmeId, target.id), ['GET', base(acmeId)], ['POST', base(acmeId), { name: 'Planted' }]] as [Method, string, object?][]) {
      const res = await api(method, url, globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(await countRows(t, 'ilocs')).toBe(before);
    expect(await get(acme, acmeId, target.id)).toEqual(target);
  });

  it("Globex naming its own tenantId with an Acme iloc id gets 404, the same answer as for no iloc at all", async () => {
    for (const [method, url, payload] of attempts(globexId, target.id)) {
      const res = await api(method, url, globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const missing = await api(method, url.replace(target.id, MISSING_ID), globex, payload);
      expect(res.json()).toEqual(missing.json());
    }
    expect(await get(acme, acmeId, target.id)).toEqual(target);
    expect(codes(await list(acme, acmeId))).toContain('AUS-MAIN');
  });

  it('unknown and malformed tenant or iloc ids are 404', async () => {
    await expectStatus(await api('GET', base(MISSING_ID), acme), 404);
    await expectStatus(await api('GET', base('not-a-uuid'), acme), 404);
    await expectStatus(await api('GET', `${base(acmeId)}/not-a-uuid`, acme), 404);
    await expectStatus(await api('GET', base(MISSING_ID), owner), 404);
  });
});

describe('owner and supplier', () => {
  it("the owner lists and manages any company's ilocs", async () => {
    expect(codes(await list(owner, acmeId)).sort()).toEqual(expect.arrayContaining(['AUS-MAIN', 'SE-RENO', 'STORE-1']));
    expect(codes(await list(owner, globexId))).toContain('MS-UK');
    const made = await create(owner, globexId, { name: 'Barcelona Port', code: 'BCN-1' });
    expect(made.tenant_id).toBe(globexId);
    expect(codes(await list(globex, globexId))).toContain('BCN-1');
    expect(codes(await list(acme, acmeId))).not.toContain('BCN-1');
  });

  it('a supplier gets 403 on every iloc endpoint', async () => {
    const iloc = (await list(acme, acmeId, '?search=code:STORE-1')).data[0]!;
    const calls: [Method, string, object?][] = [
      ['GET', base(acmeId)],
      ['POST', base(acmeId), { name: 'Supplier Iloc' }],
      ['GET', `${base(acmeId)}/${iloc.id}`],
      ['PUT', `${base(acmeId)}/${iloc.id}`, { name: 'Supplier Rename' }],
      ['PATCH', `${base(acmeId)}/${iloc.id}/archive-iloc`],
      ['DELETE', `${base(acmeId)}/${iloc.id}`],
    ];
    const before = await countRows(t, 'ilocs');
    for (const [method, url, payload] of calls) {
      const res = await api(method, url, supplier, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await countRows(t, 'ilocs')).toBe(before);
    expect(await get(acme, acmeId, iloc.id)).toEqual(iloc);
  });
});

describe('delete guards', () => {
  it('a guard that answers a reason stops the delete with 409 CONFLICT; the iloc stays', async () => {
    const guarded = await create(acme, acmeId, { name: 'Guarded Location', code: 'GUARD-1' });
    const free = await create(acme, acmeId, { name: 'Free Location', code: 'FREE-1' });
    const seen: string[] = [];
    registerIlocDeleteGuard(async (tx, ilocId) => {
      // the guard runs inside the tenant's transaction: it sees this tenant's rows only
      const visible = await tx.select({ tenantId: ilocsTable.tenantId }).from(ilocsTable);
      seen.push(...visible.map((r) => r.tenantId));
      return ilocId === guarded.id ? 'The iloc cannot be removed while it has active rules' : null;
    });

    const res = await expectStatus(await api('DELETE', `${base(acmeId)}/${guarded.id}`, acme), 409);
    expect(res.json()).toEqual({ message: 'The iloc cannot be removed while it has active rules', code: 'CONFLICT' });
    expect(await get(acme, acmeId, guarded.id)).toEqual(guarded);

    await expectStatus(await api('DELETE', `${base(acmeId)}/${free.id}`, acme), 204);
    await expectStatus(await api('GET', `${base(acmeId)}/${free.id}`, acme), 404);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([acmeId]));
  });
});
