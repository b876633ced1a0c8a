import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Spec 7 notifications: list per user, mark read, mark unread. */
export function registerNotificationRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
