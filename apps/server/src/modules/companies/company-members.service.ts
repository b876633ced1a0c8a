import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, notFound } from '../../platform/http/errors';
import { users } from '../users/users.tables';
import { companies, companyUsers } from './companies.tables';

/** The owner adds an existing user to a company: the user then chooses it on /session/companies. */
export async function addCompanyMember(ctx: AuthedCtx, companyIdParam: string, userIdParam: string): Promise<{ company_id: string; user_id: string }> {
  const companyId = assertId(companyIdParam, 'Company');
  const userId = assertId(userIdParam, 'User');
  await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw notFound('Company');
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw fieldError('user_id', 'The user does not exist');
    const added = await tx.insert(companyUsers).values({ companyId, userId }).onConflictDoNothing().returning({ userId: companyUsers.userId });
    if (!added.length) throw conflict('The user already belongs to this company');
  });
  return { company_id: companyId, user_id: userId };
}

export async function removeCompanyMember(ctx: AuthedCtx, companyIdParam: string, userIdParam: string): Promise<void> {
  const companyId = assertId(companyIdParam, 'Company');
  const userId = assertId(userIdParam, 'User');
  const removed = await ctx.db
    .delete(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .returning({ userId: companyUsers.userId });
  if (!removed.length) throw notFound('Membership');
  // Tokens working in that company lose it now, not when their cache entry ages out.
  ctx.deps.principals.clear();
}
