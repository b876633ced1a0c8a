import type { WooCommerceFake } from '../../apps/server/src/test/fakes/woocommerce/woocommerce-fake';
import type { Scenario, ScenarioContext } from '../lib/types';
import { acmeId } from './orders-dataset';
import {
  api, callLogStats, channelServerEnv, cpuText, findServerPid, n0, readBack, round, runAction, startPhase, timeCpuLoop, type ActionRun, type PhaseUse,
} from './shopify-bench';
import { createWooProcess, startWooFake } from './woocommerce-import';

const SKUS = 20_000;
/** The fake's seedProducts names them `${PREFIX}-000001…`; Omnio gets the same codes. */
const PREFIX = 'WCS';
const code = (n: number) => `${PREFIX}-${String(n).padStart(6, '0')}`;
/** Every 50th group of four SKUs is one variable product's variations: both batch forms are exercised. */
const VARIABLE_EVERY = 50;
/** Every 40th SKU gets 25 more good units between the pushes: 500 changed SKUs. */
const CHANGE_EVERY = 40;
const CHANGED = SKUS / CHANGE_EVERY;
const RESERVE_PERCENTAGE = 10;
/** The fake's limit, as a host or WAF in front of WordPress imposes one (core WooCommerce has none). */
const RATE_LIMIT = { limit: 100, windowSeconds: 1 };
/** Pass: each push within 1.5 x the limit's least time + 5 s. */
const SLACK_FACTOR = 1.5;
const SLACK_S = 5;

interface FakeStats { calls: number; rate_limited: number; by_kind: Record<string, number>; batches: number; largest_batch: number }

interface Push {
  run: ActionRun;
  use: PhaseUse;
  fake: FakeStats;
  minS: number;
  correct: { compared: number; equal: number; mismatches: { sku: string; omnio: number | null; fake: number | null }[] };
}

/**
 * Stock out to WooCommerce (issue 20): 20,000 SKUs with varied stock at one iloc of Acme; at the local fake
 * (in this process) the same codes as simple products and, every 50th group of four, as one variable product's
 * variations; the fake answers at most 100 API calls a second (429 + Retry-After beyond, as a host's limit).
 * A WooCommerce process's sync_inventory publishes the iloc with 10 % held back.
 *
 * Two runs of sync_inventory, each started with POST …/run and polled through GET /jobs/{id}:
 * 1. the first push resolves each SKU (`GET products?sku=a,b,…` 100 at a time, then one scan of the variable
 *    products' variations) and sets the quantities through `products/batch` and each product's
 *    `variations/batch`, at most 100 per request;
 * 2. after +25 good units on 500 SKUs, a push of only what changed (no lookups: the ids are kept).
 * For each: wall time, the fake's calls, its 429s, the batches (largest ≤ 100) and the least time the limit
 * allows (calls / limit per second − one window). After each, every SKU's quantity at the fake must equal
 * POST /inventory/availability's figure. PASS when both are correct and each push ≤ 1.5 x least time + 5 s.
 *   npm run bench -- woocommerce-stock
 */
