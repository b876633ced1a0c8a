import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListQuery, ZNoContent, ZSupplyEvent, ZTransfer, ZTransferInput, ZTransferSummary, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { transferAction } from './transfer-actions';
import { createTransfer, deleteTransfer, getTransfer, getTransferEvents, listTransfers, updateTransfer } from './transfers.service';

/** Transfers between ilocs (docs/api-supply-chain.md "Transfers"), tenant users only; their shipments are in supply-shipments. */

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });
const ZId = z.object({ id: z.string().max(64) });
const ZNoBody = z.object({}).strict().nullish();
const BODY = { bodyLimit: 8 * 1024 * 1024 };

export function registerTransferRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['transfers'];
  app.get('/transfers', { config: access('read-transfer'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZTransferSummary) } } },
    async (req) => listTransfers(ctxOf(req, deps), req.query));
  app.post('/transfers', { config: access('create-transfer'), ...BODY, schema: { tags, body: ZTransferInput, response: { 201: dataOf(ZTransfer) } } },
    async (req, reply) => reply.status(201).send({ data: await createTransfer(ctxOf(req, deps), req.body) }));
  app.get('/transfers/:id', { config: access('read-transfer'), schema: { tags, params: ZId, querystring: z.object({ include: z.string().max(200).optional() }), response: { 200: dataOf(ZTransfer) } } },
    async (req) => ({ data: await getTransfer(ctxOf(req, deps), req.params.id, req.query.include) }));
  app.get('/transfers/:id/events', { config: access('read-transfer'), schema: { tags, params: ZId, querystring: ZListQuery, response: { 200: pageOf(ZSupplyEvent) } } },
    async (req) => getTransferEvents(ctxOf(req, deps), req.params.id, req.query));
  app.put('/transfers/:id', { config: access('update-transfer'), ...BODY, schema: { tags, params: ZId, body: ZTransferInput, response: { 200: dataOf(ZTransfer) } } },
    async (req) => ({ data: await updateTransfer(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/transfers/:id', { config: access('delete-transfer'), schema: { tags, params: ZId, response: { 204: ZNoContent } } },
    async (req, reply) => {
      await deleteTransfer(ctxOf(req, deps), req.params.id);
      return reply.status(204).send();
    });
  for (const action of ['confirm', 'complete', 'cancel'] as const) {
    app.post(`/transfers/:id/${action}`, { config: access('update-transfer'), schema: { tags, params: ZId, body: ZNoBody, response: { 200: dataOf(ZTransfer) } } },
      async (req) => ({ data: await transferAction(ctxOf(req, deps), req.params.id, action) }));
  }
}
