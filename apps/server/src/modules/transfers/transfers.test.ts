import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TRANSFER_STATUSES, transferTransition } from '@omnio/domain';
import { asn, balanceOf, code, ledgerViolations, makeIloc, makeSku, supplyKit, type SupplyKit } from '../supply-shipments/supply.fixtures';
import type { SupplyShipmentDto } from '../supply-shipments/supply-shipments.read';
import type { TransferDto } from './transfers.read';

let k: SupplyKit;
let east = '';
let west = '';
beforeAll(async () => {
  k = await supplyKit();
  east = await makeIloc(k.t, k.acmeId, code('EAST'));
  west = await makeIloc(k.t, k.acmeId, code('WEST'));
});
afterAll(() => k.close());

type Data<T> = { data: T };
const TABLES = ['transfers', 'transfer_lines', 'supply_shipments', 'supply_shipment_lines', 'inventory_movements', 'inventory_balances', 'status_events', 'document_counters'];
const snapshot = () => Promise.all(TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));
const create = async (body: object) => (await k.ok<Data<TransferDto>>(201, 'POST', '/transfers', k.acme, body)).data;
const act = async (id: string, action: string) => (await k.ok<Data<TransferDto>>(200, 'POST', `/transfers/${id}/${action}`, k.acme)).data;
const shipAct = async (id: string, action: string, body?: object) => (await k.ok<Data<SupplyShipmentDto>>(200, 'POST', `/supply-shipments/${id}/${action}`, k.acme, body)).data;

/** A SKU with `good` units at east. */
async function stocked(good: number) {
  const sku = code('TEE');
  const id = await makeSku(k.t, k.acmeId, { sku });
  if (good) await k.stock(id, east, good);
  return { id, sku };
}

