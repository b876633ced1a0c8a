import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZWooCommerceAuthorizeStart, ZWooCommerceAuthorizeStarted, ZWooCommerceKeysCallback, ZWooCommerceKeysStored, dataOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../../platform/http/permissions';
import { authedCtx } from '../../../platform/http/request-context';
import { completeWooCommerceAuthorize, startWooCommerceAuthorize } from './woocommerce-keys';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });

/** The seller starts WooCommerce's key generation for a process that has its store address. */
export function registerWooCommerceRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/channels/woocommerce/authorize', {
    config: access('create-process'),
    schema: { tags: ['channels'], body: ZWooCommerceAuthorizeStart, response: { 200: dataOf(ZWooCommerceAuthorizeStarted) } },
  }, async (req) => ({ data: await startWooCommerceAuthorize(ctxOf(req, deps), req.body) }));
}

/** Public: the store POSTs the generated keys here; the one-time `user_id` names the process. */
export function registerWooCommercePublicRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/channels/woocommerce/callback', {
    schema: { tags: ['channels'], body: ZWooCommerceKeysCallback, security: [], response: { 200: dataOf(ZWooCommerceKeysStored) } },
  }, async (req) => ({ data: await completeWooCommerceAuthorize(deps, req.body) }));
}
