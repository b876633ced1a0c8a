import { sql, type SQL } from 'drizzle-orm';
import { addBuckets, isValidBalance, ZERO_BUCKETS, type AdjustableBucket, type BucketQuantities, type MovementReason } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { DomainError, fieldError, notFound } from '../../platform/http/errors';
import { HOLDER_OF_S, SYNSET_OF_S } from './holder-sql';
import { queryPrepared, queryRows } from '../../platform/db/rows';

/**
 * The only code that changes inventory. Every change appends a movement and updates its balance in the
 * same transaction, so a balance always equals the sum of its movements; every balance update is one
 * conditional statement that refuses to take a bucket or the availability below zero, whatever runs
 * concurrently. Balances and movements exist for stock holders only (see stockHolder).
 */

export interface Reference {
  type: string;
  id: string;
}

export interface MovementInput {
  /** A stock holder SKU (REGULAR, SYNSET, or a SKU in no synset); callers resolve packs and members first. */
  skuId: string;
  ilocId: string;
  /** Change each bucket by this much... */
  delta?: Partial<BucketQuantities>;
  /** ...or set one bucket to this count: the delta is computed from the balance under lock. */
  set?: { bucket: AdjustableBucket; quantity: number };
  reason: MovementReason;
  reference?: Reference | null;
  note?: string | null;
  userId?: string | null;
  /** The error path when this movement would take stock below zero, e.g. "adjustments.3.delta". */
  field?: string;
}

export interface BalanceRow {
  tenantId: string;
  skuId: string;
  ilocId: string;
  qtyGood: number;
  qtyHold: number;
  qtyHurt: number;
  qtyInTransit: number;
  qtyReserved: number;
  qtyAvailable: number;
  updatedAt: Date;
}

export const INSUFFICIENT_STOCK = 'Insufficient stock';

type RawBalance = Record<'tenant_id' | 'sku_id' | 'iloc_id' | 'qty_good' | 'qty_hold' | 'qty_hurt' | 'qty_in_transit' | 'qty_reserved' | 'updated_at', unknown>;

export function toBalanceRow(r: RawBalance): BalanceRow {
  const q = { good: Number(r.qty_good), reserved: Number(r.qty_reserved) };
  return {
    tenantId: String(r.tenant_id),
    skuId: String(r.sku_id),
    ilocId: String(r.iloc_id),
    qtyGood: q.good,
    qtyHold: Number(r.qty_hold),
    qtyHurt: Number(r.qty_hurt),
    qtyInTransit: Number(r.qty_in_transit),
    qtyReserved: q.reserved,
    qtyAvailable: q.good - q.reserved,
    // node-postgres (through drizzle) answers timestamps as text, PGlite as Date.
    updatedAt: new Date(r.updated_at as string | Date),
  };
}

const bucketsOf = (b: BalanceRow): BucketQuantities => ({
  good: b.qtyGood, hold: b.qtyHold, hurt: b.qtyHurt, in_transit: b.qtyInTransit, reserved: b.qtyReserved,
});
const pairKey = (skuId: string, ilocId: string) => `${skuId}|${ilocId}`;
/**
 * A movement would take a bucket or the availability below zero: a 422 at the field, and a type callers
 * that can recover (an optimistic reservation, a transfer reporting its shortages) catch by.
 */
export class InsufficientStockError extends DomainError {
  constructor(field = 'quantity') {
    super('VALIDATION', INSUFFICIENT_STOCK, { errors: { [field]: [INSUFFICIENT_STOCK] } });
  }
}

const insufficient = (field = 'quantity') => new InsufficientStockError(field);
const isZero = (d: BucketQuantities) => !d.good && !d.hold && !d.hurt && !d.in_transit && !d.reserved;

