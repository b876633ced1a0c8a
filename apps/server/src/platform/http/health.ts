import type { FastifyInstance } from 'fastify';
import { ZHealth, ZReady } from '@omnio/domain';
import { readQueueDepth } from '../jobs/queue';
import { jobWorkersRunning } from '../jobs/jobs';
import type { AppDeps } from './context';

/** How long a readiness probe waits for the database before saying it is unavailable. */
const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: the database answers and the job
 * queue can be read). A load balancer sends traffic on readiness; an orchestrator restarts on liveness only,
 * so a database outage does not restart every API process at once.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', { schema: { tags: ['platform'], response: { 200: ZHealth } } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { schema: { tags: ['platform'], response: { 200: ZReady, 503: ZReady } } }, async (request, reply) => {
    const worker = jobWorkersRunning() > 0 ? ('running' as const) : ('off' as const);
    try {
      const depth = await withTimeout(readQueueDepth(deps.database), PROBE_TIMEOUT_MS);
      return { status: 'ok' as const, database: 'ok' as const, jobs: { worker, queued: depth.queued, oldest_queued_seconds: depth.oldestSeconds } };
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unavailable');
      return reply.status(503).send({ status: 'unavailable', database: 'unavailable', jobs: { worker, queued: null, oldest_queued_seconds: null } });
    }
  });
}
