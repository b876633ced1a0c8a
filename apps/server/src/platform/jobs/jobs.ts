import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client';
import { withTenant } from '../db/tenant';
import { isoOrNull, queryRows } from '../db/rows';
import type { AppDeps } from '../http/context';

/**
 * Long work (API.md): a request enqueues a job in its own transaction and answers 202; a worker loop in
 * every server process claims due jobs with FOR UPDATE SKIP LOCKED (several processes share the queue)
 * and runs each inside withTenant. Scheduled work is a job with a future run_at. The queue lives in the
 * application database so a job is enqueued atomically with the change that asked for it.
 */

export type JobStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface RunningJob<P = Record<string, unknown>> {
  id: string;
  tenantId: string;
  userId: string | null;
  kind: string;
  payload: P;
  attempt: number;
  deps: AppDeps;
  log: FastifyBaseLogger;
  /** Records progress (0–100) for GET /jobs/{id}; outside the job's own work, so it shows at once. */
  progress(percent: number): Promise<void>;
}

export type JobHandler = (job: RunningJob) => Promise<unknown>;

const handlers = new Map<string, JobHandler>();

/** Handlers are process-wide (the worker and the API serve the same kinds); registering twice keeps the first. */
export function registerJobHandler(kind: string, handler: JobHandler): void {
  if (!handlers.has(kind)) handlers.set(kind, handler);
}

export interface EnqueueInput {
  kind: string;
  payload?: Record<string, unknown>;
  userId?: string | null;
  runAt?: Date | null;
  /** A PENDING job with the same kind and key is not enqueued twice. */
  dedupeKey?: string | null;
  maxAttempts?: number;
}

/** Enqueues inside the caller's tenant transaction; answers the job id (the existing one for a dedupe hit). */
export async function enqueueJob(tx: Tx, tenantId: string, input: EnqueueInput): Promise<string> {
  return (await enqueueJobs(tx, tenantId, [input]))[0]!;
}

export async function enqueueJobs(tx: Tx, tenantId: string, inputs: EnqueueInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((j) => ({
    id: randomUUID(), kind: j.kind, payload: j.payload ?? {}, user_id: j.userId ?? null, run_at: (j.runAt ?? new Date()).toISOString(),
    dedupe_key: j.dedupeKey ?? null, max_attempts: j.maxAttempts ?? 3,
  }));
  const inserted = new Set((await queryRows<{ id: string }>(tx, sql`
    INSERT INTO jobs (tenant_id, id, kind, payload, user_id, run_at, dedupe_key, max_attempts)
    SELECT ${tenantId}::uuid, x.id, x.kind, x.payload, x.user_id, x.run_at, x.dedupe_key, x.max_attempts
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x(id uuid, kind text, payload jsonb, user_id uuid, run_at timestamptz, dedupe_key text, max_attempts int)
    ON CONFLICT (tenant_id, kind, dedupe_key) WHERE status = 'PENDING' AND dedupe_key IS NOT NULL DO NOTHING
    RETURNING id`)).map((r) => r.id));
  const ids: string[] = [];
  for (const r of rows) {
    if (inserted.has(r.id)) {
      ids.push(r.id);
      continue;
    }
    // A dedupe hit: the PENDING job with the same kind and key.
    const [row] = await queryRows<{ id: string }>(tx, sql`
      SELECT id FROM jobs WHERE tenant_id = ${tenantId}::uuid AND kind = ${r.kind} AND dedupe_key = ${r.dedupe_key} AND status = 'PENDING'`);
    ids.push(row?.id ?? r.id);
  }
  return ids;
}

interface ClaimedRow {
  tenant_id: string;
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  user_id: string | null;
  attempts: number;
  max_attempts: number;
}

/** A RUNNING job older than this belonged to a process that died: it is claimed again. */
const STALE_AFTER = '10 minutes';

async function claim(deps: AppDeps, limit: number): Promise<ClaimedRow[]> {
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.job_worker', 'on', true)`);
    return queryRows<ClaimedRow>(tx, sql`
      UPDATE jobs j SET status = 'RUNNING', attempts = j.attempts + 1, started_at = now()
      FROM (
        SELECT tenant_id, id FROM jobs
        WHERE (status = 'PENDING' AND run_at <= now()) OR (status = 'RUNNING' AND started_at < now() - ${STALE_AFTER}::interval)
        ORDER BY run_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE j.tenant_id = due.tenant_id AND j.id = due.id
      RETURNING j.tenant_id, j.id, j.kind, j.payload, j.user_id, j.attempts, j.max_attempts`);
  });
}

