import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZListQuery, ZSupplierAddressCreate, ZSupplierAddressUpdate, ZSupplierContactCreate, ZSupplierContactUpdate, ZSupplierCreate, ZSupplierSkusPut,
  ZSupplierUpdate,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as parts from './supplier-parts.service';
import * as skus from './supplier-skus.service';
import { getSupplier, listSuppliers } from './suppliers.read';
import * as suppliers from './suppliers.service';

/** Suppliers are the tenant's business: the tenant role only (a supplier user never sees the others, owners administer). */
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });

const ZIdParam = z.object({ id: z.string().max(64) });
const ZPartParam = z.object({ id: z.string().max(64), partId: z.string().max(64) });
const ZSkuParam = z.object({ id: z.string().max(64), skuId: z.string().max(64) });

/** Suppliers, their addresses, contacts and SKU costs: docs/api-supply-chain.md "Suppliers". */
export function registerSupplierRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppliers'];
  const perm = { read: 'read-supplier', create: 'create-supplier', update: 'update-supplier', delete: 'delete-supplier' };

  app.get('/suppliers', { config: access(perm.read), schema: { tags, querystring: ZListQuery } }, async (req) => listSuppliers(ctxOf(req, deps), req.query));
  app.post('/suppliers', { config: access(perm.create), schema: { tags, body: ZSupplierCreate } },
    async (req, reply) => reply.status(201).send({ data: await suppliers.createSupplier(ctxOf(req, deps), req.body) }));
  app.get('/suppliers/:id', { config: access(perm.read), schema: { tags, params: ZIdParam } },
    async (req) => ({ data: await getSupplier(ctxOf(req, deps), req.params.id) }));
  app.put('/suppliers/:id', { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZSupplierUpdate } },
    async (req) => ({ data: await suppliers.updateSupplier(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/suppliers/:id', { config: access(perm.delete), schema: { tags, params: ZIdParam } },
    async (req, reply) => reply.status(204).send(await suppliers.deleteSupplier(ctxOf(req, deps), req.params.id)));

  // Addresses, contacts and SKU costs are part of the supplier: reading needs read-, changing them update-supplier.
  const address = '/suppliers/:id/addresses';
  app.get(address, { config: access(perm.read), schema: { tags, params: ZIdParam, querystring: ZListQuery } },
    async (req) => parts.listSupplierAddresses(ctxOf(req, deps), req.params.id, req.query));
  app.post(address, { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZSupplierAddressCreate } },
    async (req, reply) => reply.status(201).send({ data: await parts.createSupplierAddress(ctxOf(req, deps), req.params.id, req.body) }));
  app.get(`${address}/:partId`, { config: access(perm.read), schema: { tags, params: ZPartParam } },
    async (req) => ({ data: await parts.getSupplierAddress(ctxOf(req, deps), req.params.id, req.params.partId) }));
  app.put(`${address}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam, body: ZSupplierAddressUpdate } },
    async (req) => ({ data: await parts.updateSupplierAddress(ctxOf(req, deps), req.params.id, req.params.partId, req.body) }));
  app.delete(`${address}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam } },
    async (req, reply) => reply.status(204).send(await parts.deleteSupplierAddress(ctxOf(req, deps), req.params.id, req.params.partId)));

  const contact = '/suppliers/:id/contacts';
  app.get(contact, { config: access(perm.read), schema: { tags, params: ZIdParam, querystring: ZListQuery } },
    async (req) => parts.listSupplierContacts(ctxOf(req, deps), req.params.id, req.query));
  app.post(contact, { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZSupplierContactCreate } },
    async (req, reply) => reply.status(201).send({ data: await parts.createSupplierContact(ctxOf(req, deps), req.params.id, req.body) }));
  app.get(`${contact}/:partId`, { config: access(perm.read), schema: { tags, params: ZPartParam } },
    async (req) => ({ data: await parts.getSupplierContact(ctxOf(req, deps), req.params.id, req.params.partId) }));
  app.put(`${contact}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam, body: ZSupplierContactUpdate } },
    async (req) => ({ data: await parts.updateSupplierContact(ctxOf(req, deps), req.params.id, req.params.partId, req.body) }));
  app.delete(`${contact}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam } },
    async (req, reply) => reply.status(204).send(await parts.deleteSupplierContact(ctxOf(req, deps), req.params.id, req.params.partId)));

  app.get('/suppliers/:id/skus', { config: access(perm.read), schema: { tags, params: ZIdParam, querystring: ZListQuery } },
    async (req) => skus.listSupplierSkus(ctxOf(req, deps), req.params.id, req.query));
  app.put('/suppliers/:id/skus', { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZSupplierSkusPut } },
    async (req) => ({ data: await skus.putSupplierSkus(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/suppliers/:id/skus/:skuId', { config: access(perm.update), schema: { tags, params: ZSkuParam } },
    async (req, reply) => reply.status(204).send(await skus.deleteSupplierSku(ctxOf(req, deps), req.params.id, req.params.skuId)));
}
