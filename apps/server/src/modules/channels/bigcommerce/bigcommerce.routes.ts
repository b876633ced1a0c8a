import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBigcommerceInstall, ZBigcommerceInstalled, ZBigcommerceLoad, dataOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../../platform/http/permissions';
import { authedCtx } from '../../../platform/http/request-context';
import { installBigcommerceApp, loadBigcommerceApp } from './bigcommerce-install.service';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });

/**
 * The BigCommerce app's callbacks, relayed by the web app's `/services/bigcommerce-connector` page (the
 * merchant is signed in to Omnio there, so the company is known): install (auth callback) and load.
 */
export function registerBigcommerceRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['channels'];
  app.post('/channels/bigcommerce/install', { config: access('create-process'), schema: { tags, body: ZBigcommerceInstall, response: { 200: dataOf(ZBigcommerceInstalled) } } },
    async (req) => ({ data: await installBigcommerceApp(ctxOf(req, deps), req.body) }));
  app.post('/channels/bigcommerce/load', { config: access('read-process'), schema: { tags, body: ZBigcommerceLoad, response: { 200: dataOf(ZBigcommerceInstalled) } } },
    async (req) => ({ data: await loadBigcommerceApp(ctxOf(req, deps), req.body) }));
}
