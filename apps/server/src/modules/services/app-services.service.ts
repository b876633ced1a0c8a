import { randomBytes } from 'node:crypto';
import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  appServiceAllowedActions, paginate, serviceStatusAllows, serviceTransition, SERVICE_STATUSES,
  type AppServiceView, type Paginated, type ServiceAction, type TAppServiceCreate, type TAppServiceUpdate, type TListQuery,
} from '@omnio/domain';
import type { Queryable } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, fieldError, invalidTransition, notFound } from '../../platform/http/errors';
import { oauthAccessTokens, oauthClients, oauthRefreshTokens } from '../auth/auth.tables';
import { hashClientSecret } from '../auth/oauth-model';
import { appServices } from './services.tables';

/**
 * App services: OAuth client applications registered on the platform (docs/api-services.md). The client's
 * secret is stored hashed in oauth_clients and answered once, by create and rotate-secret.
 */

const COLUMNS = {
  id: appServices.id, clientId: appServices.clientId, name: appServices.name, description: appServices.description,
  redirectUris: appServices.redirectUris, confidential: appServices.confidential, status: appServices.status,
  secretHint: appServices.secretHint, createdAt: appServices.createdAt, updatedAt: appServices.updatedAt, grants: oauthClients.grants,
};
type Row = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]['_']['data'] };

function view(ctx: AuthedCtx, r: Row, secret?: string): AppServiceView {
  return {
    id: r.id,
    client_id: r.clientId,
    name: r.name,
    description: r.description,
    redirect_uris: r.redirectUris,
    confidential: r.confidential,
    grants: r.grants as AppServiceView['grants'],
    status: r.status as AppServiceView['status'],
    secret_hint: `…${r.secretHint}`,
    ...(secret ? { client_secret: secret } : {}),
    allowed_actions: appServiceAllowedActions(r.status, ctx.principal.permissions),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const select = (db: Queryable) => db.select(COLUMNS).from(appServices).innerJoin(oauthClients, eq(oauthClients.id, appServices.clientId));

async function load(db: Queryable, idParam: string): Promise<Row> {
  const [row] = await select(db).where(eq(appServices.id, assertId(idParam, 'App service'))).limit(1);
  if (!row) throw notFound('App service');
  return row;
}

/** 32 random bytes, prefixed so a leaked secret is recognisable in logs and secret scanners. */
const newSecret = () => `ocs_${randomBytes(32).toString('base64url')}`;
const hintOf = (secret: string) => secret.slice(-4);

async function assertNameFree(db: Queryable, name: string, exceptId?: string): Promise<void> {
  const [row] = await db.select({ id: appServices.id }).from(appServices).where(eq(sql`lower(${appServices.name})`, name.toLowerCase())).limit(1);
  if (row && row.id !== exceptId) throw fieldError('name', 'An app service with this name already exists');
}

const ORDER = { name: appServices.name, status: appServices.status, created_at: appServices.createdAt } as const;

export async function listAppServices(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<AppServiceView>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.status) {
    const status = fields.status.toUpperCase();
    if (!(SERVICE_STATUSES as readonly string[]).includes(status)) throw fieldError('search', `Unknown status ${fields.status}`);
    where.push(eq(appServices.status, status));
  }
  const words = fields.name ?? text;
  if (words) where.push(or(ilike(appServices.name, containsPattern(words)), ilike(appServices.clientId, containsPattern(words)))!);
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, ORDER, 'created_at', 'DESC');
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(appServices).where(condition);
  const rows = await select(ctx.db).where(condition).orderBy(order, appServices.id).limit(query.per_page).offset(offsetOf(query));
  return paginate(rows.map((r) => view(ctx, r)), Number(total), query.page, query.per_page);
}

export const getAppService = async (ctx: AuthedCtx, id: string) => view(ctx, await load(ctx.db, id));

