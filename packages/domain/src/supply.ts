import { z } from 'zod';
import { SKU_STATUSES, zDecimal } from './catalog';
import { defineLifecycle, type HeldPermissions } from './lifecycle';
import { ZDecimal, ZTimestamp } from './responses';

/**
 * Supply-chain words (docs/api-supply-chain.md, spec 3, 4, 5): purchase orders, PO and transfer shipments
 * (ASNs) and transfers, as status tables the server applies and the web reads, plus the request bodies
 * both sides check.
 */

/* ------------------------------------------------------------------ purchase orders */

/**
 * Spec 4 flow: save (draft) → `confirm` (open: the buyer has checked it) → `submit` (sent: mailed to the
 * supplier) → the supplier `acknowledge`s quantities and dates (partially_confirmed or confirmed, the
 * service decides from the lines) → shipments (ASNs) → `complete`. `email` sends it again without changing
 * the status. `edit` is listed so the web shows the edit button from allowed_actions. `confirm` and
 * `submit` are refused (409) while a line's SKU was removed or discontinued.
 */
export const poLifecycle = defineLifecycle({
  draft: { confirm: 'open', cancel: 'cancelled', edit: 'draft' },
  open: { submit: 'sent', cancel: 'cancelled', edit: 'open' },
  sent: { acknowledge: 'confirmed', email: 'sent', complete: 'completed', cancel: 'cancelled', ship: 'sent' },
  partially_confirmed: { acknowledge: 'confirmed', email: 'partially_confirmed', complete: 'completed', cancel: 'cancelled', ship: 'partially_confirmed' },
  confirmed: { acknowledge: 'confirmed', email: 'confirmed', complete: 'completed', cancel: 'cancelled', ship: 'confirmed' },
  completed: {},
  cancelled: {},
  error: { confirm: 'open', cancel: 'cancelled', edit: 'error' },
}, { actions: ['confirm', 'submit', 'acknowledge', 'email', 'complete', 'cancel', 'edit', 'ship'] });
/** Spec 4, snake_case. */
export const PO_STATUSES = poLifecycle.statuses;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PO_ACTIONS = poLifecycle.actions;
export type PoAction = (typeof PO_ACTIONS)[number];
export const PO_TRANSITIONS = poLifecycle.table;

/**
 * `ship` is "create a shipment (ASN) for this PO". A supplier user holds update-purchase-order and
 * create-asn too, but the server lets a supplier use only `acknowledge` and `ship`, on its own POs.
 */
export const PO_ACTION_PERMISSION: Readonly<Record<PoAction, string>> = {
  confirm: 'update-purchase-order',
  submit: 'update-purchase-order',
  acknowledge: 'update-purchase-order',
  email: 'update-purchase-order',
  complete: 'update-purchase-order',
  cancel: 'update-purchase-order',
  edit: 'update-purchase-order',
  ship: 'create-asn',
};
export const SUPPLIER_PO_ACTIONS: readonly PoAction[] = ['acknowledge', 'ship'];
/** A supplier sees a PO once it was sent to it: these statuses, and `cancelled` when it had been sent. */
export const SUPPLIER_VISIBLE_PO_STATUSES: readonly PoStatus[] = ['sent', 'partially_confirmed', 'confirmed', 'completed'];
/** Sent to the supplier and not closed: shipments (ASNs) come in against it, and receiving them all completes it. */
export const PO_RECEIVING_STATUSES = poLifecycle.statusesAllowing('ship');
/** Closed for good (completed or cancelled): nothing more is ordered, expected or counted as open. */
export const PO_CLOSED_STATUSES = poLifecycle.terminal;

export const poTransition = poLifecycle.next;

export function poAllowedActions(status: string, permissions: HeldPermissions, role?: string | null): PoAction[] {
  return poLifecycle.permittedActions(status, permissions, PO_ACTION_PERMISSION).filter((a) => role !== 'supplier' || SUPPLIER_PO_ACTIONS.includes(a));
}

