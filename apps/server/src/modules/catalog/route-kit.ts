import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { ConfirmationRequired } from './catalog.errors';

/** What the catalog route files share: the tenant context, the id param, access declarations. */

/** Catalog endpoints work in the token's active company; the tenant role only (owners administer, suppliers never see it). */
export const catalogCtx = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));

export const ZIdParam = z.object({ id: z.string().max(64) });

const tenantOnly = ['tenant'] as const;
export const access = (permission: string): { access: RouteAccess } => ({ access: { roles: tenantOnly, permission } });

/** Runs a write that may need confirmation; answers `409 {code: 'CONFIRMATION_REQUIRED', message}` when it does. */
export async function confirmable<T>(reply: FastifyReply, run: () => Promise<T>): Promise<{ data: T } | FastifyReply> {
  try {
    return { data: await run() };
  } catch (err) {
    if (err instanceof ConfirmationRequired) return reply.status(409).send({ message: err.message, code: 'CONFIRMATION_REQUIRED' });
    throw err;
  }
}
