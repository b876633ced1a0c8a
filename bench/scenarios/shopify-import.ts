import type { Scenario, ScenarioContext } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';
import { acmeId, allowBenchOrders, orderFactory, parseJson, primeOrders, runTag, tallyOrders } from './orders-dataset';
import type { TOrderInput } from '@omnio/domain';
import {
  callLogStats, callStats, channelServerEnv, cpuText, createShopifyProcess, findServerPid, n0, round, runAction, startFake, startPhase,
  readBack, timeCpuLoop, type PhaseUse,
} from './shopify-bench';

const ORDERS = 10_000;
const LINES_PER_ORDER = 3;
const TARGET_ORDERS_PER_S = 500;
/** POST /orders/batch's largest page, for the page-size comparison. */
const BIG_PAGE = 1000;
/** Shopify's standard plan: the budget the stock bench enforces; here only to say what it would allow. */
const STANDARD_BUCKET = { maximumAvailable: 2000, restoreRate: 100 };

/**
 * A Shopify import end to end (issue 17): 10,000 orders of 3 lines at the local Shopify fake (in this
 * process, on 127.0.0.1), on SKUs of the inventory data set that have stock; a Shopify process created
 * through the API with `settings.api_base_url` on the fake; `import_orders` started with POST …/run and
 * polled through GET /jobs/{id} until COMPLETED, worked by the server's own job worker. orders/s =
 * 10,000 / (run-now → COMPLETED). Target ≥ 500 orders/s, with created 10,000 and failed 0.
 *
 * The fake's cost budget is made unlimited here: Shopify's standard budget (2,000, +100/s) lets a paged
 * orders query through at far fewer orders per second than the framework can take (the run reports how
 * many); the budget is enforced by shopify-stock instead.
 *
 * The framework's overhead per order: the same 10,000 orders, mapped by the server's own code
 * (fromWebhook → toOrderInput, as an orders/create webhook would be), are first imported through
 * POST /orders/batch 25 per request — the connector's page size — one request at a time. Both go through
 * createOrders; what the connector run takes beyond that, per order, is what fetching pages from Shopify,
 * mapping them and the run's bookkeeping (cursor, counts, call log, kept pages, the job) add. The CPU of the
 * server, PostgreSQL and this process (the fake) is measured for each phase too.
 *
 * All the measuring happens while the scenario prepares; the harness's own load afterwards only reads the
 * run back (GET /processes/{id}/runs/{runId}) and its line is about that request. The scenario prints its
 * own line, and its figures are the results file's `verification.facts`.
 *   npm run bench -- shopify-import
 */
