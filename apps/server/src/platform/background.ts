import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './http/context';
import { startJobWorker } from './jobs/jobs';
import { startQueueSupervisor } from './jobs/queue';
import { startScheduleTicker } from '../modules/schedules/schedules.service';
import { startWebhookDispatcher } from '../modules/webhooks/webhook-dispatcher';

/**
 * The background work of a process: the job queue (and its pg-boss maintenance), the cron schedule tick and
 * the webhook delivery loop. Every API process runs it unless JOB_WORKER=off; `npm run worker` runs it alone.
 * Answers a stop function: running jobs finish first; none is lost (an unfinished one is retried).
 */
export async function startBackgroundWork(deps: AppDeps, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const stopSupervisor = await startQueueSupervisor(deps.database);
  const stops = [startJobWorker(deps, log), startScheduleTicker(deps, log), startWebhookDispatcher(deps, log)];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await stopSupervisor();
  };
}
