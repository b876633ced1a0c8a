import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, pageOf, ZListQuery, ZNoContent, ZPackingTemplate, ZPackingTemplateCreate, ZPackingTemplateUpdate } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as templates from './packing-templates.service';

/** Templates are the tenant's own setup (a supplier user picks none: its ASNs are packed box by box). */
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });

/** Packing templates for PO and transfer shipments: docs/api-supply-chain.md "Packing templates". */
export function registerPackingTemplateRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['packing-templates'];
  const perm = { read: 'read-asn', create: 'create-asn', update: 'update-asn', delete: 'delete-asn' };

  app.get('/packing-templates', { config: access(perm.read), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZPackingTemplate) } } },
    async (req) => templates.listPackingTemplates(ctxOf(req, deps), req.query));
  app.post('/packing-templates', { config: access(perm.create), schema: { tags, body: ZPackingTemplateCreate, response: { 201: dataOf(ZPackingTemplate) } } },
    async (req, reply) => reply.status(201).send({ data: await templates.createPackingTemplate(ctxOf(req, deps), req.body) }));
  app.get('/packing-templates/:id', { config: access(perm.read), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZPackingTemplate) } } },
    async (req) => ({ data: await templates.getPackingTemplate(ctxOf(req, deps), req.params.id) }));
  app.put('/packing-templates/:id', { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZPackingTemplateUpdate, response: { 200: dataOf(ZPackingTemplate) } } },
    async (req) => ({ data: await templates.updatePackingTemplate(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/packing-templates/:id', { config: access(perm.delete), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await templates.deletePackingTemplate(ctxOf(req, deps), req.params.id)));
}
