import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUPPLY_SHIPMENT_ACTIONS, SUPPLY_SHIPMENT_STATUSES, supplyShipmentTransition, type SupplyEvent } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { asn, balanceOf, box, code, ledgerViolations, makeIloc, makeSku, supplyKit, type SupplyKit } from './supply.fixtures';
import { registerSupplyEventHandler, type SupplyEventPayload } from './supply-events';
import type { SupplyShipmentDto } from './supply-shipments.read';

let k: SupplyKit;
let dock = '';
beforeAll(async () => {
  k = await supplyKit();
  dock = await makeIloc(k.t, k.acmeId, code('DOCK'));
});
afterAll(() => k.close());

type Data<T> = { data: T };
const TABLES = ['supply_shipments', 'supply_shipment_lines', 'supply_shipment_boxes', 'inventory_movements', 'inventory_balances', 'status_events', 'purchase_order_lines'];
const snapshot = () => Promise.all(TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));
const createAsn = async (poId: string, body: object, headers = k.acme) => (await k.ok<Data<SupplyShipmentDto>>(201, 'POST', `/purchase-orders/${poId}/shipments`, headers, body)).data;
const act = async (id: string, action: string, body?: object, headers = k.acme) => (await k.ok<Data<SupplyShipmentDto>>(200, 'POST', `/supply-shipments/${id}/${action}`, headers, body)).data;
const poLines = (poId: string) => k.query<{ line_no: number; qty_shipped: number; qty_received: number }>(sql`
  SELECT line_no, qty_shipped, qty_received FROM purchase_order_lines WHERE purchase_order_id = ${poId}::uuid ORDER BY line_no`);
const poStatus = async (poId: string) => (await k.query<{ status: string }>(sql`SELECT status FROM purchase_orders WHERE id = ${poId}::uuid`))[0]!.status;

/** Two SKUs and a sent PO of 10 and 4 units of them to the dock. */
async function sentPo(quantities = [10, 4]) {
  const skus = await Promise.all(quantities.map(() => makeSku(k.t, k.acmeId, { sku: code('BOLT') })));
  const po = await k.po(dock, skus.map((skuId, i) => ({ skuId, quantity: quantities[i]! })));
  return { po, skus };
}

/** Collects the supply events fired while fn runs. */
async function firing<T>(fn: () => Promise<T>): Promise<{ result: T; fired: [SupplyEvent, SupplyEventPayload][] }> {
  const fired: [SupplyEvent, SupplyEventPayload][] = [];
  const offs = (['po_shipment.in_transit', 'po_shipment.complete'] as const).map((e) => registerSupplyEventHandler(e, async (_tx, p, ev) => void fired.push([ev, p])));
  try {
    return { result: await fn(), fired };
  } finally {
    offs.forEach((off) => off());
  }
}