export const woocommerceStock: Scenario = {
  name: 'woocommerce-stock',
  description: `push stock of ${n0(SKUS)} SKUs to the local WooCommerce fake in batches of 100 under its limit (${RATE_LIMIT.limit} calls/${RATE_LIMIT.windowSeconds} s), then ${CHANGED} changed SKUs; target: correct, each push <= ${SLACK_FACTOR} x the limit's least time + ${SLACK_S} s`,
  target: { minRequestsPerSecond: 0 },
  async prepare(ctx) {
    const serverEnv = channelServerEnv();
    const cpuLoopS = timeCpuLoop();
    const tenantId = await acmeId(ctx);
    const ilocId = await loadStock(ctx, tenantId);
    const token = await ctx.signIn('tenant@acme.test', 'Omnio#Tenant1');
    const serverPid = findServerPid(ctx.baseUrl);
    if (serverPid === null) console.log('[bench] note: the server process was not found in /proc: no server CPU figures');

    const fake = await startWooFake();
    try {
      fake.seedProducts(SKUS, { prefix: PREFIX, variableEvery: VARIABLE_EVERY });
      fake.setRateLimit(RATE_LIMIT);
      console.log(`[bench] fake at ${fake.url}: ${n0(SKUS)} SKUs ${code(1)}…${code(SKUS)}; limit ${RATE_LIMIT.limit} calls per ${RATE_LIMIT.windowSeconds} s`);
      const processId = await createWooProcess(ctx, token, fake, `Bench WooCommerce stock ${Date.now().toString(36)}`, {
        sync_inventory: { active: true, options: { reserve_percentage: RESERVE_PERCENTAGE, iloc_id: ilocId } },
      });

      const push = async (label: string): Promise<Push> => {
        const callsBefore = fake.calls().length;
        const batchesBefore = fake.batches().length;
        console.log(`[bench] ${label}: sync_inventory run now`);
        const stop = startPhase(serverPid);
        const run = await runAction(ctx, token, processId, 'sync_inventory');
        const use = stop();
        const calls = fake.calls().slice(callsBefore);
        const batches = fake.batches().slice(batchesBefore);
        const byKind: Record<string, number> = {};
        for (const c of calls) {
          const kind = `${c.method} ${c.path.replace(/\?.*$/, '').replace(/\/\d+/g, '/{id}').replace('/wp-json/wc/v3/', '')}`;
          byKind[kind] = (byKind[kind] ?? 0) + 1;
        }
        const answered = calls.filter((c) => c.injected !== 'rate_limited').length;
        const stats: FakeStats = {
          calls: calls.length, rate_limited: calls.length - answered, by_kind: byKind, batches: batches.length,
          largest_batch: batches.reduce((m, b) => Math.max(m, b.update), 0),
        };
        const perSecond = RATE_LIMIT.limit / RATE_LIMIT.windowSeconds;
        const minS = Math.max(0, answered / perSecond - RATE_LIMIT.windowSeconds);
        const correct = await compare(ctx, token, fake, ilocId);
        console.log(
          `[bench] ${label}: ${run.wall_s.toFixed(2)} s, ${JSON.stringify(run.run.counts)}, ${stats.calls} calls (${stats.rate_limited} answered 429), ` +
          `${stats.batches} batches (largest ${stats.largest_batch}), limit minimum ${minS.toFixed(1)} s; fake = Omnio for ${n0(correct.equal)}/${n0(correct.compared)} SKUs | ${cpuText(use)}`,
        );
        return { run, use, fake: stats, minS, correct };
      };

      const first = await push('push 1');
      await changeStock(ctx, token, ilocId);
      const second = await push('push 2');

      const problems: string[] = [];
      const judge = (label: string, p: Push, expected: Partial<Record<'received' | 'updated' | 'duplicates' | 'failed', number>>) => {
        if (p.run.run.status !== 'COMPLETED') problems.push(`${label}: the run ended ${p.run.run.status}`);
        for (const [key, want] of Object.entries(expected)) {
          const got = p.run.run.counts[key as keyof typeof expected];
          if (got !== want) problems.push(`${label}: ${key} ${got}, expected ${want}`);
        }
        if (p.correct.equal !== p.correct.compared || p.correct.compared !== SKUS) {
          problems.push(`${label}: the fake holds Omnio's figure for ${p.correct.equal} of ${p.correct.compared} SKUs (expected ${SKUS}), e.g. ${JSON.stringify(p.correct.mismatches.slice(0, 3))}`);
        }
        if (p.fake.largest_batch > 100) problems.push(`${label}: a batch of ${p.fake.largest_batch} items (WooCommerce takes 100)`);
        const bound = SLACK_FACTOR * p.minS + SLACK_S;
        if (p.run.wall_s > bound) problems.push(`${label}: ${p.run.wall_s.toFixed(1)} s > ${SLACK_FACTOR} x ${p.minS.toFixed(1)} s + ${SLACK_S} s`);
      };
      judge('push 1', first, { received: SKUS, updated: SKUS, duplicates: 0, failed: 0 });
      judge('push 2', second, { received: SKUS, updated: CHANGED, duplicates: SKUS - CHANGED, failed: 0 });

      const facts = {
        cpu_loop_s: cpuLoopS,
        server_env: serverEnv,
        skus: SKUS,
        variable_every: VARIABLE_EVERY,
        changed_between_pushes: CHANGED,
        reserve_percentage: RESERVE_PERCENTAGE,
        fake_rate_limit: RATE_LIMIT,
        pass_rule: `correct, batches <= 100, and each push <= ${SLACK_FACTOR} x limit minimum + ${SLACK_S} s`,
        push_1: pushFacts(first),
        push_2: pushFacts(second),
      };
      const pushText = (label: string, p: Push) =>
        `${label} ${n0(p.run.run.counts.updated)} SKUs in ${p.run.wall_s.toFixed(1)} s vs limit minimum ${p.minS.toFixed(1)} s, ` +
        `${p.fake.calls} calls (${p.fake.rate_limited} x 429), ${p.fake.batches} batches`;
      const line =
        `woocommerce-stock: ${pushText('push 1:', first)}; ${pushText('push 2:', second)} | fake = /inventory/availability for ` +
        `${n0(first.correct.equal)} and ${n0(second.correct.equal)} of ${n0(SKUS)} SKUs | push 1 ${cpuText(first.use)} -> ` +
        `${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'} [target: quantities equal, batches <= 100, each push <= ${SLACK_FACTOR} x limit minimum + ${SLACK_S} s]`;
      console.log(line);

      return readBack(token, second.run.jobId, { updated: CHANGED, failed: 0 }, { facts, problems });
    } finally {
      await fake.close();
    }
  },
};

