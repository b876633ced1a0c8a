import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBroadcastingAuth, ZBroadcastingAuthorization, dataOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { authorizeBroadcasting } from './realtime.service';

/** Spec 7: the broadcasting auth endpoint that says whether a user may join a private channel. */
export function registerBroadcastingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/broadcasting/auth', { schema: { tags: ['realtime'], body: ZBroadcastingAuth, response: { 200: dataOf(ZBroadcastingAuthorization) } } },
    async (req) => ({ data: authorizeBroadcasting(authedCtx(req, deps), req.body) }));
}
