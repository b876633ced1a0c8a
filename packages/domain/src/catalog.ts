import { z } from 'zod';
import { defineLifecycle, type HeldPermissions } from './lifecycle';
import { ZDecimal, ZRef, ZTimestamp } from './responses';

/**
 * Catalog words and request bodies (docs/api-catalog.md, spec 3 and 5), shared by the server routes and
 * the web forms so both apply the same rules.
 */

export const SKU_TYPES = ['REGULAR', 'PACK', 'SYNSET'] as const;
export type SkuType = (typeof SKU_TYPES)[number];

/** Spec 3 price codes, in the spec's id order (Buy 1, WholeSale 2, Retail 3, AVG Cost 4). */
export const PRICE_CODES = ['BUY', 'WHOLE', 'RETAIL', 'WTDAVGCOST'] as const;
export type PriceCode = (typeof PRICE_CODES)[number];

/** The SKU lifecycle, status → action → next status. The only place these rules live. */
export const skuLifecycle = defineLifecycle({
  active: { discontinue: 'discontinued' },
  discontinued: { reactivate: 'active' },
});
export const SKU_STATUSES = skuLifecycle.statuses;
export type SkuStatus = (typeof SKU_STATUSES)[number];
export const SKU_ACTIONS = skuLifecycle.actions;
export type SkuAction = (typeof SKU_ACTIONS)[number];
export const SKU_TRANSITIONS = skuLifecycle.table;

/** The permission each SKU action needs. */
export const SKU_ACTION_PERMISSION: Readonly<Record<SkuAction, string>> = {
  discontinue: 'update-product',
  reactivate: 'update-product',
};

/** The next status, or null when the action is not allowed from `status`. */
export const skuTransition = skuLifecycle.next;

/** The actions this user may take on a SKU in `status` now (objects carry them as `allowed_actions`). */
export function allowedActions(status: string, permissions: HeldPermissions): SkuAction[] {
  return skuLifecycle.permittedActions(status, permissions, SKU_ACTION_PERMISSION);
}

/** Spec 5: removal requires a discontinued SKU. */
export const SKU_DELETABLE_STATUS: SkuStatus = 'discontinued';

export const SYNSET_MIN_MEMBERS = 2;
export const SKU_CODE_MAX = 64;

export const PACKAGE_TYPES = ['box', 'envelope', 'mailer', 'pallet', 'tube', 'bag', 'custom'] as const;
export const SHIP_METHODS = ['standard', 'expedited', 'express', 'overnight', 'ground', 'freight'] as const;

/* ------------------------------------------------------------------ field shapes */

/** PostgreSQL text cannot hold NUL: refuse it as a field error instead of failing at the database. */
const noNul = (v: string) => !v.includes('\u0000');
const NUL_MESSAGE = 'The value contains an invalid character';

/** Spec 5: trimmed, no single quotes, no spaces, at most 64 characters. Also used for aliases. */
export const ZSkuCode = z
  .string()
  .trim()
  .min(1, 'The SKU is required')
  .max(SKU_CODE_MAX, `The SKU may not be longer than ${SKU_CODE_MAX} characters`)
  .refine((v) => !v.includes("'"), 'The SKU cannot contain single quotes')
  .refine((v) => !/\s/.test(v), 'The SKU cannot contain spaces')
  .refine(noNul, NUL_MESSAGE);

const ZCatalogName = z.string().trim().min(1, 'The name is required').max(200, 'The name may not be longer than 200 characters').refine(noNul, NUL_MESSAGE);

/**
 * A non-negative decimal with at most `scale` decimals and `intDigits` digits before the point, as a
 * string. Numbers are accepted (web forms send them) and turned into their shortest decimal text; the
 * string keeps the caller's scale, so "19.90" stays "19.90".
 */