describe('transfers: create, edit, delete', () => {
  it('creates a numbered draft resolving SKU codes case-insensitively; edits and deletes only as allowed', async () => {
    const a = await stocked(0);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, estimated_delivery: '2026-12-01', notes: 'Restock', lines: [{ sku: a.sku.toLowerCase(), quantity: 3 }] });
    expect(t).toMatchObject({
      status: 'draft', from_iloc: { id: east }, to_iloc: { id: west }, estimated_delivery: '2026-12-01', notes: 'Restock', line_count: 1, qty_total: 3,
      qty_shipped: 0, qty_received: 0, error_message: null, shipments: [], allowed_actions: ['confirm', 'cancel', 'edit'],
    });
    expect(t.number).toMatch(/^TR-\d{6}$/);
    expect(t.lines).toEqual([expect.objectContaining({ line_no: 1, sku_id: a.id, sku: a.sku, quantity: 3, qty_reserved: 0 })]);
    const next = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] });
    expect(Number(next.number.slice(3))).toBe(Number(t.number.slice(3)) + 1);

    const edited = await k.ok<Data<TransferDto>>(200, 'PUT', `/transfers/${t.id}`, k.acme, { from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 7 }, { sku: a.sku, quantity: 1 }] });
    expect(edited.data).toMatchObject({ qty_total: 8, line_count: 2, notes: null });
    await k.ok(204, 'DELETE', `/transfers/${next.id}`, k.acme);
    expect((await k.api('GET', `/transfers/${next.id}`, k.acme)).statusCode).toBe(404);

    const list = await k.ok<{ data: { id: string }[] }>(200, 'GET', `/transfers?search=${encodeURIComponent(`number:${t.number};status:draft;sku:${a.sku}`)}`, k.acme);
    expect(list.data.map((x) => x.id)).toEqual([t.id]);
    const events = await k.ok<{ data: { action: string; to_status: string }[] }>(200, 'GET', `/transfers/${t.id}/events`, k.acme);
    expect(events.data.map((e) => e.action)).toEqual(['create', 'edit']);
  });

  it('refuses unknown SKUs, unknown or archived ilocs and the same iloc twice with 422, writing nothing', async () => {
    const a = await stocked(0);
    const archived = await makeIloc(k.t, k.acmeId, code('OLD'));
    await k.t.database.ownerExec(`UPDATE ilocs SET archived_at = now() WHERE id = '${archived}'`);
    const gIloc = await makeIloc(k.t, k.globexId, code('G'));
    const before = await snapshot();
    const cases: [object, Record<string, string[]> | string][] = [
      [{ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }, { sku: 'NO-SUCH-SKU', quantity: 1 }] }, { 'lines.1.sku': ['SKU not found'] }],
      [{ from_iloc_id: east, to_iloc_id: archived, lines: [{ sku: a.sku, quantity: 1 }] }, { to_iloc_id: ['The iloc is archived'] }],
      [{ from_iloc_id: gIloc, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] }, { from_iloc_id: ['The iloc does not exist'] }],
      [{ from_iloc_id: east, to_iloc_id: east, lines: [{ sku: a.sku, quantity: 1 }] }, 'to_iloc_id'],
      [{ from_iloc_id: east, to_iloc_id: west, lines: [] }, 'lines'],
      [{ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: -2 }] }, 'lines.0.quantity'],
      [{ from_iloc_id: 'east', to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] }, 'from_iloc_id'],
    ];
    for (const [body, expected] of cases) {
      const res = await k.api('POST', '/transfers', k.acme, body);
      expect(res.statusCode, res.body).toBe(422);
      if (typeof expected === 'string') expect(res.json().errors).toHaveProperty([expected]);
      else expect(res.json().errors).toEqual(expected);
    }
    expect((await k.api('GET', '/transfers/not-a-uuid', k.acme)).statusCode).toBe(404);
    expect((await k.api('POST', '/transfers/not-a-uuid/confirm', k.acme)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('confirm', () => {
  it('on a shortage reserves nothing and answers the transfer in error naming the SKU; confirming again after a receipt reserves all', async () => {
    const a = await stocked(10);
    const b = await stocked(2);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 6 }, { sku: b.sku, quantity: 5 }] });
    const failed = await act(t.id, 'confirm');
    expect(failed).toMatchObject({ status: 'error', allowed_actions: ['confirm', 'cancel', 'edit'] });
    expect(failed.error_message).toBe(`Not enough stock at the source: ${b.sku}: 5 needed, 2 available`);
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 10, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, b.id, east)).toMatchObject({ good: 2, reserved: 0 });
    expect(failed.lines.map((l) => l.qty_reserved)).toEqual([0, 0]);

    await k.stock(b.id, east, 3);
    const ok = await act(t.id, 'confirm');
    expect(ok).toMatchObject({ status: 'confirmed', error_message: null, allowed_actions: ['complete', 'cancel', 'ship'] });
    expect(ok.confirmed_at).toEqual(expect.any(String));
    expect(ok.lines.map((l) => l.qty_reserved)).toEqual([6, 5]);
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 10, reserved: 6 });
    expect(await balanceOf(k.t, k.acmeId, b.id, east)).toMatchObject({ good: 5, reserved: 5 });
    const moves = await k.query<{ reason: string; sku_id: string; delta_reserved: number; delta_good: number }>(sql`
      SELECT reason, sku_id, delta_reserved, delta_good FROM inventory_movements WHERE reference_type = 'transfer' AND reference_id = ${t.id} ORDER BY id`);
    expect(moves).toEqual([{ reason: 'reserve', sku_id: a.id, delta_reserved: 6, delta_good: 0 }, { reason: 'reserve', sku_id: b.id, delta_reserved: 5, delta_good: 0 }]);
    const events = await k.ok<{ data: { action: string; from_status: string; to_status: string }[] }>(200, 'GET', `/transfers/${t.id}/events`, k.acme);
    expect(events.data.map((e) => [e.action, e.from_status, e.to_status])).toEqual([['create', null, 'draft'], ['confirm', 'draft', 'error'], ['confirm', 'error', 'confirmed']]);
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('a transfer in error may be edited (it stays in error) and cancelled, reserving nothing either way', async () => {
    const a = await stocked(1);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 3 }] });
    expect((await act(t.id, 'confirm')).status).toBe('error');
    const edited = await k.ok<Data<TransferDto>>(200, 'PUT', `/transfers/${t.id}`, k.acme, { from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] });
    expect(edited.data).toMatchObject({ status: 'error', qty_total: 1 });
    const cancelled = await act(t.id, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 1, reserved: 0 });
    expect((await k.api('DELETE', `/transfers/${t.id}`, k.acme)).statusCode).toBe(409);
  });

  it('two lines of one SKU draw on one balance: together they must fit', async () => {
    const a = await stocked(5);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 3 }, { sku: a.sku, quantity: 3 }] });
    const r = await act(t.id, 'confirm');
    expect(r.status).toBe('error');
    expect(r.error_message).toContain(`${a.sku}: 6 needed, 5 available`);
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ reserved: 0 });
  });
});

