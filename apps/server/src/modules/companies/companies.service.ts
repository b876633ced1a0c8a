import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { paginate, parseSearch, type CompanyDto, type CompanyStatus, type Paginated, type TCompanyCreate, type TCompanyProfileUpdate, type TListQuery } from '@omnio/domain';
import type { AuthedCtx } from '../../platform/http/context';
import type { Queryable } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause } from '../../platform/db/list-query';
import { assertId, fieldError, forbidden, notFound } from '../../platform/http/errors';
import { companies } from './companies.tables';

export type CompanyRow = typeof companies.$inferSelect;

export function toCompanyDto(c: CompanyRow): CompanyDto {
  return {
    id: c.id,
    name: c.name,
    schema_suffix: c.schemaSuffix,
    status: c.status as CompanyStatus,
    contact_name: c.contactName,
    email: c.email,
    phone: c.phone,
    address1: c.address1,
    city: c.city,
    region: c.region,
    postal_code: c.postalCode,
    country: c.country,
    subdomain: c.subdomain,
    order_prefix: c.orderPrefix,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

function slug(name: string): string {
  const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return base || 'company';
}

/** schema_suffix is a stable, unique machine name for the company (spec 3). */
async function uniqueSuffix(db: Queryable, name: string): Promise<string> {
  const base = slug(name);
  const taken = await db
    .select({ s: companies.schemaSuffix })
    .from(companies)
    .where(or(eq(companies.schemaSuffix, base), ilike(companies.schemaSuffix, `${base}\\_%`)));
  const used = new Set(taken.map((t) => t.s));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}_${i}`)) return `${base}_${i}`;
}

function columns(input: Partial<TCompanyCreate>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.contact_name !== undefined ? { contactName: input.contact_name } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.address1 !== undefined ? { address1: input.address1 } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    ...(input.region !== undefined ? { region: input.region } : {}),
    ...(input.postal_code !== undefined ? { postalCode: input.postal_code } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
    ...(input.subdomain !== undefined ? { subdomain: input.subdomain } : {}),
    ...(input.order_prefix !== undefined ? { orderPrefix: input.order_prefix } : {}),
  };
}

async function assertSubdomainFree(db: Queryable, subdomain: string | null | undefined, exceptId?: string) {
  if (!subdomain) return;
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.subdomain, subdomain)).limit(1);
  if (rows[0] && rows[0].id !== exceptId) throw fieldError('subdomain', 'The subdomain has already been taken');
}

export async function insertCompany(db: Queryable, input: TCompanyCreate): Promise<CompanyRow> {
  await assertSubdomainFree(db, input.subdomain);
  const [row] = await db
    .insert(companies)
    .values({ ...columns(input), name: input.name, schemaSuffix: await uniqueSuffix(db, input.name) })
    .returning();
  return row!;
}

export async function createCompany(ctx: AuthedCtx, input: TCompanyCreate): Promise<CompanyDto> {
  return toCompanyDto(await ctx.db.transaction((tx) => insertCompany(tx, input)));
}

export async function getCompany(ctx: AuthedCtx, idParam: string): Promise<CompanyDto> {
  const id = assertId(idParam, 'Company');
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound('Company');
  return toCompanyDto(row);
}

export async function updateCompany(ctx: AuthedCtx, idParam: string, input: Partial<TCompanyCreate>): Promise<CompanyDto> {
  const id = assertId(idParam, 'Company');
  return ctx.db.transaction(async (tx) => {
    await assertSubdomainFree(tx, input.subdomain, id);
    const [row] = await tx.update(companies).set({ ...columns(input), updatedAt: sql`now()` }).where(eq(companies.id, id)).returning();
    if (!row) throw notFound('Company');
    return toCompanyDto(row);
  });
}

/** The company the signed-in tenant user works in (GET /company). */
export async function getOwnCompany(ctx: AuthedCtx): Promise<CompanyDto> {
  const id = ctx.principal.companyId;
  if (!id) throw forbidden();
  return getCompany(ctx, id);
}

/**
 * PUT /company: the tenant's own profile, order prefix and address. A new order prefix applies to the orders
 * numbered after it; earlier orders keep theirs (the number is part of what channels and customers were told).
 */
export async function updateOwnCompany(ctx: AuthedCtx, input: TCompanyProfileUpdate): Promise<CompanyDto> {
  const id = ctx.principal.companyId;
  if (!id) throw forbidden();
  return updateCompany(ctx, id, input);
}

export async function deleteCompany(ctx: AuthedCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Company');
  const rows = await ctx.db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  if (!rows.length) throw notFound('Company');
  ctx.deps.principals.clear(); // memberships went with it
}

const ORDER = { name: companies.name, created_at: companies.createdAt, status: companies.status } as const;

export async function listCompanies(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<CompanyDto>> {
  const { fields, text } = parseSearch(query.search);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(companies.name, containsPattern(fields.name)));
  if (fields.status) where.push(eq(companies.status, fields.status.toUpperCase()));
  if (text) where.push(or(ilike(companies.name, containsPattern(text)), ilike(companies.schemaSuffix, containsPattern(text)))!);
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(companies).where(condition);
  const rows = await ctx.db
    .select()
    .from(companies)
    .where(condition)
    .orderBy(order, asc(companies.id))
    .limit(query.per_page)
    .offset(offsetOf(query));
  return paginate(rows.map(toCompanyDto), total, query.page, query.per_page);
}
