import { and, asc, count, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  paginate, skuTransition, SKU_DELETABLE_STATUS, SYNSET_MIN_MEMBERS, type Paginated, type SkuAction, type TListQuery, type TSkuCreate,
  type TSkuUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, invalidTransition, notFound } from '../../platform/http/errors';
import { skuAliases, skus, skuWords, synsetMembers } from './catalog.tables';
import { containsPattern, filterConditions, offsetOf, orderByClause, prefixMatch, searchOf, searchWords, uuidOrNone } from '../../platform/db/list-query';
import { loadSkuDto, loadSkuDtos, type SkuDto } from './skus.read';
import { insertSku, updateSku as patchSku, type SkuRow } from './skus.write';
import { assertNoStockThenClear } from './stock';

const ORDER = {
  sku: skus.sku,
  name: sql`lower(${skus.name})`,
  type: skus.type,
  status: skus.status,
  created_at: skus.createdAt,
  updated_at: skus.updatedAt,
};
const FILTERABLE = {
  sku: skus.sku, name: skus.name, type: skus.type, status: skus.status, product_id: skus.productId, barcode: skus.barcode,
  weight: skus.weight, created_at: skus.createdAt, updated_at: skus.updatedAt,
};

/**
 * SKUs whose code or name has a word starting with each of `words` ("red m" finds "Trail Tee red M"). One
 * semi-join per word, so the planner drives from the rarest word and probes the others by SKU.
 */
function hasWords(words: string[]): SQL {
  return and(...words.map((w) => inArray(skus.id, sql`(SELECT ${skuWords.skuId} FROM ${skuWords} WHERE ${prefixMatch(skuWords.word, w)})`)))!;
}

/**
 * The SKU search form: sku (code prefix), name (words), type, status, product, barcode, synset; bare text
 * matches the start of a code or an alias, a barcode, or the start of words of the code or name. Every
 * branch is an index range (see list-query prefixMatch), so a search stays fast on large catalogs.
 */
export function skuConditions(query: TListQuery): SQL[] {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.sku) where.push(prefixMatch(skus.skuKey, fields.sku));
  if (fields.name) {
    const words = searchWords(fields.name);
    where.push(words.length ? hasWords(words) : ilike(skus.name, containsPattern(fields.name)));
  }
  if (fields.type) where.push(eq(skus.type, fields.type.toUpperCase()));
  if (fields.status) where.push(eq(skus.status, fields.status.toLowerCase()));
  if (fields.product) where.push(eq(skus.productId, uuidOrNone(fields.product)));
  if (fields.barcode) where.push(eq(skus.barcode, fields.barcode));
  if (fields.synset) {
    where.push(inArray(skus.id, sql`(SELECT ${synsetMembers.memberSkuId} FROM ${synsetMembers} WHERE ${synsetMembers.synsetId} = ${uuidOrNone(fields.synset)})`));
  }
  if (text) {
    // One semi-join over a union of index scans: an OR of these would scan every SKU instead.
    const words = searchWords(text);
    where.push(inArray(skus.id, sql`(
      SELECT ${skus.id} FROM ${skus} WHERE ${prefixMatch(skus.skuKey, text)}
      UNION SELECT ${skus.id} FROM ${skus} WHERE ${skus.barcode} = ${text}
      UNION SELECT ${skuAliases.skuId} FROM ${skuAliases} WHERE ${prefixMatch(skuAliases.aliasKey, text)}
      ${words.length ? sql`UNION SELECT ${skus.id} FROM ${skus} WHERE ${hasWords(words)}` : sql``})`));
  }
  where.push(...filterConditions(query.filters, FILTERABLE));
  return where;
}

/** A page of SKUs; `extra` narrows it (the synsets list is SKUs of type SYNSET). */
export async function listSkus(ctx: TenantCtx, query: TListQuery, extra: SQL[] = []): Promise<Paginated<SkuDto>> {
  const condition = and(...skuConditions(query), ...extra);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(skus).where(condition);
    const data = await loadSkuDtos(tx, ctx.principal.permissions, condition, { orderBy: [order, asc(skus.id)], limit: query.per_page, offset: offsetOf(query) });
    return paginate(data, total, query.page, query.per_page);
  });
}

export async function lockSku(tx: Tx, id: string): Promise<SkuRow> {
  const [row] = await tx.select().from(skus).where(eq(skus.id, id)).for('update').limit(1);
  if (!row) throw notFound('SKU');
  return row;
}

