import { sql } from 'drizzle-orm';
import type { BillingPriceDto, BillingProductDto, BillingProductType, TBillingPriceInput, TBillingProductInput } from '@omnio/domain';
import type { Queryable, Tx } from '../../platform/db/client';
import { allowPlatformRead } from '../../platform/db/privileged';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import type { AuthedCtx } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import type { CatalogProduct } from './billing-provider';
import { billingProvider } from './billing-provider.registry';

/** The owner's catalogue of plans and extras (docs/api-billing.md "Owner calls"); platform tables, no tenant. */

export type PriceView = BillingPriceDto;
export type ProductView = BillingProductDto;

type Row = Record<string, unknown>;

function priceView(r: Row): PriceView {
  return {
    id: r.id as string,
    product_id: r.product_id as string,
    active: Boolean(r.active),
    provider_id: (r.provider_id as string | null) ?? null,
    data: { unit_amount: Number(r.unit_amount), nickname: (r.nickname as string) ?? '', currency: r.currency as string },
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

function productView(r: Row, prices: PriceView[]): ProductView {
  const data = (r.data ?? {}) as Partial<ProductView['data']>;
  return {
    id: r.id as string,
    type: r.type as BillingProductType,
    name: r.name as string,
    active: Boolean(r.active),
    sort: Number(r.sort),
    provider_id: (r.provider_id as string | null) ?? null,
    data: {
      description: data.description ?? '',
      marketing_features: data.marketing_features ?? [],
      features: { ...(data.features ?? {}), orders: Number(data.features?.orders ?? 0) },
    },
    prices,
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

/** Plans first (the dialog lists them above the extras), then by sort and name. */
export async function loadProducts(db: Queryable, options: { activeOnly: boolean }): Promise<ProductView[]> {
  const onlyActive = options.activeOnly ? sql`WHERE active` : sql``;
  const products = await queryRows<Row>(db, sql`
    SELECT id, type, name, active, sort, provider_id, data, created_at, updated_at FROM billing_products ${onlyActive}
    ORDER BY CASE type WHEN 'base_plan' THEN 0 ELSE 1 END, sort, name, id`);
  const prices = await queryRows<Row>(db, sql`
    SELECT id, product_id, active, provider_id, unit_amount, currency, nickname, created_at, updated_at FROM billing_prices ${onlyActive}
    ORDER BY unit_amount, created_at, id`);
  const byProduct = new Map<string, PriceView[]>();
  for (const p of prices) {
    const list = byProduct.get(p.product_id as string) ?? [];
    list.push(priceView(p));
    byProduct.set(p.product_id as string, list);
  }
  return products.map((p) => productView(p, byProduct.get(p.id as string) ?? []));
}

/** A price with what subscriptions need of its product: the name, the type, the orders feature. */
export interface PriceInfo {
  price_id: string;
  product_id: string;
  product_type: BillingProductType;
  product_active: boolean;
  price_active: boolean;
  name: string;
  unit_amount: number;
  orders: number;
  provider_id: string | null;
}

export async function loadPriceInfo(db: Queryable, ids: readonly string[]): Promise<Map<string, PriceInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<Row>(db, sql`
    SELECT pr.id, pr.product_id, pr.active AS price_active, pr.provider_id, pr.unit_amount, p.type, p.active AS product_active, p.name,
      coalesce((p.data->'features'->>'orders')::int, 0) AS orders
    FROM billing_prices pr JOIN billing_products p ON p.id = pr.product_id
    WHERE pr.id = ANY(${`{${unique.join(',')}}`}::uuid[])`);
  return new Map(rows.map((r) => [r.id as string, {
    price_id: r.id as string, product_id: r.product_id as string, product_type: r.type as BillingProductType,
    product_active: Boolean(r.product_active), price_active: Boolean(r.price_active), name: r.name as string,
    unit_amount: Number(r.unit_amount), orders: Number(r.orders), provider_id: (r.provider_id as string | null) ?? null,
  }]));
}

export const listClientProducts = (ctx: AuthedCtx) => loadProducts(ctx.db, { activeOnly: true });
export const listAllProducts = (ctx: AuthedCtx) => loadProducts(ctx.db, { activeOnly: false });

async function productById(db: Queryable, id: string): Promise<ProductView> {
  const [row] = await queryRows<Row>(db, sql`SELECT id, type, name, active, sort, provider_id, data, created_at, updated_at FROM billing_products WHERE id = ${id}::uuid`);
  if (!row) throw notFound('Product');
  const prices = await queryRows<Row>(db, sql`
    SELECT id, product_id, active, provider_id, unit_amount, currency, nickname, created_at, updated_at FROM billing_prices
    WHERE product_id = ${id}::uuid ORDER BY unit_amount, created_at, id`);
  return productView(row, prices.map(priceView));
}

/** PUT /billing/product: creates (no id) or edits a product. A product's type cannot change once it has prices in use. */
export async function upsertProduct(ctx: AuthedCtx, input: TBillingProductInput): Promise<ProductView> {
  const data = JSON.stringify(input.data);
  if (!input.id) {
    const [row] = await queryRows<{ id: string }>(ctx.db, sql`
      INSERT INTO billing_products (type, name, active, sort, data) VALUES (${input.type}, ${input.name}, ${input.active}, ${input.sort}, ${data}::jsonb)
      RETURNING id`);
    return productById(ctx.db, row!.id);
  }
  const id = input.id;
  return ctx.db.transaction(async (tx) => {
    const [current] = await queryRows<{ type: string }>(tx, sql`SELECT type FROM billing_products WHERE id = ${id}::uuid FOR UPDATE`);
    if (!current) throw notFound('Product');
    if (current.type !== input.type && (await pricesInUse(tx, await priceIdsOf(tx, id))).size > 0) {
      throw conflict('Subscriptions use this product: its type cannot change');
    }
    await tx.execute(sql`
      UPDATE billing_products SET type = ${input.type}, name = ${input.name}, active = ${input.active}, sort = ${input.sort}, data = ${data}::jsonb,
        updated_at = now()
      WHERE id = ${id}::uuid`);
    return productById(tx, id);
  });
}

async function priceIdsOf(db: Queryable, productId: string): Promise<string[]> {
  return (await queryRows<{ id: string }>(db, sql`SELECT id FROM billing_prices WHERE product_id = ${productId}::uuid`)).map((r) => r.id);
}

/**
 * The prices among ids that a subscription (plan or extra) or an open checkout uses, across every tenant.
 * Subscriptions are tenant rows: the caller's transaction (the owner's, which writes only platform tables)
 * turns on the platform_read policy for itself — a second transaction would wait forever on PGlite's one
 * connection.
 */
export async function pricesInUse(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = `{${ids.join(',')}}`;
  await allowPlatformRead(tx);
  const rows = await queryRows<{ id: string }>(tx, sql`
    SELECT DISTINCT u.id FROM (
      SELECT plan_price_id AS id FROM subscriptions WHERE status <> 'ended'
      UNION ALL SELECT (e->>'price_id')::uuid FROM subscriptions s, jsonb_array_elements(s.extras) e WHERE s.status <> 'ended'
      UNION ALL SELECT plan_price_id FROM subscription_checkouts WHERE status = 'open'
      UNION ALL SELECT (e->>'price_id')::uuid FROM subscription_checkouts c, jsonb_array_elements(c.extras) e WHERE c.status = 'open'
    ) u WHERE u.id = ANY(${list}::uuid[])`);
  return new Set(rows.map((r) => r.id));
}

/**
 * PUT /billing/price: creates or edits a price. What a company pays must not change under it, so the amount
 * (and currency) of a price in use is frozen: the owner makes a new price and deactivates the old one.
 */
export async function upsertPrice(ctx: AuthedCtx, input: TBillingPriceInput): Promise<PriceView> {
  return ctx.db.transaction(async (tx) => {
    const [product] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM billing_products WHERE id = ${input.product_id}::uuid`);
    if (!product) throw fieldError('product_id', 'The product does not exist');
    const d = input.data;
    if (!input.id) {
      const [row] = await queryRows<Row>(tx, sql`
        INSERT INTO billing_prices (product_id, active, unit_amount, currency, nickname)
        VALUES (${input.product_id}::uuid, ${input.active}, ${d.unit_amount}, ${d.currency}, ${d.nickname})
        RETURNING id, product_id, active, provider_id, unit_amount, currency, nickname, created_at, updated_at`);
      return priceView(row!);
    }
    const [current] = await queryRows<Row>(tx, sql`
      SELECT product_id, unit_amount, currency FROM billing_prices WHERE id = ${input.id}::uuid FOR UPDATE`);
    if (!current) throw notFound('Price');
    const moneyChanged = Number(current.unit_amount) !== d.unit_amount || current.currency !== d.currency || current.product_id !== input.product_id;
    if (moneyChanged && (await pricesInUse(tx, [input.id])).size > 0) {
      throw conflict('Subscriptions use this price: its amount cannot change. Create a new price and deactivate this one.');
    }
    const [row] = await queryRows<Row>(tx, sql`
      UPDATE billing_prices SET product_id = ${input.product_id}::uuid, active = ${input.active}, unit_amount = ${d.unit_amount},
        currency = ${d.currency}, nickname = ${d.nickname}, updated_at = now()
      WHERE id = ${input.id}::uuid
      RETURNING id, product_id, active, provider_id, unit_amount, currency, nickname, created_at, updated_at`);
    return priceView(row!);
  });
}

/**
 * GET /billing/sync: gives the provider the products and prices it does not know and takes in the ones we do
 * not know. The manual provider has no catalogue: nothing moves.
 */
export async function syncCatalog(ctx: AuthedCtx): Promise<{ pushed: number; pulled: number }> {
  const products = await loadProducts(ctx.db, { activeOnly: false });
  const catalog: CatalogProduct[] = products.map((p) => ({
    id: p.id, providerId: p.provider_id, name: p.name, description: p.data.description, type: p.type, orders: p.data.features.orders, active: p.active,
    prices: p.prices.map((pr) => ({
      id: pr.id, providerId: pr.provider_id, unitAmount: pr.data.unit_amount, currency: pr.data.currency, nickname: pr.data.nickname, active: pr.active,
    })),
  }));
  const result = await billingProvider(ctx.deps).syncCatalog(catalog);
  return ctx.db.transaction(async (tx) => {
    let pushed = 0;
    for (const [id, providerId] of Object.entries(result.pushed.productIds)) {
      await tx.execute(sql`UPDATE billing_products SET provider_id = ${providerId}, updated_at = now() WHERE id = ${id}::uuid AND provider_id IS NULL`);
      pushed++;
    }
    for (const [id, providerId] of Object.entries(result.pushed.priceIds)) {
      await tx.execute(sql`UPDATE billing_prices SET provider_id = ${providerId}, updated_at = now() WHERE id = ${id}::uuid AND provider_id IS NULL`);
      pushed++;
    }
    let pulled = 0;
    for (const p of result.pulled) {
      const data = JSON.stringify({ description: p.description, marketing_features: [], features: { orders: p.orders } });
      const [row] = await queryRows<{ id: string }>(tx, sql`
        INSERT INTO billing_products (type, name, active, provider_id, data) VALUES (${p.type}, ${p.name}, ${p.active}, ${p.providerId}, ${data}::jsonb)
        ON CONFLICT (provider_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`);
      for (const pr of p.prices) {
        await tx.execute(sql`
          INSERT INTO billing_prices (product_id, active, provider_id, unit_amount, currency, nickname)
          VALUES (${row!.id}::uuid, ${pr.active}, ${pr.providerId}, ${pr.unitAmount}, ${pr.currency}, ${pr.nickname})
          ON CONFLICT (provider_id) DO NOTHING`);
      }
      pulled++;
    }
    return { pushed, pulled };
  });
}
