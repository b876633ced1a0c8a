import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  nextCronRun, presetOf, SCHEDULE_PRESETS, type ScheduleDto, type SchedulePreset, type TScheduleCreate, type TScheduleUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { enterTenant, withJobWorker } from '../../platform/db/privileged';
import { withTenant } from '../../platform/db/tenant';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { assertId, FieldErrors, notFound } from '../../platform/http/errors';
import { enqueueJob, jobPayloadProblems } from '../../platform/jobs/jobs';
import { isSchedulable } from './schedulable';

/** Tenant cron schedules (docs/api-jobs.md "Schedules"): each due time enqueues one job of the schedule's kind. */

const COLUMNS = sql.raw('id, name, job_kind, preset, cron, timezone, payload, active, next_run_at, last_run_at, last_job_id, created_at, updated_at');

function toDto(r: Record<string, unknown>): ScheduleDto {
  return {
    id: r.id as string, name: r.name as string, job_kind: r.job_kind as string, preset: (r.preset as SchedulePreset | null) ?? null,
    cron: r.cron as string, timezone: r.timezone as string, payload: (r.payload as Record<string, unknown>) ?? {}, active: Boolean(r.active),
    next_run_at: isoOrNull(r.next_run_at), last_run_at: isoOrNull(r.last_run_at), last_job_id: (r.last_job_id as string | null) ?? null,
    created_at: isoOrNull(r.created_at)!, updated_at: isoOrNull(r.updated_at)!,
  };
}

/** The rules zod cannot see: the kind must be schedulable here, and the payload must fit the kind's definition. */
function assertRunnable(kind: string, payload: Record<string, unknown>): void {
  const errors = new FieldErrors();
  if (!isSchedulable(kind)) errors.add('job_kind', 'This task cannot be scheduled');
  else for (const problem of jobPayloadProblems(kind, payload)) errors.add('payload', problem);
  errors.throwIfAny();
}

function cronOf(preset: SchedulePreset | null | undefined, cron: string | null | undefined): string {
  return preset ? SCHEDULE_PRESETS[preset] : cron!.trim().split(/\s+/).join(' ');
}

const nextRun = (cron: string, timezone: string, active: boolean, from = new Date()) =>
  active ? (nextCronRun(cron, from, timezone)?.toISOString() ?? null) : null;

export async function listSchedules(ctx: TenantCtx): Promise<ScheduleDto[]> {
  return withTenant(ctx, async (tx) =>
    (await queryRows<Record<string, unknown>>(tx, sql`SELECT ${COLUMNS} FROM job_schedules WHERE tenant_id = ${ctx.tenantId}::uuid ORDER BY name, id`)).map(toDto));
}

