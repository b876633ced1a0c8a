import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANNEL_ACTIONS, ZChannelRunDetail, ZChannelRunItem, ZChannelRunStarted, ZChannelTestResult, ZFeedHistoryQuery, ZFileBody, ZListQuery,
  ZShopifyInstallCallback, ZShopifyInstallCompleted, ZShopifyInstallStart, ZShopifyInstallStarted, ZWebhookRegistration, dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { registerBigcommerceRoutes } from './bigcommerce/bigcommerce.routes';
import * as runs from './channel-runs.service';
import { completeShopifyInstall, startShopifyInstall } from './shopify/shopify-oauth';
import { webhookUrls } from './webhook-urls';
import { registerWooCommercePublicRoutes, registerWooCommerceRoutes } from './woocommerce/woocommerce.routes';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });
const ZRunParam = z.object({ id: z.string().max(64), runId: z.string().max(64) });
const ZPageParam = ZRunParam.extend({ seq: z.coerce.number().int().min(1).max(1_000_000) });
const ZActionParam = z.object({ id: z.string().max(64), action: z.enum(CHANNEL_ACTIONS) });
const ZRunsQuery = ZListQuery.and(ZFeedHistoryQuery.partial());

/** Channel connections at work: test, run an action, feed history, a run's kept pages, webhook set-up, Shopify install. */
export function registerChannelRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['channels'];
  app.post('/processes/:id/test', { config: access('update-process'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZChannelTestResult) } } },
    async (req) => ({ data: await runs.testProcess(ctxOf(req, deps), req.params.id) }));
  app.post('/processes/:id/actions/:action/run', { config: access('process'), schema: { tags, params: ZActionParam, response: { 202: dataOf(ZChannelRunStarted) } } },
    async (req, reply) => reply.status(202).send({ data: await runs.startRun(ctxOf(req, deps), req.params.id, req.params.action) }));
  app.get('/processes/:id/runs', { config: access('read-process'), schema: { tags, params: ZIdParam, querystring: ZRunsQuery, response: { 200: pageOf(ZChannelRunItem) } } },
    async (req) => {
      const { process_id: _p, action, status, ...list } = req.query as Record<string, unknown>;
      return runs.listProcessRuns(ctxOf(req, deps), req.params.id, list as never, { action: action as never, status: status as never });
    });
  app.get('/processes/:id/runs/:runId', { config: access('read-process'), schema: { tags, params: ZRunParam, response: { 200: dataOf(ZChannelRunDetail) } } },
    async (req) => ({ data: await runs.getRun(ctxOf(req, deps), req.params.id, req.params.runId) }));
  app.get('/processes/:id/runs/:runId/pages/:seq', { config: access('read-process'), schema: { tags, params: ZPageParam, response: { 200: ZFileBody } } },
    async (req, reply) => {
      const page = await runs.getRunPage(ctxOf(req, deps), req.params.id, req.params.runId, req.params.seq);
      return reply.type(page.contentType).header('content-disposition', `attachment; filename="run-${req.params.runId}-page-${req.params.seq}.json"`).send(page.body);
    });
  app.get('/feed-history', { config: access('read-process'), schema: { tags, querystring: ZRunsQuery, response: { 200: pageOf(ZChannelRunItem) } } },
    async (req) => {
      const { process_id, action, status, ...list } = req.query as Record<string, unknown>;
      return runs.listFeedHistory(ctxOf(req, deps), list as never, { process_id: process_id as never, action: action as never, status: status as never });
    });
  app.get('/gateway/generate-webhooks/:id', { config: access('update-process'), schema: { tags, params: ZIdParam, response: { 200: dataOf(z.array(ZWebhookRegistration)) } } },
    async (req) => ({ data: await runs.registerProcessWebhooks(ctxOf(req, deps), req.params.id, webhookUrls(deps, req.params.id)) }));
  app.post('/channels/shopify/install', { config: access('create-process'), schema: { tags, body: ZShopifyInstallStart, response: { 200: dataOf(ZShopifyInstallStarted) } } },
    async (req) => ({ data: await startShopifyInstall(ctxOf(req, deps), req.body) }));
  registerWooCommerceRoutes(scope, deps);
  registerBigcommerceRoutes(scope, deps);
}

/** Public: Shopify sends the merchant's browser back with a signed query; the state names the company. */
export function registerChannelPublicRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/channels/shopify/callback', { schema: { tags: ['channels'], body: ZShopifyInstallCallback, security: [], response: { 200: dataOf(ZShopifyInstallCompleted) } } },
    async (req) => ({ data: await completeShopifyInstall(deps, req.body.query) }));
  registerWooCommercePublicRoutes(scope, deps);
}
