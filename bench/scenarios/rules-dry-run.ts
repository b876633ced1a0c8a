import type { TFlowNode } from '@omnio/domain';
import type { LoadPlan, Scenario, ScenarioContext } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';
import { acmeId, loadOrdersDataset } from './orders-dataset';
import { api, cpuText, findServerPid, n0, round, startPhase, timeCpuLoop } from './shopify-bench';

const ORDERS = 100_000;
const DAYS = 365;
const TARGET_S = 30;
const POLL_MS = 100;
/** Far above the target: a run that takes this long has failed the target anyway. */
const GIVE_UP_S = 600;

type DryRun = { id: string; status: string; examined: number; changed: number; unchanged: number; failed: number; truncated: boolean; error: string | null; duration_ms: number | null };

/**
 * The rules issue's "a dry run over 100,000 past orders finishes in < 30 s": 100,000 orders of Acme over the
 * last 365 days (loadOrdersDataset, SQL as the owner: every status, 3 lines each, allocations at the 5 iLocs
 * of the inventory data set), ONE flow created through the API and left inactive, as an author tries it before
 * enabling it — Texas ships from Dallas (`strategy: iloc`), the rest by stock, then UPS ground for all — and
 * `POST /rules/{id}/dry-runs {days: 365}`, polled through `GET /rules/{id}/dry-runs/{runId}` every 100 ms
 * until it ends, worked by the server's own job worker. Reported: the run's own `duration_ms` (the job from
 * start to end) and the wall time from the POST to seeing it completed (the worker's pick-up included),
 * examined, changed, unchanged, failed. PASS when completed, examined ≥ 100,000, no order failed, wall < 30 s,
 * and the orders, allocations and balances unchanged.
 *
 * As the connector benches, the measuring happens while the scenario prepares; the harness's load afterwards
 * only reads the run back:
 *   npm run bench -- rules-dry-run
 */