/** A balance row must exist before it can grow; one that only shrinks may be absent (then it is too small anyway). */
function mayNeedRow(input: MovementInput): boolean {
  if (input.set) return input.set.quantity > 0;
  const d = input.delta ?? {};
  return (d.good ?? 0) > 0 || (d.hold ?? 0) > 0 || (d.hurt ?? 0) > 0 || (d.in_transit ?? 0) > 0;
}

export interface BatchResult {
  /** The balance of every pair the batch named, after it, in (sku_id, iloc_id) order. */
  balances: BalanceRow[];
  /** The delta each input applied (zero for a count that matched, or a skipped input). */
  deltas: BucketQuantities[];
  /** Inputs refused because they would take stock below zero (only when skipping instead of throwing). */
  rejected: number[];
  /** Movements written. */
  movements: number;
  /** Pairs that had no balance row before. */
  created: Set<string>;
}

/**
 * Applies a batch set-based, in a handful of statements whatever its size: create the missing balance
 * rows, lock every named balance in (sku_id, iloc_id) order (one order for every caller, so two batches
 * never deadlock), compute each input's delta against the running balance, then one statement with the
 * conditional UPDATE of all touched balances and the multi-row INSERT of the movements (the movements go
 * first, before the locks, for a batch of plain deltas that throws on a shortfall). With `onInsufficient: 'skip'` an input
 * that would go below zero is left out (CSV import: each row all or nothing) instead of failing the batch.
 */