describe('transfer end to end', () => {
  it('confirm → ship (out of the source, into transit) → receive → completed, stock moved and the ledger whole', async () => {
    const a = await stocked(10);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 4 }] });
    await act(t.id, 'confirm');
    const line = t.lines[0]!.id;

    const over = await k.api('POST', `/transfers/${t.id}/shipments`, k.acme, asn([{ line_id: line, quantity: 5 }]));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['lines.0.quantity'][0]).toMatch(/^Only 4 reserved units/);

    const s = (await k.ok<Data<SupplyShipmentDto>>(201, 'POST', `/transfers/${t.id}/shipments`, k.acme, asn([{ line_id: line, quantity: 4 }]))).data;
    expect(s).toMatchObject({ kind: 'transfer', transfer: { id: t.id, number: t.number }, purchase_order: null, from_iloc: { id: east }, to_iloc: { id: west } });
    const shipped = (await k.ok<Data<SupplyShipmentDto>>(200, 'POST', `/transfers/${t.id}/shipments/${s.id}/ship`, k.acme)).data;
    expect(shipped.status).toBe('in_transit');
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 6, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, a.id, west)).toMatchObject({ good: 0, in_transit: 4 });
    const moves = await k.query<{ reason: string; iloc_id: string; dg: number; dr: number; dt: number }>(sql`
      SELECT reason, iloc_id, delta_good AS dg, delta_reserved AS dr, delta_in_transit AS dt FROM inventory_movements
      WHERE reference_id = ${s.id} ORDER BY id`);
    expect(moves.map((m) => [m.reason, m.iloc_id, m.dg, m.dr, m.dt]).sort()).toEqual([
      ['in_transit', west, 0, 0, 4], ['transfer_out', east, -4, -4, 0],
    ].sort());

    // complete and cancel wait while units are on the way
    for (const action of ['complete', 'cancel']) {
      const res = await k.api('POST', `/transfers/${t.id}/${action}`, k.acme);
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'confirmed', action });
    }

    const received = (await k.ok<Data<SupplyShipmentDto>>(200, 'POST', `/transfers/${t.id}/shipments/${s.id}/receive`, k.acme, { lines: [{ line_id: s.lines[0]!.id, good: 4 }] })).data;
    expect(received.status).toBe('complete');
    expect(await balanceOf(k.t, k.acmeId, a.id, west)).toMatchObject({ good: 4, in_transit: 0 });
    const done = (await k.ok<Data<TransferDto>>(200, 'GET', `/transfers/${t.id}?include=events`, k.acme)).data;
    expect(done).toMatchObject({ status: 'completed', qty_shipped: 4, qty_received: 4, allowed_actions: [] });
    expect(done.shipments.map((x) => [x.id, x.status])).toEqual([[s.id, 'complete']]);
    expect(done.events!.map((e) => e.action)).toEqual(['create', 'confirm', 'complete']);
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('cancelling a shipment in transit puts its units back at the source, reserved again; cancelling the transfer releases them', async () => {
    const a = await stocked(10);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 5 }] });
    await act(t.id, 'confirm');
    const s = (await k.ok<Data<SupplyShipmentDto>>(201, 'POST', `/transfers/${t.id}/shipments`, k.acme, asn([{ line_id: t.lines[0]!.id, quantity: 3 }]))).data;
    await shipAct(s.id, 'ship');
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 7, reserved: 2 });
    await shipAct(s.id, 'cancel');
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 10, reserved: 5 });
    expect(await balanceOf(k.t, k.acmeId, a.id, west)).toMatchObject({ in_transit: 0 });
    const draft = (await k.ok<Data<SupplyShipmentDto>>(201, 'POST', `/transfers/${t.id}/shipments`, k.acme, asn([{ line_id: t.lines[0]!.id, quantity: 5 }]))).data;

    const cancelled = await act(t.id, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 10, reserved: 0 });
    expect(cancelled.shipments.find((x) => x.id === draft.id)!.status).toBe('cancelled');
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('a pack line reserves, ships and receives its base units (×pack quantity)', async () => {
    const base = await stocked(30);
    const pack = code('SIX');
    await makeSku(k.t, k.acmeId, { sku: pack, packOf: { skuId: base.id, quantity: 6 } });
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: pack, quantity: 4 }] });
    expect((await act(t.id, 'confirm')).status).toBe('confirmed');
    expect(await balanceOf(k.t, k.acmeId, base.id, east)).toMatchObject({ good: 30, reserved: 24 });
    const s = (await k.ok<Data<SupplyShipmentDto>>(201, 'POST', `/transfers/${t.id}/shipments`, k.acme, asn([{ line_id: t.lines[0]!.id, quantity: 4 }]))).data;
    await shipAct(s.id, 'ship');
    expect(await balanceOf(k.t, k.acmeId, base.id, east)).toMatchObject({ good: 6, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, base.id, west)).toMatchObject({ in_transit: 24 });
    await shipAct(s.id, 'receive', { lines: [{ line_id: s.lines[0]!.id, good: 4 }] });
    expect(await balanceOf(k.t, k.acmeId, base.id, west)).toMatchObject({ good: 24, in_transit: 0 });
    expect((await k.ok<Data<TransferDto>>(200, 'GET', `/transfers/${t.id}`, k.acme)).data.status).toBe('completed');
    expect(await ledgerViolations(k.t)).toEqual([]);
  });

  it('complete closes early: what arrived stays, the rest of the reservation is released', async () => {
    const a = await stocked(10);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 6 }] });
    await act(t.id, 'confirm');
    const s = (await k.ok<Data<SupplyShipmentDto>>(201, 'POST', `/transfers/${t.id}/shipments`, k.acme, asn([{ line_id: t.lines[0]!.id, quantity: 2 }]))).data;
    await shipAct(s.id, 'ship');
    await shipAct(s.id, 'receive', { lines: [{ line_id: s.lines[0]!.id, good: 1, hurt: 1 }] });
    const done = await act(t.id, 'complete');
    expect(done).toMatchObject({ status: 'completed', qty_received: 2 });
    expect(await balanceOf(k.t, k.acmeId, a.id, east)).toMatchObject({ good: 8, reserved: 0 });
    expect(await balanceOf(k.t, k.acmeId, a.id, west)).toMatchObject({ good: 1, hurt: 1, in_transit: 0 });
    expect(await ledgerViolations(k.t)).toEqual([]);
  });
});

