import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { TOrderInput } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { withTenant } from '../../platform/db/tenant';
import { applyMovements } from '../inventory/ledger';
import { balanceOf, inTenant } from '../inventory/inventory.fixtures';
import { createOrders, createOrdersPartial, IMPORT_TX } from './order-create';
import { registerBeforeImportOrderHook } from './order-pipeline';
import { ADDRESS, orderWorld, stockedSku, uniq, type OrderWorld } from './orders.test-kit';

// The round trips one import transaction sends, pinned (issue 4 measured them; the orders-create and orders-batch
// benches depend on them). Each entry is one message to PostgreSQL: its statements' first words, and the table
// they write. A change here is a change of the pipeline's cost: measure it with the benches before updating.
// Only PostgreSQL has round trips (PGlite runs in-process).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let world: OrderWorld;
let skus: { code: string; id: string }[];
let removeHook: (() => void) | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  world = await orderWorld(t);
  const headers = await t.as('acmeTenant');
  skus = [await stockedSku(t, world, headers, [1_000, 1_000]), await stockedSku(t, world, headers, [1_000, 1_000])];
});
afterAll(async () => {
  if (onPostgres) await t.close();
});
afterEach(() => {
  removeHook?.();
  removeHook = undefined;
  vi.restoreAllMocks();
});

/**
 * One statement of a message, short: its first word, the tables it writes (CTEs included) and its row locks,
 * e.g. `WITH orders,order_lines` or `SELECT FOR UPDATE NOWAIT`.
 */
function shapeOf(statement: string): string {
  const s = statement.trim();
  const tables = [...new Set([...s.matchAll(/\b(?:INSERT INTO|(?<!FOR\s)UPDATE|DELETE FROM)\s+(\w+)/gi)].map((m) => m[1]))];
  const lock = /FOR UPDATE NOWAIT/i.test(s) ? ' FOR UPDATE NOWAIT' : /FOR UPDATE/i.test(s) ? ' FOR UPDATE' : '';
  return `${s.split(/\s+/)[0]!.toUpperCase()}${tables.length ? ` ${tables.join(',')}` : ''}${lock}`;
}

/** A message's statements: those of BEGIN and COMMIT messages travel together (runTransaction, attempt). */
const statementsOf = (text: string) => text.split(/;\s*(?=(?:SELECT|COMMIT|WITH|INSERT|UPDATE|DELETE)\b)/i);

/**
 * The messages the import's own connection sends, BEGIN to COMMIT, as shapes (`trips`); `prepared`: those sent as
 * named prepared statements, which keep one (generic) plan per connection; `begin`: the first message's text.
 */
async function roundTripsOf<T>(
  run: (tx: Parameters<Parameters<typeof withTenant>[1]>[0]) => Promise<T>, onSend?: (text: string) => void,
): Promise<{ result: T; trips: string[]; prepared: string[]; begin: string }> {
  const sent: { client: unknown; text: string; named: boolean }[] = [];
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string; name?: string };
    const text = typeof first === 'string' ? first : first.text;
    sent.push({ client: this, text, named: typeof first !== 'string' && !!first.name });
    onSend?.(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  let client: unknown;
  const result = await withTenant({ db: t.database.db, tenantId: world.acme }, (tx) => {
    client = (tx as unknown as { _: { session: { client: unknown } } })._.session.client;
    return run(tx);
  }, IMPORT_TX);
  vi.restoreAllMocks();
  const ours = sent.filter((s) => s.client === client).map((s) => ({ ...s, shape: statementsOf(s.text).map(shapeOf).join(' + ') }));
  return { result, trips: ours.map((s) => s.shape), prepared: ours.filter((s) => s.named).map((s) => s.shape), begin: ours[0]!.text };
}

/** n new orders of two lines each (both SKUs), each with a new customer. */
const batchOf = (n: number): TOrderInput[] => Array.from({ length: n }, () => ({
  external_id: uniq('RT'), channel: 'manual', ship_method: 'standard', shipping_address: ADDRESS,
  customer: { first_name: 'Ada', last_name: 'Lovelace', email: `${uniq('rt').toLowerCase()}@example.com` },
  lines: skus.map((s) => ({ sku: s.code, quantity: 1, price: '10.00' })),
} as TOrderInput));

/** A hook that runs `fn` once, for the first order it sees: after the import's first read, before it writes. */
function onceAfterIntake(fn: () => Promise<void>) {
  let done = false;
  removeHook = registerBeforeImportOrderHook(async (order) => {
    if (!done) {
      done = true;
      await fn();
    }
    return order;
  });
}

/** Sets a balance's available units through the ledger (received or reserved), in a transaction of its own. */
async function setAvailable(skuId: string, ilocId: string, units: number) {
  const { good, reserved } = await balanceOf(t, world.acme, skuId, ilocId);
  await inTenant(t, world.acme, async (tx) => {
    const change = units - (good - reserved);
    if (change === 0) return;
    await applyMovements(tx, world.acme, [change > 0
      ? { skuId, ilocId, delta: { good: change }, reason: 'received' }
      : { skuId, ilocId, delta: { reserved: -change }, reason: 'reserve' }]);
  });
}

