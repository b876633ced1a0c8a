import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../platform/db/rows';
import { defineJob } from '../../platform/jobs/jobs';
import { registerSchedulableJob } from './schedulable';

export const JOBS_CLEANUP_JOB = 'jobs.cleanup';

/**
 * A real schedulable kind: forgets the tenant's finished background tasks (GET /jobs) older than N days, so the
 * task history stays short. Running and pending tasks are never touched.
 */
export const jobsCleanup = defineJob({
  name: JOBS_CLEANUP_JOB,
  payload: z.object({ older_than_days: z.number().int().min(1).max(3650).default(30) }).strict(),
  retryLimit: 1,
  async handler(job) {
    return job.inTenant(async (tx) => {
      const rows = await queryRows<{ id: string }>(tx, sql`
        DELETE FROM jobs WHERE tenant_id = ${job.tenantId}::uuid AND status IN ('COMPLETED', 'FAILED')
          AND finished_at < now() - make_interval(days => ${job.payload.older_than_days}) AND id <> ${job.id}::uuid
        RETURNING id`);
      return { deleted: rows.length };
    });
  },
});

/** Registers this module's job kinds (process-wide; app.ts and worker.ts both call it through job-kinds.ts). */
export function registerScheduleJobs(): void {
  registerSchedulableJob(JOBS_CLEANUP_JOB, { label: 'Clean up finished background tasks' });
}
