import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { allowedActions, type PriceCode, type SkuDto as SkuAnswer, type SkuStatus, type SkuType } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { skuAliases, skuPrices, skus, synsetMembers } from './catalog.tables';

/** Reading SKUs as the API shows them (docs/api-catalog.md): a few batched queries per page, never one per SKU. */

const base = alias(skus, 'pack_base');
const synset = alias(skus, 'synset');

export type SkuDto = SkuAnswer;

const PRICE_ORDER: Record<string, number> = { BUY: 0, WHOLE: 1, RETAIL: 2, WTDAVGCOST: 3 };

/** The SKUs matching `where`, in `orderBy` order, as DTOs. `permissions` decide `allowed_actions`. */
export async function loadSkuDtos(
  tx: Tx,
  permissions: ReadonlySet<string>,
  where: SQL | undefined,
  page?: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<SkuDto[]> {
  let order: Map<string, number> | undefined;
  if (page?.limit !== undefined) {
    // The page's ids first, from skus alone: the joins below then run for this page only, not for every
    // row a deep offset skips.
    const ids = await tx.select({ id: skus.id }).from(skus).where(where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset ?? 0);
    if (!ids.length) return [];
    order = new Map(ids.map((r, i) => [r.id, i]));
    where = inArray(skus.id, ids.map((r) => r.id));
  }
  let q = tx
    .select({
      row: skus,
      baseSku: base.sku,
      synsetId: synset.id,
      synsetSku: synset.sku,
    })
    .from(skus)
    .leftJoin(base, eq(base.id, skus.packBaseSkuId))
    .leftJoin(synsetMembers, eq(synsetMembers.memberSkuId, skus.id))
    .leftJoin(synset, eq(synset.id, synsetMembers.synsetId))
    .where(where)
    .$dynamic();
  if (page && !order) q = q.orderBy(...page.orderBy);
  const rows = await q;
  if (order) rows.sort((a, b) => order.get(a.row.id)! - order.get(b.row.id)!);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.row.id);
  const synsetIds = rows.filter((r) => r.row.type === 'SYNSET').map((r) => r.row.id);
  const member = alias(skus, 'member');
  // One after another: a transaction is one connection, and pg refuses (from v9) queries issued while one runs.
  const prices = await tx.select().from(skuPrices).where(inArray(skuPrices.skuId, ids));
  const aliases = await tx.select().from(skuAliases).where(inArray(skuAliases.skuId, ids)).orderBy(asc(skuAliases.alias));
  const members = synsetIds.length
    ? await tx
        .select({ synsetId: synsetMembers.synsetId, id: member.id, sku: member.sku })
        .from(synsetMembers)
        .innerJoin(member, eq(member.id, synsetMembers.memberSkuId))
        .where(inArray(synsetMembers.synsetId, synsetIds))
        .orderBy(asc(member.sku))
    : [];
  const group = <T>(list: T[], key: (x: T) => string) => {
    const m = new Map<string, T[]>();
    for (const x of list) (m.get(key(x)) ?? m.set(key(x), []).get(key(x))!).push(x);
    return m;
  };
  const pricesBy = group(prices, (p) => p.skuId);
  const aliasesBy = group(aliases, (a) => a.skuId);
  const membersBy = group(members, (m) => m.synsetId);
  return rows.map(({ row, baseSku, synsetId, synsetSku }) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    type: row.type as SkuType,
    status: row.status as SkuStatus,
    allowed_actions: allowedActions(row.status, permissions),
    product_id: row.productId,
    barcode: row.barcode,
    weight: row.weight,
    length: row.length,
    width: row.width,
    height: row.height,
    prices: (pricesBy.get(row.id) ?? [])
      .sort((a, b) => (PRICE_ORDER[a.code] ?? 9) - (PRICE_ORDER[b.code] ?? 9))
      .map((p) => ({ code: p.code as PriceCode, value: p.value, currency: p.currency })),
    aliases: (aliasesBy.get(row.id) ?? []).map((a) => ({ alias: a.alias, channel: a.channel })),
    pack_of: row.packBaseSkuId && baseSku !== null ? { sku_id: row.packBaseSkuId, sku: baseSku, quantity: row.packQuantity ?? 0 } : null,
    members: row.type === 'SYNSET' ? (membersBy.get(row.id) ?? []).map((m) => ({ id: m.id, sku: m.sku })) : null,
    synset: synsetId && synsetSku !== null ? { id: synsetId, sku: synsetSku } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function loadSkuDto(tx: Tx, permissions: ReadonlySet<string>, id: string): Promise<SkuDto | undefined> {
  return (await loadSkuDtos(tx, permissions, eq(skus.id, id)))[0];
}
