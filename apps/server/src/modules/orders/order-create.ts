import type { TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import type { TenantTxOptions } from '../../platform/db/tenant';
import { lookupSkus, resolveAddedSkus, runAfterHooks } from './order-pipeline';
import { linkCustomers } from './order-customers';
import { consumeOrders } from '../billing/billing-limits.service';
import {
  answersOf, distinctCandidates, hookOrders, notStoredYet, orderNumbers, prepareOrders, readIntake, refuseBeyondAllowance,
  type CreateResult, type RefusedResult,
} from './order-steps';
import { allocateAndWrite } from './order-allocation-paths';

export { orderTotals, storableQuantity, type CreateResult, type OrderSource, type RefusedResult, type SourcedOrderInput } from './order-steps';
export { RELEASE_HOLD_JOB } from './order-writes';

/** The import's transaction options: its statements have a fixed shape, so each keeps one plan (withTenant). */
export const IMPORT_TX: TenantTxOptions = { genericPlans: true };

/**
 * The import pipeline for new orders, set-based whatever the batch size (createOrdersWithin reads as its
 * steps). An order that fails a check is kept in `error` with its code; nothing else in the batch is
 * affected. Orders beyond the plan's monthly allowance refuse the whole call (402): every path that creates
 * orders passes here.
 */
export async function createOrders(tx: Tx, tenantId: string, userId: string | null, inputs: TOrderInput[]): Promise<CreateResult[]> {
  return (await createOrdersWithin(tx, tenantId, userId, inputs, false)) as CreateResult[];
}

/**
 * createOrders for batches and imports: the orders that fit the allowance are created and the rest are
 * answered as refused (createOrders refuses the whole call with a 402 instead).
 */
export async function createOrdersPartial(tx: Tx, tenantId: string, userId: string | null, inputs: TOrderInput[]): Promise<(CreateResult | RefusedResult)[]> {
  return createOrdersWithin(tx, tenantId, userId, inputs, true);
}

/**
 * The steps in order (docs/ARCHITECTURE.md "Orders: one pipeline"): one first read of everything they need
 * (round trips, not rows, are what an import pays for), the allowance, 1. resolve, 2. hooks, 3. validate,
 * the customers, 4. dedupe, 5. number, 6–7. allocate and write (an AllocationPath: optimistic, falling back to
 * locked), the answers, and the allowance taken with the commit.
 *
 * The rows other imports contend for (new customers' e-mails, balances, the allowance) are taken only at the
 * end, until the commit; see order-allocation-paths.ts for how a lost race is settled.
 */
async function createOrdersWithin(
  tx: Tx, tenantId: string, userId: string | null, inputs: TOrderInput[], partial: boolean,
): Promise<(CreateResult | RefusedResult)[]> {
  if (inputs.length === 0) return [];
  const now = Date.now();
  // Read for every distinct order of the call before hooks and the allowance narrow them: the steps after
  // read only what this did not cover (a SKU by alias, an e-mail a hook set).
  const { candidates, sameAs } = distinctCandidates(inputs);
  const intake = await readIntake(tx, tenantId, candidates, new Date(now));
  // Before any work: an order the allowance has no room for is not resolved, hooked or written.
  const refused = await refuseBeyondAllowance(tx, tenantId, candidates, intake.existing, partial, intake.allowance);
  const admitted = refused.size ? candidates.filter((c) => !refused.has(c.index)) : candidates;

  const lookup = await lookupSkus(tx, tenantId, admitted.map((c) => c.raw), intake.skus); // 1. resolve
  const hookCtx = { tx, tenantId, userId, trigger: 'import' as const };
  const hooked = await hookOrders(admitted, hookCtx, intake); // 2. hooks
  const changed = hooked.filter((h) => h.checked.order !== h.raw).map((h) => h.checked.order);
  if (changed.length) await resolveAddedSkus(tx, tenantId, changed, lookup);
  const prepared = prepareOrders(hooked, lookup, now); // 3. validate
  // Matched by e-mail now, created with the write: the unique e-mail index is where imports contend.
  const customers = await linkCustomers(tx, tenantId, prepared.map((p) => p.input), intake.customers);
  const fresh = notStoredYet(prepared, intake.existing); // 4. dedupe
  const numbers = orderNumbers(tenantId, fresh); // 5. number (taken in the next message)
  const written = fresh.length // 6–7. allocate and write
    ? await allocateAndWrite({
      tx, tenantId, userId, orders: fresh, numbers, customers, balances: intake.balances,
      customerOf: new Map(prepared.map((p, i) => [p.id, customers.ids[i] ?? null] as const)),
    })
    : { orders: [], won: new Map() };
  for (const [key, order] of written.won) intake.existing.set(key, order);
  await runAfterHooks(written.orders.map((p) => ({ orderId: p.id, order: p.input, status: p.status })), hookCtx);

  const results = answersOf(inputs.length, sameAs, prepared, written.orders, numbers.numberOf, intake.existing, refused, intake.allowance);
  // The allowance is taken with the commit: its row lock is held only while the database commits.
  if (written.orders.length) consumeOrders(tx, tenantId, intake.allowance, written.orders.length);
  return results;
}
