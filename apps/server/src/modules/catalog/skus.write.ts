import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { SYNSET_MIN_MEMBERS, type SkuType, type TAliasInput, type TPriceInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import type { TenantCtx } from '../../platform/http/context';
import { DomainError, fieldError } from '../../platform/http/errors';
import { products, skuAliases, skuPrices, skus, synsetMembers } from './catalog.tables';
import { claimCodes, type CodeClaim } from './sku-codes';
import { hasBalances, mergeMemberStock } from './stock';
import { ConfirmationRequired } from './catalog.errors';
import { queryRows } from '../../platform/db/rows';

/**
 * The steps every SKU write is made of, shared by /skus, /synsets, /products and the CSV import. Each runs
 * inside the caller's withTenant transaction; `path` prefixes error fields (`skus.2.` inside a product).
 */

export type SkuRow = typeof skus.$inferSelect;

export interface SkuFields {
  sku?: string | undefined;
  name?: string | undefined;
  barcode?: string | null | undefined;
  weight?: string | null | undefined;
  length?: string | null | undefined;
  width?: string | null | undefined;
  height?: string | null | undefined;
  prices?: TPriceInput[] | undefined;
  aliases?: TAliasInput[] | undefined;
  pack_of?: { sku: string; quantity: number } | null | undefined;
  members?: string[] | undefined;
  product_id?: string | null | undefined;
}
export interface NewSku extends SkuFields {
  sku: string;
  name: string;
  type: SkuType;
}

/** The claims a SKU body makes on the company's code namespace. */
export function codeClaims(input: SkuFields, path: string, selfSkuId?: string): CodeClaim[] {
  const claims: CodeClaim[] = [];
  if (input.sku !== undefined) claims.push({ code: input.sku, field: `${path}sku`, kind: 'sku', ...(selfSkuId ? { selfSkuId } : {}) });
  input.aliases?.forEach((a, i) => claims.push({ code: a.alias, field: `${path}aliases.${i}.alias`, kind: 'alias', ...(selfSkuId ? { selfSkuId } : {}) }));
  return claims;
}

function errors(list: [string, string][]): DomainError | null {
  if (!list.length) return null;
  const map: Record<string, string[]> = {};
  for (const [field, message] of list) (map[field] ??= []).push(message);
  return new DomainError('VALIDATION', list[0]![1], { errors: map });
}

export async function assertProductExists(tx: Tx, productId: string, field: string): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw fieldError(field, 'The product does not exist');
}

/** A pack's base: an existing REGULAR SKU (a pack of packs or of a synset would have no single stock holder). */
async function resolvePackBase(tx: Tx, code: string, field: string): Promise<string> {
  const [base] = await tx.select({ id: skus.id, type: skus.type }).from(skus).where(eq(skus.sku, code)).limit(1);
  if (!base) throw fieldError(field, 'The SKU does not exist');
  if (base.type !== 'REGULAR') throw fieldError(field, 'The base of a pack must be a REGULAR SKU');
  return base.id;
}

const columns = (input: SkuFields) => ({
  ...(input.sku !== undefined ? { sku: input.sku } : {}),
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
  ...(input.weight !== undefined ? { weight: input.weight } : {}),
  ...(input.length !== undefined ? { length: input.length } : {}),
  ...(input.width !== undefined ? { width: input.width } : {}),
  ...(input.height !== undefined ? { height: input.height } : {}),
  ...(input.product_id !== undefined ? { productId: input.product_id } : {}),
});

async function replacePrices(tx: Tx, tenantId: string, skuId: string, prices: TPriceInput[]): Promise<void> {
  await tx.delete(skuPrices).where(eq(skuPrices.skuId, skuId));
  if (prices.length) {
    // Values stay the decimal strings they arrived as: numeric keeps their scale and never passes through a float.
    await tx.insert(skuPrices).values(prices.map((p) => ({ tenantId, skuId, code: p.code, value: p.value, currency: p.currency ?? 'USD' })));
  }
}

