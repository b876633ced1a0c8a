import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryPrepared, queryRows, textArray } from '../../platform/db/rows';
import { applyMovementBatch } from '../inventory/ledger';
import { sqlStateOf } from '../../platform/db/sql-state';
import { HOLDER_OF_S, SYNSET_OF_S, uuidArray } from '../inventory/holder-sql';

/**
 * Allocation: which iloc's stock each order line takes. The strategy is a pure function over a locked
 * snapshot of the balances, so it can be swapped (nearest iloc, cheapest, a rule's choice) without
 * touching how stock is locked and reserved. When a new order's stock is locked, before or after its rows are
 * written, is the import's allocation path (order-allocation-paths.ts).
 */

export interface AllocIloc {
  id: string;
  name: string;
  priority: number;
}

/** What a line still needs, in units of the SKU as sold, and the holder it draws on. */
export interface LineNeed {
  orderId: string;
  lineId: string;
  skuId: string;
  holderId: string;
  /** Holder units per unit sold (a pack of 6: 6). */
  factor: number;
  need: number;
  /** The line asked for one iloc: only that one may serve it. */
  ilocId?: string | null;
}

export interface Allocation {
  orderId: string;
  lineId: string;
  skuId: string;
  holderId: string;
  factor: number;
  ilocId: string;
  quantity: number;
}

/** Available holder units per `holderId|ilocId`; the strategy consumes it as it allocates. */
export type Availability = Map<string, number>;
export const availKey = (holderId: string, ilocId: string) => `${holderId}|${ilocId}`;

export type AllocationStrategy = (lines: LineNeed[], ilocs: AllocIloc[], available: Availability) => Allocation[];

/**
 * The default: ilocs in priority order (then name); a line takes what the first iloc can give in whole
 * units and the rest from the next ones. Lines are served in the order given (orders in import order), so
 * an earlier order is never starved by a later one in the same batch.
 */
export const priorityStrategy: AllocationStrategy = (lines, ilocs, available) => {
  const ordered = [...ilocs].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  const out: Allocation[] = [];
  for (const line of lines) {
    let need = line.need;
    for (const iloc of ordered) {
      if (need <= 0) break;
      if (line.ilocId && line.ilocId !== iloc.id) continue;
      const key = availKey(line.holderId, iloc.id);
      const units = Math.floor((available.get(key) ?? 0) / line.factor);
      const take = Math.min(units, need);
      if (take <= 0) continue;
      available.set(key, (available.get(key) ?? 0) - take * line.factor);
      need -= take;
      out.push({ orderId: line.orderId, lineId: line.lineId, skuId: line.skuId, holderId: line.holderId, factor: line.factor, ilocId: iloc.id, quantity: take });
    }
  }
  return out;
};

let strategy: AllocationStrategy = priorityStrategy;
/** Plug another strategy in (process-wide). Answers the previous one. */
export function setAllocationStrategy(next: AllocationStrategy): AllocationStrategy {
  const previous = strategy;
  strategy = next;
  return previous;
}

/** The tenant's ilocs that can ship: active and not archived. */
export async function shippingIlocs(tx: Tx, tenantId: string): Promise<AllocIloc[]> {
  return queryPrepared<AllocIloc>(tx, sql`
    SELECT id, name, priority FROM ilocs
    WHERE tenant_id = ${tenantId}::uuid AND status = 'ACTIVE' AND archived_at IS NULL
    ORDER BY priority, name`);
}

/**
 * Available holder units per balance the lines could draw on, locked: FOR UPDATE in (sku, iloc) order, waiting,
 * or without waiting (NOWAIT: a balance another transaction holds is an error, 55P03).
 */
async function readAvailability(tx: Tx, tenantId: string, lines: LineNeed[], ilocs: AllocIloc[], lock: 'wait' | 'nowait'): Promise<Availability> {
  const holders = [...new Set(lines.map((l) => l.holderId))];
  const balances = await queryPrepared<{ sku_id: string; iloc_id: string; available: number }>(tx, sql`
    SELECT sku_id, iloc_id, qty_good - qty_reserved AS available FROM inventory_balances
    WHERE tenant_id = ${tenantId}::uuid AND sku_id = ANY(${uuidArray(holders)}) AND iloc_id = ANY(${uuidArray(ilocs.map((i) => i.id))})
      AND qty_good > qty_reserved
    ${lock === 'wait' ? sql`ORDER BY sku_id, iloc_id FOR UPDATE` : sql`FOR UPDATE NOWAIT`}`);
  return new Map(balances.map((b) => [availKey(b.sku_id, b.iloc_id), Number(b.available)]));
}

