import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { parse } from 'csv-parse/sync';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationDto, TNotificationData } from '@omnio/domain';
import { awaitRealtimeSentinel, countRows, createTestApp, type TestApp } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import { REALTIME_PG_CHANNEL } from '../../platform/realtime/publish';
import { inTenant } from '../inventory/inventory.fixtures';
import { createOrder, orderBody, orderWorld, stockedSku, uniq, type Headers, type OrderWorld } from '../orders/orders.test-kit';
import { createNotifications } from './notify';

type Page = { data: NotificationDto[]; current_page: number; per_page: number; total: number; last_page: number; unread: number };

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const FORBIDDEN = { message: 'You do not have permission for this action' };
const MISSING = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let dataDir: string;
let world: OrderWorld;
let acme: Headers;
let globex: Headers;
let supplier: Headers;
let owner: Headers;
const ids = { acmeUser: '', globexUser: '', supplierUser: '' };

const api = (method: string, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
const drain = () => drainJobs(t.runtime, quiet);
const userId = async (headers: Headers) => (await api('GET', '/users/information', headers)).json().data.id as string;

async function list(headers: Headers, user: string, query = ''): Promise<Page> {
  const res = await api('GET', `/notifications/${user}/user${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A notification made the way jobs make them. */
async function notify(tenantId: string, user: string, data: Partial<TNotificationData> = {}) {
  const [row] = await inTenant(t, tenantId, (tx) =>
    createNotifications(tx, tenantId, [{ userId: user, type: 'test', data: { title: uniq('Note'), description: 'd', status: 'COMPLETED', ...data } }]));
  return row!;
}

function uploadCsv(headers: Headers, csv: string) {
  const boundary = '----omnio';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return t.app.inject({ method: 'POST', url: '/api/1.0/orders/import', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'omnio-notifications-test-'));
  t = await createTestApp({ dataDir });
  [acme, globex, supplier, owner] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier'), t.as('owner')]);
  [ids.acmeUser, ids.globexUser, ids.supplierUser] = await Promise.all([userId(acme), userId(globex), userId(supplier)]);
  world = await orderWorld(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /notifications/{userId}/user', () => {
  it('lists only my own, newest first, with the spec 3 shape and my unread count', async () => {
    const before = await list(acme, ids.acmeUser);
    const first = await notify(world.acme, ids.acmeUser, { title: 'First', status: 'WARNING', target: 'orders', params: { job_id: 'j1' } });
    const second = await notify(world.acme, ids.acmeUser, { title: 'Second' });
    await notify(world.acme, ids.supplierUser, { title: 'For the supplier' });
    await notify(world.globex, ids.globexUser, { title: 'For Globex' });

    const page = await list(acme, ids.acmeUser);
    expect(page.total).toBe(before.total + 2);
    expect(page.unread).toBe(before.unread + 2);
    expect(page.data.slice(0, 2).map((n) => n.id)).toEqual([second.id, first.id]);
    expect(page.data.map((n) => n.data.title)).not.toContain('For the supplier');
    expect(page.data.map((n) => n.data.title)).not.toContain('For Globex');
    expect(page.data[1]).toEqual({
      id: first.id, type: 'test', read_at: null, created_at: expect.any(String), updated_at: expect.any(String),
      notifiable_id: ids.acmeUser, notifiable_type: 'user',
      data: { id: first.id, title: 'First', description: 'd', status: 'WARNING', target: 'orders', params: { job_id: 'j1' } },
    });
    expect(Object.keys(page)).toEqual(expect.arrayContaining(['data', 'current_page', 'per_page', 'total', 'last_page', 'unread']));

    // The supplier sees its own, the tenant user none of the supplier's.
    expect((await list(supplier, ids.supplierUser)).data.map((n) => n.data.title)).toEqual(['For the supplier']);
  });

  it('filters: search=read:false, status, paging', async () => {
    const a = await notify(world.acme, ids.acmeUser, { title: 'Filter A', status: 'FAILED' });
    await notify(world.acme, ids.acmeUser, { title: 'Filter B', status: 'PENDING' });
    expect((await api('PUT', `/notifications/mark-as-read/${a.id}`, acme)).statusCode).toBe(200);
    const unread = await list(acme, ids.acmeUser, '?search=read:false&per_page=500');
    expect(unread.data.every((n) => n.read_at === null)).toBe(true);
    expect(unread.data.map((n) => n.id)).not.toContain(a.id);
    expect(unread.total).toBe(unread.unread);
    const read = await list(acme, ids.acmeUser, '?search=read:true');
    expect(read.data.map((n) => n.id)).toContain(a.id);
    const failed = await list(acme, ids.acmeUser, '?search=status:FAILED');
    expect(failed.data.map((n) => n.id)).toEqual([a.id]);
    const one = await list(acme, ids.acmeUser, '?per_page=1&page=2');
    expect(one).toMatchObject({ per_page: 1, current_page: 2, data: [expect.objectContaining({ data: expect.objectContaining({ title: 'Filter A' }) })] });
  });

  it("another user's id is a 404, in my company or another; a bad id too; bad search is a 422", async () => {
    for (const user of [ids.supplierUser, ids.globexUser, MISSING, 'not-an-id']) {
      const res = await api('GET', `/notifications/${user}/user`, acme);
      expect(res.statusCode, user).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
    for (const q of ['search=read:maybe', 'search=status:LOUD', 'search=color:red', 'order_by=secret', 'per_page=0', `filters=${encodeURIComponent('[{"field":"x","operator":"where","value":1}]')}`]) {
      const res = await api('GET', `/notifications/${ids.acmeUser}/user?${q}`, acme);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors, q).toBeTypeOf('object');
    }
  });

  it('the owner has no notifications (spec 6): 403', async () => {
    const ownerId = await userId(owner);
    expect(await (await api('GET', `/notifications/${ownerId}/user`, owner)).json()).toEqual(FORBIDDEN);
    expect((await api('GET', `/notifications/${ownerId}/user`, owner)).statusCode).toBe(403);
    expect((await api('PUT', `/notifications/mark-as-read/${MISSING}`, owner)).statusCode).toBe(403);
  });

  it('without a token: 401', async () => {
    expect((await api('GET', `/notifications/${ids.acmeUser}/user`, {})).statusCode).toBe(401);
  });
});

describe('mark as read / unread', () => {
  it('marks read (first read_at kept), unread, and all read; the unread count follows', async () => {
    const n = await notify(world.acme, ids.acmeUser);
    const start = (await list(acme, ids.acmeUser)).unread;
    const read = await api('PUT', `/notifications/mark-as-read/${n.id}`, acme);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: n.id, read_at: expect.any(String), data: expect.objectContaining({ id: n.id }) });
    expect((await list(acme, ids.acmeUser)).unread).toBe(start - 1);
    const again = await api('PUT', `/notifications/mark-as-read/${n.id}`, acme);
    expect(again.json().data.read_at).toBe(read.json().data.read_at);

    const unread = await api('PUT', `/notifications/mark-as-unread/${n.id}`, acme);
    expect(unread.statusCode).toBe(200);
    expect(unread.json().data.read_at).toBeNull();
    expect((await list(acme, ids.acmeUser)).unread).toBe(start);

    const all = await api('PUT', '/notifications/mark-all-as-read', acme);
    expect(all.json().data.updated).toBe(start);
    expect((await list(acme, ids.acmeUser)).unread).toBe(0);
  });

  it("another user's or tenant's notification is a 404 and stays as it was; a bad id is a 404", async () => {
    const theirs = await notify(world.acme, ids.supplierUser);
    const globexOne = await notify(world.globex, ids.globexUser);
    for (const [headers, id] of [[acme, theirs.id], [acme, globexOne.id], [globex, theirs.id], [acme, MISSING], [acme, 'x1']] as const) {
      for (const action of ['mark-as-read', 'mark-as-unread']) {
        const res = await api('PUT', `/notifications/${action}/${id}`, headers);
        expect(res.statusCode, `${action} ${id}`).toBe(404);
        expect(res.json().message).toMatch(/not found/);
      }
    }
    expect((await list(supplier, ids.supplierUser)).data.find((n) => n.id === theirs.id)?.read_at).toBeNull();
    expect((await list(globex, ids.globexUser)).data.find((n) => n.id === globexOne.id)?.read_at).toBeNull();
  });
});

describe('realtime', () => {
  it('a notification is published on the user channel when its transaction commits, not before', async () => {
    const got: { channel: string; event: string; data: NotificationDto }[] = [];
    const stop = await t.runtime.database.listen(REALTIME_PG_CHANNEL, (p) => got.push(JSON.parse(p)));
    try {
      let id = '';
      await inTenant(t, world.acme, async (tx) => {
        const rows = await createNotifications(tx, world.acme, [{ userId: ids.acmeUser, type: 'test', data: { title: 'Live', description: '', status: 'PENDING' } }]);
        id = rows[0]!.id;
        // No sleep. On PostgreSQL a NOTIFY that another session commits now reaches the listener after anything
        // committed before it (one queue, commit order): once it arrives, an early publish would have too. On
        // PGlite the listener is this very session, so nothing can arrive before the commit.
        if (t.database.kind === 'postgres') await awaitRealtimeSentinel(t, got, `sentinel-${id}`);
        expect(got.filter((m) => m.data?.id === id)).toEqual([]);
      });
      await expect.poll(() => got.find((m) => m.data?.id === id), { timeout: 5000 }).toMatchObject({
        channel: `Omnio.User.${ids.acmeUser}`, event: 'notification-event',
        data: { id, read_at: null, notifiable_id: ids.acmeUser, data: { id, title: 'Live', status: 'PENDING' } },
      });
      // A rolled-back transaction announces nothing.
      await expect(inTenant(t, world.acme, async (tx) => {
        await createNotifications(tx, world.acme, [{ userId: ids.acmeUser, type: 'test', data: { title: 'Rolled back', description: '', status: 'PENDING' } }]);
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      // No sleep: a notification committed afterwards is delivered after anything the rolled-back one could have sent.
      const [after] = await inTenant(t, world.acme, (tx) =>
        createNotifications(tx, world.acme, [{ userId: ids.acmeUser, type: 'test', data: { title: 'After the rollback', description: '', status: 'PENDING' } }]));
      await expect.poll(() => got.some((m) => m.data?.id === after!.id), { timeout: 5000 }).toBe(true);
      expect(got.find((m) => m.data?.data?.title === 'Rolled back')).toBeUndefined();
    } finally {
      await stop();
    }
  });
});

describe('jobs tell their user how they ended', () => {
  it('CSV import: a WARNING notification with the created and failed counts, target orders', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const csv = [
      'external_id,first_name,last_name,email,address1,city,zip,country,sku,quantity,price',
      `${uniq('CSV')},Ada,Lovelace,ada@example.com,1 Main St,Austin,78701,US,${sku.code},2,9.50`,
      `${uniq('CSV')},Bob,Byte,bob@example.com,2 Side St,Dallas,75001,US,${sku.code},two,9.50`,
    ].join('\n');
    const res = await uploadCsv(acme, csv);
    expect(res.statusCode).toBe(202);
    const jobId = res.json().data.job_id;
    await drain();
    const found = (await list(acme, ids.acmeUser, '?search=type:orders.import')).data.find((n) => n.data.params?.job_id === jobId);
    expect(found).toMatchObject({
      read_at: null,
      data: { title: 'Orders import finished', status: 'WARNING', target: 'orders', table: 'orders', params: { job_id: jobId, created: 1, failed: 1 } },
    });
    expect(found!.data.description).toBe('1 order created, 1 failed.');
  });

  it('CSV import with every row good: COMPLETED', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const res = await uploadCsv(acme, [
      'external_id,first_name,last_name,email,address1,city,zip,country,sku,quantity,price',
      `${uniq('CSV')},Ada,Lovelace,ada@example.com,1 Main St,Austin,78701,US,${sku.code},1,9.50`,
    ].join('\n'));
    await drain();
    const found = (await list(acme, ids.acmeUser, '?search=type:orders.import')).data.find((n) => n.data.params?.job_id === res.json().data.job_id);
    expect(found?.data).toMatchObject({ status: 'COMPLETED', params: { created: 1, failed: 0 } });
  });

  it('bulk cancel: cancelled and skipped counts', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const open = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 1 }]))).json().data.id;
    const error = (await createOrder(t, acme, orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }]))).json().data.id;
    const res = await api('POST', '/orders/bulk-cancel', acme, { ids: [open, error] });
    expect(res.statusCode).toBe(202);
    await drain();
    const found = (await list(acme, ids.acmeUser, '?search=type:orders.bulk-cancel')).data.find((n) => n.data.params?.job_id === res.json().data.job_id);
    expect(found?.data).toMatchObject({
      title: 'Bulk cancel finished', description: '1 order cancelled, 1 skipped.', status: 'WARNING', target: 'orders',
      params: { cancelled: 1, skipped: 1 },
    });
  });
});

describe('orders report', () => {
  const reportNotification = async (jobId: string) =>
    (await list(acme, ids.acmeUser, '?search=type:report.ready&per_page=100')).data.find((n) => n.data.params?.job_id === jobId);

  it('202, then a CSV of the matching orders downloadable through the notification mediable', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const open = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 2, price: '5.00' }]))).json().data;
    const inError = (await createOrder(t, acme, orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }], { customer: { first_name: '=cmd', last_name: 'X', email: 'x@example.com' } }))).json().data;
    const today = new Date().toISOString().slice(0, 10);

    const res = await api('POST', '/reports/orders', acme, { status: 'error', from: '2000-01-01', to: today });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ job_id: expect.any(String), status: 'PENDING' });
    const jobId = res.json().data.job_id;
    await drain();
    expect((await api('GET', `/jobs/${jobId}`, acme)).json().data.status).toBe('COMPLETED');

    const n = await reportNotification(jobId);
    expect(n?.data).toMatchObject({
      status: 'COMPLETED', target: 'feed_history', title: 'Orders report ready',
      mediable: { id: expect.any(String), url: expect.stringMatching(/^\/api\/1\.0\/reports\/.+\/file$/), file_name: `orders-report-${today}.csv` },
    });
    const file = await t.app.inject({ method: 'GET', url: n!.data.mediable!.url as string, headers: acme });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-report-/);
    const rows = parse(file.body, { columns: true }) as Record<string, string>[];
    const numbers = rows.map((r) => r.number);
    expect(numbers).toContain(inError.number);
    expect(numbers).not.toContain(open.number);
    expect(rows.every((r) => r.status === 'error')).toBe(true);
    // Formula injection: a customer name starting with = is written as text.
    expect(rows.find((r) => r.number === inError.number)).toMatchObject({ customer_name: "'=cmd X", customer_email: 'x@example.com', channel: 'manual' });

    // The whole report, no filter, holds both.
    const all = await api('POST', '/reports/orders', acme, {});
    await drain();
    const allFile = await t.app.inject({ method: 'GET', url: (await reportNotification(all.json().data.job_id))!.data.mediable!.url as string, headers: acme });
    const allNumbers = (parse(allFile.body, { columns: true }) as Record<string, string>[]).map((r) => r.number);
    expect(allNumbers).toEqual(expect.arrayContaining([open.number, inError.number]));
    const openRow = (parse(allFile.body, { columns: true }) as Record<string, string>[]).find((r) => r.number === open.number);
    expect(openRow).toMatchObject({ status: 'open', total: '10.00', unit_count: '2', line_count: '1' });

    // A date range with no orders: the header only.
    const none = await api('POST', '/reports/orders', acme, { from: '2000-01-01', to: '2000-01-02' });
    await drain();
    const noneFile = await t.app.inject({ method: 'GET', url: (await reportNotification(none.json().data.job_id))!.data.mediable!.url as string, headers: acme });
    expect(noneFile.body.trim()).toBe('number,external_id,channel,status,fulfillment_status,customer_name,customer_email,currency,total,line_count,unit_count,created_at');

    // Another tenant cannot download it; nor can someone without a token; the supplier lacks read-order.
    const url = n!.data.mediable!.url as string;
    expect((await t.app.inject({ method: 'GET', url, headers: globex })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: supplier })).statusCode).toBe(403);
    expect((await api('GET', `/reports/${MISSING}/file`, acme)).statusCode).toBe(404);
    expect((await api('GET', '/reports/../file', acme)).statusCode).toBe(404);
  });

  it('bad filters are a 422 with errors and enqueue nothing', async () => {
    const reportsBefore = await countRows(t, "mediables WHERE mediable_type = 'report'");
    const notesBefore = await countRows(t, 'notifications');
    for (const body of [{ status: 'lost' }, { from: '2026-13-45' }, { from: 'yesterday' }, { from: '2026-02-01', to: '2026-01-01' }, { colour: 'red' }]) {
      const res = await api('POST', '/reports/orders', acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    await drain();
    expect(await countRows(t, "mediables WHERE mediable_type = 'report'")).toBe(reportsBefore);
    expect(await countRows(t, 'notifications')).toBe(notesBefore);
  });

  it('needs read-order as a tenant user: the supplier and the owner are refused', async () => {
    expect((await api('POST', '/reports/orders', supplier, {})).json()).toEqual(FORBIDDEN);
    expect((await api('POST', '/reports/orders', owner, {})).statusCode).toBe(403);
  });
});