/** BEGIN with the tenant settings; readIntake; the savepoint with the order numbers; the orders with everything they write. */
const OPTIMISTIC_START = [
  'BEGIN + SELECT',
  'SELECT',
  'SAVEPOINT + SELECT',
  'WITH orders,order_lines,order_allocations,status_events,webhook_deliveries,customers,customer_addresses',
];
/** The ledger's reservation (reserveFitting): the balances locked, checked and updated with the movements. */
const RESERVE = 'WITH inventory_balances,inventory_movements FOR UPDATE';
/** The allowance, sent with the COMMIT. */
const COMMIT = 'SELECT + COMMIT';
/** The locked path after ROLLBACK TO SAVEPOINT, from where the customers are stored: ilocs, balances locked in order, reserve, lines, fulfilment, history. */
const LOCKED_END = ['SELECT', 'SELECT FOR UPDATE', RESERVE, 'WITH order_lines,order_allocations', 'UPDATE orders', 'WITH status_events,webhook_deliveries', COMMIT];

describe.skipIf(!onPostgres)('the import pipeline: round trips per transaction', () => {
  it('a batch of 10 new orders, stock at hand: BEGIN, one read, the savepoint with the numbers, one write, one reservation, COMMIT', async () => {
    const { result, trips, prepared, begin } = await roundTripsOf((tx) => createOrdersPartial(tx, world.acme, null, batchOf(10)));
    expect(result.map((r) => r.status)).toEqual(Array(10).fill('open'));
    expect(trips).toEqual([...OPTIMISTIC_START, RESERVE, COMMIT]);
    // Generic plans (issue 4): the transaction keeps one plan per statement, and the read, the write and the
    // reservation are named prepared statements, planned once per connection.
    expect(begin).toContain('plan_cache_mode');
    expect(prepared).toEqual([OPTIMISTIC_START[1], OPTIMISTIC_START[3], RESERVE]);
  });

  it('a single order (POST /orders) takes the same round trips', async () => {
    const { result, trips } = await roundTripsOf((tx) => createOrders(tx, world.acme, null, batchOf(1)));
    expect(result[0]!.status).toBe('open');
    expect(trips).toEqual([...OPTIMISTIC_START, RESERVE, COMMIT]);
  });

  it('another import drew a planned balance down meanwhile: the lines that lost theirs are allocated again and rewritten', async () => {
    await setAvailable(skus[0]!.id, world.ilocs[0]!, 100);
    onceAfterIntake(() => setAvailable(skus[0]!.id, world.ilocs[0]!, 5));
    const { result, trips } = await roundTripsOf((tx) => createOrdersPartial(tx, world.acme, null, batchOf(10)));
    expect(result.map((r) => r.status)).toEqual(Array(10).fill('open'));
    expect(trips).toEqual([
      ...OPTIMISTIC_START, RESERVE,
      // reservePlan: the ilocs, the balances without waiting, the lost lines reserved again
      'SELECT', 'SELECT FOR UPDATE NOWAIT', RESERVE,
      // rewriteChangedLines
      'DELETE order_allocations', 'INSERT order_allocations', 'UPDATE order_lines', 'UPDATE orders',
      COMMIT,
    ]);
  });

  it('a concurrent import stored one of the same external ids first: back to the savepoint, the locked path', async () => {
    const batch = batchOf(10);
    onceAfterIntake(async () => {
      await withTenant({ db: t.database.db, tenantId: world.acme }, (tx) => createOrders(tx, world.acme, null, [batch[3]!]), IMPORT_TX);
    });
    const { result, trips } = await roundTripsOf((tx) => createOrdersPartial(tx, world.acme, null, batch));
    expect(result.map((r) => r.duplicate)).toEqual(batch.map((_, i) => i === 3));
    expect(trips).toEqual([
      ...OPTIMISTIC_START, 'ROLLBACK',
      // the orders, then the one the other import won read back; the customers (one made by the other import: repointed)
      'INSERT orders', 'SELECT', 'WITH customers,customer_addresses', 'SELECT', 'UPDATE orders',
      ...LOCKED_END,
    ]);
  });

  it('a balance the repair needs is locked by another transaction: back to the savepoint, the locked path waits for it', async () => {
    // The repair of iloc 1's shortfall reads iloc 2's balance without waiting; another transaction holds it
    // until the locked path asks for it again, waiting.
    await setAvailable(skus[0]!.id, world.ilocs[0]!, 100);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: Promise<void>;
    onceAfterIntake(async () => {
      await setAvailable(skus[0]!.id, world.ilocs[0]!, 5);
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      holding = inTenant(t, world.acme, async (tx) => {
        await tx.execute(sql`SELECT 1 FROM inventory_balances WHERE tenant_id = ${world.acme}::uuid AND sku_id = ${skus[0]!.id}::uuid
          AND iloc_id = ${world.ilocs[1]!}::uuid FOR UPDATE`);
        locked();
        await released;
      });
      await isLocked;
    });
    // Released as the locked path asks for the balance, waiting (readAvailability's FOR UPDATE without NOWAIT).
    const { result, trips } = await roundTripsOf((tx) => createOrdersPartial(tx, world.acme, null, batchOf(10)), (text) => {
      if (/ORDER BY sku_id, iloc_id FOR UPDATE/.test(text)) release();
    }).finally(() => release()); // a pipeline that never waits shows its round trips below instead of hanging
    await holding;
    expect(result.map((r) => r.status)).toEqual(Array(10).fill('open'));
    expect(trips).toEqual([
      ...OPTIMISTIC_START, RESERVE, 'SELECT', 'SELECT FOR UPDATE NOWAIT', 'ROLLBACK',
      'INSERT orders', 'WITH customers,customer_addresses',
      ...LOCKED_END,
    ]);
  });
});
