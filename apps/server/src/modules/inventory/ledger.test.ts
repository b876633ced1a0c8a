import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';
import { applyMovementBatch, applyMovements, consume, dropEmptyBalances, INSUFFICIENT_STOCK, moveStockIntoSynset, release, reserve, skuHasStock, stockHolder } from './ledger';
import { balanceOf, inTenant, ledgerViolations, makeIloc, makeSku, makeSynset, tenantIds } from './inventory.fixtures';

let t: TestApp;
let acme: string;
let globex: string;
let iloc: string;
let iloc2: string;

const ref = { type: 'order', id: 'SO-1' };

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await tenantIds(t));
  iloc = await makeIloc(t, acme, 'LEDGER-1');
  iloc2 = await makeIloc(t, acme, 'LEDGER-2');
});
afterAll(() => t.close());

async function expectInsufficient(p: Promise<unknown>, field: string): Promise<void> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).extra.errors).toEqual({ [field]: ['Insufficient stock'] });
}

describe('applyMovements', () => {
  it('creates the balance on first receipt and appends one movement per input', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-RECV' });
    const [balance] = await inTenant(t, acme, (tx) =>
      applyMovements(tx, acme, [
        { skuId: sku, ilocId: iloc, delta: { good: 10, hurt: 2 }, reason: 'received', reference: { type: 'po', id: 'PO-9' }, note: 'dock 3' },
      ]),
    );
    expect(balance).toMatchObject({ skuId: sku, ilocId: iloc, qtyGood: 10, qtyHurt: 2, qtyAvailable: 10 });
    const moves = await t.database.ownerExec(`SELECT * FROM inventory_movements WHERE sku_id = '${sku}'`);
    expect(moves).toEqual([expect.objectContaining({ delta_good: 10, delta_hurt: 2, delta_reserved: 0, reason: 'received', reference_type: 'po', reference_id: 'PO-9', note: 'dock 3' })]);
  });

  it('refuses a batch that would take any bucket below zero, naming the field, and writes nothing', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-ATOMIC' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, delta: { good: 5 }, reason: 'received' }]));
    const before = await t.database.ownerExec('SELECT count(*)::int AS n FROM inventory_movements');
    await expectInsufficient(
      inTenant(t, acme, (tx) =>
        applyMovements(tx, acme, [
          { skuId: sku, ilocId: iloc2, delta: { good: 3 }, reason: 'received', field: 'adjustments.0.delta' },
          { skuId: sku, ilocId: iloc, delta: { good: -6 }, reason: 'lost', field: 'adjustments.1.delta' },
        ]),
      ),
      'adjustments.1.delta',
    );
    expect(await t.database.ownerExec('SELECT count(*)::int AS n FROM inventory_movements')).toEqual(before);
    expect(await balanceOf(t, acme, sku, iloc)).toMatchObject({ good: 5 });
    expect(await balanceOf(t, acme, sku, iloc2)).toMatchObject({ good: 0 });
  });

  it('a count (set) computes its delta from the balance under lock; a matching count writes no movement', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-SET' });
    const result = await inTenant(t, acme, (tx) =>
      applyMovementBatch(tx, acme, [
        { skuId: sku, ilocId: iloc, delta: { good: 7 }, reason: 'received' },
        { skuId: sku, ilocId: iloc, set: { bucket: 'good', quantity: 4 }, reason: 'cycle_count' },
        { skuId: sku, ilocId: iloc, set: { bucket: 'good', quantity: 4 }, reason: 'cycle_count' },
        { skuId: sku, ilocId: iloc, set: { bucket: 'hold', quantity: 2 }, reason: 'cycle_count' },
      ]),
    );
    expect(result.deltas.map((d) => [d.good, d.hold])).toEqual([[7, 0], [-3, 0], [0, 0], [0, 2]]);
    expect(result.movements).toBe(3);
    expect(result.balances).toEqual([expect.objectContaining({ qtyGood: 4, qtyHold: 2 })]);
  });

  it('cannot count good below what is reserved', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-SET-RES' });
    await inTenant(t, acme, async (tx) => {
      await applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, delta: { good: 5 }, reason: 'received' }]);
      await reserve(tx, acme, { skuId: sku, ilocId: iloc, quantity: 3, reference: ref });
    });
    await expectInsufficient(
      inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, set: { bucket: 'good', quantity: 2 }, reason: 'cycle_count', field: 'x.set' }])),
      'x.set',
    );
  });

  it('skip mode leaves out only the inputs that would go below zero', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-SKIP' });
    const result = await inTenant(t, acme, (tx) =>
      applyMovementBatch(
        tx,
        acme,
        [
          { skuId: sku, ilocId: iloc, delta: { good: 2 }, reason: 'received' },
          { skuId: sku, ilocId: iloc, delta: { good: -3 }, reason: 'lost' },
          { skuId: sku, ilocId: iloc, delta: { good: -2 }, reason: 'lost' },
        ],
        { onInsufficient: 'skip' },
      ),
    );
    expect(result.rejected).toEqual([1]);
    expect(result.movements).toBe(2);
    expect(await balanceOf(t, acme, sku, iloc)).toMatchObject({ good: 0 });
  });
});