export const rulesDryRun: Scenario = {
  name: 'rules-dry-run',
  description: `dry run of one 2-branch flow over ${n0(ORDERS)} orders of the last ${DAYS} days (POST /rules/{id}/dry-runs -> completed), target < ${TARGET_S} s`,
  target: { minRequestsPerSecond: 0 },
  async prepare(ctx) {
    if (process.env.JOB_WORKER === 'off') throw new Error('the server must work the dry run itself: unset JOB_WORKER (it is "off" in this shell)');
    const cpuLoopS = timeCpuLoop();
    const data = await loadInventoryDataset(ctx);
    const token = data.token;
    const tenantId = await acmeId(ctx);
    const orders = await loadOrdersDataset(ctx, data, ORDERS);
    const serverPid = findServerPid(ctx.baseUrl);
    if (serverPid === null) console.log('[bench] note: the server process was not found in /proc: no server CPU figures');

    const [dallas] = await ctx.ownerQuery(`SELECT id FROM ilocs WHERE tenant_id = $1 AND code = 'BNC-DAL'`, [tenantId]);
    const flow = await api<{ data: { id: string; version: number } }>(ctx, token, 'POST', '/rules', {
      name: 'Texas ships from Dallas, the rest by stock', hook_point: 'before_import_order', priority: 100,
      description: 'Tried on the last year of orders before it is enabled', nodes: texasFlow(String(dallas?.id)),
    }, 201);
    const before = await snapshot(ctx, tenantId);
    const [inWindow] = await ctx.ownerQuery(`SELECT count(*)::int AS n FROM orders WHERE tenant_id = $1 AND created_at >= now() - interval '${DAYS} days'`, [tenantId]);
    console.log(`[bench] flow ${flow.data.id} created (inactive); ${n0(Number(inWindow?.n))} orders of the company in the last ${DAYS} days; dry run started`);

    const stopRun = startPhase(serverPid);
    const started = performance.now();
    const made = await api<{ data: DryRun }>(ctx, token, 'POST', `/rules/${flow.data.id}/dry-runs`, { days: DAYS }, 202);
    const runPath = `/rules/${flow.data.id}/dry-runs/${made.data.id}`;
    let run = made.data;
    while (run.status === 'queued' || run.status === 'running') {
      if (performance.now() - started > GIVE_UP_S * 1000) throw new Error(`the dry run is still ${run.status} after ${GIVE_UP_S} s`);
      await new Promise((r) => setTimeout(r, POLL_MS));
      run = (await api<{ data: DryRun }>(ctx, token, 'GET', runPath)).data;
    }
    const wallS = (performance.now() - started) / 1000;
    const use = stopRun();
    const after = await snapshot(ctx, tenantId);
    const sample = await api<{ data: { number: string; outcome: string; changes: { path: string; before: unknown; after: unknown }[] }[]; meta?: unknown }>(
      ctx, token, 'GET', `${runPath}/results?per_page=3`);
    console.log(`[bench] dry run ${run.status} in ${wallS.toFixed(2)} s wall (duration_ms ${String(run.duration_ms)}): ${JSON.stringify({ examined: run.examined, changed: run.changed, unchanged: run.unchanged, failed: run.failed })} | ${cpuText(use)}`);

    const problems: string[] = [];
    if (run.status !== 'completed') problems.push(`the dry run ended ${run.status}${run.error ? `: ${run.error}` : ''}`);
    if (run.examined < ORDERS) problems.push(`examined ${run.examined} orders, expected at least ${ORDERS}`);
    if (run.failed !== 0) problems.push(`${run.failed} orders failed the flow`);
    if (run.changed === 0) problems.push('the flow would change no order');
    if (wallS >= TARGET_S) problems.push(`${round(wallS, 2)} s >= ${TARGET_S} s`);
    if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`the dry run changed the database: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);

    const facts = {
      cpu_loop_s: cpuLoopS,
      orders_dataset: orders,
      orders_in_window: Number(inWindow?.n),
      flow_id: flow.data.id,
      dry_run: {
        id: run.id, status: run.status, days: DAYS, examined: run.examined, changed: run.changed, unchanged: run.unchanged, failed: run.failed,
        truncated: run.truncated, error: run.error, duration_ms: run.duration_ms, wall_s: round(wallS, 3),
        orders_per_s: run.duration_ms ? round(run.examined / (run.duration_ms / 1000), 1) : null,
        cpu_s: use.cpu_s, cpu: use.cpu, disturbed: use.disturbed,
      },
      sample_results: sample.data,
      database_before_after: { before, after },
    };
    const line =
      `rules-dry-run: ${run.status} in ${wallS.toFixed(2)} s wall, duration_ms ${n0(run.duration_ms ?? 0)} (${n0(run.examined)} orders of ${DAYS} days examined, ` +
      `changed ${n0(run.changed)}, unchanged ${n0(run.unchanged)}, failed ${n0(run.failed)}) | run ${cpuText(use)} -> ` +
      `${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'} [target < ${TARGET_S} s over >= ${n0(ORDERS)} orders]`;
    console.log(line);
    return readRunBack(token, runPath, { facts, problems });
  },
};

/** The issue's two-branch flow: Texas from Dallas by name, the rest by stock; then UPS ground for every order. */
function texasFlow(dallas: string): TFlowNode[] {
  return [
    { id: 'start', type: 'start', name: 'Start', prev: [], next: ['is-tx'], formData: {} },
    { id: 'is-tx', type: 'condition', name: 'Ships to Texas?', prev: ['start'], next: ['dallas', 'by-stock'],
      formData: { match: 'all', conditions: [{ field: 'shipping_address.state', operator: 'in', value: ['TX', 'Texas'] }] } },
    { id: 'dallas', type: 'router', groupType: 'router', name: 'Ship from Dallas', prev: ['is-tx'], next: ['ground'], action_type: 'select_inventory_location', iloc_id: dallas, formData: { strategy: 'iloc', iloc_id: dallas } },
    { id: 'by-stock', type: 'router', groupType: 'router', name: 'Best stock', prev: ['is-tx'], next: ['ground'], action_type: 'select_inventory_location', formData: { strategy: 'stock' } },
    { id: 'ground', type: 'action', name: 'UPS ground', prev: ['dallas', 'by-stock'], next: ['end'], action_type: 'set_ship_method', formData: { ship_method: 'standard', ship_carrier: 'ups' } },
    { id: 'end', type: 'end', name: 'End', prev: ['ground'], next: [], formData: {} },
  ];
}

/** What a dry run must not change: the orders, their allocations, the balances. */
async function snapshot(ctx: ScenarioContext, tenantId: string): Promise<Record<string, unknown>> {
  const [row] = await ctx.ownerQuery(`
    SELECT (SELECT count(*)::int FROM orders WHERE tenant_id = $1) AS orders,
      (SELECT sum(version)::bigint::text FROM orders WHERE tenant_id = $1) AS order_versions,
      (SELECT max(updated_at)::text FROM orders WHERE tenant_id = $1) AS orders_updated,
      (SELECT count(*)::int FROM order_allocations WHERE tenant_id = $1) AS allocations,
      (SELECT coalesce(sum(qty_reserved), 0)::bigint::text FROM inventory_balances WHERE tenant_id = $1) AS reserved,
      (SELECT count(*)::int FROM rule_traces WHERE tenant_id = $1) AS traces`, [tenantId]);
  return row ?? {};
}

/**
 * What the harness drives after the scenario measured itself while preparing: GET of the dry run, a small
 * read, so that its warm-up and its load do no work that matters. The run must read completed.
 */
function readRunBack(token: string, runPath: string, verification: { facts: Record<string, unknown>; problems: string[] }): LoadPlan {
  return {
    method: 'GET',
    path: `/api/1.0${runPath}`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    expectStatus: 200,
    // autocannon wants at least one request per connection (--connections, 50 by default).
    requestCount: 500,
    check(body) {
      const run = (body as { data?: { status?: string } }).data;
      return run?.status === 'completed' ? null : `dry run ${run?.status}`;
    },
    verify: async () => verification,
  };
}
