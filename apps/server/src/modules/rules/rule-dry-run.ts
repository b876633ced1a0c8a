import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DRY_RUN_MAX_RESULTS, evaluateFlows, paginate,
  type DryRunDto, type DryRunResultDto, type FlowChangeDto, type FlowHookPoint, type Paginated, type RunnableFlow, type SkuFacts,
  type TDryRunCreate, type TFlowNode, type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf } from '../../platform/db/list-query';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import { defineJob, type RunningJob } from '../../platform/jobs/jobs';
import { readIlocFacts, readProcessFacts, readSkuFacts, skuFactsNeeded, type ProcessFacts } from './rule-facts';
import { storedOrdersSql, toStoredOrder } from './rule-stored-orders';
import { assertRunnable, loadFlow, readVersionNodes } from './rules.service';

/**
 * Dry run: a flow (its current version, an older one, or an unsaved draft) over the company's orders of the
 * last N days, changing nothing: which orders it would change and how, beside what happened to them. A job
 * (the request answers 202); pages of orders are read and evaluated in memory, the orders it would change
 * kept for the diff table (at most DRY_RUN_MAX_RESULTS).
 */

const PAGE = 2000;

type RunRow = {
  id: string; flow_id: string; version: number | null; days: number; status: DryRunDto['status']; examined: number; changed: number;
  unchanged: number; failed: number; truncated: boolean; error: string | null; duration_ms: number | null; created_at: string; finished_at: string | null;
};

