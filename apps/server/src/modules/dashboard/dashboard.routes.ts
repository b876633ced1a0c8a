import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  dataOf, DASHBOARD_CARDS, ZDashboardByChannel, ZDashboardByCountry, ZDashboardByIloc, ZDashboardByStatus, ZDashboardLateShipments,
  ZDashboardLowStock, ZDashboardQuery, ZDashboardSales, ZDashboardTopSkus, ZFileBody, type DashboardCard,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { exportCard, readDashboardCard } from './dashboard.use-cases';

const read = { access: { roles: ['tenant'] as const, permission: 'read-order' } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));

const ANSWERS: Record<DashboardCard, z.ZodType> = {
  sales: ZDashboardSales,
  'orders-by-status': ZDashboardByStatus,
  'orders-by-channel': ZDashboardByChannel,
  'orders-by-country': ZDashboardByCountry,
  'orders-by-iloc': ZDashboardByIloc,
  'top-skus': ZDashboardTopSkus,
  'low-stock': ZDashboardLowStock,
  'late-shipments': ZDashboardLateShipments,
};

/** The seller's dashboard (issue 23, docs/api-dashboard.md): one GET per card, and its CSV. */
export function registerDashboardRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  for (const card of DASHBOARD_CARDS) {
    app.get(`/dashboard/${card}`, { config: read, schema: { tags, querystring: ZDashboardQuery, response: { 200: dataOf(ANSWERS[card]) } } },
      async (req) => ({ data: await readDashboardCard(ctxOf(req, deps), card, req.query) }));
    app.get(`/dashboard/${card}/export`, { config: read, schema: { tags, querystring: ZDashboardQuery, response: { 200: ZFileBody } } },
      async (req, reply) => reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="dashboard-${card}.csv"`)
        .send(await exportCard(ctxOf(req, deps), card, req.query)));
  }
}
