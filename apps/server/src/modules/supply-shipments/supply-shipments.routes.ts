import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZListQuery, ZReceiveInput, ZSupplyEvent, ZSupplyShipment, ZSupplyShipmentInput, ZSupplyShipmentSummary, dataOf, pageOf, type Role,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, can, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { forbidden } from '../../platform/http/errors';
import { uuidOrNone } from '../../platform/db/list-query';
import type { ShipmentKind } from './supply-parents';
import type { ShipmentScope } from './supply-shipment-access';
import { createSupplyShipment, updateSupplyShipment } from './supply-shipment-create';
import { supplyShipmentAction } from './supply-shipment-actions';
import { getSupplyShipment, getSupplyShipmentEvents, listParentShipments, listSupplyShipments } from './supply-shipments.service';

/**
 * PO and transfer shipments (ASNs), docs/api-supply-chain.md. The flat /supply-shipments paths are for
 * tenant users; a supplier user works only under /purchase-orders/{id}/shipments of its own POs, where it
 * may create, edit, ship and read, and `arrive`, `receive`, `cancel` are 403 for it.
 */

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (roles: readonly Role[], permission?: string): { access: RouteAccess } => ({ access: { roles, ...(permission ? { permission } : {}) } });
const TENANT = ['tenant'] as const;
const TENANT_OR_SUPPLIER = ['tenant', 'supplier'] as const;

/** Edit and ship: update-asn for a tenant user, create-asn for a supplier user (its own POs only). */
async function canEditOrShip(req: FastifyRequest): Promise<void> {
  const p = req.principal;
  if (!p || !can(p, p.role === 'supplier' ? 'create-asn' : 'update-asn')) throw forbidden();
}

const ZId = z.object({ id: z.string().max(64) });
const ZNested = z.object({ id: z.string().max(64), shipmentId: z.string().max(64) });
const ZNoBody = z.object({}).strict().nullish();
const ZInclude = z.object({ include: z.string().max(200).optional() });
const PLAIN = ['ship', 'arrive', 'cancel'] as const;
/** A 10,000-line shipment with its boxes is a few MB of JSON. */
const BODY = { bodyLimit: 8 * 1024 * 1024 };

