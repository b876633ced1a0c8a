import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Spec 7 inbound webhook URLs: public, verified by the process's secret, stored, then worked by a job. */
export function registerInboundWebhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
