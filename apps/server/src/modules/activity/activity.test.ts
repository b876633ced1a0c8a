import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivity } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { makeSku } from '../inventory/inventory.fixtures';
import { orderBody } from '../orders/orders.test-kit';
import { poKit, uniq, type Headers, type PoKit } from '../purchase-orders/purchase-orders.test-kit';

/** The activity log: written by the database in the transaction of the change, read through /activity. */

let k: PoKit;
let tomId: string;
beforeAll(async () => {
  k = await poKit();
  const [tom] = await k.sql(`SELECT id FROM users WHERE email = 'tenant@acme.test'`);
  tomId = String(tom!.id);
});
afterAll(() => k.close());

type Page = { data: TActivity[]; total: number; current_page: number; per_page: number; last_page: number };
const IP = '203.0.113.7';

/** A request from a given client address (app.inject's remoteAddress is what request.ip reports). */
const from = (ip: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  k.t.app.inject({ method, url: `/api/1.0${url}`, headers, remoteAddress: ip, ...(payload ? { payload } : {}) });

const list = async (headers: Headers, query: Record<string, string> = {}) =>
  k.ok<Page>(200, 'GET', `/activity?${new URLSearchParams({ per_page: '100', ...query })}`, headers);
const about = async (objectId: string, headers = k.acme) => (await list(headers, { search: `object_id:${objectId}` })).data;

describe('activity written with the change', () => {
  it('records create, update and delete through the real API, with the acting user, the address and the changed fields', async () => {
    const name = uniq('Activity Supplier');
    const created = await from(IP, 'POST', '/suppliers', k.acme, { name, email: 'one@supplier.test', payment_terms: 'Net 30' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;

    const updated = await from(IP, 'PUT', `/suppliers/${id}`, k.acme, { email: 'two@supplier.test', payment_terms: 'Net 30' });
    expect(updated.statusCode, updated.body).toBe(200);
    // Saving the same values again changes nothing meaningful: no entry.
    expect((await from(IP, 'PUT', `/suppliers/${id}`, k.acme, { email: 'two@supplier.test' })).statusCode).toBe(200);
    expect((await from('198.51.100.9', 'DELETE', `/suppliers/${id}`, k.acme)).statusCode).toBe(204);

    const rows = await about(id);
    expect(rows.map((r) => r.action)).toEqual(['deleted', 'updated', 'created']);
    for (const r of rows) {
      expect(r).toMatchObject({ object_type: 'supplier', object_id: id, object_label: name, user_id: tomId, user: { id: tomId, name: 'Tom Tenant', email: 'tenant@acme.test' }, impersonator: null });
    }
    expect(rows[0]!.ip).toBe('198.51.100.9');
    expect(rows[1]!.ip).toBe(IP);
    expect(rows[1]!.changes).toEqual({ email: ['one@supplier.test', 'two@supplier.test'] });
    expect(rows[1]!.summary).toBe('email: one@supplier.test → two@supplier.test');
    expect(rows[2]!.changes).toBeNull();

    const one = await k.ok<{ data: TActivity }>(200, 'GET', `/activity/${rows[1]!.id}`, k.acme);
    expect(one.data).toEqual(rows[1]);
  });

  it('a failed request (422, 409) writes no activity: the log shares its transaction', async () => {
    const name = uniq('Taken');
    const id = (await k.ok<{ data: { id: string } }>(201, 'POST', '/suppliers', k.acme, { name })).data.id;
    const sku = uniq('ACT-FAIL');
    await makeSku(k.t, k.acmeId, { sku });
    const order = (await k.ok<{ data: { id: string } }>(201, 'POST', '/orders', k.acme, orderBody([{ sku, quantity: 1 }]))).data;
    await k.ok(200, 'POST', `/orders/${order.id}/cancel`, k.acme);
    const before = await countRows(k.t, 'activity_log');
    // The supplier row is updated first, then an address of another supplier fails the request: the update's
    // log entry goes with the rollback.
    const late = await k.api('PUT', `/suppliers/${id}`, k.acme, { notes: 'never saved', addresses: [{ id: '00000000-0000-4000-8000-000000000001', city: 'Nowhere' }] });
    expect(late.statusCode, late.body).toBe(422);
    // Failed for the reason this test relies on: the unknown address, after the update.
    expect(Object.keys(late.json().errors)).toEqual(['addresses.0.id']);
    const empty = await k.api('POST', '/suppliers', k.acme, { name: '' });
    expect(empty.statusCode, empty.body).toBe(422);
    expect(empty.json().errors).toHaveProperty('name');
    const taken = await k.api('POST', '/suppliers', k.acme, { name });
    expect(taken.statusCode, taken.body).toBe(422);
    expect(taken.json().errors).toHaveProperty('name');
    const again = await k.api('POST', `/orders/${order.id}/cancel`, k.acme);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'cancelled', action: 'cancel' });
    expect(await countRows(k.t, 'activity_log')).toBe(before);
    expect((await about(id)).map((r) => r.action)).toEqual(['created']);
  });

  it('an order is one "created" entry under its final number, and a status change says from and to', async () => {
    const sku = uniq('ACT-SKU');
    await makeSku(k.t, k.acmeId, { sku });
    const res = await from(IP, 'POST', '/orders', k.acme, orderBody([{ sku, quantity: 2 }]));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ data: { id: string; number: string; status: string } }>().data;
    let rows = await about(order.id);
    // The pipeline numbers the order after inserting it; that is part of creating it, not a separate change.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'created', object_type: 'order', object_label: order.number, ip: IP });

    expect((await from(IP, 'POST', `/orders/${order.id}/cancel`, k.acme)).statusCode).toBe(200);
    rows = await about(order.id);
    const change = rows.find((r) => r.action === 'status_changed');
    expect(change, JSON.stringify(rows)).toBeDefined();
    expect(change!.changes!.status).toEqual([order.status, 'cancelled']);
    expect(change!.summary).toContain(`status: ${order.status} → cancelled`);
    expect((await list(k.acme, { search: `action:status_changed;object_type:order;object_id:${order.id}` })).data.map((r) => r.id)).toEqual([change!.id]);
  });

  it('an owner acting as the user is recorded as the impersonator, the action as the user\'s', async () => {
    const issued = await k.ok<{ data: { access_token: string } }>(200, 'POST', `/users/${tomId}/login-by-admin`, k.owner);
    const asTom = { authorization: `Bearer ${issued.data.access_token}` };
    const id = (await k.ok<{ data: { id: string } }>(201, 'POST', '/suppliers', asTom, { name: uniq('Impersonated') })).data.id;
    const [entry] = await about(id);
    expect(entry).toMatchObject({ action: 'created', user: { id: tomId, name: 'Tom Tenant' }, impersonator: { name: 'Olivia Owner', email: 'admin@omnio.test' } });
  });

  it('never copies a secret into the log', async () => {
    const config = { from_email: 'buyer@acme.test', host: '127.0.0.1', port: 2525, encryption: 'none', username: 'buyer' };
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...config, password: 'Sup3r-s3cret-1' });
    const before = await countRows(k.t, 'activity_log');
    // Only the password changes: nothing meaningful to show, so no entry at all.
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...config, password: 'Sup3r-s3cret-2' });
    expect(await countRows(k.t, 'activity_log')).toBe(before);
    await k.ok(200, 'PUT', '/mail-configuration', k.acme, { ...config, port: 2526, password: 'Sup3r-s3cret-3' });
    const rows = await about(k.acmeId);
    expect(rows[0]).toMatchObject({ action: 'updated', object_type: 'mail_configuration', changes: { port: [2525, 2526] } });
    const everything = JSON.stringify(await k.sql('SELECT * FROM activity_log'));
    expect(everything).not.toMatch(/s3cret/);
    // Password hashes of users either (a membership entry carries the e-mail only).
    expect(everything).not.toMatch(/\$argon2|\$2[aby]\$|scrypt/);
  });
});

