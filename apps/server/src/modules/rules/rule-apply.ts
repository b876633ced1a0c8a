import { sql } from 'drizzle-orm';
import {
  evaluateFlows, type FlowApplyResultDto, type FlowHookPoint, type RunnableFlow, type SkuFacts, type TFlowApply,
  type TFlowNode, type TOrderInput,
} from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, DomainError, forbidden, invalidTransition, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';
import { applyOrderAction, updateOrder } from '../orders/order-actions';
import { carryOut } from './rule-hook';
import { recordTraces } from './rule-traces';
import { readIlocFacts, readProcessFacts, readSkuFacts, skuFactsNeeded, type ProcessFacts } from './rule-facts';
import { storedOrdersSql, toStoredOrder } from './rule-stored-orders';
import { loadFlow } from './rules.service';

/**
 * Re-applies a flow's current version to chosen orders now (an order imported before the flow existed, or
 * before it was mended). Only orders still to be shipped: open, on hold or in error, nothing shipped. Each
 * order is its own savepoint: one that fails leaves the others applied.
 */

const APPLICABLE = new Set(['open', 'on_hold', 'error']);

export async function applyFlowToOrders(ctx: TenantCtx, flowId: string, input: TFlowApply): Promise<FlowApplyResultDto[]> {
  if (!ctx.principal.permissions.has('update-order')) throw forbidden();
  return withTenant(ctx, async (tx) => {
    const row = await loadFlow(tx, flowId);
    if (row.status === 'deleted') throw notFound('Rule');
    if (row.hookPoint !== 'before_import_order') throw invalidTransition(row.status, 'apply', 'Only flows that run before an order is imported can be applied to orders');
    const flow: RunnableFlow = { id: row.id, name: row.name, version: row.version, hook_point: row.hookPoint as FlowHookPoint, nodes: row.nodes as TFlowNode[] };
    const ids = [...new Set(input.order_ids.map((id) => assertId(id, 'Order')))];
    const stored = (await queryRows<Record<string, unknown>>(tx, storedOrdersSql(ctx.tenantId, sql`o.id = ANY(${uuidArray(ids)})`, ids.length))).map(toStoredOrder);
    const byId = new Map(stored.map((o) => [o.id, o]));
    const ilocs = await readIlocFacts(tx, ctx.tenantId);
    const skus = new Map<string, SkuFacts>();
    const needs = skuFactsNeeded([flow]);
    if (needs.skus) await readSkuFacts(tx, ctx.tenantId, stored.flatMap((o) => o.input.lines.map((l) => l.sku)), skus, needs.groups);
    const processes = new Map<string, ProcessFacts>();
    await readProcessFacts(tx, ctx.tenantId, stored.flatMap((o) => (o.process_id ? [o.process_id] : [])), processes);

    const results: FlowApplyResultDto[] = [];
    for (const id of ids) {
      const o = byId.get(id);
      if (!o) {
        results.push({ order_id: id, number: null, outcome: 'skipped', changes: [], error: 'Order not found' });
        continue;
      }
      if (!APPLICABLE.has(o.status) || o.shipped > 0) {
        results.push({ order_id: id, number: o.number, outcome: 'skipped', changes: [], error: `An order that is ${o.status.replace('_', ' ')}${o.shipped ? ' with units shipped' : ''} is not changed by rules` });
        continue;
      }
      const outcome = evaluateFlows([flow], o.input, { skus, ilocs, process: o.process_id ? processes.get(o.process_id) ?? null : null, now: new Date() });
      if (outcome.failure) {
        await recordTraces(tx, ctx.tenantId, [{ orderId: id, trigger: 'apply', traces: outcome.stored, error: true }]);
        results.push({ order_id: id, number: o.number, outcome: 'error', changes: [], error: outcome.failure.message });
        continue;
      }
      if (outcome.changes.length === 0 && outcome.effects.length === 0) {
        await recordTraces(tx, ctx.tenantId, [{ orderId: id, trigger: 'apply', traces: outcome.stored, error: false }]);
        results.push({ order_id: id, number: o.number, outcome: 'unchanged', changes: [], error: null });
        continue;
      }
      try {
        await tx.transaction(async (sp) => {
          await updateOrder(sp, ctx.tenantId, { userId: ctx.principal.userId }, id, outcome.order as TOrderInput);
          await holdIfAsked(sp, ctx, id, outcome.order.hold_until ?? null, o.input.hold_until ?? null);
          const [now] = await queryRows<{ status: string }>(sp, sql`SELECT status FROM orders WHERE id = ${id}::uuid`);
          await carryOut({ tx: sp, tenantId: ctx.tenantId, userId: ctx.principal.userId }, id, now!.status as never, outcome.effects);
          await recordTraces(sp, ctx.tenantId, [{ orderId: id, trigger: 'apply', traces: outcome.stored, error: false }]);
        });
        results.push({ order_id: id, number: o.number, outcome: 'changed', changes: outcome.changes, error: null });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        results.push({ order_id: id, number: o.number, outcome: 'error', changes: [], error: err.message });
      }
    }
    return results;
  });
}

/** A hold the flow set with a date: the order is held until then (an edit keeps the status it had). */
async function holdIfAsked(tx: Parameters<typeof applyOrderAction>[0], ctx: TenantCtx, id: string, until: string | null, before: string | null) {
  if (!until || until === before || Date.parse(until) <= Date.now()) return;
  const [o] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM orders WHERE id = ${id}::uuid`);
  if (o?.status === 'open' || o?.status === 'on_hold') await applyOrderAction(tx, ctx.tenantId, { userId: ctx.principal.userId }, id, 'hold', { hold_until: until });
}
