import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailConfiguration, ZMailConfigurationView, ZMailTestResult, ZNoContent, dataOf } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { deleteMailConfiguration, getMailConfiguration, saveMailConfiguration, testMailConfiguration } from './mail-settings.service';

const tenantOnly = ['tenant'] as const;
const read = { access: { roles: tenantOnly, permission: 'read-company' } };
const write = { access: { roles: tenantOnly, permission: 'update-company' } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZTest = z.object({ to: z.email({ message: 'Must be a valid e-mail address' }).max(254).optional() }).strict();

/** Spec 3 mail configuration (docs/api-supply-chain.md "Mail configuration"). */
export function registerMailSettingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail-configuration'];
  app.get('/mail-configuration', { config: read, schema: { tags, response: { 200: dataOf(ZMailConfigurationView.nullable()) } } }, async (req) => ({ data: await getMailConfiguration(ctxOf(req, deps)) }));
  app.put('/mail-configuration', { config: write, schema: { tags, body: ZMailConfiguration, response: { 200: dataOf(ZMailConfigurationView) } } },
    async (req) => ({ data: await saveMailConfiguration(ctxOf(req, deps), req.body) }));
  app.delete('/mail-configuration', { config: write, schema: { tags, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteMailConfiguration(ctxOf(req, deps));
    return reply.status(204).send();
  });
  app.post('/mail-configuration/test', { config: write, schema: { tags, body: ZTest.nullish(), response: { 200: dataOf(ZMailTestResult) } } },
    async (req) => ({ data: await testMailConfiguration(ctxOf(req, deps), req.body?.to) }));
}
