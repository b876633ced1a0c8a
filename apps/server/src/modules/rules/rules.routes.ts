import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf, FLOW_HOOK_POINTS, FLOW_STATUSES, pageOf, ZDryRun, ZDryRunCreate, ZDryRunResult, ZFlow, ZFlowApply, ZFlowApplyResult, ZFlowCreate,
  ZFlowRollback, ZFlowSummary, ZFlowUpdate, ZFlowValidate, ZFlowValidation, ZFlowVersion, ZFlowVersionDetail, ZListQuery, ZNoContent,
  ZRuleTemplate, ZRuleTrace,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { applyFlowToOrders } from './rule-apply';
import { listOrderTraces } from './rule-traces';
import { getDryRun, listDryRunResults, startDryRun } from './rule-dry-run';
import * as service from './rules.service';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });
const ZVersionParams = z.object({ id: z.string().max(64), version: z.coerce.number().int().min(1).max(1_000_000) });
const ZRunParams = z.object({ id: z.string().max(64), runId: z.string().max(64) });
const ZFlowListQuery = ZListQuery.extend({ hook_point: z.enum(FLOW_HOOK_POINTS).optional(), status: z.enum(FLOW_STATUSES).optional() });
/** A flow of 200 nodes with their forms is well under this. */
const FLOW_BODY_LIMIT = 2 * 1024 * 1024;

/** A company's rules and automation flows (docs/api-rules.md). */
export function registerRuleRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['rules'];

  app.get('/rules', { config: access('read-flow'), schema: { tags, querystring: ZFlowListQuery, response: { 200: pageOf(ZFlowSummary) } } },
    async (req) => {
      const { hook_point, status, ...query } = req.query;
      return service.listFlows(ctxOf(req, deps), query, { hook_point, status });
    });
  app.post('/rules', { bodyLimit: FLOW_BODY_LIMIT, config: access('create-flow'), schema: { tags, body: ZFlowCreate, response: { 201: dataOf(ZFlow) } } },
    async (req, reply) => reply.status(201).send({ data: await service.createFlow(ctxOf(req, deps), req.body) }));
  // Checking writes nothing: reading flows is enough.
  app.post('/rules/validate', { bodyLimit: FLOW_BODY_LIMIT, config: access('read-flow'), schema: { tags, body: ZFlowValidate, response: { 200: dataOf(ZFlowValidation) } } },
    async (req) => ({ data: await service.validateFlow(ctxOf(req, deps), req.body) }));
  app.get('/rules/templates', { config: access('read-flow'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZRuleTemplate) } } },
    async (req) => service.listFlowTemplates(ctxOf(req, deps), req.query));
  app.get('/rules/:id', { config: access('read-flow'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZFlow) } } },
    async (req) => ({ data: await service.getFlow(ctxOf(req, deps), req.params.id) }));
  app.put('/rules/:id', { bodyLimit: FLOW_BODY_LIMIT, config: access('update-flow'), schema: { tags, params: ZIdParam, body: ZFlowUpdate, response: { 200: dataOf(ZFlow) } } },
    async (req) => ({ data: await service.updateFlow(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/rules/:id', { config: access('delete-flow'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await service.applyFlowAction(ctxOf(req, deps), req.params.id, 'delete');
    return reply.status(204).send();
  });
  for (const action of ['enable', 'disable'] as const) {
    app.post(`/rules/:id/${action}`, { config: access('update-flow'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZFlow) } } },
      async (req) => ({ data: (await service.applyFlowAction(ctxOf(req, deps), req.params.id, action))! }));
  }
  app.get('/rules/:id/versions', { config: access('read-flow'), schema: { tags, params: ZIdParam, response: { 200: dataOf(z.array(ZFlowVersion)) } } },
    async (req) => ({ data: await service.listVersions(ctxOf(req, deps), req.params.id) }));
  app.get('/rules/:id/versions/:version', { config: access('read-flow'), schema: { tags, params: ZVersionParams, response: { 200: dataOf(ZFlowVersionDetail) } } },
    async (req) => ({ data: await service.getVersion(ctxOf(req, deps), req.params.id, req.params.version) }));
  app.post('/rules/:id/rollback', { config: access('update-flow'), schema: { tags, params: ZIdParam, body: ZFlowRollback, response: { 200: dataOf(ZFlow) } } },
    async (req) => ({ data: await service.rollbackFlow(ctxOf(req, deps), req.params.id, req.body.version) }));
  // A dry run changes nothing, so reading flows is enough to start one.
  app.post('/rules/:id/dry-runs', { bodyLimit: FLOW_BODY_LIMIT, config: access('read-flow'), schema: { tags, params: ZIdParam, body: ZDryRunCreate, response: { 202: dataOf(ZDryRun) } } },
    async (req, reply) => reply.status(202).send({ data: await startDryRun(ctxOf(req, deps), req.params.id, req.body) }));
  app.get('/rules/:id/dry-runs/:runId', { config: access('read-flow'), schema: { tags, params: ZRunParams, response: { 200: dataOf(ZDryRun) } } },
    async (req) => ({ data: await getDryRun(ctxOf(req, deps), req.params.id, req.params.runId) }));
  app.get('/rules/:id/dry-runs/:runId/results', { config: access('read-flow'), schema: { tags, params: ZRunParams, querystring: ZListQuery, response: { 200: pageOf(ZDryRunResult) } } },
    async (req) => listDryRunResults(ctxOf(req, deps), req.params.id, req.params.runId, req.query));
  // Re-applying changes orders: the service also asks for update-order.
  app.post('/rules/:id/apply', { config: access('update-flow'), schema: { tags, params: ZIdParam, body: ZFlowApply, response: { 200: dataOf(z.array(ZFlowApplyResult)) } } },
    async (req) => ({ data: await applyFlowToOrders(ctxOf(req, deps), req.params.id, req.body) }));
  app.get('/orders/:id/rule-traces', { config: access('read-order'), schema: { tags: ['orders', 'rules'], params: ZIdParam, response: { 200: dataOf(z.array(ZRuleTrace)) } } },
    async (req) => ({ data: await listOrderTraces(ctxOf(req, deps), req.params.id) }));
}