export const shopifyImport: Scenario = {
  name: 'shopify-import',
  description: `import ${n0(ORDERS)} Shopify orders x ${LINES_PER_ORDER} lines from the local fake with import_orders (run-now -> COMPLETED), target >= ${TARGET_ORDERS_PER_S} orders/s`,
  target: { minRequestsPerSecond: 0 },
  async prepare(ctx) {
    const serverEnv = channelServerEnv();
    const cpuLoopS = timeCpuLoop();
    const data = await loadInventoryDataset(ctx);
    const token = data.token;
    const tenantId = await acmeId(ctx);
    await allowBenchOrders(ctx, tenantId);
    await primeOrders(ctx, token, orderFactory(runTag()));
    const serverPid = findServerPid(ctx.baseUrl);
    if (serverPid === null) console.log('[bench] note: the server process was not found in /proc: no server CPU figures');

    const { toOrderInput } = await import('../../apps/server/src/modules/channels/order-intake');
    const { fromWebhook } = await import('../../apps/server/src/modules/channels/shopify/shopify-mapping');
    const { ORDERS_PAGE } = await import('../../apps/server/src/modules/channels/shopify/shopify.connector');

    const fake = await startFake();
    try {
      // Unlimited budget: this scenario measures the framework, not Shopify's pacing (see above).
      fake.setBucket({ maximumAvailable: 1_000_000_000, restoreRate: 1_000_000_000, currentlyAvailable: 1_000_000_000 });
      const skus = await spreadSkus(ctx, tenantId, ORDERS * LINES_PER_ORDER);
      const seeded = fake.seedOrders(ORDERS, { skus, linesPerOrder: LINES_PER_ORDER });
      console.log(`[bench] fake at ${fake.url}: ${n0(seeded.length)} orders x ${LINES_PER_ORDER} lines on ${n0(skus.length)} SKUs with stock`);

      // 1. The reference: the same orders, mapped by the server's own code, through POST /orders/batch at the connector's page size.
      const inputs = seeded.map((o) => toOrderInput('shopify', fromWebhook(fake.orderWebhookPayload(o.id) as unknown as Parameters<typeof fromWebhook>[0]), null));
      const batch = await referenceImport(ctx, token, serverPid, inputs, 'cmp-', ORDERS_PAGE);

      // 2. The connector: a process on the fake, import_orders run now, polled until COMPLETED.
      const processId = await createShopifyProcess(ctx, token, fake, 'Bench Shopify import', { import_orders: { active: true, options: {} } });
      fake.clearCalls();
      console.log(`[bench] connector: process ${processId}, import_orders run now`);
      const stopRun = startPhase(serverPid);
      const run = await runAction(ctx, token, processId, 'import_orders');
      const connector = stopRun();
      const fakeCalls = callStats(fake.calls());
      const ordersPerS = ORDERS / run.wall_s;
      console.log(`[bench] connector done in ${run.wall_s.toFixed(2)} s: ${JSON.stringify(run.run.counts)} | ${cpuText(connector)}`);

      // 3. For scale: the same orders through the batch API at its largest page (after the connector, so its data does not weigh on it).
      const big = await referenceImport(ctx, token, serverPid, inputs, 'cmpk-', BIG_PAGE);

      const database = await checkDatabase(ctx, tenantId, processId, run.runId);
      const pages = fakeCalls.by_root.orders?.calls ?? 0;
      const serverLog = callLogStats(run.run.call_log);
      const perOrder = (s: number | null) => (s === null ? null : round((s / ORDERS) * 1000, 3));
      const msConnector = (run.wall_s / ORDERS) * 1000;
      const msBatch = (batch.use.wall_s / ORDERS) * 1000;
      const cpuPerOrder = (use: PhaseUse) => ({ server: perOrder(use.cpu_s.server), postgres: perOrder(use.cpu_s.postgres), bench_and_fake: perOrder(use.cpu_s.bench_and_fake) });
      const extra = (a: number | null, b: number | null) => (a === null || b === null ? null : round(a - b, 3));
      const cpuC = cpuPerOrder(connector);
      const cpuB = cpuPerOrder(batch.use);
      const standardMinS = Math.max(0, (fakeCalls.actual_cost - STANDARD_BUCKET.maximumAvailable) / STANDARD_BUCKET.restoreRate);

      const problems: string[] = [];
      const c = run.run.counts;
      if (run.run.status !== 'COMPLETED') problems.push(`the run ended ${run.run.status}`);
      if (c.created !== ORDERS) problems.push(`the run created ${c.created} orders, expected ${ORDERS}`);
      if (c.failed !== 0) problems.push(`the run failed ${c.failed} orders: ${JSON.stringify(run.run.errors.slice(0, 3))}`);
      if (c.received !== ORDERS) problems.push(`the run received ${c.received} orders, expected ${ORDERS}`);
      if (fakeCalls.throttled > 0) problems.push(`${fakeCalls.throttled} THROTTLED answers with an unlimited budget`);
      if (ordersPerS < TARGET_ORDERS_PER_S) problems.push(`${round(ordersPerS, 1)} orders/s < ${TARGET_ORDERS_PER_S}`);
      for (const ref of [batch, big]) if ((ref.tally.orders ?? 0) !== ORDERS) problems.push(`the reference (${ref.page} per request) answered ${ref.tally.orders ?? 0} orders, expected ${ORDERS}`);
      problems.push(...database.problems);

      if (fakeCalls.calls !== run.run.calls) console.log(`[bench] note: the fake answered ${fakeCalls.calls} calls, the run recorded ${run.run.calls}`);
      const facts = {
        cpu_loop_s: cpuLoopS,
        disturbed: connector.disturbed || batch.use.disturbed,
        server_env: serverEnv,
        orders: ORDERS,
        lines_per_order: LINES_PER_ORDER,
        page_size: ORDERS_PAGE,
        skus_used: skus.length,
        connector: {
          orders_per_s: round(ordersPerS, 1),
          wall_s: run.wall_s,
          ms_per_order: round(msConnector, 3),
          recorded: run.recorded,
          polls: run.polls,
          run_id: run.runId,
          status: run.run.status,
          counts: c,
          pages_fetched: pages,
          // The run's own count of its calls (and its call log) against the calls the fake answered.
          calls_recorded_by_server: run.run.calls,
          calls_missing_from_run: fakeCalls.calls - run.run.calls,
          pages_kept: run.run.pages_kept,
          kept_page_bytes: database.facts.kept_page_bytes,
          server_call_log: { ...serverLog, ...pageCycles(run.run.call_log) },
          cpu_s: connector.cpu_s,
          cpu_ms_per_order: cpuC,
          cpu: connector.cpu,
          disturbed: connector.disturbed,
        },
        fake: {
          ...fakeCalls,
          actual_cost_per_page: pages ? round(fakeCalls.actual_cost / pages, 1) : null,
          standard_budget: { ...STANDARD_BUCKET, min_s: round(standardMinS, 1), max_orders_per_s: standardMinS > 0 ? round(ORDERS / standardMinS, 1) : null },
        },
        reference_batch_api: batch.facts,
        reference_batch_api_1000: big.facts,
        framework_overhead: {
          method: 'connector run (run-now -> COMPLETED) minus the same orders through POST /orders/batch at the same page size, per order',
          ms_per_order: round(msConnector - msBatch, 3),
          share_of_connector_time_pct: round(((msConnector - msBatch) / msConnector) * 100, 1),
          extra_cpu_ms_per_order: { server: extra(cpuC.server, cpuB.server), postgres: extra(cpuC.postgres, cpuB.postgres) },
          fake_cpu_ms_per_order: cpuC.bench_and_fake,
          server_fetch_ms_per_order: round(serverLog.total_ms / ORDERS, 3),
          job_queue_s: run.recorded.queue_s,
        },
        database: database.facts,
      };
      const line =
        `shopify-import: ${n0(ordersPerS)} orders/s (${n0(ORDERS)} orders x ${LINES_PER_ORDER} lines in ${run.wall_s.toFixed(2)} s, run-now -> COMPLETED; ` +
        `created ${n0(c.created)}, failed ${c.failed}, ${pages} pages, ${fakeCalls.graphql_calls} calls, cost ${n0(fakeCalls.actual_cost)}) | ` +
        `same orders via POST /orders/batch: ${n0(ORDERS / batch.use.wall_s)} orders/s at ${ORDERS_PAGE}/request, ${n0(ORDERS / big.use.wall_s)} at ${BIG_PAGE}/request -> ` +
        `framework +${round(msConnector - msBatch, 2)} ms/order (${round(msConnector, 2)} vs ${round(msBatch, 2)} ms) | run ${cpuText(connector)} -> ` +
        `${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'} [target >= ${TARGET_ORDERS_PER_S} orders/s, created ${n0(ORDERS)}, failed 0]`;
      console.log(line);

      return readBack(token, run.jobId, { created: ORDERS, failed: 0 }, { facts, problems });
    } finally {
      await fake.close();
    }
  },
};

