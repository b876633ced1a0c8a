import {
  evaluateFlows, orderTransition, type FlowEffect, type FlowFacts, type IlocFacts, type OrderStatus,
  type RunnableFlow, type SkuFacts, type TOrderInput,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { HookFailure, type HookContext, type HookIntake, type WrittenOrder } from '../orders/order-pipeline';
import { applyOrderAction } from '../orders/order-actions';
import { createNotifications, usersWithPermission } from '../notifications/notify';
import { flowSetOf, recordTraces, traceJson, type FlowSet, type StoredTraceJson } from './rule-traces';
import {
  activeFlowsSql, factKey, ilocFactsOf, ilocFactsSql, processIdOf, readActiveFlows, readProcessFacts,
  readSkuFacts, skuFactsNeeded, type ProcessFacts,
} from './rule-facts';

/**
 * The before-import hook: the company's active before_import_order flows run on every order imported (and
 * on a draft submitted, an order in error retried), in the import's transaction. The trace and the effects
 * (a cancel, an open-ended hold, a notification) are written after the order, in the same transaction.
 */

const RULE_TRIGGERS = new Set(['import', 'submit', 'retry']);

interface TxState {
  flows: RunnableFlow[];
  set: FlowSet;
  ilocs: IlocFacts[];
  /** What of the catalog the flows read (skuFactsNeeded). */
  needs: ReturnType<typeof skuFactsNeeded>;
  skus: Map<string, SkuFacts>;
  /** The SKU codes already looked up in this transaction, found or not (factKey). */
  looked: Set<string>;
  processes: Map<string, ProcessFacts>;
  /** What each evaluation left for after the write, by the order object the pipeline writes (Pending). */
  pending: Map<TOrderInput, Pending>;
}

/** The orders' SKU codes this transaction has not looked up yet; marks them looked up. */
function unlookedCodes(state: TxState, orders: readonly TOrderInput[]): string[] {
  const out: string[] = [];
  for (const o of orders) {
    for (const l of o.lines) {
      const key = factKey(l.sku);
      if (state.looked.has(key)) continue;
      state.looked.add(key);
      out.push(l.sku);
    }
  }
  return out;
}

/** Per transaction: a batch's orders share one read of the flows, iLocs and facts. */
const states = new WeakMap<Tx, TxState>();
/**
 * What an evaluation left for after the write: the trace already as JSON (a batch holds a thousand of them
 * until the write; kept as objects they outlive the young generation and the garbage collector copies them),
 * the effects and whether it failed. Kept with the transaction's state, which goes with the transaction.
 */
interface Pending {
  trace: StoredTraceJson;
  effects: FlowEffect[];
  failed: boolean;
  trigger: string;
}

/**
 * The flows as last read, by company: each batch reads the active flows afresh, and handing the engine the
 * same objects while they are unchanged lets it keep their compiled form (rule-run.ts compiles per nodes array)
 * instead of compiling twenty flows per batch. Compared by their text, so an edit is never missed.
 */
type ReadFlows = Pick<TxState, 'flows' | 'set' | 'needs'>;
const lastFlows = new Map<string, { text: string; read: ReadFlows }>();
const LAST_FLOWS_MAX = 1_000;

function readFlowsOf(tenantId: string, flows: RunnableFlow[]): ReadFlows {
  const text = JSON.stringify(flows);
  const last = lastFlows.get(tenantId);
  if (last && last.text === text) return last.read;
  const read: ReadFlows = { flows, set: flowSetOf(flows), needs: skuFactsNeeded(flows) };
  if (lastFlows.size >= LAST_FLOWS_MAX) lastFlows.clear();
  lastFlows.set(tenantId, { text, read });
  return read;
}

const newState = (tenantId: string, flows: RunnableFlow[], ilocs: IlocFacts[]): TxState => ({
  ...(flows.length ? readFlowsOf(tenantId, flows) : { flows, set: flowSetOf(flows), needs: { skus: false, groups: false } }),
  ilocs, skus: new Map(), looked: new Set(), processes: new Map(), pending: new Map(),
});

async function stateOf(ctx: HookContext): Promise<TxState> {
  let state = states.get(ctx.tx);
  if (!state) {
    const { flows, ilocs } = await readActiveFlows(ctx.tx, ctx.tenantId, 'before_import_order');
    state = newState(ctx.tenantId, flows, ilocs);
    states.set(ctx.tx, state);
  }
  return state;
}

/**
 * Facts for a batch: the SKUs and connections of every order, read once. On import the flows came with the
 * import's first read (`intake`): a company without active flows pays no round trip for rules.
 */
async function prepare(orders: readonly TOrderInput[], ctx: HookContext, intake?: HookIntake): Promise<void> {
  if (!RULE_TRIGGERS.has(ctx.trigger ?? 'import')) return;
  if (intake && !states.has(ctx.tx)) {
    const flows = (intake.reads.flows ?? []) as unknown as RunnableFlow[];
    states.set(ctx.tx, newState(ctx.tenantId, flows, flows.length ? ilocFactsOf(intake.reads.ilocs ?? []) : []));
  }
  const state = await stateOf(ctx);
  if (state.flows.length === 0) return;
  // On import the SKUs by exact code and their stock came with the first read: only what it did not cover is read.
  if (state.needs.skus) await readSkuFacts(ctx.tx, ctx.tenantId, unlookedCodes(state, orders), state.skus, state.needs.groups, intake);
  const processIds = orders.map(processIdOf).filter((id): id is string => id !== null);
  await readProcessFacts(ctx.tx, ctx.tenantId, processIds, state.processes);
}

export async function runImportFlows(order: TOrderInput, ctx: HookContext): Promise<TOrderInput | void> {
  const trigger = ctx.trigger ?? 'import';
  if (!RULE_TRIGGERS.has(trigger)) return;
  const state = states.get(ctx.tx) ?? await stateOf(ctx);
  if (state.flows.length === 0) return;
  // A code added since prepare (an order edited between) is read now; one looked up before, found or not, is not.
  if (state.needs.skus) {
    const codes = unlookedCodes(state, [order]);
    if (codes.length) await readSkuFacts(ctx.tx, ctx.tenantId, codes, state.skus, state.needs.groups);
  }
  const processId = processIdOf(order);
  if (processId) await readProcessFacts(ctx.tx, ctx.tenantId, [processId], state.processes);
  const facts: FlowFacts = { skus: state.skus, ilocs: state.ilocs, process: processId ? state.processes.get(processId) ?? null : null, now: new Date() };
  const outcome = evaluateFlows(state.flows, order, facts);
  state.pending.set(outcome.order, { trace: traceJson(outcome.stored, state.set), effects: outcome.effects, failed: outcome.failure !== null, trigger });
  if (outcome.failure) throw new HookFailure(outcome.failure.message);
  return outcome.order;
}
runImportFlows.prepare = prepare;
runImportFlows.intakeSql = (tenantId: string) => ({
  flows: activeFlowsSql(tenantId, 'before_import_order'),
  ilocs: ilocFactsSql(tenantId, 'before_import_order'),
});

/** After the write: each evaluated order's trace, then the effects of those that passed, then the flows' last run. */
export async function afterImportFlows(written: readonly WrittenOrder[], ctx: HookContext): Promise<void> {
  const pending = states.get(ctx.tx)?.pending;
  if (!pending?.size) return;
  const done = written.flatMap((w) => {
    const p = pending.get(w.order);
    if (!p) return [];
    pending.delete(w.order);
    return [{ ...w, ...p }];
  });
  if (done.length === 0) return;
  await recordTraces(ctx.tx, ctx.tenantId, done.map((d) => ({ orderId: d.orderId, trigger: d.trigger, traces: d.trace, error: d.failed })));
  for (const d of done) {
    if (!d.failed && d.effects.length) await carryOut(ctx, d.orderId, d.status as OrderStatus, d.effects);
  }
}

/**
 * The effects a flow asked for, once the order exists: a cancel and an open-ended hold go through the order's
 * own lifecycle (refused quietly when its status does not allow them: an order in error is not held), a
 * notification to the users who may read orders.
 */
export async function carryOut(ctx: Pick<HookContext, 'tx' | 'tenantId' | 'userId'>, orderId: string, status: OrderStatus, effects: readonly FlowEffect[]): Promise<void> {
  let current = status;
  for (const effect of effects) {
    if (effect.type === 'cancel' && orderTransition(current, 'cancel')) {
      await applyOrderAction(ctx.tx, ctx.tenantId, { userId: ctx.userId }, orderId, 'cancel');
      current = 'cancelled';
    } else if (effect.type === 'hold' && current === 'open') {
      await applyOrderAction(ctx.tx, ctx.tenantId, { userId: ctx.userId }, orderId, 'hold', {});
      current = 'on_hold';
    } else if (effect.type === 'notify') {
      const users = await usersWithPermission(ctx.tx, ctx.tenantId, 'read-order');
      await createNotifications(ctx.tx, ctx.tenantId, users.map((userId) => ({
        userId, type: 'rules.notify',
        data: { title: effect.title, description: effect.message, status: 'WARNING', type: 'rules.notify', table: 'orders', target: 'orders', target_id: orderId, mediable: null },
      })));
    }
  }
}
