import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Outgoing webhook subscriptions, their deliveries and 'send test'. */
export function registerWebhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
