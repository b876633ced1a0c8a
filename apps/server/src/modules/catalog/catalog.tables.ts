import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, boolean, integer, numeric, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables';

const tenantId = () => uuid('tenant_id').notNull().references(() => companies.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const currencies = pgTable(
  'currencies',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    iso: text('iso').notNull(),
    symbol: text('symbol').notNull().default(''),
    exchangeRate: numeric('exchange_rate').notNull().default('1'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const categories = pgTable(
  'categories',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const brands = pgTable(
  'brands',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: uuid('category_id'),
    brandId: uuid('brand_id'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Decimals are numeric without a fixed scale so they keep the caller's ("0.20" stays "0.20").
 * REGULAR holds stock; PACK is packQuantity units of packBaseSkuId; SYNSET is a pool its members share. */
export const skus = pgTable(
  'skus',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id'),
    sku: text('sku').notNull(),
    /** lower(sku), generated: prefix search that an index serves under row-level security (see 0002). */
    skuKey: text('sku_key').generatedAlwaysAs(sql`lower(sku)`),
    name: text('name').notNull(),
    type: text('type').notNull().default('REGULAR'),
    status: text('status').notNull().default('active'),
    barcode: text('barcode'),
    weight: numeric('weight'),
    length: numeric('length'),
    width: numeric('width'),
    height: numeric('height'),
    packBaseSkuId: uuid('pack_base_sku_id'),
    packQuantity: integer('pack_quantity'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Words of each SKU's code and name for word-prefix search; written by a trigger on skus (0002), read only here. */
export const skuWords = pgTable(
  'sku_words',
  {
    tenantId: tenantId(),
    skuId: uuid('sku_id').notNull(),
    word: text('word').notNull(),
  },
);

export const skuPrices = pgTable(
  'sku_prices',
  {
    tenantId: tenantId(),
    skuId: uuid('sku_id').notNull(),
    code: text('code').notNull(),
    value: numeric('value').notNull(),
    currency: text('currency').notNull().default('USD'),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.skuId, t.code] })],
);

export const skuAliases = pgTable(
  'sku_aliases',
  {
    tenantId: tenantId(),
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').generatedAlwaysAs(sql`lower(alias)`),
    skuId: uuid('sku_id').notNull(),
    channel: text('channel'),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.alias] })],
);

export const synsetMembers = pgTable(
  'synset_members',
  {
    tenantId: tenantId(),
    synsetId: uuid('synset_id').notNull(),
    memberSkuId: uuid('member_sku_id').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.synsetId, t.memberSkuId] })],
);

export const packages = pgTable(
  'packages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull().default('box'),
    stackable: boolean('stackable').notNull().default(true),
    boxWeight: numeric('box_weight').notNull().default('0'),
    maxWeight: numeric('max_weight'),
    outerLength: numeric('outer_length'),
    outerWidth: numeric('outer_width'),
    outerHeight: numeric('outer_height'),
    innerLength: numeric('inner_length'),
    innerWidth: numeric('inner_width'),
    innerHeight: numeric('inner_height'),
    volumeCapacity: numeric('volume_capacity'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const packageShipMethods = pgTable(
  'package_ship_methods',
  {
    tenantId: tenantId(),
    packageId: uuid('package_id').notNull(),
    shipMethod: text('ship_method').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.packageId, t.shipMethod] })],
);

export const packageSkus = pgTable(
  'package_skus',
  {
    tenantId: tenantId(),
    packageId: uuid('package_id').notNull(),
    skuId: uuid('sku_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.packageId, t.skuId] })],
);
