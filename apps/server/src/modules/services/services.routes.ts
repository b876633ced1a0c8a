import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVICE_ACTIONS, ZListQuery, ZNoContent, ZServiceCatalogItem, ZServiceCreate, ZServiceUpdate, ZServiceView, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import type { RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { createService, deleteService, getService, listCatalog, listServices, transitionService, updateService } from './services.service';

const owner = (permission: string): { access: RouteAccess } => ({ access: { roles: ['owner'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });

/** Owner: the integration catalogue (spec 2 /admin/services). Tenants: the catalogue they install from. */
export function registerServiceRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['services'];
  // What a tenant may install (a static path: the router prefers it to /services/:id).
  app.get('/services/catalog', { config: { access: { roles: ['tenant'], permission: 'read-process' } }, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZServiceCatalogItem) } } },
    async (req) => listCatalog(authedCtx(req, deps), req.query));
  app.get('/services', { config: owner('read-service'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZServiceView) } } },
    async (req) => listServices(authedCtx(req, deps), req.query));
  app.post('/services', { config: owner('create-service'), schema: { tags, body: ZServiceCreate, response: { 201: dataOf(ZServiceView) } } },
    async (req, reply) => reply.status(201).send({ data: await createService(authedCtx(req, deps), req.body) }));
  app.get('/services/:id', { config: owner('read-service'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZServiceView) } } },
    async (req) => ({ data: await getService(authedCtx(req, deps), req.params.id) }));
  app.put('/services/:id', { config: owner('update-service'), schema: { tags, params: ZIdParam, body: ZServiceUpdate, response: { 200: dataOf(ZServiceView) } } },
    async (req) => ({ data: await updateService(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/services/:id', { config: owner('delete-service'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteService(authedCtx(req, deps), req.params.id);
    return reply.status(204).send();
  });
  for (const action of SERVICE_ACTIONS) {
    app.post(`/services/:id/${action}`, { config: owner('update-service'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZServiceView) } } },
      async (req) => ({ data: await transitionService(authedCtx(req, deps), req.params.id, action) }));
  }
}
