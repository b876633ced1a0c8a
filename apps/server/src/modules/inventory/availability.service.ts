import { sql, type SQL } from 'drizzle-orm';
import {
  explainAvailability, paginate, type AvailabilityIloc, type AvailabilityIlocDetail, type ChannelAvailability, type Paginated,
  type TAvailabilityQuery, type TAvailabilityRequest,
} from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { existingIlocIds, existingSkuIds, resolveSkuCodes } from './resolve';
import { FieldErrors } from '../../platform/http/errors';
import { HOLDER_OF_S, SYNSET_OF_S, uuidArray } from './holder-sql';
import { queryRows } from '../../platform/db/rows';

type SkuRow = { sku: string; holder_id: string; holder_sku: string; holder_type: string; factor: number };
type HolderRow = { sku_id: string; at: string };

/** What to explain: the chosen ilocs, the SKUs (null: every SKU of the company) and the channel's rules. */
interface Scope {
  ilocIds: string[];
  skuIds: string[] | null;
  reservePercentage: number;
  maxListed: number | null;
}

/**
 * How each chosen iloc's term is read from one balance: as the text the balances query aggregates
 * (`sql`, after "index:"), and back into the term. The POST carries what is available only (a whole
 * catalog's answer stays small); the GET, for a person, also the on-hand and reserved units it comes from.
 */
interface IlocTerms<I extends AvailabilityIloc> {
  sql: SQL;
  read(ilocId: string, text: string | undefined): I;
}
const AVAILABLE: IlocTerms<AvailabilityIloc> = {
  sql: sql`(b.qty_good - b.qty_reserved)`,
  read: (ilocId, text) => ({ iloc_id: ilocId, qty_available: Number(text ?? 0) }),
};
const ON_HAND_AND_RESERVED: IlocTerms<AvailabilityIlocDetail> = {
  sql: sql`b.qty_good || ':' || b.qty_reserved`,
  read(ilocId, text = '0:0') {
    const colon = text.indexOf(':');
    const good = Number(text.slice(0, colon));
    const reserved = Number(text.slice(colon + 1));
    return { iloc_id: ilocId, qty_good: good, qty_reserved: reserved, qty_available: good - reserved };
  },
};

/** POST /inventory/availability: every named SKU (or every SKU of the company) in one answer, ordered by code. */
export async function computeAvailability(ctx: TenantCtx, input: TAvailabilityRequest): Promise<ChannelAvailability[]> {
  return withTenant(ctx, async (tx) => {
    const scope = await resolveScope(tx, ctx, { iloc_ids: input.iloc_ids, skus: input.skus ?? [], sku_ids: [] });
    return explain(tx, ctx, { ...scope, reservePercentage: input.reserve_percentage, maxListed: input.max_listed ?? null }, AVAILABLE);
  });
}

/**
 * What POST /inventory/availability answers for every SKU of the tenant, inside the caller's transaction:
 * the channel stock push publishes exactly these figures (one formula, packages/domain explainAvailability).
 */
export async function availabilityForChannel(
  tx: Tx, tenantId: string, rules: { ilocIds: string[]; reservePercentage: number },
): Promise<ChannelAvailability[]> {
  return explain(tx, { tenantId }, { ilocIds: rules.ilocIds, skuIds: null, reservePercentage: rules.reservePercentage, maxListed: null }, AVAILABLE);
}

/**
 * GET /inventory/availability: the same explanations for the SKUs named by code or id (or every SKU),
 * a page at a time, ordered by code. Unknown ids — another tenant's included — are 422 field errors, as
 * in the POST.
 */
