import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAcceptInvitation, ZInvitationCreate, ZPasswordEmail, ZPasswordReset, ZSignup } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx, baseCtx } from '../../platform/http/request-context';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { acceptInvitation, createInvitation, showInvitation, signup } from './signup.service';

/** Public endpoints: password reset, signup, invitation acceptance. Rate limited like sign-in. */
export function registerPublicAuthRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rateLimit = { max: deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' };
  app.post('/api/password/email', { config: { rateLimit }, schema: { tags, body: ZPasswordEmail } }, async (req) => {
    await requestPasswordReset(baseCtx(req, deps), req.body.email);
    return { message: 'If the address belongs to an account, a reset link is on its way.' };
  });
  app.post('/api/password/reset', { config: { rateLimit }, schema: { tags, body: ZPasswordReset } }, async (req) => {
    await resetPassword(baseCtx(req, deps), req.body);
    return { message: 'Your password has been reset.' };
  });
  app.post('/api/signup', { config: { rateLimit }, schema: { tags, body: ZSignup } },
    async (req, reply) => reply.status(201).send({ data: await signup(baseCtx(req, deps), req.body) }));
  app.get('/api/invitations/:token', { config: { rateLimit }, schema: { tags, params: z.object({ token: z.string().min(10).max(200) }) } },
    async (req) => ({ data: await showInvitation(baseCtx(req, deps), req.params.token) }));
  app.post('/api/invitations/accept', { config: { rateLimit }, schema: { tags, body: ZAcceptInvitation } },
    async (req, reply) => reply.status(201).send({ data: await acceptInvitation(baseCtx(req, deps), req.body) }));
}

export function registerInvitationRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/invitations', { schema: { tags: ['users'], body: ZInvitationCreate } },
    async (req, reply) => reply.status(201).send({ data: await createInvitation(authedCtx(req, deps), req.body) }));
}
