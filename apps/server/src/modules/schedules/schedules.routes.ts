import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNoContent, ZSchedulableJobKind, ZSchedule, ZScheduleCreate, ZScheduleUpdate, dataOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { schedulableJobKinds } from './schedulable';
import { createSchedule, deleteSchedule, getSchedule, listSchedules, updateSchedule } from './schedules.service';

const tenantOnly = ['tenant'] as const;
// /advanced belongs to whoever manages the company's users; schedules run work on the company's behalf.
const read = { access: { roles: tenantOnly, permission: 'read-users-company' } };
const write = { access: { roles: tenantOnly, permission: 'update-users-company' } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZId = z.object({ id: z.string().max(64) });

/** Cron schedules of a tenant (spec 9 presets and custom expressions); docs/api-jobs.md "Schedules". */
export function registerScheduleRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['schedules'];
  app.get('/schedules', { config: read, schema: { tags, response: { 200: dataOf(z.array(ZSchedule)) } } }, async (req) => ({ data: await listSchedules(ctxOf(req, deps)) }));
  app.get('/schedules/job-kinds', { config: read, schema: { tags, response: { 200: dataOf(z.array(ZSchedulableJobKind)) } } }, async () => ({ data: schedulableJobKinds() }));
  app.get('/schedules/:id', { config: read, schema: { tags, params: ZId, response: { 200: dataOf(ZSchedule) } } }, async (req) => ({ data: await getSchedule(ctxOf(req, deps), req.params.id) }));
  app.post('/schedules', { config: write, schema: { tags, body: ZScheduleCreate, response: { 201: dataOf(ZSchedule) } } }, async (req, reply) =>
    reply.status(201).send({ data: await createSchedule(ctxOf(req, deps), req.body) }));
  app.put('/schedules/:id', { config: write, schema: { tags, params: ZId, body: ZScheduleUpdate, response: { 200: dataOf(ZSchedule) } } },
    async (req) => ({ data: await updateSchedule(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/schedules/:id', { config: write, schema: { tags, params: ZId, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteSchedule(ctxOf(req, deps), req.params.id);
    return reply.status(204).send();
  });
}
