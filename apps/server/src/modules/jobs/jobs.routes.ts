import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { assertId, notFound } from '../../platform/http/errors';
import { withTenant } from '../../platform/db/tenant';
import { getJob } from '../../platform/jobs/jobs';

/** GET /jobs/{id}: progress of long work (bulk cancel, CSV import) for the caller's company. */
export function registerJobRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/jobs/:id', { config: { access: { roles: ['tenant'] } }, schema: { tags: ['jobs'], params: z.object({ id: z.string().max(64) }) } }, async (req) => {
    const ctx = activeTenantCtx(authedCtx(req, deps));
    const id = assertId(req.params.id, 'Job');
    const job = await withTenant(ctx, (tx) => getJob(tx, ctx.tenantId, id));
    if (!job) throw notFound('Job');
    return { data: job };
  });
}
