import { z } from 'zod';
import { zDecimal } from './catalog';
import { defineLifecycle, type HeldPermissions } from './lifecycle';
import { ZDecimal, ZTimestamp } from './responses';

/**
 * Order words (docs/api-orders.md, spec 3, 4, 5 and 8): statuses, the lifecycle as a table, the import
 * codes, and the request bodies shared by the server and the web forms.
 */

/**
 * The order lifecycle, status → action → next status. `submit` sends a draft through the import pipeline;
 * `retry` re-runs it for an order in error (after a fix); `submit`, `retry` and `release` end in `open` when
 * the pipeline succeeds; the pipeline may turn them into `error` instead (the table names the hoped-for
 * status, the service records the one reached). `edit` is not a transition but is listed so the web shows
 * the edit button from allowed_actions. Closed orders allow nothing until reopened.
 */
export const orderLifecycle = defineLifecycle({
  draft: { submit: 'open', hold: 'on_hold', cancel: 'cancelled', clone: 'draft', edit: 'draft' },
  on_hold: { hold: 'on_hold', release: 'open', cancel: 'cancelled', clone: 'draft', edit: 'on_hold' },
  open: { hold: 'on_hold', close: 'closed', cancel: 'cancelled', 'mark-shipped': 'closed', clone: 'draft', edit: 'open' },
  closed: { reopen: 'open' },
  error: { retry: 'open', hold: 'on_hold', cancel: 'cancelled', clone: 'draft', edit: 'error' },
  cancelled: { clone: 'draft' },
}, { actions: ['submit', 'retry', 'hold', 'release', 'close', 'cancel', 'reopen', 'mark-shipped', 'clone', 'edit'] });
export const ORDER_STATUSES = orderLifecycle.statuses;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_ACTIONS = orderLifecycle.actions;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export const ORDER_TRANSITIONS = orderLifecycle.table;

export const ORDER_ACTION_PERMISSION: Readonly<Record<OrderAction, string>> = {
  submit: 'update-order',
  retry: 'update-order',
  hold: 'update-order',
  release: 'update-order',
  close: 'update-order',
  cancel: 'update-order',
  reopen: 'update-order',
  'mark-shipped': 'update-order',
  clone: 'create-order',
  edit: 'update-order',
};

/** Only an open order ships (a held, draft or error order waits; a closed one is reopened first). */
export const ORDER_SHIPPABLE_STATUSES: readonly OrderStatus[] = ['open'];
export const isOrderShippable = (status: string) => (ORDER_SHIPPABLE_STATUSES as readonly string[]).includes(status);

/** Orders still to be fulfilled: what their lines have neither allocated nor shipped counts as backordered. */
export const ORDER_BACKORDER_STATUSES: readonly OrderStatus[] = ['on_hold', 'open', 'error'];

/** Spec 4: bulk cancel leaves these alone. */
export const BULK_CANCEL_SKIPS: readonly OrderStatus[] = ['cancelled', 'closed', 'error'];

export const orderTransition = orderLifecycle.next;

export function orderAllowedActions(status: string, permissions: HeldPermissions): OrderAction[] {
  return orderLifecycle.permittedActions(status, permissions, ORDER_ACTION_PERMISSION);
}