export function zDecimal(scale: number, intDigits: number, label = 'The value') {
  const re = new RegExp(`^\\d{1,${intDigits}}(\\.\\d{1,${scale}})?$`);
  return z
    .union([z.string().max(40), z.number().finite()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => re.test(v), `${label} must be a number ≥ 0 with at most ${scale} decimals and ${intDigits} digits before the point`)
    .transform((v) => v.replace(/^0+(?=\d)/, ''));
}
/** Optional decimal field of a form: "" and null both mean "no value". */
const optDecimal = (scale: number, intDigits: number) =>
  z.union([z.literal(''), z.null(), zDecimal(scale, intDigits)]).transform((v) => (v === '' ? null : v)).optional();

export const ZMoney = zDecimal(4, 10, 'The price');
export const ZDimension = zDecimal(3, 9);
const ZOptDimension = optDecimal(3, 9);
const ZCurrencyIso = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO code');
const ZOptText = (max: number) =>
  z.string().trim().max(max).refine(noNul, NUL_MESSAGE).nullable().optional().transform((v) => (v === '' ? null : v));
const ZUuidRef = z.uuid({ message: 'Must be a valid id' });

export const ZPriceInput = z.object({ code: z.enum(PRICE_CODES), value: ZMoney, currency: ZCurrencyIso.optional() }).strict();
export type TPriceInput = z.infer<typeof ZPriceInput>;

export const ZAliasInput = z.object({ alias: ZSkuCode, channel: ZOptText(60) }).strict();
export type TAliasInput = z.infer<typeof ZAliasInput>;

export const ZPackOf = z
  .object({
    sku: ZSkuCode,
    quantity: z.number().int('The pack quantity must be a whole number').min(2, 'A pack holds at least 2 units').max(100_000),
  })
  .strict();

const skuFields = {
  sku: ZSkuCode,
  name: ZCatalogName,
  barcode: ZOptText(64),
  weight: ZOptDimension,
  length: ZOptDimension,
  width: ZOptDimension,
  height: ZOptDimension,
  prices: z.array(ZPriceInput).max(PRICE_CODES.length * 4).optional(),
  aliases: z.array(ZAliasInput).max(50).optional(),
  pack_of: ZPackOf.nullable().optional(),
};

type SkuLike = {
  type?: SkuType;
  prices?: TPriceInput[] | undefined;
  aliases?: TAliasInput[] | undefined;
  pack_of?: { sku: string; quantity: number } | null | undefined;
  members?: string[] | undefined;
  sku?: string;
};

/** Rules across fields of one SKU: type-specific parts, no repeated price code, alias or member. */
function refineSku(v: SkuLike, ctx: z.RefinementCtx): void {
  const type = v.type ?? 'REGULAR';
  if (type === 'PACK' && !v.pack_of) ctx.addIssue({ code: 'custom', path: ['pack_of'], message: 'A PACK needs pack_of {sku, quantity}' });
  if (type !== 'PACK' && v.pack_of) ctx.addIssue({ code: 'custom', path: ['pack_of'], message: 'Only a PACK has pack_of' });
  if (type === 'SYNSET' && (!v.members || v.members.length < SYNSET_MIN_MEMBERS)) {
    ctx.addIssue({ code: 'custom', path: ['members'], message: `A synset needs at least ${SYNSET_MIN_MEMBERS} SKUs` });
  }
  if (type !== 'SYNSET' && v.members) ctx.addIssue({ code: 'custom', path: ['members'], message: 'Only a SYNSET has members' });
  if (v.pack_of && v.sku !== undefined && v.pack_of.sku === v.sku) {
    ctx.addIssue({ code: 'custom', path: ['pack_of', 'sku'], message: 'A pack cannot be made of itself' });
  }
  const dupes = (list: string[] | undefined, path: string, message: string) => {
    const seen = new Set<string>();
    list?.forEach((item, i) => {
      if (seen.has(item)) ctx.addIssue({ code: 'custom', path: [path, i], message });
      seen.add(item);
    });
  };
  dupes(v.prices?.map((p) => p.code), 'prices', 'Each price code may appear once');
  dupes(v.aliases?.map((a) => a.alias), 'aliases', 'The alias is repeated');
  dupes(v.members, 'members', 'The SKU is repeated');
}

/* ------------------------------------------------------------------ SKUs and synsets */

export const ZSkuCreate = z
  .object({
    ...skuFields,
    type: z.enum(SKU_TYPES).default('REGULAR'),
    product_id: ZUuidRef.nullable().optional(),
    members: z.array(ZSkuCode).max(200).optional(),
  })
  .strict()
  .superRefine(refineSku);
export type TSkuCreate = z.infer<typeof ZSkuCreate>;

/** PUT /skus/{id}: any field; the type never changes. `confirm` acknowledges changing a SKU in use. */
export const ZSkuUpdate = z
  .object({
    ...skuFields,
    product_id: ZUuidRef.nullable().optional(),
    members: z.array(ZSkuCode).max(200).optional(),
    confirm: z.boolean().optional(),
  })
  .partial()
  .strict();
export type TSkuUpdate = z.infer<typeof ZSkuUpdate>;

export const ZSynsetCreate = z
  .object({ sku: ZSkuCode, name: ZCatalogName, barcode: ZOptText(64), members: z.array(ZSkuCode).min(SYNSET_MIN_MEMBERS, `A synset needs at least ${SYNSET_MIN_MEMBERS} SKUs`).max(200) })
  .strict()
  .superRefine((v, ctx) => refineSku({ ...v, type: 'SYNSET' }, ctx));
export type TSynsetCreate = z.infer<typeof ZSynsetCreate>;

export const ZSynsetUpdate = z
  .object({ name: ZCatalogName, members: z.array(ZSkuCode).min(SYNSET_MIN_MEMBERS, `A synset needs at least ${SYNSET_MIN_MEMBERS} SKUs`).max(200) })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if (v.members) refineSku({ members: v.members, type: 'SYNSET' }, ctx);
  });