const runView = (r: RunRow): DryRunDto => ({
  id: r.id, flow_id: r.flow_id, version: r.version, days: r.days, status: r.status, examined: r.examined, changed: r.changed,
  unchanged: r.unchanged, failed: r.failed, truncated: r.truncated, error: r.error, duration_ms: r.duration_ms,
  created_at: new Date(r.created_at).toISOString(), finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

const RUN_COLUMNS = sql`id, flow_id, version, days, status, examined, changed, unchanged, failed, truncated, error, duration_ms, created_at, finished_at`;

export const dryRunJob = defineJob({
  name: 'rules.dry-run',
  payload: z.object({ run_id: z.uuid() }),
  retryLimit: 0,
  handler: (job) => runDryRun(job),
});

export async function startDryRun(ctx: TenantCtx, flowId: string, input: TDryRunCreate): Promise<DryRunDto> {
  return withTenant(ctx, async (tx) => {
    const flow = await loadFlow(tx, flowId);
    let nodes = flow.nodes as TFlowNode[];
    let version: number | null = flow.version;
    if (input.nodes) {
      await assertRunnable(tx, flow.hookPoint as FlowHookPoint, input.nodes, flow.id);
      nodes = input.nodes;
      version = null;
    } else if (input.version) {
      nodes = await readVersionNodes(tx, flow.id, input.version);
      version = input.version;
    }
    const [row] = await queryRows<RunRow>(tx, sql`
      INSERT INTO rule_dry_runs (tenant_id, flow_id, version, nodes, days, created_by)
      VALUES (${ctx.tenantId}::uuid, ${flow.id}::uuid, ${version}, ${JSON.stringify(nodes)}::jsonb, ${input.days}, ${ctx.principal.userId}::uuid)
      RETURNING ${RUN_COLUMNS}`);
    await dryRunJob.enqueue(tx, ctx.tenantId, { run_id: row!.id }, { userId: ctx.principal.userId });
    return runView(row!);
  });
}

export async function getDryRun(ctx: TenantCtx, flowId: string, runId: string): Promise<DryRunDto> {
  return withTenant(ctx, async (tx) => runView(await loadRun(tx, flowId, runId)));
}

async function loadRun(tx: Tx, flowId: string, runId: string): Promise<RunRow> {
  const [row] = await queryRows<RunRow>(tx, sql`
    SELECT ${RUN_COLUMNS} FROM rule_dry_runs WHERE id = ${assertId(runId, 'Dry run')}::uuid AND flow_id = ${assertId(flowId, 'Rule')}::uuid`);
  if (!row) throw notFound('Dry run');
  return row;
}

export async function listDryRunResults(ctx: TenantCtx, flowId: string, runId: string, query: TListQuery): Promise<Paginated<DryRunResultDto>> {
  return withTenant(ctx, async (tx) => {
    const run = await loadRun(tx, flowId, runId);
    const rows = await queryRows<{ order_id: string; number: string; order_created_at: string; outcome: 'changed' | 'error'; changes: FlowChangeDto[]; error: string | null; actual: DryRunResultDto['actual'] }>(tx, sql`
      SELECT order_id, number, order_created_at, outcome, changes, error, actual FROM rule_dry_run_results
      WHERE run_id = ${run.id}::uuid ORDER BY seq LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    const total = run.changed + run.failed > DRY_RUN_MAX_RESULTS ? DRY_RUN_MAX_RESULTS : run.changed + run.failed;
    return paginate(rows.map((r) => ({
      order_id: r.order_id, number: r.number, created_at: new Date(r.order_created_at).toISOString(), outcome: r.outcome,
      changes: r.changes, error: r.error, actual: r.actual,
    })), total, query.page, query.per_page);
  });
}

/** iLoc ids in a change read as names in the diff table. */
function named(changes: FlowChangeDto[], names: Map<string, string>): FlowChangeDto[] {
  const nameOf = (v: unknown) => (typeof v === 'string' && names.has(v) ? names.get(v)! : v);
  return changes.map((c) => (c.path.endsWith('iloc_id') ? { path: c.path, before: nameOf(c.before), after: nameOf(c.after) } : c));
}

async function runDryRun(job: RunningJob<{ run_id: string }>): Promise<unknown> {
  const started = Date.now();
  const runId = job.payload.run_id;
  const run = await job.inTenant(async (tx) => {
    const [r] = await queryRows<{ flow_id: string; nodes: TFlowNode[]; days: number; version: number | null; name: string; hook_point: FlowHookPoint; created_at: string }>(tx, sql`
      UPDATE rule_dry_runs d SET status = 'running' FROM rule_flows f
      WHERE d.id = ${runId}::uuid AND f.tenant_id = d.tenant_id AND f.id = d.flow_id
      RETURNING d.flow_id, d.nodes, d.days, d.version, f.name, f.hook_point, d.created_at`);
    return r;
  });
  if (!run) return { skipped: 'The dry run is gone' };
  try {
    const flow: RunnableFlow = { id: run.flow_id, name: run.name, version: run.version ?? 0, hook_point: run.hook_point, nodes: run.nodes };
    const counts = { examined: 0, changed: 0, unchanged: 0, failed: 0, kept: 0 };
    const since = new Date(new Date(run.created_at).getTime() - run.days * 86_400_000).toISOString();
    let after: { at: string; id: string } | null = null;
    const needs = skuFactsNeeded([flow]);
    // One read-only pass in one transaction: every page sees the same orders.
    await job.inTenant(async (tx) => {
      const ilocs = await readIlocFacts(tx, job.tenantId);
      const names = new Map(ilocs.map((i) => [i.id, i.name]));
      const skus = new Map<string, SkuFacts>();
      const processes = new Map<string, ProcessFacts>();
      for (;;) {
        const where = after
          ? sql`o.created_at >= ${since}::timestamptz AND o.created_at <= ${run.created_at}::timestamptz AND (o.created_at, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : sql`o.created_at >= ${since}::timestamptz AND o.created_at <= ${run.created_at}::timestamptz`;
        const page = (await queryRows<Record<string, unknown>>(tx, storedOrdersSql(job.tenantId, where, PAGE))).map(toStoredOrder);
        if (page.length === 0) break;
        if (needs.skus) await readSkuFacts(tx, job.tenantId, page.flatMap((o) => o.input.lines.map((l) => l.sku)), skus, needs.groups);
        await readProcessFacts(tx, job.tenantId, page.flatMap((o) => (o.process_id ? [o.process_id] : [])), processes);
        const kept: Record<string, unknown>[] = [];
        for (const o of page) {
          counts.examined++;
          const outcome = evaluateFlows([flow], o.input, {
            skus, ilocs, process: o.process_id ? processes.get(o.process_id) ?? null : null, now: new Date(o.created_at),
          });
          const outcomeKind = outcome.failure ? 'error' : outcome.changes.length ? 'changed' : 'unchanged';
          counts[outcomeKind === 'error' ? 'failed' : outcomeKind]++;
          if (outcomeKind === 'unchanged' || counts.kept >= DRY_RUN_MAX_RESULTS) continue;
          counts.kept++;
          kept.push({
            q: counts.kept, o: o.id, n: o.number, c: o.created_at, k: outcomeKind, ch: named(outcome.changes, names),
            e: outcome.failure?.message ?? null, a: { status: o.status, ilocs: o.ilocs, ship_method: o.input.ship_method ?? null, ship_carrier: o.input.ship_carrier ?? null },
          });
        }
        if (kept.length) {
          await tx.execute(sql`
            INSERT INTO rule_dry_run_results (tenant_id, run_id, seq, order_id, number, order_created_at, outcome, changes, error, actual)
            SELECT ${job.tenantId}::uuid, ${runId}::uuid, x.q, x.o, x.n, x.c, x.k, x.ch, x.e, x.a
            FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS x(q int, o uuid, n text, c timestamptz, k text, ch jsonb, e text, a jsonb)`);
        }
        const last = page[page.length - 1]!;
        after = { at: last.cursor, id: last.id };
        if (page.length < PAGE) break;
      }
    });
    const durationMs = Date.now() - started;
    await job.inTenant((tx) => tx.execute(sql`
      UPDATE rule_dry_runs SET status = 'completed', examined = ${counts.examined}, changed = ${counts.changed}, unchanged = ${counts.unchanged},
        failed = ${counts.failed}, truncated = ${counts.changed + counts.failed > DRY_RUN_MAX_RESULTS}, duration_ms = ${durationMs}, finished_at = now()
      WHERE id = ${runId}::uuid`));
    return { ...counts, duration_ms: durationMs };
  } catch (err) {
    await job.inTenant((tx) => tx.execute(sql`
      UPDATE rule_dry_runs SET status = 'failed', error = ${err instanceof Error ? err.message.slice(0, 500) : 'The dry run failed'}, finished_at = now(),
        duration_ms = ${Date.now() - started}
      WHERE id = ${runId}::uuid`));
    throw err;
  }
}