/* ------------------------------------------------------------------ transfers */

/**
 * `confirm` reserves the units at the source (error when the source cannot cover them, and `confirm`
 * retries); shipments take them out of the source and into transit at the destination; receiving the
 * last unit completes the transfer, or `complete` closes it with what arrived. `cancel` releases what is
 * still reserved and is refused while units are in transit.
 */
export const transferLifecycle = defineLifecycle({
  draft: { confirm: 'confirmed', cancel: 'cancelled', edit: 'draft' },
  confirmed: { complete: 'completed', cancel: 'cancelled', ship: 'confirmed' },
  completed: {},
  cancelled: {},
  error: { confirm: 'confirmed', cancel: 'cancelled', edit: 'error' },
}, { actions: ['confirm', 'complete', 'cancel', 'edit', 'ship'] });
export const TRANSFER_STATUSES = transferLifecycle.statuses;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_ACTIONS = transferLifecycle.actions;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];
export const TRANSFER_TRANSITIONS = transferLifecycle.table;

export const TRANSFER_ACTION_PERMISSION: Readonly<Record<TransferAction, string>> = {
  confirm: 'update-transfer',
  complete: 'update-transfer',
  cancel: 'update-transfer',
  edit: 'update-transfer',
  ship: 'create-asn',
};

export const transferTransition = transferLifecycle.next;

export function transferAllowedActions(status: string, permissions: HeldPermissions): TransferAction[] {
  return transferLifecycle.permittedActions(status, permissions, TRANSFER_ACTION_PERMISSION);
}

/* ------------------------------------------------------------------ PO and transfer shipments (ASN) */

/**
 * `ship` puts the units in transit at the destination (a transfer also takes them out of the source);
 * `arrive` records the truck at the dock; `receive {lines}` moves units from in transit into good, hold
 * or hurt — the table names the hoped-for status, the service records `processing` for a partial receipt
 * that stays open, `discrepancy` when a closed receipt differs from what was expected on any line, else
 * `complete`. A discrepancy can be received again (late units) and then completes when it matches.
 * `cancel` before shipping is final; cancelling in transit takes the units back out of transit.
 */
export const supplyShipmentLifecycle = defineLifecycle({
  draft: { ship: 'in_transit', cancel: 'cancelled', edit: 'draft' },
  awaiting_shipment: { ship: 'in_transit', cancel: 'cancelled', edit: 'awaiting_shipment' },
  in_transit: { arrive: 'arrived', receive: 'complete', cancel: 'cancelled' },
  arrived: { receive: 'complete' },
  processing: { receive: 'complete' },
  discrepancy: { receive: 'complete' },
  complete: {},
  routing: { cancel: 'cancelled' },
  cancelled: {},
  error: { cancel: 'cancelled' },
}, { actions: ['ship', 'arrive', 'receive', 'cancel', 'edit'] });
/** Spec 4 shipment-level PO statuses, snake_case; transfer shipments use the same set. */
export const SUPPLY_SHIPMENT_STATUSES = supplyShipmentLifecycle.statuses;
export type SupplyShipmentStatus = (typeof SUPPLY_SHIPMENT_STATUSES)[number];
export const SUPPLY_SHIPMENT_ACTIONS = supplyShipmentLifecycle.actions;
export type SupplyShipmentAction = (typeof SUPPLY_SHIPMENT_ACTIONS)[number];
export const SUPPLY_SHIPMENT_TRANSITIONS = supplyShipmentLifecycle.table;

/** Statuses whose units count as "in transit" at the destination. */
export const SUPPLY_SHIPMENT_OPEN_STATUSES: readonly SupplyShipmentStatus[] = ['in_transit', 'arrived', 'processing'];
/** Not shipped yet (nothing of theirs is in the ledger): closing their PO or transfer simply cancels them. */
export const SUPPLY_SHIPMENT_UNSHIPPED_STATUSES = supplyShipmentLifecycle.statusesAllowing('ship');

