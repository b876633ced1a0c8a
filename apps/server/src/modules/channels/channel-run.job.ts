import { countChannelRun } from '../../platform/http/metrics';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNEL_ACTIONS, CHANNEL_RUN_TRIGGERS, DEFAULT_KEEP_PAGES_DAYS, type ChannelAction } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { isUniqueViolation } from '../../platform/db/sql-state';
import { DomainError } from '../../platform/http/errors';
import { defineJob, FinalJobError, setJobFailureTitle, type RunningJob } from '../../platform/jobs/jobs';
import { ChannelCallError, type Connector, type ConnectorContext } from './connector';
import { ChannelHttp } from './http-client';
import { CHANNEL_RUN_JOB, missingCredentials } from './process-config';
import { loadChannelProcess, openCredentials, storeCredentials, type ChannelProcessRow } from './process-store';
import { connectorFor } from './registry';
import { RunRecorder } from './run-recorder';
import { runImportOrders } from './run-import-orders';
import { runSyncInventory } from './run-sync-inventory';
import { runUpdateTracking } from './run-update-tracking';
import { runImportProducts } from './run-import-products';

/**
 * One run of one action of one process: a pg-boss job (run now, a schedule, a shipment's tracking), a
 * feed-history row, one at a time per process and action. The connector does the talking; the use-case
 * files do the work in page-sized transactions that carry their cursor and the run's counts.
 */

export const ZChannelRunPayload = z.object({
  process_id: z.uuid(),
  action: z.enum(CHANNEL_ACTIONS),
  run_id: z.uuid().optional(),
  trigger: z.enum(CHANNEL_RUN_TRIGGERS).optional(),
  /** update_tracking: only these shipments (a shipment just shipped); absent: every one not yet sent. */
  shipment_ids: z.array(z.uuid()).max(1000).optional(),
}).strict();
export type ChannelRunPayload = z.infer<typeof ZChannelRunPayload>;

export interface RunContext {
  job: RunningJob<ChannelRunPayload>;
  process: ChannelProcessRow;
  connector: Connector;
  cctx: ConnectorContext;
  rec: RunRecorder;
  /** withTenant under the job's tenant and user. */
  inTenant<T>(fn: (tx: Tx) => Promise<T>, options?: { genericPlans?: boolean }): Promise<T>;
}

type ActionRunner = (run: RunContext) => Promise<Record<string, unknown> | void>;
const RUNNERS: Partial<Record<ChannelAction, ActionRunner>> = {
  import_orders: runImportOrders,
  sync_inventory: runSyncInventory,
  update_tracking: runUpdateTracking,
  import_products: runImportProducts,
};

interface RunRow { id: string; status: string; seq: number }

/** The run this job works: the one named in the payload, or a new one (a schedule's job names none). */
async function ensureRun(tx: Tx, job: RunningJob<ChannelRunPayload>): Promise<RunRow> {
  const p = job.payload;
  if (p.run_id) {
    const [row] = await queryRows<RunRow>(tx, sql`
      SELECT r.id, r.status, (SELECT coalesce(max(seq), 0) FROM channel_run_pages g WHERE g.tenant_id = r.tenant_id AND g.run_id = r.id)::int AS seq
      FROM channel_runs r WHERE r.id = ${p.run_id}::uuid`);
    if (row) return row;
  }
  const [row] = await queryRows<RunRow>(tx, sql`
    INSERT INTO channel_runs (tenant_id, ${p.run_id ? sql`id,` : sql``} process_id, action, trigger, job_id)
    VALUES (${job.tenantId}::uuid, ${p.run_id ? sql`${p.run_id}::uuid,` : sql``} ${p.process_id}::uuid, ${p.action}, ${p.trigger ?? 'schedule'}, ${job.id}::uuid)
    RETURNING id, status, 0 AS seq`);
  return row!;
}

async function finish(run: RunContext, status: 'COMPLETED' | 'FAILED', failure: string | null): Promise<void> {
  await run.inTenant(async (tx) => {
    await run.rec.flush(tx);
    await tx.execute(sql`
      UPDATE channel_runs SET status = ${status}, failure = ${failure}, finished_at = now(), lease_until = NULL
      WHERE tenant_id = ${run.job.tenantId}::uuid AND id = ${run.rec.runId}::uuid`);
    // Kept pages past their time go as runs end (no separate sweep to schedule).
    await tx.execute(sql`DELETE FROM channel_run_pages WHERE tenant_id = ${run.job.tenantId}::uuid AND expires_at < now()`);
  });
  countChannelRun(run.process.driver, run.job.payload.action, status);
}