interface Reference {
  page: number;
  use: PhaseUse;
  tally: Record<string, number>;
  facts: Record<string, unknown>;
}

/** The given orders (external ids prefixed, so they are new) through POST /orders/batch, `page` per request, one request at a time. */
async function referenceImport(ctx: ScenarioContext, token: string, serverPid: number | null, inputs: TOrderInput[], prefix: string, page: number): Promise<Reference> {
  const bodies: string[] = [];
  for (let i = 0; i < inputs.length; i += page) {
    bodies.push(JSON.stringify({ orders: inputs.slice(i, i + page).map((o) => ({ ...o, external_id: `${prefix}${o.external_id}` })) }));
  }
  console.log(`[bench] reference: the same ${n0(inputs.length)} orders through POST /api/1.0/orders/batch, ${page} per request, one request at a time`);
  const tally: Record<string, number> = {};
  const stop = startPhase(serverPid);
  for (const body of bodies) {
    const res = await fetch(`${ctx.baseUrl}/api/1.0/orders/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /orders/batch answered ${res.status}: ${text.slice(0, 300)}`);
    const items = (parseJson(text) as { data?: { status?: string; duplicate?: boolean; errors?: unknown }[] } | null)?.data ?? [];
    for (const [k, v] of Object.entries(tallyOrders(items))) tally[k] = (tally[k] ?? 0) + v;
  }
  const use = stop();
  const perOrder = (s: number | null) => (s === null ? null : round((s / inputs.length) * 1000, 3));
  console.log(`[bench] reference (${page}/request) done in ${use.wall_s.toFixed(2)} s (${n0(inputs.length / use.wall_s)} orders/s): ${JSON.stringify(tally)} | ${cpuText(use)}`);
  return {
    page,
    use,
    tally,
    facts: {
      request: `POST /api/1.0/orders/batch, ${page} orders per request, one request at a time`,
      external_ids: `${prefix}<Shopify order id>`,
      orders_per_s: round(inputs.length / use.wall_s, 1),
      wall_s: use.wall_s,
      ms_per_order: round((use.wall_s / inputs.length) * 1000, 3),
      requests: bodies.length,
      answered: tally,
      cpu_s: use.cpu_s,
      cpu_ms_per_order: { server: perOrder(use.cpu_s.server), postgres: perOrder(use.cpu_s.postgres), bench: perOrder(use.cpu_s.bench_and_fake) },
      cpu: use.cpu,
      disturbed: use.disturbed,
    },
  };
}