async function load(tx: Tx, tenantId: string, id: string, lock = false): Promise<ScheduleDto> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`
    SELECT ${COLUMNS} FROM job_schedules WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!row) throw notFound('Schedule');
  return toDto(row);
}

export async function getSchedule(ctx: TenantCtx, rawId: string): Promise<ScheduleDto> {
  const id = assertId(rawId, 'Schedule');
  return withTenant(ctx, (tx) => load(tx, ctx.tenantId, id));
}

export async function createSchedule(ctx: TenantCtx, input: TScheduleCreate): Promise<ScheduleDto> {
  assertRunnable(input.job_kind, input.payload ?? {});
  const cron = cronOf(input.preset, input.cron);
  const timezone = input.timezone ?? 'UTC';
  const active = input.active ?? true;
  return withTenant(ctx, async (tx) => {
    const [row] = await queryRows<Record<string, unknown>>(tx, sql`
      INSERT INTO job_schedules (tenant_id, name, job_kind, preset, cron, timezone, payload, active, next_run_at, created_by)
      VALUES (${ctx.tenantId}::uuid, ${input.name}, ${input.job_kind}, ${presetOf(cron)}, ${cron}, ${timezone}, ${JSON.stringify(input.payload ?? {})}::jsonb,
        ${active}, ${nextRun(cron, timezone, active)}::timestamptz, ${ctx.principal.userId}::uuid)
      RETURNING ${COLUMNS}`);
    return toDto(row!);
  });
}

export async function updateSchedule(ctx: TenantCtx, rawId: string, input: TScheduleUpdate): Promise<ScheduleDto> {
  const id = assertId(rawId, 'Schedule');
  return withTenant(ctx, async (tx) => {
    const current = await load(tx, ctx.tenantId, id, true);
    if (input.job_kind !== undefined || input.payload !== undefined) assertRunnable(input.job_kind ?? current.job_kind, input.payload ?? current.payload);
    const cron = input.preset || input.cron ? cronOf(input.preset, input.cron) : current.cron;
    const timezone = input.timezone ?? current.timezone;
    const active = input.active ?? current.active;
    const [row] = await queryRows<Record<string, unknown>>(tx, sql`
      UPDATE job_schedules SET name = ${input.name ?? current.name}, job_kind = ${input.job_kind ?? current.job_kind}, preset = ${presetOf(cron)},
        cron = ${cron}, timezone = ${timezone}, payload = ${JSON.stringify(input.payload ?? current.payload)}::jsonb, active = ${active},
        next_run_at = ${nextRun(cron, timezone, active)}::timestamptz, updated_at = now()
      WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid
      RETURNING ${COLUMNS}`);
    return toDto(row!);
  });
}

export async function deleteSchedule(ctx: TenantCtx, rawId: string): Promise<void> {
  const id = assertId(rawId, 'Schedule');
  await withTenant(ctx, async (tx) => {
    const rows = await queryRows(tx, sql`DELETE FROM job_schedules WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid RETURNING id`);
    if (rows.length === 0) throw notFound('Schedule');
  });
}

interface DueRow {
  tenant_id: string;
  id: string;
  job_kind: string;
  cron: string;
  timezone: string;
  payload: Record<string, unknown>;
  created_by: string | null;
  next_run_at: string | Date;
}

/**
 * One tick: every active schedule whose next_run_at has come enqueues its job and moves on to the next due time
 * after `now`, in one transaction. Rows are claimed FOR UPDATE SKIP LOCKED and the job's dedupe key names the
 * due time, so two processes ticking at once fire each due time once. Runs missed while no process ticked fire
 * once, not once per missed time. A run whose job cannot be enqueued (its payload no longer fits its kind, say)
 * failed: it is logged as an error and leaves last_run_at and last_job_id as they were, so the schedule does not
 * show a run that never happened; next_run_at still moves on, so the next due time is tried. Answers how many
 * fired (failed runs not counted).
 */
export async function runDueSchedules(deps: AppDeps, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  return withJobWorker(deps.database.db, async (tx) => {
    const due = await queryRows<DueRow>(tx, sql`
      SELECT tenant_id, id, job_kind, cron, timezone, payload, created_by, next_run_at FROM job_schedules
      WHERE active AND next_run_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_run_at LIMIT 100 FOR UPDATE SKIP LOCKED`);
    let fired = 0;
    for (const s of due) {
      const dueAt = new Date(s.next_run_at).toISOString();
      let jobId: string | null = null;
      // A savepoint per schedule: one that fails rolls back only its own run, the rest still fire.
      try {
        jobId = await tx.transaction(async (sp) => {
          await enterTenant(sp, s.tenant_id, { userId: s.created_by });
          return enqueueJob(sp, s.tenant_id, { kind: s.job_kind, payload: s.payload, userId: s.created_by, dedupeKey: `schedule:${s.id}:${dueAt}` });
        });
        fired += 1;
      } catch (err) {
        log.error({ err, tenant: s.tenant_id, schedule: s.id, job_kind: s.job_kind, due_at: dueAt }, 'scheduled run failed: its job could not be enqueued');
      }
      await tx.execute(sql`
        UPDATE job_schedules SET next_run_at = ${nextRun(s.cron, s.timezone, true, now)}::timestamptz
          ${jobId ? sql`, last_run_at = ${dueAt}::timestamptz, last_job_id = ${jobId}::uuid` : sql``}
        WHERE tenant_id = ${s.tenant_id}::uuid AND id = ${s.id}::uuid`);
    }
    return fired;
  });
}

/** The schedule tick of a worker process: every 15 s, so a minute-granular cron fires within 15 s of its time. */
export function startScheduleTicker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = 15_000): () => Promise<void> {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    current = current.then(() => runDueSchedules(deps, log)).catch((err: unknown) => log.error({ err }, 'schedule tick failed'));
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
