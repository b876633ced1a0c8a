import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KINDS, type NotificationSettingsViewDto, type UserNotificationSettingsDto } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';

type Headers = { authorization: string };
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const STRONG = 'Str0ng#Pass!';

let t: TestApp;
let acme: Headers;
let globex: Headers;
let supplier: Headers;
let owner: Headers;
let nora: Headers;
const ids = { tom: '', nora: '', gina: '', sam: '' };

const api = (method: string, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
const userId = async (headers: Headers) => (await api('GET', '/users/information', headers)).json().data.id as string;
const view = async (headers: Headers): Promise<NotificationSettingsViewDto> => {
  const res = await api('GET', '/notification-settings', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const put = (headers: Headers, user: string, settings: object[]) => api('PUT', `/notification-settings/${user}`, headers, { settings });
const unread = async (headers: Headers, user: string) => (await api('GET', `/notifications/${user}/user?search=read:false`, headers)).json().unread as number;

beforeAll(async () => {
  t = await createTestApp();
  [acme, globex, supplier, owner] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier'), t.as('owner')]);
  [ids.tom, ids.gina, ids.sam] = await Promise.all([userId(acme), userId(globex), userId(supplier)]);
  const acmeId = (await api('GET', '/users/information?include=company', acme)).json().data.company.id as string;
  // Nora works at Acme and may read users and orders, but not manage users.
  const created = await api('POST', '/users', owner, { name: 'Nora Notified', email: 'nora@settings.test', password: STRONG, role: 'tenant', company_id: acmeId });
  expect(created.statusCode, created.body).toBe(201);
  ids.nora = created.json().data.id;
  const catalog = (await api('GET', '/permissions', owner)).json().data as { id: number; name: string }[];
  const keep = catalog.filter((p) => ['read-users-company', 'read-order'].includes(p.name)).map((p) => p.id);
  expect((await api('POST', `/users/${ids.nora}/assign-permissions`, owner, { permissions: keep })).statusCode).toBe(201);
  nora = { authorization: `Bearer ${(await t.login('nora@settings.test', STRONG)).access_token}` };
});
afterAll(async () => {
  await t?.close();
});

describe('GET /notification-settings', () => {
  it('gives a user manager every company user (themselves first), each kind with the defaults: bell on, e-mail off', async () => {
    const v = await view(acme);
    expect(v.kinds).toEqual([...NOTIFICATION_KINDS]);
    expect(v.can_manage_others).toBe(true);
    expect(v.users[0]!.user_id).toBe(ids.tom);
    expect(v.users.map((u) => u.user_id)).toContain(ids.nora);
    // Neither the supplier's users nor another company's.
    expect(v.users.map((u) => u.user_id)).not.toContain(ids.sam);
    expect(v.users.map((u) => u.user_id)).not.toContain(ids.gina);
    const noraRow = v.users.find((u) => u.user_id === ids.nora)!;
    expect(noraRow).toMatchObject({ name: 'Nora Notified', email: 'nora@settings.test' });
    expect(noraRow.settings).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, bell: true, email: false })));
  });

  it('gives anyone else only their own; a supplier user sees their own too; the owner has no notifications (403)', async () => {
    const mine = await view(nora);
    expect(mine.can_manage_others).toBe(false);
    expect(mine.users.map((u) => u.user_id)).toEqual([ids.nora]);
    expect((await view(supplier)).users.map((u) => u.user_id)).toEqual([ids.sam]);
    expect((await api('GET', '/notification-settings', owner)).statusCode).toBe(403);
  });
});

