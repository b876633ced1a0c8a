import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { nextCronRun } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import { openDatabase } from '../../platform/db/client';
import { startRuntime, type Runtime } from '../../platform/bootstrap';
import { runDueSchedules } from './schedules.service';
import { JOBS_CLEANUP_JOB } from './schedules.jobs';

/** Tenant cron schedules: the API, and the tick that fires each due time once. */

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let t: TestApp;
let acme: Record<string, string>;
let globex: Record<string, string>;
let supplier: Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
const sql = (text: string) => t.database.ownerExec(text);

beforeAll(async () => {
  t = await createTestApp();
  [acme, globex, supplier] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier')]);
});
afterAll(() => t.close());

const create = async (body: object, headers = acme) => {
  const res = await api('POST', '/schedules', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: string };
};

describe('/schedules', () => {
  it('lists the kinds a schedule may run', async () => {
    const res = await api('GET', '/schedules/job-kinds', acme);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ kind: JOBS_CLEANUP_JOB, label: 'Clean up finished background tasks' });
  });

  it('creates from a preset or a custom expression and shows the next run', async () => {
    const before = Date.now();
    const daily = await create({ name: 'Nightly cleanup', job_kind: JOBS_CLEANUP_JOB, preset: 'weekdays', timezone: 'Europe/Madrid', payload: { older_than_days: 7 } });
    expect(daily).toMatchObject({ name: 'Nightly cleanup', preset: 'weekdays', cron: '0 0 * * 1-5', timezone: 'Europe/Madrid', active: true, payload: { older_than_days: 7 }, last_run_at: null });
    expect(daily.next_run_at).toBe(nextCronRun('0 0 * * 1-5', new Date(before), 'Europe/Madrid')!.toISOString());
    const custom = await create({ name: 'Every quarter hour', job_kind: JOBS_CLEANUP_JOB, cron: '*/15  * * * *' });
    expect(custom).toMatchObject({ preset: null, cron: '*/15 * * * *', timezone: 'UTC' });
    expect(new Date(custom.next_run_at as string).getTime() - before).toBeLessThanOrEqual(15 * 60_000);
    // An expression that is a preset is shown as that preset.
    expect(await create({ name: 'Sundays', job_kind: JOBS_CLEANUP_JOB, cron: '0 0 * * 0' })).toMatchObject({ preset: 'sundays' });
    const list = (await api('GET', '/schedules', acme)).json().data as { id: string }[];
    expect(list.map((s) => s.id)).toEqual(expect.arrayContaining([daily.id, custom.id]));
    expect((await api('GET', `/schedules/${daily.id}`, acme)).json().data).toEqual(daily);
  });

  it('updates: a preset replaces an expression, pausing clears the next run, resuming sets it again', async () => {
    const s = await create({ name: 'Changing', job_kind: JOBS_CLEANUP_JOB, cron: '0 3 * * *' });
    const paused = (await api('PUT', `/schedules/${s.id}`, acme, { active: false })).json().data;
    expect(paused).toMatchObject({ active: false, next_run_at: null, cron: '0 3 * * *' });
    const resumed = (await api('PUT', `/schedules/${s.id}`, acme, { active: true, preset: 'sundays', name: 'Sunday job' })).json().data;
    expect(resumed).toMatchObject({ active: true, preset: 'sundays', cron: '0 0 * * 0', name: 'Sunday job' });
    expect(new Date(resumed.next_run_at).getUTCDay()).toBe(0);
    expect((await api('DELETE', `/schedules/${s.id}`, acme)).statusCode).toBe(204);
    expect((await api('GET', `/schedules/${s.id}`, acme)).statusCode).toBe(404);
    expect((await api('DELETE', `/schedules/${s.id}`, acme)).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and field errors, and writes nothing', async () => {
    const before = await countRows(t, 'job_schedules');
    const cases: [object, string][] = [
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, cron: '61 * * * *' }, 'cron'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, cron: '* * *' }, 'cron'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB }, 'cron'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily', cron: '0 0 * * *' }, 'cron'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'hourly' }, 'preset'],
      [{ name: 'x', job_kind: 'webhooks.deliver', preset: 'daily' }, 'job_kind'],
      [{ name: 'x', job_kind: 'no.such.kind', preset: 'daily' }, 'job_kind'],
      [{ name: '', job_kind: JOBS_CLEANUP_JOB, preset: 'daily' }, 'name'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily', timezone: 'Mars/Olympus' }, 'timezone'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily', extra: 1 }, ''],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily', payload: { older_than_days: 0 } }, 'payload'],
      [{ name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily', payload: { surprise: true } }, 'payload'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', '/schedules', acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      if (field) expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
    }
    expect((await api('POST', '/schedules', acme, { name: 'x', job_kind: JOBS_CLEANUP_JOB, cron: '61 * * * *' })).json().errors.cron).toEqual(['Minute must be between 0 and 59']);
    const s = await create({ name: 'Kept', job_kind: JOBS_CLEANUP_JOB, preset: 'daily' });
    const bad = await api('PUT', `/schedules/${s.id}`, acme, { cron: '0 0 * * 9' });
    expect(bad.statusCode).toBe(422);
    expect((await api('PUT', `/schedules/${s.id}`, acme, { job_kind: 'no.such.kind' })).statusCode).toBe(422);
    expect((await api('PUT', `/schedules/${s.id}`, acme, { payload: { older_than_days: 'soon' } })).statusCode).toBe(422);
    expect((await api('GET', `/schedules/${s.id}`, acme)).json().data).toMatchObject({ cron: '0 0 * * *', job_kind: JOBS_CLEANUP_JOB });
    expect(await countRows(t, 'job_schedules')).toBe(before + 1);
  });

  it('another company\'s schedule is 404 for every verb and stays as it was', async () => {
    const s = await create({ name: 'Acme only', job_kind: JOBS_CLEANUP_JOB, preset: 'daily' });
    expect((await api('GET', `/schedules/${s.id}`, globex)).statusCode).toBe(404);
    expect((await api('PUT', `/schedules/${s.id}`, globex, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await api('DELETE', `/schedules/${s.id}`, globex)).statusCode).toBe(404);
    expect(((await api('GET', '/schedules', globex)).json().data as { id: string }[]).some((x) => x.id === s.id)).toBe(false);
    expect((await api('GET', `/schedules/${s.id}`, acme)).json().data.name).toBe('Acme only');
  });

  it('a supplier user, a user without the permissions and an anonymous caller are refused', async () => {
    const s = await create({ name: 'Guarded', job_kind: JOBS_CLEANUP_JOB, preset: 'daily' });
    for (const [m, url, body] of [['GET', '/schedules'], ['GET', `/schedules/${s.id}`], ['POST', '/schedules', { name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily' }],
      ['PUT', `/schedules/${s.id}`, { name: 'y' }], ['DELETE', `/schedules/${s.id}`]] as [Method, string, object?][]) {
      expect((await api(m, url, supplier, body)).statusCode, `${m} ${url}`).toBe(403);
      expect((await api(m, url, {}, body)).statusCode, `${m} ${url}`).toBe(401);
    }
    await sql(`DELETE FROM user_permissions WHERE user_id = (SELECT id FROM users WHERE email = 'tenant@globex.test')
      AND permission_id IN (SELECT id FROM permissions WHERE name = 'update-users-company')`);
    const reader = (await t.login('tenant@globex.test', 'Omnio#Tenant2')).access_token;
    const headers = { authorization: `Bearer ${reader}` };
    expect((await api('GET', '/schedules', headers)).statusCode).toBe(200);
    expect((await api('POST', '/schedules', headers, { name: 'x', job_kind: JOBS_CLEANUP_JOB, preset: 'daily' })).statusCode).toBe(403);
  });
});

describe('the schedule tick', () => {
  it('fires a due schedule once, moves it to its next time, and the job runs', async () => {
    const s = await create({ name: 'Due', job_kind: JOBS_CLEANUP_JOB, cron: '*/5 * * * *', payload: { older_than_days: 1 } });
    const idle = await create({ name: 'Paused', job_kind: JOBS_CLEANUP_JOB, cron: '*/5 * * * *', active: false });
    await sql(`UPDATE job_schedules SET next_run_at = now() - interval '1 minute' WHERE id IN ('${s.id}', '${idle.id}')`);
    // An old finished job the cleanup will remove.
    const [{ tenant_id: tenantId }] = (await sql(`SELECT tenant_id FROM job_schedules WHERE id = '${s.id}'`)) as [{ tenant_id: string }];
    await sql(`INSERT INTO jobs (tenant_id, kind, status, finished_at) VALUES ('${tenantId}', 'old.kind', 'COMPLETED', now() - interval '3 days')`);
    const now = new Date();
    let second: Runtime | null = null;
    if (t.database.kind === 'postgres') {
      const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      second = await startRuntime(t.config, { database: await openDatabase({ databaseUrl: url, dataDir: '', appRole: 'omnio_app', poolSize: 2 }), log: quiet });
    }
    // Two processes ticking at the same moment.
    const fired = await Promise.all([runDueSchedules(t.runtime, quiet, now), runDueSchedules(second ?? t.runtime, quiet, now)]);
    await second?.close();
    // Counted for this schedule: another test's schedule (every quarter hour) may be due too when the clock
    // has just passed a quarter.
    expect(fired[0] + fired[1]).toBeGreaterThanOrEqual(1);
    expect(await sql(`SELECT count(*)::int AS n FROM jobs WHERE dedupe_key LIKE 'schedule:${s.id}:%'`)).toEqual([{ n: 1 }]);
    expect(await runDueSchedules(t.runtime, quiet, now)).toBe(0);
    const after = (await api('GET', `/schedules/${s.id}`, acme)).json().data;
    expect(after.next_run_at).toBe(nextCronRun('*/5 * * * *', now)!.toISOString());
    expect(after.last_run_at).not.toBeNull();
    expect(after.last_job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api('GET', `/schedules/${idle.id}`, acme)).json().data.last_job_id).toBeNull();
    const jobs = await sql(`SELECT id FROM jobs WHERE kind = '${JOBS_CLEANUP_JOB}'`);
    expect(jobs).toHaveLength(1);
    await drainJobs(t.runtime, quiet);
    const job = (await api('GET', `/jobs/${after.last_job_id}`, acme)).json().data;
    expect(job).toMatchObject({ status: 'COMPLETED', result: { deleted: 1 } });
    expect(await countRows(t, `jobs WHERE kind = 'old.kind'`)).toBe(0);
  });
});