type PlanRow = { sku_id: string; iloc_id: string; available: number; name: string; priority: number };

const PLAN_COLUMNS = sql`b.sku_id, b.iloc_id, b.qty_good - b.qty_reserved AS available, i.name, i.priority`;
const PLAN_FROM = sql`inventory_balances b
  JOIN ilocs i ON i.tenant_id = b.tenant_id AND i.id = b.iloc_id AND i.status = 'ACTIVE' AND i.archived_at IS NULL`;

/**
 * planAllocations' read for the stock holders of SKUs named by exact code, for a caller that reads it with
 * the SKUs themselves (queryTogether) and passes the rows as `known`: the balances with stock at ilocs that
 * can ship, each with its iloc.
 */
export function planBalancesSql(tenantId: string, codes: string[]): SQL {
  return sql`
    SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM}
    WHERE b.tenant_id = ${tenantId}::uuid AND b.qty_good > b.qty_reserved AND b.sku_id = ANY(ARRAY(
      SELECT ${HOLDER_OF_S} FROM skus s ${SYNSET_OF_S} WHERE s.tenant_id = ${tenantId}::uuid AND s.sku = ANY(${textArray(codes)}::text[])))`;
}

/**
 * The allocation the strategy makes from the balances as they read now, without locking them: the
 * optimistic import path writes its orders with it and reserves it last (reservePlan), so the balances are
 * locked only for the end of its transaction. Another import may take the same stock meanwhile; reservePlan
 * then allocates the lines that lost theirs again. `known`: the balances of the holders in `holders`, read
 * already (planBalancesSql); only the other holders' are read here.
 */
export async function planAllocations(
  tx: Tx, tenantId: string, lines: LineNeed[], known?: { holders: Set<string>; rows: Record<string, unknown>[] },
): Promise<Allocation[]> {
  const wanted = lines.filter((l) => l.need > 0);
  if (wanted.length === 0) return [];
  const unread = [...new Set(wanted.map((l) => l.holderId))].filter((h) => !known?.holders.has(h));
  // One statement: an iloc without stock for these lines changes nothing the strategy does.
  const rows = [
    ...((known?.rows ?? []) as PlanRow[]),
    ...(unread.length ? await queryPrepared<PlanRow>(tx, sql`
      SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM}
      WHERE b.tenant_id = ${tenantId}::uuid AND b.sku_id = ANY(${uuidArray(unread)}) AND b.qty_good > b.qty_reserved`) : []),
  ];
  if (rows.length === 0) return [];
  const ilocs = [...new Map(rows.map((r) => [r.iloc_id, { id: r.iloc_id, name: r.name, priority: Number(r.priority) }])).values()];
  return strategy(wanted, ilocs, new Map(rows.map((r) => [availKey(r.sku_id, r.iloc_id), Number(r.available)])));
}

/**
 * Reserves allocations through the ledger (reason 'reserve', reference the order). The ledger locks the
 * balances in (sku_id, iloc_id) order; one that no longer has the units throws InsufficientStockError, or
 * with `skip` is left out (the rest are reserved). Answers the indexes of the allocations left out.
 */
export async function reserveAllocations(
  tx: Tx, tenantId: string, allocations: Allocation[], userId: string | null, onInsufficient: 'throw' | 'skip' = 'throw',
): Promise<number[]> {
  if (allocations.length === 0) return [];
  const { rejected } = await applyMovementBatch(tx, tenantId, allocations.map((a) => ({
    skuId: a.holderId,
    ilocId: a.ilocId,
    delta: { reserved: a.quantity * a.factor },
    reason: 'reserve' as const,
    reference: { type: 'order', id: a.orderId },
    userId,
  })), { onInsufficient });
  return rejected;
}

/** A balance the repair needed is locked by another import: the caller falls back to the locked path, which waits in order. */
export class AllocationLockBusy extends Error {}

