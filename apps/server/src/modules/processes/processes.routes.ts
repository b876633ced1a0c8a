import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROCESS_ACTIONS, ZChannelProcessItem, ZInboundWebhookItem, ZInboundWebhookReplay, ZListQuery, ZNoContent, ZProcessCreate, ZProcessUpdate, ZProcessWithSecret,
  dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as processes from './processes.service';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });
const ZWebhookParam = z.object({ id: z.string().max(64), webhookId: z.string().max(64) });

/** Processes (channel connections) as far as inbound webhooks need them: secret, received payloads, replay. */
export function registerProcessRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['processes'];
  app.get('/processes', { config: access('read-process'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZChannelProcessItem) } } },
    async (req) => processes.listProcesses(ctxOf(req, deps), req.query));
  app.post('/processes', { config: access('create-process'), schema: { tags, body: ZProcessCreate, response: { 201: dataOf(ZProcessWithSecret) } } },
    async (req, reply) => reply.status(201).send({ data: await processes.createProcess(ctxOf(req, deps), req.body) }));
  app.get('/processes/:id', { config: access('read-process'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZChannelProcessItem) } } },
    async (req) => ({ data: await processes.getProcess(ctxOf(req, deps), req.params.id) }));
  app.put('/processes/:id', { config: access('update-process'), schema: { tags, params: ZIdParam, body: ZProcessUpdate, response: { 200: dataOf(ZChannelProcessItem) } } },
    async (req) => ({ data: await processes.updateProcess(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/processes/:id', { config: access('delete-process'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await processes.deleteProcess(ctxOf(req, deps), req.params.id)));
  app.post('/processes/:id/rotate-secret', { config: access('update-process'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZProcessWithSecret) } } },
    async (req) => ({ data: await processes.rotateProcessSecret(ctxOf(req, deps), req.params.id) }));
  for (const action of PROCESS_ACTIONS) {
    app.post(`/processes/:id/${action}`, { config: access('update-process'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZChannelProcessItem) } } },
      async (req) => ({ data: await processes.transitionProcess(ctxOf(req, deps), req.params.id, action) }));
  }
  app.get('/processes/:id/inbound-webhooks', { config: access('read-process'), schema: { tags, params: ZIdParam, querystring: ZListQuery, response: { 200: pageOf(ZInboundWebhookItem) } } },
    async (req) => processes.listInboundWebhooks(ctxOf(req, deps), req.params.id, req.query));
  app.post('/processes/:id/inbound-webhooks/:webhookId/replay', { config: access('update-process'), schema: { tags, params: ZWebhookParam, response: { 202: dataOf(ZInboundWebhookReplay) } } },
    async (req, reply) => reply.status(202).send({ data: await processes.replayInboundWebhook(ctxOf(req, deps), req.params.id, req.params.webhookId) }));
}
