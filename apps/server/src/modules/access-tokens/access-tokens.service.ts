import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paginate, type AccessTokenCreated, type AccessTokenItem, type Paginated, type TAccessTokenCreate, type TListQuery } from '@omnio/domain';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import type { Queryable } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { offsetOf } from '../../platform/db/list-query';
import { hashToken } from '../../platform/http/auth';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, forbidden, notFound } from '../../platform/http/errors';

/**
 * Personal API access tokens (spec 3). Each is a row of oauth_access_tokens with kind 'personal', so the
 * one-query principal lookup serves it; only its SHA-256 hash is stored. A token belongs to the user and
 * the company it was created in, and acts as that user limited to its scopes (platform/http/request-context).
 */

/** The client every personal token belongs to (migration 0018: revoked, no grants, no sign-in through it). */
export const PERSONAL_CLIENT_ID = 'omnio-personal';
const TOKEN_PREFIX = 'omnio_pat_';
/** What the list shows of a token: its prefix and four random characters. */
const HINT_LENGTH = TOKEN_PREFIX.length + 4;

interface TokenRow {
  id: string;
  name: string | null;
  scopes: string;
  token_hint: string | null;
  last_used_at: Date | string | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const toItem = (r: TokenRow): AccessTokenItem => ({
  id: r.id,
  name: r.name ?? '',
  scopes: r.scopes.split(/\s+/).filter(Boolean),
  token_hint: r.token_hint ?? '',
  last_used_at: isoOrNull(r.last_used_at),
  created_at: isoOrNull(r.created_at)!,
  revoked_at: isoOrNull(r.revoked_at),
});

/** Tokens are managed from a signed-in session only: a token cannot mint or revoke tokens. */
function assertSession(ctx: AuthedCtx): void {
  if (ctx.principal.tokenKind === 'personal') throw forbidden();
}

/**
 * Token rows are not tenant rows (no RLS), but a change runs in the company's tenant transaction so the
 * activity log records who created, revoked or deleted which token.
 */
function inCompany<T>(ctx: AuthedCtx, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const companyId = ctx.principal.companyId;
  return companyId ? withTenant({ ...ctx, tenantId: companyId }, fn) : fn(ctx.db);
}

/** The rows this caller owns: its user, in the company its session works in, personal tokens only. */
const ownedBy = (ctx: AuthedCtx) => sql`kind = 'personal' AND user_id = ${ctx.principal.userId}::uuid
  AND company_id IS NOT DISTINCT FROM ${ctx.principal.companyId}::uuid`;

export async function createAccessToken(ctx: AuthedCtx, input: TAccessTokenCreate): Promise<AccessTokenCreated> {
  assertSession(ctx);
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const hint = token.slice(0, HINT_LENGTH);
  const [row] = await inCompany(ctx, (db) => queryRows<TokenRow>(db, sql`
    INSERT INTO oauth_access_tokens (token_hash, client_id, user_id, company_id, scopes, kind, name, token_hint, expires_at)
    VALUES (${hashToken(token)}, ${PERSONAL_CLIENT_ID}, ${ctx.principal.userId}::uuid, ${ctx.principal.companyId}::uuid,
      ${input.scopes.join(' ')}, 'personal', ${input.name}, ${hint}, now() + interval '100 years')
    RETURNING id, name, scopes, token_hint, last_used_at, created_at, revoked_at`));
  const item = toItem(row!);
  return { id: item.id, name: item.name, scopes: item.scopes, token, token_hint: item.token_hint, created_at: item.created_at };
}

export async function listAccessTokens(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<AccessTokenItem>> {
  assertSession(ctx);
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(ctx.db, sql`
    SELECT count(*)::int AS total FROM oauth_access_tokens WHERE ${ownedBy(ctx)}`);
  const rows = await queryRows<TokenRow>(ctx.db, sql`
    SELECT id, name, scopes, token_hint, last_used_at, created_at, revoked_at FROM oauth_access_tokens
    WHERE ${ownedBy(ctx)}
    ORDER BY (revoked_at IS NULL) DESC, created_at DESC, id
    LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
  return paginate(rows.map(toItem), Number(total), query.page, query.per_page);
}

export async function getAccessToken(ctx: AuthedCtx, idParam: string): Promise<AccessTokenItem> {
  assertSession(ctx);
  const id = assertId(idParam, 'Access token');
  const [row] = await queryRows<TokenRow>(ctx.db, sql`
    SELECT id, name, scopes, token_hint, last_used_at, created_at, revoked_at FROM oauth_access_tokens
    WHERE id = ${id}::uuid AND ${ownedBy(ctx)}`);
  if (!row) throw notFound('Access token');
  return toItem(row);
}

/**
 * Revokes at once: personal tokens are never cached (platform/http/auth.ts), so the next request with it,
 * to any server process, is a 401. Revoking a revoked token answers it unchanged.
 */
export async function revokeAccessToken(ctx: AuthedCtx, idParam: string): Promise<AccessTokenItem> {
  assertSession(ctx);
  const id = assertId(idParam, 'Access token');
  const [row] = await inCompany(ctx, (db) => queryRows<TokenRow>(db, sql`
    UPDATE oauth_access_tokens SET revoked_at = coalesce(revoked_at, now())
    WHERE id = ${id}::uuid AND ${ownedBy(ctx)}
    RETURNING id, name, scopes, token_hint, last_used_at, created_at, revoked_at`));
  if (!row) throw notFound('Access token');
  return toItem(row);
}

/** Deletes the token (it stops working at once, like a revoke) and its line in the list. */
export async function deleteAccessToken(ctx: AuthedCtx, idParam: string): Promise<void> {
  assertSession(ctx);
  const id = assertId(idParam, 'Access token');
  const rows = await inCompany(ctx, (db) => queryRows<{ id: string }>(db, sql`
    DELETE FROM oauth_access_tokens WHERE id = ${id}::uuid AND ${ownedBy(ctx)} RETURNING id`));
  if (!rows.length) throw notFound('Access token');
}