describe('a batch of reservations', () => {
  /** Two new SKUs, each with `good` units received at iloc. */
  async function receivedSkus(wanted: [[code: string, good: number], [code: string, good: number]]): Promise<[string, string]> {
    const ids = [await makeSku(t, acme, { sku: wanted[0][0] }), await makeSku(t, acme, { sku: wanted[1][0] })] as [string, string];
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, ids.map((skuId, i) => ({ skuId, ilocId: iloc, delta: { good: wanted[i]![1] }, reason: 'received' as const }))));
    return ids;
  }

  it('reserves every input when each balance has the units for all of its inputs, with one movement each', async () => {
    const [a, b] = await receivedSkus([['L-RES-A', 5], ['L-RES-B', 1]]);
    const result = await inTenant(t, acme, (tx) => applyMovementBatch(tx, acme, [
      { skuId: a, ilocId: iloc, delta: { reserved: 2 }, reason: 'reserve' },
      { skuId: b, ilocId: iloc, delta: { reserved: 1 }, reason: 'reserve' },
      { skuId: a, ilocId: iloc, delta: { reserved: 3 }, reason: 'reserve' },
    ], { onInsufficient: 'skip' }));
    expect(result.rejected).toEqual([]);
    expect(result.movements).toBe(3);
    expect(result.balances.map((x) => [x.skuId, x.qtyReserved, x.qtyAvailable])).toEqual(
      [[a, 5, 0], [b, 1, 0]].sort((x, y) => ((x[0] as string) < (y[0] as string) ? -1 : 1)));
    expect(await balanceOf(t, acme, a, iloc)).toMatchObject({ good: 5, reserved: 5 });
  });

  it('when one balance falls short, skip mode reserves the inputs that fit in order and throw mode writes nothing', async () => {
    const [a, b] = await receivedSkus([['L-RES-C', 4], ['L-RES-D', 2]]);
    const inputs = [
      { skuId: a, ilocId: iloc, delta: { reserved: 3 }, reason: 'reserve' as const },
      { skuId: a, ilocId: iloc, delta: { reserved: 2 }, reason: 'reserve' as const },
      { skuId: b, ilocId: iloc, delta: { reserved: 2 }, reason: 'reserve' as const },
    ];
    await expect(inTenant(t, acme, (tx) => applyMovementBatch(tx, acme, inputs))).rejects.toThrow(INSUFFICIENT_STOCK);
    expect(await balanceOf(t, acme, a, iloc)).toMatchObject({ good: 4, reserved: 0 });
    const result = await inTenant(t, acme, (tx) => applyMovementBatch(tx, acme, inputs, { onInsufficient: 'skip' }));
    expect(result.rejected).toEqual([1]);
    expect(result.movements).toBe(2);
    expect(await balanceOf(t, acme, a, iloc)).toMatchObject({ good: 4, reserved: 3 });
    expect(await balanceOf(t, acme, b, iloc)).toMatchObject({ good: 2, reserved: 2 });
  });

  it('in skip mode a short balance keeps what its earlier inputs took and leaves out the rest, a pair without a balance takes nothing', async () => {
    const [a, b] = await receivedSkus([['L-RES-E', 4], ['L-RES-F', 3]]);
    const none = await makeSku(t, acme, { sku: 'L-RES-G' });
    const reserve = (skuId: string, reserved: number) => ({ skuId, ilocId: iloc, delta: { reserved }, reason: 'reserve' as const, reference: { type: 'order', id: 'o-1' } });
    const result = await inTenant(t, acme, (tx) => applyMovementBatch(tx, acme, [
      reserve(a, 3), reserve(b, 3), reserve(a, 2), reserve(none, 1), reserve(a, 1),
    ], { onInsufficient: 'skip' }));
    // a: 3 fits, 3 + 2 does not, and the 1 after it waits for a re-plan too; b fits whole; none has no stock.
    expect(result.rejected).toEqual([2, 3, 4]);
    expect(result.movements).toBe(2);
    expect(result.deltas.map((d) => d.reserved)).toEqual([3, 3, 0, 0, 0]);
    expect(await balanceOf(t, acme, a, iloc)).toMatchObject({ good: 4, reserved: 3 });
    expect(await balanceOf(t, acme, b, iloc)).toMatchObject({ good: 3, reserved: 3 });
    expect(result.balances.find((x) => x.skuId === none)).toMatchObject({ qtyGood: 0, qtyReserved: 0 });
    const moves = await inTenant(t, acme, (tx) => queryRows(tx, sql`
      SELECT sku_id, delta_reserved, reference_id FROM inventory_movements WHERE sku_id IN (${a}::uuid, ${b}::uuid) AND reason = 'reserve' ORDER BY delta_reserved`));
    expect(moves).toEqual([
      { sku_id: a, delta_reserved: 3, reference_id: 'o-1' },
      { sku_id: b, delta_reserved: 3, reference_id: 'o-1' },
    ]);
  });
});

