import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFileBody, ZListQuery, ZNoContent, ZPoAcknowledgeInput, ZPoActionAnswer, ZPoBySkusInput, ZPoCounts, ZPoSuggestion, ZPoSuggestionsQuery, ZPoSummary,
  ZPurchaseOrder, ZPurchaseOrderInput, ZSupplyEvent, dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { assertId } from '../../platform/http/errors';
import {
  acknowledgePurchaseOrder, countPurchaseOrders, createPurchaseOrder, createPurchaseOrdersFromSkus, deletePurchaseOrder, getPurchaseOrder,
  getPurchaseOrderEvents, listPurchaseOrders, purchaseOrderAction, purchaseOrderPdf, purchaseOrderSuggestions, updatePurchaseOrder,
} from './purchase-orders.service';
import { PLAIN_PO_ACTIONS } from './po-actions';
import { registerPoEmailJob } from './po-email';

/**
 * Supplier users reach only the routes that list both roles (their own sent POs: list, detail, PDF,
 * history, acknowledge); every other route is 403 for them by role, before anything is read.
 */
const tenantOnly = ['tenant'] as const;
const tenantOrSupplier = ['tenant', 'supplier'] as const;
const readBoth = { access: { roles: tenantOrSupplier, permission: 'read-purchase-order' } };
const read = { access: { roles: tenantOnly, permission: 'read-purchase-order' } };
const create = { access: { roles: tenantOnly, permission: 'create-purchase-order' } };
const update = { access: { roles: tenantOnly, permission: 'update-purchase-order' } };
const remove = { access: { roles: tenantOnly, permission: 'delete-purchase-order' } };
const acknowledge = { access: { roles: tenantOrSupplier, permission: 'update-purchase-order' } };

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZId = z.object({ id: z.string().max(64) });
const ZActionParams = z.object({ id: z.string().max(64), action: z.enum(PLAIN_PO_ACTIONS) });
const ZInclude = z.object({ include: z.string().max(200).optional() });
const poId = (req: { params: { id: string } }) => assertId(req.params.id, 'Purchase order');
/** 10,000 lines of a PO are about 1.5 MB of JSON. */
const LINES_BODY_BYTES = 4 * 1024 * 1024;

export function registerPurchaseOrderRoutes(scope: FastifyInstance, deps: AppDeps): void {
  registerPoEmailJob();
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['purchase-orders'];

  app.get('/purchase-orders', { config: readBoth, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZPoSummary) } } }, async (req) => listPurchaseOrders(ctxOf(req, deps), req.query));
  app.get('/purchase-orders/counts', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: dataOf(ZPoCounts) } } },
    async (req) => ({ data: await countPurchaseOrders(ctxOf(req, deps), req.query) }));
  app.get('/purchase-orders/suggestions', { config: read, schema: { tags, querystring: ZPoSuggestionsQuery, response: { 200: pageOf(ZPoSuggestion) } } },
    async (req) => purchaseOrderSuggestions(ctxOf(req, deps), req.query));
  app.post('/purchase-orders/by-skus', { config: create, bodyLimit: LINES_BODY_BYTES, schema: { tags, body: ZPoBySkusInput, response: { 201: dataOf(z.array(ZPoSummary)) } } },
    async (req, reply) => reply.status(201).send({ data: await createPurchaseOrdersFromSkus(ctxOf(req, deps), req.body) }));

  app.get('/purchase-orders/:id', { config: readBoth, schema: { tags, params: ZId, querystring: ZInclude, response: { 200: dataOf(ZPurchaseOrder) } } },
    async (req) => ({ data: await getPurchaseOrder(ctxOf(req, deps), poId(req), req.query.include) }));
  app.get('/purchase-orders/:id/events', { config: readBoth, schema: { tags, params: ZId, querystring: ZListQuery, response: { 200: pageOf(ZSupplyEvent) } } },
    async (req) => getPurchaseOrderEvents(ctxOf(req, deps), poId(req), req.query));
  app.get('/purchase-orders/:id/pdf', { config: readBoth, schema: { tags, params: ZId, response: { 200: ZFileBody } } }, async (req, reply) => {
    const { number, pdf } = await purchaseOrderPdf(ctxOf(req, deps), poId(req));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post('/purchase-orders', { config: create, bodyLimit: LINES_BODY_BYTES, schema: { tags, body: ZPurchaseOrderInput, response: { 201: dataOf(ZPurchaseOrder) } } },
    async (req, reply) => reply.status(201).send({ data: await createPurchaseOrder(ctxOf(req, deps), req.body) }));
  app.put('/purchase-orders/:id', { config: update, bodyLimit: LINES_BODY_BYTES, schema: { tags, params: ZId, body: ZPurchaseOrderInput, response: { 200: dataOf(ZPurchaseOrder) } } },
    async (req) => ({ data: await updatePurchaseOrder(ctxOf(req, deps), poId(req), req.body) }));
  app.delete('/purchase-orders/:id', { config: remove, schema: { tags, params: ZId, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deletePurchaseOrder(ctxOf(req, deps), poId(req));
    return reply.status(204).send();
  });

  app.post('/purchase-orders/:id/acknowledge', { config: acknowledge, schema: { tags, params: ZId, body: ZPoAcknowledgeInput, response: { 200: dataOf(ZPurchaseOrder) } } },
    async (req) => ({ data: await acknowledgePurchaseOrder(ctxOf(req, deps), poId(req), req.body.lines) }));
  app.post('/purchase-orders/:id/:action', { config: update, schema: { tags, params: ZActionParams, response: { 200: ZPoActionAnswer } } }, async (req) => {
    const { po, emailJobId } = await purchaseOrderAction(ctxOf(req, deps), poId(req), req.params.action);
    return emailJobId ? { data: po, email: { job_id: emailJobId } } : { data: po };
  });
}
