import { sql, type SQL } from 'drizzle-orm';
import {
  readStoredTraces, RULE_TRACE_RETENTION_DAYS, type RuleTraceDto, type StoredFlowTrace, type TFlowNode,
  type TraceVersion,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';

/**
 * The traces on an order: written compact (the engine's stored form) with the import, an apply or a retry, read back with
 * the names and conditions of the versions that ran, and pruned after RULE_TRACE_RETENTION_DAYS.
 */

export interface TraceInput {
  orderId: string;
  trigger: string;
  /** The flows' stored traces, or already as JSON (the import serializes each order's at once). */
  traces: StoredFlowTrace[] | StoredTraceJson;
  error: boolean;
}

/** An order's stored traces as JSON, with the flows that ran: what an import keeps of an evaluation until the write. */
export interface StoredTraceJson {
  json: string;
  flowIds: string[];
}

export function traceJson(stored: readonly StoredFlowTrace[]): StoredTraceJson {
  return { json: JSON.stringify(stored), flowIds: stored.map((t) => t[0]) };
}

const lastPrune = new Map<string, number>();
/** Four bind parameters a row, under PostgreSQL's 65,535 a statement. */
const TRACE_ROWS_PER_INSERT = 10_000;
const DAY_MS = 86_400_000;

/** One statement for a batch's traces; the flows that ran get their last run. Old traces go once a day per company. */
export async function recordTraces(tx: Tx, tenantId: string, traces: TraceInput[]): Promise<void> {
  const flowIds = new Set<string>();
  const rows: SQL[] = [];
  for (const t of traces) {
    const stored = Array.isArray(t.traces) ? traceJson(t.traces) : t.traces;
    if (stored.flowIds.length === 0) continue;
    for (const id of stored.flowIds) flowIds.add(id);
    rows.push(sql`(${t.orderId}::uuid, ${t.trigger}::text, ${t.error}::boolean, ${stored.json}::text)`);
  }
  if (rows.length === 0) return;
  // One row of bind parameters per order: PostgreSQL stores each trace as sent, with no JSON document to parse.
  for (let i = 0; i < rows.length; i += TRACE_ROWS_PER_INSERT) {
    await tx.execute(sql`
      INSERT INTO rule_traces (tenant_id, subject_id, trigger, error, flows, subject_type, hook_point)
      SELECT ${tenantId}::uuid, v.*, 'order', 'before_import_order' FROM (VALUES ${sql.join(rows.slice(i, i + TRACE_ROWS_PER_INSERT), sql`, `)}) AS v`);
  }
  // The list's "last run", to the minute: concurrent imports must not queue on the flows' rows, so a flow run
  // less than a minute ago, or being marked by another import right now, is left as it is.
  await tx.execute(sql`
    UPDATE rule_flows SET last_run_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id IN (
      SELECT id FROM rule_flows
      WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray([...flowIds])})
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
    const rows = await queryRows<{ id: string; hook_point: RuleTraceDto['hook_point']; trigger: string; error: boolean; flows: string; created_at: string }>(tx, sql`
      SELECT id, hook_point, trigger, error, flows, created_at FROM rule_traces
      WHERE subject_id = ${id}::uuid ORDER BY created_at DESC, id LIMIT 100`);
    // Names and conditions come from the versions that ran (kept for good, also for a deleted flow).
    const parsed = rows.map((r) => ({ ...r, flows: JSON.parse(r.flows) as StoredFlowTrace[] }));
    const pairs = [...new Set(parsed.flatMap((r) => r.flows.map(([flowId, version]) => `${flowId}:${version}`)))];
    const versions = new Map<string, TraceVersion>();
    if (pairs.length) {
      const found = await queryRows<{ flow_id: string; version: number; name: string; nodes: TFlowNode[] }>(tx, sql`
        SELECT v.flow_id, v.version, v.name, v.nodes FROM rule_flow_versions v
        JOIN jsonb_array_elements_text(${JSON.stringify(pairs)}::jsonb) AS p(k) ON p.k = v.flow_id::text || ':' || v.version`);
      for (const v of found) versions.set(`${v.flow_id}:${v.version}`, { name: v.name, nodes: v.nodes });
    }
    return parsed.map((r) => ({
      ...r, flows: readStoredTraces(r.flows, (flowId, version) => versions.get(`${flowId}:${version}`)), created_at: new Date(r.created_at).toISOString(),
    }));
  });
}
