import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZActivity, ZListQuery, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { getActivity, listActivity } from './activity.service';

/**
 * Spec 2/6: the user activity menu entry is for tenant and supplier users, not the owner. Every tenant or
 * supplier user may open it; the service narrows it to their own actions unless they may read the company's users.
 */
const access: { access: RouteAccess } = { access: { roles: ['tenant', 'supplier'] } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZIdParam = z.object({ id: z.string().max(64) });

/** The activity log: who did what to which object (docs/api-activity.md). */
export function registerActivityRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['activity'];
  app.get('/activity', { config: access, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZActivity) } } }, async (req) => listActivity(ctxOf(req, deps), req.query));
  app.get('/activity/:id', { config: access, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZActivity) } } }, async (req) => ({ data: await getActivity(ctxOf(req, deps), req.params.id) }));
}