/**
 * `count` regular SKUs of the inventory data set spread over the whole catalog (a stride coprime with its
 * size), so consecutive lines and orders draw on different SKUs, as a shop's mix does.
 */
async function spreadSkus(ctx: ScenarioContext, tenantId: string, count: number): Promise<string[]> {
  const rows = await ctx.ownerQuery(`SELECT sku FROM skus WHERE tenant_id = $1 AND type = 'REGULAR' AND sku LIKE 'BNC-%' ORDER BY sku`, [tenantId]);
  const all = rows.map((r) => String(r.sku));
  const n = Math.min(count, all.length);
  const out = new Set<string>();
  for (let k = 0; out.size < n; k++) out.add(all[(k * 7919) % all.length]!);
  return [...out];
}

/**
 * The import asks for page k+1 while it writes page k, so the time between two consecutive calls' starts is
 * max(fetch of the page, write of the previous one). A cycle no longer than its fetch means the run waited on
 * the service; longer, it waited on its own write.
 */
function pageCycles(log: readonly { at: string; duration_ms: number }[]): { cycle_ms_mean: number; fetch_bound_pages: number; write_bound_pages: number } {
  const calls = [...log].map((c) => ({ at: Date.parse(c.at), d: c.duration_ms })).sort((a, b) => a.at - b.at);
  let total = 0;
  let fetchBound = 0;
  for (let i = 0; i + 1 < calls.length; i++) {
    const cycle = calls[i + 1]!.at - calls[i]!.at;
    total += cycle;
    if (cycle - calls[i]!.d < 2) fetchBound++;
  }
  const cycles = Math.max(0, calls.length - 1);
  return { cycle_ms_mean: cycles ? round(total / cycles, 1) : 0, fetch_bound_pages: fetchBound, write_bound_pages: cycles - fetchBound };
}

