import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { adminUrlFromEnv, isLocalDatabase } from '../lib/database';
import { measureCpu, type CpuUse } from '../lib/resources';
import type { LoadPlan, ScenarioContext, Verification } from '../lib/types';
import type { FakeCall, ShopifyFake } from '../../apps/server/src/test/fakes/shopify/shopify-fake';
import { authJson } from './inventory-dataset';

/**
 * What the Shopify connector benches (shopify-import, shopify-stock) share: the server settings they need,
 * the local Shopify fake (in this process), a process created and an action run through the API as a seller
 * would, and the CPU each phase cost the server, PostgreSQL and this process (= the fake).
 *
 * The server must be allowed to call the fake on 127.0.0.1 (CHANNEL_ALLOW_PRIVATE_TARGETS=true) and must work
 * the run's job itself (JOB_WORKER on, its default). The harness starts every server with this process's
 * environment plus its own settings (lib/server.ts) and has no per-scenario server settings, so the switch is
 * set here, when the scenarios are loaded, for the whole bench process: no other scenario uses channels.
 */
process.env.CHANNEL_ALLOW_PRIVATE_TARGETS ??= 'true';

/** The server settings these scenarios rely on, as the server got them (for the results file). */
export function channelServerEnv(): Record<string, string> {
  if (process.env.CHANNEL_ALLOW_PRIVATE_TARGETS !== 'true') {
    throw new Error(`the server must run with CHANNEL_ALLOW_PRIVATE_TARGETS=true to reach the fake on 127.0.0.1 (this shell sets ${process.env.CHANNEL_ALLOW_PRIVATE_TARGETS})`);
  }
  if (process.env.JOB_WORKER === 'off') throw new Error('the server must work the run job itself: unset JOB_WORKER (it is "off" in this shell)');
  return { CHANNEL_ALLOW_PRIVATE_TARGETS: 'true', JOB_WORKER: process.env.JOB_WORKER ?? 'on (default)' };
}

export const CPU_LOOP = 'let s=0;for(let i=0;i<1e8;i++)s+=i';

/**
 * Seconds for `node -e "<CPU_LOOP>"` (process start included, as `time node -e` measures it): how fast, and how
 * free, this machine's cores are right now. Printed before the measurements, kept in the results file.
 */
