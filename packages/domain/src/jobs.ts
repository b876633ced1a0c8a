import { z } from 'zod';
import { ZTimestamp } from './responses';

/** Background jobs (bulk cancel, CSV imports, feeds) as GET /jobs and GET /jobs/{id} answer them. */

export const JOB_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const;

// ---- Answers (the response contract; see responses.ts) ----

export const ZJob = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 0–100. */
  progress: z.number(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** What the job's kind reports when it ends (an import's report, a bulk action's counts). */
  result: z.unknown(),
  error: z.string().nullable(),
  user_id: z.string().nullable(),
  run_at: ZTimestamp,
  created_at: ZTimestamp,
  started_at: ZTimestamp.nullable(),
  finished_at: ZTimestamp.nullable(),
});
export type JobDto = z.input<typeof ZJob>;

/** The answer of a route that hands its work to a job (202): the job to poll. */
export const ZJobStarted = z.object({ job_id: z.string(), status: z.literal('PENDING') });
export type JobStartedDto = z.input<typeof ZJobStarted>;