/** What both imports wrote: the connector's orders against the reference's, pair by pair, and the tenant's reservations. */
async function checkDatabase(ctx: ScenarioContext, tenantId: string, processId: string, runId: string): Promise<{ facts: Record<string, unknown>; problems: string[] }> {
  const q = ctx.ownerQuery;
  const summary = (where: string) => q(`
    SELECT count(*)::int AS orders, count(*) FILTER (WHERE o.status = 'open')::int AS open, count(*) FILTER (WHERE o.status = 'error')::int AS error,
      count(*) FILTER (WHERE o.fulfillment_status = 'allocated')::int AS allocated,
      count(*) FILTER (WHERE o.fulfillment_status = 'partially_allocated')::int AS partially_allocated,
      count(*) FILTER (WHERE o.fulfillment_status = 'backordered')::int AS backordered,
      coalesce(sum(o.line_count), 0)::int AS lines, coalesce(sum(o.unit_count), 0)::int AS units,
      (SELECT coalesce(sum(l.qty_allocated), 0)::int FROM order_lines l JOIN orders x ON x.tenant_id = l.tenant_id AND x.id = l.order_id
        WHERE x.tenant_id = $1 AND ${where.replaceAll('o.', 'x.')}) AS units_allocated
    FROM orders o WHERE o.tenant_id = $1 AND ${where}`, [tenantId, processId]).then((r) => r[0] ?? {});
  const connector = await summary(`o.process_id = $2::uuid`);
  const reference = await summary(`o.channel = 'shopify' AND o.external_id LIKE 'cmp-%' AND $2::uuid IS NOT NULL`);
  const [pairs] = await q(`
    SELECT count(*)::int AS pairs,
      count(*) FILTER (WHERE c.customer->>'email' IS DISTINCT FROM b.customer->>'email' OR c.shipping_address IS DISTINCT FROM b.shipping_address
        OR c.billing_address IS DISTINCT FROM b.billing_address OR c.ship_method IS DISTINCT FROM b.ship_method OR c.currency <> b.currency
        OR c.total <> b.total OR c.shipping_total <> b.shipping_total OR c.line_count <> b.line_count OR c.unit_count <> b.unit_count)::int AS orders_differing,
      count(*) FILTER (WHERE c.status <> b.status)::int AS status_differing,
      count(*) FILTER (WHERE c.fulfillment_status <> b.fulfillment_status)::int AS fulfillment_differing
    FROM orders c JOIN orders b ON b.tenant_id = c.tenant_id AND b.channel = 'shopify' AND b.external_id = 'cmp-' || c.external_id
    WHERE c.tenant_id = $1 AND c.process_id = $2::uuid`, [tenantId, processId]);
  const [lines] = await q(`
    SELECT count(*)::int AS line_pairs,
      count(*) FILTER (WHERE (lc.sku_text, lc.quantity, lc.price, lc.name) IS DISTINCT FROM (lb.sku_text, lb.quantity, lb.price, lb.name))::int AS lines_differing
    FROM orders c JOIN orders b ON b.tenant_id = c.tenant_id AND b.channel = 'shopify' AND b.external_id = 'cmp-' || c.external_id
    JOIN order_lines lc ON lc.tenant_id = c.tenant_id AND lc.order_id = c.id
    JOIN order_lines lb ON lb.tenant_id = b.tenant_id AND lb.order_id = b.id AND lb.line_no = lc.line_no
    WHERE c.tenant_id = $1 AND c.process_id = $2::uuid`, [tenantId, processId]);
  const [reserved] = await q(`
    SELECT (SELECT coalesce(sum(a.quantity * coalesce(s.pack_quantity, 1)), 0)::int FROM order_allocations a
              JOIN skus s ON s.tenant_id = a.tenant_id AND s.id = a.sku_id WHERE a.tenant_id = $1) AS allocation_holder_units,
      (SELECT coalesce(sum(qty_reserved), 0)::int FROM inventory_balances WHERE tenant_id = $1) AS balances_reserved,
      (SELECT coalesce(sum(delta_reserved), 0)::int FROM inventory_movements WHERE tenant_id = $1 AND reason = 'reserve') AS reserve_movement_units`, [tenantId]);
  const [kept] = await q(`SELECT count(*)::int AS pages, coalesce(sum(octet_length(body)), 0)::bigint AS bytes FROM channel_run_pages WHERE run_id = $1`, [runId]);
  const problems: string[] = [];
  if (Number(connector.orders) !== ORDERS) problems.push(`the database holds ${String(connector.orders)} orders of the process, expected ${ORDERS}`);
  if (Number(connector.open) < ORDERS * 0.99) problems.push(`only ${String(connector.open)} of the imported orders are open`);
  if (Number(pairs?.pairs) !== ORDERS) problems.push(`${String(pairs?.pairs)} connector orders have their reference twin, expected ${ORDERS}: the comparison is not like for like`);
  if (Number(pairs?.orders_differing) > 0 || Number(lines?.lines_differing) > 0 || Number(lines?.line_pairs) !== ORDERS * LINES_PER_ORDER) {
    problems.push(`the reference orders differ from the connector's (${String(pairs?.orders_differing)} orders, ${String(lines?.lines_differing)} of ${String(lines?.line_pairs)} lines): not like for like`);
  }
  if (Number(reserved?.balances_reserved) !== Number(reserved?.allocation_holder_units)) {
    problems.push(`balances reserve ${String(reserved?.balances_reserved)} units, the allocations hold ${String(reserved?.allocation_holder_units)}`);
  }
  if (Number(reserved?.reserve_movement_units) !== Number(reserved?.balances_reserved)) {
    problems.push(`reserve movements add up to ${String(reserved?.reserve_movement_units)}, balances reserve ${String(reserved?.balances_reserved)}`);
  }
  return {
    facts: { connector_orders: connector, reference_orders: reference, pairs, lines, reservations: reserved, kept_page_bytes: Number(kept?.bytes) },
    problems,
  };
}