describe('a failed run', () => {
  it('is logged as an error, records no run, and the schedule still moves on to its next time', async () => {
    const broken = await create({ name: 'Broken', job_kind: JOBS_CLEANUP_JOB, cron: '0 * * * *' });
    const sound = await create({ name: 'Sound', job_kind: JOBS_CLEANUP_JOB, cron: '0 * * * *' });
    // A payload the kind no longer accepts (as after a change to the kind's definition): its job cannot be enqueued.
    await sql(`UPDATE job_schedules SET payload = '{"surprise": true}' WHERE id = '${broken.id}'`);
    await sql(`UPDATE job_schedules SET next_run_at = now() - interval '1 minute' WHERE id IN ('${broken.id}', '${sound.id}')`);
    const logged: Record<string, unknown>[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }) as unknown as FastifyBaseLogger;
    const now = new Date();
    await runDueSchedules(t.runtime, log, now);
    const after = (await api('GET', `/schedules/${broken.id}`, acme)).json().data;
    expect(after).toMatchObject({ last_run_at: null, last_job_id: null, next_run_at: nextCronRun('0 * * * *', now)!.toISOString() });
    expect(await sql(`SELECT count(*)::int AS n FROM jobs WHERE dedupe_key LIKE 'schedule:${broken.id}:%'`)).toEqual([{ n: 0 }]);
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, schedule: broken.id, msg: 'scheduled run failed: its job could not be enqueued' }));
    // The other schedule due in the same tick still ran.
    expect((await api('GET', `/schedules/${sound.id}`, acme)).json().data).toMatchObject({ last_run_at: expect.any(String), last_job_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Not due again until its next time: the failure is not retried every tick.
    expect(await runDueSchedules(t.runtime, log, now)).toBe(0);
  });
});
