import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf, pageOf, ZListQuery, ZMapper, ZMapperCreate, ZMapperFromTemplate, ZMapperListItem, ZMapperPreviewRequest, ZMapperPreviewResult,
  ZMapperSampleCreate, ZMapperSaved, ZMapperTemplate, ZMapperUpdate, ZNoContent,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { listMapperTemplates } from '../templates/templates.service';
import * as service from './mappers.service';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });
const ZSampleParams = z.object({ id: z.string().max(64), sampleId: z.string().max(64) });
/** A sample is up to 1 MB of text: as JSON, escaped and UTF-8 encoded, it may take a few times that. */
const SAMPLE_BODY_LIMIT = 4 * 1024 * 1024;
const ZTemplateParam = z.object({ templateId: z.string().max(64) });

/** A tenant's mappers (spec 3 "Mappers"): CRUD, sample files, preview, copies of the platform's templates. */
export function registerMapperRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['mappers'];

  app.get('/mappers', { config: access('read-mapper'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZMapperListItem) } } },
    async (req) => service.listMappers(ctxOf(req, deps), req.query));
  app.post('/mappers', { config: access('create-mapper'), schema: { tags, body: ZMapperCreate, response: { 201: dataOf(ZMapper) } } },
    async (req, reply) => reply.status(201).send({ data: await service.createMapper(ctxOf(req, deps), req.body) }));
  // Preview writes nothing, so reading mappers is enough.
  app.post('/mappers/preview', { bodyLimit: SAMPLE_BODY_LIMIT, config: access('read-mapper'), schema: { tags, body: ZMapperPreviewRequest, response: { 200: dataOf(ZMapperPreviewResult) } } },
    async (req) => ({ data: await service.previewMapper(ctxOf(req, deps), req.body) }));
  // The platform's templates a tenant may copy (/mapper-templates itself is the owner's screen).
  app.get('/mappers/templates', { config: access('create-mapper'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZMapperTemplate) } } },
    async (req) => listMapperTemplates(ctxOf(req, deps), req.query));
  app.post('/mappers/from-template/:templateId', {
    config: access('create-mapper'), schema: { tags, params: ZTemplateParam, body: ZMapperFromTemplate, response: { 201: dataOf(ZMapper) } },
  }, async (req, reply) => reply.status(201).send({ data: await service.createMapperFromTemplate(ctxOf(req, deps), req.params.templateId, req.body) }));
  app.get('/mappers/:id', { config: access('read-mapper'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZMapper) } } },
    async (req) => ({ data: await service.getMapper(ctxOf(req, deps), req.params.id) }));
  app.put('/mappers/:id', { config: access('update-mapper'), schema: { tags, params: ZIdParam, body: ZMapperUpdate, response: { 200: ZMapperSaved } } },
    async (req) => service.updateMapper(ctxOf(req, deps), req.params.id, req.body));
  app.delete('/mappers/:id', { config: access('delete-mapper'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await service.deleteMapper(ctxOf(req, deps), req.params.id)));
  app.post('/mappers/:id/samples', {
    bodyLimit: SAMPLE_BODY_LIMIT, config: access('update-mapper'), schema: { tags, params: ZIdParam, body: ZMapperSampleCreate, response: { 201: dataOf(ZMapper) } },
  }, async (req, reply) => reply.status(201).send({ data: await service.addMapperSample(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/mappers/:id/samples/:sampleId', { config: access('update-mapper'), schema: { tags, params: ZSampleParams, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await service.removeMapperSample(ctxOf(req, deps), req.params.id, req.params.sampleId)));
}