export const SUPPLY_SHIPMENT_ACTION_PERMISSION: Readonly<Record<SupplyShipmentAction, string>> = {
  ship: 'update-asn',
  arrive: 'update-asn',
  receive: 'update-asn',
  cancel: 'update-asn',
  edit: 'update-asn',
};

export const supplyShipmentTransition = supplyShipmentLifecycle.next;

export function supplyShipmentAllowedActions(status: string, permissions: HeldPermissions): SupplyShipmentAction[] {
  return supplyShipmentLifecycle.permittedActions(status, permissions, SUPPLY_SHIPMENT_ACTION_PERMISSION);
}

/** Rule hook points of spec 4 that supply shipments emit (the rules issue subscribes). */
export const SUPPLY_EVENTS = ['po_shipment.in_transit', 'po_shipment.complete'] as const;
export type SupplyEvent = (typeof SUPPLY_EVENTS)[number];

/* ------------------------------------------------------------------ request bodies */

const noNul = (v: string) => !v.includes('\u0000');
const NUL = 'The value contains an invalid character';
const optText = (max: number) =>
  z.string().trim().max(max).refine(noNul, NUL).nullable().optional().transform((v) => (v === '' ? null : v));
const ZId = z.uuid({ message: 'Must be a valid id' });
/** Spec 5: quantities are whole numbers greater than zero. */
export const ZSupplyQuantity = z
  .number({ message: 'The quantity must be a number' })
  .int('The quantity must be a whole number')
  .positive('The quantity must be greater than 0')
  .max(1_000_000_000, 'The quantity is too large');
const ZCount = z.number({ message: 'The quantity must be a number' }).int('The quantity must be a whole number').min(0, 'The quantity cannot be negative').max(1_000_000_000);
export const ZSupplyDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date');
const ZSkuText = z.string().trim().min(1, 'The SKU is required').max(200).refine(noNul, NUL).refine((v) => !v.includes("'"), 'The SKU cannot contain single quotes');
export const ZUnitCost = zDecimal(4, 10, 'The unit cost');
export const ZAmount = zDecimal(2, 12, 'The amount');

export const MAX_SUPPLY_LINES = 10_000;

export const ZPurchaseOrderLineInput = z
  .object({
    sku: ZSkuText,
    quantity: ZSupplyQuantity,
    unit_cost: ZUnitCost.optional(),
    /** Price after the supplier's discount; defaults to the unit cost. */
    net_price: ZUnitCost.optional(),
    /** Tax amount for the line. */
    tax: ZAmount.optional(),
  })
  .strict();

export const ZPurchaseOrderInput = z
  .object({
    supplier_id: ZId,
    iloc_id: ZId,
    estimated_delivery: ZSupplyDate.nullable().optional(),
    shipping_cost: ZAmount.optional(),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO code').optional(),
    payment_terms: optText(200),
    notes_to_warehouse: optText(2000),
    notes_to_supplier: optText(2000),
    lines: z.array(ZPurchaseOrderLineInput).min(1, 'A purchase order needs at least one SKU').max(MAX_SUPPLY_LINES),
  })
  .strict();
export type TPurchaseOrderInput = z.infer<typeof ZPurchaseOrderInput>;

/** The supplier confirms quantities and dates per line (spec 2 supplier menu; EDI 855 in spirit). */
export const ZPoAcknowledgeInput = z
  .object({
    lines: z
      .array(z.object({ line_id: ZId, confirmed_quantity: ZCount, confirmed_date: ZSupplyDate.nullable().optional() }).strict())
      .min(1, 'Confirm at least one line'),
  })
  .strict();

export const ZTransferInput = z
  .object({
    from_iloc_id: ZId,
    to_iloc_id: ZId,
    estimated_delivery: ZSupplyDate.nullable().optional(),
    notes: optText(2000),
    lines: z.array(z.object({ sku: ZSkuText, quantity: ZSupplyQuantity }).strict()).min(1, 'A transfer needs at least one SKU').max(MAX_SUPPLY_LINES),
  })
  .strict()
  .refine((t) => t.from_iloc_id !== t.to_iloc_id, { path: ['to_iloc_id'], message: 'The destination must differ from the source' });