async function finish(deps: AppDeps, row: ClaimedRow, outcome: { result?: unknown; error?: string; retryInSeconds?: number }): Promise<void> {
  await withTenant({ db: deps.database.db, tenantId: row.tenant_id }, async (tx) => {
    if (outcome.error === undefined) {
      await tx.execute(sql`
        UPDATE jobs SET status = 'COMPLETED', progress = 100, result = ${JSON.stringify(outcome.result ?? null)}::jsonb, error = NULL, finished_at = now()
        WHERE tenant_id = ${row.tenant_id}::uuid AND id = ${row.id}::uuid`);
    } else if (outcome.retryInSeconds !== undefined) {
      await tx.execute(sql`
        UPDATE jobs SET status = 'PENDING', error = ${outcome.error}, run_at = now() + make_interval(secs => ${outcome.retryInSeconds})
        WHERE tenant_id = ${row.tenant_id}::uuid AND id = ${row.id}::uuid`);
    } else {
      await tx.execute(sql`
        UPDATE jobs SET status = 'FAILED', error = ${outcome.error}, finished_at = now()
        WHERE tenant_id = ${row.tenant_id}::uuid AND id = ${row.id}::uuid`);
    }
  });
}

async function runOne(deps: AppDeps, log: FastifyBaseLogger, row: ClaimedRow): Promise<void> {
  const handler = handlers.get(row.kind);
  if (!handler) {
    await finish(deps, row, { error: `No handler for job kind ${row.kind}` });
    return;
  }
  const job: RunningJob = {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    kind: row.kind,
    payload: row.payload,
    attempt: row.attempts,
    deps,
    log: log.child({ job: row.id, kind: row.kind }),
    progress: (percent) =>
      withTenant({ db: deps.database.db, tenantId: row.tenant_id }, async (tx) => {
        await tx.execute(sql`UPDATE jobs SET progress = ${Math.max(0, Math.min(99, Math.round(percent)))} WHERE tenant_id = ${row.tenant_id}::uuid AND id = ${row.id}::uuid`);
      }),
  };
  try {
    const result = await handler(job);
    await finish(deps, row, { result });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    job.log.warn({ err }, 'job failed');
    const retry = row.attempts < row.max_attempts ? { retryInSeconds: 2 ** row.attempts } : {};
    await finish(deps, row, { error: message, ...retry });
  }
}

/** Claims and runs the jobs due now, up to `limit`; answers how many ran. Tests call it to drain the queue. */
export async function runDueJobs(deps: AppDeps, log: FastifyBaseLogger, limit = 20): Promise<number> {
  const rows = await claim(deps, limit);
  for (const row of rows) await runOne(deps, log, row);
  return rows.length;
}

/** Runs every due job until none is left (tests; a job may enqueue follow-ups). */
export async function drainJobs(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  let total = 0;
  for (let ran = await runDueJobs(deps, log); ran > 0; ran = await runDueJobs(deps, log)) total += ran;
  return total;
}

/** The polling loop of a server or worker process. Answers a stop function that waits for the running batch. */
export function startJobWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = 500): () => Promise<void> {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    current = runDueJobs(deps, log)
      .catch((err: unknown) => log.error({ err }, 'job worker tick failed'))
      .then((ran) => {
        if (!stopped) timer = setTimeout(tick, typeof ran === 'number' && ran > 0 ? 0 : intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await current;
  };
}

export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  progress: number;
  result: unknown;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export async function getJob(tx: Tx, tenantId: string, id: string): Promise<JobView | null> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`
    SELECT id, kind, status, progress, result, error, created_at, started_at, finished_at, user_id
    FROM jobs WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  if (!row) return null;
  return {
    id: row.id as string, kind: row.kind as string, status: row.status as JobStatus, progress: Number(row.progress),
    result: row.result ?? null, error: (row.error as string | null) ?? null,
    created_at: isoOrNull(row.created_at)!, started_at: isoOrNull(row.started_at), finished_at: isoOrNull(row.finished_at),
  };
}
