import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Processes (channel connections) as far as inbound webhooks need them: secret, received payloads, replay. */
export function registerProcessRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
