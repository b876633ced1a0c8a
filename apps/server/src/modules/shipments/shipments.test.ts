import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SHIPMENT_ACTIONS, SHIPMENT_REFUSALS, SHIPMENT_STATUSES, shipmentTransition } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { balanceOf, box, code, makeIloc, makeSku, shipKit, type ShipKit } from './shipments.fixtures';
import type { ShipmentDto } from './shipments.read';

let k: ShipKit;
let ilocA = '';
let ilocB = '';
beforeAll(async () => {
  k = await shipKit();
  ilocA = await makeIloc(k.t, k.acmeId, code('A'));
  ilocB = await makeIloc(k.t, k.acmeId, code('B'));
});
afterAll(() => k.close());

type Page<T> = { data: T[]; total: number; current_page: number; last_page: number };
const TABLES = ['shipments', 'shipment_boxes', 'shipment_lines', 'inventory_movements', 'status_events', 'order_allocations', 'order_lines', 'orders'];
const snapshot = () => Promise.all(TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));
const ship = (orderId: string, body: object, headers = k.acme) => k.api('POST', `/orders/${orderId}/shipments`, headers, body);
const shipOk = async (orderId: string, body: object) => (await k.ok<{ data: ShipmentDto }>(201, 'POST', `/orders/${orderId}/shipments`, k.acme, body)).data;
const orderRow = async (id: string) => (await k.query<{ status: string; fulfillment_status: string }>(sql`SELECT status, fulfillment_status FROM orders WHERE id = ${id}::uuid`))[0]!;
const lineRow = async (id: string) =>
  (await k.query<{ qty_allocated: number; qty_shipped: number }>(sql`SELECT qty_allocated, qty_shipped FROM order_lines WHERE id = ${id}::uuid`))[0]!;

/** A SKU with `good` units at iloc A and an open order of `quantity` units of it, all allocated at A. */
async function stockedOrder(quantity = 5, good = 10) {
  const skuId = await makeSku(k.t, k.acmeId, { sku: code('TEE') });
  await k.stock(skuId, ilocA, good);
  const order = await k.order([{ skuId, quantity, allocations: [{ ilocId: ilocA, quantity }] }]);
  return { skuId, order, lineId: order.lineIds[0]! };
}

