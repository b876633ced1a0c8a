import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf, pageOf, ZListQuery, ZMapperTemplate, ZMapperTemplateCreate, ZMapperTemplateUpdate, ZNoContent, ZRuleTemplate, ZRuleTemplateCreate,
  ZRuleTemplateUpdate,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import type { RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as templates from './templates.service';

/** Spec 2 gives /mapper/templates and /rules/templates read-company; changing platform templates is create-company. */
const read: { access: RouteAccess } = { access: { roles: ['owner'], permission: 'read-company' } };
const write: { access: RouteAccess } = { access: { roles: ['owner'], permission: 'create-company' } };
const ZIdParam = z.object({ id: z.string().max(64) });

/** Owner: the platform's mapper and rule templates. */
export function registerTemplateRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  app.get('/mapper-templates', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZMapperTemplate) } } },
    async (req) => templates.listMapperTemplates(authedCtx(req, deps), req.query));
  app.post('/mapper-templates', { config: write, schema: { tags, body: ZMapperTemplateCreate, response: { 201: dataOf(ZMapperTemplate) } } },
    async (req, reply) => reply.status(201).send({ data: await templates.createMapperTemplate(authedCtx(req, deps), req.body) }));
  app.get('/mapper-templates/:id', { config: read, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZMapperTemplate) } } },
    async (req) => ({ data: await templates.getMapperTemplate(authedCtx(req, deps), req.params.id) }));
  app.put('/mapper-templates/:id', { config: write, schema: { tags, params: ZIdParam, body: ZMapperTemplateUpdate, response: { 200: dataOf(ZMapperTemplate) } } },
    async (req) => ({ data: await templates.updateMapperTemplate(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/mapper-templates/:id', { config: write, schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await templates.deleteMapperTemplate(authedCtx(req, deps), req.params.id);
    return reply.status(204).send();
  });

  app.get('/rule-templates', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZRuleTemplate) } } },
    async (req) => templates.listRuleTemplates(authedCtx(req, deps), req.query));
  app.post('/rule-templates', { config: write, schema: { tags, body: ZRuleTemplateCreate, response: { 201: dataOf(ZRuleTemplate) } } },
    async (req, reply) => reply.status(201).send({ data: await templates.createRuleTemplate(authedCtx(req, deps), req.body) }));
  app.get('/rule-templates/:id', { config: read, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZRuleTemplate) } } },
    async (req) => ({ data: await templates.getRuleTemplate(authedCtx(req, deps), req.params.id) }));
  app.put('/rule-templates/:id', { config: write, schema: { tags, params: ZIdParam, body: ZRuleTemplateUpdate, response: { 200: dataOf(ZRuleTemplate) } } },
    async (req) => ({ data: await templates.updateRuleTemplate(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/rule-templates/:id', { config: write, schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await templates.deleteRuleTemplate(authedCtx(req, deps), req.params.id);
    return reply.status(204).send();
  });
}