describe('PO shipments (ASN): create, ship, receive with a discrepancy', () => {
  it('walks draft → in transit → arrived → discrepancy → complete, through the ledger, recording every step', async () => {
    const { po, skus } = await sentPo([10, 4]);
    const [l1, l2] = po.lineIds as [string, string];
    const created = await createAsn(po.id, asn([{ line_id: l1, quantity: 10 }, { line_id: l2, quantity: 4 }], {
      bol_number: 'BOL-1', ship_date: '2026-11-20',
      boxes: [box([{ line: 0, quantity: 6 }]), box([]), box([{ line: 0, quantity: 4 }, { line: 1, quantity: 4 }])],
    }));
    expect(created).toMatchObject({
      kind: 'purchase_order', status: 'draft', purchase_order: { id: po.id, number: po.number, supplier: { id: k.northwindId, name: 'Northwind Supply' } },
      transfer: null, from_iloc: null, to_iloc: { id: dock }, bol_number: 'BOL-1', ship_date: '2026-11-20', line_count: 2, qty_expected: 14,
      qty_received: 0, has_discrepancy: false, allowed_actions: ['ship', 'cancel', 'edit'],
    });
    expect(created.boxes).toEqual([
      { box_no: 1, length: '40.000', width: '30.000', height: '20.000', weight: '5.500', contents: [{ line_no: 1, quantity: 6 }] },
      expect.objectContaining({ box_no: 2, contents: [{ line_no: 1, quantity: 4 }, { line_no: 2, quantity: 4 }] }),
    ]);
    expect(created.lines.map((l) => [l.line_no, l.po_line_id, l.sku_id, l.qty_expected])).toEqual([[1, l1, skus[0], 10], [2, l2, skus[1], 4]]);
    // a draft puts nothing in transit
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toMatchObject({ in_transit: 0 });

    const { result: shipped, fired: onShip } = await firing(() => act(created.id, 'ship'));
    expect(shipped).toMatchObject({ status: 'in_transit', allowed_actions: ['arrive', 'receive', 'cancel'] });
    expect(shipped.shipped_at).toEqual(expect.any(String));
    expect(onShip.map(([e, p]) => [e, p.shipmentId, p.purchaseOrderId, p.units])).toEqual([['po_shipment.in_transit', created.id, po.id, 14]]);
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toEqual({ good: 0, hold: 0, hurt: 0, in_transit: 10, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, skus[1]!, dock)).toMatchObject({ in_transit: 4 });
    expect(await poLines(po.id)).toEqual([{ line_no: 1, qty_shipped: 10, qty_received: 0 }, { line_no: 2, qty_shipped: 4, qty_received: 0 }]);

    expect((await act(created.id, 'arrive')).status).toBe('arrived');

    // line 1 arrives two short (7 good, 1 hold), line 2 complete with one hurt
    const { result: received, fired: onReceive } = await firing(() => act(created.id, 'receive', {
      lines: [{ line_id: created.lines[0]!.id, good: 7, hold: 1 }, { line_id: created.lines[1]!.id, good: 3, hurt: 1 }], note: 'pallet wrapped badly',
    }));
    expect(onReceive).toEqual([]);
    expect(received).toMatchObject({ status: 'discrepancy', qty_received: 12, has_discrepancy: true, allowed_actions: ['receive'] });
    expect(received.lines.map((l) => [l.qty_good, l.qty_hold, l.qty_hurt, l.qty_received, l.discrepancy])).toEqual([[7, 1, 0, 8, -2], [3, 0, 1, 4, 0]]);
    // received units left transit; the shortfall was taken out of it too, never silently kept
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toEqual({ good: 7, hold: 1, hurt: 0, in_transit: 0, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, skus[1]!, dock)).toEqual({ good: 3, hold: 0, hurt: 1, in_transit: 0, reserved: 0 });
    const moves = await k.query<{ reason: string; dg: number; dh: number; du: number; dt: number }>(sql`
      SELECT reason, delta_good AS dg, delta_hold AS dh, delta_hurt AS du, delta_in_transit AS dt FROM inventory_movements
      WHERE reference_type = 'supply_shipment' AND reference_id = ${created.id} AND sku_id = ${skus[0]}::uuid ORDER BY id`);
    expect(moves).toEqual([
      { reason: 'in_transit', dg: 0, dh: 0, du: 0, dt: 10 },
      { reason: 'transit_received', dg: 7, dh: 1, du: 0, dt: -8 },
      { reason: 'transit_cancelled', dg: 0, dh: 0, du: 0, dt: -2 },
    ]);
    expect(await poLines(po.id)).toEqual([{ line_no: 1, qty_shipped: 10, qty_received: 8 }, { line_no: 2, qty_shipped: 4, qty_received: 4 }]);
    expect(await poStatus(po.id)).toBe('sent');
    expect(await ledgerViolations(k.t)).toEqual([]);

    // the two late units arrive: no transit decrement (the shortfall already left), the shipment and the PO complete
    const { result: late, fired: onLate } = await firing(() => act(created.id, 'receive', { lines: [{ line_id: created.lines[0]!.id, good: 2 }] }));
    expect(late).toMatchObject({ status: 'complete', has_discrepancy: false, allowed_actions: [] });
    expect(late.lines.map((l) => l.discrepancy)).toEqual([0, 0]);
    expect(onLate.map(([e]) => e)).toEqual(['po_shipment.complete']);
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toEqual({ good: 9, hold: 1, hurt: 0, in_transit: 0, reserved: 0 });
    expect(await poStatus(po.id)).toBe('completed');
    expect(await ledgerViolations(k.t)).toEqual([]);

    const events = await k.ok<{ data: { action: string; from_status: string | null; to_status: string; user: { name: string }; data: Record<string, unknown> }[] }>(
      200, 'GET', `/supply-shipments/${created.id}/events`, k.acme);
    expect(events.data.map((e) => [e.action, e.from_status, e.to_status])).toEqual([
      ['create', null, 'draft'], ['ship', 'draft', 'in_transit'], ['arrive', 'in_transit', 'arrived'], ['receive', 'arrived', 'discrepancy'], ['receive', 'discrepancy', 'complete'],
    ]);
    expect(events.data[3]!.data).toMatchObject({ good: 10, hold: 1, hurt: 1, note: 'pallet wrapped badly', discrepancy_count: 1, discrepancies: [{ line_no: 1, expected: 10, received: 8, difference: -2 }] });
    expect(events.data[0]!.user.name).toEqual(expect.any(String));
    const poEvents = await k.query<{ action: string; to_status: string }>(sql`SELECT action, to_status FROM status_events WHERE subject_id = ${po.id}::uuid`);
    expect(poEvents).toEqual([{ action: 'complete', to_status: 'completed' }]);
    const withEvents = await k.ok<Data<SupplyShipmentDto>>(200, 'GET', `/supply-shipments/${created.id}?include=events`, k.acme);
    expect(withEvents.data.events).toHaveLength(5);
  });

  it('an exact receipt completes and fires po_shipment.complete once; close:false stays processing until closed', async () => {
    const { po, skus } = await sentPo([5, 5]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 5 }, { line_id: po.lineIds[1]!, quantity: 5 }]));
    await act(s.id, 'ship');
    const { result: partial, fired: f1 } = await firing(() => act(s.id, 'receive', { lines: [{ line_id: s.lines[0]!.id, good: 5 }, { line_id: s.lines[1]!.id, good: 2 }], close: false }));
    expect(partial).toMatchObject({ status: 'processing', qty_received: 7, has_discrepancy: false });
    expect(partial.lines.map((l) => l.discrepancy)).toEqual([0, 0]);
    expect(f1).toEqual([]);
    // the rest is still in transit while the receipt is open
    expect(await balanceOf(k.t, k.acmeId, skus[1]!, dock)).toMatchObject({ good: 2, in_transit: 3 });
    const { result: done, fired: f2 } = await firing(() => act(s.id, 'receive', { lines: [{ line_id: s.lines[1]!.id, good: 3 }] }));
    expect(done.status).toBe('complete');
    expect(f2.map(([e, p]) => [e, p.shipmentId, p.units])).toEqual([['po_shipment.complete', s.id, 3]]);
    expect(await balanceOf(k.t, k.acmeId, skus[1]!, dock)).toMatchObject({ good: 5, in_transit: 0 });
    expect(await poStatus(po.id)).toBe('completed');
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('units beyond what was expected come in without a transit decrement and show as a positive discrepancy', async () => {
    const { po, skus } = await sentPo([3]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 3 }]));
    await act(s.id, 'ship');
    const r = await act(s.id, 'receive', { lines: [{ line_id: s.lines[0]!.id, good: 5 }] });
    expect(r).toMatchObject({ status: 'discrepancy', has_discrepancy: true });
    expect(r.lines[0]!.discrepancy).toBe(2);
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toMatchObject({ good: 5, in_transit: 0 });
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('a pack line puts its base units in transit (×pack quantity) and receives them the same way', async () => {
    const base = await makeSku(k.t, k.acmeId, { sku: code('CAN') });
    const six = await makeSku(k.t, k.acmeId, { sku: code('CAN6'), packOf: { skuId: base, quantity: 6 } });
    const po = await k.po(dock, [{ skuId: six, quantity: 2 }]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 2 }]));
    await act(s.id, 'ship');
    expect(await balanceOf(k.t, k.acmeId, base, dock)).toMatchObject({ in_transit: 12 });
    await act(s.id, 'receive', { lines: [{ line_id: s.lines[0]!.id, good: 2 }] });
    expect(await balanceOf(k.t, k.acmeId, base, dock)).toMatchObject({ good: 12, in_transit: 0 });
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('a failing rule handler does not undo the receipt: its failure is written to the history', async () => {
    const { po } = await sentPo([2]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 2 }]));
    await act(s.id, 'ship');
    const off = registerSupplyEventHandler('po_shipment.complete', async (tx) => {
      await tx.execute(sql`UPDATE supply_shipments SET carrier = 'HANDLER WROTE THIS'`);
      throw new Error('rule engine down');
    }, 'brokenRule');
    try {
      const r = await act(s.id, 'receive', { lines: [{ line_id: s.lines[0]!.id, good: 2 }] });
      expect(r).toMatchObject({ status: 'complete', carrier: 'UPS' });
    } finally {
      off();
    }
    const [failed] = await k.query<{ data: Record<string, unknown> }>(sql`
      SELECT data FROM status_events WHERE subject_id = ${s.id}::uuid AND action = 'event_handler_failed'`);
    expect(failed!.data).toEqual({ event: 'po_shipment.complete', handler: 'brokenRule', error: 'rule engine down' });
  });
});

