import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { Tx } from '../db/client';
import { withTenant, type TenantTxOptions } from '../db/tenant';
import { isoOrNull, queryRows } from '../db/rows';
import type { AppDeps } from '../http/context';
import { anyBoss, bossFor, JOB_QUEUE, txAdapter } from './queue';

/**
 * Long work (API.md, docs/api-jobs.md): a request enqueues a job in its own transaction and answers 202.
 * Two records, one transaction: the tenant-visible `jobs` row (status, progress, result, error; RLS) and the
 * pg-boss job (same id) that carries delivery: claiming with SKIP LOCKED across processes, retries with
 * exponential backoff, start-after for scheduled work, expiry of a job whose worker died. A rolled-back change
 * enqueues nothing. Each job runs inside withTenant under its tenant and its user.
 */

export type JobStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface RunningJob<P = Record<string, unknown>> {
  id: string;
  tenantId: string;
  userId: string | null;
  kind: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  deps: AppDeps;
  log: FastifyBaseLogger;
  /** Records progress (0–100) for GET /jobs/{id}; outside the job's own work, so it shows at once. */
  progress(percent: number): Promise<void>;
  /** withTenant under the job's tenant with the job's user as the actor (activity triggers record who). */
  inTenant<T>(fn: (tx: Tx) => Promise<T>, options?: TenantTxOptions): Promise<T>;
}

/** A failure that retrying cannot mend (credentials refused, a run that gave up): the job ends FAILED at once. */
export class FinalJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FinalJobError';
  }
}

export type JobHandler<P = Record<string, unknown>> = (job: RunningJob<P>) => Promise<unknown>;

export interface RetryOptions {
  /** Tries after the first; default 2 (three attempts in all). */
  retryLimit?: number;
  /** Seconds before the first retry; default 2. */
  retryDelay?: number;
  /** Doubles the delay on every retry (with pg-boss's jitter); default true. */
  retryBackoff?: boolean;
  /** Cap on a backed-off delay, seconds; default one hour. */
  retryDelayMax?: number;
  /** A RUNNING job older than this belonged to a worker that died: pg-boss hands it out again. Default 15 min. */
  expireInSeconds?: number;
}

export interface JobDefinitionInput<S extends z.ZodType> extends RetryOptions {
  name: string;
  payload: S;
  handler: JobHandler<z.output<S>>;
  /** Whether a final failure tells the job's user with a FAILED notification; default true. */
  notifyOnFailure?: boolean;
}

export interface EnqueueOptions {
  userId?: string | null;
  runAt?: Date | null;
  /** A PENDING job with the same kind and key is not enqueued twice: the existing id is answered. */
  dedupeKey?: string | null;
  /** Overrides the definition's retryLimit + 1. */
  maxAttempts?: number;
}

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  enqueue(tx: Tx, tenantId: string, payload: z.input<S>, options?: EnqueueOptions): Promise<string>;
}

interface Registered extends RetryOptions {
  name: string;
  payload: z.ZodType;
  handler: JobHandler<unknown>;
  notifyOnFailure: boolean;
}

const definitions = new Map<string, Registered>();

/** Handlers are process-wide (the worker and the API serve the same kinds); defining a kind twice keeps the first. */
export function defineJob<S extends z.ZodType>(def: JobDefinitionInput<S>): JobDefinition<S> {
  if (!definitions.has(def.name)) {
    definitions.set(def.name, { ...def, handler: def.handler as JobHandler<unknown>, notifyOnFailure: def.notifyOnFailure ?? true });
  }
  return {
    name: def.name,
    enqueue: (tx, tenantId, payload, options = {}) =>
      enqueueJob(tx, tenantId, { kind: def.name, payload: payload as Record<string, unknown>, ...options }),
  };
}

const ZAnyPayload = z.record(z.string(), z.unknown());

/** The untyped form older modules use; a payload is any JSON object. */
export function registerJobHandler(kind: string, handler: JobHandler): void {
  defineJob({ name: kind, payload: ZAnyPayload, handler: handler as JobHandler<Record<string, unknown>> });
}

