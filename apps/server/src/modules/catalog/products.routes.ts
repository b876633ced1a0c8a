import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, pageOf, ZListQuery, ZNoContent, ZProduct, ZProductCreate, ZProductUpdate } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { access, catalogCtx, confirmable, ZIdParam } from './route-kit';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products.service';

export function registerProductRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  app.get('/products', { config: access('read-product'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZProduct) } } },
    async (req) => listProducts(catalogCtx(req, deps), req.query));
  app.post('/products', { config: access('create-product'), schema: { tags, body: ZProductCreate, response: { 201: dataOf(ZProduct) } } },
    async (req, reply) => reply.status(201).send({ data: await createProduct(catalogCtx(req, deps), req.body) }));
  app.get('/products/:id', { config: access('read-product'), schema: { tags, params: ZIdParam, querystring: z.object({ include: z.string().max(200).optional() }), response: { 200: dataOf(ZProduct) } } },
    async (req) => ({ data: await getProduct(catalogCtx(req, deps), req.params.id, req.query.include) }));
  app.put('/products/:id', { config: access('update-product'), schema: { tags, params: ZIdParam, body: ZProductUpdate, response: { 200: dataOf(ZProduct) } } },
    async (req, reply) => confirmable(reply, () => updateProduct(catalogCtx(req, deps), req.params.id, req.body)));
  app.delete('/products/:id', { config: access('delete-product'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => {
      await deleteProduct(catalogCtx(req, deps), req.params.id);
      return reply.status(204).send();
    });
}
