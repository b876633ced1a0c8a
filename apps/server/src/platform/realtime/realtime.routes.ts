import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Spec 7: the broadcasting auth endpoint that says whether a user may join a private channel. */
export function registerBroadcastingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
