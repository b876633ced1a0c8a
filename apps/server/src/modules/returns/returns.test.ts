import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REFUND_STATUSES, refundTransition, RETURN_STATUSES, returnTransition, type ReturnStatusAction } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { balanceOf, box, code, makeIloc, makeSku, shipKit, type ShipKit } from '../shipments/shipments.fixtures';
import type { ShipmentDto } from '../shipments/shipments.read';
import type { ReturnDto } from './returns.read';

let k: ShipKit;
let ilocA = '';
let ilocB = '';
beforeAll(async () => {
  k = await shipKit();
  ilocA = await makeIloc(k.t, k.acmeId, code('A'));
  ilocB = await makeIloc(k.t, k.acmeId, code('B'));
});
afterAll(() => k.close());

type Page<T> = { data: T[]; total: number };
const MISSING = '00000000-0000-4000-8000-000000000000';
const TABLES = ['returns', 'return_lines', 'inventory_movements', 'inventory_balances', 'status_events', 'order_lines', 'shipments', 'shipment_lines'];
const snapshot = () => Promise.all(TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));
const post = <T = { data: ReturnDto }>(status: number, url: string, body?: object, who = k.acme) => k.ok<T>(status, 'POST', url, who, body);

/** An order of `quantity` units (price 10.00 each) shipped in one shipment of `boxes` boxes from iloc A. */
async function shipped(quantity = 3, options: { skuId?: string; stock?: number } = {}) {
  const skuId = options.skuId ?? (await makeSku(k.t, k.acmeId, { sku: code('RET') }));
  await k.stock(skuId, ilocA, options.stock ?? quantity);
  const order = await k.order([{ skuId, quantity, price: '10.00', allocations: [{ ilocId: ilocA, quantity }] }]);
  const lineId = order.lineIds[0]!;
  const half = Math.ceil(quantity / 2);
  const boxes = quantity > 1 ? [box([{ line_id: lineId, quantity: half }]), box([{ line_id: lineId, quantity: quantity - half }])] : [box([{ line_id: lineId, quantity }])];
  const shipment = (await post<{ data: ShipmentDto }>(201, `/orders/${order.id}/shipments`, { boxes })).data;
  return { skuId, order, lineId, shipment };
}

