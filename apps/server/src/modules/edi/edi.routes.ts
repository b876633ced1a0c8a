import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, pageOf, ZEdiDocument, ZEdiDocumentDetail, ZEdiDocumentQuery } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as documents from './edi-documents.service';

const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const read: { access: RouteAccess } = { access: { roles: ['tenant'], permission: 'read-process' } };
const ZIdParam = z.object({ id: z.string().max(64) });
const ZDocParam = z.object({ id: z.string().max(64), docId: z.string().max(64) });

/** An EDI partner's document log (its set-up is a process: POST /processes with driver edi-x12). */
export function registerEdiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['edi'];
  app.get('/processes/:id/edi/documents', { config: read, schema: { tags, params: ZIdParam, querystring: ZEdiDocumentQuery, response: { 200: pageOf(ZEdiDocument) } } },
    async (req) => documents.listEdiDocuments(ctxOf(req, deps), req.params.id, req.query));
  app.get('/processes/:id/edi/documents/:docId', { config: read, schema: { tags, params: ZDocParam, response: { 200: dataOf(ZEdiDocumentDetail) } } },
    async (req) => ({ data: await documents.getEdiDocument(ctxOf(req, deps), req.params.id, req.params.docId) }));
}
