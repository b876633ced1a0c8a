import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import { sql as dsql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, countRows, type TestApp } from '../../test/test-app';
import { openDatabase } from '../db/client';
import { withTenant } from '../db/tenant';
import { startRuntime, type Runtime } from '../bootstrap';
import { defineJob, drainJobs, enqueueJob, registerJobHandler, startJobWorker } from './jobs';
import { bossFor, JOB_QUEUE } from './queue';

/** Jobs on pg-boss: transactional enqueue, retries with backoff, final failure, dedupe, progress, several workers. */

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let t: TestApp;
let acme: { authorization: string };
let globex: { authorization: string };
let supplier: { authorization: string };
let acmeId: string;
let globexId: string;
let acmeUser: string;

const runs = new Map<string, number>();
const count = (id: string) => runs.set(id, (runs.get(id) ?? 0) + 1);
const workedBy = new Map<string, unknown>();
let release: (() => void) | null = null;
let slowHandlerReturned = false;

const flaky = defineJob({
  name: 'test.flaky',
  payload: z.object({ succeed_on: z.number().int() }).strict(),
  retryDelay: 2,
  async handler(job) {
    count(job.id);
    if (job.attempt < job.payload.succeed_on) throw new Error(`attempt ${job.attempt} failed`);
    return { attempt: job.attempt };
  },
});
const doomed = defineJob({
  name: 'test.doomed',
  payload: z.object({}).strict(),
  retryLimit: 0,
  async handler() {
    throw new Error('The warehouse refused the file');
  },
});
const counted = defineJob({
  name: 'test.counted',
  payload: z.object({ n: z.number().int() }),
  async handler(job) {
    count(job.id);
    workedBy.set(job.id, job.deps);
    // Not a wait for anything: each job takes a moment, so that two workers both get to claim some.
    await new Promise((r) => setTimeout(r, 5));
    return { n: job.payload.n };
  },
});
const slow = defineJob({
  name: 'test.slow',
  payload: z.object({}),
  async handler(job) {
    await job.progress(40);
    const seen = await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${job.id}`, headers: acme });
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    slowHandlerReturned = true;
    return { seen_while_running: seen.json().data };
  },
});
const actor = defineJob({
  name: 'test.actor',
  payload: z.object({}),
  handler: (job) => job.inTenant(async (tx) => (await tx.execute(dsql`select current_setting('app.user_id', true) AS u, current_setting('app.tenant_id', true) AS t`) as unknown as { rows: unknown[] }).rows[0]),
});

const sql = (text: string) => t.database.ownerExec(text);
const jobRow = async (id: string) => (await sql(`SELECT status, attempts, error, result, progress FROM jobs WHERE id = '${id}'`))[0];
const bossRow = async (id: string) => (await sql(`SELECT state, retry_count, start_after > now() + interval '1 second' AS later FROM pgboss.job WHERE id = '${id}'`))[0];

beforeAll(async () => {
  t = await createTestApp();
  [acme, globex, supplier] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier')]);
  const companies = await sql(`SELECT id, name FROM companies`);
  acmeId = String(companies.find((c) => c.name === 'Acme Outfitters')!.id);
  globexId = String(companies.find((c) => c.name === 'Globex Retail')!.id);
  acmeUser = String((await sql(`SELECT id FROM users WHERE email = 'tenant@acme.test'`))[0]!.id);
});
afterAll(() => t.close());

const inAcme = <T>(fn: Parameters<typeof withTenant<T>>[1]) => withTenant({ db: t.database.db, tenantId: acmeId }, fn);

describe('enqueue', () => {
  it('a job enqueued in a transaction that rolls back leaves nothing to run', async () => {
    const jobsBefore = await countRows(t, 'jobs');
    const bossBefore = await countRows(t, 'pgboss.job');
    let id = '';
    await expect(inAcme(async (tx) => {
      id = await counted.enqueue(tx, acmeId, { n: 1 });
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countRows(t, 'jobs')).toBe(jobsBefore);
    expect(await countRows(t, 'pgboss.job')).toBe(bossBefore);
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBeUndefined();
  });

  it('refuses a payload the definition does not accept, and writes nothing', async () => {
    const before = await countRows(t, 'jobs');
    // The payload check is what refuses them (a ZodError naming the field), not some other failure.
    const wrongType = inAcme((tx) => flaky.enqueue(tx, acmeId, { succeed_on: 'soon' } as never));
    await expect(wrongType).rejects.toBeInstanceOf(z.ZodError);
    await expect(wrongType).rejects.toThrow(/succeed_on/);
    const extraKey = inAcme((tx) => enqueueJob(tx, acmeId, { kind: 'test.flaky', payload: { succeed_on: 1, extra: true } }));
    await expect(extraKey).rejects.toBeInstanceOf(z.ZodError);
    await expect(extraKey).rejects.toThrow(/extra/);
    expect(await countRows(t, 'jobs')).toBe(before);
  });

  it('dedupes a pending job by key: the second enqueue answers the first id, one job runs', async () => {
    const [a, b] = await inAcme(async (tx) => [
      await counted.enqueue(tx, acmeId, { n: 2 }, { dedupeKey: 'same' }),
      await counted.enqueue(tx, acmeId, { n: 3 }, { dedupeKey: 'same' }),
    ]);
    expect(b).toBe(a);
    const c = await inAcme((tx) => counted.enqueue(tx, acmeId, { n: 4 }, { dedupeKey: 'same' }));
    expect(c).toBe(a);
    expect((await sql(`SELECT count(*)::int AS n FROM pgboss.job WHERE id = '${a}'`))[0]!.n).toBe(1);
    await drainJobs(t.runtime, quiet);
    expect(runs.get(a!)).toBe(1);
    expect(await jobRow(a!)).toMatchObject({ status: 'COMPLETED', result: { n: 2 } });
    // Once it ran, the key is free again.
    const d = await inAcme((tx) => counted.enqueue(tx, acmeId, { n: 5 }, { dedupeKey: 'same' }));
    expect(d).not.toBe(a);
  });

  it('a job with a run time waits for it', async () => {
    const id = await inAcme((tx) => counted.enqueue(tx, acmeId, { n: 6 }, { runAt: new Date(Date.now() + 60_000) }));
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBeUndefined();
    expect(await jobRow(id)).toMatchObject({ status: 'PENDING' });
    await sql(`UPDATE pgboss.job SET start_after = now() WHERE id = '${id}'`);
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBe(1);
  });
});

describe('running', () => {
  it('retries a failed job after a backoff, then it succeeds', async () => {
    const id = await inAcme((tx) => flaky.enqueue(tx, acmeId, { succeed_on: 3 }, { userId: acmeUser }));
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'PENDING', attempts: 1, error: 'attempt 1 failed' });
    expect(await bossRow(id)).toMatchObject({ state: 'retry', later: true });
    // Not before its time: draining again now runs nothing.
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBe(1);
    const delay = async () => Number((await sql(`SELECT extract(epoch FROM start_after - now()) AS s FROM pgboss.job WHERE id = '${id}'`))[0]!.s);
    const first = await delay();
    await sql(`UPDATE pgboss.job SET start_after = now() WHERE id = '${id}'`);
    await drainJobs(t.runtime, quiet);
    expect(await jobRow(id)).toMatchObject({ status: 'PENDING', attempts: 2, error: 'attempt 2 failed' });
    // Exponential: the second wait is longer than the first.
    expect(await delay()).toBeGreaterThan(first);
    await sql(`UPDATE pgboss.job SET start_after = now() WHERE id = '${id}'`);
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBe(3);
    expect(await jobRow(id)).toMatchObject({ status: 'COMPLETED', attempts: 3, error: null, result: { attempt: 3 }, progress: 100 });
    expect((await bossRow(id))!.state).toBe('completed');
    // A retried job that finally worked tells nobody it failed.
    expect(await countRows(t, `notifications WHERE data->>'id' = '${id}'`)).toBe(0);
  });

  it('a final failure marks the job FAILED and tells its user with a FAILED notification', async () => {
    const id = await inAcme((tx) => doomed.enqueue(tx, acmeId, {}, { userId: acmeUser }));
    await drainJobs(t.runtime, quiet);
    expect(await jobRow(id)).toMatchObject({ status: 'FAILED', attempts: 1, error: 'The warehouse refused the file' });
    expect((await bossRow(id))!.state).toBe('failed');
    const job = (await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${id}`, headers: acme })).json().data;
    expect(job).toMatchObject({ id, kind: 'test.doomed', status: 'FAILED', error: 'The warehouse refused the file' });
    const [n] = await sql(`SELECT user_id, tenant_id, data FROM notifications WHERE data->>'id' = '${id}'`);
    expect(n).toMatchObject({ user_id: acmeUser, tenant_id: acmeId, data: { status: 'FAILED', description: 'The warehouse refused the file', target: 'feed_history' } });
  });

  it('a job without a user fails without a notification', async () => {
    const id = await inAcme((tx) => doomed.enqueue(tx, acmeId, {}));
    await drainJobs(t.runtime, quiet);
    expect(await jobRow(id)).toMatchObject({ status: 'FAILED' });
    expect(await countRows(t, `notifications WHERE data->>'id' = '${id}'`)).toBe(0);
  });

  it('an unknown kind fails with a message instead of hanging', async () => {
    const id = await inAcme((tx) => enqueueJob(tx, acmeId, { kind: 'test.nobody-handles-this', maxAttempts: 1 }));
    await drainJobs(t.runtime, quiet);
    expect(await jobRow(id)).toMatchObject({ status: 'FAILED', error: 'No handler for job kind test.nobody-handles-this' });
  });

  it('runs under its tenant with its user as the actor', async () => {
    const id = await inAcme((tx) => actor.enqueue(tx, acmeId, {}, { userId: acmeUser }));
    await drainJobs(t.runtime, quiet);
    expect((await jobRow(id))!.result).toEqual({ u: acmeUser, t: acmeId });
  });

  it('registerJobHandler (the untyped form) keeps working', async () => {
    registerJobHandler('test.legacy', async (job) => ({ echo: job.payload.word, user: job.userId }));
    const id = await inAcme((tx) => enqueueJob(tx, acmeId, { kind: 'test.legacy', payload: { word: 'hi' }, userId: acmeUser }));
    await drainJobs(t.runtime, quiet);
    expect(await jobRow(id)).toMatchObject({ status: 'COMPLETED', result: { echo: 'hi', user: acmeUser } });
  });
});