async function replaceAliases(tx: Tx, tenantId: string, skuId: string, aliases: TAliasInput[]): Promise<void> {
  await tx.delete(skuAliases).where(eq(skuAliases.skuId, skuId));
  if (aliases.length) await tx.insert(skuAliases).values(aliases.map((a) => ({ tenantId, skuId, alias: a.alias, channel: a.channel ?? null })));
}

/**
 * Inserts a SKU with its prices, aliases, pack base or synset members. `claimed`: the caller already
 * claimed its codes (a product claims all its SKUs at once, to report every taken code together).
 */
export async function insertSku(tx: Tx, ctx: TenantCtx, input: NewSku, path = '', claimed = false): Promise<string> {
  if (!claimed) await claimCodes(tx, ctx.tenantId, codeClaims(input, path));
  if (input.product_id) {
    if (input.type === 'SYNSET') throw fieldError(`${path}product_id`, 'A synset does not belong to a product');
    await assertProductExists(tx, input.product_id, `${path}product_id`);
  }
  const packBase = input.type === 'PACK' && input.pack_of ? await resolvePackBase(tx, input.pack_of.sku, `${path}pack_of.sku`) : null;
  const [row] = await tx
    .insert(skus)
    .values({
      ...columns(input),
      tenantId: ctx.tenantId,
      sku: input.sku,
      name: input.name,
      type: input.type,
      packBaseSkuId: packBase,
      packQuantity: packBase ? input.pack_of!.quantity : null,
    })
    .returning({ id: skus.id });
  const id = row!.id;
  if (input.prices?.length) await replacePrices(tx, ctx.tenantId, id, input.prices);
  if (input.aliases?.length) await replaceAliases(tx, ctx.tenantId, id, input.aliases);
  if (input.type === 'SYNSET') await setSynsetMembers(tx, ctx, id, input.members ?? [], `${path}members`);
  return id;
}

