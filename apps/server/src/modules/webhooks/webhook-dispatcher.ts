import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** The delivery loop of a server or worker process; answers a stop function. */
export function startWebhookDispatcher(deps: AppDeps, log: FastifyBaseLogger): () => Promise<void> {
  void deps;
  void log;
  return async () => {};
}
