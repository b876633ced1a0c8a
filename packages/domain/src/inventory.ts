import { z } from 'zod';
import { ZListQuery } from './list-query';
import { SKU_TYPES } from './catalog';
import { ZTimestamp } from './responses';

/**
 * Inventory words (docs/api-catalog.md): buckets, reason codes, request bodies, and the channel
 * availability math as pure functions, shared by the server (which computes) and the web (which explains).
 */

/** Every quantity a balance holds; qty_available = good − reserved is derived, never stored. */
export const BUCKETS = ['good', 'hold', 'hurt', 'in_transit', 'reserved'] as const;
export type Bucket = (typeof BUCKETS)[number];
/** What an adjustment may change; reserved moves only through reserve, release and consume. */
export const ADJUSTABLE_BUCKETS = ['good', 'hold', 'hurt', 'in_transit'] as const;
export type AdjustableBucket = (typeof ADJUSTABLE_BUCKETS)[number];

/** Reasons a person gives for an adjustment (screen, API, CSV import). */
export const ADJUSTMENT_REASONS = ['cycle_count', 'received', 'damaged', 'found', 'lost', 'returned', 'correction', 'move_bucket'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
/**
 * Reasons only the system writes: synset merges, the reservation primitives of orders and transfers, and
 * supply shipments (units put in transit at a destination, taken out of a transfer's source, received
 * out of transit, or taken back out of transit when a shipment is cancelled).
 */
export const SYSTEM_REASONS = ['synset_merge', 'reserve', 'release', 'consume', 'in_transit', 'transfer_out', 'transit_received', 'transit_cancelled'] as const;
export const MOVEMENT_REASONS = [...ADJUSTMENT_REASONS, ...SYSTEM_REASONS] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** One adjustment batch is applied atomically in one transaction; larger files go through CSV import. */
export const MAX_ADJUSTMENTS = 10_000;
/** Far below the int4 columns' limit, so a sum of a few large changes still fits. */
export const MAX_QUANTITY = 1_000_000_000;

const ZQuantityDelta = z.number().int('Quantities are whole numbers').min(-MAX_QUANTITY).max(MAX_QUANTITY)
  .refine((v) => v !== 0, 'The delta cannot be zero');
const ZQuantitySet = z.number().int('Quantities are whole numbers').min(0, 'The quantity cannot be negative').max(MAX_QUANTITY);
const ZSkuCode = z.string().trim().min(1, 'The sku is required').max(64);
const ZIlocId = z.uuid({ message: 'Must be a valid id' });

export const ZAdjustment = z
  .object({
    sku: ZSkuCode,
    iloc_id: ZIlocId,
    bucket: z.enum(ADJUSTABLE_BUCKETS),
    /** Change by this much... */
    delta: ZQuantityDelta.optional(),
    /** ...or count: the delta is computed from the current balance under lock. */
    set: ZQuantitySet.optional(),
    reason: z.enum(ADJUSTMENT_REASONS),
    note: z.string().trim().max(500).optional(),
  })
  .strict()
  .superRefine((row, ctx) => {
    if (row.delta === undefined && row.set === undefined) ctx.addIssue({ code: 'custom', path: ['delta'], message: 'Give delta or set' });
    if (row.delta !== undefined && row.set !== undefined) ctx.addIssue({ code: 'custom', path: ['set'], message: 'Give either delta or set, not both' });
  });
export type TAdjustment = z.infer<typeof ZAdjustment>;

export const ZAdjustmentBatch = z
  .object({ adjustments: z.array(ZAdjustment).min(1, 'Give at least one adjustment').max(MAX_ADJUSTMENTS, `At most ${MAX_ADJUSTMENTS} adjustments per batch`) })
  .strict();
export type TAdjustmentBatch = z.infer<typeof ZAdjustmentBatch>;

export const ZAvailabilityRequest = z
  .object({
    iloc_ids: z.array(ZIlocId).min(1, 'Choose at least one iloc').max(100),
    reserve_percentage: z.number().min(0).max(100).refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimals'),
    max_listed: z.number().int().min(0).max(MAX_QUANTITY).nullable().optional(),
    skus: z.array(ZSkuCode).min(1).max(100_000).optional(),
  })
  .strict();
export type TAvailabilityRequest = z.infer<typeof ZAvailabilityRequest>;

/** At most this many SKUs or ids named in one GET (a URL stays short); larger sets go through the POST. */
export const MAX_AVAILABILITY_QUERY_SKUS = 500;

/** A query-string list: repeated (`?a=1&a=2`), comma-separated (`?a=1,2`) or both; blanks dropped. */
const queryList = <T extends z.ZodType<unknown, string>>(item: T, max: number, required?: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).min(required ? 1 : 0, required).max(max, `At most ${max} values`));