describe('GET /jobs', () => {
  it('shows progress while the job runs, then its result; the worker stop waits for it', async () => {
    const id = await inAcme((tx) => slow.enqueue(tx, acmeId, {}, { userId: acmeUser }));
    const stop = startJobWorker(t.runtime, quiet, 20);
    for (let i = 0; i < 200 && !release; i++) await new Promise((r) => setTimeout(r, 25));
    expect(release).not.toBeNull();
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
      return slowHandlerReturned;
    });
    // A graceful stop does not cut the running job off: while the job is held, a database round trip later
    // (no sleep) the job still runs and the stop still waits; once released, the stop ends only after it.
    expect(await jobRow(id)).toMatchObject({ status: 'RUNNING' });
    expect(stopped).toBe(false);
    release!();
    expect(await stopping).toBe(true);
    const job = (await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${id}`, headers: acme })).json().data;
    expect(job).toMatchObject({ status: 'COMPLETED', progress: 100, result: { seen_while_running: { id, status: 'RUNNING', progress: 40, attempts: 1 } } });
  });

  it('lists the company\'s jobs with filters and a paginator; another company sees none of them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.0/jobs?status=FAILED&per_page=2', headers: acme });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 2 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.data).toHaveLength(2);
    expect(body.data.every((j: { status: string }) => j.status === 'FAILED')).toBe(true);
    const byKind = (await t.app.inject({ method: 'GET', url: '/api/1.0/jobs?kind=test.doomed&mine=true', headers: acme })).json();
    expect(byKind.total).toBe(1);
    const other = (await t.app.inject({ method: 'GET', url: '/api/1.0/jobs', headers: globex })).json();
    expect(other.data.some((j: { kind: string }) => j.kind.startsWith('test.'))).toBe(false);
    const bad = await t.app.inject({ method: 'GET', url: '/api/1.0/jobs?status=DONE', headers: acme });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('errors');
  });

  it('another company\'s job is 404; a supplier user is 403', async () => {
    const id = await inAcme((tx) => counted.enqueue(tx, acmeId, { n: 7 }));
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${id}`, headers: globex })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${id}`, headers: acme })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/jobs/not-an-id', headers: acme })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${id}`, headers: supplier })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/jobs', headers: supplier })).statusCode).toBe(403);
    void globexId;
  });
});

