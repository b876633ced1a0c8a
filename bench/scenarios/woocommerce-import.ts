import type { Scenario, ScenarioContext } from '../lib/types';
import type { WooCommerceFake } from '../../apps/server/src/test/fakes/woocommerce/woocommerce-fake';
import { loadInventoryDataset } from './inventory-dataset';
import { acmeId, allowBenchOrders, orderFactory, primeOrders, runTag } from './orders-dataset';
import {
  api, callLogStats, channelServerEnv, cpuText, findServerPid, n0, readBack, round, runAction, startPhase, timeCpuLoop,
} from './shopify-bench';

const ORDERS = 10_000;
const LINES_PER_ORDER = 3;
const TARGET_ORDERS_PER_S = 500;

/**
 * A WooCommerce import end to end (issue 20): 10,000 processing orders of 3 lines at the local WooCommerce fake
 * (in this process, on 127.0.0.1; site time -03:00), on SKUs of the inventory data set that have stock; a
 * WooCommerce process created through the API (`store_url` https, so Basic auth; `settings.api_base_url` on the
 * fake); `import_orders` started with POST …/run and polled through GET /jobs/{id} until COMPLETED, worked by
 * the server's own job worker. The fake pages 100 at a time (WordPress's cap), so the run follows 100 pages to
 * X-WP-TotalPages. orders/s = 10,000 / (run-now → COMPLETED). Target ≥ 500 orders/s, created 10,000, failed 0.
 *
 * As in shopify-import, the measuring happens while the scenario prepares; the harness's load afterwards only
 * reads the run's job back. Shares shopify-bench.ts's helpers (server settings, run polling, CPU phases).
 *   npm run bench -- woocommerce-import
 */
