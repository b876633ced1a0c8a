import { z } from 'zod';
import { zDecimal } from './catalog';
import { defineLifecycle, holdsPermission, type HeldPermissions } from './lifecycle';
import { ZDecimal, ZTimestamp } from './responses';

/**
 * Shipment and return words (docs/api-orders.md, spec 3, 4, 5 and 8): statuses, the lifecycles as tables,
 * the permission each action needs, and the request bodies shared by the server and the web forms.
 */

/* ------------------------------------------------------------------ shipments */

/**
 * The shipment lifecycle (spec 4 statuses, snake_case), status → action → next status. `cancel` stops a
 * shipment before anything left the building (final: spec 4 "cancelling a shipment is final"); `retry`
 * routes it again (spec 4: routing, processing, completed, in transit, discrepancy, and error); `return`
 * takes units of a shipped shipment back. A shipment created in house is `shipped` at once (its stock is
 * consumed in the same transaction). `return` names the hoped-for status: the service records `returned`
 * instead when the last shipped unit is back. Statuses with no entry allow nothing.
 */
export const shipmentLifecycle = defineLifecycle({
  pending_shipment: { cancel: 'cancelled' },
  assigned: { cancel: 'cancelled' },
  unshipped: { cancel: 'cancelled' },
  routing: { cancel: 'cancelled', retry: 'routing' },
  on_hold: { cancel: 'cancelled' },
  backorder: { cancel: 'cancelled' },
  error: { cancel: 'cancelled', retry: 'routing' },
  dropship: {},
  divided: {},
  shipped: { return: 'partially_returned' },
  partially_shipped: {},
  returned: {},
  partially_returned: { return: 'partially_returned' },
  canceling: {},
  cancelled: {},
  // Reported back by a warehouse connector for a routed shipment; spec 4 lets these be retried.
  processing: { retry: 'routing' },
  in_transit: { retry: 'routing' },
  completed: { retry: 'routing' },
  discrepancy: { retry: 'routing' },
}, { actions: ['cancel', 'retry', 'return'] });
export const SHIPMENT_STATUSES = shipmentLifecycle.statuses;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_ACTIONS = shipmentLifecycle.actions;
export type ShipmentAction = (typeof SHIPMENT_ACTIONS)[number];
export const SHIPMENT_TRANSITIONS = shipmentLifecycle.table;

/** The shipment left the building (units may have come back since): its tracking goes to the sales channel. */
export const SHIPMENT_SENT_STATUSES: readonly ShipmentStatus[] = ['shipped', 'partially_returned', 'returned'];

/** Every permission an action needs: a return from a shipment also creates a return (an RMA). */
export const SHIPMENT_ACTION_PERMISSIONS: Readonly<Record<ShipmentAction, readonly string[]>> = {
  cancel: ['update-shipment'],
  retry: ['update-shipment'],
  return: ['update-shipment', 'create-returns'],
};

/** Spec 8 messages of refused shipment actions. */
export const SHIPMENT_REFUSALS: Readonly<Record<ShipmentAction, string>> = {
  cancel: 'shipment cannot be cancelled now',
  retry: 'shipment cannot be retried now',
  return: 'shipment cannot be returned now',
};

export const shipmentTransition = shipmentLifecycle.next;

export function shipmentAllowedActions(status: string, permissions: HeldPermissions): ShipmentAction[] {
  return shipmentLifecycle.permittedActions(status, permissions, SHIPMENT_ACTION_PERMISSIONS);
}

/* ------------------------------------------------------------------ returns */

/**
 * The return lifecycle (spec 4 statuses), status → action → next status. A return is created `open` (or
 * `draft`, then `submit`). `receive` names the hoped-for status: the service records `processing` while
 * units are still to come, `complete` when every unit is back.
 */
export const returnLifecycle = defineLifecycle({
  draft: { submit: 'open', reject: 'rejected' },
  open: { approve: 'approved', reject: 'rejected' },
  approved: { receive: 'complete' },
  rejected: {},
  in_transit: { receive: 'complete' },
  processing: { receive: 'complete' },
  discrepancy: { receive: 'complete' },
  complete: {},
  error: { reject: 'rejected' },
  routing: {},
}, { actions: ['submit', 'approve', 'reject', 'receive'] });
export const RETURN_STATUSES = returnLifecycle.statuses;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_TRANSITIONS = returnLifecycle.table;
/** The actions that move the return's own status (refund moves the refund status). */
export type ReturnStatusAction = (typeof returnLifecycle.actions)[number];

/**
 * The refund lifecycle of a return (spec 4 refund statuses). Approving or rejecting the return approves or
 * rejects its refund; `refund` names the hoped-for status: `partial` while money is still owed, `complete`
 * when all of it is paid.
 */