const RESERVE_MESSAGE = 'A percentage from 0 to 100 with at most 2 decimals';

/**
 * GET /inventory/availability: the POST's request as query parameters, plus paging. Strict: an unknown
 * parameter is a 422 rather than silently ignored (a typo in `reserve_percentage` must not publish more).
 */
export const ZAvailabilityQuery = z
  .object({
    iloc_ids: queryList(ZIlocId, 100, 'Choose at least one iloc'),
    /** SKU codes (also case-insensitive codes and alternative SKUs, as the POST resolves them). */
    skus: queryList(ZSkuCode, MAX_AVAILABILITY_QUERY_SKUS),
    sku_ids: queryList(z.uuid({ message: 'Must be a valid id' }), MAX_AVAILABILITY_QUERY_SKUS),
    /** Default 0: nothing held back. */
    reserve_percentage: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, RESERVE_MESSAGE)
      .transform(Number)
      .pipe(z.number().max(100, RESERVE_MESSAGE))
      .optional(),
    /** Left out: no cap. */
    max_listed: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'A whole number of 0 or more')
      .transform(Number)
      .pipe(z.number().max(MAX_QUANTITY, `At most ${MAX_QUANTITY}`))
      .optional(),
    page: ZListQuery.shape.page,
    per_page: ZListQuery.shape.per_page,
  })
  .strict();
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

/** Columns of the inventory CSV import (counts: each row sets one bucket). */
export const INVENTORY_IMPORT_COLUMNS = ['sku', 'iloc_code', 'bucket', 'quantity', 'reason'] as const;
/** Columns of the inventory CSV export: the /inventory rows. */
export const INVENTORY_EXPORT_COLUMNS = [
  'sku', 'name', 'type', 'iloc_code', 'iloc_name', 'qty_available', 'qty_good', 'qty_hold', 'qty_hurt', 'qty_in_transit', 'qty_reserved', 'updated_at',
] as const;

/** One CSV import row, as text; quantity must be a whole number ≥ 0 written in digits. */
export const ZInventoryImportRow = z.object({
  sku: ZSkuCode,
  iloc_code: z.string().trim().min(1, 'The iloc_code is required').max(64),
  bucket: z.string().trim().toLowerCase().pipe(z.enum(ADJUSTABLE_BUCKETS, 'bucket must be one of good, hold, hurt, in_transit')),
  quantity: z.string().trim().regex(/^\d{1,10}$/, 'quantity must be a whole number ≥ 0').transform(Number).pipe(ZQuantitySet),
  // A count is the usual reason for a file of counts.
  reason: z.string().trim().toLowerCase().transform((v) => v || 'cycle_count').pipe(z.enum(ADJUSTMENT_REASONS, `reason must be one of ${ADJUSTMENT_REASONS.join(', ')}`)),
});
export type TInventoryImportRow = z.infer<typeof ZInventoryImportRow>;

