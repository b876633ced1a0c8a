import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { paginate, type BrandDto, type Paginated, type TBrandCreate, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, notFound } from '../../platform/http/errors';
import { brands, products } from './catalog.tables';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';

type BrandRow = typeof brands.$inferSelect;
const toDto = (b: BrandRow): BrandDto => ({ id: b.id, name: b.name, created_at: b.createdAt.toISOString(), updated_at: b.updatedAt.toISOString() });

const ORDER = { name: sql`lower(${brands.name})`, created_at: brands.createdAt, updated_at: brands.updatedAt };

export async function listBrands(ctx: TenantCtx, query: TListQuery): Promise<Paginated<BrandDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  const name = fields.name ?? text;
  if (name) where.push(ilike(brands.name, containsPattern(name)));
  where.push(...filterConditions(query.filters, { name: brands.name, created_at: brands.createdAt }));
  const condition = and(...where);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(brands).where(condition);
    const rows = await tx.select().from(brands).where(condition).orderBy(order, asc(brands.id)).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(toDto), total, query.page, query.per_page);
  });
}

export async function getBrand(ctx: TenantCtx, idParam: string): Promise<BrandDto> {
  const id = assertId(idParam, 'Brand');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1);
    if (!row) throw notFound('Brand');
    return toDto(row);
  });
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(sql`lower(${brands.name})`, name.toLowerCase())).limit(1);
  if (row && row.id !== exceptId) throw fieldError('name', 'A brand with this name already exists');
}

export async function createBrand(ctx: TenantCtx, input: TBrandCreate): Promise<BrandDto> {
  return withTenant(ctx, async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(brands).values({ tenantId: ctx.tenantId, name: input.name }).returning();
    return toDto(row!);
  });
}

export async function updateBrand(ctx: TenantCtx, idParam: string, input: Partial<TBrandCreate>): Promise<BrandDto> {
  const id = assertId(idParam, 'Brand');
  return withTenant(ctx, async (tx) => {
    if (input.name !== undefined) await assertNameFree(tx, input.name, id);
    const [row] = await tx
      .update(brands)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), updatedAt: sql`now()` })
      .where(eq(brands.id, id))
      .returning();
    if (!row) throw notFound('Brand');
    return toDto(row);
  });
}

export async function deleteBrand(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Brand');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).for('update').limit(1);
    if (!row) throw notFound('Brand');
    const [used] = await tx.select({ id: products.id }).from(products).where(eq(products.brandId, id)).limit(1);
    if (used) throw conflict('The brand is used by products; change their brand first');
    await tx.delete(brands).where(eq(brands.id, id));
  });
}