describe('who sees what', () => {
  it('another tenant never sees the entries, and one by id is a 404', async () => {
    const id = (await k.ok<{ data: { id: string } }>(201, 'POST', '/suppliers', k.acme, { name: uniq('Private') })).data.id;
    const [entry] = await about(id);
    expect(entry).toBeDefined();
    expect(await about(id, k.globex)).toEqual([]);
    const globexAll = await list(k.globex, { per_page: '500' });
    expect(globexAll.data.some((r) => r.object_id === id)).toBe(false);
    expect((await k.api('GET', `/activity/${entry!.id}`, k.globex)).statusCode).toBe(404);
    expect((await k.api('GET', '/activity/not-a-uuid', k.acme)).statusCode).toBe(404);
    expect((await k.api('GET', '/activity/00000000-0000-4000-8000-000000000000', k.acme)).statusCode).toBe(404);
  });

  it('a user without read-users-company sees only their own actions; a supplier user too; the owner is refused', async () => {
    const email = `${uniq('plain').toLowerCase()}@acme.test`;
    const password = 'Omnio#Plain9x';
    const user = (await k.ok<{ data: { id: string } }>(201, 'POST', '/users', k.owner, { name: 'Paula Plain', email, password, role: 'tenant', company_id: k.acmeId })).data;
    // Suppliers at full rights, nothing of the company's users.
    await k.ok(201, 'POST', `/users/${user.id}/assign-permissions`, k.owner, { permissions: [73, 74, 75, 76] });
    const plain = { authorization: `Bearer ${(await k.t.login(email, password)).access_token}` };
    const mine = (await k.ok<{ data: { id: string } }>(201, 'POST', '/suppliers', plain, { name: uniq('Paula Supplier') })).data.id;
    const tomsOwn = (await k.ok<{ data: { id: string } }>(201, 'POST', '/suppliers', k.acme, { name: uniq('Tom Supplier') })).data.id;

    const seen = (await list(plain, { per_page: '500' })).data;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.user_id === user.id)).toBe(true);
    expect(seen.some((r) => r.object_id === mine)).toBe(true);
    const [tomsEntry] = await about(tomsOwn);
    expect((await k.api('GET', `/activity/${tomsEntry!.id}`, plain)).statusCode).toBe(404);
    // Naming someone else changes nothing: still only their own.
    expect((await list(plain, { search: `user_id:${tomId}` })).data).toEqual([]);
    // Tom (read-users-company) sees Paula's entry.
    expect((await about(mine)).map((r) => r.user?.name)).toEqual(['Paula Plain']);

    const supplierRows = (await list(k.supplier, { per_page: '500' })).data;
    const [sam] = await k.sql(`SELECT id FROM users WHERE email = 'supplier@acme.test'`);
    expect(supplierRows.every((r) => r.user_id === String(sam!.id))).toBe(true);
    expect(supplierRows.some((r) => r.object_id === tomsOwn || r.object_id === mine)).toBe(false);
    expect((await k.api('GET', `/activity/${tomsEntry!.id}`, k.supplier)).statusCode).toBe(404);

    expect((await k.api('GET', '/activity', k.owner)).statusCode).toBe(403);
    expect((await k.api('GET', `/activity/${tomsEntry!.id}`, k.owner)).statusCode).toBe(403);
    expect((await k.api('GET', '/activity', {})).statusCode).toBe(401);
  });
});

