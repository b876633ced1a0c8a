import { sql } from 'drizzle-orm';
import type { Role } from '@omnio/domain';
import { queryRows } from '../db/rows';
import type { AuthedCtx, Principal, TenantCtx } from './context';
import { forbidden, notFound, assertId } from './errors';

export interface RouteAccess {
  /** The permission name (spec 6) the endpoint needs. */
  permission?: string;
  /** Roles allowed to call at all; the effective (first) role is checked. */
  roles?: readonly Role[];
}

export function can(principal: Principal, permission: string): boolean {
  return principal.permissions.has(permission);
}

export function assertAccess(principal: Principal, access: RouteAccess): void {
  if (access.roles && (!principal.role || !access.roles.includes(principal.role))) throw forbidden();
  if (access.permission && !can(principal, access.permission)) throw forbidden();
}

/**
 * Binds a request to the tenant named in its path. A tenant or supplier user may name only the company
 * its token works in, and any other company is "not found" (never "forbidden", so ids do not leak).
 * The owner administers every company.
 */
export async function tenantCtx(ctx: AuthedCtx, tenantIdParam: string): Promise<TenantCtx> {
  const tenantId = assertId(tenantIdParam, 'Company');
  if (ctx.principal.role === 'owner') {
    // SQL rather than the companies module's table: platform imports no module.
    const found = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM companies WHERE id = ${tenantId} LIMIT 1`);
    if (!found.length) throw notFound('Company');
    return { ...ctx, tenantId };
  }
  if (ctx.principal.companyId !== tenantId) throw notFound('Company');
  return { ...ctx, tenantId };
}

/** The tenant a tenant-area endpoint without a tenant in its path works on: the token's company. */
export function activeTenantCtx(ctx: AuthedCtx): TenantCtx {
  if (!ctx.principal.companyId) throw notFound('Company');
  return { ...ctx, tenantId: ctx.principal.companyId };
}
