import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVICE_ACTIONS, ZAppServiceCreate, ZAppServiceUpdate, ZAppServiceView, ZListQuery, ZNoContent, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import type { RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import {
  createAppService, deleteAppService, getAppService, listAppServices, rotateAppServiceSecret, transitionAppService, updateAppService,
} from './app-services.service';

const owner = (permission: string): { access: RouteAccess } => ({ access: { roles: ['owner'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });

/** Owner: OAuth client applications (spec 2 /app-services, spec 7 generic verbs on /app_services). */
export function registerAppServiceRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['app services'];
  app.get('/app_services', { config: owner('read-app-service'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZAppServiceView) } } },
    async (req) => listAppServices(authedCtx(req, deps), req.query));
  app.post('/app_services', { config: owner('create-app-service'), schema: { tags, body: ZAppServiceCreate, response: { 201: dataOf(ZAppServiceView) } } },
    async (req, reply) => reply.status(201).send({ data: await createAppService(authedCtx(req, deps), req.body) }));
  app.get('/app_services/:id', { config: owner('read-app-service'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZAppServiceView) } } },
    async (req) => ({ data: await getAppService(authedCtx(req, deps), req.params.id) }));
  app.put('/app_services/:id', { config: owner('update-app-service'), schema: { tags, params: ZIdParam, body: ZAppServiceUpdate, response: { 200: dataOf(ZAppServiceView) } } },
    async (req) => ({ data: await updateAppService(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/app_services/:id', { config: owner('delete-app-service'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteAppService(authedCtx(req, deps), req.params.id);
    return reply.status(204).send();
  });
  for (const action of SERVICE_ACTIONS) {
    app.post(`/app_services/:id/${action}`, { config: owner('update-app-service'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZAppServiceView) } } },
      async (req) => ({ data: await transitionAppService(authedCtx(req, deps), req.params.id, action) }));
  }
  app.post('/app_services/:id/rotate-secret', { config: owner('update-app-service'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZAppServiceView) } } },
    async (req) => ({ data: await rotateAppServiceSecret(authedCtx(req, deps), req.params.id) }));
}
