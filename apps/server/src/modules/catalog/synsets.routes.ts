import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, pageOf, ZListQuery, ZSku, ZSynsetCreate, ZSynsetUpdate } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { access, catalogCtx, ZIdParam } from './route-kit';
import { createSynset, getSynset, listSynsets, updateSynset } from './synsets.service';

/** Synsets are SKUs of type SYNSET (removal and discontinue go through /skus/{id}). */
export function registerSynsetRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  app.get('/synsets', { config: access('read-product'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZSku) } } },
    async (req) => listSynsets(catalogCtx(req, deps), req.query));
  app.post('/synsets', { config: access('create-product'), schema: { tags, body: ZSynsetCreate, response: { 201: dataOf(ZSku) } } },
    async (req, reply) => reply.status(201).send({ data: await createSynset(catalogCtx(req, deps), req.body) }));
  app.get('/synsets/:id', { config: access('read-product'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZSku) } } },
    async (req) => ({ data: await getSynset(catalogCtx(req, deps), req.params.id) }));
  app.put('/synsets/:id', { config: access('update-product'), schema: { tags, params: ZIdParam, body: ZSynsetUpdate, response: { 200: dataOf(ZSku) } } },
    async (req) => ({ data: await updateSynset(catalogCtx(req, deps), req.params.id, req.body) }));
}
