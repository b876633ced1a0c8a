import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IssuedTokensDto } from '@omnio/domain';
import { hashToken } from '../../platform/http/auth';
import type { Ctx } from '../../platform/http/context';
import type { Queryable } from '../../platform/db/client';
import { oauthAccessTokens, oauthRefreshTokens } from './auth.tables';
import { companyUsers } from '../companies/companies.tables';

export type IssuedTokens = IssuedTokensDto;

export interface TokenSubject {
  userId: string;
  clientId: string;
  companyId: string | null;
  familyId?: string;
  impersonatorId?: string | null;
  scopes?: string;
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The company a fresh sign-in works in: the user's oldest membership. */
export async function defaultCompanyOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(eq(companyUsers.userId, userId))
    .orderBy(companyUsers.createdAt, companyUsers.companyId)
    .limit(1);
  return rows[0]?.companyId ?? null;
}

/** Stores a new access + refresh token pair and answers the OAuth token response. */
export async function issueTokens(ctx: Ctx, subject: TokenSubject): Promise<IssuedTokens> {
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = ctx.deps.config;
  const access = newOpaqueToken();
  const refresh = newOpaqueToken();
  const now = Date.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(oauthAccessTokens)
      .values({
        tokenHash: hashToken(access),
        clientId: subject.clientId,
        userId: subject.userId,
        companyId: subject.companyId,
        scopes: subject.scopes ?? '*',
        impersonatorId: subject.impersonatorId ?? null,
        expiresAt: new Date(now + accessTokenTtlSeconds * 1000),
      })
      .returning({ id: oauthAccessTokens.id });
    await tx.insert(oauthRefreshTokens).values({
      tokenHash: hashToken(refresh),
      familyId: subject.familyId ?? randomUUID(),
      accessTokenId: row!.id,
      clientId: subject.clientId,
      userId: subject.userId,
      companyId: subject.companyId,
      scopes: subject.scopes ?? '*',
      impersonatorId: subject.impersonatorId ?? null,
      expiresAt: new Date(now + refreshTokenTtlSeconds * 1000),
    });
  });
  return { access_token: access, token_type: 'Bearer', refresh_token: refresh, expires_in: accessTokenTtlSeconds };
}

export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  clientId: string;
  userId: string;
  companyId: string | null;
  impersonatorId: string | null;
  scopes: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

export async function findRefreshToken(ctx: Ctx, token: string): Promise<RefreshTokenRecord | null> {
  const rows = await ctx.db
    .select({
      id: oauthRefreshTokens.id,
      familyId: oauthRefreshTokens.familyId,
      clientId: oauthRefreshTokens.clientId,
      userId: oauthRefreshTokens.userId,
      companyId: oauthRefreshTokens.companyId,
      impersonatorId: oauthRefreshTokens.impersonatorId,
      scopes: oauthRefreshTokens.scopes,
      expiresAt: oauthRefreshTokens.expiresAt,
      revokedAt: oauthRefreshTokens.revokedAt,
    })
    .from(oauthRefreshTokens)
    .where(eq(oauthRefreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Rotation: a refresh token works once. The conditional update lets exactly one of two concurrent
 * refreshes win; the old access token dies with it.
 */
export async function consumeRefreshToken(ctx: Ctx, id: string): Promise<boolean> {
  const rows = await ctx.db
    .update(oauthRefreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(oauthRefreshTokens.id, id), isNull(oauthRefreshTokens.revokedAt)))
    .returning({ accessTokenId: oauthRefreshTokens.accessTokenId });
  const row = rows[0];
  if (!row) return false;
  if (row.accessTokenId) {
    await ctx.db.update(oauthAccessTokens).set({ revokedAt: sql`now()` }).where(eq(oauthAccessTokens.id, row.accessTokenId));
  }
  ctx.deps.principals.clear();
  return true;
}

/** A rotated refresh token presented again means it was stolen or replayed: end the whole sign-in. */
export async function revokeFamily(ctx: Ctx, familyId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(oauthRefreshTokens)
      .set({ revokedAt: sql`coalesce(${oauthRefreshTokens.revokedAt}, now())` })
      .where(eq(oauthRefreshTokens.familyId, familyId))
      .returning({ accessTokenId: oauthRefreshTokens.accessTokenId });
    for (const r of revoked) {
      if (r.accessTokenId) {
        await tx
          .update(oauthAccessTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(oauthAccessTokens.id, r.accessTokenId), isNull(oauthAccessTokens.revokedAt)));
      }
    }
  });
  ctx.deps.principals.clear();
}

export async function revokeUserTokens(db: Queryable, userId: string): Promise<void> {
  await db.update(oauthAccessTokens).set({ revokedAt: sql`now()` }).where(and(eq(oauthAccessTokens.userId, userId), isNull(oauthAccessTokens.revokedAt)));
  await db.update(oauthRefreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(oauthRefreshTokens.userId, userId), isNull(oauthRefreshTokens.revokedAt)));
}

/** Logout: the presented access token, and the refresh token issued with it (or the one given). */
export async function revokeSession(ctx: Ctx, accessTokenId: string, refreshToken: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(oauthAccessTokens).set({ revokedAt: sql`now()` }).where(eq(oauthAccessTokens.id, accessTokenId));
    await tx
      .update(oauthRefreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(oauthRefreshTokens.accessTokenId, accessTokenId), isNull(oauthRefreshTokens.revokedAt)));
    if (refreshToken) {
      await tx
        .update(oauthRefreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(oauthRefreshTokens.tokenHash, hashToken(refreshToken)), isNull(oauthRefreshTokens.revokedAt)));
    }
  });
  ctx.deps.principals.clear();
}

/** Callers of revokeUserTokens and moveSessionToCompany clear ctx.deps.principals after their transaction commits. */
/** Switching company moves the current sign-in (this access token and its refresh family) to it. */
export async function moveSessionToCompany(db: Queryable, accessTokenId: string, companyId: string): Promise<void> {
  await db.update(oauthAccessTokens).set({ companyId }).where(eq(oauthAccessTokens.id, accessTokenId));
  await db
    .update(oauthRefreshTokens)
    .set({ companyId })
    .where(and(eq(oauthRefreshTokens.accessTokenId, accessTokenId), isNull(oauthRefreshTokens.revokedAt)));
}
