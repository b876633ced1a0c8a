import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  defaultPermissionsForRole, paginate, parseSearch, permissionById, permissionByName,
  type Language, type Role, type TListQuery, type TUserCreate, type TUserUpdate, type Paginated, type UserSummaryDto,
} from '@omnio/domain';
import type { AuthedCtx, Ctx } from '../../platform/http/context';
import type { Queryable } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/list-query';
import { enterTenant } from '../../platform/db/privileged';
import { assertId, fieldError, forbidden, isUuid, notFound } from '../../platform/http/errors';
import { can } from '../../platform/http/permissions';
import { users, userRoles, userPermissions } from './users.tables';
import { companies, companyUsers } from '../companies/companies.tables';
import { suppliers } from '../suppliers/suppliers.tables';
import { hashPassword } from '../../platform/crypto/passwords';
import { readGeneralSettings } from '../platform-settings/settings.service';

export type UserSummary = UserSummaryDto;

async function emailTaken(db: Queryable, email: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return rows.length > 0 && rows[0]!.id !== exceptUserId;
}

export const EMAIL_TAKEN = 'The email has already been taken';

/** Ends every sign-in of a user, in the caller's transaction. */
export type SignInRevoker = (db: Queryable, userId: string) => Promise<void>;

let signInRevoker: SignInRevoker | undefined;

/** The tokens are auth's, and auth builds on users (sign-in reads them), so the composition root installs this. */
export function setSignInRevoker(revoke: SignInRevoker): void {
  signInRevoker = revoke;
}

async function loadSummaries(db: Queryable, ids: string[], withCompanies: boolean): Promise<UserSummary[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  const roles = await db.select().from(userRoles).where(inArray(userRoles.userId, ids)).orderBy(asc(userRoles.position));
  const memberships = withCompanies
    ? await db
        .select({ userId: companyUsers.userId, id: companies.id, name: companies.name })
        .from(companyUsers)
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(inArray(companyUsers.userId, ids))
        .orderBy(asc(companyUsers.createdAt))
    : [];
  const byId = new Map(rows.map((u) => [u.id, u]));
  return ids.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    const summary: UserSummary = {
      id: u.id,
      name: u.name,
      email: u.email,
      language: u.language as Language,
      roles: roles.filter((r) => r.userId === id).map((r) => r.role as Role),
      disabled: u.disabledAt !== null,
      created_at: u.createdAt.toISOString(),
    };
    if (withCompanies) summary.companies = memberships.filter((m) => m.userId === id).map(({ id: cid, name }) => ({ id: cid, name }));
    return [summary];
  });
}

export async function getUserSummary(db: Queryable, id: string): Promise<UserSummary> {
  const [summary] = await loadSummaries(db, [id], true);
  if (!summary) throw notFound('User');
  return summary;
}

const USER_ORDER = { name: users.name, email: users.email, created_at: users.createdAt } as const;

/** Owner list of every user; `search` fields: name, email, role, company (id). */
export async function listUsers(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<UserSummary>> {
  const { fields, text } = parseSearch(query.search);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(users.name, containsPattern(fields.name)));
  if (fields.email) where.push(ilike(users.email, containsPattern(fields.email)));
  if (text) where.push(or(ilike(users.name, containsPattern(text)), ilike(users.email, containsPattern(text)))!);
  if (fields.role) where.push(sql`exists (select 1 from user_roles r where r.user_id = ${users.id} and r.role = ${fields.role} and r.position = 0)`);
  if (fields.company) {
    if (!isUuid(fields.company)) return paginate([], 0, query.page, query.per_page);
    where.push(sql`exists (select 1 from company_users cu where cu.user_id = ${users.id} and cu.company_id = ${fields.company})`);
  }
  const condition = where.length ? and(...where) : undefined;
  const orderBy = query.order_by ?? 'created_at';
  // Own keys only: 'constructor' or '__proto__' must be a 422, not a prototype member.
  if (!Object.hasOwn(USER_ORDER, orderBy)) throw fieldError('order_by', `Cannot order by ${query.order_by}`);
  const orderCol = USER_ORDER[orderBy as keyof typeof USER_ORDER];
  const dir = query.order_direction === 'ASC' ? asc : desc;
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(users).where(condition);
  const ids = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(condition)
    .orderBy(dir(orderCol), asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = await loadSummaries(ctx.db, ids.map((r) => r.id), true);
  return paginate(data, total, query.page, query.per_page);
}

async function setRoles(db: Queryable, userId: string, roles: readonly Role[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length) await db.insert(userRoles).values(roles.map((role, position) => ({ userId, role, position })));
}

async function setPermissionIds(db: Queryable, userId: string, ids: readonly number[]): Promise<void> {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length) await db.insert(userPermissions).values(unique.map((permissionId) => ({ userId, permissionId })));
}

export function roleDefaultPermissionIds(role: Role): number[] {
  return defaultPermissionsForRole(role).map((name) => permissionByName(name)!.id);
}

/** Creates a user with a role and that role's default permissions; used by the owner, signup, invitations and the seed. */
export async function insertUser(
  db: Queryable,
  input: { name: string; email: string; password: string; language?: string; role: Role; companyId?: string | null; supplierId?: string | null },
): Promise<string> {
  if (await emailTaken(db, input.email)) throw fieldError('email', EMAIL_TAKEN);
  const [row] = await db
    .insert(users)
    .values({
      name: input.name, email: input.email.toLowerCase(), passwordHash: await hashPassword(input.password),
      // Without a choice, the owner's default language (general settings).
      language: input.language ?? (await readGeneralSettings(db)).default_language,
    })
    .returning({ id: users.id });
  const userId = row!.id;
  await setRoles(db, userId, [input.role]);
  await setPermissionIds(db, userId, roleDefaultPermissionIds(input.role));
  if (input.companyId) await db.insert(companyUsers).values({ companyId: input.companyId, userId, supplierId: input.supplierId ?? null });
  return userId;
}

