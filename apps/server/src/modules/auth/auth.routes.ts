import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInvitation, ZActiveCompany, ZActiveCompanySwitch, ZInvitationAccepted, ZInvitationCreate, ZInvitationSent, ZInvitationView,
  ZIssuedTokens, ZNoContent, ZPasswordEmail, ZPasswordMessage, ZPasswordReset, ZSessionCompany, ZSignup, ZSignupResult, dataOf,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx, baseCtx } from '../../platform/http/request-context';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { listMyCompanies, loginByAdmin, logout, setActiveCompany } from './session.service';
import { acceptInvitation, createInvitation, showInvitation, signup } from './signup.service';

/** Public endpoints: password reset, signup, invitation acceptance. Rate limited like sign-in. */
export function registerPublicAuthRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rateLimit = { max: deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' };
  app.post('/api/password/email', { config: { rateLimit }, schema: { tags, body: ZPasswordEmail, response: { 200: ZPasswordMessage } } }, async (req) => {
    await requestPasswordReset(baseCtx(req, deps), req.body.email);
    return { message: 'If the address belongs to an account, a reset link is on its way.' };
  });
  app.post('/api/password/reset', { config: { rateLimit }, schema: { tags, body: ZPasswordReset, response: { 200: ZPasswordMessage } } }, async (req) => {
    await resetPassword(baseCtx(req, deps), req.body);
    return { message: 'Your password has been reset.' };
  });
  app.post('/api/signup', { config: { rateLimit }, schema: { tags, body: ZSignup, response: { 201: dataOf(ZSignupResult) } } },
    async (req, reply) => reply.status(201).send({ data: await signup(baseCtx(req, deps), req.body) }));
  app.get('/api/invitations/:token', { config: { rateLimit }, schema: { tags, params: z.object({ token: z.string().min(10).max(200) }), response: { 200: dataOf(ZInvitationView) } } },
    async (req) => ({ data: await showInvitation(baseCtx(req, deps), req.params.token) }));
  app.post('/api/invitations/accept', { config: { rateLimit }, schema: { tags, body: ZAcceptInvitation, response: { 201: dataOf(ZInvitationAccepted) } } },
    async (req, reply) => reply.status(201).send({ data: await acceptInvitation(baseCtx(req, deps), req.body) }));
}

/**
 * What a signed-in user does with sign-ins: invite someone, switch company, sign out, and (the owner) sign in as
 * another user. Auth's own routes, so the users module need not import auth (auth builds on users).
 */
export function registerSignedInAuthRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/invitations', { schema: { tags: ['users'], body: ZInvitationCreate, response: { 201: dataOf(ZInvitationSent) } } },
    async (req, reply) => reply.status(201).send({ data: await createInvitation(authedCtx(req, deps), req.body) }));
  app.post('/users/:id/login-by-admin', { config: { access: { roles: ['owner'], permission: 'login-as-user' } }, schema: { tags: ['users'], params: z.object({ id: z.string().max(64) }), response: { 200: dataOf(ZIssuedTokens) } } },
    async (req) => ({ data: await loginByAdmin(authedCtx(req, deps), req.params.id) }));

  app.get('/session/companies', { schema: { tags: ['session'], response: { 200: dataOf(z.array(ZSessionCompany)) } } }, async (req) => ({ data: await listMyCompanies(authedCtx(req, deps)) }));
  app.post('/session/active-company', { schema: { tags: ['session'], body: ZActiveCompany, response: { 200: dataOf(ZActiveCompanySwitch) } } },
    async (req) => ({ data: await setActiveCompany(authedCtx(req, deps), req.body.company_id) }));
  app.post('/logout', { schema: { tags: ['session'], body: z.object({ refresh_token: z.string().max(512).optional() }).strict().optional(), response: { 204: ZNoContent } } },
    async (req, reply) => {
      await logout(authedCtx(req, deps), req.body?.refresh_token);
      return reply.status(204).send();
    });
}