describe('a return from request to refund', () => {
  it('returns one unit as damaged: approved, received into hurt at the iloc through the ledger, then refunded', async () => {
    const { skuId, order, lineId, shipment } = await shipped(3);
    const before = await balanceOf(k.t, k.acmeId, skuId, ilocB);
    const created = (await post(201, '/returns', { order_id: order.id, shipment_id: shipment.id, reason: 'damaged', lines: [{ line_id: lineId, quantity: 1 }] })).data;
    expect(created).toMatchObject({
      number: `RMA-${order.number}-1`, order_id: order.id, order_number: order.number, shipment_id: shipment.id, shipment_number: shipment.number,
      status: 'open', refund_status: 'open', reason: 'damaged', refundable_amount: '10.00', refund_amount: '0.00', currency: 'USD', unit_count: 1,
      qty_received: 0, allowed_actions: ['approve', 'reject'],
    });
    expect(created.lines).toEqual([expect.objectContaining({ line_id: lineId, quantity: 1, reason: 'damaged', qty_hurt: 0, sku: expect.stringMatching(/^RET-/) })]);
    // the shipment now has 2 units left to return
    expect((await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${shipment.id}`, k.acme)).data.lines[0]).toMatchObject({ quantity: 3, qty_returnable: 2 });

    const approved = (await post(200, `/returns/${created.id}/approve`)).data;
    expect(approved).toMatchObject({ status: 'approved', refund_status: 'approved', allowed_actions: ['receive', 'refund'] });

    const received = (await post(200, `/returns/${created.id}/receive`, { iloc_id: ilocB, lines: [{ id: created.lines[0]!.id, hurt: 1 }] })).data;
    expect(received).toMatchObject({ status: 'complete', iloc_id: ilocB, qty_received: 1, allowed_actions: ['refund'] });
    expect(received.received_at).toEqual(expect.any(String));
    expect(received.lines[0]).toMatchObject({ qty_good: 0, qty_hold: 0, qty_hurt: 1, qty_received: 1 });
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocB)).toEqual({ ...before, hurt: before.hurt + 1 });
    const moves = await k.query(sql`SELECT reason, delta_good, delta_hold, delta_hurt, reference_type, iloc_id FROM inventory_movements WHERE reference_id = ${created.id}`);
    expect(moves).toEqual([{ reason: 'returned', delta_good: 0, delta_hold: 0, delta_hurt: 1, reference_type: 'return', iloc_id: ilocB }]);
    expect(await k.query(sql`SELECT qty_shipped, qty_returned FROM order_lines WHERE id = ${lineId}::uuid`)).toEqual([{ qty_shipped: 3, qty_returned: 1 }]);
    const after = (await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${shipment.id}`, k.acme)).data;
    expect(after).toMatchObject({ status: 'partially_returned', qty_returned: 1, allowed_actions: ['return'] });
    expect(after.boxes[0]!.items[0]!.qty_returned).toBe(1);

    const partial = (await post(200, `/returns/${created.id}/refund`, { amount: '4.50' })).data;
    expect(partial).toMatchObject({ refund_status: 'partial', refund_amount: '4.50', allowed_actions: ['refund'] });
    const tooMuch = await k.api('POST', `/returns/${created.id}/refund`, k.acme, { amount: '6.00' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: ['At most 5.50 can still be refunded'] });
    const done = (await post(200, `/returns/${created.id}/refund`, {})).data;
    expect(done).toMatchObject({ refund_status: 'complete', refund_amount: '10.00', allowed_actions: [] });

    const events = await k.query(sql`SELECT action, from_status, to_status FROM status_events WHERE subject_id = ${created.id}::uuid ORDER BY id`);
    expect(events).toEqual([
      { action: 'create', from_status: null, to_status: 'open' },
      { action: 'approve', from_status: 'open', to_status: 'approved' },
      { action: 'approve', from_status: 'open', to_status: 'approved' },
      { action: 'receive', from_status: 'approved', to_status: 'complete' },
      { action: 'refund', from_status: 'approved', to_status: 'partial' },
      { action: 'refund', from_status: 'partial', to_status: 'complete' },
    ]);
    expect((await k.ok<Page<ReturnDto>>(200, 'GET', `/returns?search=order_id:${order.id}`, k.acme)).data.map((r) => r.id)).toEqual([created.id]);
  });

  it('receives in two steps (processing, then complete); the last unit back makes the shipment returned', async () => {
    const { skuId, order, lineId, shipment } = await shipped(2);
    const ret = (await post(201, `/shipments/${shipment.id}/return`, { reason: 'no_longer_needed', lines: [{ line_id: lineId, quantity: 2 }] })).data;
    expect(ret).toMatchObject({ number: `RMA-${order.number}-1`, shipment_id: shipment.id, unit_count: 2 });
    await post(200, `/returns/${ret.id}/approve`);
    const id = ret.lines[0]!.id;
    const first = (await post(200, `/returns/${ret.id}/receive`, { iloc_id: ilocA, lines: [{ id, good: 1 }] })).data;
    expect(first).toMatchObject({ status: 'processing', qty_received: 1, allowed_actions: ['receive', 'refund'] });
    expect((await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${shipment.id}`, k.acme)).data.status).toBe('partially_returned');

    const before = await snapshot();
    const over = await k.api('POST', `/returns/${ret.id}/receive`, k.acme, { iloc_id: ilocA, lines: [{ id, good: 1, hold: 1 }] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ 'lines.0.good': ['Only 1 units of this line are still to be received'] });
    for (const [body, field] of [
      [{ iloc_id: MISSING, lines: [{ id, good: 1 }] }, 'iloc_id'],
      [{ iloc_id: ilocA, lines: [{ id: MISSING, good: 1 }] }, 'lines.0.id'],
      [{ iloc_id: ilocA, lines: [{ id }] }, 'lines.0.good'],
      [{ iloc_id: ilocA, lines: [{ id, good: -1, hold: 2 }] }, 'lines.0.good'],
      [{ iloc_id: ilocA, lines: [] }, 'lines'],
    ] as const) {
      const res = await k.api('POST', `/returns/${ret.id}/receive`, k.acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await snapshot()).toEqual(before);

    const second = (await post(200, `/returns/${ret.id}/receive`, { iloc_id: ilocA, lines: [{ id, hold: 1 }] })).data;
    expect(second).toMatchObject({ status: 'complete', qty_received: 2 });
    expect(second.lines[0]).toMatchObject({ qty_good: 1, qty_hold: 1, qty_hurt: 0 });
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 1, hold: 1, reserved: 0 });
    const s = (await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${shipment.id}`, k.acme)).data;
    expect(s).toMatchObject({ status: 'returned', qty_returned: 2, allowed_actions: [] });
    expect(s.boxes.map((b) => b.items[0]!.qty_returned)).toEqual([1, 1]);
    const refused = await k.api('POST', `/shipments/${shipment.id}/return`, k.acme, { lines: [{ line_id: lineId, quantity: 1 }] });
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'returned', action: 'return' });
  });

  it('two returns of one shipment received at once: both land, the shipment ends returned', async () => {
    const { lineId, shipment } = await shipped(2);
    const rets = [];
    for (let i = 0; i < 2; i++) {
      const r = (await post(201, `/shipments/${shipment.id}/return`, { lines: [{ line_id: lineId, quantity: 1 }] })).data;
      await post(200, `/returns/${r.id}/approve`);
      rets.push(r);
    }
    const res = await Promise.all(rets.map((r) => k.api('POST', `/returns/${r.id}/receive`, k.acme, { iloc_id: ilocA, lines: [{ id: r.lines[0]!.id, good: 1 }] })));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    const s = (await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${shipment.id}`, k.acme)).data;
    expect(s).toMatchObject({ status: 'returned', qty_returned: 2 });
  });

  it('a PACK comes back as its base units', async () => {
    const base = await makeSku(k.t, k.acmeId, { sku: code('BASE') });
    const pack = await makeSku(k.t, k.acmeId, { sku: code('SIX'), packOf: { skuId: base, quantity: 6 } });
    await k.stock(base, ilocA, 12);
    const order = await k.order([{ skuId: pack, quantity: 2, allocations: [{ ilocId: ilocA, quantity: 2 }] }]);
    const shipment = (await post<{ data: ShipmentDto }>(201, `/orders/${order.id}/shipments`, { boxes: [box([{ line_id: order.lineIds[0]!, quantity: 2 }])] })).data;
    expect(await balanceOf(k.t, k.acmeId, base, ilocA)).toMatchObject({ good: 0 });
    const ret = (await post(201, `/shipments/${shipment.id}/return`, { lines: [{ line_id: order.lineIds[0]!, quantity: 1, reason: 'defective' }] })).data;
    expect(ret.lines[0]!.sku_id).toBe(pack);
    // the lines' common reason is the return's
    expect(ret).toMatchObject({ reason: 'defective', lines: [expect.objectContaining({ reason: 'defective' })] });
    await post(200, `/returns/${ret.id}/approve`);
    await post(200, `/returns/${ret.id}/receive`, { iloc_id: ilocA, lines: [{ id: ret.lines[0]!.id, good: 1 }] });
    expect(await balanceOf(k.t, k.acmeId, base, ilocA)).toMatchObject({ good: 6 });
  });
});

describe('POST /returns: only shipped, not yet returned units', () => {
  it('claims: a second return gets what is left; a rejected return frees its units', async () => {
    const { order, lineId, shipment } = await shipped(3);
    const first = (await post(201, '/returns', { order_id: order.id, lines: [{ line_id: lineId, quantity: 2 }] })).data;
    expect(first.shipment_id).toBeNull();
    const before = await snapshot();
    const over = await k.api('POST', '/returns', k.acme, { order_id: order.id, shipment_id: shipment.id, lines: [{ line_id: lineId, quantity: 2 }] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ 'lines.0.quantity': ['Only 1 shipped units of this line can still be returned'] });
    expect(await snapshot()).toEqual(before);
    const second = (await post(201, '/returns', { order_id: order.id, shipment_id: shipment.id, lines: [{ line_id: lineId, quantity: 1 }] })).data;
    expect(second.number).toBe(`RMA-${order.number}-2`);
    expect((await k.api('POST', '/returns', k.acme, { order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }] })).json().errors)
      .toEqual({ 'lines.0.quantity': ['No shipped unit of this line is left to return'] });
    expect((await post(200, `/returns/${first.id}/reject`)).data).toMatchObject({ status: 'rejected', refund_status: 'rejected', allowed_actions: [] });
    await post(201, '/returns', { order_id: order.id, lines: [{ line_id: lineId, quantity: 2 }] });
  });

  it('refuses what is not of the order or not shipped, with field errors and nothing written', async () => {
    const { order, lineId, shipment } = await shipped(1);
    const other = await shipped(1);
    const skuId = await makeSku(k.t, k.acmeId, { sku: code('UNSHIPPED') });
    await k.stock(skuId, ilocA, 1);
    const unshipped = await k.order([{ skuId, quantity: 1, allocations: [{ ilocId: ilocA, quantity: 1 }] }]);
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ order_id: MISSING, lines: [{ line_id: lineId, quantity: 1 }] }, 'order_id'],
      [{ order_id: order.id, shipment_id: other.shipment.id, lines: [{ line_id: lineId, quantity: 1 }] }, 'shipment_id'],
      [{ order_id: order.id, lines: [{ line_id: other.lineId, quantity: 1 }] }, 'lines.0.line_id'],
      [{ order_id: unshipped.id, lines: [{ line_id: unshipped.lineIds[0]!, quantity: 1 }] }, 'lines.0.quantity'],
      [{ order_id: order.id, lines: [] }, 'lines'],
      [{ order_id: order.id, lines: [{ line_id: lineId, quantity: 0 }] }, 'lines.0.quantity'],
      [{ order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }, { line_id: lineId, quantity: 1 }] }, 'lines.1.line_id'],
      [{ order_id: order.id, lines: [{ line_id: lineId, quantity: 1, reason: 'bored' }] }, 'lines.0.reason'],
      [{ order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }], refund: true }, 'refund'],
    ];
    for (const [body, field] of cases) {
      const res = await k.api('POST', '/returns', k.acme, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().errors, field).toHaveProperty([field]);
    }
    await k.query(sql`UPDATE shipments SET status = 'cancelled' WHERE id = ${shipment.id}::uuid`);
    const cancelled = await k.api('POST', '/returns', k.acme, { order_id: order.id, shipment_id: shipment.id, lines: [{ line_id: lineId, quantity: 1 }] });
    expect(cancelled.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'cancelled', action: 'return', message: 'shipment cannot be returned now' });
    await k.query(sql`UPDATE shipments SET status = 'shipped' WHERE id = ${shipment.id}::uuid`);
    expect(await snapshot()).toEqual(before);
  });

  it('a draft return is submitted, then open', async () => {
    const { order, lineId } = await shipped(1);
    const draft = (await post(201, '/returns', { order_id: order.id, status: 'draft', lines: [{ line_id: lineId, quantity: 1 }] })).data;
    expect(draft).toMatchObject({ status: 'draft', allowed_actions: ['submit', 'reject'] });
    expect((await post(200, `/returns/${draft.id}/submit`)).data).toMatchObject({ status: 'open', refund_status: 'open' });
  });
});

describe('returns of units closed by "Mark as shipped" (GET /orders/{id}/returnable)', () => {
  type Returnable = { line_id: string; line_no: number; sku: string | null; name: string | null; shipped: number; returned: number; returnable: number };
  const returnable = async (orderId: string, who = k.acme) => (await k.ok<{ data: Returnable[] }>(200, 'GET', `/orders/${orderId}/returnable`, who)).data;

  /** An open order of two lines (3 and 1 units), reserved at iloc A. */
  async function openOrder() {
    const skus = [await makeSku(k.t, k.acmeId, { sku: code('MS') }), await makeSku(k.t, k.acmeId, { sku: code('MS') })];
    await k.stock(skus[0]!, ilocA, 3);
    await k.stock(skus[1]!, ilocA, 1);
    return k.order([
      { skuId: skus[0]!, quantity: 3, allocations: [{ ilocId: ilocA, quantity: 3 }] },
      { skuId: skus[1]!, quantity: 1, allocations: [{ ilocId: ilocA, quantity: 1 }] },
    ]);
  }

  it('an order marked as shipped is returned without a shipment; the returnable count goes down, and up when a return is rejected', async () => {
    const order = await openOrder();
    const [l1, l2] = order.lineIds as [string, string];
    expect((await returnable(order.id)).map((l) => l.returnable)).toEqual([0, 0]);
    await k.ok(200, 'POST', `/orders/${order.id}/mark-shipped`, k.acme);
    expect(await returnable(order.id)).toEqual([
      { line_id: l1, line_no: 1, sku: expect.stringMatching(/^MS-/), name: expect.any(String), shipped: 3, returned: 0, returnable: 3 },
      { line_id: l2, line_no: 2, sku: expect.stringMatching(/^MS-/), name: expect.any(String), shipped: 1, returned: 0, returnable: 1 },
    ]);

    const first = (await post(201, '/returns', { order_id: order.id, reason: 'wrong_item', lines: [{ line_id: l1, quantity: 2 }] })).data;
    expect(first).toMatchObject({ number: `RMA-${order.number}-1`, shipment_id: null, status: 'open', unit_count: 2, reason: 'wrong_item' });
    expect((await returnable(order.id)).map((l) => l.returnable)).toEqual([1, 1]);
    const second = (await post(201, '/returns', { order_id: order.id, lines: [{ line_id: l1, quantity: 1 }, { line_id: l2, quantity: 1, reason: 'damaged' }] })).data;
    expect(second.lines.map((l) => [l.line_id, l.quantity, l.reason])).toEqual([[l1, 1, null], [l2, 1, 'damaged']]);
    expect((await returnable(order.id)).map((l) => l.returnable)).toEqual([0, 0]);

    // approved and received: the unit counts as returned and stays claimed
    await post(200, `/returns/${second.id}/approve`);
    await post(200, `/returns/${second.id}/receive`, { iloc_id: ilocA, lines: second.lines.map((l) => ({ id: l.id, good: 1 })) });
    expect((await returnable(order.id)).map((l) => [l.returned, l.returnable])).toEqual([[1, 0], [1, 0]]);
    await post(200, `/returns/${first.id}/reject`);
    expect((await returnable(order.id)).map((l) => l.returnable)).toEqual([2, 0]);
  });

  it('asking for more than is returnable: 422 at the line, nothing written', async () => {
    const order = await openOrder();
    const [l1, l2] = order.lineIds as [string, string];
    await k.ok(200, 'POST', `/orders/${order.id}/mark-shipped`, k.acme);
    await post(201, '/returns', { order_id: order.id, lines: [{ line_id: l1, quantity: 1 }] });
    const before = await snapshot();
    const over = await k.api('POST', '/returns', k.acme, { order_id: order.id, lines: [{ line_id: l2, quantity: 1 }, { line_id: l1, quantity: 3 }] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ 'lines.1.quantity': ['Only 2 shipped units of this line can still be returned'] });
    expect(await snapshot()).toEqual(before);
    expect((await returnable(order.id)).map((l) => l.returnable)).toEqual([2, 1]);
  });

  it("another company's order and a bad id are not found; it needs create-returns", async () => {
    const order = await openOrder();
    await k.ok(200, 'POST', `/orders/${order.id}/mark-shipped`, k.acme);
    const stolen = await k.api('GET', `/orders/${order.id}/returnable`, k.globex);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual((await k.api('GET', `/orders/${MISSING}/returnable`, k.globex)).json());
    expect(stolen.json()).toMatchObject({ message: 'Order not found' });
    const bad = await k.api('GET', '/orders/not-an-id/returnable', k.acme);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ message: 'Order not found' });
    const readOnly = await k.userWith(['read-returns', 'read-order']);
    expect((await k.api('GET', `/orders/${order.id}/returnable`, readOnly)).statusCode).toBe(403);
    expect((await returnable(order.id, await k.userWith(['create-returns']))).map((l) => l.returnable)).toEqual([3, 1]);
  });
});

describe('lifecycle tables', () => {
  /** A return of 2 units in the given statuses, written directly. */
  async function returnIn(status: string, refundStatus: string) {
    const { order, lineId } = await shipped(2);
    const ret = (await post(201, '/returns', { order_id: order.id, lines: [{ line_id: lineId, quantity: 2 }] })).data;
    await k.query(sql`UPDATE returns SET status = ${status}, refund_status = ${refundStatus} WHERE id = ${ret.id}::uuid`);
    return ret;
  }
  const STATUS_ACTIONS: ReturnStatusAction[] = ['submit', 'approve', 'reject', 'receive'];

  it.each(RETURN_STATUSES.map((s) => [s]))('from %s every status action follows the table', async (status) => {
    for (const action of STATUS_ACTIONS) {
      const ret = await returnIn(status, 'open');
      const next = returnTransition(status, action);
      const body = action === 'receive' ? { iloc_id: ilocA, lines: [{ id: ret.lines[0]!.id, good: 1 }] } : undefined;
      const res = await k.api('POST', `/returns/${ret.id}/${action}`, k.acme, body);
      if (!next) {
        expect(res.statusCode, `${status} ${action}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: status, action });
      } else {
        expect(res.statusCode, `${status} ${action}: ${res.body}`).toBe(200);
        expect(res.json().data.status).toBe(action === 'receive' ? 'processing' : next);
      }
    }
  });

  it.each(REFUND_STATUSES.map((s) => [s]))('refund from refund status %s follows the table (on an approved return)', async (refundStatus) => {
    const ret = await returnIn('approved', refundStatus);
    const res = await k.api('POST', `/returns/${ret.id}/refund`, k.acme, { amount: '1.00' });
    if (refundTransition(refundStatus, 'refund')) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ refund_status: 'partial', refund_amount: '1.00' });
    } else {
      expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: refundStatus, action: 'refund' });
    }
  });

  it('no refund before approval nor after rejection', async () => {
    for (const status of ['draft', 'open', 'rejected']) {
      const ret = await returnIn(status, 'approved');
      expect((await k.api('POST', `/returns/${ret.id}/refund`, k.acme)).json()).toMatchObject({ code: 'INVALID_TRANSITION', from: status, action: 'refund' });
    }
  });

  it('two concurrent approvals: one wins', async () => {
    const ret = await returnIn('open', 'open');
    const res = await Promise.all([1, 2].map(() => k.api('POST', `/returns/${ret.id}/approve`, k.acme)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('GET /returns', () => {
  it('pages, filters by status and searches by number', async () => {
    const { order, lineId } = await shipped(1);
    const ret = (await post(201, '/returns', { order_id: order.id, reason: 'wrong_item', lines: [{ line_id: lineId, quantity: 1 }] })).data;
    expect((await k.ok<Page<ReturnDto>>(200, 'GET', `/returns?search=number:${ret.number}`, k.acme)).data.map((r) => r.id)).toEqual([ret.id]);
    expect((await k.ok<Page<ReturnDto>>(200, 'GET', `/returns?search=${order.number}`, k.acme)).total).toBe(1);
    const open = await k.ok<Page<ReturnDto>>(200, 'GET', '/returns?search=status:open&per_page=500', k.acme);
    expect(open.data.every((r) => r.status === 'open')).toBe(true);
    expect(open.data[0]).not.toHaveProperty('lines');
    expect((await k.ok<Page<ReturnDto>>(200, 'GET', '/returns?search=reason:wrong_item', k.acme)).data.map((r) => r.id)).toContain(ret.id);
    expect((await k.api('GET', '/returns?order_by=tenant_id', k.acme)).statusCode).toBe(422);
  });
});

describe('tenancy and permissions', () => {
  it("Globex gets 404 for Acme's returns and cannot return Acme's orders; nothing written", async () => {
    const { order, lineId } = await shipped(1);
    const ret = (await post(201, '/returns', { order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }] })).data;
    const before = await snapshot();
    const calls: [string, string, object?][] = [
      ['GET', `/returns/${ret.id}`], ['POST', `/returns/${ret.id}/approve`], ['POST', `/returns/${ret.id}/reject`], ['POST', `/returns/${ret.id}/submit`],
      ['POST', `/returns/${ret.id}/receive`, { iloc_id: ilocA, lines: [{ id: ret.lines[0]!.id, good: 1 }] }], ['POST', `/returns/${ret.id}/refund`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await k.api(method as 'GET', url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual((await k.api(method as 'GET', url.replace(ret.id, MISSING), k.globex, payload)).json());
    }
    const stolen = await k.api('POST', '/returns', k.globex, { order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({ order_id: ['The order does not exist'] });
    expect((await k.ok<Page<ReturnDto>>(200, 'GET', '/returns?per_page=500', k.globex)).data.map((r) => r.id)).not.toContain(ret.id);
    expect(await snapshot()).toEqual(before);
  });

  it('403 without the permission, and nothing written', async () => {
    const { order, lineId } = await shipped(1);
    const ret = (await post(201, '/returns', { order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }] })).data;
    const readOnly = await k.userWith(['read-returns']);
    const none = await k.userWith(['read-shipment']);
    const before = await snapshot();
    const calls: [Record<string, string>, string, string, object?][] = [
      [readOnly, 'POST', '/returns', { order_id: order.id, lines: [{ line_id: lineId, quantity: 1 }] }],
      ...(['approve', 'reject', 'submit'] as const).map((a): [Record<string, string>, string, string] => [readOnly, 'POST', `/returns/${ret.id}/${a}`]),
      [readOnly, 'POST', `/returns/${ret.id}/receive`, { iloc_id: ilocA, lines: [{ id: ret.lines[0]!.id, good: 1 }] }],
      [readOnly, 'POST', `/returns/${ret.id}/refund`, {}],
      [none, 'GET', '/returns'], [none, 'GET', `/returns/${ret.id}`],
    ];
    for (const [who, method, url, payload] of calls) {
      const res = await k.api(method as 'GET', url, who, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission for this action' });
    }
    expect(await snapshot()).toEqual(before);
    expect((await k.ok<{ data: ReturnDto }>(200, 'GET', `/returns/${ret.id}`, readOnly)).data.allowed_actions).toEqual([]);
    expect(await countRows(k.t, 'returns')).toBeGreaterThan(0);
  });
});
