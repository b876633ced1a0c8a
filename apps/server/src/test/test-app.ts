import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { expect, inject } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../platform/config';
import { openDatabase, type Database } from '../platform/db/client';
import { startRuntime, type Runtime } from '../platform/bootstrap';
import { buildApp } from '../app';
import { DEMO } from '../seed/demo.seed';
import { composeServer } from '../composition';
import type { SmtpSink } from '../platform/mail/smtp-sink';
import { REALTIME_PG_CHANNEL } from '../platform/realtime/publish';
import { databaseUrl } from './global-setup';

export { DEMO };

/** A fresh database cloned from the migrated, seeded template. */
export async function cloneTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const testDb = inject('testDb');
  if (testDb.kind === 'postgres') {
    const name = `omnio_t_${process.ppid}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
    await admin.end();
    const url = databaseUrl(testDb.adminUrl, name);
    const database = await openDatabase({ databaseUrl: url, dataDir: '', appRole: 'omnio_app', poolSize: 5 });
    return {
      database,
      url,
      async drop() {
        const a = new pg.Client({ connectionString: testDb.adminUrl });
        await a.connect();
        // The pool has ended; FORCE only as a fallback, since it kills connections that are still closing.
        await a.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        await a.end();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(testDb.dumpFile)]);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: '', appRole: 'omnio_app', poolSize: 1, memory: true, loadDataDir: blob });
  return { database, drop: async () => {} };
}

/**
 * Drops a PostgreSQL clone once no connection to it is left. pg's pool.end() resolves before its sockets
 * have closed; dropping WITH (FORCE) then would kill backends still saying goodbye (an unhandled error).
 */
export async function dropCloneWhenIdle(clone: Awaited<ReturnType<typeof cloneTestDatabase>>): Promise<void> {
  const testDb = inject('testDb');
  if (testDb.kind !== 'postgres') return clone.drop();
  const admin = new pg.Client({ connectionString: testDb.adminUrl });
  await admin.connect();
  const name = new URL(clone.url!).pathname.slice(1);
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (!rows[0]?.n) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.end();
  await clone.drop();
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  database: Database;
  /** The database's URL on PostgreSQL (tests that need a second session of their own); undefined on PGlite. */
  url?: string;
  smtp: SmtpSink;
  config: Config;
  /** Signs in with the password grant and answers the token response. */
  login(username: string, password: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }>;
  /** Authorization headers of a demo user, signed in once per file. */
  as(who: keyof typeof DEMO): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  composeServer();
  const clone = await cloneTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { seedDemo: false, appUrl: 'http://omnio.test', loginRateLimitPerMinute: 10_000, smtpUrl: undefined, ...overrides },
  );
  const runtime = await startRuntime(config, { database: clone.database, log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger });
  const app = await buildApp(runtime);
  await app.ready();
  const tokens = new Map<string, string>();
  const login: TestApp['login'] = async (username, password) => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username, password, client_id: config.oauthClientId, client_secret: config.oauthClientSecret, scopes: '*' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    app,
    runtime,
    database: clone.database,
    url: clone.url,
    smtp: runtime.smtpSink!,
    config,
    login,
    async as(who) {
      let token = tokens.get(who);
      if (!token) {
        token = (await login(DEMO[who].email, DEMO[who].password)).access_token;
        tokens.set(who, token);
      }
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await runtime.close();
      await clone.drop();
    },
  };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** Counts rows as the database owner would see them (bypassing RLS), to prove a failed request wrote nothing. */
/**
 * Proves a realtime absence without sleeping: sends a marker on the realtime channel from another session and
 * waits until the listener has it. NOTIFYs arrive in commit order on one queue, so anything committed before
 * the marker has arrived by then. `received` is what the test's listener has collected.
 */
export async function awaitRealtimeSentinel(t: TestApp, received: readonly { data?: { id?: unknown } }[], id: string): Promise<void> {
  const payload = JSON.stringify({ channel: 'Omnio.Test.sentinel', event: 'sentinel-event', data: { id } });
  await t.database.ownerExec(`SELECT pg_notify('${REALTIME_PG_CHANNEL}', '${payload}')`);
  await expect.poll(() => received.some((m) => m.data?.id === id), { timeout: 5000 }).toBe(true);
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const rows = await t.database.ownerExec(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}
