import type { RateLimiter } from './rate-limits';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@omnio/domain';
import type { Config } from '../config';
import type { AppDb, Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { PrincipalCache } from './principal-cache';

/** Process-wide dependencies, built once in app.ts and handed to services through the request context. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  principals: PrincipalCache;
  /** Installation-wide rate-limit counts (rate-limits.ts). */
  rateLimiter: RateLimiter;
}

/** Who is calling, as the access token says. */
export interface Principal {
  userId: string;
  tokenId: string;
  clientId: string;
  roles: Role[];
  /** The effective role: the first of roles. */
  role: Role | null;
  permissions: ReadonlySet<string>;
  /** The company the token works in (null for an owner outside any company). */
  companyId: string | null;
  supplierId: string | null;
  impersonatorId: string | null;
  scopes: string;
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: number;
  /**
   * 'personal' for an API access token (spec 3): it may call only the routes its scopes open
   * (requireSignIn) and is rate limited per token. Absent means a sign-in session.
   */
  tokenKind?: 'session' | 'personal';
}

/** What every service receives first. */
export interface Ctx {
  db: AppDb;
  deps: AppDeps;
  log: FastifyBaseLogger;
  /** The caller's address (activity log); absent in jobs. */
  ip?: string;
}

export interface AuthedCtx extends Ctx {
  principal: Principal;
}

/** A context bound to one tenant: services open withTenant(ctx, ...) with it. */
export interface TenantCtx extends AuthedCtx {
  tenantId: string;
}
