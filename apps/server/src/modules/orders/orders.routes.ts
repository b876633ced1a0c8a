import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ORDER_ACTION_PERMISSION, ZBulkIds, ZBulkUpdateResult, ZFileBody, ZHoldInput, ZJobStarted, ZListQuery, ZOrder, ZOrderBatch, ZOrderBatchResult,
  ZOrderCounts, ZOrderDuplicate, ZOrderEvent, ZOrderInput, ZOrderSummary, dataOf, pageOf, type OrderAction,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, can } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { assertId, fieldError, forbidden } from '../../platform/http/errors';
import {
  bulkAction, countOrders, createOrder, createOrderBatch, getOrder, getOrderEvents, listOrders, orderAction, startBulkCancel,
  startCsvImport, updateOrder,
} from './orders.service';
import { ORDER_CSV_COLUMNS } from './orders-csv';
import { registerOrderJobs } from './orders.jobs';

const tenantOnly = ['tenant'] as const;
const read = { access: { roles: tenantOnly, permission: 'read-order' } };
const create = { access: { roles: tenantOnly, permission: 'create-order' } };
const update = { access: { roles: tenantOnly, permission: 'update-order' } };
/** A 1,000-order batch of 3 lines is about 1.5 MB of JSON. */
const BATCH_BODY_BYTES = 8 * 1024 * 1024;
const MAX_CSV_BYTES = 20 * 1024 * 1024;

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZId = z.object({ id: z.string().max(64) });
const PLAIN_ACTIONS = ['release', 'close', 'cancel', 'reopen', 'mark-shipped', 'submit', 'retry', 'clone'] as const;
const ZActionParams = z.object({ id: z.string().max(64), action: z.enum(PLAIN_ACTIONS) });
const ZOrderUpdate = ZOrderInput.omit({ external_id: true, channel: true, status: true, hold_until: true })
  .extend({ version: z.number().int().min(1).optional() })
  .strict();

/** Each action needs its own permission (ORDER_ACTION_PERMISSION); checked before the body is read. */
async function canDoAction(req: FastifyRequest): Promise<void> {
  const action = (req.params as { action?: string }).action ?? 'hold';
  const permission = ORDER_ACTION_PERMISSION[action as OrderAction];
  if (!req.principal || (permission && !can(req.principal, permission))) throw forbidden();
}

/** Orders: list, counts, detail, history, create (single, batch, CSV), edit, lifecycle actions, bulk actions. */
export function registerOrderRoutes(scope: FastifyInstance, deps: AppDeps): void {
  registerOrderJobs();
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  app.get('/orders', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZOrderSummary) } } }, async (req) => listOrders(ctxOf(req, deps), req.query));
  app.get('/orders/counts', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: dataOf(ZOrderCounts) } } }, async (req) => ({ data: await countOrders(ctxOf(req, deps), req.query) }));
  app.get('/orders/import/template', { config: read, schema: { tags, response: { 200: ZFileBody } } }, async (_req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="orders-template.csv"')
    .send(`${ORDER_CSV_COLUMNS.join(',')}\n`));
  app.get('/orders/:id', { config: read, schema: { tags, params: ZId, querystring: z.object({ include: z.string().max(200).optional() }), response: { 200: dataOf(ZOrder) } } },
    async (req) => ({ data: await getOrder(ctxOf(req, deps), assertId(req.params.id, 'Order'), req.query.include) }));
  app.get('/orders/:id/events', { config: read, schema: { tags, params: ZId, querystring: ZListQuery, response: { 200: pageOf(ZOrderEvent) } } },
    async (req) => getOrderEvents(ctxOf(req, deps), assertId(req.params.id, 'Order'), req.query));

  app.post('/orders', { config: create, schema: { tags, body: ZOrderInput, response: { 200: ZOrderDuplicate, 201: dataOf(ZOrder) } } }, async (req, reply) => {
    const { order, duplicate } = await createOrder(ctxOf(req, deps), req.body);
    return reply.status(duplicate ? 200 : 201).send(duplicate ? { data: order, duplicate: true } : { data: order });
  });
  app.post('/orders/batch', { config: create, bodyLimit: BATCH_BODY_BYTES, schema: { tags, body: ZOrderBatch, response: { 200: dataOf(z.array(ZOrderBatchResult)) } } },
    async (req) => ({ data: await createOrderBatch(ctxOf(req, deps), req.body.orders) }));
  app.put('/orders/:id', { config: update, schema: { tags, params: ZId, body: ZOrderUpdate, response: { 200: dataOf(ZOrder) } } },
    async (req) => ({ data: await updateOrder(ctxOf(req, deps), assertId(req.params.id, 'Order'), req.body) }));

  app.post('/orders/:id/hold', { config: { access: { roles: tenantOnly } }, onRequest: canDoAction, schema: { tags, params: ZId, body: ZHoldInput.optional(), response: { 200: dataOf(ZOrder) } } },
    async (req) => ({ data: (await orderAction(ctxOf(req, deps), assertId(req.params.id, 'Order'), 'hold', req.body ?? {})).order }));
  app.post('/orders/:id/:action', { config: { access: { roles: tenantOnly } }, onRequest: canDoAction, schema: { tags, params: ZActionParams, response: { 200: dataOf(ZOrder), 201: dataOf(ZOrder) } } },
    async (req, reply) => {
      const { order, created } = await orderAction(ctxOf(req, deps), assertId(req.params.id, 'Order'), req.params.action);
      return reply.status(created ? 201 : 200).send({ data: order });
    });

  app.post('/orders/bulk-cancel', { config: update, schema: { tags, body: ZBulkIds, response: { 202: dataOf(ZJobStarted) } } },
    async (req, reply) => reply.status(202).send({ data: await startBulkCancel(ctxOf(req, deps), req.body.ids) }));
  app.post('/orders/bulk-hold', { config: update, schema: { tags, body: ZBulkIds.extend(ZHoldInput.shape).strict(), response: { 200: dataOf(ZBulkUpdateResult) } } },
    async (req) => ({ data: await bulkAction(ctxOf(req, deps), req.body.ids, 'hold', { hold_until: req.body.hold_until ?? null }) }));
  app.post('/orders/bulk-release', { config: update, schema: { tags, body: ZBulkIds, response: { 200: dataOf(ZBulkUpdateResult) } } },
    async (req) => ({ data: await bulkAction(ctxOf(req, deps), req.body.ids, 'release') }));

  // Multipart only in this child scope: every other route keeps the JSON-only contract.
  void scope.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 5, parts: 6 } });
    child.withTypeProvider<ZodTypeProvider>().post('/orders/import', { config: create, schema: { tags, consumes: ['multipart/form-data'], response: { 202: dataOf(ZJobStarted) } } }, async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const file = await req.file();
      if (!file || file.fieldname !== 'file') throw fieldError('file', 'Attach the CSV as the multipart field "file"');
      return reply.status(202).send({ data: await startCsvImport(ctx, await file.toBuffer()) });
    });
  });
}