export const refundLifecycle = defineLifecycle({
  open: { approve: 'approved', reject: 'rejected' },
  approved: { refund: 'complete' },
  rejected: {},
  partial: { refund: 'complete' },
  complete: {},
});
export const REFUND_STATUSES = refundLifecycle.statuses;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundAction = (typeof refundLifecycle.actions)[number];
export const REFUND_TRANSITIONS = refundLifecycle.table;

export const RETURN_ACTIONS = [...returnLifecycle.actions, 'refund'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** A refund is paid only on a return that was approved and not rejected since. */
export const REFUNDABLE_RETURN_STATUSES: readonly ReturnStatus[] = ['approved', 'in_transit', 'processing', 'discrepancy', 'complete'];

export const RETURN_ACTION_PERMISSION: Readonly<Record<ReturnAction, string>> = {
  submit: 'update-returns',
  approve: 'update-returns',
  reject: 'update-returns',
  receive: 'update-returns',
  refund: 'update-returns',
};

export const returnTransition = returnLifecycle.next;
export const refundTransition = refundLifecycle.next;

/** Whether `action` is allowed on a return in `status` with `refundStatus`, whatever the user's permissions. */
export function returnActionAllowed(status: string, refundStatus: string, action: ReturnAction): boolean {
  if (action === 'refund') return REFUNDABLE_RETURN_STATUSES.includes(status as ReturnStatus) && refundTransition(refundStatus, 'refund') !== null;
  return returnTransition(status, action) !== null;
}

export function returnAllowedActions(status: string, refundStatus: string, permissions: HeldPermissions): ReturnAction[] {
  return RETURN_ACTIONS.filter((a) => returnActionAllowed(status, refundStatus, a) && holdsPermission(permissions, RETURN_ACTION_PERMISSION[a]));
}

export const RETURN_REASONS = ['damaged', 'defective', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Where a received unit goes: sellable, set aside for inspection, or damaged (spec 3 inventory buckets). */
export const RECEIVE_BUCKETS = ['good', 'hold', 'hurt'] as const;
export type ReceiveBucket = (typeof RECEIVE_BUCKETS)[number];

/* ------------------------------------------------------------------ request bodies */

export const MAX_SHIPMENT_BOXES = 200;
export const MAX_BOX_ITEMS = 500;
export const MAX_UNITS = 1_000_000;

const noNul = (v: string) => !v.includes('\u0000');
const optText = (max: number) =>
  z.string().trim().max(max).refine(noNul, 'The value contains an invalid character').nullable().optional().transform((v) => (v === '' ? null : v));
const ZId = z.uuid({ message: 'Must be a valid id' });
const ZUnits = z
  .number({ message: 'The quantity must be a number' })
  .int('The quantity must be a whole number')
  .min(1, 'The quantity must be greater than zero')
  .max(MAX_UNITS);
/** A box measure as text or number; zero is accepted here and refused per box (an empty box may have none). */
const ZMeasure = zDecimal(3, 9);
const isPositive = (v: string) => /[1-9]/.test(v);

export const ZShipmentItem = z.object({ line_id: ZId, quantity: ZUnits }).strict();

export const ZShipmentBox = z
  .object({
    package_id: ZId.nullable().optional(),
    length: ZMeasure,
    width: ZMeasure,
    height: ZMeasure,
    weight: ZMeasure,
    tracking: optText(100),
    items: z.array(ZShipmentItem).max(MAX_BOX_ITEMS, `At most ${MAX_BOX_ITEMS} items per box`),
  })
  .strict();
export type TShipmentBox = z.infer<typeof ZShipmentBox>;

export const SHIPMENT_MESSAGES = {
  needsBoxes: 'A shipment needs at least one box with items',
  positive: 'Must be greater than zero',
  mismatch: (assigned: number, boxed: number) => `The assigned quantity (${assigned}) must equal the quantity in boxes (${boxed})`,
  unassigned: 'This item is not assigned to the shipment: assign it or take it out of the box',
  repeatedLine: 'The line is repeated',
  repeatedItem: 'The line is already in this box',
} as const;

const DIMENSIONS = ['length', 'width', 'height', 'weight'] as const;

/**
 * POST /orders/{id}/shipments. Spec 5: a shipment needs boxes; every box's dimensions and weight are above
 * zero; empty boxes are dropped (their paths still name the client's box numbers in errors); when the
 * assigned quantities per line are given (`lines`), each must equal the units of that line in the boxes,
 * and an item whose line is not assigned must be handled (assigned, or taken out of the box).
 */
export const ZShipmentCreate = z
  .object({
    iloc_id: ZId.nullable().optional(),
    package_id: ZId.nullable().optional(),
    carrier: optText(60),
    ship_method: optText(60),
    tracking: optText(100),
    notes: optText(5000),
    lines: z.array(z.object({ line_id: ZId, quantity: z.number().int('The quantity must be a whole number').min(0).max(MAX_UNITS) }).strict()).max(500).optional(),
    boxes: z.array(ZShipmentBox).max(MAX_SHIPMENT_BOXES, `At most ${MAX_SHIPMENT_BOXES} boxes`),
  })
  .strict()
  .superRefine((v, ctx) => {
    const filled = v.boxes.filter((b) => b.items.length > 0);
    if (filled.length === 0) ctx.addIssue({ code: 'custom', path: ['boxes'], message: SHIPMENT_MESSAGES.needsBoxes });
    const boxed = new Map<string, number>();
    v.boxes.forEach((box, b) => {
      if (box.items.length === 0) return;
      for (const d of DIMENSIONS) if (!isPositive(box[d])) ctx.addIssue({ code: 'custom', path: ['boxes', b, d], message: SHIPMENT_MESSAGES.positive });
      const inBox = new Set<string>();
      box.items.forEach((item, i) => {
        if (inBox.has(item.line_id)) ctx.addIssue({ code: 'custom', path: ['boxes', b, 'items', i, 'line_id'], message: SHIPMENT_MESSAGES.repeatedItem });
        inBox.add(item.line_id);
        boxed.set(item.line_id, (boxed.get(item.line_id) ?? 0) + item.quantity);
      });
    });
    if (!v.lines) return;
    const assigned = new Set<string>();
    v.lines.forEach((line, i) => {
      if (assigned.has(line.line_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'line_id'], message: SHIPMENT_MESSAGES.repeatedLine });
      assigned.add(line.line_id);
      const inBoxes = boxed.get(line.line_id) ?? 0;
      if (inBoxes !== line.quantity) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: SHIPMENT_MESSAGES.mismatch(line.quantity, inBoxes) });
    });
    v.boxes.forEach((box, b) =>
      box.items.forEach((item, i) => {
        if (!assigned.has(item.line_id)) ctx.addIssue({ code: 'custom', path: ['boxes', b, 'items', i, 'line_id'], message: SHIPMENT_MESSAGES.unassigned });
      }),
    );
  });