describe('transfer transitions', () => {
  it('the table: completed and cancelled are final; ship only while confirmed', () => {
    for (const s of TRANSFER_STATUSES) expect(transferTransition(s, 'ship') !== null).toBe(s === 'confirmed');
    expect(transferTransition('completed', 'cancel')).toBeNull();
    expect(transferTransition('cancelled', 'confirm')).toBeNull();
  });

  it('refuses what the status does not allow with 409 and changes nothing', async () => {
    const a = await stocked(5);
    const draft = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] });
    const confirmed = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] });
    await act(confirmed.id, 'confirm');
    const cancelled = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] });
    await act(cancelled.id, 'cancel');
    const before = await snapshot();
    const body = { from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 2 }] };
    const refusals: [string, string, string, object?][] = [
      ['POST', `/transfers/${draft.id}/complete`, 'draft'],
      ['POST', `/transfers/${confirmed.id}/confirm`, 'confirmed'],
      ['PUT', `/transfers/${confirmed.id}`, 'confirmed', body],
      ['DELETE', `/transfers/${confirmed.id}`, 'confirmed'],
      ['POST', `/transfers/${cancelled.id}/cancel`, 'cancelled'],
      ['POST', `/transfers/${cancelled.id}/confirm`, 'cancelled'],
      ['POST', `/transfers/${draft.id}/shipments`, 'draft', asn([{ line_id: draft.lines[0]!.id, quantity: 1 }])],
    ];
    for (const [method, url, from, payload] of refusals) {
      const res = await k.api(method as 'POST', url, k.acme, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('tenancy and roles', () => {
  it('Globex gets 404 on Acme transfers; a supplier user gets 403', async () => {
    const a = await stocked(5);
    const t = await create({ from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] });
    const before = await snapshot();
    for (const [method, url] of [['GET', `/transfers/${t.id}`], ['GET', `/transfers/${t.id}/events`], ['POST', `/transfers/${t.id}/confirm`], ['DELETE', `/transfers/${t.id}`], ['GET', `/transfers/${t.id}/shipments`]]) {
      expect((await k.api(method as 'GET', url!, k.globex)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await k.api('PUT', `/transfers/${t.id}`, k.globex, { from_iloc_id: east, to_iloc_id: west, lines: [{ sku: a.sku, quantity: 1 }] })).statusCode).toBe(404);
    const list = await k.ok<{ data: { id: string }[] }>(200, 'GET', '/transfers?per_page=500', k.globex);
    expect(list.data.map((x) => x.id)).not.toContain(t.id);
    for (const [method, url] of [['GET', '/transfers'], ['GET', `/transfers/${t.id}`], ['POST', `/transfers/${t.id}/confirm`], ['GET', `/transfers/${t.id}/shipments`]]) {
      expect((await k.api(method as 'GET', url!, k.supplier)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
