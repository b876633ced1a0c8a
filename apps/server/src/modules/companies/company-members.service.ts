import { and, eq } from 'drizzle-orm';
import type { CompanyMembershipDto } from '@omnio/domain';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, notFound } from '../../platform/http/errors';
import { sqlStateOf } from '../../platform/db/sql-state';
import { companies, companyUsers } from './companies.tables';

/** The owner adds an existing user to a company: the user then chooses it on /session/companies. */
export async function addCompanyMember(ctx: AuthedCtx, companyIdParam: string, userIdParam: string): Promise<CompanyMembershipDto> {
  const companyId = assertId(companyIdParam, 'Company');
  const userId = assertId(userIdParam, 'User');
  await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw notFound('Company');
    // The user is known by its foreign key, not by a read of users: companies do not depend on the users module.
    const added = await tx.insert(companyUsers).values({ companyId, userId }).onConflictDoNothing().returning({ userId: companyUsers.userId })
      .catch((err: unknown) => {
        throw isMissingReference(err, 'company_users_user_id_fkey') ? fieldError('user_id', 'The user does not exist') : err;
      });
    if (!added.length) throw conflict('The user already belongs to this company');
  });
  return { company_id: companyId, user_id: userId };
}

/** A foreign key (by its constraint name) found no row to point at (23503). */
function isMissingReference(err: unknown, constraint: string): boolean {
  if (sqlStateOf(err) !== '23503') return false;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
  }
  return false;
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
