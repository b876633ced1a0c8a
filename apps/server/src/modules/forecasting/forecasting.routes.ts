import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, pageOf, ZForecastCreate, ZForecastReorderPointsSaved, ZForecastResultRow, ZForecastRun, ZForecastSeries, ZListQuery } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as service from './forecasting.service';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission?: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], ...(permission ? { permission } : {}) } });
const ZIdParam = z.object({ id: z.string().max(64) });
const ZSeriesParams = z.object({ id: z.string().max(64), skuId: z.string().max(64) });
/** 20,000 SKU ids are ~760 KB of JSON. */
const CREATE_BODY_LIMIT = 2 * 1024 * 1024;

/** Demand forecasting and replenishment runs (docs/api-forecasting.md). Reads check create-process or read-purchase-order in the service. */
export function registerForecastingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['forecasting'];

  app.post('/forecasts', { bodyLimit: CREATE_BODY_LIMIT, config: access('create-process'), schema: { tags, body: ZForecastCreate, response: { 202: dataOf(ZForecastRun) } } },
    async (req, reply) => reply.status(202).send({ data: await service.startForecast(ctxOf(req, deps), req.body) }));
  app.get('/forecasts', { config: access(), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZForecastRun) } } },
    async (req) => service.listForecasts(ctxOf(req, deps), req.query));
  app.get('/forecasts/:id', { config: access(), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZForecastRun) } } },
    async (req) => ({ data: await service.getForecast(ctxOf(req, deps), req.params.id) }));
  app.get('/forecasts/:id/results', { config: access(), schema: { tags, params: ZIdParam, querystring: ZListQuery, response: { 200: pageOf(ZForecastResultRow) } } },
    async (req) => service.listForecastResults(ctxOf(req, deps), req.params.id, req.query));
  app.post('/forecasts/:id/reorder-points', { config: access('create-process'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZForecastReorderPointsSaved) } } },
    async (req) => ({ data: await service.saveForecastReorderPoints(ctxOf(req, deps), req.params.id) }));
  app.get('/forecasts/:id/results/:skuId', { config: access(), schema: { tags, params: ZSeriesParams, response: { 200: dataOf(ZForecastSeries) } } },
    async (req) => ({ data: await service.getForecastSeries(ctxOf(req, deps), req.params.id, req.params.skuId) }));
}