/** Spec 8: why an import left an order in `error`. */
export const ORDER_ERROR_CODES = [
  'skus_empty', 'sku_not_found', 'skus_invalid', 'customer_incomplete', 'ship_method', 'ship_carrier',
  'multi_addresses', 'rule_general_error', 'ship_method_unassignable',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** How much of each line is reserved, waiting for stock, shipped. Derived from the lines after every change. */
export const FULFILLMENT_STATUSES = ['unallocated', 'backordered', 'partially_allocated', 'allocated', 'partially_shipped', 'shipped'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const ORDER_SHIP_METHODS = ['standard', 'expedited', 'express'] as const;
export const ORDER_CARRIERS = ['usps', 'ups', 'fedex', 'dhl', 'ontrac', 'other'] as const;

/** Spec 5: the tenant's order prefix is exactly three characters of the form XY-. */
export const ORDER_PREFIX_RE = /^[A-Z]{2}-$/;

/** Lines per order and orders per batch request. */
export const MAX_ORDER_LINES = 500;
export const MAX_BATCH_ORDERS = 1000;

/* ------------------------------------------------------------------ request bodies */

const noNul = (v: string) => !v.includes('\u0000');
const text = (max: number) => z.string().max(max).refine(noNul, 'The value contains an invalid character');
const optText = (max: number) => text(max).nullable().optional();

/**
 * An address as it arrives from a channel. Every field is optional here: an incomplete address is kept and
 * the order is put in error with customer_incomplete (spec 8), not refused.
 */
export const ZAddress = z
  .object({
    first_name: optText(100), last_name: optText(100), company: optText(200),
    address1: optText(200), address2: optText(200), city: optText(100), state: optText(100),
    zip: optText(20), country: optText(60), phone: optText(40), email: optText(254),
  })
  .strict();
export type TAddress = z.infer<typeof ZAddress>;

export const ZOrderCustomer = z
  .object({
    id: z.uuid({ message: 'Must be a valid id' }).optional(),
    first_name: optText(100), last_name: optText(100), email: optText(254), phone: optText(40), company: optText(200),
  })
  .strict();

export const ZMoneyAmount = zDecimal(2, 12, 'The amount');

/**
 * A line as it arrives. `sku` is free text on purpose: an unknown or malformed SKU is an import code
 * (sku_not_found, skus_invalid), kept on the order for the seller to fix, not a 422.
 */
export const ZOrderLineInput = z
  .object({
    sku: text(200),
    quantity: z.number().finite('The quantity must be a number'),
    price: ZMoneyAmount.optional(),
    discount: ZMoneyAmount.optional(),
    tax: ZMoneyAmount.optional(),
    name: optText(300),
    iloc_id: z.uuid({ message: 'Must be a valid id' }).nullable().optional(),
    /** A line shipped to another address than the order's: the spec's multi_addresses case. */
    shipping_address: ZAddress.nullable().optional(),
  })
  .strict();
export type TOrderLineInput = z.infer<typeof ZOrderLineInput>;

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date');
const ZDateTime = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time' });

export const ZOrderInput = z
  .object({
    external_id: text(200).nullable().optional(),
    channel: z.string().trim().min(1).max(60).refine(noNul).optional(),
    status: z.enum(['draft', 'open']).optional(),
    customer: ZOrderCustomer.nullable().optional(),
    billing_address: ZAddress.nullable().optional(),
    shipping_address: ZAddress.nullable().optional(),
    lines: z.array(ZOrderLineInput).max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO code').optional(),
    shipping: ZMoneyAmount.optional(),
    notes: optText(5000),
    metadata: z.record(z.string().max(100), z.unknown()).optional(),
    hold_until: ZDateTime.nullable().optional(),
    shipable_date: ZDate.nullable().optional(),
    deliver_by: ZDate.nullable().optional(),
    ship_method: optText(60),
    ship_carrier: optText(60),
  })
  .strict();
export type TOrderInput = z.infer<typeof ZOrderInput>;

export const ZOrderBatch = z
  .object({ orders: z.array(z.unknown()).min(1, 'Give at least one order').max(MAX_BATCH_ORDERS, `At most ${MAX_BATCH_ORDERS} orders per batch`) })
  .strict();

export const ZHoldInput = z.object({ hold_until: ZDateTime.nullable().optional() }).strict();
export const ZBulkIds = z.object({ ids: z.array(z.uuid({ message: 'Must be a valid id' })).min(1).max(10_000) }).strict();

/* ------------------------------------------------------------------ pure checks */

/** Spec 8 customer_incomplete: first name, address1, city, zip or country missing. */
export const REQUIRED_ADDRESS_FIELDS = ['first_name', 'address1', 'city', 'zip', 'country'] as const;

export function missingAddressFields(address: TAddress | null | undefined): string[] {
  return REQUIRED_ADDRESS_FIELDS.filter((f) => !address?.[f]?.trim());
}

/** Spec 5 SKU rules, applied to a line's SKU text (a bad one is skus_invalid, not a 422). */
export function isValidSkuText(sku: string): boolean {
  const t = sku.trim();
  return t.length > 0 && t.length <= 64 && !t.includes("'") && !/\s/.test(t);
}

// ---- Answers (the response contract; see responses.ts) ----

const nullableText = z.string().nullable();
const optionalNullableText = nullableText.optional();

/** An address as stored from what the channel sent: every field may be missing (spec 8 keeps incomplete ones). */
export const ZAddressView = z.object({
  first_name: optionalNullableText, last_name: optionalNullableText, company: optionalNullableText,
  address1: optionalNullableText, address2: optionalNullableText, city: optionalNullableText, state: optionalNullableText,
  zip: optionalNullableText, country: optionalNullableText, phone: optionalNullableText, email: optionalNullableText,
});

/** A row of the orders list: who it is for, where it goes, what it costs, what the caller may do with it. */
export const ZOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  channel: z.string(),
  external_id: nullableText,
  status: z.enum(ORDER_STATUSES),
  fulfillment_status: z.enum(FULFILLMENT_STATUSES),
  error_code: z.enum(ORDER_ERROR_CODES).nullable(),
  error_message: nullableText,
  /** From the order's customer, else its shipping address's contact. */
  customer: z.object({ first_name: nullableText, last_name: nullableText, email: nullableText }),
  ship_to: z.object({ city: nullableText, state: nullableText, country: nullableText }),
  currency: z.string(),
  total: ZDecimal,
  line_count: z.number().int(),
  unit_count: z.number().int(),
  hold_until: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderSummaryDto = z.input<typeof ZOrderSummary>;

/** Where a line's units are reserved (or were shipped from). */
export const ZOrderAllocation = z.object({
  iloc_id: z.string(),
  iloc_name: nullableText,
  quantity: z.number().int(),
  qty_shipped: z.number().int(),
});
export type OrderAllocationDto = z.input<typeof ZOrderAllocation>;

export const ZOrderLine = z.object({
  id: z.string(),
  line_no: z.number().int(),
  /** The catalog SKU's code when the line resolved to one, else the text as sent. */
  sku: z.string(),
  sku_text: z.string(),
  sku_id: nullableText,
  name: nullableText,
  quantity: z.number().int(),
  price: ZDecimal,
  discount: ZDecimal,
  tax: ZDecimal,
  total: ZDecimal,
  /** The iloc the channel asked for, if any. */
  iloc_id: nullableText,
  qty_allocated: z.number().int(),
  qty_backordered: z.number().int(),
  qty_shipped: z.number().int(),
  qty_returned: z.number().int(),
  allocations: z.array(ZOrderAllocation),
});
export type OrderLineDto = z.input<typeof ZOrderLine>;

/** One entry of an order's history (GET /orders/{id}/events, include=events). */
export const ZOrderEvent = z.object({
  id: z.string(),
  action: z.string(),
  from_status: nullableText,
  to_status: nullableText,
  /** Null for the system; the name is null once the user is gone. */
  user: z.object({ id: z.string(), name: nullableText }).nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: ZTimestamp,
});
export type OrderEventDto = z.input<typeof ZOrderEvent>;

/** include=shipments: the order's shipments, briefly (statuses as text: shipments.ts owns their words). */
export const ZOrderShipmentRef = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  iloc_id: z.string(),
  iloc_name: z.string(),
  carrier: nullableText,
  ship_method: nullableText,
  tracking: nullableText,
  ship_date: ZTimestamp.nullable(),
  created_at: ZTimestamp.nullable(),
  units: z.number().int(),
  boxes: z.number().int(),
});
export type OrderShipmentRefDto = z.input<typeof ZOrderShipmentRef>;