/** In use: it has had stock, has alternative SKUs, is a pack's base, or is part of a synset. */
export async function skuInUse(tx: Tx, tenantId: string, skuId: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM sku_aliases WHERE sku_id = ${skuId}::uuid)
        OR EXISTS (SELECT 1 FROM skus WHERE pack_base_sku_id = ${skuId}::uuid)
        OR EXISTS (SELECT 1 FROM synset_members WHERE member_sku_id = ${skuId}::uuid OR synset_id = ${skuId}::uuid) AS used`);
  return Boolean(row?.used) || (await hasBalances(tx, tenantId, skuId));
}

/** The claims a patch makes: a new code, and its alias set when replaced. */
export function updateClaims(current: SkuRow, patch: SkuFields, path: string): CodeClaim[] {
  const rename = patch.sku !== undefined && patch.sku !== current.sku;
  return codeClaims({ ...(rename ? { sku: patch.sku } : {}), ...(patch.aliases ? { aliases: patch.aliases } : {}) }, path, current.id);
}

/**
 * Applies a patch to an existing SKU. Its type never changes (its stock history belongs to that type).
 * Changing the code of a SKU in use needs `confirm` (spec 5: may cause sync problems with other inventories).
 */
export async function updateSku(
  tx: Tx,
  ctx: TenantCtx,
  current: SkuRow,
  patch: SkuFields,
  options: { path?: string; confirm?: boolean; claimed?: boolean } = {},
): Promise<void> {
  const { path = '', confirm = false } = options;
  const rename = patch.sku !== undefined && patch.sku !== current.sku;
  if (!options.claimed) await claimCodes(tx, ctx.tenantId, updateClaims(current, patch, path));
  if (rename && !confirm && (await skuInUse(tx, ctx.tenantId, current.id))) {
    throw new ConfirmationRequired(
      `The SKU ${current.sku} is in use; changing its code may cause sync problems with other inventories. Send confirm: true to change it.`,
    );
  }
  const type = current.type as SkuType;
  const bad: [string, string][] = [];
  if (patch.pack_of !== undefined && type !== 'PACK') bad.push([`${path}pack_of`, 'Only a PACK has pack_of']);
  if (patch.pack_of === null && type === 'PACK') bad.push([`${path}pack_of`, 'A PACK needs pack_of {sku, quantity}']);
  if (patch.members !== undefined && type !== 'SYNSET') bad.push([`${path}members`, 'Only a SYNSET has members']);
  if (patch.product_id && type === 'SYNSET') bad.push([`${path}product_id`, 'A synset does not belong to a product']);
  const refused = errors(bad);
  if (refused) throw refused;
  if (patch.product_id) await assertProductExists(tx, patch.product_id, `${path}product_id`);
  // resolvePackBase accepts REGULAR bases only, so a PACK can never become its own base.
  const pack =
    patch.pack_of && type === 'PACK'
      ? { packBaseSkuId: await resolvePackBase(tx, patch.pack_of.sku, `${path}pack_of.sku`), packQuantity: patch.pack_of.quantity }
      : {};
  await tx.update(skus).set({ ...columns(patch), ...pack, updatedAt: sql`now()` }).where(eq(skus.id, current.id));
  if (patch.prices) await replacePrices(tx, ctx.tenantId, current.id, patch.prices);
  if (patch.aliases) await replaceAliases(tx, ctx.tenantId, current.id, patch.aliases);
  if (patch.members) await setSynsetMembers(tx, ctx, current.id, patch.members, `${path}members`);
}

/**
 * Makes `codes` the synset's members: each an existing REGULAR SKU in no other synset (spec 5), at least
 * two. Members that join bring their stock into the pool; members that leave keep none (the pool stays
 * with the synset).
 */
export async function setSynsetMembers(tx: Tx, ctx: TenantCtx, synsetId: string, codes: string[], field: string): Promise<void> {
  if (codes.length < SYNSET_MIN_MEMBERS) throw fieldError(field, `A synset needs at least ${SYNSET_MIN_MEMBERS} SKUs`);
  // Locked: two synsets claiming the same SKU at once serialize here (and the unique index backs it up).
  const found = await tx
    .select({ id: skus.id, sku: skus.sku, type: skus.type })
    .from(skus)
    .where(inArray(skus.sku, codes))
    .orderBy(skus.id)
    .for('update');
  const byCode = new Map(found.map((s) => [s.sku, s]));
  const ids = found.map((s) => s.id);
  const other = ids.length
    ? await tx
        .select({ memberId: synsetMembers.memberSkuId, synset: skus.sku })
        .from(synsetMembers)
        .innerJoin(skus, eq(skus.id, synsetMembers.synsetId))
        .where(and(inArray(synsetMembers.memberSkuId, ids), ne(synsetMembers.synsetId, synsetId)))
    : [];
  const otherBy = new Map(other.map((o) => [o.memberId, o.synset]));
  const bad = errors(
    codes.flatMap((code, i): [string, string][] => {
      const s = byCode.get(code);
      if (!s) return [[`${field}.${i}`, 'The SKU does not exist']];
      if (s.type !== 'REGULAR') return [[`${field}.${i}`, 'Only REGULAR SKUs can join a synset']];
      const taken = otherBy.get(s.id);
      return taken ? [[`${field}.${i}`, `The SKU already belongs to the synset ${taken}`]] : [];
    }),
  );
  if (bad) throw bad;
  const current = await tx.select({ id: synsetMembers.memberSkuId }).from(synsetMembers).where(eq(synsetMembers.synsetId, synsetId));
  const had = new Set(current.map((c) => c.id));
  const wanted = new Set(ids);
  const leaving = [...had].filter((id) => !wanted.has(id));
  const joining = ids.filter((id) => !had.has(id));
  if (leaving.length) await tx.delete(synsetMembers).where(and(eq(synsetMembers.synsetId, synsetId), inArray(synsetMembers.memberSkuId, leaving)));
  if (joining.length) {
    await tx.insert(synsetMembers).values(joining.map((memberSkuId) => ({ tenantId: ctx.tenantId, synsetId, memberSkuId })));
    await mergeMemberStock(tx, ctx, joining, synsetId);
  }
}