describe('stock holders and reservations', () => {
  it('a PACK reserves base units: 1 pack of 6 reserves 6', async () => {
    const base = await makeSku(t, acme, { sku: 'L-BASE' });
    const pack = await makeSku(t, acme, { sku: 'L-BASE-6PK', packOf: { skuId: base, quantity: 6 } });
    expect(await inTenant(t, acme, (tx) => stockHolder(tx, acme, pack))).toEqual({ holderSkuId: base, factor: 6 });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: base, ilocId: iloc, delta: { good: 13 }, reason: 'received' }]));

    const after = await inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: pack, ilocId: iloc, quantity: 2, reference: ref }));
    expect(after).toMatchObject({ skuId: base, qtyGood: 13, qtyReserved: 12, qtyAvailable: 1 });
    await expectInsufficient(inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: pack, ilocId: iloc, quantity: 1, reference: ref, field: 'lines.0.quantity' })), 'lines.0.quantity');
    await inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: base, ilocId: iloc, quantity: 1, reference: ref }));

    await inTenant(t, acme, (tx) => release(tx, acme, { skuId: pack, ilocId: iloc, quantity: 1, reference: ref }));
    const shipped = await inTenant(t, acme, (tx) => consume(tx, acme, { skuId: pack, ilocId: iloc, quantity: 1, reference: ref }));
    expect(shipped).toMatchObject({ qtyGood: 7, qtyReserved: 1, qtyAvailable: 6 });
    await expectInsufficient(inTenant(t, acme, (tx) => release(tx, acme, { skuId: pack, ilocId: iloc, quantity: 1, reference: ref })), 'quantity');
    await expectInsufficient(inTenant(t, acme, (tx) => consume(tx, acme, { skuId: base, ilocId: iloc, quantity: 2, reference: ref })), 'quantity');

    const moves = await t.database.ownerExec(`SELECT reason, delta_good, delta_reserved, reference_type, reference_id FROM inventory_movements WHERE sku_id = '${base}' ORDER BY id`);
    expect(moves.map((m) => [m.reason, m.delta_good, m.delta_reserved])).toEqual([
      ['received', 13, 0], ['reserve', 0, 12], ['reserve', 0, 1], ['release', 0, -6], ['consume', -6, -6],
    ]);
    expect(moves.every((m, i) => i === 0 || (m.reference_type === 'order' && m.reference_id === 'SO-1'))).toBe(true);
  });

  it('a synset member reserves from the pool; a pack of a member too', async () => {
    const red = await makeSku(t, acme, { sku: 'L-RED' });
    const redAmz = await makeSku(t, acme, { sku: 'L-RED-AMZ' });
    const pool = await makeSynset(t, acme, 'L-RED-POOL', [red, redAmz]);
    const twin = await makeSku(t, acme, { sku: 'L-RED-2PK', packOf: { skuId: redAmz, quantity: 2 } });
    expect(await inTenant(t, acme, (tx) => stockHolder(tx, acme, redAmz))).toEqual({ holderSkuId: pool, factor: 1 });
    expect(await inTenant(t, acme, (tx) => stockHolder(tx, acme, twin))).toEqual({ holderSkuId: pool, factor: 2 });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: pool, ilocId: iloc, delta: { good: 4 }, reason: 'received' }]));

    await inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: red, ilocId: iloc, quantity: 1, reference: ref }));
    const after = await inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: twin, ilocId: iloc, quantity: 1, reference: ref }));
    expect(after).toMatchObject({ skuId: pool, qtyReserved: 3, qtyAvailable: 1 });
    await expectInsufficient(inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: redAmz, ilocId: iloc, quantity: 2, reference: ref })), 'quantity');
  });

  it('an unknown SKU is not found, and a quantity must be a whole number above zero', async () => {
    const err = await inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: '00000000-0000-4000-8000-000000000000', ilocId: iloc, quantity: 1, reference: ref })).catch((e: DomainError) => e);
    expect(err).toMatchObject({ code: 'NOT_FOUND' });
    const sku = await makeSku(t, acme, { sku: 'L-QTY' });
    for (const quantity of [0, -1, 1.5]) {
      const bad = await inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: sku, ilocId: iloc, quantity, reference: ref })).catch((e: DomainError) => e);
      expect(bad).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it("another tenant's SKU is not found: row-level security hides it", async () => {
    const sku = await makeSku(t, acme, { sku: 'L-HIDDEN' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, delta: { good: 3 }, reason: 'received' }]));
    const err = await inTenant(t, globex, (tx) => reserve(tx, globex, { skuId: sku, ilocId: iloc, quantity: 1, reference: ref })).catch((e: DomainError) => e);
    expect(err).toMatchObject({ code: 'NOT_FOUND' });
    expect(await balanceOf(t, acme, sku, iloc)).toMatchObject({ good: 3, reserved: 0 });
  });
});

