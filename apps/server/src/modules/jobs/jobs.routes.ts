import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOB_STATUSES, ZJob, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { assertId, notFound } from '../../platform/http/errors';
import { withTenant } from '../../platform/db/tenant';
import { getJob } from '../../platform/jobs/jobs';
import { listJobs } from './jobs.service';

const ZJobList = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  kind: z.string().max(120).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  mine: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

/** GET /jobs/{id}: progress of long work (bulk cancel, CSV import) for the caller's company; GET /jobs: the list. */
export function registerJobRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const config = { access: { roles: ['tenant'] as const } };
  app.get('/jobs', { config, schema: { tags: ['jobs'], querystring: ZJobList, response: { 200: pageOf(ZJob) } } }, async (req) => listJobs(activeTenantCtx(authedCtx(req, deps)), req.query));
  app.get('/jobs/:id', { config, schema: { tags: ['jobs'], params: z.object({ id: z.string().max(64) }), response: { 200: dataOf(ZJob) } } }, async (req) => {
    const ctx = activeTenantCtx(authedCtx(req, deps));
    const id = assertId(req.params.id, 'Job');
    const job = await withTenant(ctx, (tx) => getJob(tx, ctx.tenantId, id));
    if (!job) throw notFound('Job');
    return { data: job };
  });
}