export async function workChannelRun(job: RunningJob<ChannelRunPayload>): Promise<unknown> {
  const { config } = job.deps;
  const lease = config.channelRunLeaseSeconds;
  const inTenant: RunContext['inTenant'] = (fn, options) => job.inTenant(fn, options);
  const prepared = await inTenant(async (tx) => {
    const [exists] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM processes WHERE id = ${job.payload.process_id}::uuid`);
    if (!exists) return null;
    const process = await loadChannelProcess(tx, job.payload.process_id);
    const run = await ensureRun(tx, job);
    return { process, run };
  });
  if (!prepared) return { skipped: 'The process no longer exists' };
  const { process, run: runRow } = prepared;
  if (runRow.status === 'COMPLETED' || runRow.status === 'FAILED') return { run_id: runRow.id, skipped: `The run already ended ${runRow.status}` };

  const fail = async (message: string) => {
    await inTenant((tx) => tx.execute(sql`
      UPDATE channel_runs SET status = 'FAILED', failure = ${message}, finished_at = now(), started_at = coalesce(started_at, now()), lease_until = NULL
      WHERE tenant_id = ${job.tenantId}::uuid AND id = ${runRow.id}::uuid`));
    countChannelRun(process.driver, job.payload.action, 'FAILED');
    throw new FinalJobError(message);
  };
  const connector = connectorFor(process.driver);
  const runner = connector?.runners?.[job.payload.action] ?? RUNNERS[job.payload.action];
  if (!connector || !runner || !connector.actions.includes(job.payload.action)) await fail(`The ${process.driver} connector does not offer ${job.payload.action}`);
  if (process.status !== 'active') await fail(`The process is ${process.status}`);
  const credentials = openCredentials(config, process.credentials_sealed);
  const missing = missingCredentials(process.driver, credentials);
  if (missing.length) await fail(`Credentials missing: ${missing.join(', ')}`);

  // Claim the process and action: a run whose process died (its lease lapsed) is closed as failed first.
  try {
    await inTenant(async (tx) => {
      await tx.execute(sql`
        UPDATE channel_runs SET status = 'FAILED', failure = 'The process running it stopped before it finished', finished_at = now(), lease_until = NULL
        WHERE tenant_id = ${job.tenantId}::uuid AND process_id = ${process.id}::uuid AND action = ${job.payload.action}
          AND status = 'RUNNING' AND id <> ${runRow.id}::uuid AND lease_until < now()`);
      await tx.execute(sql`
        UPDATE channel_runs SET status = 'RUNNING', started_at = coalesce(started_at, now()), job_id = ${job.id}::uuid,
          lease_until = now() + make_interval(secs => ${lease}::int)
        WHERE tenant_id = ${job.tenantId}::uuid AND id = ${runRow.id}::uuid`);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another run of this action is working now: try again later, and give up after the job's last try.
    if (job.attempt >= 4) await fail('Another run of this action was still in progress');
    throw new Error('Another run of this action is in progress');
  }

  const rec = new RunRecorder(runRow.id, job.tenantId, process.settings?.keep_pages_days ?? DEFAULT_KEEP_PAGES_DAYS, runRow.seq, lease);
  const http = new ChannelHttp({
    allowPrivateTargets: config.channelAllowPrivateTargets, baseDelayMs: config.channelRetryBaseMs,
    onCall: (log) => rec.call(log), onPage: (page) => rec.page(page),
  });
  let current = credentials;
  const cctx: ConnectorContext = {
    processId: process.id, tenantId: job.tenantId, credentials, settings: process.settings ?? {}, http, log: job.log, config,
    saveCredentials: async (changes) => {
      current = { ...current, ...changes };
      Object.assign(cctx.credentials, changes);
      await inTenant((tx) => storeCredentials(tx, config, process.id, current));
    },
  };
  const run: RunContext = { job, process, connector: connector!, cctx, rec, inTenant };
  try {
    const result = await runner!(run);
    await finish(run, 'COMPLETED', null);
    return { run_id: runRow.id, counts: rec.counts, ...(result ?? {}) };
  } catch (err) {
    rec.discardPending();
    const message = err instanceof ChannelCallError || err instanceof DomainError ? err.message : `Unexpected: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof ChannelCallError) && !(err instanceof DomainError)) job.log.error({ err, run: runRow.id }, 'channel run failed');
    await finish(run, 'FAILED', message.slice(0, 2000));
    throw new FinalJobError(message);
  }
}

export const channelRunJob = defineJob({
  name: CHANNEL_RUN_JOB,
  payload: ZChannelRunPayload,
  // Retries only wait for another run of the same action to end; a failed run ends FAILED at once.
  retryLimit: 3,
  retryDelay: 5,
  // A run of 10,000 orders takes a while; a job whose process died is handed out again after this.
  expireInSeconds: 3600,
  handler: workChannelRun,
});

export function registerChannelRunJob(): void {
  setJobFailureTitle(CHANNEL_RUN_JOB, 'A channel run failed', 'channel_runs');
}