describe('synset merge, stock checks, iloc delete guard', () => {
  it('moveStockIntoSynset moves every bucket at every iloc with paired synset_merge movements', async () => {
    const member = await makeSku(t, acme, { sku: 'L-MERGE-A' });
    const other = await makeSku(t, acme, { sku: 'L-MERGE-B' });
    await inTenant(t, acme, async (tx) => {
      await applyMovements(tx, acme, [
        { skuId: member, ilocId: iloc, delta: { good: 5, hold: 1, hurt: 2, in_transit: 3 }, reason: 'received' },
        { skuId: member, ilocId: iloc2, delta: { good: 4 }, reason: 'received' },
      ]);
      await reserve(tx, acme, { skuId: member, ilocId: iloc, quantity: 2, reference: ref });
    });
    const synset = await makeSynset(t, acme, 'L-MERGE-POOL', [other]);
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: synset, ilocId: iloc, delta: { good: 1 }, reason: 'received' }]));

    const balances = await inTenant(t, acme, (tx) => moveStockIntoSynset(tx, acme, { memberSkuId: member, synsetSkuId: synset }));
    expect(balances).toHaveLength(4);
    expect(await balanceOf(t, acme, member, iloc)).toEqual({ good: 0, hold: 0, hurt: 0, in_transit: 0, reserved: 0 });
    expect(await balanceOf(t, acme, synset, iloc)).toEqual({ good: 6, hold: 1, hurt: 2, in_transit: 3, reserved: 2 });
    expect(await balanceOf(t, acme, synset, iloc2)).toMatchObject({ good: 4 });
    const merges = await t.database.ownerExec(`SELECT count(*)::int AS n FROM inventory_movements WHERE reason = 'synset_merge' AND reference_id = '${synset}'`);
    expect(merges[0]!.n).toBe(4);
    expect(await inTenant(t, acme, (tx) => skuHasStock(tx, acme, member))).toBe(false);
    expect(await inTenant(t, acme, (tx) => skuHasStock(tx, acme, synset))).toBe(true);
  });

  it('dropEmptyBalances removes all-zero rows only when nothing is held', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-EMPTY' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [
      { skuId: sku, ilocId: iloc, delta: { good: 1 }, reason: 'received' },
      { skuId: sku, ilocId: iloc2, delta: { good: 1 }, reason: 'received' },
      { skuId: sku, ilocId: iloc, delta: { good: -1 }, reason: 'lost' },
    ]));
    expect(await inTenant(t, acme, (tx) => dropEmptyBalances(tx, acme, { skuId: sku }))).toBe(false);
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc2, delta: { good: -1 }, reason: 'lost' }]));
    expect(await inTenant(t, acme, (tx) => dropEmptyBalances(tx, acme, { skuId: sku }))).toBe(true);
    expect(await t.database.ownerExec(`SELECT * FROM inventory_balances WHERE sku_id = '${sku}'`)).toEqual([]);
  });

  it('an iloc with stock cannot be deleted; an emptied one can', async () => {
    const owner = await t.as('acmeTenant');
    const place = await makeIloc(t, acme, 'LEDGER-DEL');
    const sku = await makeSku(t, acme, { sku: 'L-DEL' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: place, delta: { hurt: 1 }, reason: 'damaged' }]));
    const url = `/api/1.0/tenants/${acme}/ilocs/${place}`;
    const refused = await t.app.inject({ method: 'DELETE', url, headers: owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'iloc has stock', code: 'CONFLICT' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: place, delta: { hurt: -1 }, reason: 'correction' }]));
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner })).statusCode).toBe(204);
  });
});

describe('append-only ledger', () => {
  it('the application role cannot update or delete movements', async () => {
    const sku = await makeSku(t, acme, { sku: 'L-APPEND' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, delta: { good: 1 }, reason: 'received' }]));
    const update = await inTenant(t, acme, (tx) => tx.execute(sql`UPDATE inventory_movements SET delta_good = 100`)).catch((e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code);
    const remove = await inTenant(t, acme, (tx) => tx.execute(sql`DELETE FROM inventory_movements`)).catch((e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code);
    expect(update).toBe('42501');
    expect(remove).toBe('42501');
    expect(await ledgerViolations(t)).toEqual([]);
  });
});
