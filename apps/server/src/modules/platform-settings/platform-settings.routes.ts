import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCodeClientItem, ZCodeSnippet, ZCodeSnippetInput, ZCustomLogin, ZGeneralSettings, ZGeneralSettingsView, ZListQuery, ZLoginSettingsUpdate, ZNoContent,
  dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx, baseCtx } from '../../platform/http/request-context';
import { getGeneralSettings, getLoginSettings, putGeneralSettings, putLoginSettings } from './settings.service';
import {
  codesClient, createCodeSnippet, deleteCodeSnippet, getCodeSnippet, listCodeSnippets, updateCodeSnippet,
} from './code-snippets.service';

const owner = ['owner'] as const;
/** Spec 2: /custom-login and /admin/general are read-user screens of the owner; changing them is update-user. */
const read = { access: { roles: owner, permission: 'read-user' } };
const write = { access: { roles: owner, permission: 'update-user' } };
const ZIdParam = z.object({ id: z.string().max(64) });
/** The login page's images travel as data: URLs in the JSON body (up to 256 KB + 1 MB, base64 adds a third). */
const LOGIN_BODY_LIMIT = 2 * 1024 * 1024;

/** General settings, custom login and code snippets (docs/api-platform-settings.md). */
export function registerPlatformSettingRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform-settings'];
  app.get('/settings/general', { config: read, schema: { tags, response: { 200: dataOf(ZGeneralSettingsView) } } }, async (req) => ({ data: await getGeneralSettings(authedCtx(req, deps)) }));
  app.put('/settings/general', { config: write, schema: { tags, body: ZGeneralSettings, response: { 200: dataOf(ZGeneralSettingsView) } } },
    async (req) => ({ data: await putGeneralSettings(authedCtx(req, deps), req.body) }));
  app.get('/settings/login', { config: read, schema: { tags, response: { 200: dataOf(ZCustomLogin) } } }, async (req) => ({ data: await getLoginSettings(authedCtx(req, deps)) }));
  app.put('/settings/login', { config: write, bodyLimit: LOGIN_BODY_LIMIT, schema: { tags, body: ZLoginSettingsUpdate, response: { 200: dataOf(ZCustomLogin) } } },
    async (req) => ({ data: await putLoginSettings(authedCtx(req, deps), req.body) }));

  app.get('/code-snippets', { config: read, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZCodeSnippet) } } }, async (req) => listCodeSnippets(authedCtx(req, deps), req.query));
  app.post('/code-snippets', { config: write, schema: { tags, body: ZCodeSnippetInput, response: { 201: dataOf(ZCodeSnippet) } } }, async (req, reply) =>
    reply.status(201).send({ data: await createCodeSnippet(authedCtx(req, deps), req.body) }));
  app.get('/code-snippets/:id', { config: read, schema: { tags, params: ZIdParam, response: { 200: dataOf(ZCodeSnippet) } } },
    async (req) => ({ data: await getCodeSnippet(authedCtx(req, deps), req.params.id) }));
  app.put('/code-snippets/:id', { config: write, schema: { tags, params: ZIdParam, body: ZCodeSnippetInput, response: { 200: dataOf(ZCodeSnippet) } } },
    async (req) => ({ data: await updateCodeSnippet(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/code-snippets/:id', { config: write, schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } }, async (req, reply) => {
    await deleteCodeSnippet(authedCtx(req, deps), req.params.id);
    return reply.status(204).send();
  });

  // Spec 7: GET and POST, any signed-in user (every role's pages run the snippets).
  const codes = async (req: FastifyRequest) => ({ data: await codesClient(baseCtx(req, deps)) });
  const codesSchema = { tags, response: { 200: dataOf(z.array(ZCodeClientItem)) } };
  app.get('/codes-client', { schema: codesSchema }, codes);
  app.post('/codes-client', { schema: codesSchema }, codes);
}
