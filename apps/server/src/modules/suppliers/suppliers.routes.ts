import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf, pageOf, ZListQuery, ZNoContent, ZSupplier, ZSupplierAddress, ZSupplierAddressCreate, ZSupplierAddressUpdate, ZSupplierContact, ZSupplierContactCreate,
  ZSupplierContactUpdate, ZSupplierCreate, ZSupplierSku, ZSupplierSkusPut, ZSupplierSkusSaved, ZSupplierSummary, ZSupplierUpdate,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { partyAccess as access, partyCtxOf as ctxOf, registerPartyRoutes, ZIdParam } from '../parties/party.routes';
import { SUPPLIER_PARTY } from './supplier-party';
import * as skus from './supplier-skus.service';
import { getSupplier, listSuppliers } from './suppliers.read';
import * as suppliers from './suppliers.service';

const ZSkuParam = z.object({ id: z.string().max(64), skuId: z.string().max(64) });

/**
 * Suppliers, their addresses, contacts and SKU costs: docs/api-supply-chain.md "Suppliers". Suppliers are the
 * tenant's business: the tenant role only (a supplier user never sees the others, owners administer).
 */
export function registerSupplierRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppliers'];
  const perm = { read: 'read-supplier', create: 'create-supplier', update: 'update-supplier', delete: 'delete-supplier' };

  registerPartyRoutes(scope, deps, {
    party: SUPPLIER_PARTY, base: '/suppliers', tags, perm,
    service: { list: listSuppliers, get: getSupplier, create: suppliers.createSupplier, update: suppliers.updateSupplier, remove: suppliers.deleteSupplier },
    bodies: {
      create: ZSupplierCreate, update: ZSupplierUpdate,
      addressCreate: ZSupplierAddressCreate, addressUpdate: ZSupplierAddressUpdate, contactCreate: ZSupplierContactCreate, contactUpdate: ZSupplierContactUpdate,
    },
    answers: { summary: ZSupplierSummary, detail: ZSupplier, address: ZSupplierAddress, contact: ZSupplierContact },
  });

  // SKU costs are part of the supplier: reading needs read-, changing them update-supplier.
  app.get('/suppliers/:id/skus', { config: access(perm.read), schema: { tags, params: ZIdParam, querystring: ZListQuery, response: { 200: pageOf(ZSupplierSku) } } },
    async (req) => skus.listSupplierSkus(ctxOf(req, deps), req.params.id, req.query));
  app.put('/suppliers/:id/skus', { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZSupplierSkusPut, response: { 200: dataOf(ZSupplierSkusSaved) } } },
    async (req) => ({ data: await skus.putSupplierSkus(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/suppliers/:id/skus/:skuId', { config: access(perm.update), schema: { tags, params: ZSkuParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await skus.deleteSupplierSku(ctxOf(req, deps), req.params.id, req.params.skuId)));
}