export function timeCpuLoop(): number {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', CPU_LOOP], { stdio: 'ignore' });
  const seconds = round((performance.now() - started) / 1000, 2);
  console.log(`[bench] CPU loop: node -e "${CPU_LOOP}" took ${seconds.toFixed(2)} s`);
  return seconds;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const n0 = (n: number) => Math.round(n).toLocaleString('en-US');

/** The fake, loaded only when a Shopify scenario runs (it pulls in graphql and the fake's schema). */
export async function startFake(): Promise<ShopifyFake> {
  const { startShopifyFake } = await import('../../apps/server/src/test/fakes/shopify/shopify-fake');
  return startShopifyFake();
}

/**
 * The server process the harness started for this scenario: the bench's child whose PORT is the one in
 * ctx.baseUrl (lib/server.ts spawns `node … apps/server/src/server.ts` directly). Null off Linux.
 */
export function findServerPid(baseUrl: string): number | null {
  const port = new URL(baseUrl).port;
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  for (const dir of dirs) {
    try {
      const stat = fs.readFileSync(`/proc/${dir}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || fields[0] === 'Z') continue;
      if (!fs.readFileSync(`/proc/${dir}/cmdline`, 'utf8').includes('apps/server/src/server.ts')) continue;
      if (fs.readFileSync(`/proc/${dir}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(dir);
    } catch {
      /* ended meanwhile, or not ours */
    }
  }
  return null;
}

/** CPU seconds of one measured phase, from lib/resources' percentages of one core over the phase's wall time. */
export interface PhaseUse {
  wall_s: number;
  /** CPU seconds: the server process, every PostgreSQL process of the host, this process (the fake and the bench's requests), the rest. */
  cpu_s: { server: number | null; postgres: number | null; bench_and_fake: number; other: number | null };
  cpu: CpuUse;
  /** Other programs took more than 20 % of a core meanwhile: the figures understate the server. */
  disturbed: boolean;
}

export function startPhase(serverPid: number | null): () => PhaseUse {
  const started = performance.now();
  const stop = measureCpu(serverPid ?? -1, isLocalDatabase(adminUrlFromEnv()));
  return () => {
    const cpu = stop();
    const wall = (performance.now() - started) / 1000;
    const s = (pct: number | null) => (pct === null ? null : round((pct / 100) * wall, 2));
    return {
      wall_s: round(wall, 3),
      cpu_s: { server: s(cpu.server_pct), postgres: s(cpu.postgres_pct), bench_and_fake: s(cpu.load_generator_pct) ?? 0, other: s(cpu.other_pct) },
      cpu,
      disturbed: (cpu.other_pct ?? 0) > 20,
    };
  };
}

/** One API call as the signed-in tenant user; anything but the expected status throws with the answer. */
export async function api<T>(ctx: ScenarioContext, token: string, method: string, path: string, body?: unknown, expect = 200): Promise<T> {
  const res = await fetch(`${ctx.baseUrl}/api/1.0${path}`, {
    method,
    // No body, no content-type: Fastify refuses an empty JSON body.
    ...(body === undefined
      ? { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }
      : { headers: authJson(token), body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${path} answered ${res.status}, expected ${expect}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A Shopify process on the fake, created through POST /processes as the seller's screen does; answers its id. */
export async function createShopifyProcess(ctx: ScenarioContext, token: string, fake: ShopifyFake, name: string, actions: Record<string, unknown>): Promise<string> {
  const made = await api<{ data: { id: string } }>(ctx, token, 'POST', '/processes', {
    name,
    driver: 'shopify',
    credentials: { shop_domain: fake.shopDomain, access_token: fake.accessToken, client_secret: fake.clientSecret },
    settings: { api_base_url: fake.url },
    actions,
  }, 201);
  return made.data.id;
}

export interface RunCounts { received: number; created: number; updated: number; duplicates: number; failed: number }
export interface CallLogEntry { at: string; method: string; url: string; status: number | null; duration_ms: number; attempt: number; error?: string; cost?: number | string }
export interface RunDetail {
  id: string;
  status: string;
  counts: RunCounts;
  errors: { external_id?: string; code: string; message: string }[];
  failure: string | null;
  calls: number;
  pages_kept: number;
  started_at: string | null;
  finished_at: string | null;
  call_log: CallLogEntry[];
}

export interface ActionRun {
  jobId: string;
  runId: string;
  /** From sending POST …/run to seeing the job COMPLETED through GET /jobs/{id} (polled every pollMs). */
  wall_s: number;
  polls: number;
  run: RunDetail;
  /** The server's own timestamps: waiting for the worker (job created → started) and the run's work (run started → finished). */
  recorded: { queue_s: number; work_s: number; job_total_s: number };
}

/**
 * Starts an action with POST /processes/{id}/actions/{action}/run, polls GET /jobs/{id} until the job ends,
 * and reads the run back (GET /processes/{id}/runs/{runId}). A FAILED job throws with the run's reason.
 */
export async function runAction(ctx: ScenarioContext, token: string, processId: string, action: string, pollMs = 100): Promise<ActionRun> {
  const started = performance.now();
  const start = await api<{ data: { job_id: string; run_id: string; status: string } }>(ctx, token, 'POST', `/processes/${processId}/actions/${action}/run`, undefined, 202);
  const { job_id: jobId, run_id: runId } = start.data;
  let polls = 0;
  let status = start.data.status;
  let error: string | null = null;
  const deadline = Date.now() + 60 * 60_000;
  while (status !== 'COMPLETED' && status !== 'FAILED') {
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status} after an hour`);
    await new Promise((r) => setTimeout(r, pollMs));
    const job = await api<{ data: { status: string; error: string | null } }>(ctx, token, 'GET', `/jobs/${jobId}`);
    polls++;
    status = job.data.status;
    error = job.data.error;
  }
  const wall = (performance.now() - started) / 1000;
  const run = (await api<{ data: RunDetail }>(ctx, token, 'GET', `/processes/${processId}/runs/${runId}`)).data;
  if (status === 'FAILED') throw new Error(`${action} run ${runId} FAILED: ${run.failure ?? error ?? 'no reason given'}`);
  const [t] = await ctx.ownerQuery(`
    SELECT extract(epoch FROM j.started_at - j.created_at)::float8 AS queue, extract(epoch FROM r.finished_at - r.started_at)::float8 AS work,
      extract(epoch FROM j.finished_at - j.created_at)::float8 AS total
    FROM channel_runs r JOIN jobs j ON j.tenant_id = r.tenant_id AND j.id = r.job_id WHERE r.id = $1`, [runId]);
  return {
    jobId, runId, wall_s: round(wall, 3), polls, run,
    recorded: { queue_s: round(Number(t?.queue), 3), work_s: round(Number(t?.work), 3), job_total_s: round(Number(t?.total), 3) },
  };
}

export interface CallStats {
  calls: number;
  graphql_calls: number;
  throttled: number;
  injected: number;
  /** Σ actualQueryCost the fake charged, and Σ requestedQueryCost it reserved before running each query. */
  actual_cost: number;
  requested_cost: number;
  /** Per GraphQL root field (orders, inventoryItems, inventorySetQuantities, locations…). */
  by_root: Record<string, { calls: number; throttled: number; actual_cost: number }>;
}

/** What the fake's own call log says about a run: calls, THROTTLED answers, and the cost it charged. */
export function callStats(calls: readonly FakeCall[]): CallStats {
  const out: CallStats = { calls: calls.length, graphql_calls: 0, throttled: 0, injected: 0, actual_cost: 0, requested_cost: 0, by_root: {} };
  for (const c of calls) {
    if (c.kind === 'graphql') out.graphql_calls++;
    if (c.throttled) out.throttled++;
    if (c.injected) out.injected++;
    out.actual_cost += c.actualCost ?? 0;
    if (!c.throttled) out.requested_cost += c.requestedCost ?? 0;
    const root = c.rootFields.join('+') || c.kind;
    const r = (out.by_root[root] ??= { calls: 0, throttled: 0, actual_cost: 0 });
    r.calls++;
    if (c.throttled) r.throttled++;
    r.actual_cost += c.actualCost ?? 0;
  }
  return out;
}

/** Percentiles and sum of the server's own call log durations (every attempt it made, as it timed them). */
export function callLogStats(log: readonly CallLogEntry[]): { calls: number; total_ms: number; p50_ms: number; p95_ms: number; max_ms: number } {
  const d = log.map((c) => c.duration_ms).sort((a, b) => a - b);
  const pick = (p: number) => d[Math.min(d.length - 1, Math.max(0, Math.ceil((p / 100) * d.length) - 1))] ?? 0;
  return { calls: d.length, total_ms: round(d.reduce((a, b) => a + b, 0), 1), p50_ms: round(pick(50), 1), p95_ms: round(pick(95), 1), max_ms: round(d[d.length - 1] ?? 0, 1) };
}

/** The CPU part of a summary line: CPU seconds per phase, and DISTURBED when something else ran. */
export function cpuText(use: PhaseUse): string {
  const c = use.cpu_s;
  const text = `cpu s: server ${c.server ?? '?'}, postgres ${c.postgres ?? '?'}, bench+fake ${c.bench_and_fake}, other ${c.other ?? '?'}`;
  if (!use.disturbed) return text;
  const big = use.cpu.top_others.filter((o) => o.pct >= 5).slice(0, 3).map((o) => `${o.command} ${o.pct}%`).join(', ');
  return `${text} (DISTURBED${big ? ` by ${big}` : ''})`;
}

/**
 * What the harness drives after a Shopify scenario measured itself while preparing: GET /jobs/{id} of the
 * (last) run, a small read, so that its warm-up and its load do no work that matters. The job must have
 * COMPLETED with the run's counts as `expected`; the scenario's figures and problems are the verification.
 */
export function readBack(token: string, jobId: string, expected: Partial<RunCounts>, verification: Verification): LoadPlan {
  return {
    method: 'GET',
    path: `/api/1.0/jobs/${jobId}`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    expectStatus: 200,
    // autocannon wants at least one request per connection (--connections, 50 by default).
    requestCount: 500,
    check(body) {
      const job = (body as { data?: { status?: string; result?: { counts?: Partial<RunCounts> } } }).data;
      if (job?.status !== 'COMPLETED') return `job ${job?.status}`;
      const wrong = Object.entries(expected).filter(([k, v]) => job.result?.counts?.[k as keyof RunCounts] !== v);
      return wrong.length ? `the job's counts ${JSON.stringify(job.result?.counts)} are not ${JSON.stringify(expected)}` : null;
    },
    verify: async () => verification,
  };
}
