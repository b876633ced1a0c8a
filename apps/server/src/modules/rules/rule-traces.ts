import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  readStoredTraces, RULE_TRACE_RETENTION_DAYS, type RuleTraceDto, type StoredFlowTrace, type TFlowNode,
  type TraceVersion,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryPrepared, queryRows } from '../../platform/db/rows';
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

/**
 * The flows a hook ran, in order, as kept once for many traces (migration 0039): the id is the md5 of `json`, so
 * two imports writing the same set agree on it without reading it back.
 */
export interface FlowSet {
  id: string;
  json: string;
  flowIds: string[];
}

export function flowSetOf(flows: readonly { id: string; version: number }[]): FlowSet {
  const json = JSON.stringify(flows.map((f) => [f.id, f.version]));
  return { id: createHash('md5').update(json).digest('hex'), json, flowIds: flows.map((f) => f.id) };
}

/** An order's stored traces as JSON without the flows' ids (those are `set`'s first `count`). */
export interface StoredTraceJson {
  json: string;
  set: FlowSet;
  count: number;
}

const ranSet = (stored: readonly StoredFlowTrace[], set: FlowSet | undefined): FlowSet => {
  if (set && stored.length <= set.flowIds.length && stored.every((t, i) => t[0] === set.flowIds[i])) return set;
  return flowSetOf(stored.map((t) => ({ id: t[0], version: t[1] })));
};

/**
 * What an order keeps of an evaluation until the write: each flow's [steps, error, ms] as JSON. `set` is the
 * hook's flows (their traces are a prefix of it: the engine stops at the first failure).
 */
export function traceJson(stored: readonly StoredFlowTrace[], set?: FlowSet): StoredTraceJson {
  // One stringify of small arrays is faster than one per flow (7 vs 10 µs an order for twenty flows).
  const kept = new Array<unknown[]>(stored.length);
  for (let i = 0; i < stored.length; i++) {
    const t = stored[i]!;
    kept[i] = [t[2], t[3], t[4]];
  }
  return { json: JSON.stringify(kept), set: ranSet(stored, set), count: stored.length };
}

/** A stored row's traces with their flows: a trace since 0039 ([steps, error, ms] and a set) or one before (ids inside). */
export function storedTracesOf(flowsJson: string, setJson: string | null): StoredFlowTrace[] {
  const flows = JSON.parse(flowsJson) as unknown[][];
  if (setJson === null) return flows as unknown as StoredFlowTrace[];
  const set = JSON.parse(setJson) as [string, number][];
  return flows.map((t, i) => [set[i]?.[0] ?? '', set[i]?.[1] ?? 0, t[0], t[1], t[2]] as StoredFlowTrace);
}

const lastPrune = new Map<string, number>();
const DAY_MS = 86_400_000;

/** Rows per trace statement: a CSV import of ten thousand orders sends ten statements of a few megabytes, not one. */
const MAX_TRACE_ROWS = 1000;

interface TraceRow { orderId: string; trigger: string; error: boolean; json: string; set: string }

/**
 * What separates the traces in the one text that carries them: JSON.stringify escapes every control character,
 * so a trace never holds U+0001. One text and four short lists instead of five bind parameters a row: the
 * statement's text is the same for any number of rows (prepared once per connection), and neither the server
 * nor the database handles five thousand parameters for a batch. The four lists are joined by commas, which none
 * of their values holds: order ids are uuids, triggers our own words, flow sets md5 hex.
 */
const TRACE_SEPARATOR = '\u0001';

/**
 * One statement for up to a thousand traces, with their flow sets and the flows' last run. The list's "last run"
 * is to the minute: concurrent imports must not queue on the flows' rows, so a flow run less than a minute ago,
 * or being marked by another import right now, is left as it is (and a second statement of a batch marks none).
 */
function tracesInsert(tenantId: string, rows: TraceRow[], sets: FlowSet[], flowIds: string[]): SQL {
  const list = (pick: (r: TraceRow) => string) => rows.map(pick).join(',');
  return sql`
    WITH sets AS (
      INSERT INTO rule_trace_flow_sets (tenant_id, id, flows)
      SELECT ${tenantId}::uuid, s.id, s.flows FROM json_to_recordset(${JSON.stringify(sets.map((x) => ({ id: x.id, flows: x.json })))}::json) AS s(id text, flows text)
      ON CONFLICT (tenant_id, id) DO NOTHING
    ), ran AS (
      UPDATE rule_flows SET last_run_at = now()
      WHERE tenant_id = ${tenantId}::uuid AND id IN (
        SELECT id FROM rule_flows
        WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(flowIds)})
          AND (last_run_at IS NULL OR last_run_at < now() - interval '1 minute')
        FOR UPDATE SKIP LOCKED)
    )
    INSERT INTO rule_traces (tenant_id, subject_id, trigger, error, flows, flow_set, subject_type, hook_point)
    SELECT ${tenantId}::uuid, v.s, v.t, v.e, v.f, v.fs, 'order', 'before_import_order'
    FROM unnest(
      string_to_array(${list((r) => r.orderId)}::text, ',')::uuid[],
      string_to_array(${list((r) => r.trigger)}::text, ','),
      string_to_array(${list((r) => (r.error ? 't' : 'f'))}::text, ',')::boolean[],
      string_to_array(${rows.map((r) => r.json).join(TRACE_SEPARATOR)}::text, ${TRACE_SEPARATOR}::text),
      string_to_array(${list((r) => r.set)}::text, ',')
    ) AS v(s, t, e, f, fs)`;
}

/** A batch's traces with their flow sets, and the flows that ran get their last run, in one statement per thousand. Old traces go once a day per company. */
export async function recordTraces(tx: Tx, tenantId: string, traces: TraceInput[]): Promise<void> {
  const flowIds = new Set<string>();
  const sets = new Map<string, { set: FlowSet; ran: number }>();
  const rows: TraceRow[] = [];
  for (const t of traces) {
    const stored = Array.isArray(t.traces) ? traceJson(t.traces) : t.traces;
    if (stored.count === 0) continue;
    const seen = sets.get(stored.set.id);
    if (!seen) sets.set(stored.set.id, { set: stored.set, ran: stored.count });
    else if (seen.ran < stored.count) seen.ran = stored.count;
    rows.push({ orderId: t.orderId, trigger: t.trigger, error: t.error, json: stored.json, set: stored.set.id });
  }
  if (rows.length === 0) return;
  for (const { set, ran } of sets.values()) for (const id of set.flowIds.slice(0, ran)) flowIds.add(id);
  const allSets = [...sets.values()].map((x) => x.set);
  for (let i = 0; i < rows.length; i += MAX_TRACE_ROWS) {
    await queryPrepared(tx, tracesInsert(tenantId, rows.slice(i, i + MAX_TRACE_ROWS), allSets, [...flowIds]));
  }
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
    const rows = await queryRows<{ id: string; hook_point: RuleTraceDto['hook_point']; trigger: string; error: boolean; flows: string; flow_set: string | null; created_at: string }>(tx, sql`
      SELECT t.id, t.hook_point, t.trigger, t.error, t.flows, s.flows AS flow_set, t.created_at FROM rule_traces t
      LEFT JOIN rule_trace_flow_sets s ON s.tenant_id = t.tenant_id AND s.id = t.flow_set
      WHERE t.subject_id = ${id}::uuid ORDER BY t.created_at DESC, t.id LIMIT 100`);
    // Names and conditions come from the versions that ran (kept for good, also for a deleted flow).
    const parsed = rows.map(({ flow_set, ...r }) => ({ ...r, flows: storedTracesOf(r.flows, flow_set) }));
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