export interface Reserved {
  /** The allocations reserved, one per (line, iloc). */
  allocations: Allocation[];
  /** Lines whose allocation differs from the plan (another import drew a chosen balance down meanwhile). */
  changedLines: Set<string>;
}

/**
 * Reserves a plan made from unlocked balances (planAllocations). Usually the plan still holds. When another
 * import drew a chosen balance down meanwhile, the ledger reserves the allocations that still fit and
 * leaves the others out; the lines that lost theirs are allocated again (the strategy, from every iloc)
 * under locks taken without waiting: the chosen balances are already locked, in order, and waiting for more
 * out of that order could deadlock, so a busy one throws AllocationLockBusy and the caller takes the locked
 * path. `lines` are the needs the plan was made for.
 */
export async function reservePlan(tx: Tx, tenantId: string, planned: Allocation[], lines: LineNeed[], userId: string | null): Promise<Reserved> {
  const rejected = new Set(await reserveAllocations(tx, tenantId, planned, userId, 'skip'));
  if (rejected.size === 0) return { allocations: planned, changedLines: new Set() };
  const short = new Map<string, number>();
  for (const i of rejected) short.set(planned[i]!.lineId, (short.get(planned[i]!.lineId) ?? 0) + planned[i]!.quantity);
  const again = lines.filter((l) => short.has(l.lineId)).map((l) => ({ ...l, need: short.get(l.lineId)! }));
  const ilocs = await shippingIlocs(tx, tenantId);
  let available: Availability;
  try {
    available = await readAvailability(tx, tenantId, again, ilocs, 'nowait');
  } catch (err) {
    if (sqlStateOf(err) === '55P03') throw new AllocationLockBusy();
    throw err;
  }
  const added = strategy(again, ilocs, available);
  await reserveAllocations(tx, tenantId, added, userId);
  const merged = new Map<string, Allocation>();
  for (const a of [...planned.filter((_, i) => !rejected.has(i)), ...added]) {
    const key = `${a.lineId}|${a.ilocId}`;
    const before = merged.get(key);
    merged.set(key, before ? { ...before, quantity: before.quantity + a.quantity } : a);
  }
  return { allocations: [...merged.values()], changedLines: new Set(short.keys()) };
}

/**
 * Locks every balance the lines could draw on, in (sku_id, iloc_id) order — the order the ledger uses
 * too, so concurrent imports queue instead of deadlocking — runs the strategy on what is available under
 * the locks, and reserves the result. Answers the reservations made; the caller records them. Exact under
 * any contention: the path an optimistic import falls back to when it lost a race for stock.
 */
export async function reserveForLines(tx: Tx, tenantId: string, lines: LineNeed[], userId: string | null): Promise<Allocation[]> {
  const wanted = lines.filter((l) => l.need > 0);
  if (wanted.length === 0) return [];
  const ilocs = await shippingIlocs(tx, tenantId);
  if (ilocs.length === 0) return [];
  const available = await readAvailability(tx, tenantId, wanted, ilocs, 'wait');
  if (available.size === 0) return [];
  const allocations = strategy(wanted, ilocs, available);
  await reserveAllocations(tx, tenantId, allocations, userId);
  return allocations;
}

/** Allocates what existing lines still need: reserve, then add to their allocations and qty_allocated. */
export async function allocateAndReserve(tx: Tx, tenantId: string, lines: LineNeed[], userId: string | null): Promise<Allocation[]> {
  const allocations = await reserveForLines(tx, tenantId, lines, userId);
  if (allocations.length) await recordAllocations(tx, tenantId, allocations);
  return allocations;
}

/** Inserts allocations of lines that were just created (no earlier allocation can exist). */
export async function insertNewAllocations(tx: Tx, tenantId: string, allocations: Allocation[]): Promise<void> {
  if (allocations.length === 0) return;
  await queryPrepared(tx, allocationsInsert(tenantId, allocations));
}

/** insertNewAllocations as a statement to send with others; `when` (on x.o, the order id) narrows the rows. */
export function allocationsInsert(tenantId: string, allocations: Allocation[], when: SQL = sql`true`): SQL {
  const rows = allocations.map((a) => ({ o: a.orderId, l: a.lineId, s: a.skuId, i: a.ilocId, q: a.quantity }));
  return sql`
    INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity)
    SELECT ${tenantId}::uuid, x.o, x.l, x.s, x.i, x.q FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(o uuid, l uuid, s uuid, i uuid, q int)
    WHERE ${when}`;
}

