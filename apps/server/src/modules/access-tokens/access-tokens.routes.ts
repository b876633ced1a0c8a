import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** API access tokens: created and shown once, listed, revoked. */
export function registerAccessTokenRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
