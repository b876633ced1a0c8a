import type { FastifyBaseLogger, FastifyInstance, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';

/**
 * One response contract (docs/ARCHITECTURE.md): every route says what it answers with a zod schema from
 * `@omnio/domain` in `schema.response`, keyed by each success status it can send. The serializer encodes the
 * handler's value through that schema, so a field the schema does not name never leaves the server.
 *
 * This records every route as it is added; `routesWithoutContract` names those that answer without one, and
 * the server refuses to start while there is any (`enforceResponseContract`).
 */

export interface RouteContract {
  method: string;
  url: string;
  /** The success statuses the route declares (200, 201, 202, 204, or the range "2xx"). */
  success: string[];
}

/** Served by plugins, not by us: swagger-ui's own pages and the built web app's files. */
const NOT_OURS = [/^\/api\/docs(\/|$)/, /^\/\*$/];

const contracts = new WeakMap<FastifyInstance, RouteContract[]>();

function successStatuses(route: RouteOptions): string[] {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return [];
  return Object.keys(response).filter((code) => /^2(\d\d|xx)$/i.test(code));
}

/** Starts recording the routes of `app`; call before any route is added. */
export function recordResponseContract(app: FastifyInstance): void {
  const seen: RouteContract[] = [];
  contracts.set(app, seen);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD route beside every GET; it answers the GET's headers and has no body.
      if (method === 'HEAD') continue;
      if (NOT_OURS.some((re) => re.test(route.url))) continue;
      seen.push({ method, url: route.url, success: successStatuses(route) });
    }
  });
}

/** The routes recorded so far, in the order they were added. */
export function routeContracts(app: FastifyInstance): readonly RouteContract[] {
  return contracts.get(app) ?? [];
}

export function routesWithoutContract(app: FastifyInstance): RouteContract[] {
  return routeContracts(app).filter((r) => r.success.length === 0);
}

/** Start-up fails, naming the routes, if any route answers without a response schema. */
export function enforceResponseContract(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    const missing = routesWithoutContract(app);
    if (missing.length) {
      throw new Error(`Routes without a response schema (schema.response): ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });
}

/**
 * The serializer: each answer is encoded through its route's schema. Outside production a value that does not
 * fit is a 500, so a test finds the drift. In production the seller's screen matters more than the contract:
 * the answer is sent as the service built it and the mismatch is logged as an error, with the route and what
 * did not fit, for us to fix.
 */
export function contractSerializer(log: FastifyBaseLogger, strict: boolean): FastifySerializerCompiler<unknown> {
  if (strict) return serializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) => {
    const encode = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);
    return (data) => {
      try {
        return encode(data);
      } catch (err) {
        if (!isResponseSerializationError(err)) throw err;
        log.error({ err, method: route.method, url: route.url, status: route.httpStatus }, 'answer does not fit its response schema');
        return JSON.stringify(data);
      }
    };
  };
}
