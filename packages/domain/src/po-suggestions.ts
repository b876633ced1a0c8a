import { z } from 'zod';
import { MAX_PER_PAGE } from './list-query';
import { ZDecimal } from './responses';
import { MAX_SUPPLY_LINES, ZSupplyDate, ZSupplyQuantity, ZSupplyRef, ZUnitCost } from './supply';

/**
 * PO by SKUs (docs/api-supply-chain.md "Purchase orders"): how much to buy of each SKU at one iloc, from
 * its sales velocity over a window, the supplier's lead time and the days of cover wanted, less what is on
 * hand, in transit and already on order. Pure maths here so the server and the web agree to the unit.
 */

export const SUGGESTION_WINDOW_DEFAULT = 30;
export const SUGGESTION_COVER_DEFAULT = 30;

/** Units per day over the window, as the decimal string the API answers (3 decimals, half up). */
export function velocityOf(sold: number, windowDays: number): string {
  if (windowDays <= 0 || sold <= 0) return '0.000';
  // Integer arithmetic in thousandths: no binary rounding surprise such as 0.0005 → 0.000.
  const thousandths = Math.floor((sold * 1000 * 2 + windowDays) / (2 * windowDays));
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}

export interface SuggestionInput {
  sold: number;
  windowDays: number;
  leadTimeDays: number;
  coverDays: number;
  onHand: number;
  inTransit: number;
  onOrder: number;
  /** The supplier's minimum order quantity for the SKU, when it has one. */
  minQuantity?: number | null;
}

/**
 * suggested = max(0, ceil(velocity × (lead time + cover)) − on hand − in transit − on order), raised to
 * the supplier's minimum when anything is needed at all. The exact rational sold / window is used (not
 * the rounded velocity), so 10 units over 3 days covers 30 days as 100, not 99.99.
 */
export function suggestQuantity(i: SuggestionInput): number {
  const days = Math.max(0, i.leadTimeDays) + Math.max(0, i.coverDays);
  const demand = i.windowDays > 0 && i.sold > 0 ? Math.ceil((i.sold * days) / i.windowDays - 1e-9) : 0;
  const need = Math.max(0, demand - Math.max(0, i.onHand) - Math.max(0, i.inTransit) - Math.max(0, i.onOrder));
  if (need === 0) return 0;
  return i.minQuantity && i.minQuantity > need ? i.minQuantity : need;
}

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /purchase-orders/suggestions query (strings from the URL, coerced). */
export const ZPoSuggestionsQuery = z
  .object({
    iloc_id: z.uuid({ message: 'Choose an iloc' }),
    window_days: z.coerce.number().int('Use whole days').min(1, 'At least 1 day').max(365, 'At most 365 days').default(SUGGESTION_WINDOW_DEFAULT),
    cover_days: z.coerce.number().int('Use whole days').min(0, 'Cannot be negative').max(365, 'At most 365 days').default(SUGGESTION_COVER_DEFAULT),
    supplier_id: z.uuid({ message: 'Must be a valid id' }).optional(),
    search: z.string().trim().max(200).optional(),
    only_needed: boolText.default(true),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
  })
  .strict();
export type TPoSuggestionsQuery = z.infer<typeof ZPoSuggestionsQuery>;

/** POST /purchase-orders/by-skus: the edited suggestions; one draft PO per supplier. */
export const ZPoBySkusInput = z
  .object({
    iloc_id: z.uuid({ message: 'Choose an iloc' }),
    estimated_delivery: ZSupplyDate.nullable().optional(),
    lines: z
      .array(
        z
          .object({
            sku: z.string().trim().min(1, 'The SKU is required').max(200),
            supplier_id: z.uuid({ message: 'Choose a supplier' }),
            quantity: ZSupplyQuantity,
            unit_cost: ZUnitCost.optional(),
          })
          .strict(),
      )
      .min(1, 'Choose at least one SKU')
      .max(MAX_SUPPLY_LINES),
  })
  .strict();
export type TPoBySkusInput = z.infer<typeof ZPoBySkusInput>;

// ---- Answers (the response contract; see responses.ts) ----

/** One row of `GET /purchase-orders/suggestions`. */
export const ZPoSuggestion = z.object({
  sku_id: z.string(),
  sku: z.string(),
  name: z.string().nullable(),
  /** The SKU's preferred supplier, if any. */
  supplier: ZSupplyRef.nullable(),
  supplier_sku: z.string().nullable(),
  unit_cost: ZDecimal.nullable(),
  lead_time_days: z.number().int().nullable(),
  sold: z.number(),
  /** Units sold per day over the window, as velocityOf writes it. */
  velocity: z.string(),
  on_hand: z.number(),
  in_transit: z.number(),
  on_order: z.number(),
  suggested_quantity: z.number().int(),
});
export type PoSuggestionDto = z.input<typeof ZPoSuggestion>;