/** GET /inventory row: one per SKU × iloc, in the SKU's own units (packs converted from their base). */
export const ZInventoryRow = z.object({
  sku_id: z.string(),
  sku: z.string(),
  name: z.string(),
  type: z.enum(SKU_TYPES),
  iloc_id: z.string(),
  /** The code the CSV import names ilocs by. */
  iloc_code: z.string().nullable(),
  iloc_name: z.string(),
  qty_available: z.number().int(),
  qty_good: z.number().int(),
  qty_hold: z.number().int(),
  qty_hurt: z.number().int(),
  qty_in_transit: z.number().int(),
  qty_reserved: z.number().int(),
  /** Null while the SKU has never had stock at the iloc. */
  updated_at: ZTimestamp.nullable(),
});
export type InventoryRow = z.input<typeof ZInventoryRow>;

/** The five buckets as numbers (a balance, or a movement's balance after). */
export const ZBucketQuantities = z.object({
  good: z.number().int(), hold: z.number().int(), hurt: z.number().int(), in_transit: z.number().int(), reserved: z.number().int(),
});

export const ZInventoryMovement = z.object({
  id: z.string(),
  sku_id: z.string(),
  sku: z.string().nullable(),
  iloc_id: z.string(),
  iloc_name: z.string().nullable(),
  delta_good: z.number().int(),
  delta_hold: z.number().int(),
  delta_hurt: z.number().int(),
  delta_in_transit: z.number().int(),
  delta_reserved: z.number().int(),
  reason: z.enum(MOVEMENT_REASONS),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  note: z.string().nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: ZTimestamp,
  /** With `include=balance_after`: the holder's balance at the iloc right after this movement. */
  balance_after: ZBucketQuantities.optional(),
});
export type InventoryMovement = z.input<typeof ZInventoryMovement>;

// ---- quantities ------------------------------------------------------------------------------------

export interface BucketQuantities {
  good: number;
  hold: number;
  hurt: number;
  in_transit: number;
  reserved: number;
}
export const ZERO_BUCKETS: Readonly<BucketQuantities> = Object.freeze({ good: 0, hold: 0, hurt: 0, in_transit: 0, reserved: 0 });

export const availableOf = (q: Pick<BucketQuantities, 'good' | 'reserved'>): number => q.good - q.reserved;

/** A balance after a change is valid when no bucket is negative and availability is not negative. */
export function isValidBalance(q: BucketQuantities): boolean {
  return q.good >= 0 && q.hold >= 0 && q.hurt >= 0 && q.in_transit >= 0 && q.reserved >= 0 && availableOf(q) >= 0;
}

export function addBuckets(a: BucketQuantities, d: Partial<BucketQuantities>): BucketQuantities {
  return {
    good: a.good + (d.good ?? 0),
    hold: a.hold + (d.hold ?? 0),
    hurt: a.hurt + (d.hurt ?? 0),
    in_transit: a.in_transit + (d.in_transit ?? 0),
    reserved: a.reserved + (d.reserved ?? 0),
  };
}

/** Holder units to a PACK's units: whole packs only. */
export const toPackUnits = (quantity: number, packQuantity: number): number => Math.floor(quantity / packQuantity);

// ---- channel availability --------------------------------------------------------------------------

/** One chosen iloc's term: what the stock holder has available there (holder units). */
export interface AvailabilityIloc {
  iloc_id: string;
  qty_available: number;
}
/**
 * The same term with what it comes from, on hand (good) − reserved: the GET's explanation, for a person.
 * The POST leaves the two out, which keeps a whole catalog's answer a fifth smaller.
 */
export interface AvailabilityIlocDetail extends AvailabilityIloc {
  qty_good: number;
  qty_reserved: number;
}
export interface AvailabilityInput<I extends AvailabilityIloc = AvailabilityIloc> {
  /** The stock holder's available quantity at each chosen iloc (holder units). */
  ilocs: I[];
  holder: { sku: string; type: string };
  /** Units per pack when the SKU is a PACK; 1 otherwise. */
  packQuantity: number;
  /** 0–100, at most 2 decimals: the share held back from the channel. */
  reservePercentage: number;
  maxListed: number | null;
}

export interface AvailabilityExplanation<I extends AvailabilityIloc = AvailabilityIloc> {
  ilocs: I[];
  pooled_available: number;
  holder: { sku: string; type: string };
  pack_quantity?: number;
  reserve_percentage: number;
  after_reserve: number;
  max_listed: number | null;
  after_max_listed: number;
  result: number;
}