export function isJobKindRegistered(kind: string): boolean {
  return definitions.has(kind);
}

/** What is wrong with a payload for a kind (empty when it fits, or when the kind is not defined here). */
export function jobPayloadProblems(kind: string, payload: unknown): string[] {
  const def = definitions.get(kind);
  if (!def) return [];
  const parsed = def.payload.safeParse(payload);
  return parsed.success ? [] : parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
}

export interface EnqueueInput extends EnqueueOptions {
  kind: string;
  payload?: Record<string, unknown>;
}

/** Enqueues inside the caller's tenant transaction; answers the job id (the existing one for a dedupe hit). */
export async function enqueueJob(tx: Tx, tenantId: string, input: EnqueueInput): Promise<string> {
  return (await enqueueJobs(tx, tenantId, [input]))[0]!;
}

const DEFAULTS = { retryLimit: 2, retryDelay: 2, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 900 };

export async function enqueueJobs(tx: Tx, tenantId: string, inputs: EnqueueInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((j) => {
    const def = definitions.get(j.kind);
    // A payload that would fail at run time fails now, where the caller can still answer 422 or 500.
    const payload = def ? (def.payload.parse(j.payload ?? {}) as Record<string, unknown>) : (j.payload ?? {});
    const retryLimit = j.maxAttempts !== undefined ? Math.max(0, j.maxAttempts - 1) : (def?.retryLimit ?? DEFAULTS.retryLimit);
    return {
      id: randomUUID(), kind: j.kind, payload, user_id: j.userId ?? null, run_at: (j.runAt ?? new Date()).toISOString(),
      dedupe_key: j.dedupeKey ?? null, max_attempts: retryLimit + 1, retryLimit, def,
    };
  });
  const inserted = new Set((await queryRows<{ id: string }>(tx, sql`
    INSERT INTO jobs (tenant_id, id, kind, payload, user_id, run_at, dedupe_key, max_attempts)
    SELECT ${tenantId}::uuid, x.id, x.kind, x.payload, x.user_id, x.run_at, x.dedupe_key, x.max_attempts
    FROM json_to_recordset(${JSON.stringify(rows.map(({ def: _def, retryLimit: _r, ...r }) => r))}::json)
      AS x(id uuid, kind text, payload jsonb, user_id uuid, run_at timestamptz, dedupe_key text, max_attempts int)
    ON CONFLICT (tenant_id, kind, dedupe_key) WHERE status = 'PENDING' AND dedupe_key IS NOT NULL DO NOTHING
    RETURNING id`)).map((r) => r.id));
  const boss = await anyBoss();
  const db = txAdapter(tx);
  const ids: string[] = [];
  for (const r of rows) {
    if (inserted.has(r.id)) {
      await boss.send(JOB_QUEUE, { tenant_id: tenantId, kind: r.kind }, {
        id: r.id, db, startAfter: new Date(r.run_at),
        retryLimit: r.retryLimit,
        retryDelay: r.def?.retryDelay ?? DEFAULTS.retryDelay,
        retryBackoff: r.def?.retryBackoff ?? DEFAULTS.retryBackoff,
        retryDelayMax: r.def?.retryDelayMax ?? DEFAULTS.retryDelayMax,
        expireInSeconds: r.def?.expireInSeconds ?? DEFAULTS.expireInSeconds,
      });
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

interface QueueData {
  tenant_id: string;
  kind: string;
}

interface JobRow {
  kind: string;
  status: JobStatus;
  payload: Record<string, unknown>;
  user_id: string | null;
}

/** Notification text of a job that failed for good, by kind; a module may name its kinds better. */
const failureTitles = new Map<string, string>();
const failureTargets = new Map<string, string>();
/** The notification's title, and where opening it goes (a NOTIFICATION_TARGET_PATHS key; default feed_history). */
export function setJobFailureTitle(kind: string, title: string, target?: string): void {
  failureTitles.set(kind, title);
  if (target) failureTargets.set(kind, target);
}

/** A job that failed for good, as its user is told: the title, what went wrong, where opening it goes. */
export interface JobFailureNotice {
  userId: string;
  jobId: string;
  kind: string;
  title: string;
  description: string;
  target: string;
}

/** Tells a job's user, in the transaction that marks the job FAILED (so a rolled-back settle tells nobody). */
export type JobFailureNotifier = (tx: Tx, tenantId: string, notice: JobFailureNotice) => Promise<void>;

let failureNotifier: JobFailureNotifier | undefined;

/** Platform does not know the notifications module; the composition root installs how a failure is told. */
export function setJobFailureNotifier(notify: JobFailureNotifier): void {
  failureNotifier = notify;
}

async function settle(
  deps: AppDeps,
  job: JobWithMetadata<QueueData>,
  row: JobRow,
  outcome: { result: unknown } | { error: string; final: boolean },
): Promise<void> {
  const tenantId = job.data.tenant_id;
  const boss = await bossFor(deps.database);
  // The jobs row and the pg-boss job move together: a crash between them leaves both as they were and the
  // expired pg-boss job is handed out again.
  await withTenant({ db: deps.database.db, tenantId, actorUserId: row.user_id }, async (tx) => {
    const db = txAdapter(tx);
    if ('result' in outcome) {
      await tx.execute(sql`
        UPDATE jobs SET status = 'COMPLETED', progress = 100, result = ${JSON.stringify(outcome.result ?? null)}::jsonb, error = NULL, finished_at = now()
        WHERE tenant_id = ${tenantId}::uuid AND id = ${job.id}::uuid`);
      await boss.complete(JOB_QUEUE, { id: job.id, retryCount: job.retryCount } as never, null, { db });
      return;
    }
    if (!outcome.final) {
      await tx.execute(sql`
        UPDATE jobs SET status = 'PENDING', error = ${outcome.error} WHERE tenant_id = ${tenantId}::uuid AND id = ${job.id}::uuid`);
      await boss.fail(JOB_QUEUE, { id: job.id, retryCount: job.retryCount } as never, { message: outcome.error }, { db });
      return;
    }
    await tx.execute(sql`
      UPDATE jobs SET status = 'FAILED', error = ${outcome.error}, finished_at = now() WHERE tenant_id = ${tenantId}::uuid AND id = ${job.id}::uuid`);
    await boss.fail(JOB_QUEUE, { id: job.id, retryCount: job.retryCount } as never, { message: outcome.error }, { db });
    const def = definitions.get(row.kind);
    if (row.user_id && (def?.notifyOnFailure ?? true)) {
      // Thrown inside the transaction: a job is never marked FAILED without its user being told.
      if (!failureNotifier) throw new Error('No job failure notifier installed (composeServer in composition.ts installs it)');
      await failureNotifier(tx, tenantId, {
        userId: row.user_id, jobId: job.id, kind: row.kind,
        title: failureTitles.get(row.kind) ?? 'A background task failed', description: outcome.error.slice(0, 500),
        target: failureTargets.get(row.kind) ?? 'feed_history',
      });
    }
  });
}

async function runOne(deps: AppDeps, log: FastifyBaseLogger, job: JobWithMetadata<QueueData>): Promise<void> {
  const tenantId = job.data.tenant_id;
  const attempt = job.retryCount + 1;
  const row = await withTenant({ db: deps.database.db, tenantId }, async (tx) => {
    const [r] = await queryRows<JobRow>(tx, sql`
      UPDATE jobs SET status = 'RUNNING', attempts = ${attempt}, started_at = now()
      WHERE tenant_id = ${tenantId}::uuid AND id = ${job.id}::uuid AND status IN ('PENDING', 'RUNNING')
      RETURNING kind, status, payload, user_id`);
    return r ?? null;
  });
  const boss = await bossFor(deps.database);
  if (!row) {
    // The record is gone (the tenant was deleted) or already settled: nothing to run.
    await boss.complete(JOB_QUEUE, job.id, null);
    return;
  }
  const final = job.retryCount >= job.retryLimit;
  const def = definitions.get(row.kind);
  if (!def) {
    await settle(deps, job, row, { error: `No handler for job kind ${row.kind}`, final: true });
    return;
  }
  const jobLog = log.child({ job: job.id, kind: row.kind });
  let result: unknown;
  try {
    const payload = def.payload.parse(row.payload);
    const running: RunningJob<unknown> = {
      id: job.id, tenantId, userId: row.user_id, kind: row.kind, payload, attempt, deps, log: jobLog,
      inTenant: (fn, options) => withTenant({ db: deps.database.db, tenantId, actorUserId: row.user_id }, fn, options),
      progress: (percent) =>
        withTenant({ db: deps.database.db, tenantId }, async (tx) => {
          await tx.execute(sql`UPDATE jobs SET progress = ${Math.max(0, Math.min(99, Math.round(percent)))} WHERE tenant_id = ${tenantId}::uuid AND id = ${job.id}::uuid`);
        }),
    };
    result = await def.handler(running);
  } catch (err) {
    const message = err instanceof z.ZodError ? `Invalid payload: ${err.issues.map((i) => i.message).join('; ')}` : err instanceof Error ? err.message : String(err);
    jobLog.warn({ err, attempt, final }, 'job failed');
    await settle(deps, job, row, { error: message, final: final || err instanceof z.ZodError || err instanceof FinalJobError });
    return;
  }
  await settle(deps, job, row, { result });
}

/** Claims and runs the jobs due now, up to `limit`; answers how many ran. */
export async function runDueJobs(deps: AppDeps, log: FastifyBaseLogger, limit = 20): Promise<number> {
  const boss = await bossFor(deps.database);
  const jobs = await boss.fetch<QueueData>(JOB_QUEUE, { batchSize: limit, includeMetadata: true });
  for (const job of jobs) await runOne(deps, log, job);
  return jobs.length;
}

/** Runs every due job until none is left (tests; a job may enqueue follow-ups). Retries wait for their backoff. */
export async function drainJobs(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  let total = 0;
  for (let ran = await runDueJobs(deps, log); ran > 0; ran = await runDueJobs(deps, log)) total += ran;
  return total;
}

/**
 * The polling loop of a server or worker process. Answers a stop function that lets the running batch finish
 * (a job cut off by a hard kill stays active in pg-boss and is handed out again once it expires).
 */
/** Job workers running in this process (the readiness check reports them). */
let workersRunning = 0;
export const jobWorkersRunning = (): number => workersRunning;

export function startJobWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = 500): () => Promise<void> {
  let stopped = false;
  workersRunning++;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    current = runDueJobs(deps, log)
      .catch((err: unknown) => {
        log.error({ err }, 'job worker tick failed');
        return 0;
      })
      .then((ran) => {
        if (!stopped) timer = setTimeout(tick, ran > 0 ? 0 : intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return async () => {
    if (!stopped) workersRunning--;
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
  attempts: number;
  max_attempts: number;
  result: unknown;
  error: string | null;
  user_id: string | null;
  run_at: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const JOB_COLUMNS = 'id, kind, status, progress, attempts, max_attempts, result, error, user_id, run_at, created_at, started_at, finished_at';

export function toJobView(row: Record<string, unknown>): JobView {
  return {
    id: row.id as string, kind: row.kind as string, status: row.status as JobStatus, progress: Number(row.progress),
    attempts: Number(row.attempts), max_attempts: Number(row.max_attempts),
    result: row.result ?? null, error: (row.error as string | null) ?? null, user_id: (row.user_id as string | null) ?? null,
    run_at: isoOrNull(row.run_at)!, created_at: isoOrNull(row.created_at)!, started_at: isoOrNull(row.started_at), finished_at: isoOrNull(row.finished_at),
  };
}

export async function getJob(tx: Tx, tenantId: string, id: string): Promise<JobView | null> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`
    SELECT ${sql.raw(JOB_COLUMNS)} FROM jobs WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  return row ? toJobView(row) : null;
}
