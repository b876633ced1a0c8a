import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidTransition } from '../../platform/http/errors';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';

/** What the shipment and return routes share: the tenant context, the id param, access, refusals. */

/** Shipments and returns work in the token's active company, for the tenant role only. */
export const tenantRequestCtx = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));

export const ZIdParam = z.object({ id: z.string().max(64) });
/** An action that takes no body: nothing, or an empty object. */
export const ZNoBody = z.object({}).strict().nullish();

export const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });

/** 409 INVALID_TRANSITION: the status does not allow the action (API.md). */
export const refused = (message: string, from: string, action: string) => invalidTransition(from, action, message);


export { isoOrNull as iso } from '../../platform/db/rows';
