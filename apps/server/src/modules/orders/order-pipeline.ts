import type { TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { exactSkusSql, resolveSkuCodes } from '../inventory/resolve';
import type { ExclusiveMethods, LineSku, OrderProblem } from './order-validate';
import { validateOrder } from './order-validate';

/**
 * The shared steps of the import pipeline: 1. resolve SKUs (lookupSkus) → 2. before-import hooks (runHooks) →
 * 3. validate (validateHooked). Allocation and reservation follow in the callers: a new batch
 * (order-create.ts, then order-allocation-paths.ts), or an existing order being submitted, retried, released
 * or edited (order-actions.ts, through checkOrder). The automation-rules issue plugs in through
 * registerBeforeImportOrderHook.
 */

export interface HookContext {
  tx: Tx;
  tenantId: string;
  userId: string | null;
}

/**
 * Runs before an order is validated and allocated. It may return a changed order (a rule that sets the
 * ship method, picks an iloc for a line, …); throwing puts the order in error with rule_general_error.
 */
export type BeforeImportOrderHook = (order: TOrderInput, ctx: HookContext) => Promise<TOrderInput | void>;

const hooks: BeforeImportOrderHook[] = [];
/** Registers a hook (process-wide); answers a function that removes it. */
export function registerBeforeImportOrderHook(hook: BeforeImportOrderHook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

export interface Lookup {
  skus: Map<string, LineSku>;
  exclusive: ExclusiveMethods;
}

/** The SKU codes the orders' lines name that can be looked up (trimmed, distinct). */
export const lineCodesOf = (orders: TOrderInput[]) =>
  [...new Set(orders.flatMap((o) => o.lines.map((l) => l.sku.trim())).filter((c) => c.length > 0 && c.length <= 64))];

/**
 * The exact-code lookup of the orders' SKUs as a statement, for a caller that reads it together with others
 * (queryTogether) and hands the rows to lookupSkus.
 */
export const exactLookupSql = (tenantId: string, codes: string[]) => exactSkusSql(tenantId, codes, { shipMethods: true });

/**
 * Resolves every line SKU of the orders, with its packages' ship methods, in one or two statements (code, then
 * case-insensitive code or alternative SKU); `exactRows`: exactLookupSql's rows for lineCodesOf(orders), read already.
 */
export async function lookupSkus(tx: Tx, tenantId: string, orders: TOrderInput[], exactRows?: Record<string, unknown>[]): Promise<Lookup> {
  const codes = lineCodesOf(orders);
  const resolved = await resolveSkuCodes(tx, tenantId, codes, { shipMethods: true }, exactRows);
  const skus = new Map<string, LineSku>();
  const exclusive: ExclusiveMethods = new Map();
  for (const [code, r] of resolved) {
    skus.set(code, { skuId: r.id, sku: r.sku, status: r.status, holderId: r.holderId, factor: r.factor });
    if (r.shipMethods?.length) exclusive.set(r.id, new Set(r.shipMethods));
  }
  return { skus, exclusive };
}

export interface Checked {
  order: TOrderInput;
  problem: OrderProblem | null;
}

/**
 * Step 2, the before-import hooks, in registration order, each on what the one before answered. One that
 * throws stops the rest: the order is kept in error (rule_general_error) as the hooks left it, unvalidated.
 */
export async function runHooks(order: TOrderInput, ctx: HookContext): Promise<Checked> {
  let current = order;
  for (const hook of hooks) {
    try {
      current = (await hook(current, ctx)) ?? current;
    } catch (err) {
      return { order: current, problem: { code: 'rule_general_error', message: `A rule failed: ${err instanceof Error ? err.message : String(err)}` } };
    }
  }
  return { order: current, problem: null };
}

/** Step 3, validation of what the hooks answered (pure): a hook's failure stands, otherwise the first problem found. */
export function validateHooked(hooked: Checked, lookup: Lookup): Checked {
  return hooked.problem ? hooked : { order: hooked.order, problem: validateOrder(hooked.order, lookup.skus, lookup.exclusive) };
}

/** Hooks then validation for one order (submit, retry, release, edit of an existing order). */
export async function checkOrder(order: TOrderInput, lookup: Lookup, ctx: HookContext): Promise<Checked> {
  return validateHooked(await runHooks(order, ctx), lookup);
}
