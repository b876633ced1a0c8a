import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paginate, type CategoryDto, type Paginated, type TCategoryCreate, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, notFound } from '../../platform/http/errors';
import { categories, products } from './catalog.tables';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { queryRows } from '../../platform/db/rows';

const parent = alias(categories, 'parent');
const ORDER = { name: sql`lower(${categories.name})`, created_at: categories.createdAt, updated_at: categories.updatedAt };

async function load(tx: Tx, where: SQL | undefined, page?: { orderBy: SQL[]; limit: number; offset: number }): Promise<CategoryDto[]> {
  let q = tx
    .select({ row: categories, parentName: parent.name })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(where)
    .$dynamic();
  if (page) q = q.orderBy(...page.orderBy).limit(page.limit).offset(page.offset);
  return (await q).map(({ row, parentName }) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    parent: row.parentId && parentName !== null ? { id: row.parentId, name: parentName } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Search form: name (contains), parent (an id, or `null` for top-level categories); bare text matches the name. */
export async function listCategories(ctx: TenantCtx, query: TListQuery): Promise<Paginated<CategoryDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(categories.name, containsPattern(fields.name)));
  if (fields.parent) where.push(fields.parent === 'null' ? isNull(categories.parentId) : eq(categories.parentId, uuidOrNone(fields.parent)));
  if (text) where.push(ilike(categories.name, containsPattern(text)));
  where.push(...filterConditions(query.filters, { name: categories.name, parent_id: categories.parentId, created_at: categories.createdAt }));
  const condition = and(...where);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(categories).where(condition);
    const data = await load(tx, condition, { orderBy: [order, asc(categories.id)], limit: query.per_page, offset: offsetOf(query) });
    return paginate(data, total, query.page, query.per_page);
  });
}

async function answer(tx: Tx, id: string): Promise<CategoryDto> {
  const [dto] = await load(tx, eq(categories.id, id));
  if (!dto) throw notFound('Category');
  return dto;
}

export async function getCategory(ctx: TenantCtx, idParam: string): Promise<CategoryDto> {
  const id = assertId(idParam, 'Category');
  return withTenant(ctx, (tx) => answer(tx, id));
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(sql`lower(${categories.name})`, name.toLowerCase())).limit(1);
  if (row && row.id !== exceptId) throw fieldError('name', 'A category with this name already exists');
}

/** The parent exists, and (on update) is not the category itself nor one of its descendants: no cycles. */
async function assertParent(tx: Tx, parentId: string, selfId?: string): Promise<void> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId)).limit(1);
  if (!row) throw fieldError('parent_id', 'The parent category does not exist');
  if (!selfId) return;
  const cycle = await queryRows(tx, sql`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM categories WHERE id = ${parentId}::uuid
      UNION SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
    ) SELECT 1 FROM up WHERE id = ${selfId}::uuid LIMIT 1`);
  if (cycle.length) throw fieldError('parent_id', 'A category cannot be placed inside itself or its subcategories');
}

export async function createCategory(ctx: TenantCtx, input: TCategoryCreate): Promise<CategoryDto> {
  return withTenant(ctx, async (tx) => {
    await assertNameFree(tx, input.name);
    if (input.parent_id) await assertParent(tx, input.parent_id);
    const [row] = await tx.insert(categories).values({ tenantId: ctx.tenantId, name: input.name, parentId: input.parent_id ?? null }).returning();
    return answer(tx, row!.id);
  });
}

export async function updateCategory(ctx: TenantCtx, idParam: string, input: Partial<TCategoryCreate>): Promise<CategoryDto> {
  const id = assertId(idParam, 'Category');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update').limit(1);
    if (!row) throw notFound('Category');
    if (input.name !== undefined) await assertNameFree(tx, input.name, id);
    if (input.parent_id) await assertParent(tx, input.parent_id, id);
    await tx
      .update(categories)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(categories.id, id));
    return answer(tx, id);
  });
}

/** A category in use (products or subcategories) stays: removing it would silently re-file them. */
export async function deleteCategory(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Category');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update').limit(1);
    if (!row) throw notFound('Category');
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    if (child) throw conflict('The category has subcategories; move or remove them first');
    const [used] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
    if (used) throw conflict('The category is used by products; move them to another category first');
    await tx.delete(categories).where(eq(categories.id, id));
  });
}
