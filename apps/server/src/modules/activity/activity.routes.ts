import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** The activity log: who did what to which object. */
export function registerActivityRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