export type TShipmentCreate = z.infer<typeof ZShipmentCreate>;
/** The body as a client sends it (before defaults and transforms). */
export type TShipmentCreateInput = z.input<typeof ZShipmentCreate>;

/** The boxes that hold something, keeping each one's index in the request (for error paths). */
export function filledBoxes(boxes: TShipmentBox[]): { box: TShipmentBox; index: number }[] {
  return boxes.map((box, index) => ({ box, index })).filter(({ box }) => box.items.length > 0);
}

const ZReturnLine = z
  .object({ line_id: ZId, quantity: ZUnits, reason: z.enum(RETURN_REASONS).nullable().optional() })
  .strict();

const returnFields = {
  reason: z.enum(RETURN_REASONS).nullable().optional(),
  notes: optText(5000),
  status: z.enum(['draft', 'open']).optional(),
  lines: z.array(ZReturnLine).min(1, 'Choose at least one line to return').max(500),
};

function refineRepeatedLines(v: { lines: { line_id: string }[] }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  v.lines.forEach((l, i) => {
    if (seen.has(l.line_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'line_id'], message: SHIPMENT_MESSAGES.repeatedLine });
    seen.add(l.line_id);
  });
}

/** POST /returns: only shipped, not yet returned units (checked by the server). */
export const ZReturnCreate = z
  .object({ order_id: ZId, shipment_id: ZId.nullable().optional(), ...returnFields })
  .strict()
  .superRefine(refineRepeatedLines);
export type TReturnCreate = z.infer<typeof ZReturnCreate>;

/** POST /shipments/{id}/return: a return of units of that shipment. */
export const ZShipmentReturn = z.object(returnFields).strict().superRefine(refineRepeatedLines);
export type TShipmentReturn = z.infer<typeof ZShipmentReturn>;
export type TShipmentReturnInput = z.input<typeof ZShipmentReturn>;

const ZBucketUnits = z.number({ message: 'The quantity must be a number' }).int('The quantity must be a whole number').min(0, 'The quantity cannot be negative').max(MAX_UNITS);

/** POST /returns/{id}/receive: each unit of a return line into a bucket at one iloc. */
export const ZReturnReceive = z
  .object({
    iloc_id: ZId,
    lines: z
      .array(z.object({ id: ZId, good: ZBucketUnits.default(0), hold: ZBucketUnits.default(0), hurt: ZBucketUnits.default(0) }).strict())
      .min(1, 'Receive at least one line')
      .max(500),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      if (seen.has(l.id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'id'], message: SHIPMENT_MESSAGES.repeatedLine });
      seen.add(l.id);
      if (l.good + l.hold + l.hurt === 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'good'], message: 'Receive at least one unit of the line' });
    });
  });
