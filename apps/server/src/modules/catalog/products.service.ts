import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  paginate, parseInclude, SKU_DELETABLE_STATUS, type Paginated, type ProductDto as ProductAnswer, type TListQuery, type TProductCreate,
  type TProductSku, type TProductUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, DomainError, fieldError, notFound } from '../../platform/http/errors';
import { brands, categories, products, skus } from './catalog.tables';
import { containsPattern, filterConditions, offsetOf, orderByClause, prefixMatch, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { claimCodes } from './sku-codes';
import { loadSkuDtos, type SkuDto } from './skus.read';
import { removalBlockers } from './skus.service';
import { codeClaims, insertSku, updateClaims, updateSku, type SkuRow } from './skus.write';
import { assertNoStockThenClear } from './stock';

export type ProductDto = ProductAnswer;

const ORDER = { name: sql`lower(${products.name})`, created_at: products.createdAt, updated_at: products.updatedAt };
const FILTERABLE = {
  name: products.name, category_id: products.categoryId, brand_id: products.brandId, created_at: products.createdAt, updated_at: products.updatedAt,
};

/** Products having a SKU whose code starts with `text` (the indexed code key, see list-query prefixMatch). */
const withSkuPrefix = (text: string) => inArray(products.id, sql`(SELECT ${skus.productId} FROM ${skus} WHERE ${prefixMatch(skus.skuKey, text)})`);

/** The products search form: name, category, brand, sku; bare text matches the name or the start of any SKU code. */
export function productConditions(query: TListQuery): SQL[] {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(products.name, containsPattern(fields.name)));
  if (fields.category) where.push(eq(products.categoryId, uuidOrNone(fields.category)));
  if (fields.brand) where.push(eq(products.brandId, uuidOrNone(fields.brand)));
  if (fields.sku) where.push(withSkuPrefix(fields.sku));
  if (text) where.push(or(ilike(products.name, containsPattern(text)), withSkuPrefix(text))!);
  where.push(...filterConditions(query.filters, FILTERABLE));
  return where;
}

async function loadProducts(
  tx: Tx,
  ctx: TenantCtx,
  where: SQL | undefined,
  include: Set<string>,
  page?: { orderBy: SQL[]; limit: number; offset: number },
): Promise<ProductDto[]> {
  let q = tx
    .select({
      row: products,
      categoryName: categories.name,
      brandName: brands.name,
      skuCount: sql<number>`(SELECT count(*) FROM skus s WHERE s.product_id = ${products.id})`.mapWith(Number),
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .$dynamic();
  if (page) q = q.orderBy(...page.orderBy).limit(page.limit).offset(page.offset);
  const rows = await q;
  const skusBy = new Map<string, SkuDto[]>();
  if (include.has('skus') && rows.length) {
    const list = await loadSkuDtos(tx, ctx.principal.permissions, inArray(skus.productId, rows.map((r) => r.row.id)), { orderBy: [asc(skus.sku)] });
    for (const s of list) (skusBy.get(s.product_id!) ?? skusBy.set(s.product_id!, []).get(s.product_id!)!).push(s);
  }
  return rows.map(({ row, categoryName, brandName, skuCount }) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    category_id: row.categoryId,
    brand_id: row.brandId,
    ...(include.has('category') ? { category: row.categoryId && categoryName !== null ? { id: row.categoryId, name: categoryName } : null } : {}),
    ...(include.has('brand') ? { brand: row.brandId && brandName !== null ? { id: row.brandId, name: brandName } : null } : {}),
    sku_count: skuCount,
    ...(include.has('skus') ? { skus: skusBy.get(row.id) ?? [] } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listProducts(ctx: TenantCtx, query: TListQuery): Promise<Paginated<ProductDto>> {
  const condition = and(...productConditions(query));
  const { order } = orderByClause(query, ORDER, 'created_at');
  const include = parseInclude(query.include);
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(products).where(condition);
    const data = await loadProducts(tx, ctx, condition, include, { orderBy: [order, asc(products.id)], limit: query.per_page, offset: offsetOf(query) });
    return paginate(data, total, query.page, query.per_page);
  });
}

/** One product shows its SKUs, category and brand unless `include` names what it wants. */
async function answer(tx: Tx, ctx: TenantCtx, id: string, include?: string): Promise<ProductDto> {
  const [dto] = await loadProducts(tx, ctx, eq(products.id, id), include ? parseInclude(include) : new Set(['skus', 'category', 'brand']));
  if (!dto) throw notFound('Product');
  return dto;
}

export async function getProduct(ctx: TenantCtx, idParam: string, include?: string): Promise<ProductDto> {
  const id = assertId(idParam, 'Product');
  return withTenant(ctx, (tx) => answer(tx, ctx, id, include));
}

async function assertRefs(tx: Tx, input: { category_id?: string | null | undefined; brand_id?: string | null | undefined }): Promise<void> {
  if (input.category_id) {
    const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)).limit(1);
    if (!c) throw fieldError('category_id', 'The category does not exist');
  }
  if (input.brand_id) {
    const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id)).limit(1);
    if (!b) throw fieldError('brand_id', 'The brand does not exist');
  }
}

