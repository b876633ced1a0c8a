import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { effectiveRole, permissionById, type Role } from '@omnio/domain';
import type { AppDeps, Principal } from './context';
import { unauthenticated } from './errors';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// One round trip: the token, its user, roles, permissions and membership in the token's company.
const PRINCIPAL_SQL = `
SELECT t.id AS token_id, t.user_id, t.client_id, t.scopes, t.impersonator_id, t.expires_at, t.kind,
  cu.company_id, cu.supplier_id,
  ARRAY(SELECT r.role FROM user_roles r WHERE r.user_id = t.user_id ORDER BY r.position) AS roles,
  ARRAY(SELECT up.permission_id FROM user_permissions up WHERE up.user_id = t.user_id) AS permission_ids
FROM oauth_access_tokens t
JOIN users u ON u.id = t.user_id AND u.disabled_at IS NULL
LEFT JOIN company_users cu ON cu.company_id = t.company_id AND cu.user_id = t.user_id
WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`;

interface PrincipalRow extends Record<string, unknown> {
  token_id: string;
  user_id: string;
  client_id: string;
  scopes: string;
  impersonator_id: string | null;
  expires_at: Date;
  kind: 'session' | 'personal';
  company_id: string | null;
  supplier_id: string | null;
  roles: string[];
  permission_ids: number[];
}

/** `log`, when the caller has one, hears about failures off the request's path (the last-used write). */
export async function principalFromToken(deps: Pick<AppDeps, 'database' | 'principals'> & { log?: FastifyBaseLogger }, token: string): Promise<Principal | null> {
  const tokenHash = hashToken(token);
  const cached = deps.principals.get(tokenHash);
  if (cached) return cached;
  const rows = await deps.database.query<PrincipalRow>(PRINCIPAL_SQL, [tokenHash], 'principal_from_token');
  const row = rows[0];
  if (!row) return null;
  const principal: Principal = {
    userId: row.user_id,
    tokenId: row.token_id,
    clientId: row.client_id,
    roles: row.roles as Role[],
    role: effectiveRole(row.roles),
    // Names come from the catalog in packages/domain, which the permissions table mirrors.
    permissions: new Set(row.permission_ids.flatMap((id) => permissionById(id)?.name ?? [])),
    companyId: row.company_id,
    supplierId: row.supplier_id,
    impersonatorId: row.impersonator_id,
    scopes: row.scopes,
    expiresAt: new Date(row.expires_at).getTime(),
    tokenKind: row.kind,
  };
  if (row.kind === 'personal') {
    // Never cached: a revoked personal token must stop at its very next request, in every process
    // (docs/api-access-tokens.md). last_used_at is written at most once a minute, off the request's path.
    void deps.database
      .query(TOUCH_SQL, [row.token_id], 'personal_token_touch')
      .catch((err: unknown) => deps.log?.warn({ err, tokenId: row.token_id }, 'access token last-used time not written'));
    return principal;
  }
  deps.principals.set(tokenHash, principal);
  return principal;
}

const TOUCH_SQL = `UPDATE oauth_access_tokens SET last_used_at = now()
WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`;

/** `Authorization: Bearer <token>`; the token type is case-insensitive as RFC 6750 allows. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function authenticate(request: FastifyRequest, deps: Pick<AppDeps, 'database' | 'principals'>): Promise<Principal> {
  const token = bearerToken(request);
  if (!token || token.length > 512) throw unauthenticated();
  const principal = await principalFromToken(deps, token);
  if (!principal) throw unauthenticated();
  return principal;
}