export type TReturnReceive = z.infer<typeof ZReturnReceive>;
export type TReturnReceiveInput = z.input<typeof ZReturnReceive>;

/** POST /returns/{id}/refund: without an amount, what is still owed. */
export const ZReturnRefund = z
  .object({ amount: zDecimal(2, 12, 'The amount').refine(isPositive, 'The amount must be greater than zero').optional() })
  .strict();
export type TReturnRefund = z.infer<typeof ZReturnRefund>;

// ---- Answers (the response contract; see responses.ts) ----

/** A shipment in a list: its order, where it left from, how much it carried and what came back. */
export const ZShipmentSummary = z.object({
  id: z.string(),
  number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  iloc_id: z.string(),
  iloc_name: z.string().nullable(),
  package_id: z.string().nullable(),
  carrier: z.string().nullable(),
  ship_method: z.string().nullable(),
  tracking: z.string().nullable(),
  ship_date: ZTimestamp.nullable(),
  notes: z.string().nullable(),
  box_count: z.number().int(),
  unit_count: z.number().int(),
  qty_returned: z.number().int(),
  allowed_actions: z.array(z.enum(SHIPMENT_ACTIONS)),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type ShipmentSummaryDto = z.input<typeof ZShipmentSummary>;

export const ZShipmentBoxItem = z.object({
  id: z.string(),
  line_id: z.string(),
  line_no: z.number().int(),
  sku_id: z.string(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
  qty_returned: z.number().int(),
});

/** A box as shipped; its sizes and weight are decimals kept exact. */
export const ZShipmentBoxView = z.object({
  id: z.string(),
  box_no: z.number().int(),
  package_id: z.string().nullable(),
  length: ZDecimal,
  width: ZDecimal,
  height: ZDecimal,
  weight: ZDecimal,
  tracking: z.string().nullable(),
  items: z.array(ZShipmentBoxItem),
});
export type ShipmentBoxDto = z.input<typeof ZShipmentBoxView>;

/** Per order line: what this shipment carried, what came back, what may still be returned. */
export const ZShipmentLine = z.object({
  line_id: z.string(),
  line_no: z.number().int(),
  sku_id: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
  qty_returned: z.number().int(),
  qty_returnable: z.number().int(),
});
export type ShipmentLineDto = z.input<typeof ZShipmentLine>;

export const ZShipment = ZShipmentSummary.extend({ boxes: z.array(ZShipmentBoxView), lines: z.array(ZShipmentLine) });
export type ShipmentDto = z.input<typeof ZShipment>;

export const ZReturnLineView = z.object({
  id: z.string(),
  line_id: z.string(),
  line_no: z.number().int(),
  shipment_line_id: z.string().nullable(),
  sku_id: z.string(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS).nullable(),
  qty_good: z.number().int(),
  qty_hold: z.number().int(),
  qty_hurt: z.number().int(),
  qty_received: z.number().int(),
});
export type ReturnLineDto = z.input<typeof ZReturnLineView>;

/**
 * GET /orders/{id}/returnable: per order line, the units shipped (by shipments or "mark as shipped"), the units
 * received back, and the units a new return may still claim (shipped − units of returns that were not rejected).
 */
export const ZOrderReturnableLine = z.object({
  line_id: z.string(),
  line_no: z.number().int(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  shipped: z.number().int(),
  returned: z.number().int(),
  returnable: z.number().int(),
});
export type OrderReturnableLineDto = z.input<typeof ZOrderReturnableLine>;

export const ZReturnSummary = z.object({
  id: z.string(),
  number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  shipment_id: z.string().nullable(),
  shipment_number: z.string().nullable(),
  status: z.enum(RETURN_STATUSES),
  refund_status: z.enum(REFUND_STATUSES),
  reason: z.enum(RETURN_REASONS).nullable(),
  notes: z.string().nullable(),
  iloc_id: z.string().nullable(),
  iloc_name: z.string().nullable(),
  currency: z.string(),
  /** What the returned units cost the customer: each line's total per unit × the units returned. */
  refundable_amount: ZDecimal,
  /** Refunded so far. */
  refund_amount: ZDecimal,
  unit_count: z.number().int(),
  qty_received: z.number().int(),
  allowed_actions: z.array(z.enum(RETURN_ACTIONS)),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  received_at: ZTimestamp.nullable(),
});
export type ReturnSummaryDto = z.input<typeof ZReturnSummary>;

export const ZReturn = ZReturnSummary.extend({ lines: z.array(ZReturnLineView) });
export type ReturnDto = z.input<typeof ZReturn>;
