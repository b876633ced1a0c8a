import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/http/context';

/** Cron schedules of a tenant (spec 9 presets and custom expressions). */
export function registerScheduleRoutes(scope: FastifyInstance, deps: AppDeps): void {
  void scope;
  void deps;
}
