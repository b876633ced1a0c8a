import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { usagePeriod, type OrderErrorCode, type OrderStatus, type TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { sliced } from '../../platform/event-loop';
import { queryPrepared, queryTogether, textArray } from '../../platform/db/rows';
import { planBalancesSql } from './allocation';
import { exactLookupSql, hookIntakeSql, lineCodesOf, prepareHooks, runHooks, validateHooked, type Checked, type HookContext, type Lookup } from './order-pipeline';
import { orderNumbersFrom, orderNumbersSql } from './order-numbers';
import { customerEmailKeysOf } from './order-customers';
import { customersByEmailSql } from '../customers/customer-match';
import { allowanceError, allowanceFrom, notifyOrderLimitReached, orderAllowanceSql, planLimitMessage, type OrderAllowance } from '../billing/billing-limits.service';

/**
 * The steps of the import of new orders before allocation (createOrdersWithin in order-create.ts runs them in
 * order): what the call names, the one first read, the allowance, hooks and validation into prepared orders,
 * what is stored already, the numbers, and the answers. Each takes and answers plain values; the allocation
 * and writes are order-allocation-paths.ts and order-writes.ts.
 */

/**
 * Where a channel's order came from, written with the order (not by a second UPDATE): the process that imported
 * it, the channel's own last-change time and what the connector needs later. Not part of the API's order body.
 */
export interface OrderSource {
  process_id: string;
  channel_updated_at: string;
  channel_ref: Record<string, unknown> | null;
}
export type SourcedOrderInput = TOrderInput & { source?: OrderSource };

export interface CreateResult {
  index: number;
  id: string;
  number: string;
  status: OrderStatus;
  error_code: OrderErrorCode | null;
  error_message: string | null;
  duplicate: boolean;
}

/** An order the plan's monthly allowance had no room for: nothing is stored for it (docs/api-billing.md "Limits"). */
export interface RefusedResult {
  index: number;
  id: null;
  number: null;
  status: 'refused';
  error_code: 'plan_limit';
  error_message: string;
  duplicate: false;
}

/** An order as it will be written: checked, with its status, totals and resolved lines. */
export interface PreparedOrder {
  index: number;
  id: string;
  input: TOrderInput;
  channel: string;
  externalId: string | null;
  status: OrderStatus;
  errorCode: OrderErrorCode | null;
  errorMessage: string | null;
  holdUntil: string | null;
  totals: { subtotal: string; discount: string; tax: string; shipping: string; total: string; units: number };
  lines: { id: string; lineNo: number; skuText: string; skuId: string | null; holderId: string | null; factor: number; quantity: number; price: string; discount: string; tax: string; total: string; ilocId: string | null }[];
}

const money = (v: string | undefined) => new Decimal(v ?? '0');

export function orderTotals(input: TOrderInput) {
  let subtotal = new Decimal(0);
  let discount = new Decimal(0);
  let tax = new Decimal(0);
  let units = 0;
  const lineTotals = input.lines.map((l) => {
    const q = Number.isFinite(l.quantity) ? l.quantity : 0;
    const gross = money(l.price).times(q);
    subtotal = subtotal.plus(gross);
    discount = discount.plus(money(l.discount));
    tax = tax.plus(money(l.tax));
    units += Number.isInteger(q) && q > 0 ? q : 0;
    return gross.minus(money(l.discount)).plus(money(l.tax)).toFixed(2);
  });
  const shipping = money(input.shipping);
  const total = subtotal.minus(discount).plus(tax).plus(shipping);
  return {
    lineTotals,
    totals: { subtotal: subtotal.toFixed(2), discount: discount.toFixed(2), tax: tax.toFixed(2), shipping: shipping.toFixed(2), total: total.toFixed(2), units },
  };
}

/** An int4 column holds what a channel sends only within bounds; a wild quantity is kept as 0 with the order in error. */
export const storableQuantity = (q: number) => (Number.isInteger(q) && Math.abs(q) <= 1_000_000_000 ? q : 0);

/** An order as a channel names it: (channel, external id); the index is its place in the call. */
export interface Keyed { index: number; channel: string; externalId: string | null }
export type Candidate = Keyed & { raw: TOrderInput };

export type ExistingOrder = { id: string; number: string; status: OrderStatus; error_code: OrderErrorCode | null; error_message: string | null };

export const keyOf = (p: { channel: string; externalId: string | null }) => `${p.channel}\u0000${p.externalId ?? ''}`;

/**
 * The orders of the call, each (channel, external id) once: within one call the same pair twice is one order.
 * `sameAs` maps a repeat's index to the first one's, which answers for it.
 */
export function distinctCandidates(inputs: TOrderInput[]): { candidates: Candidate[]; sameAs: Map<number, number> } {
  const firstOf = new Map<string, number>();
  const sameAs = new Map<number, number>();
  const candidates: Candidate[] = [];
  for (const [index, raw] of inputs.entries()) {
    const channel = raw.channel?.trim() || 'manual';
    const externalId = raw.external_id?.trim() || null;
    if (externalId) {
      const key = `${channel}\u0000${externalId}`;
      const first = firstOf.get(key);
      if (first !== undefined) {
        sameAs.set(index, first);
        continue;
      }
      firstOf.set(key, index);
    }
    candidates.push({ index, raw, channel, externalId });
  }
  return { candidates, sameAs };
}

/** The orders stored under the candidates' (channel, external id): a superset of the pairs (channels × external ids, one index scan). */
function existingSql(tenantId: string, keyed: Keyed[]): SQL {
  return sql`
    SELECT o.id, o.number, o.status, o.error_code, o.error_message, o.channel, o.external_id FROM orders o
    WHERE o.tenant_id = ${tenantId}::uuid AND o.channel = ANY(${textArray(new Set(keyed.map((c) => c.channel)))}::text[])
      AND o.external_id = ANY(${textArray(new Set(keyed.map((c) => c.externalId!)))}::text[])`;
}

/** existingSql's rows narrowed to the candidates' pairs, by key. */
function existingFrom(keyed: Keyed[], rows: Record<string, unknown>[]): Map<string, ExistingOrder> {
  const wanted = new Set(keyed.map(keyOf));
  const found = new Map<string, ExistingOrder>();
  for (const r of rows as (ExistingOrder & { channel: string; external_id: string })[]) {
    const key = keyOf({ channel: r.channel, externalId: r.external_id });
    if (wanted.has(key)) found.set(key, { id: r.id, number: r.number, status: r.status, error_code: r.error_code, error_message: r.error_message });
  }
  return found;
}

/** The orders already stored under the candidates' (channel, external id), by key. */
export async function findExisting(tx: Tx, tenantId: string, candidates: Keyed[]): Promise<Map<string, ExistingOrder>> {
  const keyed = candidates.filter((c) => c.externalId);
  if (keyed.length === 0) return new Map();
  return existingFrom(keyed, await queryPrepared(tx, existingSql(tenantId, keyed)));
}

export interface Intake {
  existing: Map<string, ExistingOrder>;
  allowance: OrderAllowance;
  /** exactLookupSql's rows for the candidates' codes (lookupSkus). */
  skus: Record<string, unknown>[];
  /** The balances of those SKUs' holders (planAllocations). */
  balances: { holders: Set<string>; rows: Record<string, unknown>[] };
  /** The customers of the candidates' e-mails (linkCustomers). */
  customers: { read: Set<string>; rows: Record<string, unknown>[] };
  /** The before-import hooks' own reads (hookIntakeSql), for prepareHooks. */
  hooks: Record<string, Record<string, unknown>[]>;
}

/**
 * What the import reads before it works, in one round trip (queryTogether): the orders already imported,
 * the plan's allowance, the SKUs by exact code with the balances they draw on, and the customers by e-mail.
 * Read for every candidate, before hooks and the allowance narrow them: the steps after read only what this
 * did not cover (a SKU by alias, an e-mail a hook set).
 */
export async function readIntake(tx: Tx, tenantId: string, candidates: Candidate[], at: Date): Promise<Intake> {
  const keyed = candidates.filter((c) => c.externalId);
  const codes = lineCodesOf(candidates.map((c) => c.raw));
  const emails = customerEmailKeysOf(candidates.map((c) => c.raw));
  const period = usagePeriod(at);
  const hookParts = hookIntakeSql(tenantId, codes);
  const read = await queryTogether(tx, {
    ...hookParts,
    allowance: orderAllowanceSql(tenantId, period),
    ...(keyed.length ? { existing: existingSql(tenantId, keyed) } : {}),
    ...(codes.length ? { skus: exactLookupSql(tenantId, codes), balances: planBalancesSql(tenantId, codes) } : {}),
    ...(emails.length ? { customers: customersByEmailSql(tenantId, emails) } : {}),
  } as Record<'allowance' | 'existing' | 'skus' | 'balances' | 'customers', SQL>);
  const all = read as Record<string, Record<string, unknown>[] | undefined>;
  const skus = read.skus ?? [];
  return {
    existing: keyed.length ? existingFrom(keyed, read.existing) : new Map(),
    allowance: allowanceFrom(read.allowance[0], period, at),
    skus,
    balances: { holders: new Set(skus.map((r) => String(r.holder_id))), rows: read.balances ?? [] },
    customers: { read: new Set(emails), rows: read.customers ?? [] },
    hooks: Object.fromEntries(Object.keys(hookParts).map((key) => [key, all[key] ?? []])),
  };
}

/**
 * The allowance check, before any work: orders beyond the period's remaining allowance are refused in input
 * order. A duplicate of an existing order costs nothing (it answers that order). No subscription refuses
 * everything (402), and so does a refusal when the call is not `partial`.
 */
export async function refuseBeyondAllowance(
  tx: Tx, tenantId: string, candidates: Keyed[], existing: Map<string, ExistingOrder>, partial: boolean, allowance: OrderAllowance,
): Promise<Set<number>> {
  const refused = new Set<number>();
  if (candidates.length <= allowance.remaining) return refused;
  let room = allowance.remaining;
  for (const c of candidates) {
    if (c.externalId && existing.has(keyOf(c))) continue;
    if (room > 0) room--;
    else refused.add(c.index);
  }
  if (refused.size === 0) return refused;
  if (!partial || allowance.status === 'none') throw allowanceError(allowance);
  // Some are created and the transaction commits: the first refusal of the period is announced with it.
  await notifyOrderLimitReached(tx, tenantId, allowance);
  return refused;
}

/** A candidate with what the hooks made of it (a draft skips hooks and validation: it is not imported yet). */
export type Hooked = Candidate & { checked: Checked; draft: boolean };

/**
 * Step 2, the before-import hooks, one order at a time in input order: hooks may query, and the import's
 * transaction is one connection.
 */
export async function hookOrders(candidates: Candidate[], ctx: HookContext, intake?: Pick<Intake, 'hooks' | 'skus' | 'balances'>): Promise<Hooked[]> {
  const hooked: Hooked[] = [];
  await prepareHooks(candidates.filter((c) => c.raw.status !== 'draft').map((c) => c.raw), ctx, intake);
  // A batch's rules take tens of milliseconds of the one thread: run in slices, other requests go on meanwhile.
  const turn = sliced();
  for (const c of candidates) {
    const draft = c.raw.status === 'draft';
    hooked.push({ ...c, draft, checked: draft ? { order: c.raw, problem: null } : await runHooks(c.raw, ctx) });
    await turn();
  }
  return hooked;
}

/**
 * Step 3, validation, and the orders as they will be written: status (error with its code, on hold until a
 * future time, open), totals, and each line with its resolved SKU and stock holder. New ids are chosen here.
 */
export function prepareOrders(hooked: Hooked[], lookup: Lookup, now: number): PreparedOrder[] {
  return hooked.map(({ index, channel, externalId, draft, checked }) => {
    const { order: input, problem } = draft ? checked : validateHooked(checked, lookup);
    const holdUntil = input.hold_until && Date.parse(input.hold_until) > now ? new Date(input.hold_until).toISOString() : null;
    const status: OrderStatus = draft ? 'draft' : problem ? 'error' : holdUntil ? 'on_hold' : 'open';
    const { lineTotals, totals } = orderTotals(input);
    return {
      index, id: randomUUID(), input, channel, externalId, status,
      errorCode: problem?.code ?? null, errorMessage: problem?.message ?? null, holdUntil, totals,
      lines: input.lines.map((l, i) => {
        const hit = lookup.skus.get(l.sku.trim());
        return {
          id: randomUUID(), lineNo: i + 1, skuText: l.sku, skuId: hit?.skuId ?? null, holderId: hit?.holderId ?? null, factor: hit?.factor ?? 1,
          quantity: storableQuantity(l.quantity), price: money(l.price).toFixed(2), discount: money(l.discount).toFixed(2), tax: money(l.tax).toFixed(2),
          total: lineTotals[i]!, ilocId: l.iloc_id ?? null,
        };
      }),
    };
  });
}

/** Step 4, dedupe: the orders not imported before (same channel + external id), which answer what exists and cost no allowance. */
export const notStoredYet = (orders: PreparedOrder[], existing: Map<string, ExistingOrder>) =>
  orders.filter((p) => !p.externalId || !existing.has(keyOf(p)));

/**
 * Step 5, the new orders' numbers, from the company's sequence. Not taken here: the statement travels in the
 * next message (the optimistic path's savepoint), one round trip fewer. A sequence is not rolled back, so
 * numbers once taken stay the orders' whichever path writes them.
 */
export interface OrderNumbers {
  /** The number per order id, once taken. */
  readonly numberOf: Map<string, string>;
  /** The statement that takes them, to send with another (attempt's first statement); its rows go to `take`. */
  readonly statement: SQL;
  take(rows: Record<string, unknown>[]): void;
  /** Takes them in a round trip of their own unless taken already (for a path that runs without the savepoint). */
  ensureTaken(tx: Tx): Promise<void>;
}

export function orderNumbers(tenantId: string, orders: PreparedOrder[]): OrderNumbers {
  const numberOf = new Map<string, string>();
  let taken = false;
  const take = (rows: Record<string, unknown>[]) => {
    orderNumbersFrom(rows, orders.length).forEach((n, i) => numberOf.set(orders[i]!.id, n));
    taken = true;
  };
  const statement = orderNumbersSql(tenantId, orders.length);
  return {
    numberOf,
    statement,
    take,
    async ensureTaken(tx) {
      if (!taken && orders.length) take(await queryPrepared(tx, statement));
    },
  };
}

/**
 * The call's answers in input order: refused, the order written (a repeat within the call is its first's
 * duplicate), or the order stored before (a duplicate, also when a concurrent import won it).
 */
export function answersOf(
  count: number, sameAs: Map<number, number>, prepared: PreparedOrder[], written: PreparedOrder[], numberOf: Map<string, string>,
  existing: Map<string, ExistingOrder>, refused: Set<number>, allowance: OrderAllowance,
): (CreateResult | RefusedResult)[] {
  const inserted = new Set(written.map((p) => p.id));
  const results: (CreateResult | RefusedResult)[] = [];
  const byIndex = new Map(prepared.map((p) => [p.index, p]));
  const refusedMessage = refused.size ? planLimitMessage(allowance.limit) : '';
  for (let index = 0; index < count; index++) {
    if (refused.has(sameAs.get(index) ?? index)) {
      results.push({ index, id: null, number: null, status: 'refused', error_code: 'plan_limit', error_message: refusedMessage, duplicate: false });
      continue;
    }
    const p = byIndex.get(index) ?? byIndex.get(sameAs.get(index)!)!;
    if (inserted.has(p.id)) {
      const duplicate = byIndex.get(index) === undefined;
      results.push({ index, id: p.id, number: numberOf.get(p.id)!, status: p.status, error_code: p.errorCode, error_message: p.errorMessage, duplicate });
    } else {
      const e = existing.get(keyOf(p))!;
      results.push({ index, id: e.id, number: e.number, status: e.status, error_code: e.error_code, error_message: e.error_message, duplicate: true });
    }
  }
  return results;
}
