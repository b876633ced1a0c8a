import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIloc, ZIlocCreate, ZIlocUpdate, ZListQuery, ZNoContent, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { tenantCtx } from '../../platform/http/permissions';
import { archiveIloc, createIloc, deleteIloc, getIloc, listIlocs, updateIloc } from './ilocs.service';

const ZTenant = z.object({ tenantId: z.string().max(64) });
const ZIlocParams = ZTenant.extend({ ilocId: z.string().max(64) });
const tenantRoles = ['owner', 'tenant'] as const;

export function registerIlocRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['ilocs'];
  const base = '/tenants/:tenantId/ilocs';
  const ctxFor = (req: Parameters<typeof authedCtx>[0], tenantId: string) => tenantCtx(authedCtx(req, deps), tenantId);

  app.get(base, { config: { access: { roles: tenantRoles, permission: 'read-iloc' } }, schema: { tags, params: ZTenant, querystring: ZListQuery, response: { 200: pageOf(ZIloc) } } },
    async (req) => listIlocs(await ctxFor(req, req.params.tenantId), req.query));
  app.post(base, { config: { access: { roles: tenantRoles, permission: 'create-iloc' } }, schema: { tags, params: ZTenant, body: ZIlocCreate, response: { 201: dataOf(ZIloc) } } },
    async (req, reply) => reply.status(201).send({ data: await createIloc(await ctxFor(req, req.params.tenantId), req.body) }));
  app.get(`${base}/:ilocId`, { config: { access: { roles: tenantRoles, permission: 'read-iloc' } }, schema: { tags, params: ZIlocParams, response: { 200: dataOf(ZIloc) } } },
    async (req) => ({ data: await getIloc(await ctxFor(req, req.params.tenantId), req.params.ilocId) }));
  app.put(`${base}/:ilocId`, { config: { access: { roles: tenantRoles, permission: 'update-iloc' } }, schema: { tags, params: ZIlocParams, body: ZIlocUpdate, response: { 200: dataOf(ZIloc) } } },
    async (req) => ({ data: await updateIloc(await ctxFor(req, req.params.tenantId), req.params.ilocId, req.body) }));
  app.patch(`${base}/:ilocId/archive-iloc`, {
    config: { access: { roles: tenantRoles, permission: 'update-iloc' } },
    // No body at all (fastify hands the validator null) means archive, as spec 7's client calls it.
    schema: { tags, params: ZIlocParams, body: z.object({ archived: z.boolean().default(true) }).strict().nullish(), response: { 200: dataOf(ZIloc) } },
  }, async (req) => ({ data: await archiveIloc(await ctxFor(req, req.params.tenantId), req.params.ilocId, req.body?.archived ?? true) }));
  app.delete(`${base}/:ilocId`, { config: { access: { roles: tenantRoles, permission: 'delete-iloc' } }, schema: { tags, params: ZIlocParams, response: { 204: ZNoContent } } },
    async (req, reply) => {
      await deleteIloc(await ctxFor(req, req.params.tenantId), req.params.ilocId);
      return reply.status(204).send();
    });
}
