import { sql } from 'drizzle-orm';
import {
  readStoredTraces, RULE_TRACE_RETENTION_DAYS, storeTraces, type FlowTraceDto, type RuleTraceDto, type StoredFlowTrace, type TFlowNode,
  type TraceVersion,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';

/**
 * The traces on an order: written compact (storeTraces) with the import, an apply or a retry, read back with
 * the names and conditions of the versions that ran, and pruned after RULE_TRACE_RETENTION_DAYS.
 */

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
      WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(flowIds)})
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
  const gone = await queryRows(tx, sql`
    DELETE FROM rule_traces WHERE tenant_id = ${tenantId}::uuid AND created_at < now() - make_interval(days => ${RULE_TRACE_RETENTION_DAYS})
    RETURNING 1`);
  return gone.length;
}

/** GET /orders/{id}/rule-traces: newest first (at most 100). */
export async function listOrderTraces(ctx: TenantCtx, orderId: string): Promise<RuleTraceDto[]> {
  return withTenant(ctx, async (tx) => {
    const id = assertId(orderId, 'Order');
    const [order] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM orders WHERE id = ${id}::uuid`);
    if (!order) throw notFound('Order');
    const rows = await queryRows<{ id: string; hook_point: RuleTraceDto['hook_point']; trigger: string; error: boolean; flows: StoredFlowTrace[]; created_at: string }>(tx, sql`
      SELECT id, hook_point, trigger, error, flows, created_at FROM rule_traces
      WHERE subject_id = ${id}::uuid ORDER BY created_at DESC, id LIMIT 100`);
    // Names and conditions come from the versions that ran (kept for good, also for a deleted flow).
    const pairs = [...new Set(rows.flatMap((r) => r.flows.map(([flowId, version]) => `${flowId}:${version}`)))];
    const versions = new Map<string, TraceVersion>();
    if (pairs.length) {
      const found = await queryRows<{ flow_id: string; version: number; name: string; nodes: TFlowNode[] }>(tx, sql`
        SELECT v.flow_id, v.version, v.name, v.nodes FROM rule_flow_versions v
        JOIN jsonb_array_elements_text(${JSON.stringify(pairs)}::jsonb) AS p(k) ON p.k = v.flow_id::text || ':' || v.version`);
      for (const v of found) versions.set(`${v.flow_id}:${v.version}`, { name: v.name, nodes: v.nodes });
    }
    return rows.map((r) => ({
      ...r, flows: readStoredTraces(r.flows, (flowId, version) => versions.get(`${flowId}:${version}`)), created_at: new Date(r.created_at).toISOString(),
    }));
  });
}
