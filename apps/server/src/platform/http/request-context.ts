import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenAllows } from '@omnio/domain';
import type { AppDeps, AuthedCtx, Ctx, Principal } from './context';
import { authenticate } from './auth';
import { assertAccess, type RouteAccess } from './permissions';
import { forbidden, unauthenticated } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Role and permission the route needs; checked before the body is even parsed. */
    access?: RouteAccess;
  }
}

export function baseCtx(request: FastifyRequest, deps: AppDeps): Ctx {
  return { db: deps.database.db, deps, log: request.log, ip: request.ip };
}

export function authedCtx(request: FastifyRequest, deps: AppDeps): AuthedCtx {
  if (!request.principal) throw unauthenticated();
  return { db: deps.database.db, deps, log: request.log, ip: request.ip, principal: request.principal };
}

/** The scope's URL prefix, so a route's pattern reads as packages/domain's scope map names it. */
const API_PREFIX = '/api/1.0';

/** The space-separated scopes of a personal token's row. */
export const tokenScopes = (principal: Principal): string[] => principal.scopes.split(/\s+/).filter(Boolean);

/**
 * Every route in the scope needs a valid bearer token, then its declared role and permission. A personal
 * access token (spec 3) is also rate limited per token and may call only the routes its scopes open
 * (packages/domain access-tokens.ts), judged by the route's registered pattern, never the raw URL; the
 * user's own role and permissions still apply on top.
 */
export function requireSignIn(scope: FastifyInstance, deps: AppDeps): void {
  scope.decorateRequest('principal', undefined);
  scope.addHook('onRequest', async (request, reply) => {
    const principal = await authenticate(request, deps);
    request.principal = principal;
    if (principal.tokenKind === 'personal') {
      const perMinute = deps.config.tokenRateLimitPerMinute;
      const { count, ttlMs } = await deps.rateLimiter.hit(`token:${principal.tokenId}`, perMinute, 60_000);
      if (count > perMinute) {
        const retryAfter = Math.max(1, Math.ceil(ttlMs / 1000));
        return reply
          .status(429)
          .header('Retry-After', String(retryAfter))
          .send({ message: `Too many requests for this access token, retry in ${retryAfter} s` });
      }
      const pattern = request.routeOptions.url;
      // No pattern: no such route, and the 404 handler answers.
      if (pattern !== undefined) {
        const url = pattern.startsWith(API_PREFIX) ? pattern.slice(API_PREFIX.length) : pattern;
        if (!tokenAllows(tokenScopes(principal), request.method, url)) throw forbidden();
      }
    }
    const access = request.routeOptions.config.access;
    if (access) assertAccess(principal, access);
    return undefined;
  });
}
