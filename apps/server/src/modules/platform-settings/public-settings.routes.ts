import type { FastifyInstance } from 'fastify';
import { ZFileBody, ZPublicCustomLogin, ZPublicGeneralSettings, dataOf } from '@omnio/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/context';
import { baseCtx } from '../../platform/http/request-context';
import { loginImage, publicCustomLogin, publicGeneralSettings } from './settings.service';
import { snippetScript } from './code-snippets.service';
import { refreshSnippetOrigins } from './snippet-origins';

/**
 * Public: the sign-in page's look is needed before anyone signs in, and the snippets' scripts are loaded by
 * <script src> (no Authorization header). Registered without a prefix, so the paths are whole.
 */
export function registerPublicSettingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform-settings'];
  // The CSP's script-src needs the cdn snippets' origins from the first response on.
  scope.addHook('onReady', () => refreshSnippetOrigins(deps, app.log));

  app.get('/api/custom-login', { schema: { tags, security: [], response: { 200: dataOf(ZPublicCustomLogin) } } }, async (req, reply) =>
    reply.header('cache-control', 'no-cache').send({ data: await publicCustomLogin(baseCtx(req, deps)) }));
  app.get('/api/settings/public', { schema: { tags, security: [], response: { 200: dataOf(ZPublicGeneralSettings) } } }, async (req, reply) =>
    reply.header('cache-control', 'no-cache').send({ data: await publicGeneralSettings(baseCtx(req, deps)) }));
  app.get('/api/custom-login/:kind', { schema: { tags, security: [], params: z.object({ kind: z.string().max(20) }), response: { 200: ZFileBody } } }, async (req, reply) => {
    const image = await loginImage(baseCtx(req, deps), req.params.kind);
    // The URL carries the image's version, so the bytes behind one URL never change.
    return reply.type(image.mimeType).header('cache-control', 'public, max-age=31536000, immutable').send(image.data);
  });
  app.get('/api/codes/:id.js', { schema: { tags, security: [], params: z.object({ id: z.string().max(64) }), response: { 200: ZFileBody } } }, async (req, reply) => {
    const script = await snippetScript(baseCtx(req, deps), req.params.id);
    // Disabling a snippet must stop it at the next page load: the browser asks again every time.
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script.body);
  });
}
