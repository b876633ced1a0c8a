import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle } from '../../test/test-app';
import { openDatabase, type Database } from '../../platform/db/client';
import { DomainError } from '../../platform/http/errors';
import { applyMovements, reserve } from './ledger';
import { balanceOf, inTenant, ledgerViolations, makeIloc, makeSku, tenantIds } from './inventory.fixtures';

// PGlite is one connection: transactions run one after another there, so only PostgreSQL can show a race.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('concurrent reservations (PostgreSQL)', () => {
  // A clone of the test database with a pool wide enough that dozens of transactions really race.
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let t: { database: Database };
  beforeAll(async () => {
    if (!onPostgres) return;
    clone = await cloneTestDatabase();
    t = { database: await openDatabase({ databaseUrl: clone.url, dataDir: '', appRole: 'omnio_app', poolSize: 40 }) };
  });
  afterAll(async () => {
    if (!onPostgres) return;
    await t.database.close();
    await clone.database.close();
    await dropCloneWhenIdle(clone);
  });

  it.skipIf(!onPostgres)('200 concurrent reservations of 1 against qty_good 50: exactly 50 succeed, availability ends at 0', async () => {
    const { acme } = await tenantIds(t);
    const iloc = await makeIloc(t, acme, 'RACE-1');
    const sku = await makeSku(t, acme, { sku: 'RACE-SKU' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, delta: { good: 50 }, reason: 'received' }]));

    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        inTenant(t, acme, (tx) => reserve(tx, acme, { skuId: sku, ilocId: iloc, quantity: 1, reference: { type: 'order', id: `RACE-${i}` } })),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(50);
    expect(lost).toHaveLength(150);
    // Every loser is the domain's "Insufficient stock", never a deadlock or a serialization error.
    for (const l of lost) expect(l.reason).toBeInstanceOf(DomainError);
    expect(await balanceOf(t, acme, sku, iloc)).toEqual({ good: 50, hold: 0, hurt: 0, in_transit: 0, reserved: 50 });
    const [moves] = await t.database.ownerExec(`SELECT count(*)::int AS n, sum(delta_reserved)::int AS reserved FROM inventory_movements WHERE sku_id = '${sku}' AND reason = 'reserve'`);
    expect(moves).toEqual({ n: 50, reserved: 50 });
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it.skipIf(!onPostgres)('batches naming the same balances in different orders never deadlock', async () => {
    const { acme } = await tenantIds(t);
    const ilocs = [await makeIloc(t, acme, 'RACE-2'), await makeIloc(t, acme, 'RACE-3')];
    const skus = [await makeSku(t, acme, { sku: 'RACE-A' }), await makeSku(t, acme, { sku: 'RACE-B' })];
    const pairs = skus.flatMap((skuId) => ilocs.map((ilocId) => ({ skuId, ilocId })));
    // Each batch lists the four balances in its own order; the ledger locks them in one fixed order.
    const batches = Array.from({ length: 40 }, (_, i) => [...pairs].sort(() => (((i * 7919) % 13) / 13 < 0.5 ? -1 : 1) * (Math.random() < 0.5 ? 1 : -1)));
    const outcomes = await Promise.allSettled(
      batches.map((batch, i) =>
        inTenant(t, acme, async (tx) => {
          await applyMovements(tx, acme, batch.map((p) => ({ ...p, delta: { good: 2 }, reason: 'received' as const })));
          if (i % 2) await reserve(tx, acme, { skuId: batch[0]!.skuId, ilocId: batch[0]!.ilocId, quantity: 1, reference: { type: 'order', id: `MIX-${i}` } });
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    let reserved = 0;
    for (const p of pairs) {
      const b = await balanceOf(t, acme, p.skuId, p.ilocId);
      expect(b.good).toBe(80);
      reserved += b.reserved;
    }
    expect(reserved).toBe(20);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});