/** include=returns: the order's returns, briefly. */
export const ZOrderReturnRef = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  refund_status: z.string(),
  reason: nullableText,
  shipment_id: nullableText,
  created_at: ZTimestamp.nullable(),
  units: z.number().int(),
});
export type OrderReturnRefDto = z.input<typeof ZOrderReturnRef>;

/** One order with its lines; history, shipments and returns only when `include` names them. */
export const ZOrder = ZOrderSummary.extend({
  /** The customer as stored on the order, with the summary's names filled in. */
  customer: z.object({
    id: z.string().optional(), first_name: nullableText, last_name: nullableText, email: nullableText,
    phone: optionalNullableText, company: optionalNullableText,
  }),
  customer_id: nullableText,
  billing_address: ZAddressView.nullable(),
  shipping_address: ZAddressView.nullable(),
  notes: nullableText,
  metadata: z.record(z.string(), z.unknown()),
  /** YYYY-MM-DD. */
  shipable_date: nullableText,
  deliver_by: nullableText,
  ship_method: nullableText,
  ship_carrier: nullableText,
  subtotal: ZDecimal,
  discount_total: ZDecimal,
  tax_total: ZDecimal,
  shipping_total: ZDecimal,
  version: z.number().int(),
  closed_at: ZTimestamp.nullable(),
  cancelled_at: ZTimestamp.nullable(),
  lines: z.array(ZOrderLine),
  events: z.array(ZOrderEvent).optional(),
  shipments: z.array(ZOrderShipmentRef).optional(),
  returns: z.array(ZOrderReturnRef).optional(),
});
export type OrderDto = z.input<typeof ZOrder>;

/** POST /orders with a (channel, external id) already imported: 200 with the existing order. */
export const ZOrderDuplicate = z.object({ data: ZOrder, duplicate: z.literal(true) });

/** GET /orders/counts: orders per status tab, and all of them. */
export const ZOrderCounts = z.record(z.enum(['all', ...ORDER_STATUSES]), z.number().int());
export type OrderCountsDto = z.input<typeof ZOrderCounts>;

/**
 * One order of POST /orders/batch, by its index in the call: created (or found again: duplicate), refused by
 * the plan's allowance (status `refused`, no id), or invalid (only `errors`, by field). One flat object
 * rather than a union: a 1,000-order answer is encoded without trying alternatives.
 */
export const ZOrderBatchResult = z.object({
  index: z.number().int(),
  id: nullableText.optional(),
  number: nullableText.optional(),
  status: z.enum([...ORDER_STATUSES, 'refused']).optional(),
  error_code: z.enum([...ORDER_ERROR_CODES, 'plan_limit']).nullable().optional(),
  duplicate: z.boolean().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type OrderBatchResultDto = z.input<typeof ZOrderBatchResult>;

/** Bulk hold and release: each order on its own; the refused ones say why. */
export const ZBulkUpdateResult = z.object({
  updated: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), number: nullableText, reason: z.string() })),
});
export type BulkUpdateResultDto = z.input<typeof ZBulkUpdateResult>;