/** One SKU's published figure and its explanation (POST /inventory/availability; the GET with AvailabilityIlocDetail). */
export interface ChannelAvailability<I extends AvailabilityIloc = AvailabilityIloc> {
  sku: string;
  quantity: number;
  explanation: AvailabilityExplanation<I>;
}

/**
 * The figure to publish to a channel, with every term: sum the holder's availability over the chosen
 * ilocs → hold back reserve_percentage (rounded down) → cap by max_listed → whole packs (rounded down).
 * Integer arithmetic on hundredths of a percent, so 33.33 % never suffers a float rounding surprise.
 */
export function explainAvailability<I extends AvailabilityIloc>(input: AvailabilityInput<I>): AvailabilityExplanation<I> {
  const pooled = input.ilocs.reduce((sum, i) => sum + Math.max(0, i.qty_available), 0);
  const keepHundredths = 10_000 - Math.round(input.reservePercentage * 100);
  const afterReserve = Math.floor((pooled * keepHundredths) / 10_000);
  const afterCap = input.maxListed === null ? afterReserve : Math.min(afterReserve, input.maxListed);
  const result = toPackUnits(afterCap, input.packQuantity);
  return {
    ilocs: input.ilocs,
    pooled_available: pooled,
    holder: input.holder,
    ...(input.packQuantity > 1 ? { pack_quantity: input.packQuantity } : {}),
    reserve_percentage: input.reservePercentage,
    after_reserve: afterReserve,
    max_listed: input.maxListed,
    after_max_listed: afterCap,
    result,
  };
}

// ---- Answers (the response contract; see responses.ts) ----

/** A stock holder's balance at an iloc after an adjustment, in holder units; `sku` is the holder's code. */
export const ZAdjustedBalance = z.object({
  sku: z.string(),
  sku_id: z.string(),
  iloc_id: z.string(),
  qty_available: z.number().int(),
  qty_good: z.number().int(),
  qty_hold: z.number().int(),
  qty_hurt: z.number().int(),
  qty_in_transit: z.number().int(),
  qty_reserved: z.number().int(),
  updated_at: ZTimestamp,
});
export type AdjustedBalanceDto = z.input<typeof ZAdjustedBalance>;

/** POST /inventory/adjustments: how many movements were written and the balances they left. */
export const ZAdjustmentResult = z.object({ movements: z.number().int(), balances: z.array(ZAdjustedBalance) });
export type AdjustmentResultDto = z.input<typeof ZAdjustmentResult>;

/** POST /inventory/import: the counts, and each refused row by its line in the file. */
export const ZInventoryImportReport = z.object({
  /** Rows that gave a SKU × iloc its first balance. */
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), sku: z.string(), message: z.string() })),
});
export type InventoryImportReportDto = z.input<typeof ZInventoryImportReport>;

export const ZAvailabilityIloc = z.object({ iloc_id: z.string(), qty_available: z.number() });
export const ZAvailabilityIlocDetail = ZAvailabilityIloc.extend({ qty_good: z.number(), qty_reserved: z.number() });

/** ChannelAvailability with the given iloc term: the slim one for the POST, the detailed one for the GET. */
export const channelAvailabilityOf = <I extends z.ZodType>(iloc: I) =>
  z.object({
    sku: z.string(),
    quantity: z.number(),
    explanation: z.object({
      ilocs: z.array(iloc),
      pooled_available: z.number(),
      holder: z.object({ sku: z.string(), type: z.string() }),
      /** Only for a PACK. */
      pack_quantity: z.number().optional(),
      reserve_percentage: z.number(),
      after_reserve: z.number(),
      max_listed: z.number().nullable(),
      after_max_listed: z.number(),
      result: z.number(),
    }),
  });
export const ZChannelAvailability = channelAvailabilityOf(ZAvailabilityIloc);
export const ZChannelAvailabilityDetail = channelAvailabilityOf(ZAvailabilityIlocDetail);
