import { z } from 'zod';
import { ZTimestamp } from './responses';

/** Answers of the platform's own routes: health, readiness, metrics and the development mail sink. */

/** GET /api/health: the process answers (liveness). */
export const ZHealth = z.object({ status: z.literal('ok') });

const ZUp = z.enum(['ok', 'unavailable']);

/** GET /api/ready (200 when ready, 503 with the same shape when not). */
export const ZReady = z.object({
  status: ZUp,
  database: ZUp,
  jobs: z.object({
    /** Whether this process works the queue (JOB_WORKER=off leaves it to worker processes). */
    worker: z.enum(['running', 'off']),
    /** Jobs waiting to start, and the age of the oldest, over the whole installation. */
    queued: z.number().int().nullable(),
    oldest_queued_seconds: z.number().int().nullable(),
  }),
});
export type ReadyDto = z.input<typeof ZReady>;

/** GET /metrics: Prometheus' text exposition format, not JSON; the schema documents the route only. */
export const ZPrometheusText = z.string().describe('Prometheus text exposition format (text/plain; version=0.0.4)');

/** GET /api/dev/mail (outside production): one mail the built-in SMTP sink caught, newest first. */
export const ZCaughtMail = z.object({
  id: z.number().int(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** What was attached (names, types, sizes): enough for a test to see a PDF went out. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  date: ZTimestamp,
});
export type CaughtMailDto = z.input<typeof ZCaughtMail>;
export const ZCaughtMailList = z.array(ZCaughtMail);
/** GET /metrics' refusal when METRICS_TOKEN is set and the bearer does not match. */
export const ZMetricsRefusal = z.object({ message: z.string() });