export async function applyMovementBatch(
  tx: Tx,
  tenantId: string,
  inputs: MovementInput[],
  options: { onInsufficient: 'throw' | 'skip' } = { onInsufficient: 'throw' },
): Promise<BatchResult> {
  const result: BatchResult = { balances: [], deltas: [], rejected: [], movements: 0, created: new Set() };
  if (inputs.length === 0) return result;
  const pairs = [...new Map(inputs.map((i) => [pairKey(i.skuId, i.ilocId), { sku_id: i.skuId, iloc_id: i.ilocId }])).values()];
  const grow = [...new Map(inputs.filter(mayNeedRow).map((i) => [pairKey(i.skuId, i.ilocId), { sku_id: i.skuId, iloc_id: i.ilocId }])).values()];

  if (grow.length) {
    const made = await queryRows<{ sku_id: string; iloc_id: string }>(tx, sql`
      INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id)
      SELECT ${tenantId}::uuid, x.sku_id, x.iloc_id FROM json_to_recordset(${JSON.stringify(grow)}::json) AS x(sku_id uuid, iloc_id uuid)
      ORDER BY x.sku_id, x.iloc_id
      ON CONFLICT DO NOTHING
      RETURNING sku_id, iloc_id`);
    for (const r of made) result.created.add(pairKey(r.sku_id, r.iloc_id));
  }
  let locked: RawBalance[] | undefined;
  if (inputs.every(isReservation)) {
    if (options.onInsufficient === 'skip') return reserveFitting(tx, tenantId, inputs, pairs, result);
    const whole = await reserveWhole(tx, tenantId, inputs);
    if (whole.done) {
      result.deltas = inputs.map((i) => addBuckets(ZERO_BUCKETS, i.delta ?? {}));
      result.movements = inputs.length;
      result.balances = whole.rows.map(toBalanceRow).sort(byPair);
      return result;
    }
    locked = whole.rows; // some do not fit: input by input below, on the balances it locked
  }
  // A batch of plain deltas that fails as a whole writes its movements first: they do not depend on the
  // balances, and the balances (the rows concurrent writers queue for) are then locked only for the update.
  const early = !locked && options.onInsufficient === 'throw' && inputs.every((i) => !i.set);
  if (early) result.movements = await insertMovements(tx, tenantId, movementRows(inputs, inputs.map((i) => addBuckets(ZERO_BUCKETS, i.delta ?? {}))));
  locked ??= await queryPrepared<RawBalance>(tx, sql`
    SELECT b.* FROM inventory_balances b
    JOIN json_to_recordset(${JSON.stringify(pairs)}::json) AS x(sku_id uuid, iloc_id uuid) ON b.sku_id = x.sku_id AND b.iloc_id = x.iloc_id
    WHERE b.tenant_id = ${tenantId}::uuid
    ORDER BY b.sku_id, b.iloc_id
    FOR UPDATE OF b`);
  const current = new Map(locked.map((r) => {
    const row = toBalanceRow(r);
    return [pairKey(row.skuId, row.ilocId), row] as const;
  }));

  // Inputs apply in the order given; a count sees the changes of the inputs before it.
  const running = new Map<string, BucketQuantities>();
  const total = new Map<string, BucketQuantities>();
  inputs.forEach((input, index) => {
    const key = pairKey(input.skuId, input.ilocId);
    const before = running.get(key) ?? (current.has(key) ? bucketsOf(current.get(key)!) : { ...ZERO_BUCKETS });
    const delta = input.set
      ? addBuckets(ZERO_BUCKETS, { [input.set.bucket]: input.set.quantity - before[input.set.bucket] })
      : addBuckets(ZERO_BUCKETS, input.delta ?? {});
    const after = addBuckets(before, delta);
    if (!isValidBalance(after)) {
      if (options.onInsufficient === 'throw') throw insufficient(input.field);
      result.rejected.push(index);
      result.deltas.push({ ...ZERO_BUCKETS });
      return;
    }
    running.set(key, after);
    total.set(key, addBuckets(total.get(key) ?? ZERO_BUCKETS, delta));
    result.deltas.push(delta);
  });

  const changes = [...total].filter(([, d]) => !isZero(d)).map(([key, d]) => {
    const [sku_id, iloc_id] = key.split('|');
    return { sku_id, iloc_id, dg: d.good, dh: d.hold, du: d.hurt, dt: d.in_transit, dr: d.reserved };
  });
  // Written after the locks: the balance update and the movements in one statement (one round trip).
  const movements = early ? [] : movementRows(inputs, result.deltas);
  if (changes.length) {
    // The conditions repeat the checks above in the database: the last word on "never below zero". The
    // movements are written only when every balance took its change (else nothing is, and it throws).
    const updated = await queryPrepared<RawBalance>(tx, sql`
      WITH updated AS (
        UPDATE inventory_balances b SET
          qty_good = b.qty_good + x.dg, qty_hold = b.qty_hold + x.dh, qty_hurt = b.qty_hurt + x.du,
          qty_in_transit = b.qty_in_transit + x.dt, qty_reserved = b.qty_reserved + x.dr, updated_at = now()
        FROM json_to_recordset(${JSON.stringify(changes)}::json) AS x(sku_id uuid, iloc_id uuid, dg int, dh int, du int, dt int, dr int)
        WHERE b.tenant_id = ${tenantId}::uuid AND b.sku_id = x.sku_id AND b.iloc_id = x.iloc_id
          AND b.qty_good + x.dg >= 0 AND b.qty_hold + x.dh >= 0 AND b.qty_hurt + x.du >= 0
          AND b.qty_in_transit + x.dt >= 0 AND b.qty_reserved + x.dr >= 0
          AND (b.qty_good + x.dg) - (b.qty_reserved + x.dr) >= 0
        RETURNING b.*
      ), moved AS (
        ${movementsInsert(tenantId, movements, sql`(SELECT count(*) FROM updated) = ${changes.length}::int`)}
      )
      SELECT * FROM updated`);
    if (updated.length !== changes.length) throw insufficient(inputs[0]?.field);
    for (const r of updated) {
      const row = toBalanceRow(r);
      current.set(pairKey(row.skuId, row.ilocId), row);
    }
    result.movements = movements.length;
  } else if (movements.length) {
    result.movements = await insertMovements(tx, tenantId, movements);
  }
  result.balances = pairs
    .map((p) => current.get(pairKey(p.sku_id, p.iloc_id)) ?? emptyBalance(tenantId, p.sku_id, p.iloc_id))
    .sort(byPair);
  return result;
}