function pushFacts(p: Push) {
  const log = callLogStats(p.run.run.call_log);
  return {
    wall_s: p.run.wall_s,
    recorded: p.run.recorded,
    run_id: p.run.runId,
    counts: p.run.run.counts,
    fake: p.fake,
    limit_min_s: round(p.minS, 2),
    ratio_to_min: p.minS > 0 ? round(p.run.wall_s / p.minS, 3) : null,
    server_call_log: log,
    outside_calls_s: round(p.run.wall_s - log.total_ms / 1000, 2),
    verification: p.correct,
    cpu_s: p.use.cpu_s,
    cpu: p.use.cpu,
    disturbed: p.use.disturbed,
  };
}

/** 20,000 SKUs WCS-000001… of Acme at a new iloc, by SQL as the owner (as shopify-stock loads its own). */
async function loadStock(ctx: ScenarioContext, tenantId: string): Promise<string> {
  const q = ctx.ownerQuery;
  const started = Date.now();
  const tag = Date.now().toString(36).toUpperCase();
  const [iloc] = await q(`INSERT INTO ilocs (tenant_id, name, code) VALUES ($1, $2, $3) RETURNING id`, [tenantId, `Bench WooCommerce stock ${tag}`, `WCS-${tag}`]);
  const ilocId = String(iloc?.id);
  await q(`
    INSERT INTO skus (tenant_id, sku, name, type)
    SELECT $1, $2 || '-' || lpad(g::text, 6, '0'), 'WooCommerce bench item ' || lpad(g::text, 6, '0'), 'REGULAR' FROM generate_series(1, $3::int) g
    ON CONFLICT DO NOTHING`, [tenantId, PREFIX, SKUS]);
  await q(`
    INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id, qty_good, qty_hold, qty_hurt, updated_at)
    SELECT s.tenant_id, s.id, $2, CASE WHEN (hashtext(s.sku) & 2147483647) % 20 = 0 THEN 0 ELSE 1 + (hashtext(s.sku || 'g') & 511) % 511 END,
      hashtext(s.sku || 'h') & 7, 0, now()
    FROM skus s WHERE s.tenant_id = $1 AND s.sku LIKE 'WCS-%'`, [tenantId, ilocId]);
  await q(`
    INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, delta_hold, reason, reference_type, reference_id, created_at)
    SELECT tenant_id, sku_id, iloc_id, qty_good, qty_hold, 'received', 'bench', 'load', updated_at
    FROM inventory_balances WHERE tenant_id = $1 AND iloc_id = $2 AND (qty_good <> 0 OR qty_hold <> 0)`, [tenantId, ilocId]);
  await q('ANALYZE skus, inventory_balances, inventory_movements');
  console.log(`[bench] ${n0(SKUS)} SKUs with stock at a new iloc loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ilocId;
}

/** +25 good units on every 40th SKU, through the API as a cycle count would. */
async function changeStock(ctx: ScenarioContext, token: string, ilocId: string): Promise<void> {
  const adjustments = Array.from({ length: CHANGED }, (_, i) => ({ sku: code((i + 1) * CHANGE_EVERY), iloc_id: ilocId, bucket: 'good', delta: 25, reason: 'cycle_count' }));
  await api(ctx, token, 'POST', '/inventory/adjustments', { adjustments }, 201);
  console.log(`[bench] +25 good units on ${CHANGED} SKUs (${code(CHANGE_EVERY)}, ${code(2 * CHANGE_EVERY)}, …)`);
}

/** Every SKU's quantity at the fake against POST /inventory/availability for the same iloc and reserve. */
async function compare(ctx: ScenarioContext, token: string, fake: WooCommerceFake, ilocId: string): Promise<Push['correct']> {
  const answer = await api<{ data: { sku: string; quantity: number }[] }>(ctx, token, 'POST', '/inventory/availability', {
    iloc_ids: [ilocId], reserve_percentage: RESERVE_PERCENTAGE,
  });
  const omnio = new Map(answer.data.map((r) => [r.sku, r.quantity]));
  const atFake = new Map(fake.stock().map((r) => [r.sku, r.manage_stock ? r.stock_quantity : null]));
  const mismatches: Push['correct']['mismatches'] = [];
  let equal = 0;
  for (let n = 1; n <= SKUS; n++) {
    const sku = code(n);
    const want = omnio.get(sku) ?? null;
    const got = atFake.get(sku) ?? null;
    if (want !== null && want === got) equal++;
    else if (mismatches.length < 20) mismatches.push({ sku, omnio: want, fake: got });
  }
  return { compared: SKUS, equal, mismatches };
}
