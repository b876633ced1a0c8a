import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './http/context';
import { startJobWorker } from './jobs/jobs';
import { startQueueSupervisor } from './jobs/queue';

/** A loop a module runs beside the job queue (the cron schedule tick, the webhook delivery loop); answers its stop. */
export type BackgroundLoop = (deps: AppDeps, log: FastifyBaseLogger) => () => Promise<void>;

/**
 * The background work of a process: the job queue (and its pg-boss maintenance) and the modules' loops, which
 * the composition root names (BACKGROUND_LOOPS in composition.ts). Every API process runs it unless
 * JOB_WORKER=off; `npm run worker` runs it alone. Answers a stop function: running jobs finish first; none is
 * lost (an unfinished one is retried).
 */
export async function startBackgroundWork(deps: AppDeps, log: FastifyBaseLogger, loops: readonly BackgroundLoop[]): Promise<() => Promise<void>> {
  const stopSupervisor = await startQueueSupervisor(deps.database);
  const stops = [startJobWorker(deps, log), ...loops.map((start) => start(deps, log))];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await stopSupervisor();
  };
}