/** A movement that only reserves (a positive reserved delta): an order or a transfer taking stock it was allocated. */
const isReservation = (i: MovementInput) => {
  const d = i.delta;
  return !i.set && !!d && (d.reserved ?? 0) > 0 && !d.good && !d.hold && !d.hurt && !d.in_transit;
};

/**
 * A batch of reservations in one statement (one round trip, where the general path takes two): lock the
 * balances in (sku_id, iloc_id) order and, only when every one has the units its inputs reserve in total,
 * update them all and write the movements. Answers done with the balances after; otherwise nothing is
 * written and it answers the balances it locked, for the general path to go input by input.
 */
async function reserveWhole(tx: Tx, tenantId: string, inputs: MovementInput[]): Promise<{ done: boolean; rows: RawBalance[] }> {
  const total = new Map<string, number>();
  for (const i of inputs) total.set(pairKey(i.skuId, i.ilocId), (total.get(pairKey(i.skuId, i.ilocId)) ?? 0) + i.delta!.reserved!);
  const changes = [...total].map(([key, dr]) => {
    const [sku_id, iloc_id] = key.split('|');
    return { sku_id, iloc_id, dr };
  });
  const movements = movementRows(inputs, inputs.map((i) => addBuckets(ZERO_BUCKETS, i.delta ?? {})));
  const rows = await queryPrepared<RawBalance & { after: boolean }>(tx, sql`
    WITH x AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(changes)}::json) AS x(sku_id uuid, iloc_id uuid, dr int)
    ), locked AS MATERIALIZED (
      SELECT b.* FROM inventory_balances b JOIN x ON b.sku_id = x.sku_id AND b.iloc_id = x.iloc_id
      WHERE b.tenant_id = ${tenantId}::uuid
      ORDER BY b.sku_id, b.iloc_id
      FOR UPDATE OF b
    ), fit AS (
      SELECT count(*) = ${changes.length}::int AS ok FROM locked l JOIN x ON x.sku_id = l.sku_id AND x.iloc_id = l.iloc_id
      WHERE l.qty_good - l.qty_reserved >= x.dr
    ), updated AS (
      UPDATE inventory_balances b SET qty_reserved = b.qty_reserved + x.dr, updated_at = now()
      FROM x
      WHERE (SELECT ok FROM fit) AND b.tenant_id = ${tenantId}::uuid AND b.sku_id = x.sku_id AND b.iloc_id = x.iloc_id
        AND b.qty_good - (b.qty_reserved + x.dr) >= 0
      RETURNING b.*
    ), moved AS (
      ${movementsInsert(tenantId, movements, sql`(SELECT count(*) FROM updated) = ${changes.length}::int`)}
    )
    SELECT true AS after, u.* FROM updated u
    UNION ALL
    SELECT false, l.* FROM locked l WHERE NOT (SELECT ok FROM fit)`);
  const after = rows.filter((r) => r.after);
  // Under the locks every balance that fit takes its update; anything else is not a state to go on from.
  if (after.length && after.length !== changes.length) throw insufficient(inputs[0]?.field);
  return after.length ? { done: true, rows: after } : { done: false, rows: rows.filter((r) => !r.after) };
}

/**
 * A batch of reservations that may fall short, in one statement: lock the balances in (sku_id, iloc_id) order,
 * take each input whose units, with those of the inputs before it on the same balance, are available, update
 * the balances by what was taken and write one movement per input taken. An input that does not fit is left
 * out, and so are the later inputs on its balance (a caller re-plans them against the balances as they are
 * now). Replaces, for the importer of concurrent batches, a failed all-or-nothing attempt followed by the
 * input-by-input path: one locked read and one update instead of two of each.
 */
