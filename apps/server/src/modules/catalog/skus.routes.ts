import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, pageOf, SKU_ACTION_PERMISSION, SKU_ACTIONS, ZListQuery, ZNoContent, ZSku, ZSkuCreate, ZSkuUpdate } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { access, catalogCtx, confirmable, ZIdParam } from './route-kit';
import { changeSkuStatus, createSku, deleteSku, getSku, listSkus, updateSku } from './skus.service';

export function registerSkuRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  app.get('/skus', { config: access('read-product'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZSku) } } },
    async (req) => listSkus(catalogCtx(req, deps), req.query));
  app.post('/skus', { config: access('create-product'), schema: { tags, body: ZSkuCreate, response: { 201: dataOf(ZSku) } } },
    async (req, reply) => reply.status(201).send({ data: await createSku(catalogCtx(req, deps), req.body) }));
  app.get('/skus/:id', { config: access('read-product'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZSku) } } },
    async (req) => ({ data: await getSku(catalogCtx(req, deps), req.params.id) }));
  app.put('/skus/:id', { config: access('update-product'), schema: { tags, params: ZIdParam, body: ZSkuUpdate, response: { 200: dataOf(ZSku) } } },
    async (req, reply) => confirmable(reply, () => updateSku(catalogCtx(req, deps), req.params.id, req.body)));
  app.delete('/skus/:id', { config: access('delete-product'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => {
      await deleteSku(catalogCtx(req, deps), req.params.id);
      return reply.status(204).send();
    });
  // One route per lifecycle action of the transition table; each declares the permission the table names.
  for (const action of SKU_ACTIONS) {
    app.post(`/skus/:id/${action}`, {
      config: access(SKU_ACTION_PERMISSION[action]),
      schema: { tags, params: ZIdParam, body: z.object({}).strict().nullish(), response: { 200: dataOf(ZSku) } },
    }, async (req) => ({ data: await changeSkuStatus(catalogCtx(req, deps), req.params.id, action) }));
  }
}
