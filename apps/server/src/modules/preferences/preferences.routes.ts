import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPreferencesUpdate, ZResolvedPreferences, dataOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { updateOrCreatePreferences } from './preferences.service';

export function registerPreferenceRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/preferences/update-or-create', { schema: { tags: ['preferences'], body: ZPreferencesUpdate, response: { 200: dataOf(ZResolvedPreferences) } } },
    async (req) => ({ data: await updateOrCreatePreferences(authedCtx(req, deps), req.body) }));
}
