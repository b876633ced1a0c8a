import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Ctx } from '../../platform/http/context';
import type { Queryable } from '../../platform/db/client';
import { hashToken } from '../../platform/http/auth';
import { users } from '../users/users.tables';
import { oauthAccessTokens, oauthClients, oauthRefreshTokens } from './auth.tables';
import { verifyPassword } from '../../platform/crypto/passwords';
import { consumeRefreshToken, defaultCompanyOf, findRefreshToken, newOpaqueToken, revokeFamily } from './tokens.service';

/** Raised for a correct password on a disabled account, so the sign-in screen can say so (spec 5). */
export class AccountDisabledError extends OAuth2Server.OAuthError {
  constructor() {
    super('Your account has been deactivated, contact support', { code: 401, name: 'account_disabled' });
  }
}

/**
 * A client that may not sign in now (a paused or inactive app service): the reason is the message the caller
 * sees, where a wrong client id or secret only ever gets the generic one.
 */
export class ClientRefusedError extends OAuth2Server.InvalidClientError {
  readonly shownToCaller = true;
}

/** Why a client with a right secret may still not get tokens now, or null. */
export type ClientRefusal = (db: Queryable, clientId: string) => Promise<string | null>;

let clientRefusal: ClientRefusal | undefined;

/**
 * App services (paused, inactive) are OAuth clients built on auth, so auth does not import them: the composition
 * root installs the check.
 */
export function setClientRefusal(refusal: ClientRefusal): void {
  clientRefusal = refusal;
}

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

interface TokenUser {
  id: string;
  companyId: string | null;
  familyId: string;
  impersonatorId: string | null;
}

/** The model @node-oauth/oauth2-server calls for the password and refresh_token grants. */
export function oauthModel(ctx: Ctx): OAuth2Server.PasswordModel & OAuth2Server.RefreshTokenModel {
  return {
    async getClient(clientId: string, clientSecret: string | null) {
      const [client] = await ctx.db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
      if (!client || client.revoked || clientSecret === null) return false;
      const given = Buffer.from(hashClientSecret(clientSecret), 'hex');
      const stored = Buffer.from(client.secretHash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) return false;
      // After the secret check, so only the client's own holder learns it is paused or inactive.
      if (!clientRefusal) throw new Error('No client refusal installed (composeServer in composition.ts installs it)');
      const refusal = await clientRefusal(ctx.db, client.id);
      if (refusal) throw new ClientRefusedError(refusal);
      return { id: client.id, grants: client.grants };
    },

    async getUser(username: string, password: string) {
      const [user] = await ctx.db
        .select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(sql`lower(${users.email})`, username.trim().toLowerCase()))
        .limit(1);
      const ok = await verifyPassword(user?.passwordHash, password, (err) => ctx.log.error({ err, userId: user?.id }, 'stored password hash could not be verified'));
      if (!user || !ok) return false;
      if (user.disabledAt) throw new AccountDisabledError();
      const tokenUser: TokenUser = { id: user.id, companyId: await defaultCompanyOf(ctx.db, user.id), familyId: randomUUID(), impersonatorId: null };
      return tokenUser;
    },

    async validateScope() {
      return ['*'];
    },

    async generateAccessToken() {
      return newOpaqueToken();
    },

    async generateRefreshToken() {
      return newOpaqueToken();
    },

    async saveToken(token, client, user) {
      const u = user as TokenUser;
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(oauthAccessTokens)
          .values({
            tokenHash: hashToken(token.accessToken),
            clientId: client.id,
            userId: u.id,
            companyId: u.companyId,
            impersonatorId: u.impersonatorId,
            expiresAt: token.accessTokenExpiresAt!,
          })
          .returning({ id: oauthAccessTokens.id });
        await tx.insert(oauthRefreshTokens).values({
          tokenHash: hashToken(token.refreshToken!),
          familyId: u.familyId,
          accessTokenId: row!.id,
          clientId: client.id,
          userId: u.id,
          companyId: u.companyId,
          impersonatorId: u.impersonatorId,
          expiresAt: token.refreshTokenExpiresAt!,
        });
      });
      return { ...token, client, user };
    },

    async getRefreshToken(refreshToken: string) {
      const record = await findRefreshToken(ctx, refreshToken);
      if (!record) return false;
      if (record.revokedAt) {
        await revokeFamily(ctx, record.familyId);
        ctx.log.warn({ userId: record.userId, familyId: record.familyId }, 'rotated refresh token reused: sign-in revoked');
        return false;
      }
      const [user] = await ctx.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, record.userId)).limit(1);
      if (!user) return false;
      if (user.disabledAt) throw new AccountDisabledError();
      const tokenUser: TokenUser = { id: record.userId, companyId: record.companyId, familyId: record.familyId, impersonatorId: record.impersonatorId };
      return {
        id: record.id,
        refreshToken,
        refreshTokenExpiresAt: record.expiresAt,
        scope: ['*'],
        client: { id: record.clientId, grants: [] },
        user: tokenUser,
      };
    },

    async revokeToken(token) {
      return consumeRefreshToken(ctx, (token as unknown as { id: string }).id);
    },

    // Required by the type; bearer tokens are authenticated by platform/http/auth.ts in one query instead.
    async getAccessToken() {
      return false;
    },
  };
}