export type TSynsetUpdate = z.infer<typeof ZSynsetUpdate>;

/* ------------------------------------------------------------------ products */

/** A SKU inside a product body: REGULAR or PACK (synsets have their own endpoint). `id` renames on PUT. */
export const ZProductSku = z
  .object({ ...skuFields, id: ZUuidRef.optional(), type: z.enum(['REGULAR', 'PACK']).default('REGULAR') })
  .strict()
  .superRefine(refineSku);
export type TProductSku = z.infer<typeof ZProductSku>;

function refineProductSkus(skus: { sku: string; id?: string | undefined }[] | undefined, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  const ids = new Set<string>();
  skus?.forEach((s, i) => {
    if (seen.has(s.sku)) ctx.addIssue({ code: 'custom', path: ['skus', i, 'sku'], message: 'The SKU is repeated in this product' });
    seen.add(s.sku);
    if (s.id && ids.has(s.id)) ctx.addIssue({ code: 'custom', path: ['skus', i, 'id'], message: 'The SKU is repeated in this product' });
    if (s.id) ids.add(s.id);
  });
}

const productFields = {
  name: ZCatalogName,
  description: ZOptText(5000),
  category_id: ZUuidRef.nullable().optional(),
  brand_id: ZUuidRef.nullable().optional(),
};

export const ZProductCreate = z
  .object({ ...productFields, skus: z.array(ZProductSku).min(1, 'A product needs at least one SKU').max(200) })
  .strict()
  .superRefine((v, ctx) => refineProductSkus(v.skus, ctx));
export type TProductCreate = z.infer<typeof ZProductCreate>;

export const ZProductUpdate = z
  .object({ ...productFields, skus: z.array(ZProductSku).max(200), confirm: z.boolean() })
  .partial()
  .strict()
  .superRefine((v, ctx) => refineProductSkus(v.skus, ctx));
export type TProductUpdate = z.infer<typeof ZProductUpdate>;

/* ------------------------------------------------------------------ categories, brands, currencies */

