import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListQuery } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { createWarehouse, deleteWarehouse, getWarehouse, listWarehouses, updateWarehouse } from './warehouses.service';
import { testWarehouseConnection } from './warehouse-connection.service';
import { ZConnectionCheck, ZNoContent, ZWarehouse, ZWarehouseCreate, ZWarehouseUpdate, dataOf, pageOf } from '@omnio/domain';

const owner = ['owner'] as const;
const access = (permission: string) => ({ access: { roles: owner, permission } });
const ZIdParams = z.object({ id: z.string().max(64) });

/** The platform's warehouses, owner only (docs/api-warehouses.md). */
export function registerWarehouseRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['warehouses'];
  app.get('/warehouses', { config: access('read-warehouse'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZWarehouse) } } },
    async (req) => listWarehouses(authedCtx(req, deps), req.query));
  app.post('/warehouses', { config: access('create-warehouse'), schema: { tags, body: ZWarehouseCreate, response: { 201: dataOf(ZWarehouse) } } },
    async (req, reply) => reply.status(201).send({ data: await createWarehouse(authedCtx(req, deps), req.body) }));
  app.get('/warehouses/:id', { config: access('read-warehouse'), schema: { tags, params: ZIdParams, response: { 200: dataOf(ZWarehouse) } } },
    async (req) => ({ data: await getWarehouse(authedCtx(req, deps), req.params.id) }));
  app.put('/warehouses/:id', { config: access('update-warehouse'), schema: { tags, params: ZIdParams, body: ZWarehouseUpdate, response: { 200: dataOf(ZWarehouse) } } },
    async (req) => ({ data: await updateWarehouse(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/warehouses/:id', { config: access('delete-warehouse'), schema: { tags, params: ZIdParams, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteWarehouse(authedCtx(req, deps), req.params.id);
    return reply.status(204).send();
  });
  app.post('/warehouses/:id/test-connection', { config: access('update-warehouse'), schema: { tags, params: ZIdParams, response: { 200: dataOf(ZConnectionCheck) } } },
    async (req) => ({ data: await testWarehouseConnection(authedCtx(req, deps), req.params.id) }));
}
