import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { defineJob } from '../../platform/jobs/jobs';
import { registerSchedulableJob } from '../schedules/schedulable';

export const DASHBOARD_FOLD_JOB = 'dashboard.fold';
/** Deltas of each kind per fold statement: a short transaction that holds few rollup row locks at a time. */
const FOLD_BATCH = 5000;
/** While deltas keep coming, the fold comes back this often; a quiet company's fold stops until a read restarts it. */
const FOLD_EVERY_MS = 60_000;

/**
 * Moves the transaction tenant's pending deltas into the rollups (dashboard_fold, migration 0040). Safe beside
 * another fold (SKIP LOCKED: each delta is folded once) and beside imports (they only append deltas). Figures
 * do not depend on it, since reads add the pending deltas; it keeps those few.
 */
export async function foldDashboard(tx: Tx, maxRounds = 200): Promise<number> {
  let folded = 0;
  for (let round = 0; round < maxRounds; round++) {
    const [row] = await queryRows<{ n: number }>(tx, sql`SELECT dashboard_fold(${FOLD_BATCH}) AS n`);
    const n = Number(row?.n ?? 0);
    folded += n;
    if (n === 0) break;
  }
  return folded;
}

/**
 * Whether the tenant has deltas waiting and no fold queued to take them (index probes only). The queued check
 * comes first so readers do not all write the same deduplicated job row and wait on each other's commit.
 */
export async function foldWanted(tx: Tx, tenantId: string): Promise<boolean> {
  const [row] = await queryRows<{ wanted: boolean }>(tx, sql`
    SELECT NOT EXISTS (SELECT 1 FROM jobs WHERE tenant_id = ${tenantId}::uuid AND kind = ${DASHBOARD_FOLD_JOB} AND status = 'PENDING')
      AND (EXISTS (SELECT 1 FROM dashboard_order_days_delta WHERE tenant_id = ${tenantId}::uuid)
        OR EXISTS (SELECT 1 FROM dashboard_sku_days_delta WHERE tenant_id = ${tenantId}::uuid)
        OR EXISTS (SELECT 1 FROM dashboard_iloc_days_delta WHERE tenant_id = ${tenantId}::uuid)) AS wanted`);
  return row?.wanted === true;
}

export const dashboardFoldJob = defineJob({
  name: DASHBOARD_FOLD_JOB,
  payload: z.object({}).passthrough(),
  retryLimit: 2,
  notifyOnFailure: false,
  handler: async (job) => {
    const folded = await job.inTenant((tx) => foldDashboard(tx));
    // A cron of its own making: while imports keep adding deltas the fold returns a minute later (one pending
    // fold per company, by the dedupe key); once a run finds nothing, it rests until a dashboard read wakes it.
    if (folded > 0) {
      await job.inTenant((tx) => scheduleFold(tx, job.tenantId, new Date(Date.now() + FOLD_EVERY_MS)));
    }
    return { folded };
  },
});

export function scheduleFold(tx: Tx, tenantId: string, runAt: Date | null = null): Promise<string> {
  return dashboardFoldJob.enqueue(tx, tenantId, {}, { dedupeKey: 'fold', runAt });
}

/** Registers this module's job kinds (process-wide; app.ts and worker.ts both call it through job-kinds.ts). */
export function registerDashboardJobs(): void {
  registerSchedulableJob(DASHBOARD_FOLD_JOB, { label: 'Dashboard figures (fold recent order changes)' });
}
