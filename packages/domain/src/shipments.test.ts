import { describe, expect, it } from 'vitest';
import {
  filledBoxes, refundTransition, returnAllowedActions, returnTransition, SHIPMENT_STATUSES, SHIPMENT_TRANSITIONS, shipmentAllowedActions,
  shipmentTransition, ZOrderReturnableLine, ZReturnCreate, ZReturnReceive, ZReturnRefund, ZShipmentCreate,
} from './shipments';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const box = (items: { line_id: string; quantity: number }[], dims: Partial<Record<'length' | 'width' | 'height' | 'weight', string | number>> = {}) => ({
  length: '10', width: '8', height: '4', weight: '1.5', ...dims, items,
});
const issues = (body: unknown) => {
  const r = ZShipmentCreate.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('shipment lifecycle table', () => {
  it('covers every status; cancel only before anything left, and it is final', () => {
    expect(Object.keys(SHIPMENT_TRANSITIONS).sort()).toEqual([...SHIPMENT_STATUSES].sort());
    for (const s of ['pending_shipment', 'assigned', 'unshipped', 'on_hold', 'backorder', 'routing', 'error']) expect(shipmentTransition(s, 'cancel')).toBe('cancelled');
    for (const s of ['shipped', 'partially_returned', 'returned', 'cancelled', 'canceling', 'in_transit']) expect(shipmentTransition(s, 'cancel')).toBeNull();
    expect(SHIPMENT_TRANSITIONS.cancelled).toEqual({});
  });

  it('retry from routing, processing, completed, in transit, discrepancy and error; return from shipped', () => {
    for (const s of ['routing', 'processing', 'completed', 'in_transit', 'discrepancy', 'error']) expect(shipmentTransition(s, 'retry')).toBe('routing');
    expect(shipmentTransition('shipped', 'retry')).toBeNull();
    expect(shipmentTransition('shipped', 'return')).toBe('partially_returned');
    expect(shipmentTransition('partially_returned', 'return')).toBe('partially_returned');
    expect(shipmentTransition('returned', 'return')).toBeNull();
    expect(shipmentTransition('constructor', 'cancel')).toBeNull();
  });

  it('allowed actions need every permission of the action', () => {
    expect(shipmentAllowedActions('shipped', ['update-shipment', 'create-returns'])).toEqual(['return']);
    expect(shipmentAllowedActions('shipped', ['update-shipment'])).toEqual([]);
    expect(shipmentAllowedActions('error', new Set(['update-shipment']))).toEqual(['cancel', 'retry']);
    expect(shipmentAllowedActions('error', new Set(['read-shipment']))).toEqual([]);
  });
});

describe('return and refund lifecycles', () => {
  it('open → approve → approved → receive; reject from open; refund after approval', () => {
    expect(returnTransition('open', 'approve')).toBe('approved');
    expect(returnTransition('open', 'reject')).toBe('rejected');
    expect(returnTransition('approved', 'receive')).toBe('complete');
    expect(returnTransition('open', 'receive')).toBeNull();
    expect(returnTransition('complete', 'reject')).toBeNull();
    expect(refundTransition('open', 'approve')).toBe('approved');
    expect(refundTransition('approved', 'refund')).toBe('complete');
    expect(refundTransition('complete', 'refund')).toBeNull();
    const all = ['update-returns'];
    expect(returnAllowedActions('open', 'open', all)).toEqual(['approve', 'reject']);
    expect(returnAllowedActions('approved', 'approved', all)).toEqual(['receive', 'refund']);
    expect(returnAllowedActions('complete', 'partial', all)).toEqual(['refund']);
    expect(returnAllowedActions('complete', 'complete', all)).toEqual([]);
    expect(returnAllowedActions('rejected', 'rejected', all)).toEqual([]);
    expect(returnAllowedActions('open', 'open', ['read-returns'])).toEqual([]);
  });
});

describe('spec 5: shipment bodies', () => {
  it('accepts boxes with items and drops nothing it needs', () => {
    const ok = ZShipmentCreate.parse({ boxes: [box([{ line_id: L1, quantity: 2 }]), box([], { length: 0 }), box([{ line_id: L1, quantity: 1 }])] });
    expect(filledBoxes(ok.boxes).map((b) => b.index)).toEqual([0, 2]);
  });

  it('needs boxes with items', () => {
    expect(issues({ boxes: [] })).toEqual({ boxes: 'A shipment needs at least one box with items' });
    expect(issues({ boxes: [box([])] })).toEqual({ boxes: 'A shipment needs at least one box with items' });
  });

  it('dimensions and weight above zero for a box with items; an empty box is not checked', () => {
    expect(issues({ boxes: [box([{ line_id: L1, quantity: 1 }], { weight: 0, height: '0.000' })] })).toEqual({
      'boxes.0.weight': 'Must be greater than zero', 'boxes.0.height': 'Must be greater than zero',
    });
    expect(issues({ boxes: [box([], { weight: 0 }), box([{ line_id: L1, quantity: 1 }])] })).toEqual({});
    expect(Object.keys(issues({ boxes: [box([{ line_id: L1, quantity: 1 }], { length: -1 })] }))).toEqual(['boxes.0.length']);
  });

  it('quantities are whole numbers above zero', () => {
    for (const quantity of [0, -1, 1.5, '2']) {
      expect(Object.keys(issues({ boxes: [box([{ line_id: L1, quantity: 1 }, { line_id: L2, quantity } as never])] }))).toEqual(['boxes.0.items.1.quantity']);
    }
  });

  it('assigned amounts must equal the boxed amounts; unassigned items must be handled', () => {
    const boxes = [box([{ line_id: L1, quantity: 2 }]), box([{ line_id: L1, quantity: 1 }, { line_id: L2, quantity: 1 }])];
    expect(issues({ lines: [{ line_id: L1, quantity: 3 }, { line_id: L2, quantity: 1 }], boxes })).toEqual({});
    expect(issues({ lines: [{ line_id: L1, quantity: 4 }, { line_id: L2, quantity: 1 }], boxes })).toEqual({
      'lines.0.quantity': 'The assigned quantity (4) must equal the quantity in boxes (3)',
    });
    expect(issues({ lines: [{ line_id: L1, quantity: 3 }], boxes })).toEqual({
      'boxes.1.items.1.line_id': 'This item is not assigned to the shipment: assign it or take it out of the box',
    });
  });

  it('is strict and refuses a line twice in one box', () => {
    expect(Object.keys(issues({ boxes: [box([{ line_id: L1, quantity: 1 }])], extra: 1 }))).toEqual(['']);
    expect(issues({ boxes: [box([{ line_id: L1, quantity: 1 }, { line_id: L1, quantity: 1 }])] })).toEqual({ 'boxes.0.items.1.line_id': 'The line is already in this box' });
  });
});

describe('return bodies', () => {
  it('create: at least one line, whole quantities, no line twice', () => {
    const order_id = L2;
    expect(ZReturnCreate.safeParse({ order_id, lines: [{ line_id: L1, quantity: 1, reason: 'damaged' }] }).success).toBe(true);
    expect(ZReturnCreate.safeParse({ order_id, lines: [] }).success).toBe(false);
    expect(ZReturnCreate.safeParse({ order_id, lines: [{ line_id: L1, quantity: 0 }] }).success).toBe(false);
    expect(ZReturnCreate.safeParse({ order_id, lines: [{ line_id: L1, quantity: 1 }, { line_id: L1, quantity: 1 }] }).success).toBe(false);
    expect(ZReturnCreate.safeParse({ order_id, lines: [{ line_id: L1, quantity: 1, reason: 'meh' }] }).success).toBe(false);
  });

  it('receive: each unit into a bucket, at least one unit per line', () => {
    const parsed = ZReturnReceive.parse({ iloc_id: L1, lines: [{ id: L2, hurt: 1 }] });
    expect(parsed.lines[0]).toEqual({ id: L2, good: 0, hold: 0, hurt: 1 });
    expect(ZReturnReceive.safeParse({ iloc_id: L1, lines: [{ id: L2 }] }).success).toBe(false);
    expect(ZReturnReceive.safeParse({ iloc_id: L1, lines: [{ id: L2, good: -1, hurt: 2 }] }).success).toBe(false);
  });

  it('refund: an optional positive amount', () => {
    expect(ZReturnRefund.parse({})).toEqual({});
    expect(ZReturnRefund.parse({ amount: '12.50' })).toEqual({ amount: '12.50' });
    expect(ZReturnRefund.safeParse({ amount: '0' }).success).toBe(false);
    expect(ZReturnRefund.safeParse({ amount: '1.234' }).success).toBe(false);
  });
});

describe('GET /orders/{id}/returnable answer', () => {
  const line = { line_id: L1, line_no: 1, sku: 'TEE-M', name: null, shipped: 3, returned: 1, returnable: 1 };
  it('is a line with whole unit counts; sku and name may be missing', () => {
    expect(ZOrderReturnableLine.parse(line)).toEqual(line);
    expect(ZOrderReturnableLine.parse({ ...line, sku: null })).toMatchObject({ sku: null });
    expect(ZOrderReturnableLine.safeParse({ ...line, returnable: 1.5 }).success).toBe(false);
    expect(ZOrderReturnableLine.safeParse({ ...line, shipped: undefined }).success).toBe(false);
  });
});
