import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RETURN_ACTION_PERMISSION, SHIPMENT_ACTION_PERMISSIONS, ZListQuery, ZOrderReturnableLine, ZReturn, ZReturnCreate, ZReturnReceive, ZReturnRefund, ZReturnSummary,
  ZShipmentReturn, dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { access, tenantRequestCtx, ZIdParam, ZNoBody } from '../shipments/route-kit';
import {
  changeReturnStatus, createReturn, createShipmentReturn, getReturn, listReturns, orderReturnable, receiveReturn, refundReturn,
} from './returns.service';

/** Returns of shipped orders (docs/api-orders.md "Returns"). */
export function registerReturnRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];
  app.get('/returns', { config: access('read-returns'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZReturnSummary) } } },
    async (req) => listReturns(tenantRequestCtx(req, deps), req.query));
  app.post('/returns', { config: access('create-returns'), schema: { tags, body: ZReturnCreate, response: { 201: dataOf(ZReturn) } } },
    async (req, reply) => reply.status(201).send({ data: await createReturn(tenantRequestCtx(req, deps), req.body) }));
  app.get('/returns/:id', { config: access('read-returns'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZReturn) } } },
    async (req) => ({ data: await getReturn(tenantRequestCtx(req, deps), req.params.id) }));
  for (const action of ['submit', 'approve', 'reject'] as const) {
    app.post(`/returns/:id/${action}`, { config: access(RETURN_ACTION_PERMISSION[action]), schema: { tags, params: ZIdParam, body: ZNoBody, response: { 200: dataOf(ZReturn) } } },
      async (req) => ({ data: await changeReturnStatus(tenantRequestCtx(req, deps), req.params.id, action) }));
  }
  app.post('/returns/:id/receive', { config: access(RETURN_ACTION_PERMISSION.receive), schema: { tags, params: ZIdParam, body: ZReturnReceive, response: { 200: dataOf(ZReturn) } } },
    async (req) => ({ data: await receiveReturn(tenantRequestCtx(req, deps), req.params.id, req.body) }));
  app.post('/returns/:id/refund', { config: access(RETURN_ACTION_PERMISSION.refund), schema: { tags, params: ZIdParam, body: ZReturnRefund.nullish(), response: { 200: dataOf(ZReturn) } } },
    async (req) => ({ data: await refundReturn(tenantRequestCtx(req, deps), req.params.id, req.body ?? {}) }));
  // What a new return of the order may claim, per line (the start-a-return form): under the order's path.
  app.get('/orders/:id/returnable', {
    config: access('create-returns'), schema: { tags, params: ZIdParam, response: { 200: dataOf(z.array(ZOrderReturnableLine)) } },
  }, async (req) => ({ data: await orderReturnable(tenantRequestCtx(req, deps), req.params.id) }));
  // A return of a shipment's units, under the shipment's path and tag: answers the new return (the shipment
  // moves when its units are received).
  app.post('/shipments/:id/return', {
    config: access(SHIPMENT_ACTION_PERMISSIONS.return[0]!), schema: { tags: ['shipments'], params: ZIdParam, body: ZShipmentReturn, response: { 201: dataOf(ZReturn) } },
  }, async (req, reply) => reply.status(201).send({ data: await createShipmentReturn(tenantRequestCtx(req, deps), req.params.id, req.body) }));
}
