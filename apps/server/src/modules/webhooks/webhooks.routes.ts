import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListQuery, ZNoContent, ZWebhook, ZWebhookCreate, ZWebhookDelivery, ZWebhookUpdate, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import {
  createWebhook, deleteWebhook, getDelivery, getWebhook, listDeliveries, listWebhooks, retryDelivery, rotateWebhookSecret, testWebhook,
  updateWebhook,
} from './webhooks.service';

const tenantOnly = ['tenant'] as const;
/** /advanced is a read-users-company screen; changing where the company's data is sent is a company setting. */
const read = { access: { roles: tenantOnly, permission: 'read-users-company' } };
const write = { access: { roles: tenantOnly, permission: 'update-company' } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZIdParam = z.object({ id: z.string().max(64) });
const ZDeliveryParam = z.object({ id: z.string().max(64), deliveryId: z.string().max(64) });

/** Outgoing webhook subscriptions, their deliveries and 'send test' (docs/api-webhooks.md). */
export function registerWebhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  app.get('/webhooks', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZWebhook) } } }, async (req) => listWebhooks(ctxOf(req, deps), req.query));
  app.post('/webhooks', { config: write, schema: { tags, body: ZWebhookCreate, response: { 201: dataOf(ZWebhook) } } }, async (req, reply) =>
    reply.status(201).send({ data: await createWebhook(ctxOf(req, deps), req.body) }));
  app.get('/webhooks/:id', { config: read, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZWebhook) } } }, async (req) => ({ data: await getWebhook(ctxOf(req, deps), req.params.id) }));
  app.put('/webhooks/:id', { config: write, schema: { tags, params: ZIdParam, body: ZWebhookUpdate, response: { 200: dataOf(ZWebhook) } } },
    async (req) => ({ data: await updateWebhook(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/webhooks/:id', { config: write, schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteWebhook(ctxOf(req, deps), req.params.id);
    return reply.status(204).send();
  });
  app.post('/webhooks/:id/rotate-secret', { config: write, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZWebhook) } } },
    async (req) => ({ data: await rotateWebhookSecret(ctxOf(req, deps), req.params.id) }));
  app.post('/webhooks/:id/test', { config: write, schema: { tags, params: ZIdParam, response: { 202: dataOf(ZWebhookDelivery) } } }, async (req, reply) =>
    reply.status(202).send({ data: await testWebhook(ctxOf(req, deps), req.params.id) }));
  app.get('/webhooks/:id/deliveries', { config: read, schema: { tags, params: ZIdParam, querystring: ZListQuery, response: { 200: pageOf(ZWebhookDelivery) } } },
    async (req) => listDeliveries(ctxOf(req, deps), req.params.id, req.query));
  app.get('/webhooks/:id/deliveries/:deliveryId', { config: read, schema: { tags, params: ZDeliveryParam, response: { 200: dataOf(ZWebhookDelivery) } } },
    async (req) => ({ data: await getDelivery(ctxOf(req, deps), req.params.id, req.params.deliveryId) }));
  app.post('/webhooks/:id/deliveries/:deliveryId/retry', { config: write, schema: { tags, params: ZDeliveryParam, response: { 202: dataOf(ZWebhookDelivery) } } }, async (req, reply) =>
    reply.status(202).send({ data: await retryDelivery(ctxOf(req, deps), req.params.id, req.params.deliveryId) }));
}
