import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOwnerDashboard, dataOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { ownerDashboard } from './owner-dashboard.service';

/** Spec 2: /admin/dashboard is the owner's landing (freeAccess on the web); every owner may see it. */
export function registerOwnerDashboardRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/owner/dashboard', { config: { access: { roles: ['owner'] as const } }, schema: { tags: ['owner-dashboard'], response: { 200: dataOf(ZOwnerDashboard) } } },
    async (req) => ({ data: await ownerDashboard(authedCtx(req, deps)) }));
}
