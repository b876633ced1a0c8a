import type { FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../../platform/db/sql-state';
import OAuth2Server from '@node-oauth/oauth2-server';
import { ZIssuedTokens, type OAuthErrorDto } from '@omnio/domain';
import { ClientRefusedError, oauthModel } from './oauth-model';
import type { AppDeps } from '../../platform/http/context';
import { baseCtx } from '../../platform/http/request-context';

/** The spec's login failures (section 5) key off `error`; `message` is what a person reads. */
const MESSAGES: Record<string, string> = {
  invalid_grant: 'The username or password is incorrect',
  invalid_client: 'The client is not authorised to sign in',
  account_disabled: 'Your account has been deactivated, contact support',
};

function toFormBody(raw: unknown): Record<string, string> | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') return null;
    if (value.length > 2048) return null;
    body[key === 'scopes' ? 'scope' : key] = value;
  }
  return body;
}

/** A refused token request in the OAuth 2 error shape (RFC 6749 5.2). */
function refuse(reply: FastifyReply, status: 400 | 401 | 500, body: OAuthErrorDto) {
  return reply.status(status).send(body);
}

export function registerOauthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/oauth/token',
    {
      config: { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'OAuth2 password and refresh_token grants (form or JSON)',
        // OAuth 2 clients read this answer exactly as RFC 6749 has it. Refusals (refuse below) keep the OAuth
        // error shape unchecked: a 400 the platform's error handler sends (a malformed body) has another shape.
        response: { 200: ZIssuedTokens },
      },
    },
    async (request, reply) => {
      const body = toFormBody(request.body);
      if (!body) {
        return refuse(reply, 400, {
          error: 'invalid_request',
          error_description: 'The request body must be an object of string fields',
          message: 'The request body must be an object of string fields',
          hint: 'Send username, password, client_id, client_secret, scopes and grant_type as strings',
        });
      }
      if (body.scope === '*') delete body.scope; // '*' is not an RFC 6749 scope token; it means "all", the default
      const oauthRequest = new OAuth2Server.Request({
        method: 'POST',
        query: {},
        // type-is (used by the library) only sees a body when a length is announced.
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '1' },
        body,
      });
      const server = new OAuth2Server({ model: oauthModel(baseCtx(request, deps)) });
      try {
        const token = await server.token(oauthRequest, new OAuth2Server.Response(), {
          accessTokenLifetime: deps.config.accessTokenTtlSeconds,
          refreshTokenLifetime: deps.config.refreshTokenTtlSeconds,
          requireClientAuthentication: { password: true, refresh_token: true },
        });
        return reply.header('cache-control', 'no-store').send({
          access_token: token.accessToken,
          token_type: 'Bearer',
          refresh_token: token.refreshToken,
          expires_in: deps.config.accessTokenTtlSeconds,
        });
      } catch (err) {
        if (!(err instanceof OAuth2Server.OAuthError) || err.code >= 500) {
          // The library wraps what the model threw; a database that is away is the platform's 503.
          const inner = (err as { inner?: unknown }).inner;
          if (isDatabaseUnavailable(err) || isDatabaseUnavailable(inner)) throw (inner ?? err) as Error;
          request.log.error({ err }, 'oauth token failure');
          return refuse(reply, 500, { error: 'server_error', error_description: 'Server Error', message: 'Unknown error, check with your system administrator' });
        }
        const error = err.name;
        const status = error === 'invalid_client' || error === 'account_disabled' ? 401 : 400;
        return refuse(reply, status, {
          error,
          error_description: err.message,
          message: err instanceof ClientRefusedError ? err.message : (MESSAGES[error] ?? err.message),
          ...(error === 'invalid_request' || error === 'unsupported_grant_type' ? { hint: err.message } : {}),
        });
      }
    },
  );
}