/** Adds the allocations to order_allocations and the lines' qty_allocated, set-based. */
async function recordAllocations(tx: Tx, tenantId: string, allocations: Allocation[]): Promise<void> {
  const rows = allocations.map((a) => ({ o: a.orderId, l: a.lineId, s: a.skuId, i: a.ilocId, q: a.quantity }));
  await tx.execute(sql`
    INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity)
    SELECT ${tenantId}::uuid, x.o, x.l, x.s, x.i, x.q FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(o uuid, l uuid, s uuid, i uuid, q int)
    ORDER BY x.l, x.i
    ON CONFLICT (tenant_id, line_id, iloc_id) DO UPDATE SET quantity = order_allocations.quantity + excluded.quantity, updated_at = now()`);
  const perLine = new Map<string, number>();
  for (const a of allocations) perLine.set(a.lineId, (perLine.get(a.lineId) ?? 0) + a.quantity);
  const lineRows = [...perLine].map(([l, q]) => ({ l, q }));
  await tx.execute(sql`
    UPDATE order_lines ol SET qty_allocated = ol.qty_allocated + x.q
    FROM json_to_recordset(${JSON.stringify(lineRows)}::json) AS x(l uuid, q int)
    WHERE ol.tenant_id = ${tenantId}::uuid AND ol.id = x.l`);
}

interface HeldAllocation {
  id: string;
  order_id: string;
  iloc_id: string;
  quantity: number;
  holder_id: string;
  factor: number;
}

/** The orders' allocations still holding a reservation, locked, with the stock holder each draws on. */
async function lockHeldAllocations(tx: Tx, tenantId: string, orderIds: string[]): Promise<HeldAllocation[]> {
  return queryRows<HeldAllocation>(tx, sql`
    SELECT a.id, a.order_id, a.iloc_id, a.quantity, ${HOLDER_OF_S} AS holder_id, coalesce(s.pack_quantity, 1) AS factor
    FROM order_allocations a
    JOIN skus s ON s.tenant_id = a.tenant_id AND s.id = a.sku_id
    ${SYNSET_OF_S}
    WHERE a.tenant_id = ${tenantId}::uuid AND a.order_id = ANY(${uuidArray(orderIds)}) AND a.quantity > 0
    ORDER BY a.id
    FOR UPDATE OF a`);
}

/**
 * Ends every unshipped reservation of the orders through the ledger: `release` gives the stock back
 * (cancel, close, edit); `consume` ships it (mark as shipped: good and reserved both drop, and the
 * allocation counts the units as shipped). Lines end with nothing allocated.
 */
export async function endOrderReservations(
  tx: Tx, tenantId: string, orderIds: string[], userId: string | null, how: 'release' | 'consume', note: string | null = null,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const held = await lockHeldAllocations(tx, tenantId, orderIds);
  if (held.length === 0) return 0;
  await applyMovementBatch(tx, tenantId, held.map((h) => {
    const units = h.quantity * Number(h.factor);
    return {
      skuId: h.holder_id,
      ilocId: h.iloc_id,
      delta: how === 'release' ? { reserved: -units } : { good: -units, reserved: -units },
      reason: how,
      reference: { type: 'order', id: h.order_id },
      note,
      userId,
    };
  }));
  await tx.execute(sql`
    UPDATE order_allocations SET ${how === 'consume' ? sql`qty_shipped = qty_shipped + quantity, ` : sql``}quantity = 0, updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(held.map((h) => h.id))})`);
  await tx.execute(sql`
    UPDATE order_lines SET qty_allocated = 0
    WHERE tenant_id = ${tenantId}::uuid AND order_id = ANY(${uuidArray(orderIds)}) AND qty_allocated > 0`);
  return held.length;
}

/** Gives back every unshipped reservation of the orders (cancel, close, edit). */
export const releaseOrderReservations = (tx: Tx, tenantId: string, orderIds: string[], userId: string | null) =>
  endOrderReservations(tx, tenantId, orderIds, userId, 'release');