export type TTransferInput = z.infer<typeof ZTransferInput>;

const ZBox = z
  .object({
    length: zDecimal(3, 9, 'The length').refine((v) => /[1-9]/.test(v), 'The length must be greater than 0'),
    width: zDecimal(3, 9, 'The width').refine((v) => /[1-9]/.test(v), 'The width must be greater than 0'),
    height: zDecimal(3, 9, 'The height').refine((v) => /[1-9]/.test(v), 'The height must be greater than 0'),
    weight: zDecimal(3, 9, 'The weight').refine((v) => /[1-9]/.test(v), 'The weight must be greater than 0'),
    /** Units of each shipment line in this box, by the line's position in `lines` (0-based). */
    contents: z.array(z.object({ line: z.number().int().min(0), quantity: ZSupplyQuantity }).strict()).default([]),
  })
  .strict();

/**
 * A PO or transfer shipment. `lines` name the PO line (or transfer line) and how many units this shipment
 * carries; ASN numbers are unique per tenant (spec 5), case-insensitively.
 */
export const ZSupplyShipmentInput = z
  .object({
    asn_number: z.string().trim().min(1, 'The ASN number is required').max(60).refine(noNul, NUL).refine((v) => !/\s/.test(v), 'The ASN number cannot contain spaces'),
    bol_number: optText(60),
    tracking_number: optText(100),
    carrier: optText(60),
    ship_date: ZSupplyDate.nullable().optional(),
    packing_template_id: ZId.nullable().optional(),
    lines: z.array(z.object({ line_id: ZId, quantity: ZSupplyQuantity }).strict()).min(1, 'A shipment needs at least one line').max(MAX_SUPPLY_LINES),
    boxes: z.array(ZBox).max(10_000).default([]),
  })
  .strict();
export type TSupplyShipmentInput = z.infer<typeof ZSupplyShipmentInput>;

/** Receiving: units per shipment line into good, hold or hurt; `close: false` keeps the receipt open. */
export const ZReceiveInput = z
  .object({
    lines: z
      .array(z.object({ line_id: ZId, good: ZCount.default(0), hold: ZCount.default(0), hurt: ZCount.default(0) }).strict())
      .min(1, 'Receive at least one line')
      .max(MAX_SUPPLY_LINES),
    close: z.boolean().default(true),
    note: optText(500),
  })
  .strict();
export type TReceiveInput = z.infer<typeof ZReceiveInput>;

/** Spec 3 mail configuration; the password is write-only (never answered). */
export const MAIL_ENCRYPTIONS = ['none', 'ssl', 'tls', 'starttls'] as const;
export const ZMailConfiguration = z
  .object({
    from_email: z.email({ message: 'Must be a valid e-mail address' }).max(254),
    from_name: optText(200),
    incoming_server: optText(200),
    outgoing_server: optText(200),
    encryption: z.enum(MAIL_ENCRYPTIONS).default('none'),
    host: z.string().trim().min(1, 'The host is required').max(253).refine(noNul, NUL),
    port: z.number().int().min(1).max(65535),
    username: optText(254),
    password: z.string().max(500).refine(noNul, NUL).nullable().optional(),
  })
  .strict();
export type TMailConfiguration = z.infer<typeof ZMailConfiguration>;

// ---- Answers (the response contract; see responses.ts) ----

/** `{ id, name }` of a joined row; the server answers the name as null when the join finds none. */
export const ZSupplyRef = z.object({ id: z.string(), name: z.string().nullable() });
export type SupplyRefDto = z.input<typeof ZSupplyRef>;

