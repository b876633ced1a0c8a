import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingPriceInput, BillingProductInput, PortalRequest, SubscriptionRequest, UpgradeRequest, ZBillingLimits, ZBillingPortal, ZBillingPrice,
  ZBillingProduct, ZBillingSync, ZCheckout, ZCheckoutConfirmation, ZSubscription, ZSubscriptionAnswer, dataOf,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { listAllProducts, listClientProducts, syncCatalog, upsertPrice, upsertProduct } from './billing-products.service';
import { getLimits } from './billing-limits.service';
import { confirmCheckout, getCheckout } from './checkouts.service';
import { billingPortal, getSubscription, requestSubscription, upgradeSubscription } from './subscriptions.service';

const tenantOnly = ['tenant'] as const;
const read = { access: { roles: tenantOnly, permission: 'read-billing' } };
const change = { access: { roles: tenantOnly, permission: 'update-billing' } };
/** The catalogue is the platform's: the owner who creates companies manages what they can buy. */
const owner = { access: { roles: ['owner'] as const, permission: 'create-company' } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZIdParam = z.object({ id: z.string().max(64) });

/** Billing (docs/api-billing.md): the catalogue, the company's subscription and checkouts, the order allowance. */
export function registerBillingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.get('/billing/products-client', { config: read, schema: { tags, response: { 200: dataOf(z.array(ZBillingProduct)) } } }, async (req) => ({ data: await listClientProducts(authedCtx(req, deps)) }));
  app.get('/billing/subscription', { config: read, schema: { tags, response: { 200: dataOf(ZSubscription.nullable()) } } }, async (req) => ({ data: await getSubscription(ctxOf(req, deps)) }));
  app.post('/billing/subscription', { config: change, schema: { tags, body: SubscriptionRequest.strict(), response: { 200: dataOf(ZSubscriptionAnswer) } } },
    async (req) => ({ data: await requestSubscription(ctxOf(req, deps), req.body) }));
  app.post('/billing/subscription/:id/upgrade', { config: change, schema: { tags, params: ZIdParam, body: UpgradeRequest.strict(), response: { 200: dataOf(ZSubscriptionAnswer) } } },
    async (req) => ({ data: await upgradeSubscription(ctxOf(req, deps), req.params.id, req.body) }));
  app.get('/billing/checkout/:id', { config: read, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZCheckout) } } }, async (req) => ({ data: await getCheckout(ctxOf(req, deps), req.params.id) }));
  app.post('/billing/checkout/:id/confirm', { config: change, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZCheckoutConfirmation) } } },
    async (req) => ({ data: await confirmCheckout(ctxOf(req, deps), req.params.id) }));
  app.post('/billing/portal', { config: change, schema: { tags, body: PortalRequest.strict().optional(), response: { 200: dataOf(ZBillingPortal) } } },
    async (req) => ({ data: await billingPortal(ctxOf(req, deps), req.body ?? {}) }));
  app.get('/billing/limits', { config: read, schema: { tags, response: { 200: dataOf(ZBillingLimits) } } }, async (req) => ({ data: await getLimits(ctxOf(req, deps)) }));

  app.get('/billing/products', { config: owner, schema: { tags, response: { 200: dataOf(z.array(ZBillingProduct)) } } }, async (req) => ({ data: await listAllProducts(authedCtx(req, deps)) }));
  app.put('/billing/product', { config: owner, schema: { tags, body: BillingProductInput, response: { 200: dataOf(ZBillingProduct) } } },
    async (req) => ({ data: await upsertProduct(authedCtx(req, deps), req.body) }));
  app.put('/billing/price', { config: owner, schema: { tags, body: BillingPriceInput, response: { 200: dataOf(ZBillingPrice) } } },
    async (req) => ({ data: await upsertPrice(authedCtx(req, deps), req.body) }));
  app.get('/billing/sync', { config: owner, schema: { tags, response: { 200: dataOf(ZBillingSync) } } }, async (req) => ({ data: await syncCatalog(authedCtx(req, deps)) }));
}
