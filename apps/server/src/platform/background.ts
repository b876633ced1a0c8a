import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './http/context';
import { startJobWorker } from './jobs/jobs';
import { startWebhookDispatcher } from '../modules/webhooks/webhook-dispatcher';

/**
 * The background work of a process: the job queue and the webhook delivery loop. Every API process
 * runs it unless JOB_WORKER=off; `npm run worker` runs it alone. Answers a stop function.
 */
export function startBackgroundWork(deps: AppDeps, log: FastifyBaseLogger): () => Promise<void> {
  const stops = [startJobWorker(deps, log), startWebhookDispatcher(deps, log)];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