const productColumns = (input: TProductUpdate) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
  ...(input.brand_id !== undefined ? { brandId: input.brand_id } : {}),
});

/**
 * Upserts a product's SKUs: an element with `id` is that SKU of the product (its code may change), one
 * without is matched by code, else created. Every code is claimed at once so all taken codes are reported
 * together; bases are written before packs so a pack may name a SKU of the same body.
 */
async function writeProductSkus(tx: Tx, ctx: TenantCtx, productId: string, list: TProductSku[], existing: SkuRow[], confirm: boolean): Promise<void> {
  const bad: Record<string, string[]> = {};
  const plan = list.map((s, i) => {
    const match = s.id ? existing.find((e) => e.id === s.id) : existing.find((e) => e.sku === s.sku);
    if (s.id && !match) (bad[`skus.${i}.id`] ??= []).push('The SKU is not part of this product');
    if (match && match.type !== s.type) (bad[`skus.${i}.type`] ??= []).push('The type of an existing SKU cannot change');
    return { s, i, match };
  });
  if (Object.keys(bad).length) throw new DomainError('VALIDATION', Object.values(bad)[0]![0]!, { errors: bad });
  const path = (i: number) => `skus.${i}.`;
  await claimCodes(tx, ctx.tenantId, plan.flatMap(({ s, i, match }) => (match ? updateClaims(match, s, path(i)) : codeClaims(s, path(i)))));
  const ordered = [...plan].sort((a, b) => Number(a.s.type === 'PACK') - Number(b.s.type === 'PACK') || a.i - b.i);
  for (const { s, i, match } of ordered) {
    const { id: _id, type, ...fields } = s;
    if (match) await updateSku(tx, ctx, match, fields, { path: path(i), confirm, claimed: true });
    else await insertSku(tx, ctx, { ...fields, type, product_id: productId }, path(i), true);
  }
}

/** A product and its SKUs, all or nothing. */
export async function createProduct(ctx: TenantCtx, input: TProductCreate): Promise<ProductDto> {
  return withTenant(ctx, async (tx) => {
    await assertRefs(tx, input);
    const [row] = await tx.insert(products).values({ ...productColumns(input), name: input.name, tenantId: ctx.tenantId }).returning({ id: products.id });
    await writeProductSkus(tx, ctx, row!.id, input.skus, [], false);
    return answer(tx, ctx, row!.id);
  });
}

export async function updateProduct(ctx: TenantCtx, idParam: string, input: TProductUpdate): Promise<ProductDto> {
  const id = assertId(idParam, 'Product');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update').limit(1);
    if (!row) throw notFound('Product');
    await assertRefs(tx, input);
    await tx.update(products).set({ ...productColumns(input), updatedAt: sql`now()` }).where(eq(products.id, id));
    if (input.skus) {
      const existing = await tx.select().from(skus).where(eq(skus.productId, id)).orderBy(asc(skus.id)).for('update');
      await writeProductSkus(tx, ctx, id, input.skus, existing, input.confirm ?? false);
    }
    return answer(tx, ctx, id);
  });
}

/** Spec 5: a product goes only when every SKU of it is discontinued and holds no stock. */
export async function deleteProduct(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Product');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update').limit(1);
    if (!row) throw notFound('Product');
    const own = await tx.select().from(skus).where(eq(skus.productId, id)).orderBy(asc(skus.id)).for('update');
    const active = own.filter((s) => s.status !== SKU_DELETABLE_STATUS);
    if (active.length) throw conflict(`Discontinue every SKU of the product first (still active: ${active.map((s) => s.sku).join(', ')})`);
    const blocker = own.length ? await removalBlockers(tx, own.map((s) => s.id)) : null;
    if (blocker) throw conflict(blocker);
    for (const s of own) await assertNoStockThenClear(tx, ctx.tenantId, s);
    // The SKUs, their prices, aliases and memberships go with it (foreign keys cascade).
    await tx.delete(products).where(eq(products.id, id));
  });
}
