import type { Tx } from '../../platform/db/client';
import { attempt } from '../../platform/db/transaction';
import { AllocationLockBusy, planAllocations, reserveForLines, reservePlan } from './allocation';
import { InsufficientStockError } from '../inventory/ledger';
import { repointOrderCustomers, storeOrderCustomers } from './order-customers';
import { customersWonElsewhere, type CustomerPlan } from '../customers/customer-match';
import { findExisting, type ExistingOrder, type Intake, type OrderNumbers, type PreparedOrder } from './order-steps';
import { fulfillmentOf, insertLines, insertOrders, needsOf, recordCreated, rewriteChangedLines, updateFulfillment, writeNewOrders } from './order-writes';

/** The new orders of a call as steps 6 and 7 get them: checked, not stored before, with their numbers to take. */
export interface NewOrders {
  tx: Tx;
  tenantId: string;
  userId: string | null;
  /** In input order: earlier orders are served first. */
  orders: PreparedOrder[];
  numbers: OrderNumbers;
  /** The customer each order is written with (linkCustomers); a new customer's id is provisional until `customers` are stored. */
  customerOf: Map<string, string | null>;
  customers: CustomerPlan;
  /** The balances the first read brought (readIntake), for a path that plans from them. */
  balances: Intake['balances'];
}

export interface Written {
  /** The orders written, in input order. */
  orders: PreparedOrder[];
  /** Orders of the call a concurrent import stored first (same channel + external id), by key: they answer as duplicates. */
  won: Map<string, ExistingOrder>;
}

/**
 * Steps 6 and 7, allocate and write: how new orders get their stock and their rows. One step, because where
 * the contended rows (balances, new customers' e-mails) are locked decides the order of the writes: the
 * optimistic path writes first and locks last, the locked path locks before it allocates. A path answers what
 * it wrote, or throws; one that lost a race it cannot settle throws an error `lostRace` knows, its writes
 * undone. The iloc choice inside either is allocation.ts's strategy (setAllocationStrategy); a path is how
 * that choice is made safe under concurrency, and where another way of allocating (the rules engine) plugs in.
 */
export interface AllocationPath {
  allocate(batch: NewOrders): Promise<Written>;
}

/** A concurrent import stored one of these orders (same channel + external id) after we looked. */
class ImportRaced extends Error {}

/**
 * Optimistic: allocate from the balances as the first read saw them, write everything in one statement with
 * the new customers (the orders' customer key is checked at commit) and reserve last, so the contended rows
 * are held only until the commit. Lines whose balance another import drew down meanwhile are allocated again
 * (reservePlan). A busy balance or a race for the same external ids undoes everything since the savepoint.
 * It runs first: the order numbers travel with its savepoint (one message).
 */
export const optimisticPath: AllocationPath = {
  allocate: ({ tx, tenantId, userId, orders, numbers, customerOf, customers, balances }) => attempt(tx, async (numbered) => {
    numbers.take(numbered);
    const needs = needsOf(orders);
    const allocations = await planAllocations(tx, tenantId, needs, balances);
    const { orders: inserted, customers: created } = await writeNewOrders(tx, tenantId, userId, orders, numbers.numberOf, customerOf, allocations, customers.fresh);
    if (inserted.size !== orders.length) throw new ImportRaced();
    await repointOrderCustomers(tx, tenantId, await customersWonElsewhere(tx, tenantId, customers.fresh, created));
    const reserved = await reservePlan(tx, tenantId, allocations, needs, userId);
    if (reserved.changedLines.size) await rewriteChangedLines(tx, tenantId, orders, reserved);
    return { orders, won: new Map<string, ExistingOrder>() };
  }, numbers.statement),
};

/**
 * Locked: the orders first (a concurrent import of the same external ids may have won some: those are read
 * back), then every balance the lines could draw on locked in (sku, iloc) order, the ledger's order, so
 * imports queue instead of deadlocking, and allocated under the locks: exact under any contention.
 */
export const lockedPath: AllocationPath = {
  async allocate({ tx, tenantId, userId, orders, numbers, customerOf, customers }) {
    await numbers.ensureTaken(tx);
    const inserted = await insertOrders(tx, tenantId, userId, orders, numbers.numberOf, customerOf, null);
    const written = orders.filter((p) => inserted.has(p.id));
    const lost = orders.filter((p) => !inserted.has(p.id));
    const won = lost.length ? await findExisting(tx, tenantId, lost) : new Map<string, ExistingOrder>();
    await storeOrderCustomers(tx, tenantId, customers);
    const allocations = await reserveForLines(tx, tenantId, needsOf(written), userId);
    await insertLines(tx, tenantId, written, allocations);
    await updateFulfillment(tx, tenantId, fulfillmentOf(written, allocations));
    await recordCreated(tx, tenantId, userId, written);
    return { orders: written, won };
  },
};

/** The races the locked path settles: the same external ids stored first, a balance short or busy meanwhile. */
const lostRace = (err: unknown) => err instanceof ImportRaced || err instanceof InsufficientStockError || err instanceof AllocationLockBusy;

/**
 * The fallback decision, in one place: the optimistic path first (it holds the contended rows only for the
 * end of the transaction, which is what lets imports of one company run side by side); when it lost a race
 * it undid its writes back to its savepoint and the locked path writes the orders instead. Any other error
 * fails the import.
 */
export async function allocateAndWrite(batch: NewOrders, first: AllocationPath = optimisticPath, fallback: AllocationPath = lockedPath): Promise<Written> {
  try {
    return await first.allocate(batch);
  } catch (err) {
    if (!lostRace(err)) throw err;
    return fallback.allocate(batch);
  }
}