async function reserveFitting(
  tx: Tx, tenantId: string, inputs: MovementInput[], pairs: { sku_id: string; iloc_id: string }[], result: BatchResult,
): Promise<BatchResult> {
  const rows = inputs.map((i, index) => ({
    i: index, sku_id: i.skuId, iloc_id: i.ilocId, dr: i.delta!.reserved!, reason: i.reason, rt: i.reference?.type ?? null, rid: i.reference?.id ?? null,
    note: i.note ?? null, user_id: i.userId ?? null,
  }));
  const [answer] = await queryPrepared<{ balances: RawBalance[]; rejected: number[]; updated: number; pairs: number }>(tx, sql`
    WITH m AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS x(i int, sku_id uuid, iloc_id uuid, dr int, reason text, rt text, rid text, note text, user_id uuid)
    ), locked AS MATERIALIZED (
      SELECT b.* FROM inventory_balances b JOIN (SELECT DISTINCT sku_id, iloc_id FROM m) x ON b.sku_id = x.sku_id AND b.iloc_id = x.iloc_id
      WHERE b.tenant_id = ${tenantId}::uuid
      ORDER BY b.sku_id, b.iloc_id
      FOR UPDATE OF b
    ), taken AS MATERIALIZED (
      SELECT t.* FROM (SELECT m.*, sum(m.dr) OVER (PARTITION BY m.sku_id, m.iloc_id ORDER BY m.i) AS upto FROM m) t
      JOIN locked l ON l.sku_id = t.sku_id AND l.iloc_id = t.iloc_id
      WHERE t.upto <= l.qty_good - l.qty_reserved
    ), per_pair AS MATERIALIZED (
      SELECT sku_id, iloc_id, sum(dr)::int AS dr FROM taken GROUP BY sku_id, iloc_id
    ), updated AS (
      UPDATE inventory_balances b SET qty_reserved = b.qty_reserved + p.dr, updated_at = now()
      FROM per_pair p
      WHERE b.tenant_id = ${tenantId}::uuid AND b.sku_id = p.sku_id AND b.iloc_id = p.iloc_id
        AND b.qty_good - (b.qty_reserved + p.dr) >= 0
      RETURNING b.*
    ), moved AS (
      ${movementsInsertFrom(tenantId,
        sql`(SELECT t.i, t.sku_id, t.iloc_id, 0 AS dg, 0 AS dh, 0 AS du, 0 AS dt, t.dr, t.reason, t.rt, t.rid, t.note, t.user_id FROM taken t) x`,
        sql`(SELECT count(*) FROM updated) = (SELECT count(*) FROM per_pair)`)}
    )
    SELECT
      (SELECT coalesce(json_agg(b), '[]'::json) FROM (
        SELECT * FROM updated
        UNION ALL
        SELECT l.* FROM locked l WHERE NOT EXISTS (SELECT 1 FROM per_pair p WHERE p.sku_id = l.sku_id AND p.iloc_id = l.iloc_id)) b) AS balances,
      ARRAY(SELECT m.i FROM m WHERE NOT EXISTS (SELECT 1 FROM taken t WHERE t.i = m.i) ORDER BY m.i) AS rejected,
      (SELECT count(*) FROM updated)::int AS updated, (SELECT count(*) FROM per_pair)::int AS pairs`);
  // Under the locks every balance that had the units takes its update; anything else is not a state to go on from.
  if (!answer || answer.updated !== answer.pairs) throw insufficient(inputs[0]?.field);
  const rejected = new Set(answer.rejected.map(Number));
  result.rejected = [...rejected];
  result.deltas = inputs.map((i, index) => (rejected.has(index) ? { ...ZERO_BUCKETS } : addBuckets(ZERO_BUCKETS, i.delta ?? {})));
  result.movements = inputs.length - rejected.size;
  const after = new Map(answer.balances.map((r) => {
    const row = toBalanceRow(r);
    return [pairKey(row.skuId, row.ilocId), row] as const;
  }));
  result.balances = pairs.map((p) => after.get(pairKey(p.sku_id, p.iloc_id)) ?? emptyBalance(tenantId, p.sku_id, p.iloc_id)).sort(byPair);
  return result;
}