/** One entry of a PO's, a shipment's or a transfer's history (status_events), oldest first. */
export const ZSupplyEvent = z.object({
  id: z.string(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  user: ZSupplyRef.nullable(),
  /** What the action recorded beside the move (counts, a message): opaque JSON. */
  data: z.record(z.string(), z.unknown()),
  created_at: ZTimestamp.nullable(),
});
export type SupplyEventDto = z.input<typeof ZSupplyEvent>;

/* ---- purchase orders */

export const ZPoSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(PO_STATUSES),
  supplier: ZSupplyRef,
  iloc: ZSupplyRef,
  currency: z.string(),
  /** YYYY-MM-DD. */
  estimated_delivery: z.string().nullable(),
  total: ZDecimal,
  line_count: z.number().int(),
  qty_ordered: z.number().int(),
  qty_received: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  allowed_actions: z.array(z.enum(PO_ACTIONS)),
});
export type PoSummaryDto = z.input<typeof ZPoSummary>;

/** A line's SKU as it is now: its status, or `removed` once the SKU was deleted. */
export const PO_LINE_SKU_STATUSES = [...SKU_STATUSES, 'removed'] as const;

export const ZPoLine = z.object({
  id: z.string(),
  line_no: z.number().int(),
  sku_id: z.string().nullable(),
  sku: z.string(),
  name: z.string().nullable(),
  supplier_sku: z.string().nullable(),
  sku_status: z.enum(PO_LINE_SKU_STATUSES),
  quantity: z.number().int(),
  unit_cost: ZDecimal,
  net_price: ZDecimal,
  tax: ZDecimal,
  total: ZDecimal,
  confirmed_quantity: z.number().int().nullable(),
  confirmed_date: z.string().nullable(),
  qty_shipped: z.number().int(),
  qty_received: z.number().int(),
});
export type PoLineDto = z.input<typeof ZPoLine>;

/** A PO's shipment as its detail lists it. */
export const ZPoShipment = z.object({
  id: z.string(),
  asn_number: z.string(),
  status: z.enum(SUPPLY_SHIPMENT_STATUSES),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  ship_date: z.string().nullable(),
  qty_expected: z.number().int(),
  qty_received: z.number().int(),
  has_discrepancy: z.boolean(),
});
export type PoShipmentDto = z.input<typeof ZPoShipment>;

export const ZPurchaseOrder = ZPoSummary.extend({
  supplier: ZSupplyRef.extend({ email: z.string().nullable() }),
  shipping_cost: ZDecimal,
  payment_terms: z.string().nullable(),
  /** Left out of a supplier user's view: the buyer's internal notes. */
  notes_to_warehouse: z.string().nullable().optional(),
  notes_to_supplier: z.string().nullable(),
  subtotal: ZDecimal,
  tax_total: ZDecimal,
  error_message: z.string().nullable(),
  lines: z.array(ZPoLine),
  shipments: z.array(ZPoShipment),
  created_by: ZSupplyRef.nullable(),
  confirmed_at: ZTimestamp.nullable(),
  sent_at: ZTimestamp.nullable(),
  acknowledged_at: ZTimestamp.nullable(),
  completed_at: ZTimestamp.nullable(),
  cancelled_at: ZTimestamp.nullable(),
  /** With `include=events`. */
  events: z.array(ZSupplyEvent).optional(),
});
export type PurchaseOrderDto = z.input<typeof ZPurchaseOrder>;

/** `GET /purchase-orders/counts`: POs per status for the search, and `all`. */
export const ZPoCounts = z.record(z.enum(['all', ...PO_STATUSES]), z.number().int());
export type PoCountsDto = z.input<typeof ZPoCounts>;

/** `POST /purchase-orders/{id}/{action}`: the PO, and the e-mail job that `submit` and `email` queue. */
export const ZPoActionAnswer = z.object({ data: ZPurchaseOrder, email: z.object({ job_id: z.string() }).optional() });
export type PoActionAnswerDto = z.input<typeof ZPoActionAnswer>;

/* ---- PO and transfer shipments (ASNs) */