describe('a worker that dies', () => {
  it('its claimed job expires and runs again elsewhere: nothing is lost', async () => {
    await drainJobs(t.runtime, quiet);
    const id = await inAcme((tx) => counted.enqueue(tx, acmeId, { n: 99 }));
    // A process claims the job and dies before running it (no settle ever comes).
    const boss = await bossFor(t.database);
    const [claimed] = await boss.fetch(JOB_QUEUE);
    expect(claimed?.id).toBe(id);
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBeUndefined();
    // Past its expiry, pg-boss maintenance hands it out again.
    await sql(`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE id = '${id}'`);
    await boss.supervise(JOB_QUEUE);
    await sql(`UPDATE pgboss.job SET start_after = now() WHERE id = '${id}'`);
    await drainJobs(t.runtime, quiet);
    expect(runs.get(id)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'COMPLETED', result: { n: 99 } });
  });
});

describe('several workers', () => {
  it('two workers (two processes\' pg-boss instances on PostgreSQL) never run a job twice', async () => {
    await drainJobs(t.runtime, quiet);
    let second: Runtime | null = null;
    if (t.database.kind === 'postgres') {
      // A second runtime on the same database: its own pool and its own pg-boss instance, as another process has.
      const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const database = await openDatabase({ databaseUrl: url, dataDir: '', appRole: 'omnio_app', poolSize: 5 });
      second = await startRuntime(t.config, { database, log: quiet });
    }
    const ids = await inAcme(async (tx) => {
      const out: string[] = [];
      for (let n = 0; n < 60; n++) out.push(await counted.enqueue(tx, acmeId, { n }));
      return out;
    });
    const stops = [startJobWorker(t.runtime, quiet, 10), startJobWorker(second ?? t.runtime, quiet, 10)];
    for (let i = 0; i < 400; i++) {
      const [{ n }] = (await sql(`SELECT count(*)::int AS n FROM jobs WHERE id IN (${ids.map((x) => `'${x}'`).join(',')}) AND status = 'COMPLETED'`)) as [{ n: number }];
      if (n === ids.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(stops.map((s) => s()));
    await second?.close();
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    // Both processes took part (on PGlite there is one process, so one set of deps).
    expect(new Set(ids.map((id) => workedBy.get(id))).size).toBe(second ? 2 : 1);
  });
});