export const woocommerceImport: Scenario = {
  name: 'woocommerce-import',
  description: `import ${n0(ORDERS)} WooCommerce orders x ${LINES_PER_ORDER} lines from the local fake (100 per page) with import_orders (run-now -> COMPLETED), target >= ${TARGET_ORDERS_PER_S} orders/s`,
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

    const fake = await startWooFake();
    try {
      const skus = await spreadSkus(ctx, tenantId, ORDERS * LINES_PER_ORDER);
      // Modified one second apart, ending now: the first run asks from the beginning, oldest change first.
      const seeded = fake.seedOrders(ORDERS, { skus, linesPerOrder: LINES_PER_ORDER, startAt: Date.now() - ORDERS * 1000, intervalMs: 1000 });
      console.log(`[bench] fake at ${fake.url}: ${n0(seeded.length)} orders x ${LINES_PER_ORDER} lines on ${n0(skus.length)} SKUs with stock`);

      const processId = await createWooProcess(ctx, token, fake, `Bench WooCommerce import ${runTag()}`, { import_orders: { active: true, options: {} } });
      const callsBefore = fake.calls().length;
      console.log(`[bench] connector: process ${processId}, import_orders run now`);
      const stopRun = startPhase(serverPid);
      const run = await runAction(ctx, token, processId, 'import_orders');
      const use = stopRun();
      const calls = fake.calls().slice(callsBefore);
      const pages = calls.filter((c) => c.path.startsWith('/wp-json/wc/v3/orders?')).length;
      const ordersPerS = ORDERS / run.wall_s;
      const c = run.run.counts;
      console.log(`[bench] connector done in ${run.wall_s.toFixed(2)} s: ${JSON.stringify(c)} | ${cpuText(use)}`);

      const [db] = await ctx.ownerQuery(`
        SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'error')::int AS error,
          coalesce(sum(line_count), 0)::int AS lines
        FROM orders WHERE tenant_id = $1 AND process_id = $2::uuid`, [tenantId, processId]);
      const problems: string[] = [];
      if (run.run.status !== 'COMPLETED') problems.push(`the run ended ${run.run.status}`);
      if (c.created !== ORDERS) problems.push(`the run created ${c.created} orders, expected ${ORDERS}`);
      if (c.received !== ORDERS) problems.push(`the run received ${c.received} orders, expected ${ORDERS}`);
      if (c.failed !== 0) problems.push(`the run failed ${c.failed} orders: ${JSON.stringify(run.run.errors.slice(0, 3))}`);
      if (pages !== Math.ceil(ORDERS / 100)) problems.push(`${pages} pages fetched, expected ${Math.ceil(ORDERS / 100)}`);
      if (Number(db?.orders) !== ORDERS) problems.push(`the database holds ${String(db?.orders)} orders of the process, expected ${ORDERS}`);
      if (Number(db?.lines) !== ORDERS * LINES_PER_ORDER) problems.push(`the orders hold ${String(db?.lines)} lines, expected ${ORDERS * LINES_PER_ORDER}`);
      if (ordersPerS < TARGET_ORDERS_PER_S) problems.push(`${round(ordersPerS, 1)} orders/s < ${TARGET_ORDERS_PER_S}`);

      const serverLog = callLogStats(run.run.call_log);
      const facts = {
        cpu_loop_s: cpuLoopS,
        server_env: serverEnv,
        orders: ORDERS,
        lines_per_order: LINES_PER_ORDER,
        page_size: 100,
        skus_used: skus.length,
        connector: {
          orders_per_s: round(ordersPerS, 1),
          wall_s: run.wall_s,
          ms_per_order: round((run.wall_s / ORDERS) * 1000, 3),
          recorded: run.recorded,
          run_id: run.runId,
          status: run.run.status,
          counts: c,
          pages_fetched: pages,
          calls_answered_by_fake: calls.length,
          calls_recorded_by_server: run.run.calls,
          pages_kept: run.run.pages_kept,
          server_call_log: serverLog,
          cpu_s: use.cpu_s,
          cpu: use.cpu,
          disturbed: use.disturbed,
        },
        database: db,
      };
      const line =
        `woocommerce-import: ${n0(ordersPerS)} orders/s (${n0(ORDERS)} orders x ${LINES_PER_ORDER} lines in ${run.wall_s.toFixed(2)} s, run-now -> COMPLETED; ` +
        `created ${n0(c.created)}, failed ${c.failed}, ${pages} pages of 100) | run ${cpuText(use)} -> ` +
        `${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'} [target >= ${TARGET_ORDERS_PER_S} orders/s, created ${n0(ORDERS)}, failed 0]`;
      console.log(line);
      return readBack(token, run.jobId, { created: ORDERS, failed: 0 }, { facts, problems });
    } finally {
      await fake.close();
    }
  },
};

/** The fake, loaded only when a WooCommerce scenario runs. */
export async function startWooFake(): Promise<WooCommerceFake> {
  const { startWooCommerceFake } = await import('../../apps/server/src/test/fakes/woocommerce/woocommerce-fake');
  return startWooCommerceFake();
}

/** A WooCommerce process on the fake, created through POST /processes as the seller's screen does; answers its id. */
export async function createWooProcess(ctx: ScenarioContext, token: string, fake: WooCommerceFake, name: string, actions: Record<string, unknown>): Promise<string> {
  const made = await api<{ data: { id: string } }>(ctx, token, 'POST', '/processes', {
    name,
    driver: 'woocommerce',
    // A distinct https store per process (one connection per store and company); the calls go to the fake.
    credentials: { store_url: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`, consumer_key: fake.consumerKey, consumer_secret: fake.consumerSecret },
    settings: { api_base_url: fake.url },
    actions,
  }, 201);
  return made.data.id;
}

/** `count` regular SKUs of the inventory data set spread over the catalog (a stride coprime with its size), as shopify-import draws them. */
async function spreadSkus(ctx: ScenarioContext, tenantId: string, count: number): Promise<string[]> {
  const rows = await ctx.ownerQuery(`SELECT sku FROM skus WHERE tenant_id = $1 AND type = 'REGULAR' AND sku LIKE 'BNC-%' ORDER BY sku`, [tenantId]);
  const all = rows.map((r) => String(r.sku));
  const n = Math.min(count, all.length);
  const out = new Set<string>();
  for (let k = 0; out.size < n; k++) out.add(all[(k * 7919) % all.length]!);
  return [...out];
}
