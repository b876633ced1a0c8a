import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccessTokenCreate, ZAccessTokenCreated, ZAccessTokenItem, ZListQuery, ZNoContent, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import type { RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { createAccessToken, deleteAccessToken, getAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens.service';

const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['owner', 'tenant'], permission } });
const ZIdParam = z.object({ id: z.string().max(64) });

/** API access tokens: created and shown once, listed, revoked (docs/api-access-tokens.md). */
export function registerAccessTokenRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['access-tokens'];
  app.get('/access-tokens', { config: access('read-access-token'), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZAccessTokenItem) } } },
    async (req) => listAccessTokens(authedCtx(req, deps), req.query));
  app.post('/access-tokens', { config: access('create-access-token'), schema: { tags, body: ZAccessTokenCreate, response: { 201: dataOf(ZAccessTokenCreated) } } },
    async (req, reply) => reply.status(201).send({ data: await createAccessToken(authedCtx(req, deps), req.body) }));
  app.get('/access-tokens/:id', { config: access('read-access-token'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZAccessTokenItem) } } },
    async (req) => ({ data: await getAccessToken(authedCtx(req, deps), req.params.id) }));
  app.post('/access-tokens/:id/revoke', { config: access('delete-access-token'), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZAccessTokenItem) } } },
    async (req) => ({ data: await revokeAccessToken(authedCtx(req, deps), req.params.id) }));
  app.delete('/access-tokens/:id', { config: access('delete-access-token'), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await deleteAccessToken(authedCtx(req, deps), req.params.id)));
}
