import { sql, type SQL } from 'drizzle-orm';
import { PgBoss, type Db } from 'pg-boss';
import type { Database, Tx } from '../db/client';

/** The one pg-boss queue every Omnio job kind travels on (created by migration 0013_job_queue.sql). */
export const JOB_QUEUE = 'omnio-jobs';

/**
 * pg-boss statements on the process's own connections: the PostgreSQL pool (app role), or on PGlite the one
 * session. PGlite runs `query` and `exec` only outside a transaction() (they wait for its lock), so a poll never
 * lands inside an app transaction. Multi-statement SQL without parameters must go through PGlite's exec.
 */
function databaseAdapter(database: Database): Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as {
      query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
      exec(text: string): Promise<{ rows: unknown[] }[]>;
    };
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values.map((v) => (Array.isArray(v) ? arrayLiteral(v) : v)));
        // Every statement's rows: pg-boss's maintenance reads its cursor row from any statement of a batch.
        const results = await pglite.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      },
    };
  }
  const pool = client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** A JS array as a PostgreSQL array literal (pg-boss passes id lists); Drizzle would spread it into a list. */
function arrayLiteral(values: unknown[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** pg-boss's numbered parameters ($1…) as a Drizzle SQL, so its statements run inside the caller's transaction. */
function toDrizzle(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) {
      chunks.push(sql.raw(part));
      continue;
    }
    const v = values[Number(part) - 1];
    chunks.push(sql`${sql.param(Array.isArray(v) ? arrayLiteral(v) : v)}`);
  }
  return sql.join(chunks, sql.raw(''));
}

/** A pg-boss `db` option on a Drizzle transaction: a send or complete through it commits or rolls back with it. */
export function txAdapter(tx: Tx): Db {
  return {
    async executeSql(text, values) {
      const res = (await tx.execute(toDrizzle(text, values))) as unknown as { rows: unknown[] };
      return { rows: res.rows };
    },
  };
}

interface Entry {
  boss: PgBoss;
  started: Promise<PgBoss>;
}

const instances = new Map<Database, Entry>();

/**
 * The pg-boss instance of a database, started once per process and database. The schema comes from the
 * migration (migrate: false), so starting it is two cheap reads. `supervise` (expiring stuck jobs, deleting old
 * ones) runs only where jobs are worked; reindexing and vacuum checks need the owner role and stay off.
 */
export function startJobQueue(database: Database, options: { supervise?: boolean } = {}): Promise<PgBoss> {
  const existing = instances.get(database);
  if (existing) return existing.started;
  const boss = new PgBoss({
    db: databaseAdapter(database),
    schema: 'pgboss',
    migrate: false,
    createSchema: false,
    schedule: false,
    supervise: options.supervise ?? false,
    reindex: false,
    monitorVacuum: false,
    ...(database.kind === 'pglite' ? { backend: 'pglite' as const } : {}),
  });
  // pg-boss reports background trouble as events; without a listener an 'error' event would crash the process.
  boss.on('error', (err) => console.error(`job queue: ${err.message}`));
  const started = boss.start();
  const entry = { boss, started };
  instances.set(database, entry);
  started.catch(() => instances.delete(database));
  return started;
}

export async function stopJobQueue(database: Database): Promise<void> {
  const entry = instances.get(database);
  if (!entry) return;
  instances.delete(database);
  await entry.started.catch(() => undefined);
  await entry.boss.stop({ graceful: true, close: false, timeout: 10_000 });
}

export function bossFor(database: Database): Promise<PgBoss> {
  return startJobQueue(database);
}

/**
 * Some started instance of this process. Enqueueing only has the caller's transaction: the statement runs on it
 * (txAdapter), and the instance contributes only the queue's cached shape, which the migration makes the same
 * in every database.
 */
export function anyBoss(): Promise<PgBoss> {
  const last = [...instances.values()].pop();
  if (!last) throw new Error('The job queue is not started (startRuntime starts it)');
  return last.started;
}

/**
 * pg-boss maintenance where jobs are worked: expires jobs whose worker died (they are retried), deletes
 * settled jobs after their retention. pg-boss takes a lock per pass, so several processes doing it is harmless.
 */
export async function startQueueSupervisor(database: Database): Promise<() => Promise<void>> {
  const boss = new PgBoss({
    db: databaseAdapter(database), schema: 'pgboss', migrate: false, createSchema: false, schedule: false,
    supervise: true, reindex: false, monitorVacuum: false,
    ...(database.kind === 'pglite' ? { backend: 'pglite' as const } : {}),
  });
  boss.on('error', (err) => console.error(`job queue maintenance: ${err.message}`));
  await boss.start();
  return () => boss.stop({ graceful: true, close: false, timeout: 5_000 });
}

export interface QueueDepth {
  /** Jobs waiting to start now, over the whole installation. */
  queued: number;
  /** Age of the oldest of them, in seconds (0 when none waits). */
  oldestSeconds: number;
  /** Jobs running now. */
  active: number;
}

/** The queue's depth in one read, as the app role (readiness and /metrics). */
export async function readQueueDepth(database: Database): Promise<QueueDepth> {
  const [row] = await database.query<{ queued: number; oldest: number; active: number }>(
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS queued,
            COALESCE(EXTRACT(EPOCH FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::int AS oldest,
            count(*) FILTER (WHERE state = 'active')::int AS active
       FROM pgboss.job WHERE name = $1`,
    [JOB_QUEUE],
  );
  return { queued: Number(row?.queued ?? 0), oldestSeconds: Number(row?.oldest ?? 0), active: Number(row?.active ?? 0) };
}