describe('cancel', () => {
  it('in transit takes the units back out of transit and gives the PO line its units to ship again; in draft it is final', async () => {
    const { po, skus } = await sentPo([6]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 6 }]));
    await act(s.id, 'ship');
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toMatchObject({ in_transit: 6 });
    const cancelled = await act(s.id, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    expect(cancelled.cancelled_at).toEqual(expect.any(String));
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toMatchObject({ in_transit: 0, good: 0 });
    expect(await poLines(po.id)).toEqual([{ line_no: 1, qty_shipped: 0, qty_received: 0 }]);
    // the 6 units may ship again, on a new ASN
    const again = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 6 }]));
    expect((await act(again.id, 'cancel')).status).toBe('cancelled');
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toMatchObject({ in_transit: 0 });
    expect(await ledgerViolations(k.t)).toEqual([]);
  });
});

describe('transitions', () => {
  it('the table covers every status and action; complete and cancelled are final', () => {
    expect(Object.keys(Object.fromEntries(SUPPLY_SHIPMENT_STATUSES.map((s) => [s, 1]))).sort()).toEqual([...SUPPLY_SHIPMENT_STATUSES].sort());
    for (const a of SUPPLY_SHIPMENT_ACTIONS) {
      expect(supplyShipmentTransition('complete', a)).toBeNull();
      expect(supplyShipmentTransition('cancelled', a)).toBeNull();
    }
    expect(supplyShipmentTransition('arrived', 'cancel')).toBeNull();
  });

  it('refuses every action the status does not allow with 409 INVALID_TRANSITION and changes nothing', async () => {
    const { po } = await sentPo([20]);
    const at = async (status: 'draft' | 'in_transit' | 'arrived' | 'discrepancy' | 'complete' | 'cancelled') => {
      const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 1 }]));
      const line = s.lines[0]!.id;
      if (status === 'cancelled') await act(s.id, 'cancel');
      if (['in_transit', 'arrived', 'discrepancy', 'complete'].includes(status)) await act(s.id, 'ship');
      if (status === 'arrived') await act(s.id, 'arrive');
      if (status === 'discrepancy') await act(s.id, 'receive', { lines: [{ line_id: line, good: 0 }] });
      if (status === 'complete') await act(s.id, 'receive', { lines: [{ line_id: line, good: 1 }] });
      return { id: s.id, line };
    };
    const refusals: [string, string][] = [
      ['draft', 'arrive'], ['draft', 'receive'], ['in_transit', 'ship'], ['arrived', 'ship'], ['arrived', 'cancel'], ['arrived', 'arrive'],
      ['discrepancy', 'cancel'], ['discrepancy', 'ship'], ['complete', 'receive'], ['complete', 'cancel'], ['cancelled', 'ship'], ['cancelled', 'cancel'],
    ];
    for (const [status, action] of refusals) {
      const s = await at(status as never);
      const before = await snapshot();
      const res = await k.api('POST', `/supply-shipments/${s.id}/${action}`, k.acme, action === 'receive' ? { lines: [{ line_id: s.line, good: 1 }] } : undefined);
      expect(res.statusCode, `${status} ${action}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: status, action });
      expect(await snapshot()).toEqual(before);
    }
    // editing is for drafts only
    const shipped = await at('in_transit');
    const edit = await k.api('PUT', `/supply-shipments/${shipped.id}`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 1 }]));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'in_transit', action: 'edit' });
  });

  it('a PO that does not allow ship (draft, open, cancelled) cannot get an ASN: 409', async () => {
    const sku = await makeSku(k.t, k.acmeId, { sku: code('NUT') });
    for (const status of ['draft', 'open', 'completed', 'cancelled']) {
      const po = await k.po(dock, [{ skuId: sku, quantity: 2 }], { status });
      const res = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 1 }]));
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: status, action: 'ship' });
    }
  });
});

describe('spec 5 checks: 422 with nothing written', () => {
  it('ASN numbers are unique per tenant, whatever the case, on create and edit', async () => {
    const { po } = await sentPo([10]);
    const number = code('ASN');
    const first = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 1 }], { asn_number: number }));
    const before = await snapshot();
    const dup = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 1 }], { asn_number: number.toLowerCase() }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ asn_number: ['The ASN number is already used'] });
    expect(await snapshot()).toEqual(before);
    const second = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 1 }]));
    const edit = await k.api('PUT', `/supply-shipments/${second.id}`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 1 }], { asn_number: number }));
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.asn_number).toEqual(['The ASN number is already used']);
    // its own number is not a duplicate of itself
    const same = await k.ok<Data<SupplyShipmentDto>>(200, 'PUT', `/supply-shipments/${first.id}`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 2 }], { asn_number: number, carrier: 'DHL' }));
    expect(same.data).toMatchObject({ asn_number: number, carrier: 'DHL', qty_expected: 2 });
    // Globex may use the same number: uniqueness is per tenant
    const gIloc = await makeIloc(k.t, k.globexId, code('G'));
    const gSku = await makeSku(k.t, k.globexId, { sku: code('G') });
    const gPo = await k.po(gIloc, [{ skuId: gSku, quantity: 1 }], { tenantId: k.globexId });
    await k.ok(201, 'POST', `/purchase-orders/${gPo.id}/shipments`, k.globex, asn([{ line_id: gPo.lineIds[0]!, quantity: 1 }], { asn_number: number }));
  });

  it('two ASNs with one number at once (on two POs): one is created, the other answers the same 422', async () => {
    const [a, b] = await Promise.all([sentPo([2]), sentPo([2])]);
    const number = code('RACE');
    const results = await Promise.all([a, b].map(({ po }) => k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 2 }], { asn_number: number }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({ asn_number: ['The ASN number is already used'] });
    // two receipts of one shipment at once: one wins, the other is refused from the status it finds
    const created = results.find((r) => r.statusCode === 201)!.json().data as SupplyShipmentDto;
    await act(created.id, 'ship');
    const receipts = await Promise.all([0, 1].map(() => k.api('POST', `/supply-shipments/${created.id}/receive`, k.acme, { lines: [{ line_id: created.lines[0]!.id, good: 2 }] })));
    expect(receipts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('boxes must hold exactly each line quantity; a content of an unknown line is refused', async () => {
    const { po } = await sentPo([5, 2]);
    const before = await snapshot();
    const lines = [{ line_id: po.lineIds[0]!, quantity: 5 }, { line_id: po.lineIds[1]!, quantity: 2 }];
    const short = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn(lines, { boxes: [box([{ line: 0, quantity: 4 }, { line: 1, quantity: 2 }])] }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.boxes[0]).toMatch(/line 1: 4 of 5/);
    const unknown = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn(lines, { boxes: [box([{ line: 0, quantity: 5 }, { line: 1, quantity: 2 }, { line: 2, quantity: 1 }])] }));
    expect(unknown.json().errors).toHaveProperty(['boxes.0.contents.2.line']);
    const zero = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn(lines, { boxes: [box([{ line: 0, quantity: 5 }], { weight: '0' })] }));
    expect(zero.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('a line ships at most what is left (drafts count), must be on the PO and named once', async () => {
    const { po } = await sentPo([5]);
    const other = await sentPo([5]);
    const before = await snapshot();
    const over = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 6 }]));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['lines.0.quantity'][0]).toMatch(/^Only 5 units of BOLT-/);
    const foreign = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: other.po.lineIds[0]!, quantity: 1 }]));
    expect(foreign.json().errors).toEqual({ 'lines.0.line_id': ['The line is not on this purchase order'] });
    const twice = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 1 }, { line_id: po.lineIds[0]!, quantity: 1 }]));
    expect(twice.json().errors).toEqual({ 'lines.1.line_id': ['The line is already on this shipment'] });
    expect(await snapshot()).toEqual(before);
    await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 3 }]));
    const rest = await k.api('POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn([{ line_id: po.lineIds[0]!, quantity: 3 }]));
    expect(rest.json().errors['lines.0.quantity'][0]).toMatch(/^Only 2 units/);
  });

  it('bad bodies and ids answer 4xx JSON, never a 500, and write nothing', async () => {
    const { po } = await sentPo([5]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 5 }]));
    await act(s.id, 'ship');
    const before = await snapshot();
    const cases: [string, string, object | undefined, number][] = [
      ['POST', `/purchase-orders/${po.id}/shipments`, { asn_number: 'A B', lines: [{ line_id: po.lineIds[0], quantity: 1 }] }, 422],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([{ line_id: po.lineIds[0]!, quantity: 0 }]), 422],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([{ line_id: 'nope', quantity: 1 }]), 422],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([]), 422],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([{ line_id: po.lineIds[0]!, quantity: 1 }], { ship_date: '2026-13-45' }), 422],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([{ line_id: po.lineIds[0]!, quantity: 1 }], { packing_template_id: '7b1d3f0e-1111-4111-8111-111111111111' }), 422],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([{ line_id: po.lineIds[0]!, quantity: 1 }], { surprise: true }), 422],
      ['POST', '/purchase-orders/not-a-uuid/shipments', asn([{ line_id: po.lineIds[0]!, quantity: 1 }]), 404],
      ['POST', `/supply-shipments/${s.id}/receive`, { lines: [{ line_id: s.lines[0]!.id, good: -1 }] }, 422],
      ['POST', `/supply-shipments/${s.id}/receive`, { lines: [{ line_id: s.lines[0]!.id, good: 1.5 }] }, 422],
      ['POST', `/supply-shipments/${s.id}/receive`, { lines: [{ line_id: po.lineIds[0]!, good: 1 }] }, 422],
      ['POST', `/supply-shipments/${s.id}/receive`, { lines: [{ line_id: s.lines[0]!.id, good: 1 }, { line_id: s.lines[0]!.id, good: 1 }] }, 422],
      ['POST', `/supply-shipments/${s.id}/receive`, { lines: [] }, 422],
      ['POST', `/supply-shipments/${s.id}/arrive`, { extra: 1 }, 422],
      ['POST', '/supply-shipments/not-a-uuid/arrive', undefined, 404],
      ['GET', '/supply-shipments/not-a-uuid', undefined, 404],
      ['GET', `/purchase-orders/not-a-uuid/shipments/${s.id}`, undefined, 404],
      ['GET', '/supply-shipments?order_by=nope', undefined, 422],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await k.api(method as 'POST', url, k.acme, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('lists and nested paths', () => {
  it('lists with search, answers the PO shipments and nested detail; a shipment of another PO is a 404 under this one', async () => {
    const { po } = await sentPo([4]);
    const number = code('FIND');
    const [template] = await k.query<{ id: string }>(sql`INSERT INTO packing_templates (tenant_id, name) VALUES (${k.acmeId}::uuid, ${code('Pallet')}) RETURNING id`);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 4 }], { asn_number: number, bol_number: 'BOL-FIND', packing_template_id: template!.id }));
    expect(s.packing_template).toEqual({ id: template!.id, name: expect.stringMatching(/^Pallet-/) });
    const byText = await k.ok<{ data: { id: string }[]; total: number }>(200, 'GET', `/supply-shipments?search=${encodeURIComponent(number.toLowerCase())}`, k.acme);
    expect(byText.data.map((x) => x.id)).toEqual([s.id]);
    const byPo = await k.ok<{ data: { id: string }[] }>(200, 'GET', `/supply-shipments?search=${encodeURIComponent(`purchase_order_id:${po.id};kind:purchase_order;status:draft`)}`, k.acme);
    expect(byPo.data.map((x) => x.id)).toEqual([s.id]);
    const none = await k.ok<{ data: unknown[] }>(200, 'GET', `/supply-shipments?search=${encodeURIComponent(`purchase_order_id:${po.id};status:complete`)}`, k.acme);
    expect(none.data).toEqual([]);
    const ofPo = await k.ok<{ data: { id: string }[] }>(200, 'GET', `/purchase-orders/${po.id}/shipments`, k.acme);
    expect(ofPo.data.map((x) => x.id)).toEqual([s.id]);
    const nested = await k.ok<Data<SupplyShipmentDto>>(200, 'GET', `/purchase-orders/${po.id}/shipments/${s.id}`, k.acme);
    expect(nested.data.asn_number).toBe(number);
    const other = await sentPo([1]);
    expect((await k.api('GET', `/purchase-orders/${other.po.id}/shipments/${s.id}`, k.acme)).statusCode).toBe(404);
    expect((await k.api('POST', `/purchase-orders/${other.po.id}/shipments/${s.id}/ship`, k.acme)).statusCode).toBe(404);
    const shipped = await k.ok<Data<SupplyShipmentDto>>(200, 'POST', `/purchase-orders/${po.id}/shipments/${s.id}/ship`, k.acme);
    expect(shipped.data.status).toBe('in_transit');
    const sorted = await k.ok<{ data: { asn_number: string }[] }>(200, 'GET', '/supply-shipments?order_by=asn_number&order_direction=asc&per_page=500', k.acme);
    const numbers = sorted.data.map((x) => x.asn_number.toLowerCase());
    expect(numbers).toEqual([...numbers].sort());
  });
});

describe('tenancy and the supplier role', () => {
  it('Globex gets 404 on Acme shipments and POs, on every path', async () => {
    const { po } = await sentPo([3]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 3 }]));
    const before = await snapshot();
    for (const [method, url, body] of [
      ['GET', `/supply-shipments/${s.id}`], ['GET', `/supply-shipments/${s.id}/events`], ['PUT', `/supply-shipments/${s.id}`, asn([{ line_id: po.lineIds[0]!, quantity: 1 }])],
      ['POST', `/supply-shipments/${s.id}/ship`], ['POST', `/supply-shipments/${s.id}/cancel`],
      ['POST', `/purchase-orders/${po.id}/shipments`, asn([{ line_id: po.lineIds[0]!, quantity: 1 }])], ['GET', `/purchase-orders/${po.id}/shipments`],
      ['GET', `/purchase-orders/${po.id}/shipments/${s.id}`],
    ] as [string, string, object?][]) {
      const res = await k.api(method as 'GET', url, k.globex, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await k.ok<{ data: { id: string }[] }>(200, 'GET', '/supply-shipments?per_page=500', k.globex);
    expect(list.data.map((x) => x.id)).not.toContain(s.id);
    expect(await snapshot()).toEqual(before);
  });

  it('a supplier creates, edits, ships and reads ASNs of its own sent POs only; arrive, receive and cancel are 403', async () => {
    const { po, skus } = await sentPo([8]);
    const created = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 8 }]), k.supplier);
    expect(created.allowed_actions).toEqual(['ship', 'edit']);
    const edited = await k.ok<Data<SupplyShipmentDto>>(200, 'PUT', `/purchase-orders/${po.id}/shipments/${created.id}`, k.supplier,
      asn([{ line_id: po.lineIds[0]!, quantity: 8 }], { asn_number: created.asn_number, tracking_number: 'TRACK-S' }));
    expect(edited.data.tracking_number).toBe('TRACK-S');
    const shipped = await k.ok<Data<SupplyShipmentDto>>(200, 'POST', `/purchase-orders/${po.id}/shipments/${created.id}/ship`, k.supplier);
    expect(shipped.data).toMatchObject({ status: 'in_transit', allowed_actions: [] });
    expect(await balanceOf(k.t, k.acmeId, skus[0]!, dock)).toMatchObject({ in_transit: 8 });
    expect((await k.ok<{ data: unknown[] }>(200, 'GET', `/purchase-orders/${po.id}/shipments`, k.supplier)).data).toHaveLength(1);
    await k.ok(200, 'GET', `/purchase-orders/${po.id}/shipments/${created.id}/events`, k.supplier);

    const before = await snapshot();
    for (const action of ['arrive', 'cancel']) {
      expect((await k.api('POST', `/purchase-orders/${po.id}/shipments/${created.id}/${action}`, k.supplier)).statusCode, action).toBe(403);
    }
    expect((await k.api('POST', `/purchase-orders/${po.id}/shipments/${created.id}/receive`, k.supplier, { lines: [{ line_id: created.lines[0]!.id, good: 8 }] })).statusCode).toBe(403);
    // the flat paths and transfers are not the supplier's
    expect((await k.api('GET', '/supply-shipments', k.supplier)).statusCode).toBe(403);
    expect((await k.api('GET', `/supply-shipments/${created.id}`, k.supplier)).statusCode).toBe(403);
    expect((await k.api('POST', `/supply-shipments/${created.id}/receive`, k.supplier, { lines: [{ line_id: created.lines[0]!.id, good: 8 }] })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);

    // another supplier's PO, and its own PO before it was sent, are not found
    const otherSupplier = await k.supplierOf(k.acmeId, code('Other Supply'));
    const theirs = await k.po(dock, [{ skuId: skus[0]!, quantity: 2 }], { supplierId: otherSupplier });
    const draft = await k.po(dock, [{ skuId: skus[0]!, quantity: 2 }], { status: 'open' });
    const theirAsn = await createAsn(theirs.id, asn([{ line_id: theirs.lineIds[0]!, quantity: 2 }]));
    for (const target of [theirs, draft]) {
      expect((await k.api('POST', `/purchase-orders/${target.id}/shipments`, k.supplier, asn([{ line_id: target.lineIds[0]!, quantity: 1 }]))).statusCode).toBe(404);
      expect((await k.api('GET', `/purchase-orders/${target.id}/shipments`, k.supplier)).statusCode).toBe(404);
    }
    expect((await k.api('GET', `/purchase-orders/${theirs.id}/shipments/${theirAsn.id}`, k.supplier)).statusCode).toBe(404);
    expect((await k.api('POST', `/purchase-orders/${theirs.id}/shipments/${theirAsn.id}/ship`, k.supplier)).statusCode).toBe(404);
    // naming its own PO in the path does not reach another PO's shipment
    expect((await k.api('GET', `/purchase-orders/${po.id}/shipments/${theirAsn.id}`, k.supplier)).statusCode).toBe(404);
    expect(await countRows(k.t, `supply_shipments WHERE id = '${theirAsn.id}' AND status = 'draft'`)).toBe(1);
  });

  it('a tenant user without update-asn cannot receive', async () => {
    const owner = await k.t.as('owner');
    const email = `${code('asn').toLowerCase()}@supply.test`;
    const created = await k.api('POST', '/users', owner, { name: 'Reader', email, password: 'Str0ng#Pass', role: 'tenant', company_id: k.acmeId });
    expect(created.statusCode, created.body).toBe(201);
    const { permissionByName } = await import('@omnio/domain');
    await k.ok(201, 'POST', `/users/${created.json().data.id}/assign-permissions`, owner, { permissions: [permissionByName('read-asn')!.id] });
    const reader = { authorization: `Bearer ${(await k.t.login(email, 'Str0ng#Pass')).access_token}` };
    const { po } = await sentPo([1]);
    const s = await createAsn(po.id, asn([{ line_id: po.lineIds[0]!, quantity: 1 }]));
    const seen = await k.ok<Data<SupplyShipmentDto>>(200, 'GET', `/supply-shipments/${s.id}`, reader);
    expect(seen.data.allowed_actions).toEqual([]);
    expect((await k.api('POST', `/supply-shipments/${s.id}/ship`, reader)).statusCode).toBe(403);
    expect((await k.api('POST', `/purchase-orders/${po.id}/shipments`, reader, asn([{ line_id: po.lineIds[0]!, quantity: 1 }]))).statusCode).toBe(403);
  });
});