export const ZCategoryCreate = z.object({ name: ZCatalogName, parent_id: ZUuidRef.nullable().optional() }).strict();
export type TCategoryCreate = z.infer<typeof ZCategoryCreate>;
export const ZCategoryUpdate = ZCategoryCreate.partial().strict();

export const ZBrandCreate = z.object({ name: ZCatalogName }).strict();
export type TBrandCreate = z.infer<typeof ZBrandCreate>;
export const ZBrandUpdate = ZBrandCreate.partial().strict();

export const ZCurrencyCreate = z
  .object({
    iso: ZCurrencyIso,
    symbol: z.string().trim().max(8).refine(noNul, NUL_MESSAGE).optional(),
    exchange_rate: zDecimal(8, 10, 'The exchange rate').refine((v) => /[1-9]/.test(v), 'The exchange rate must be greater than 0').optional(),
  })
  .strict();
export type TCurrencyCreate = z.infer<typeof ZCurrencyCreate>;
export const ZCurrencyUpdate = ZCurrencyCreate.partial().strict();

/* ------------------------------------------------------------------ packages (spec 3 Package) */

const positiveDim = z
  .union([z.literal(''), z.null(), ZDimension.refine((v) => /[1-9]/.test(v), 'The value must be greater than 0')])
  .transform((v) => (v === '' ? null : v))
  .optional();

const packageFields = {
  name: ZCatalogName,
  type: z.enum(PACKAGE_TYPES).nullable().optional(),
  stackable: z.boolean().optional(),
  box_weight: ZOptDimension,
  max_weight: positiveDim,
  outer_length: positiveDim,
  outer_width: positiveDim,
  outer_height: positiveDim,
  inner_length: positiveDim,
  inner_width: positiveDim,
  inner_height: positiveDim,
  volume_capacity: z
    .union([z.literal(''), z.null(), zDecimal(3, 11).refine((v) => /[1-9]/.test(v), 'The value must be greater than 0')])
    .transform((v) => (v === '' ? null : v))
    .optional(),
  /** Exclusive ship methods: the package is only used for these. */
  ship_methods: z.array(z.enum(SHIP_METHODS)).max(SHIP_METHODS.length).optional(),
  /** Exclusive SKUs: the package is only used for these. */
  sku_ids: z.array(ZUuidRef).max(500).optional(),
};

type PackageLike = { [k: string]: unknown };
const num = (v: unknown) => (typeof v === 'string' && v !== '' ? Number(v) : null);
/** Spec 5 "min cannot exceed max": inner within outer, the empty box within its max weight. */
function refinePackage(v: PackageLike, ctx: z.RefinementCtx): void {
  for (const d of ['length', 'width', 'height']) {
    const inner = num(v[`inner_${d}`]);
    const outer = num(v[`outer_${d}`]);
    if (inner !== null && outer !== null && inner > outer) {
      ctx.addIssue({ code: 'custom', path: [`inner_${d}`], message: `The inner ${d} cannot exceed the outer ${d}` });
    }
  }
  const box = num(v.box_weight);
  const max = num(v.max_weight);
  if (box !== null && max !== null && box > max) ctx.addIssue({ code: 'custom', path: ['box_weight'], message: 'The box weight cannot exceed the max weight' });
  const dupes = (list: unknown, path: string) => {
    if (!Array.isArray(list)) return;
    const seen = new Set<unknown>();
    list.forEach((x, i) => {
      if (seen.has(x)) ctx.addIssue({ code: 'custom', path: [path, i], message: 'The value is repeated' });
      seen.add(x);
    });
  };
  dupes(v.ship_methods, 'ship_methods');
  dupes(v.sku_ids, 'sku_ids');
}

export const ZPackageCreate = z.object(packageFields).strict().superRefine(refinePackage);
export type TPackageCreate = z.infer<typeof ZPackageCreate>;
export const ZPackageUpdate = z.object(packageFields).partial().strict().superRefine(refinePackage);
export type TPackageUpdate = z.infer<typeof ZPackageUpdate>;

