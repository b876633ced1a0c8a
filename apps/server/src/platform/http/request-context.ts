import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps, AuthedCtx, Ctx, Principal } from './context';
import { authenticate } from './auth';
import { assertAccess, type RouteAccess } from './permissions';
import { unauthenticated } from './errors';

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

/** Every route in the scope needs a valid bearer token, then its declared role and permission. */
export function requireSignIn(scope: FastifyInstance, deps: AppDeps): void {
  scope.decorateRequest('principal', undefined);
  scope.addHook('onRequest', async (request) => {
    const principal = await authenticate(request, deps);
    request.principal = principal;
    const access = request.routeOptions.config.access;
    if (access) assertAccess(principal, access);
  });
}
