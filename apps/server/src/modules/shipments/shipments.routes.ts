import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHIPMENT_ACTION_PERMISSIONS, ZListQuery, ZShipment, ZShipmentCreate, ZShipmentSummary, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { access, tenantRequestCtx, ZIdParam, ZNoBody } from './route-kit';
import { changeShipmentStatus, createShipment, getShipment, listShipments } from './shipments.service';

/** Shipments of orders with boxes (docs/api-orders.md "Shipments"). */
export function registerShipmentRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['shipments'];
  app.post('/orders/:id/shipments', { config: access('create-shipment'), schema: { tags, params: ZIdParam, body: ZShipmentCreate, response: { 201: dataOf(ZShipment) } } },
    async (req, reply) => reply.status(201).send({ data: await createShipment(tenantRequestCtx(req, deps), req.params.id, req.body) }));
  app.get('/shipments', { config: access('read-shipment'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZShipmentSummary) } } },
    async (req) => listShipments(tenantRequestCtx(req, deps), req.query));
  app.get('/shipments/:id', { config: access('read-shipment'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZShipment) } } },
    async (req) => ({ data: await getShipment(tenantRequestCtx(req, deps), req.params.id) }));
  for (const action of ['cancel', 'retry'] as const) {
    app.post(`/shipments/:id/${action}`, { config: access(SHIPMENT_ACTION_PERMISSIONS[action][0]!), schema: { tags, params: ZIdParam, body: ZNoBody, response: { 200: dataOf(ZShipment) } } },
      async (req) => ({ data: await changeShipmentStatus(tenantRequestCtx(req, deps), req.params.id, action) }));
  }
  // POST /shipments/:id/return is registered by returns.routes.ts: returns build on shipments, not the reverse.
}