/**
 * Offers the welcome tour at the next sign-in (issue 24): the `tour` preference enabled and not yet done. For someone
 * who meets Omnio for the first time (a sign-up, the demo business's user); spec 3's default leaves tours off.
 */
export async function offerWelcomeTour(db: Queryable, userId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO preferences (user_id, key, value, version) VALUES (${userId}::uuid, 'tour', ${JSON.stringify({ enabled: true, done: [] })}::jsonb, 1)
    ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, version = excluded.version, updated_at = now()`);
}

export async function createUser(ctx: AuthedCtx, input: TUserCreate): Promise<UserSummary> {
  if (input.role !== 'owner' && !input.company_id) throw fieldError('company_id', 'A tenant or supplier user needs a company');
  if (input.role === 'supplier' && !input.supplier_id) throw fieldError('supplier_id', 'A supplier user needs a supplier');
  return ctx.db.transaction(async (tx) => {
    if (input.company_id) {
      const found = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id)).limit(1);
      if (!found.length) throw fieldError('company_id', 'The company does not exist');
    }
    if (input.supplier_id) {
      // suppliers are tenant-owned: look through the company's row-level-security context
      await enterTenant(tx, input.company_id!);
      const found = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplier_id)).limit(1);
      if (!found.length) throw fieldError('supplier_id', 'The supplier does not exist in this company');
    }
    const id = await insertUser(tx, {
      name: input.name, email: input.email, password: input.password, language: input.language, role: input.role,
      companyId: input.company_id ?? null, supplierId: input.supplier_id ?? null,
    });
    return getUserSummary(tx, id);
  });
}

/** A user edits their own name, email and language; the owner may edit anyone's. */
export async function updateUser(ctx: AuthedCtx, idParam: string, input: TUserUpdate): Promise<UserSummary> {
  const id = assertId(idParam, 'User');
  const self = id === ctx.principal.userId;
  if (!self && !(ctx.principal.role === 'owner' && can(ctx.principal, 'update-user'))) {
    // Other users are invisible to non-owners: not found rather than forbidden.
    throw ctx.principal.role === 'owner' ? forbidden() : notFound('User');
  }
  return ctx.db.transaction(async (tx) => {
    if (input.email && (await emailTaken(tx, input.email, id))) throw fieldError('email', EMAIL_TAKEN);
    const updated = await tx
      .update(users)
      .set({ ...input, ...(input.email ? { email: input.email.toLowerCase() } : {}), updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!updated.length) throw notFound('User');
    return getUserSummary(tx, id);
  });
}

export async function assignRoles(ctx: AuthedCtx, idParam: string, roles: Role[]): Promise<UserSummary> {
  const id = assertId(idParam, 'User');
  const summary = await ctx.db.transaction(async (tx) => {
    await getUserSummary(tx, id);
    await setRoles(tx, id, [...new Set(roles)]);
    return getUserSummary(tx, id);
  });
  ctx.deps.principals.clear();
  return summary;
}

export async function assignPermissions(ctx: AuthedCtx, idParam: string, ids: number[]): Promise<{ permissions: number[] }> {
  const id = assertId(idParam, 'User');
  const unknown = ids.filter((p) => !permissionById(p));
  if (unknown.length) throw fieldError('permissions', `Unknown permission ids: ${unknown.join(', ')}`);
  await ctx.db.transaction(async (tx) => {
    await getUserSummary(tx, id);
    await setPermissionIds(tx, id, ids);
  });
  ctx.deps.principals.clear();
  return { permissions: [...new Set(ids)].sort((a, b) => a - b) };
}

export async function setUserDisabled(ctx: AuthedCtx, idParam: string, disabled: boolean): Promise<UserSummary> {
  const id = assertId(idParam, 'User');
  if (id === ctx.principal.userId && disabled) throw fieldError('id', 'You cannot disable your own account');
  const summary = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!rows.length) throw notFound('User');
    if (disabled) {
      if (!signInRevoker) throw new Error('No sign-in revoker installed (composeServer in composition.ts installs it)');
      await signInRevoker(tx, id);
    }
    return getUserSummary(tx, id);
  });
  ctx.deps.principals.clear();
  return summary;
}

/** Users of the caller's active company (tenant "users" screen). */
export async function listCompanyUsers(ctx: AuthedCtx & { tenantId: string }, query: TListQuery): Promise<Paginated<UserSummary>> {
  const condition = eq(companyUsers.companyId, ctx.tenantId);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(companyUsers).where(condition);
  const ids = await ctx.db
    .select({ id: companyUsers.userId })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(condition)
    .orderBy(asc(users.name), asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return paginate(await loadSummaries(ctx.db, ids.map((r) => r.id), false), total, query.page, query.per_page);
}

export async function getRolePermissions(_ctx: Ctx, role: Role): Promise<{ name: Role; permissions: { id: number; name: string }[] }> {
  return { name: role, permissions: roleDefaultPermissionIds(role).map((id) => ({ id, name: permissionById(id)!.name })) };
}