type MovementRow = Record<string, unknown>;

/** Every non-zero input is a movement, even when the pair's inputs cancel out (+5 then −5): the history stays whole. */
function movementRows(inputs: MovementInput[], deltas: BucketQuantities[]): MovementRow[] {
  return inputs.flatMap((input, index) => {
    const d = deltas[index]!;
    if (isZero(d)) return [];
    return [{
      i: index, sku_id: input.skuId, iloc_id: input.ilocId, dg: d.good, dh: d.hold, du: d.hurt, dt: d.in_transit, dr: d.reserved,
      reason: input.reason, rt: input.reference?.type ?? null, rid: input.reference?.id ?? null, note: input.note ?? null, user_id: input.userId ?? null,
    }];
  });
}

/** The INSERT of movement rows, written only where `when` holds (a statement of its own, or inside a WITH). */
function movementsInsert(tenantId: string, movements: MovementRow[], when: SQL): SQL {
  return movementsInsertFrom(tenantId, sql`
    json_to_recordset(${JSON.stringify(movements)}::json)
      AS x(i int, sku_id uuid, iloc_id uuid, dg int, dh int, du int, dt int, dr int, reason text, rt text, rid text, note text, user_id uuid)`, when);
}

/**
 * The INSERT of movements from `source`, a relation named x with movementRows' columns (i, sku_id, iloc_id,
 * dg, dh, du, dt, dr, reason, rt, rid, note, user_id), in the order of i.
 */
function movementsInsertFrom(tenantId: string, source: SQL, when: SQL): SQL {
  return sql`
    INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, delta_hold, delta_hurt, delta_in_transit, delta_reserved,
      reason, reference_type, reference_id, note, user_id)
    SELECT ${tenantId}::uuid, x.sku_id, x.iloc_id, x.dg, x.dh, x.du, x.dt, x.dr, x.reason, x.rt, x.rid, x.note, x.user_id
    FROM ${source}
    WHERE ${when}
    ORDER BY x.i`;
}