/** Creates the oauth_clients row and the app service together; the answer carries the secret, once. */
export async function createAppService(ctx: AuthedCtx, input: TAppServiceCreate): Promise<AppServiceView> {
  const secret = newSecret();
  const clientId = `app_${randomBytes(10).toString('hex')}`;
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    await tx.insert(oauthClients).values({ id: clientId, name: input.name, secretHash: hashClientSecret(secret), grants: input.grants });
    const [created] = await tx
      .insert(appServices)
      .values({
        clientId, name: input.name, description: input.description, redirectUris: input.redirect_uris, confidential: input.confidential,
        secretHint: hintOf(secret), createdBy: ctx.principal.userId,
      })
      .returning({ id: appServices.id });
    return view(ctx, await load(tx, created!.id), secret);
  });
}

export async function updateAppService(ctx: AuthedCtx, id: string, input: TAppServiceUpdate): Promise<AppServiceView> {
  return ctx.db.transaction(async (tx) => {
    const current = await load(tx, id);
    if (input.name !== undefined) await assertNameFree(tx, input.name, current.id);
    await tx
      .update(appServices)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.redirect_uris !== undefined ? { redirectUris: input.redirect_uris } : {}),
        ...(input.confidential !== undefined ? { confidential: input.confidential } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(appServices.id, current.id));
    if (input.name !== undefined || input.grants !== undefined) {
      await tx
        .update(oauthClients)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.grants !== undefined ? { grants: input.grants } : {}) })
        .where(eq(oauthClients.id, current.clientId));
    }
    return view(ctx, await load(tx, current.id));
  });
}

/** Only an INACTIVE app service may go (its tokens are already revoked); the client row goes with it. */
export async function deleteAppService(ctx: AuthedCtx, id: string): Promise<void> {
  const current = await load(ctx.db, id);
  if (!serviceStatusAllows(current.status, 'delete')) throw invalidTransition(current.status, 'delete', 'Deactivate the app service before deleting it');
  await ctx.db.delete(oauthClients).where(eq(oauthClients.id, current.clientId));
}

/**
 * pause / deactivate / activate, applied with a conditional UPDATE on the status read. PAUSE refuses new
 * tokens at the token endpoint; INACTIVE also revokes every live token of the client, in the same transaction.
 */
export async function transitionAppService(ctx: AuthedCtx, id: string, action: ServiceAction): Promise<AppServiceView> {
  const result = await ctx.db.transaction(async (tx) => {
    const current = await load(tx, id);
    const next = serviceTransition(current.status, action);
    const refused = () => invalidTransition(current.status, action, `A ${current.status} app service cannot ${action}`);
    if (!next) throw refused();
    const moved = await tx
      .update(appServices)
      .set({ status: next, updatedAt: sql`now()` })
      .where(and(eq(appServices.id, current.id), eq(appServices.status, current.status)))
      .returning({ id: appServices.id });
    if (!moved.length) throw refused();
    if (next === 'INACTIVE') {
      await tx.update(oauthAccessTokens).set({ revokedAt: sql`now()` }).where(and(eq(oauthAccessTokens.clientId, current.clientId), isNull(oauthAccessTokens.revokedAt)));
      await tx.update(oauthRefreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(oauthRefreshTokens.clientId, current.clientId), isNull(oauthRefreshTokens.revokedAt)));
    }
    return { row: await load(tx, current.id), revoked: next === 'INACTIVE' };
  });
  // A checked token lives in the principal cache for a moment; revoked ones must stop at once.
  if (result.revoked) ctx.deps.principals.clear();
  return view(ctx, result.row);
}

/** A new client secret, answered once; the old one stops working at once. Not for an INACTIVE client. */
export async function rotateAppServiceSecret(ctx: AuthedCtx, id: string): Promise<AppServiceView> {
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    const current = await load(tx, id);
    if (!serviceStatusAllows(current.status, 'rotateSecret')) throw invalidTransition(current.status, 'rotate-secret', 'Activate the app service before rotating its secret');
    await tx.update(oauthClients).set({ secretHash: hashClientSecret(secret) }).where(eq(oauthClients.id, current.clientId));
    await tx.update(appServices).set({ secretHint: hintOf(secret), updatedAt: sql`now()` }).where(eq(appServices.id, current.id));
    return view(ctx, await load(tx, current.id), secret);
  });
}
