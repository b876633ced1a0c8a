import { asc, eq, and } from 'drizzle-orm';
import type { ActiveCompanySwitchDto, SessionCompanyDto } from '@omnio/domain';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { companies, companyUsers } from '../companies/companies.tables';
import { users } from '../users/users.tables';
import { defaultCompanyOf, issueTokens, moveSessionToCompany, revokeSession, type IssuedTokens } from './tokens.service';

export async function listMyCompanies(ctx: AuthedCtx): Promise<SessionCompanyDto[]> {
  const rows = await ctx.db
    .select({ id: companies.id, name: companies.name, schemaSuffix: companies.schemaSuffix })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, ctx.principal.userId))
    .orderBy(asc(companies.name));
  return rows.map((c) => ({ id: c.id, name: c.name, schema_suffix: c.schemaSuffix, active: c.id === ctx.principal.companyId }));
}

export async function setActiveCompany(ctx: AuthedCtx, companyIdParam: string): Promise<ActiveCompanySwitchDto> {
  const companyId = assertId(companyIdParam, 'Company');
  const [row] = await ctx.db
    .select({ id: companies.id, name: companies.name, schemaSuffix: companies.schemaSuffix })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.userId, ctx.principal.userId), eq(companyUsers.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Company');
  await ctx.db.transaction((tx) => moveSessionToCompany(tx, ctx.principal.tokenId, companyId));
  ctx.deps.principals.clear();
  return { company: { id: row.id, name: row.name, schema_suffix: row.schemaSuffix } };
}

export async function logout(ctx: AuthedCtx, refreshToken: string | undefined): Promise<void> {
  await revokeSession(ctx, ctx.principal.tokenId, refreshToken);
}

/** The owner signs in as another user (spec 6); the tokens remember who did it. */
export async function loginByAdmin(ctx: AuthedCtx, idParam: string): Promise<IssuedTokens> {
  const id = assertId(idParam, 'User');
  const [target] = await ctx.db.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(eq(users.id, id)).limit(1);
  if (!target) throw notFound('User');
  if (target.disabledAt) throw fieldError('id', 'The account is deactivated');
  ctx.log.info({ adminId: ctx.principal.userId, userId: id }, 'login by admin');
  return issueTokens(ctx, {
    userId: id,
    clientId: ctx.principal.clientId,
    companyId: await defaultCompanyOf(ctx.db, id),
    impersonatorId: ctx.principal.userId,
  });
}