async function insertMovements(tx: Tx, tenantId: string, movements: MovementRow[]): Promise<number> {
  if (movements.length === 0) return 0;
  await queryPrepared(tx, movementsInsert(tenantId, movements, sql`true`));
  return movements.length;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Balances in (sku_id, iloc_id) order, as BatchResult.balances lists them. */
const byPair = (a: BalanceRow, b: BalanceRow) => (a.skuId === b.skuId ? compare(a.ilocId, b.ilocId) : compare(a.skuId, b.skuId));

function emptyBalance(tenantId: string, skuId: string, ilocId: string): BalanceRow {
  return { tenantId, skuId, ilocId, qtyGood: 0, qtyHold: 0, qtyHurt: 0, qtyInTransit: 0, qtyReserved: 0, qtyAvailable: 0, updatedAt: new Date(0) };
}

/**
 * Applies movements atomically: all or none. Throws VALIDATION "Insufficient stock" on the first input
 * that would take a bucket or the availability below zero (at input.field). Answers the balances after.
 */
export async function applyMovements(tx: Tx, tenantId: string, inputs: MovementInput[]): Promise<BalanceRow[]> {
  return (await applyMovementBatch(tx, tenantId, inputs)).balances;
}

// ---- stock holders -----------------------------------------------------------------------------------

export interface StockHolder {
  holderSkuId: string;
  /** Holder units per unit of the SKU: the pack quantity for a PACK, else 1. */
  factor: number;
}

/** SQL resolving a SKU's holder: a PACK draws on its base, and a base (or SKU) in a synset on the synset. */
const HOLDER_SQL = (tenantId: string, skuId: string) => sql`
  SELECT ${HOLDER_OF_S} AS holder_id, coalesce(s.pack_quantity, 1) AS factor
  FROM skus s
  ${SYNSET_OF_S}
  WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ${skuId}::uuid`;

export async function stockHolder(tx: Tx, tenantId: string, skuId: string): Promise<StockHolder> {
  const [row] = await queryRows<{ holder_id: string; factor: number }>(tx, HOLDER_SQL(tenantId, skuId));
  if (!row) throw notFound('SKU');
  return { holderSkuId: row.holder_id, factor: Number(row.factor) };
}

// ---- reservation primitives (orders, transfers) ----------------------------------------------------------

export interface ReservationInput {
  /** The SKU as sold (a PACK or a synset member is resolved to its stock holder). */
  skuId: string;
  ilocId: string;
  /** Whole units of skuId, > 0. */
  quantity: number;
  reference: Reference;
  userId?: string | null;
  field?: string;
}

/**
 * One statement: resolve the holder, update its balance only if the condition still holds on the row
 * as it is when the update gets its lock, and append the movement from the updated row. Concurrent callers
 * queue on the row lock and each re-checks the condition, so availability can never go below zero.
 */
async function applyReservationChange(
  tx: Tx,
  tenantId: string,
  input: ReservationInput,
  reason: 'reserve' | 'release' | 'consume',
): Promise<BalanceRow> {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) throw fieldError(input.field ?? 'quantity', 'The quantity must be a whole number above zero');
  const q = sql`(${input.quantity}::int * h.factor)`;
  const change = {
    reserve: { set: sql`qty_reserved = b.qty_reserved + ${q}`, when: sql`b.qty_good - b.qty_reserved >= ${q}`, dg: sql`0`, dr: q },
    release: { set: sql`qty_reserved = b.qty_reserved - ${q}`, when: sql`b.qty_reserved >= ${q}`, dg: sql`0`, dr: sql`-${q}` },
    // Reserved stock leaves: good and reserved both drop, so availability is unchanged.
    consume: { set: sql`qty_good = b.qty_good - ${q}, qty_reserved = b.qty_reserved - ${q}`, when: sql`b.qty_reserved >= ${q}`, dg: sql`-${q}`, dr: sql`-${q}` },
  }[reason];
  const [row] = await queryRows<RawBalance>(tx, sql`
    WITH h AS (${HOLDER_SQL(tenantId, input.skuId)}),
    changed AS (
      UPDATE inventory_balances b SET ${change.set}, updated_at = now()
      FROM h
      WHERE b.tenant_id = ${tenantId}::uuid AND b.sku_id = h.holder_id AND b.iloc_id = ${input.ilocId}::uuid AND ${change.when}
      RETURNING b.*, h.factor
    ),
    moved AS (
      INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, delta_reserved, reason, reference_type, reference_id, user_id)
      SELECT b.tenant_id, b.sku_id, b.iloc_id, ${change.dg}, ${change.dr}, ${reason}, ${input.reference.type}, ${input.reference.id}, ${input.userId ?? null}::uuid
      FROM changed b JOIN h ON true
    )
    SELECT * FROM changed`);
  if (row) return toBalanceRow(row);
  await stockHolder(tx, tenantId, input.skuId); // an unknown SKU is a 404, not a shortage
  throw insufficient(input.field);
}

/** Holds `quantity` of the SKU at the iloc for a document; fails when fewer are available. */
export const reserve = (tx: Tx, tenantId: string, input: ReservationInput) => applyReservationChange(tx, tenantId, input, 'reserve');
/** Gives a reservation back; fails when fewer are reserved. */
export const release = (tx: Tx, tenantId: string, input: ReservationInput) => applyReservationChange(tx, tenantId, input, 'release');
/** Ships reserved stock: good and reserved both drop; fails when fewer are reserved. */
export const consume = (tx: Tx, tenantId: string, input: ReservationInput) => applyReservationChange(tx, tenantId, input, 'consume');

// ---- synsets, iloc and SKU lifecycle -----------------------------------------------------------------------