export async function explainAvailabilityPage(ctx: TenantCtx, query: TAvailabilityQuery): Promise<Paginated<ChannelAvailability<AvailabilityIlocDetail>>> {
  return withTenant(ctx, async (tx) => {
    const scope = await resolveScope(tx, ctx, query);
    const rules = { ...scope, reservePercentage: query.reserve_percentage ?? 0, maxListed: query.max_listed ?? null };
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM skus s WHERE s.tenant_id = ${ctx.tenantId}::uuid ${skuCondition(scope.skuIds)}`);
    const page = await explain(tx, ctx, rules, ON_HAND_AND_RESERVED, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
    return paginate(page, Number(n), query.page, query.per_page);
  });
}

/** Checks the named ilocs and SKUs exist in this tenant (all problems reported together) and dedupes them. */
async function resolveScope(
  tx: Tx,
  ctx: TenantCtx,
  named: { iloc_ids: string[]; skus: string[]; sku_ids: string[] },
): Promise<Pick<Scope, 'ilocIds' | 'skuIds'>> {
  const errors = new FieldErrors();
  // An iloc named twice counts once.
  const ilocIds = [...new Set(named.iloc_ids.map((id) => id.toLowerCase()))];
  const knownIlocs = await existingIlocIds(tx, ctx.tenantId, ilocIds);
  named.iloc_ids.forEach((id, i) => knownIlocs.has(id.toLowerCase()) || errors.add(`iloc_ids.${i}`, 'Unknown iloc'));
  if (!named.skus.length && !named.sku_ids.length) {
    errors.throwIfAny();
    return { ilocIds, skuIds: null };
  }
  const byCode = await resolveSkuCodes(tx, ctx.tenantId, named.skus);
  named.skus.forEach((code, i) => byCode.has(code) || errors.add(`skus.${i}`, 'Unknown SKU'));
  const byId = await existingSkuIds(tx, ctx.tenantId, named.sku_ids.map((id) => id.toLowerCase()));
  named.sku_ids.forEach((id, i) => byId.has(id.toLowerCase()) || errors.add(`sku_ids.${i}`, 'Unknown SKU'));
  errors.throwIfAny();
  return { ilocIds, skuIds: [...new Set([...[...byCode.values()].map((s) => s.id), ...byId])] };
}

const skuCondition = (skuIds: string[] | null) => (skuIds ? sql`AND s.id = ANY(${uuidArray(skuIds)})` : sql``);

/**
 * Per SKU the figure to publish to a channel, with every term of it (packages/domain explainAvailability).
 * Two plain statements whatever the catalog size — the SKUs with their holders, and each holder's stock
 * at the chosen ilocs as one short text — folded together here. (json_object_agg per holder in SQL took
 * 2 s over 500k balances; one row per balance, 5× the rows to parse and collect.)
 */
async function explain<I extends AvailabilityIloc>(
  tx: Tx,
  ctx: Pick<TenantCtx, 'tenantId'>,
  scope: Scope,
  terms: IlocTerms<I>,
  page?: { limit: number; offset: number },
): Promise<ChannelAvailability<I>[]> {
  const { ilocIds } = scope;
  const skus = await queryRows<SkuRow>(tx, sql`
    SELECT s.sku, ${HOLDER_OF_S} AS holder_id, h.sku AS holder_sku, h.type AS holder_type, coalesce(s.pack_quantity, 1) AS factor
    FROM skus s ${SYNSET_OF_S}
    JOIN skus h ON h.tenant_id = s.tenant_id AND h.id = ${HOLDER_OF_S}
    WHERE s.tenant_id = ${ctx.tenantId}::uuid ${skuCondition(scope.skuIds)}
    ORDER BY s.sku ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`);
  if (!skus.length) return [];
  // A subset of SKUs needs only their holders' balances; every SKU needs them all.
  const holders = scope.skuIds || page ? sql`AND b.sku_id = ANY(${uuidArray(skus.map((s) => s.holder_id))})` : sql``;
  // One row per holder, "index:term,…" over the chosen ilocs: a fifth of the rows to parse and collect.
  const balances = await queryRows<HolderRow>(tx, sql`
    SELECT b.sku_id, string_agg((array_position(${uuidArray(ilocIds)}, b.iloc_id) - 1) || ':' || ${terms.sql}, ',') AS at
    FROM inventory_balances b
    WHERE b.tenant_id = ${ctx.tenantId}::uuid AND b.iloc_id = ANY(${uuidArray(ilocIds)}) ${holders}
    GROUP BY b.sku_id`);
  // Per holder, the term's text at each chosen iloc, in the order the ilocs were asked for (none: no balance there).
  const perHolder = new Map<string, string[]>();
  for (const b of balances) {
    const at = new Array<string>(ilocIds.length);
    for (const pair of b.at.split(',')) {
      const colon = pair.indexOf(':');
      at[Number(pair.slice(0, colon))] = pair.slice(colon + 1);
    }
    perHolder.set(b.sku_id, at);
  }
  const none: string[] = [];
  return skus.map((r) => {
    const at = perHolder.get(r.holder_id) ?? none;
    const explanation = explainAvailability({
      ilocs: ilocIds.map((id, i) => terms.read(id, at[i])),
      holder: { sku: r.holder_sku, type: r.holder_type },
      packQuantity: Number(r.factor),
      reservePercentage: scope.reservePercentage,
      maxListed: scope.maxListed,
    });
    return { sku: r.sku, quantity: explanation.result, explanation };
  });
}
