import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, ZSearchQuery, ZSearchResult } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { search } from './search.service';

/**
 * The header search (issue 24, docs/api-search.md). Tenant users only: an owner or a supplier user is a 403
 * (they have no tenant records to jump to). No permission of its own: each group needs its area's read
 * permission, so a user without any answers no groups.
 */
export function registerSearchRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/search', {
    config: { access: { roles: ['tenant'] } },
    schema: { tags: ['search'], querystring: ZSearchQuery, response: { 200: dataOf(ZSearchResult) } },
  }, async (req) => ({ data: await search(activeTenantCtx(authedCtx(req, deps)), req.query) }));
}