export const ZSupplyShipmentSummary = z.object({
  id: z.string(),
  kind: z.enum(['purchase_order', 'transfer']),
  asn_number: z.string(),
  status: z.enum(SUPPLY_SHIPMENT_STATUSES),
  purchase_order: z.object({ id: z.string(), number: z.string(), supplier: ZSupplyRef }).nullable(),
  transfer: z.object({ id: z.string(), number: z.string() }).nullable(),
  from_iloc: ZSupplyRef.nullable(),
  to_iloc: ZSupplyRef,
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  bol_number: z.string().nullable(),
  ship_date: z.string().nullable(),
  line_count: z.number().int(),
  qty_expected: z.number().int(),
  qty_received: z.number().int(),
  has_discrepancy: z.boolean(),
  created_at: ZTimestamp,
  allowed_actions: z.array(z.enum(SUPPLY_SHIPMENT_ACTIONS)),
});
export type SupplyShipmentSummaryDto = z.input<typeof ZSupplyShipmentSummary>;

export const ZSupplyShipmentLine = z.object({
  id: z.string(),
  line_no: z.number().int(),
  po_line_id: z.string().nullable(),
  transfer_line_id: z.string().nullable(),
  sku_id: z.string().nullable(),
  sku: z.string(),
  name: z.string().nullable(),
  qty_expected: z.number().int(),
  qty_good: z.number().int(),
  qty_hold: z.number().int(),
  qty_hurt: z.number().int(),
  qty_received: z.number().int(),
  /** received − expected; 0 when none. */
  discrepancy: z.number().int(),
});
export type SupplyShipmentLineDto = z.input<typeof ZSupplyShipmentLine>;

export const ZSupplyShipmentBox = z.object({
  box_no: z.number().int(),
  length: ZDecimal,
  width: ZDecimal,
  height: ZDecimal,
  weight: ZDecimal,
  contents: z.array(z.object({ line_no: z.number().int(), quantity: z.number().int() })),
});
export type SupplyShipmentBoxDto = z.input<typeof ZSupplyShipmentBox>;

export const ZSupplyShipment = ZSupplyShipmentSummary.extend({
  /** The template's name is kept on the shipment; its id is null once the template was deleted. */
  packing_template: z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable(),
  lines: z.array(ZSupplyShipmentLine),
  boxes: z.array(ZSupplyShipmentBox),
  shipped_at: ZTimestamp.nullable(),
  arrived_at: ZTimestamp.nullable(),
  received_at: ZTimestamp.nullable(),
  cancelled_at: ZTimestamp.nullable(),
  /** With `include=events`. */
  events: z.array(ZSupplyEvent).optional(),
});
export type SupplyShipmentDto = z.input<typeof ZSupplyShipment>;

/* ---- transfers */

export const ZTransferSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  from_iloc: ZSupplyRef,
  to_iloc: ZSupplyRef,
  estimated_delivery: z.string().nullable(),
  line_count: z.number().int(),
  qty_total: z.number().int(),
  qty_shipped: z.number().int(),
  qty_received: z.number().int(),
  error_message: z.string().nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  allowed_actions: z.array(z.enum(TRANSFER_ACTIONS)),
});
export type TransferSummaryDto = z.input<typeof ZTransferSummary>;

export const ZTransferLine = z.object({
  id: z.string(),
  line_no: z.number().int(),
  sku_id: z.string().nullable(),
  sku: z.string(),
  name: z.string().nullable(),
  quantity: z.number().int(),
  qty_reserved: z.number().int(),
  qty_shipped: z.number().int(),
  qty_received: z.number().int(),
});
export type TransferLineDto = z.input<typeof ZTransferLine>;

export const ZTransfer = ZTransferSummary.extend({
  notes: z.string().nullable(),
  lines: z.array(ZTransferLine),
  shipments: z.array(ZSupplyShipmentSummary),
  confirmed_at: ZTimestamp.nullable(),
  completed_at: ZTimestamp.nullable(),
  cancelled_at: ZTimestamp.nullable(),
  /** With `include=events`. */
  events: z.array(ZSupplyEvent).optional(),
});
export type TransferDto = z.input<typeof ZTransfer>;