/**
 * A SKU joining a synset brings its stock into the pool: every bucket of every balance of the member
 * moves to the synset's balance at the same iloc, as a pair of synset_merge movements. Call it in the
 * transaction that adds the membership.
 */
export async function moveStockIntoSynset(
  tx: Tx,
  tenantId: string,
  input: { memberSkuId: string; synsetSkuId: string; userId?: string | null },
): Promise<BalanceRow[]> {
  const held = await queryRows<RawBalance>(tx, sql`
    SELECT * FROM inventory_balances
    WHERE tenant_id = ${tenantId}::uuid AND sku_id = ${input.memberSkuId}::uuid
      AND (qty_good <> 0 OR qty_hold <> 0 OR qty_hurt <> 0 OR qty_in_transit <> 0 OR qty_reserved <> 0)
    ORDER BY iloc_id`);
  const reference = { type: 'synset', id: input.synsetSkuId };
  const inputs = held.map(toBalanceRow).flatMap((b): MovementInput[] => {
    const all = bucketsOf(b);
    const out = { good: -all.good, hold: -all.hold, hurt: -all.hurt, in_transit: -all.in_transit, reserved: -all.reserved };
    return [
      { skuId: b.skuId, ilocId: b.ilocId, delta: out, reason: 'synset_merge', reference, userId: input.userId ?? null },
      { skuId: input.synsetSkuId, ilocId: b.ilocId, delta: all, reason: 'synset_merge', reference, userId: input.userId ?? null },
    ];
  });
  // The batch locks the member's rows again and re-reads them: a change since the read above fails the move, never loses stock.
  return applyMovements(tx, tenantId, inputs);
}

const HAS_STOCK = sql`(qty_good <> 0 OR qty_hold <> 0 OR qty_hurt <> 0 OR qty_in_transit <> 0 OR qty_reserved <> 0)`;

/** Whether any bucket of the SKU's own balances (at any iloc) is non-zero. */
export async function skuHasStock(tx: Tx, tenantId: string, skuId: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`SELECT 1 FROM inventory_balances WHERE tenant_id = ${tenantId}::uuid AND sku_id = ${skuId}::uuid AND ${HAS_STOCK} LIMIT 1`);
  return rows.length > 0;
}

/**
 * Removes the SKU's (or iloc's) all-zero balance rows so that it can be deleted: the foreign keys keep a
 * SKU or iloc with balance rows. Answers false, removing nothing, when any bucket still holds stock.
 */
export async function dropEmptyBalances(tx: Tx, tenantId: string, target: { skuId: string } | { ilocId: string }): Promise<boolean> {
  const where = 'skuId' in target ? sql`sku_id = ${target.skuId}::uuid` : sql`iloc_id = ${target.ilocId}::uuid`;
  const stocked = await queryRows(tx, sql`
    SELECT 1 FROM inventory_balances WHERE tenant_id = ${tenantId}::uuid AND ${where} AND ${HAS_STOCK} LIMIT 1 FOR UPDATE`);
  if (stocked.length) return false;
  // NOT HAS_STOCK again: a row that gained stock since the check (the DELETE waits for its lock) stays.
  await tx.execute(sql`DELETE FROM inventory_balances WHERE tenant_id = ${tenantId}::uuid AND ${where} AND NOT ${HAS_STOCK}`);
  return true;
}

/**
 * The iloc delete guard (registered by registerInventoryRoutes): an iloc holding stock cannot be deleted;
 * one whose balances are all zero loses those rows, so the foreign key lets the delete through. Runs in
 * the delete's transaction, after it locked the iloc (a concurrent first receipt there waits for it).
 */
export async function ilocStockGuard(tx: Tx, ilocId: string): Promise<string | null> {
  const [row] = await queryRows<{ tenant_id: string }>(tx, sql`SELECT current_setting('app.tenant_id') AS tenant_id`);
  return (await dropEmptyBalances(tx, row!.tenant_id, { ilocId })) ? null : 'iloc has stock';
}
