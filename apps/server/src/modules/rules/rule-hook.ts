import { sql } from 'drizzle-orm';
import {
  evaluateFlows, orderTransition, RULE_TRACE_RETENTION_DAYS, storeTraces, type FlowEffect, type FlowFacts, type FlowTraceDto, type FlowsOutcome, type IlocFacts, type OrderStatus,
  type RunnableFlow, type SkuFacts, type TOrderInput,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { lineCodesOf, HookFailure, type HookContext, type WrittenOrder } from '../orders/order-pipeline';
import { applyOrderAction } from '../orders/order-actions';
import { createNotifications, usersWithPermission } from '../notifications/notify';
import { activeFlowsSql, flowsNeedSkus, processIdOf, readActiveFlows, readIlocFacts, readProcessFacts, readSkuFacts, type ProcessFacts } from './rule-facts';

/**
 * The before-import hook: the company's active before_import_order flows run on every order imported (and
 * on a draft submitted, an order in error retried), in the import's transaction. The trace and the effects
 * (a cancel, an open-ended hold, a notification) are written after the order, in the same transaction.
 */

const RULE_TRIGGERS = new Set(['import', 'submit', 'retry']);

interface TxState {
  flows: RunnableFlow[];
  ilocs: IlocFacts[];
  needSkus: boolean;
  skus: Map<string, SkuFacts>;
  processes: Map<string, ProcessFacts>;
}

/** Per transaction: a batch's orders share one read of the flows, iLocs and facts. */
const states = new WeakMap<Tx, TxState>();
/** What an evaluation left for after the write, by the order object the pipeline writes. */
const pending = new WeakMap<TOrderInput, { outcome: FlowsOutcome; trigger: string }>();

async function stateOf(ctx: HookContext): Promise<TxState> {
  let state = states.get(ctx.tx);
  if (!state) {
    const { flows, ilocs } = await readActiveFlows(ctx.tx, ctx.tenantId, 'before_import_order');
    state = { flows, ilocs, needSkus: flowsNeedSkus(flows), skus: new Map(), processes: new Map() };
    states.set(ctx.tx, state);
  }
  return state;
}

/**
 * Facts for a batch: the SKUs and connections of every order, read once. On import the flows came with the
 * import's first read (`intake`): a company without active flows pays no round trip for rules.
 */
async function prepare(orders: readonly TOrderInput[], ctx: HookContext, intake?: Record<string, unknown>[]): Promise<void> {
  if (!RULE_TRIGGERS.has(ctx.trigger ?? 'import')) return;
  if (intake && !states.has(ctx.tx)) {
    const flows = intake as unknown as RunnableFlow[];
    states.set(ctx.tx, { flows, ilocs: flows.length ? await readIlocFacts(ctx.tx, ctx.tenantId) : [], needSkus: flowsNeedSkus(flows), skus: new Map(), processes: new Map() });
  }
  const state = await stateOf(ctx);
  if (state.flows.length === 0) return;
  if (state.needSkus) await readSkuFacts(ctx.tx, ctx.tenantId, lineCodesOf([...orders]), state.skus);
  const processIds = orders.map(processIdOf).filter((id): id is string => id !== null);
  await readProcessFacts(ctx.tx, ctx.tenantId, processIds, state.processes);
}

export async function runImportFlows(order: TOrderInput, ctx: HookContext): Promise<TOrderInput | void> {
  const trigger = ctx.trigger ?? 'import';
  if (!RULE_TRIGGERS.has(trigger)) return;
  const state = await stateOf(ctx);
  if (state.flows.length === 0) return;
  // A code added since prepare (an order edited between) is read now.
  if (state.needSkus) await readSkuFacts(ctx.tx, ctx.tenantId, lineCodesOf([order]), state.skus);
  const processId = processIdOf(order);
  if (processId) await readProcessFacts(ctx.tx, ctx.tenantId, [processId], state.processes);
  const facts: FlowFacts = { skus: state.skus, ilocs: state.ilocs, process: processId ? state.processes.get(processId) ?? null : null, now: new Date() };
  const outcome = evaluateFlows(state.flows, order, facts);
  pending.set(outcome.order, { outcome, trigger });
  if (outcome.failure) throw new HookFailure(outcome.failure.message);
  return outcome.order;
}
runImportFlows.prepare = prepare;
runImportFlows.intakeSql = (tenantId: string) => activeFlowsSql(tenantId, 'before_import_order');

/** After the write: each evaluated order's trace, then the effects of those that passed, then the flows' last run. */
export async function afterImportFlows(written: readonly WrittenOrder[], ctx: HookContext): Promise<void> {
  const done = written.flatMap((w) => {
    const p = pending.get(w.order);
    return p ? [{ ...w, ...p }] : [];
  });
  if (done.length === 0) return;
  await recordTraces(ctx.tx, ctx.tenantId, done.map((d) => ({ orderId: d.orderId, trigger: d.trigger, traces: d.outcome.traces, error: d.outcome.failure !== null })));
  for (const d of done) {
    if (!d.outcome.failure && d.outcome.effects.length) await carryOut(ctx, d.orderId, d.status as OrderStatus, d.outcome.effects);
  }
}

export interface TraceInput {
  orderId: string;
  trigger: string;
  traces: FlowTraceDto[];
  error: boolean;
}

const lastPrune = new Map<string, number>();
const DAY_MS = 86_400_000;

/** One statement for a batch's traces; the flows that ran get their last run. Old traces go once a day per company. */
export async function recordTraces(tx: Tx, tenantId: string, traces: TraceInput[]): Promise<void> {
  const rows = traces.filter((t) => t.traces.length).map((t) => ({ s: t.orderId, t: t.trigger, e: t.error, f: storeTraces(t.traces), ids: t.traces.map((f) => f.flow_id) }));
  if (rows.length === 0) return;
  const flowIds = [...new Set(rows.flatMap((r) => r.ids))];
  await tx.execute(sql`
    INSERT INTO rule_traces (tenant_id, subject_type, subject_id, hook_point, trigger, error, flows)
    SELECT ${tenantId}::uuid, 'order', x.s, 'before_import_order', x.t, x.e, x.f
    FROM json_to_recordset(${JSON.stringify(rows.map(({ ids: _ids, ...row }) => row))}::json) AS x(s uuid, t text, e boolean, f json)`);
  // The list's "last run", to the minute: concurrent imports must not queue on the flows' rows, so a flow run
  // less than a minute ago, or being marked by another import right now, is left as it is.
  await tx.execute(sql`
    UPDATE rule_flows SET last_run_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id IN (
      SELECT id FROM rule_flows
      WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${`{${flowIds.join(',')}}`}::uuid[])
        AND (last_run_at IS NULL OR last_run_at < now() - interval '1 minute')
      FOR UPDATE SKIP LOCKED)`);
  const now = Date.now();
  if ((lastPrune.get(tenantId) ?? 0) < now - DAY_MS) {
    lastPrune.set(tenantId, now);
    await pruneTraces(tx, tenantId);
  }
}

/** Traces are kept at least 90 days (the issue): those older than RULE_TRACE_RETENTION_DAYS go. */
export async function pruneTraces(tx: Tx, tenantId: string): Promise<number> {
  const gone = await tx.execute(sql`
    DELETE FROM rule_traces WHERE tenant_id = ${tenantId}::uuid AND created_at < now() - make_interval(days => ${RULE_TRACE_RETENTION_DAYS})`);
  return (gone as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (gone as unknown as { affectedRows?: number }).affectedRows ?? 0;
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
