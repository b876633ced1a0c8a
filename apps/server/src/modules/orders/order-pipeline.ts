import type { TOrderInput } from '@omnio/domain';
import type { SQL } from 'drizzle-orm';
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

/**
 * Why the pipeline runs: a new order's import, a draft submitted, an order in error retried, or an existing
 * order released, re-opened or edited. Rules run before an order is imported (import, submit, retry) only.
 */
export type PipelineTrigger = 'import' | 'submit' | 'retry' | 'release' | 'reopen' | 'edit';

export interface HookContext {
  tx: Tx;
  tenantId: string;
  userId: string | null;
  /** Absent: an import. */
  trigger?: PipelineTrigger;
  /** The order's id when it exists already (not on import). */
  orderId?: string;
}

/**
 * Runs before an order is validated and allocated. It may return a changed order (a rule that sets the
 * ship method, picks an iloc for a line, …); throwing puts the order in error with rule_general_error.
 * `prepare`, when given, is called once per call with every order before the first one runs, so a hook reads
 * what it needs for a whole batch in one round trip.
 */
export type BeforeImportOrderHook = ((order: TOrderInput, ctx: HookContext) => Promise<TOrderInput | void>) & {
  /**
   * Statements read with the import's first read (no round trip of their own); their rows reach prepare as
   * `intake.reads`, by the same keys. A hook that has nothing to do for a company (no active rules) costs the
   * import nothing more.
   */
  intakeSql?: (tenantId: string, codes: readonly string[]) => Record<string, SQL>;
  prepare?: (orders: readonly TOrderInput[], ctx: HookContext, intake?: HookIntake) => Promise<void>;
};

/** A hook's failure whose message is for the seller as it is (a rule's "Rule "X" failed at "Y": why"). */
export class HookFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HookFailure';
  }
}

/** An order as written after the hooks: the object the hooks answered (or the one they failed on). */
export interface WrittenOrder {
  orderId: string;
  order: TOrderInput;
  status: string;
}

/** Runs after the orders of a call are written, in the same transaction (a rule's trace, its notification, a cancel). */
export type AfterImportOrdersHook = (written: readonly WrittenOrder[], ctx: HookContext) => Promise<void>;

const hooks: BeforeImportOrderHook[] = [];
const afterHooks: AfterImportOrdersHook[] = [];

function registered<T>(list: T[], hook: T): () => void {
  list.push(hook);
  return () => {
    const i = list.indexOf(hook);
    if (i >= 0) list.splice(i, 1);
  };
}

/** Registers a hook (process-wide); answers a function that removes it. */
export const registerBeforeImportOrderHook = (hook: BeforeImportOrderHook): (() => void) => registered(hooks, hook);
/** Registers an after-write hook (process-wide); answers a function that removes it. */
export const registerAfterImportOrdersHook = (hook: AfterImportOrdersHook): (() => void) => registered(afterHooks, hook);

/**
 * What a hook's prepare gets of the import's first read: its own statement's rows, and the import's SKUs by exact
 * code (exactLookupSql's rows: holder, factor and the SKU's name, weight and barcode) and their holders' balances
 * (readIntake), so a hook that needs them does not read them again.
 */
export interface HookIntake {
  reads: Record<string, Record<string, unknown>[]>;
  skus: Record<string, unknown>[];
  balances: { holders: Set<string>; rows: Record<string, unknown>[] };
}

/** The import's first read as prepareHooks takes it. */
export interface PipelineIntake {
  hooks: Record<string, Record<string, unknown>[]>;
  skus: HookIntake['skus'];
  balances: HookIntake['balances'];
}

/** The hooks' statements for the import's first read (`codes`: the candidates' line SKU codes), keyed `hook<i>_<key>`. */
export function hookIntakeSql(tenantId: string, codes: readonly string[]): Record<string, SQL> {
  const parts: Record<string, SQL> = {};
  hooks.forEach((hook, i) => {
    for (const [key, statement] of Object.entries(hook.intakeSql?.(tenantId, codes) ?? {})) parts[`hook${i}_${key}`] = statement;
  });
  return parts;
}

/** Hook i's rows of the first read, by its own keys. */
function readsOf(i: number, all: PipelineIntake['hooks']): HookIntake['reads'] {
  const prefix = `hook${i}_`;
  const reads: HookIntake['reads'] = {};
  for (const [key, rows] of Object.entries(all)) if (key.startsWith(prefix)) reads[key.slice(prefix.length)] = rows;
  return reads;
}

/** Lets every hook read what the call's orders need, once; `intake`: the rows of hookIntakeSql's statements. */
export async function prepareHooks(orders: readonly TOrderInput[], ctx: HookContext, intake?: PipelineIntake): Promise<void> {
  if (orders.length === 0) return;
  for (const [i, hook] of hooks.entries()) {
    if (hook.prepare) await hook.prepare(orders, ctx, intake ? { reads: readsOf(i, intake.hooks), skus: intake.skus, balances: intake.balances } : undefined);
  }
}

/** The after-write hooks, in registration order. */
export async function runAfterHooks(written: readonly WrittenOrder[], ctx: HookContext): Promise<void> {
  if (written.length === 0) return;
  for (const hook of afterHooks) await hook(written, ctx);
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
 * (queryTogether) and hands the rows to lookupSkus. Its rows carry the SKUs' catalog columns for the hooks
 * (HookIntake.skus).
 */
export const exactLookupSql = (tenantId: string, codes: string[]) => exactSkusSql(tenantId, codes, { shipMethods: true, catalog: true });

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
      const message = err instanceof HookFailure ? err.message : `A rule failed: ${err instanceof Error ? err.message : String(err)}`;
      return { order: current, problem: { code: 'rule_general_error', message } };
    }
  }
  return { order: current, problem: null };
}

/** Step 3, validation of what the hooks answered (pure): a hook's failure stands, otherwise the first problem found. */
export function validateHooked(hooked: Checked, lookup: Lookup): Checked {
  return hooked.problem ? hooked : { order: hooked.order, problem: validateOrder(hooked.order, lookup.skus, lookup.exclusive) };
}

/**
 * The SKU codes the hooks added (a rule's insert or kit lines) resolved into the lookup, so validation sees
 * them as it sees the codes the orders came with.
 */
export async function resolveAddedSkus(tx: Tx, tenantId: string, orders: TOrderInput[], lookup: Lookup): Promise<void> {
  const added = lineCodesOf(orders).filter((c) => !lookup.skus.has(c));
  if (added.length === 0) return;
  const more = await lookupSkus(tx, tenantId, [{ lines: added.map((sku) => ({ sku, quantity: 1 })) } as TOrderInput]);
  for (const [code, hit] of more.skus) lookup.skus.set(code, hit);
  for (const [id, methods] of more.exclusive) lookup.exclusive.set(id, methods);
}

/** Hooks then validation for one order (submit, retry, release, edit of an existing order). */
export async function checkOrder(order: TOrderInput, lookup: Lookup, ctx: HookContext): Promise<Checked> {
  await prepareHooks([order], ctx);
  const hooked = await runHooks(order, ctx);
  if (hooked.order !== order) await resolveAddedSkus(ctx.tx, ctx.tenantId, [hooked.order], lookup);
  return validateHooked(hooked, lookup);
}