/* ------------------------------------------------------------------ products CSV */

/** The columns of products CSV import and export, in order. */
export const PRODUCT_CSV_COLUMNS = [
  'product_name', 'sku', 'sku_name', 'type', 'barcode', 'weight', 'category', 'brand', 'price_retail', 'price_buy', 'pack_of_sku',
  'pack_quantity',
] as const;

// ---- Answers (the response contract; see responses.ts) ----

/** A SKU named by its code, where an answer points at another SKU (synset members, a package's SKUs). */
export const ZSkuRef = z.object({ id: z.string(), sku: z.string() });
export type SkuRefDto = z.input<typeof ZSkuRef>;

export const ZSkuPrice = z.object({ code: z.enum(PRICE_CODES), value: ZDecimal, currency: z.string() });
export type SkuPriceDto = z.input<typeof ZSkuPrice>;

export const ZSkuAlias = z.object({ alias: z.string(), channel: z.string().nullable() });
export type SkuAliasDto = z.input<typeof ZSkuAlias>;

/** A SKU as /skus and /synsets answer it; measures are decimal strings. */
export const ZSku = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  type: z.enum(SKU_TYPES),
  status: z.enum(SKU_STATUSES),
  allowed_actions: z.array(z.enum(SKU_ACTIONS)),
  product_id: z.string().nullable(),
  barcode: z.string().nullable(),
  weight: ZDecimal.nullable(),
  length: ZDecimal.nullable(),
  width: ZDecimal.nullable(),
  height: ZDecimal.nullable(),
  prices: z.array(ZSkuPrice),
  aliases: z.array(ZSkuAlias),
  pack_of: z.object({ sku_id: z.string(), sku: z.string(), quantity: z.number().int() }).nullable(),
  /** A synset's member SKUs; null for every other type. */
  members: z.array(ZSkuRef).nullable(),
  /** The synset this SKU belongs to, if any. */
  synset: ZSkuRef.nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type SkuDto = z.input<typeof ZSku>;

/** `category`, `brand` and `skus` are present only when `include` asks for them (a single product includes all three by default). */
export const ZProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category_id: z.string().nullable(),
  brand_id: z.string().nullable(),
  category: ZRef.nullable().optional(),
  brand: ZRef.nullable().optional(),
  sku_count: z.number().int(),
  skus: z.array(ZSku).optional(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type ProductDto = z.input<typeof ZProduct>;

export const ZCategory = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  parent: ZRef.nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type CategoryDto = z.input<typeof ZCategory>;

export const ZBrand = z.object({ id: z.string(), name: z.string(), created_at: ZTimestamp, updated_at: ZTimestamp });
export type BrandDto = z.input<typeof ZBrand>;

export const ZCurrency = z.object({
  id: z.string(),
  iso: z.string(),
  symbol: z.string(),
  exchange_rate: ZDecimal,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type CurrencyDto = z.input<typeof ZCurrency>;

/** Dimensions and weights are decimal strings; those never set are null (the empty box weight defaults to 0). */
export const ZPackage = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  stackable: z.boolean(),
  box_weight: ZDecimal,
  max_weight: ZDecimal.nullable(),
  outer_length: ZDecimal.nullable(),
  outer_width: ZDecimal.nullable(),
  outer_height: ZDecimal.nullable(),
  inner_length: ZDecimal.nullable(),
  inner_width: ZDecimal.nullable(),
  inner_height: ZDecimal.nullable(),
  volume_capacity: ZDecimal.nullable(),
  ship_methods: z.array(z.string()),
  sku_ids: z.array(z.string()),
  skus: z.array(ZSkuRef),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type PackageDto = z.input<typeof ZPackage>;

/** The answer of a products CSV import: counts, and each refused row with its line in the file. */
export const ZProductImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), sku: z.string(), message: z.string() })),
});
export type ProductImportReportDto = z.input<typeof ZProductImportReport>;