describe('POST /orders/{id}/shipments', () => {
  it('ships in two boxes: stock leaves through the ledger, the order is partially shipped, then shipped and closed', async () => {
    const { skuId, order, lineId } = await stockedOrder(5, 10);
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 10, reserved: 5 });

    const first = await shipOk(order.id, {
      carrier: 'ups', ship_method: 'standard', tracking: '1Z999',
      lines: [{ line_id: lineId, quantity: 3 }],
      boxes: [box([{ line_id: lineId, quantity: 2 }]), box([], { length: 0 }), box([{ line_id: lineId, quantity: 1 }], { weight: '0.5' })],
    });
    expect(first).toMatchObject({
      number: `${order.number}-S1`, order_id: order.id, order_number: order.number, status: 'shipped', iloc_id: ilocA, carrier: 'ups',
      tracking: '1Z999', box_count: 2, unit_count: 3, allowed_actions: ['return'],
    });
    expect(first.ship_date).toEqual(expect.any(String));
    expect(first.boxes.map((b) => [b.box_no, b.items.map((i) => [i.line_id, i.quantity])])).toEqual([[1, [[lineId, 2]]], [2, [[lineId, 1]]]]);
    expect(first.boxes[0]!.items[0]!.sku).toMatch(/^TEE-/);
    expect(Number(first.boxes[1]!.weight)).toBe(0.5);
    expect(first.lines).toEqual([expect.objectContaining({ line_id: lineId, quantity: 3, qty_returned: 0, qty_returnable: 3 })]);

    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 7, reserved: 2 });
    const moves = await k.query<{ reason: string; delta_good: number; delta_reserved: number; reference_type: string; reference_id: string }>(sql`
      SELECT reason, delta_good, delta_reserved, reference_type, reference_id FROM inventory_movements WHERE reference_id = ${first.id}`);
    expect(moves).toEqual([{ reason: 'consume', delta_good: -3, delta_reserved: -3, reference_type: 'shipment', reference_id: first.id }]);
    expect(await lineRow(lineId)).toEqual({ qty_allocated: 2, qty_shipped: 3 });
    expect(await orderRow(order.id)).toEqual({ status: 'open', fulfillment_status: 'partially_shipped' });

    const second = await shipOk(order.id, { boxes: [box([{ line_id: lineId, quantity: 2 }])] });
    expect(second.number).toBe(`${order.number}-S2`);
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 5, reserved: 0 });
    expect(await lineRow(lineId)).toEqual({ qty_allocated: 0, qty_shipped: 5 });
    expect(await orderRow(order.id)).toEqual({ status: 'closed', fulfillment_status: 'shipped' });
    const alloc = await k.query(sql`SELECT quantity, qty_shipped FROM order_allocations WHERE line_id = ${lineId}::uuid`);
    expect(alloc).toEqual([{ quantity: 0, qty_shipped: 5 }]);

    const events = await k.query<{ subject_type: string; action: string; from_status: string | null; to_status: string }>(sql`
      SELECT subject_type, action, from_status, to_status FROM status_events
      WHERE subject_id IN (${first.id}::uuid, ${second.id}::uuid, ${order.id}::uuid) ORDER BY id`);
    expect(events).toEqual([
      { subject_type: 'shipment', action: 'ship', from_status: null, to_status: 'shipped' },
      { subject_type: 'shipment', action: 'ship', from_status: null, to_status: 'shipped' },
      { subject_type: 'order', action: 'ship', from_status: 'open', to_status: 'closed' },
    ]);
    // a closed order ships nothing more
    const again = await ship(order.id, { boxes: [box([{ line_id: lineId, quantity: 1 }])] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'closed', action: 'ship' });
  });

  it('a PACK ships its base units; carrier and method default to the order', async () => {
    const base = await makeSku(k.t, k.acmeId, { sku: code('BASE') });
    const pack = await makeSku(k.t, k.acmeId, { sku: code('SIX'), packOf: { skuId: base, quantity: 6 } });
    await k.stock(base, ilocA, 20);
    const order = await k.order([{ skuId: pack, quantity: 2, allocations: [{ ilocId: ilocA, quantity: 2 }] }]);
    await k.query(sql`UPDATE orders SET ship_carrier = 'fedex', ship_method = 'express' WHERE id = ${order.id}::uuid`);
    expect(await balanceOf(k.t, k.acmeId, base, ilocA)).toMatchObject({ good: 20, reserved: 12 });
    const s = await shipOk(order.id, { boxes: [box([{ line_id: order.lineIds[0]!, quantity: 1 }])] });
    expect(s).toMatchObject({ carrier: 'fedex', ship_method: 'express' });
    expect(await balanceOf(k.t, k.acmeId, base, ilocA)).toMatchObject({ good: 14, reserved: 6 });
  });

  it('a line allocated at two ilocs ships from the iloc named; without one it is a 422', async () => {
    const skuId = await makeSku(k.t, k.acmeId, { sku: code('SPLIT') });
    await k.stock(skuId, ilocA, 2);
    await k.stock(skuId, ilocB, 3);
    const order = await k.order([{ skuId, quantity: 5, allocations: [{ ilocId: ilocA, quantity: 2 }, { ilocId: ilocB, quantity: 3 }] }]);
    const lineId = order.lineIds[0]!;
    const res = await ship(order.id, { boxes: [box([{ line_id: lineId, quantity: 1 }])] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['iloc_id']);
    const over = await ship(order.id, { iloc_id: ilocA, boxes: [box([{ line_id: lineId, quantity: 3 }])] });
    expect(over.json().errors).toEqual({ 'boxes.0.items.0.quantity': ['Only 2 units of this line are allocated at this iloc'] });
    const s = await shipOk(order.id, { iloc_id: ilocB, boxes: [box([{ line_id: lineId, quantity: 3 }])] });
    expect(s.iloc_id).toBe(ilocB);
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocB)).toMatchObject({ good: 0, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 2, reserved: 2 });
    expect(await orderRow(order.id)).toMatchObject({ fulfillment_status: 'partially_shipped' });
  });

  describe('spec 5 validation: 422 naming the field, nothing written', () => {
    let fx: Awaited<ReturnType<typeof stockedOrder>>;
    let other = '';
    beforeAll(async () => {
      fx = await stockedOrder(4, 4);
      other = (await stockedOrder(1, 1)).lineId;
    });
    const item = (quantity: number) => ({ line_id: fx.lineId, quantity });
    const cases: [string, () => object, string, string?][] = [
      ['no boxes', () => ({ boxes: [] }), 'boxes', 'A shipment needs at least one box with items'],
      ['only empty boxes (dropped)', () => ({ boxes: [box([]), box([])] }), 'boxes', 'A shipment needs at least one box with items'],
      ['a zero length', () => ({ boxes: [box([item(1)], { length: 0 })] }), 'boxes.0.length', 'Must be greater than zero'],
      ['a zero weight in the second box', () => ({ boxes: [box([item(1)]), box([item(1)], { weight: '0' })] }), 'boxes.1.weight', 'Must be greater than zero'],
      ['a negative height', () => ({ boxes: [box([item(1)], { height: -2 })] }), 'boxes.0.height'],
      ['a zero quantity', () => ({ boxes: [box([item(1), { line_id: other, quantity: 0 }])] }), 'boxes.0.items.1.quantity'],
      ['a fractional quantity', () => ({ boxes: [box([item(1.5)])] }), 'boxes.0.items.0.quantity', 'The quantity must be a whole number'],
      ['assigned differs from boxed', () => ({ lines: [{ line_id: fx.lineId, quantity: 3 }], boxes: [box([item(2)])] }), 'lines.0.quantity',
        'The assigned quantity (3) must equal the quantity in boxes (2)'],
      ['an unassigned item in a box', () => ({ lines: [{ line_id: fx.lineId, quantity: 1 }], boxes: [box([item(1)]), box([{ line_id: other, quantity: 1 }])] }),
        'boxes.1.items.0.line_id', 'This item is not assigned to the shipment: assign it or take it out of the box'],
      ['a line of another order', () => ({ boxes: [box([item(1), { line_id: other, quantity: 1 }])] }), 'boxes.0.items.1.line_id', 'The line is not on this order'],
      ['more than allocated', () => ({ boxes: [box([item(3)]), box([item(2)])] }), 'boxes.1.items.0.quantity', 'Only 4 units of this line are allocated at this iloc'],
      ['an unknown iloc', () => ({ iloc_id: '00000000-0000-4000-8000-000000000000', boxes: [box([item(1)])] }), 'iloc_id', 'The iloc does not exist'],
      ['an iloc with nothing allocated', () => ({ iloc_id: ilocB, boxes: [box([item(1)])] }), 'boxes.0.items.0.quantity', 'Nothing of this line is allocated at this iloc'],
      ['an unknown package', () => ({ boxes: [box([item(1)], { package_id: '00000000-0000-4000-8000-000000000000' })] }), 'boxes.0.package_id'],
      ['an unknown field', () => ({ boxes: [box([item(1)])], priority: 'high' }), 'priority', 'This field is not allowed'],
    ];
    it.each(cases)('%s', async (_name, body, field, message) => {
      const before = await snapshot();
      const res = await ship(fx.order.id, body());
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty([field]);
      if (message) expect(res.json().errors[field]).toContain(message);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('only an open order ships: draft, on hold, error, cancelled and closed are 409', async () => {
    const skuId = await makeSku(k.t, k.acmeId, { sku: code('ST') });
    await k.stock(skuId, ilocA, 50);
    for (const status of ['draft', 'on_hold', 'error', 'cancelled', 'closed']) {
      const order = await k.order([{ skuId, quantity: 1, allocations: [{ ilocId: ilocA, quantity: 1 }] }], { status });
      const before = await countRows(k.t, 'shipments');
      const res = await ship(order.id, { boxes: [box([{ line_id: order.lineIds[0]!, quantity: 1 }])] });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ code: 'INVALID_TRANSITION', from: status, action: 'ship', message: `Only an open order can be shipped; this order is ${status}` });
      expect(await countRows(k.t, 'shipments')).toBe(before);
    }
    expect((await ship('00000000-0000-4000-8000-000000000000', { boxes: [box([{ line_id: skuId, quantity: 1 }])] })).statusCode).toBe(404);
    expect((await ship('nope', { boxes: [box([{ line_id: skuId, quantity: 1 }])] })).statusCode).toBe(404);
  });

  it('two concurrent shipments of the last units: one ships, the other is refused, stock stays whole', async () => {
    const { skuId, order, lineId } = await stockedOrder(2, 2);
    const res = await Promise.all([1, 2].map(() => ship(order.id, { boxes: [box([{ line_id: lineId, quantity: 2 }])] })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 0, reserved: 0 });
  });
});