async function answer(tx: Tx, ctx: TenantCtx, id: string): Promise<SkuDto> {
  const dto = await loadSkuDto(tx, ctx.principal.permissions, id);
  if (!dto) throw notFound('SKU');
  return dto;
}

export async function getSku(ctx: TenantCtx, idParam: string): Promise<SkuDto> {
  const id = assertId(idParam, 'SKU');
  return withTenant(ctx, (tx) => answer(tx, ctx, id));
}

export async function createSku(ctx: TenantCtx, input: TSkuCreate): Promise<SkuDto> {
  return withTenant(ctx, async (tx) => answer(tx, ctx, await insertSku(tx, ctx, input)));
}

export async function updateSku(ctx: TenantCtx, idParam: string, input: TSkuUpdate): Promise<SkuDto> {
  const id = assertId(idParam, 'SKU');
  const { confirm, ...patch } = input;
  return withTenant(ctx, async (tx) => {
    await patchSku(tx, ctx, await lockSku(tx, id), patch, { confirm: confirm ?? false });
    return answer(tx, ctx, id);
  });
}

/**
 * Discontinue or reactivate through the transition table. The update is conditional on the status read,
 * so of two concurrent requests one wins and the other gets INVALID_TRANSITION from the new status.
 */
export async function changeSkuStatus(ctx: TenantCtx, idParam: string, action: SkuAction): Promise<SkuDto> {
  const id = assertId(idParam, 'SKU');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ status: skus.status }).from(skus).where(eq(skus.id, id)).limit(1);
    if (!row) throw notFound('SKU');
    const next = skuTransition(row.status, action);
    const refuse = (from: string) => invalidTransition(from, action, `Cannot ${action} a SKU that is ${from}`);
    if (!next) throw refuse(row.status);
    const done = await tx
      .update(skus)
      .set({ status: next, updatedAt: sql`now()` })
      .where(and(eq(skus.id, id), eq(skus.status, row.status)))
      .returning({ id: skus.id });
    if (!done.length) {
      const [now] = await tx.select({ status: skus.status }).from(skus).where(eq(skus.id, id)).limit(1);
      if (!now) throw notFound('SKU');
      throw refuse(now.status);
    }
    return answer(tx, ctx, id);
  });
}

/**
 * Why these SKUs cannot be removed together, beyond status and stock: a pack outside the set would lose its
 * base, or a synset outside it would drop below its minimum of members.
 */
export async function removalBlockers(tx: Tx, ids: string[]): Promise<string | null> {
  const packs = await tx
    .select({ sku: skus.sku })
    .from(skus)
    .where(and(inArray(skus.packBaseSkuId, ids), notInArray(skus.id, ids)));
  if (packs.length) return `It is the base of the pack ${packs.map((p) => p.sku).join(', ')}; remove the pack first`;
  const synsets = await tx
    .select({ synset: skus.sku, members: sql<number>`(SELECT count(*) FROM synset_members m WHERE m.synset_id = ${synsetMembers.synsetId})`.mapWith(Number) })
    .from(synsetMembers)
    .innerJoin(skus, eq(skus.id, synsetMembers.synsetId))
    .where(inArray(synsetMembers.memberSkuId, ids));
  const leaving = new Map<string, { members: number; n: number }>();
  for (const s of synsets) leaving.set(s.synset, { members: s.members, n: (leaving.get(s.synset)?.n ?? 0) + 1 });
  for (const [synset, { members, n }] of leaving) {
    if (members - n < SYNSET_MIN_MEMBERS) return `The synset ${synset} would keep fewer than ${SYNSET_MIN_MEMBERS} SKUs; change its members first`;
  }
  return null;
}

/** Spec 5: only a discontinued SKU without stock can be removed. */
export async function deleteSku(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'SKU');
  await withTenant(ctx, async (tx) => {
    const row = await lockSku(tx, id);
    if (row.status !== SKU_DELETABLE_STATUS) {
      throw invalidTransition(row.status, 'delete', 'Only a discontinued SKU can be removed; discontinue it first');
    }
    const blocker = await removalBlockers(tx, [id]);
    if (blocker) throw conflict(blocker);
    await assertNoStockThenClear(tx, ctx.tenantId, row);
    await tx.delete(skus).where(eq(skus.id, id));
  });
}