describe('PUT /notification-settings/{userId}', () => {
  it('a user changes their own kinds and keeps the others; a manager changes a colleague', async () => {
    const res = await put(nora, ids.nora, [{ kind: 'orders.import', bell: false, email: true }]);
    expect(res.statusCode, res.body).toBe(200);
    const saved: UserNotificationSettingsDto = res.json().data;
    expect(saved.settings.find((s) => s.kind === 'orders.import')).toEqual({ kind: 'orders.import', bell: false, email: true });
    expect(saved.settings.find((s) => s.kind === 'report.ready')).toEqual({ kind: 'report.ready', bell: true, email: false });
    // Again, other values: an upsert, not a second row.
    expect((await put(acme, ids.nora, [{ kind: 'orders.import', bell: true, email: true }])).statusCode).toBe(200);
    expect((await view(nora)).users[0]!.settings.find((s) => s.kind === 'orders.import')).toEqual({ kind: 'orders.import', bell: true, email: true });
  });

  it("someone who may not manage users cannot touch a colleague's (404, as if unseen); nothing is written", async () => {
    const before = await countRows(t, 'notification_settings');
    const res = await put(nora, ids.tom, [{ kind: 'report.ready', bell: false, email: false }]);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(await countRows(t, 'notification_settings')).toBe(before);
  });

  it("another company's user, a supplier's user, an unknown or malformed id are 404s; nothing is written", async () => {
    const before = await countRows(t, 'notification_settings');
    for (const [headers, user] of [[globex, ids.tom], [acme, ids.gina], [acme, ids.sam], [acme, '00000000-0000-4000-8000-000000000000'], [acme, 'nope']] as const) {
      const res = await put(headers, user, [{ kind: 'report.ready', bell: false, email: false }]);
      expect(res.statusCode, `${user}: ${res.body}`).toBe(404);
    }
    expect((await view(globex)).users.map((u) => u.user_id)).not.toContain(ids.tom);
    expect(await countRows(t, 'notification_settings')).toBe(before);
  });

  it('bad input is a 422 with the field, never a 500, and writes nothing', async () => {
    const before = await countRows(t, 'notification_settings');
    const bodies: object[] = [
      {},
      { settings: [] },
      { settings: [{ kind: 'orders.teleport', bell: true, email: false }] },
      { settings: [{ kind: 'report.ready', bell: 'yes', email: false }] },
      { settings: [{ kind: 'report.ready', bell: true }] },
      { settings: [{ kind: 'report.ready', bell: true, email: false, sms: true }] },
      { settings: [{ kind: 'report.ready', bell: true, email: false }, { kind: 'report.ready', bell: false, email: false }] },
      { settings: 'all' },
    ];
    for (const body of bodies) {
      const res = await api('PUT', `/notification-settings/${ids.tom}`, acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await countRows(t, 'notification_settings')).toBe(before);
  });
});

describe('writers honour the settings', () => {
  it('a kind with the bell off leaves no notification; with e-mail on, a mail in the account language arrives instead', async () => {
    expect((await put(acme, ids.tom, [{ kind: 'report.ready', bell: false, email: true }])).statusCode).toBe(200);
    const before = await unread(acme, ids.tom);
    expect((await api('POST', '/reports/orders', acme, {})).statusCode).toBe(202);
    await drainJobs(t.runtime, quiet);
    expect(await unread(acme, ids.tom)).toBe(before);
    const mail = await t.smtp.waitFor('tenant@acme.test');
    expect(mail.subject).toBe('Omnio: Orders report ready');
    expect(mail.text).toMatch(/Your orders report \(\d+ orders?\) is ready to download\./);
    expect(mail.text).toContain('http://omnio.test/notifications');
  });

  it('a Spanish account gets the mail in Spanish; with the bell back on, the bell has it again and no mail goes', async () => {
    expect((await api('PUT', `/users/${ids.tom}`, acme, { language: 'sp' })).statusCode).toBe(200);
    const mailsBefore = t.smtp.messages().filter((m) => m.to.includes('tenant@acme.test')).length;
    expect((await api('POST', '/reports/orders', acme, {})).statusCode).toBe(202);
    await drainJobs(t.runtime, quiet);
    const mails = t.smtp.messages().filter((m) => m.to.includes('tenant@acme.test'));
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0]!.subject).toBe('Omnio: Informe de pedidos listo'); // newest first
    expect(mails[0]!.text).toMatch(/Su informe de pedidos \(\d+ pedidos?\) está listo para descargar\./);

    expect((await put(acme, ids.tom, [{ kind: 'report.ready', bell: true, email: false }])).statusCode).toBe(200);
    const before = await unread(acme, ids.tom);
    expect((await api('POST', '/reports/orders', acme, {})).statusCode).toBe(202);
    await drainJobs(t.runtime, quiet);
    expect(await unread(acme, ids.tom)).toBe(before + 1);
    expect(t.smtp.messages().filter((m) => m.to.includes('tenant@acme.test')).length).toBe(mailsBefore + 1);
    await api('PUT', `/users/${ids.tom}`, acme, { language: 'en' });
  });
});