describe('filters', () => {
  it('filters by user, action, object type, object and date range', async () => {
    const a = (await k.ok<{ data: { id: string } }>(201, 'POST', '/suppliers', k.acme, { name: uniq('Filter A') })).data.id;
    await k.ok(200, 'PUT', `/suppliers/${a}`, k.acme, { notes: 'first note' });
    const byAction = await list(k.acme, { search: `action:updated;object_type:supplier;object_id:${a}` });
    expect(byAction.data).toHaveLength(1);
    expect(byAction.data[0]!.changes).toEqual({ notes: [null, 'first note'] });
    expect((await list(k.acme, { search: `user_id:${tomId};object_id:${a}` })).total).toBe(2);
    expect((await list(k.acme, { search: `user_id:00000000-0000-4000-8000-000000000000;object_id:${a}` })).total).toBe(0);
    expect((await list(k.acme, { search: `object_type:order;object_id:${a}` })).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const between = (lo: string, hi: string) => JSON.stringify([{ field: 'created_at', operator: 'between', value: [lo, hi] }]);
    expect((await list(k.acme, { search: `object_id:${a}`, filters: between(`${today}T00:00:00Z`, '2999-01-01') })).total).toBe(2);
    expect((await list(k.acme, { search: `object_id:${a}`, filters: between('2000-01-01', '2000-12-31') })).total).toBe(0);
    expect((await list(k.acme, { filters: JSON.stringify([{ field: 'action', operator: 'in', value: ['deleted'] }]) })).data.every((r) => r.action === 'deleted')).toBe(true);
    // Bare text finds the label.
    const label = (await about(a))[0]!.object_label!;
    expect((await list(k.acme, { search: label })).data.every((r) => r.object_id === a)).toBe(true);

    const page = await list(k.acme, { per_page: '1', page: '2' });
    expect(page).toMatchObject({ current_page: 2, per_page: 1 });
    expect(page.total).toBeGreaterThan(1);
  });

  it('refuses bad filters with 422 and never a 500', async () => {
    for (const query of <Record<string, string>[]>[
      { filters: 'not json' },
      { filters: JSON.stringify([{ field: 'password', operator: 'where', value: 'x' }]) },
      { filters: JSON.stringify([{ field: 'created_at', operator: 'between', value: ['yesterday', 'today'] }]) },
      { filters: JSON.stringify([{ field: 'created_at', operator: 'between', value: ['2026-01-01'] }]) },
      { filters: JSON.stringify([{ field: 'created_at', operator: 'like', value: '2026' }]) },
      { search: 'action:exploded' },
      { search: 'colour:red' },
      { order_by: 'constructor' },
      { per_page: '100000' },
      { page: '0' },
    ]) {
      const res = await k.api('GET', `/activity?${new URLSearchParams(query)}`, k.acme);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
  });
});
