import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { secretBoxFor } from '../../platform/crypto/secret-box';
import { tenantIds } from '../inventory/inventory.fixtures';

/** Owner CRUD of the platform's warehouses; the connection password sealed, never answered. */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let tenant: H;
let supplier: H;
let ids: { acme: string; globex: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  tenant = await t.as('acmeTenant');
  supplier = await t.as('acmeSupplier');
  ids = await tenantIds(t);
});
afterAll(() => t.close());

const PASSWORD = 'Sup3r-Secret-DB-pass';
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Reno DC', code: `RNO-${Math.random().toString(36).slice(2, 8)}`, provider: 'shipedge', time_zone: 'America/Los_Angeles',
  address1: '100 Dock Rd', city: 'Reno', region: 'NV', postal_code: '89501', country: 'US', notes: 'Night shift',
  connection: { driver: 'mysql', host: 'db.shipedge.test', port: 3306, database: 'wms', username: 'omnio', password: PASSWORD, charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' },
  ...over,
});
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const storedPassword = async (id: string) =>
  (await t.database.ownerExec(`SELECT conn_password_enc AS p FROM warehouses WHERE id = '${id}'`))[0]?.p as string | null;

describe('warehouses CRUD', () => {
  it('creates, reads, lists, updates and deletes a warehouse; the password is never answered', async () => {
    const created = await api('POST', '/warehouses', owner, body({ name: 'Reno DC', company_ids: [ids.acme] }));
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(PASSWORD);
    const w = created.json().data;
    expect(w).toMatchObject({
      name: 'Reno DC', provider: 'shipedge', status: 'ACTIVE', time_zone: 'America/Los_Angeles', city: 'Reno',
      connection: { driver: 'mysql', host: 'db.shipedge.test', port: 3306, database: 'wms', username: 'omnio', has_password: true },
      companies: [{ id: ids.acme, name: 'Acme Outfitters' }],
    });
    expect(w.connection).not.toHaveProperty('password');

    const got = await api('GET', `/warehouses/${w.id}`, owner);
    expect(got.statusCode).toBe(200);
    expect(got.body).not.toContain(PASSWORD);
    expect(got.json().data).toEqual(w);

    const list = await api('GET', `/warehouses?search=${encodeURIComponent(w.code)}`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(PASSWORD);
    expect(list.json()).toMatchObject({ current_page: 1, per_page: 25, total: 1, last_page: 1, data: [{ id: w.id }] });

    const updated = await api('PUT', `/warehouses/${w.id}`, owner, { status: 'INACTIVE', notes: null, company_ids: [ids.globex, ids.acme] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ status: 'INACTIVE', notes: null, name: 'Reno DC', connection: { has_password: true } });
    expect(updated.json().data.company_ids.sort()).toEqual([ids.acme, ids.globex].sort());

    expect((await api('DELETE', `/warehouses/${w.id}`, owner)).statusCode).toBe(204);
    expect((await api('GET', `/warehouses/${w.id}`, owner)).statusCode).toBe(404);
    expect((await api('DELETE', `/warehouses/${w.id}`, owner)).statusCode).toBe(404);
    expect(Number((await t.database.ownerExec(`SELECT count(*)::int AS n FROM warehouse_companies WHERE warehouse_id = '${w.id}'`))[0]?.n)).toBe(0);
  });

  it('stores the password sealed, not as plain text, and keeps, replaces or clears it on update', async () => {
    const w = (await api('POST', '/warehouses', owner, body())).json().data;
    const sealed = await storedPassword(w.id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(PASSWORD);
    expect(secretBoxFor(t.config).open(sealed!)).toBe(PASSWORD);

    // Absent password: the stored one stays (byte for byte: it was not re-sealed).
    await api('PUT', `/warehouses/${w.id}`, owner, { connection: { host: 'db2.shipedge.test' } });
    expect(await storedPassword(w.id)).toBe(sealed);

    const replaced = await api('PUT', `/warehouses/${w.id}`, owner, { connection: { password: 'n3w-pass' } });
    expect(replaced.body).not.toContain('n3w-pass');
    expect(secretBoxFor(t.config).open((await storedPassword(w.id))!)).toBe('n3w-pass');

    const cleared = await api('PUT', `/warehouses/${w.id}`, owner, { connection: { password: null } });
    expect(cleared.json().data.connection).toMatchObject({ has_password: false, host: 'db2.shipedge.test' });
    expect(await storedPassword(w.id)).toBeNull();
  });

  it('searches by field and pages like API.md', async () => {
    await api('POST', '/warehouses', owner, body({ name: 'Leeds Mintsoft', provider: 'mintsoft', company_ids: [ids.globex] }));
    await api('POST', '/warehouses', owner, body({ name: 'Leeds Overflow', provider: 'mintsoft', status: 'INACTIVE' }));
    const byProvider = (await api('GET', '/warehouses?search=provider:mintsoft;status:ACTIVE', owner)).json();
    expect(byProvider.data.map((w: { name: string }) => w.name)).toEqual(['Leeds Mintsoft']);
    const byCompany = (await api('GET', `/warehouses?search=company:${ids.globex}`, owner)).json();
    expect(byCompany.data.every((w: { company_ids: string[] }) => w.company_ids.includes(ids.globex))).toBe(true);
    const paged = (await api('GET', '/warehouses?per_page=1&page=2&order_by=name&order_direction=DESC', owner)).json();
    expect(paged).toMatchObject({ current_page: 2, per_page: 1 });
    expect(paged.data).toHaveLength(1);
    expect(paged.last_page).toBe(paged.total);
    expect((await api('GET', '/warehouses?order_by=password', owner)).statusCode).toBe(422);
  });
});

describe('warehouse validation (422, nothing written)', () => {
  it.each([
    ['port out of range', { connection: { driver: 'mysql', host: 'h', port: 70000 } }, 'connection.port'],
    ['port zero', { connection: { port: 0 } }, 'connection.port'],
    ['unknown driver', { connection: { driver: 'oracle' } }, 'connection.driver'],
    ['unknown provider', { provider: 'acme-wms' }, 'provider'],
    ['bad status', { status: 'PAUSED' }, 'status'],
    ['bad time zone', { time_zone: 'Mars/Olympus' }, 'time_zone'],
    ['missing name', { name: '' }, 'name'],
    ['empty password', { connection: { password: '' } }, 'connection.password'],
    ['unknown field', { colour: 'red' }, ''],
    ['unknown company', { company_ids: ['00000000-0000-4000-8000-000000000000'] }, 'company_ids.0'],
  ])('%s', async (_name, over, field) => {
    const before = await countRows(t, 'warehouses');
    const res = await api('POST', '/warehouses', owner, body(over));
    expect(res.statusCode).toBe(422);
    const answer = res.json();
    expect(answer.errors).toBeTypeOf('object');
    if (field) expect(Object.keys(answer.errors)).toContain(field);
    expect(await countRows(t, 'warehouses')).toBe(before);
  });

  it('refuses a taken code, whatever its case, on create and update', async () => {
    const a = (await api('POST', '/warehouses', owner, body({ code: 'DUP-1' }))).json().data;
    const again = await api('POST', '/warehouses', owner, body({ code: 'dup-1' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['The code has already been taken']);
    const b = (await api('POST', '/warehouses', owner, body({ code: 'DUP-2' }))).json().data;
    expect((await api('PUT', `/warehouses/${b.id}`, owner, { code: 'Dup-1' })).statusCode).toBe(422);
    // Keeping one's own code is fine.
    expect((await api('PUT', `/warehouses/${a.id}`, owner, { code: 'DUP-1', name: 'Renamed' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id, never 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await api('GET', `/warehouses/${id}`, owner)).statusCode).toBe(404);
      expect((await api('PUT', `/warehouses/${id}`, owner, { name: 'x' })).statusCode).toBe(404);
      expect((await api('DELETE', `/warehouses/${id}`, owner)).statusCode).toBe(404);
      expect((await api('POST', `/warehouses/${id}/test-connection`, owner)).statusCode).toBe(404);
    }
  });
});

describe('warehouse permissions', () => {
  it('refuses tenants and suppliers with 403 on every route, and strangers with 401', async () => {
    const w = (await api('POST', '/warehouses', owner, body())).json().data;
    for (const who of [tenant, supplier]) {
      for (const [method, url, payload] of [
        ['GET', '/warehouses'], ['GET', `/warehouses/${w.id}`], ['POST', '/warehouses', body()], ['PUT', `/warehouses/${w.id}`, { name: 'x' }],
        ['DELETE', `/warehouses/${w.id}`], ['POST', `/warehouses/${w.id}/test-connection`],
      ] as const) {
        const res = await api(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission for this action' });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/warehouses' })).statusCode).toBe(401);
    expect((await api('GET', `/warehouses/${w.id}`, owner)).json().data.name).toBe('Reno DC');
  });
});

describe('test connection', () => {
  it('answers ok when the host accepts a TCP connection and not ok when it refuses', async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const w = (await api('POST', '/warehouses', owner, body({ connection: { driver: 'pgsql', host: '127.0.0.1', port } }))).json().data;
      const ok = await api('POST', `/warehouses/${w.id}/test-connection`, owner);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ ok: true, host: '127.0.0.1', port });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const closed = (await api('POST', '/warehouses', owner, body({ connection: { driver: 'pgsql', host: '127.0.0.1', port } }))).json().data;
    const refused = await api('POST', `/warehouses/${closed.id}/test-connection`, owner);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ ok: false, latency_ms: null });
    expect(refused.json().data.message).toContain('refused');

    const noHost = (await api('POST', '/warehouses', owner, body({ connection: undefined }))).json().data;
    const missing = await api('POST', `/warehouses/${noHost.id}/test-connection`, owner);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty(['connection.host']);
  });
});