export function registerSupplyShipmentRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['supply-shipments'];

  /* ---- flat paths: tenant users */
  app.get('/supply-shipments', { config: access(TENANT, 'read-asn'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZSupplyShipmentSummary) } } },
    async (req) => listSupplyShipments(ctxOf(req, deps), req.query));
  app.get('/supply-shipments/:id', { config: access(TENANT, 'read-asn'), schema: { tags, params: ZId, querystring: ZInclude, response: { 200: dataOf(ZSupplyShipment) } } },
    async (req) => ({ data: await getSupplyShipment(ctxOf(req, deps), req.params.id, null, req.query.include) }));
  app.get('/supply-shipments/:id/events', { config: access(TENANT, 'read-asn'), schema: { tags, params: ZId, querystring: ZListQuery, response: { 200: pageOf(ZSupplyEvent) } } },
    async (req) => getSupplyShipmentEvents(ctxOf(req, deps), req.params.id, null, req.query));
  app.put('/supply-shipments/:id', { config: access(TENANT, 'update-asn'), ...BODY, schema: { tags, params: ZId, body: ZSupplyShipmentInput, response: { 200: dataOf(ZSupplyShipment) } } },
    async (req) => ({ data: await updateSupplyShipment(ctxOf(req, deps), req.params.id, req.body) }));
  for (const action of PLAIN) {
    app.post(`/supply-shipments/:id/${action}`, { config: access(TENANT, 'update-asn'), schema: { tags, params: ZId, body: ZNoBody, response: { 200: dataOf(ZSupplyShipment) } } },
      async (req) => ({ data: await supplyShipmentAction(ctxOf(req, deps), req.params.id, { action }) }));
  }
  app.post('/supply-shipments/:id/receive', { config: access(TENANT, 'update-asn'), ...BODY, schema: { tags, params: ZId, body: ZReceiveInput, response: { 200: dataOf(ZSupplyShipment) } } },
    async (req) => ({ data: await supplyShipmentAction(ctxOf(req, deps), req.params.id, { action: 'receive', body: req.body }) }));

  /* ---- nested under the parent: /purchase-orders/{id}/shipments (tenant and supplier), /transfers/{id}/shipments (tenant) */
  const nested = (base: string, kind: ShipmentKind, roles: readonly Role[]) => {
    // A malformed parent id matches nothing (404) rather than failing a uuid cast.
    const scopeOf = (params: { id: string }): ShipmentScope => ({ kind, parentId: uuidOrNone(params.id) });
    const editAccess = roles.includes('supplier') ? { config: access(roles), onRequest: canEditOrShip } : { config: access(roles, 'update-asn') };
    app.post(`${base}/:id/shipments`, { config: access(roles, 'create-asn'), ...BODY, schema: { tags, params: ZId, body: ZSupplyShipmentInput, response: { 201: dataOf(ZSupplyShipment) } } },
      async (req, reply) => reply.status(201).send({ data: await createSupplyShipment(ctxOf(req, deps), kind, req.params.id, req.body) }));
    app.get(`${base}/:id/shipments`, { config: access(roles, 'read-asn'), schema: { tags, params: ZId, response: { 200: dataOf(z.array(ZSupplyShipmentSummary)) } } },
      async (req) => ({ data: await listParentShipments(ctxOf(req, deps), kind, req.params.id) }));
    app.get(`${base}/:id/shipments/:shipmentId`, { config: access(roles, 'read-asn'), schema: { tags, params: ZNested, querystring: ZInclude, response: { 200: dataOf(ZSupplyShipment) } } },
      async (req) => ({ data: await getSupplyShipment(ctxOf(req, deps), req.params.shipmentId, scopeOf(req.params), req.query.include) }));
    app.get(`${base}/:id/shipments/:shipmentId/events`, { config: access(roles, 'read-asn'), schema: { tags, params: ZNested, querystring: ZListQuery, response: { 200: pageOf(ZSupplyEvent) } } },
      async (req) => getSupplyShipmentEvents(ctxOf(req, deps), req.params.shipmentId, scopeOf(req.params), req.query));
    app.put(`${base}/:id/shipments/:shipmentId`, { ...editAccess, ...BODY, schema: { tags, params: ZNested, body: ZSupplyShipmentInput, response: { 200: dataOf(ZSupplyShipment) } } },
      async (req) => ({ data: await updateSupplyShipment(ctxOf(req, deps), req.params.shipmentId, req.body, scopeOf(req.params)) }));
    app.post(`${base}/:id/shipments/:shipmentId/ship`, { ...editAccess, schema: { tags, params: ZNested, body: ZNoBody, response: { 200: dataOf(ZSupplyShipment) } } },
      async (req) => ({ data: await supplyShipmentAction(ctxOf(req, deps), req.params.shipmentId, { action: 'ship' }, scopeOf(req.params)) }));
    for (const action of ['arrive', 'cancel'] as const) {
      app.post(`${base}/:id/shipments/:shipmentId/${action}`, { config: access(TENANT, 'update-asn'), schema: { tags, params: ZNested, body: ZNoBody, response: { 200: dataOf(ZSupplyShipment) } } },
        async (req) => ({ data: await supplyShipmentAction(ctxOf(req, deps), req.params.shipmentId, { action }, scopeOf(req.params)) }));
    }
    app.post(`${base}/:id/shipments/:shipmentId/receive`, { config: access(TENANT, 'update-asn'), ...BODY, schema: { tags, params: ZNested, body: ZReceiveInput, response: { 200: dataOf(ZSupplyShipment) } } },
      async (req) => ({ data: await supplyShipmentAction(ctxOf(req, deps), req.params.shipmentId, { action: 'receive', body: req.body }, scopeOf(req.params)) }));
  };
  nested('/purchase-orders', 'purchase_order', TENANT_OR_SUPPLIER);
  nested('/transfers', 'transfer', TENANT);
}