describe('with an order from POST /orders', () => {
  it('ships what the order pipeline allocated and reserved; GET /orders/{id} shows it shipped and closed', async () => {
    const sku = code('API');
    const skuId = await makeSku(k.t, k.acmeId, { sku });
    await k.stock(skuId, ilocA, 4);
    await k.query(sql`UPDATE ilocs SET priority = 0 WHERE id = ${ilocA}::uuid`);
    const address = { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
    const created = await k.ok<{ data: { id: string; number: string; status: string; lines: { id: string; allocations: { iloc_id: string; quantity: number }[] }[] } }>(
      201, 'POST', '/orders', k.acme,
      { external_id: code('EXT'), channel: 'manual', customer: { first_name: 'Ada', last_name: 'Lovelace', email: `${code('ada').toLowerCase()}@example.com` },
        shipping_address: address, lines: [{ sku, quantity: 3, price: '5.00' }], ship_method: 'standard' },
    );
    const order = created.data;
    expect(order.status).toBe('open');
    expect(order.lines[0]!.allocations).toEqual([expect.objectContaining({ iloc_id: ilocA, quantity: 3 })]);
    const lineId = order.lines[0]!.id;
    const s = await shipOk(order.id, { boxes: [box([{ line_id: lineId, quantity: 2 }]), box([{ line_id: lineId, quantity: 1 }])] });
    expect(s).toMatchObject({ number: `${order.number}-S1`, iloc_id: ilocA, unit_count: 3 });
    expect(await balanceOf(k.t, k.acmeId, skuId, ilocA)).toMatchObject({ good: 1, reserved: 0 });
    const after = await k.ok<{ data: { status: string; fulfillment_status: string; lines: { qty_shipped: number; qty_allocated: number }[] } }>(
      200, 'GET', `/orders/${order.id}`, k.acme,
    );
    expect(after.data).toMatchObject({ status: 'closed', fulfillment_status: 'shipped', lines: [expect.objectContaining({ qty_shipped: 3, qty_allocated: 0 })] });
  });
});

describe('GET /shipments', () => {
  it('pages and searches by order, status and number', async () => {
    const { order, lineId } = await stockedOrder(2, 2);
    const s = await shipOk(order.id, { tracking: 'TRK-FIND-ME', boxes: [box([{ line_id: lineId, quantity: 1 }])] });
    const byOrder = await k.ok<Page<ShipmentDto>>(200, 'GET', `/shipments?search=order_id:${order.id}`, k.acme);
    expect(byOrder.data.map((x) => x.id)).toEqual([s.id]);
    expect(byOrder.data[0]).not.toHaveProperty('boxes');
    expect((await k.ok<Page<ShipmentDto>>(200, 'GET', `/shipments?search=number:${s.number}`, k.acme)).total).toBe(1);
    expect((await k.ok<Page<ShipmentDto>>(200, 'GET', `/shipments?search=${order.number}`, k.acme)).total).toBe(1);
    expect((await k.ok<Page<ShipmentDto>>(200, 'GET', '/shipments?search=TRK-FIND', k.acme)).total).toBe(1);
    const shipped = await k.ok<Page<ShipmentDto>>(200, 'GET', '/shipments?search=status:shipped&per_page=2&order_by=number&order_direction=ASC', k.acme);
    expect(shipped.data.every((x) => x.status === 'shipped')).toBe(true);
    expect(shipped.data).toHaveLength(2);
    const filtered = await k.ok<Page<ShipmentDto>>(200, 'GET', `/shipments?filters=${encodeURIComponent(JSON.stringify([{ field: 'status', operator: 'in', value: ['cancelled'] }]))}`, k.acme);
    expect(filtered.data.every((x) => x.status === 'cancelled')).toBe(true);
    expect((await k.api('GET', '/shipments?order_by=secret', k.acme)).statusCode).toBe(422);
    expect((await k.api('GET', `/shipments?filters=${encodeURIComponent('[{"field":"tenant_id","operator":"where","value":1}]')}`, k.acme)).statusCode).toBe(422);
  });
});

describe('lifecycle: cancel, retry, return', () => {
  /** A shipment of one unit in the given status, written directly (connectors would set these). */
  async function shipmentIn(status: string) {
    const { order, lineId } = await stockedOrder(1, 1);
    const s = await shipOk(order.id, { boxes: [box([{ line_id: lineId, quantity: 1 }])] });
    await k.query(sql`UPDATE shipments SET status = ${status} WHERE id = ${s.id}::uuid`);
    return { ...s, lineId };
  }

  it.each(SHIPMENT_STATUSES.map((s) => [s]))('from %s every action follows the table', async (status) => {
    for (const action of SHIPMENT_ACTIONS) {
      const s = await shipmentIn(status);
      const next = shipmentTransition(status, action);
      const body = action === 'return' ? { lines: [{ line_id: s.lineId, quantity: 1 }] } : undefined;
      const events = await countRows(k.t, `status_events WHERE subject_id = '${s.id}'`);
      const res = await k.api('POST', `/shipments/${s.id}/${action}`, k.acme, body);
      if (!next) {
        expect(res.statusCode, `${status} ${action}`).toBe(409);
        expect(res.json()).toEqual({ code: 'INVALID_TRANSITION', from: status, action, message: SHIPMENT_REFUSALS[action] });
        expect(await countRows(k.t, `status_events WHERE subject_id = '${s.id}'`)).toBe(events);
      } else if (action === 'return') {
        expect(res.statusCode, `${status} ${action}: ${res.body}`).toBe(201);
        expect(res.json().data).toMatchObject({ shipment_id: s.id, status: 'open', unit_count: 1 });
      } else {
        expect(res.statusCode, `${status} ${action}: ${res.body}`).toBe(200);
        expect(res.json().data.status).toBe(next);
        const [event] = await k.query(sql`SELECT action, from_status, to_status FROM status_events WHERE subject_id = ${s.id}::uuid ORDER BY id DESC LIMIT 1`);
        expect(event).toEqual({ action, from_status: status, to_status: next });
      }
    }
  });

  it('cancelling is final and touches no stock; allowed_actions follow the status', async () => {
    const s = await shipmentIn('pending_shipment');
    expect((await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${s.id}`, k.acme)).data.allowed_actions).toEqual(['cancel']);
    const moves = await countRows(k.t, 'inventory_movements');
    const cancelled = (await k.ok<{ data: ShipmentDto }>(200, 'POST', `/shipments/${s.id}/cancel`, k.acme, {})).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    expect(await countRows(k.t, 'inventory_movements')).toBe(moves);
    for (const action of SHIPMENT_ACTIONS) expect((await k.api('POST', `/shipments/${s.id}/${action}`, k.acme, action === 'return' ? { lines: [{ line_id: s.lineId, quantity: 1 }] } : {})).statusCode).toBe(409);
    const routed = await shipmentIn('error');
    expect((await k.ok<{ data: ShipmentDto }>(200, 'POST', `/shipments/${routed.id}/retry`, k.acme)).data).toMatchObject({ status: 'routing', allowed_actions: ['cancel', 'retry'] });
  });

  it('two concurrent cancels: one wins, the other is refused', async () => {
    const s = await shipmentIn('on_hold');
    const res = await Promise.all([1, 2].map(() => k.api('POST', `/shipments/${s.id}/cancel`, k.acme)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await countRows(k.t, `status_events WHERE subject_id = '${s.id}' AND action = 'cancel'`)).toBe(1);
  });

  it('an action body with keys is 422; an unknown action is 404', async () => {
    const s = await shipmentIn('error');
    expect((await k.api('POST', `/shipments/${s.id}/cancel`, k.acme, { force: true })).statusCode).toBe(422);
    expect((await k.api('POST', `/shipments/${s.id}/explode`, k.acme)).statusCode).toBe(404);
  });
});

describe('tenancy and permissions', () => {
  it("Globex gets 404 for Acme's shipments and orders, and writes nothing", async () => {
    const { order, lineId } = await stockedOrder(2, 2);
    const s = await shipOk(order.id, { boxes: [box([{ line_id: lineId, quantity: 1 }])] });
    const before = await snapshot();
    const calls: [string, string, object?][] = [
      ['GET', `/shipments/${s.id}`], ['POST', `/shipments/${s.id}/cancel`], ['POST', `/shipments/${s.id}/retry`],
      ['POST', `/shipments/${s.id}/return`, { lines: [{ line_id: lineId, quantity: 1 }] }],
      ['POST', `/orders/${order.id}/shipments`, { boxes: [box([{ line_id: lineId, quantity: 1 }])] }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await k.api(method as 'GET', url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const page = await k.ok<Page<ShipmentDto>>(200, 'GET', '/shipments?per_page=500', k.globex);
    expect(page.data.map((x) => x.id)).not.toContain(s.id);
    expect(await snapshot()).toEqual(before);
  });

  it('403 without the permission, for each endpoint, and nothing written', async () => {
    const { order, lineId } = await stockedOrder(2, 2);
    const s = await shipOk(order.id, { boxes: [box([{ line_id: lineId, quantity: 1 }])] });
    const readOnly = await k.userWith(['read-shipment', 'read-returns', 'read-order']);
    const noReturns = await k.userWith(['read-shipment', 'update-shipment']);
    const none = await k.userWith(['read-order']);
    const before = await snapshot();
    const forbidden = { message: 'You do not have permission for this action' };
    const calls: [Record<string, string>, string, string, object?][] = [
      [readOnly, 'POST', `/orders/${order.id}/shipments`, { boxes: [box([{ line_id: lineId, quantity: 1 }])] }],
      [readOnly, 'POST', `/shipments/${s.id}/cancel`], [readOnly, 'POST', `/shipments/${s.id}/retry`],
      [readOnly, 'POST', `/shipments/${s.id}/return`, { lines: [{ line_id: lineId, quantity: 1 }] }],
      [noReturns, 'POST', `/shipments/${s.id}/return`, { lines: [{ line_id: lineId, quantity: 1 }] }],
      [none, 'GET', '/shipments'], [none, 'GET', `/shipments/${s.id}`],
      [await k.t.as('acmeSupplier'), 'GET', '/shipments'],
    ];
    for (const [who, method, url, payload] of calls) {
      const res = await k.api(method as 'GET', url, who, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect(await snapshot()).toEqual(before);
    // read-only users see the shipment without actions
    expect((await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${s.id}`, readOnly)).data.allowed_actions).toEqual([]);
    expect((await k.ok<{ data: ShipmentDto }>(200, 'GET', `/shipments/${s.id}`, noReturns)).data.allowed_actions).toEqual([]);
  });
});
