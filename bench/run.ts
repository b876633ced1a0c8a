/**
 * `npm run bench [-- <scenario>... --duration 15 --connections 50 --pool 10]`: for each scenario, a fresh
 * PostgreSQL database, the real server as a child process on it, a loaded data set, a warm-up, a
 * measured autocannon run, a JSON results file, and a PASS/FAIL line against the scenario's target.
 * See bench/README.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminUrlFromEnv, createBenchDatabase, isLocalDatabase, redact, type BenchDatabase } from './lib/database';
import { loadDataset, type DatasetOptions } from './lib/dataset';
import { runLoad } from './lib/load';
import { measureCpu } from './lib/resources';
import { RESULTS_DIR, environment, judge, summaryLine, targetText, writeReport, type Report } from './lib/report';
import { startServer, type RunningServer } from './lib/server';
import type { DatasetSummary, LoadPlan, Scenario, ScenarioContext, Verification } from './lib/types';
import { SCENARIOS, findScenario } from './scenarios/index';

const USAGE = `usage: npm run bench -- [scenario ...] [options]
  scenarios: ${SCENARIOS.map((s) => s.name).join(', ')} (default: all)
  --duration <s>      measured seconds per run (15)
  --warmup <s>        unmeasured seconds before it (5)
  --connections <n[,n...]>  concurrent connections; a list measures once per value on the same data and server (50)
  --pipelining <n>    requests in flight per connection (1)
  --pool <n[,n...]>   server DB_POOL_SIZE; a list runs once per value on the same data (10)
  --users <n>         extra users loaded before the runs (1000)
  --keep-db           leave the bench database in place (it is named in the output)
  --cpu-prof          write a V8 CPU profile of the server to bench/results/profiles/ (open in Chrome DevTools)
  --list              list the scenarios
environment: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
  (an admin connection: the bench creates and drops a database omnio_bench_<timestamp> beside it)`;

interface Settings {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number[];
  pipelining: number;
  pools: number[];
  dataset: DatasetOptions;
  keepDb: boolean;
  cpuProf: boolean;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
  return n;
}

function parse(): { scenarios: Scenario[]; settings: Settings } | null {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      pipelining: { type: 'string' },
      pool: { type: 'string' },
      users: { type: 'string' },
      'keep-db': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  if (values.list) {
    for (const s of SCENARIOS) console.log(`${s.name}\t${s.description}\t(target ${targetText(s.target)})`);
    return null;
  }
  const scenarios = positionals.length ? positionals.map((name) => findScenario(name) ?? unknownScenario(name)) : [...SCENARIOS];
  const pools = (values.pool ?? '10').split(',').map((p) => positiveInt('pool', p.trim(), 10));
  if (pools.some((p) => p < 1)) throw new Error('--pool values must be at least 1');
  const users = positiveInt('users', values.users, 1000);
  return {
    scenarios,
    settings: {
      durationSeconds: Math.max(1, positiveInt('duration', values.duration, 15)),
      warmupSeconds: positiveInt('warmup', values.warmup, 5),
      connections: (values.connections ?? '50').split(',').map((c) => Math.max(1, positiveInt('connections', c.trim(), 50))),
      pipelining: Math.max(1, positiveInt('pipelining', values.pipelining, 1)),
      pools,
      dataset: { users, companies: Math.max(1, Math.round(users / 50)), tokensPerUser: 5 },
      keepDb: values['keep-db'],
      cpuProf: values['cpu-prof'],
    },
  };
}

function unknownScenario(name: string): never {
  throw new Error(`unknown scenario "${name}"; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
}

/** What must be undone if the run is interrupted (Ctrl-C): stop the server, drop the database. */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: cleaning up`);
    void Promise.allSettled([...cleanups].map((fn) => fn())).then(() => process.exit(130));
  });
}

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username,
      password,
      client_id: process.env.OAUTH_CLIENT_ID ?? 'omnio-web',
      client_secret: process.env.OAUTH_CLIENT_SECRET ?? 'omnio-web-secret',
      scopes: '*',
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) throw new Error(`sign-in as ${username} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** One request before the load: the plan must answer its expected status and pass its own check. */
async function checkPlan(baseUrl: string, plan: LoadPlan): Promise<void> {
  const body = plan.nextBody ? plan.nextBody() : plan.body;
  const target = plan.nextPath ? plan.nextPath() : plan.path;
  const res = await fetch(baseUrl + target, { method: plan.method, headers: plan.headers ?? {}, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  if (res.status !== plan.expectStatus) throw new Error(`${plan.method} ${target} answered ${res.status}, expected ${plan.expectStatus}: ${text.slice(0, 500)}`);
  const problem = plan.check?.(text ? JSON.parse(text) : null);
  if (problem) throw new Error(`${plan.method} ${target} answered an unexpected body (${problem}): ${text.slice(0, 500)}`);
}

interface Measurement {
  scenario: Scenario;
  settings: Settings;
  adminUrl: string;
  database: BenchDatabase;
  server: RunningServer;
  plan: LoadPlan;
  dataset: DatasetSummary;
  poolSize: number;
  connections: number;
}

/**
 * Waits until the server has finished what the warm-up left in flight. Autocannon stops sending when the warm-up
 * ends, but requests it had sent go on in the server: 50 connections of 1,000-order batches leave ~50 batches
 * queued, which the measured run would otherwise pay for (its orders/s counted the warm-up's leftovers too).
 */
async function settle(database: BenchDatabase): Promise<void> {
  const started = Date.now();
  let quietSince = 0;
  while (Date.now() - started < 300_000) {
    const [row] = await database.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state NOT IN ('idle')`,
    );
    if (Number(row?.n ?? 0) === 0) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince >= 1_000) break;
    } else quietSince = 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Date.now() - started > 1_500) log(`the server finished the warm-up's requests ${((Date.now() - started) / 1000).toFixed(1)} s after it ended`);
}

/** Warm-up, measured run, verification, results file and summary line for one connection count. Answers whether it passed. */
async function measure({ scenario, settings, adminUrl, database, server, plan, dataset, poolSize, connections }: Measurement): Promise<boolean> {
  const load = { baseUrl: server.baseUrl, plan, connections, pipelining: settings.pipelining };
  if (settings.warmupSeconds > 0) {
    log(`warm-up ${settings.warmupSeconds} s`);
    await runLoad({ ...load, durationSeconds: settings.warmupSeconds });
    await settle(database);
  }
  log(plan.requestCount
    ? `measuring ${plan.requestCount} requests with ${connections} connections (the scenario fixes the amount of work; --duration does not apply)`
    : `measuring ${settings.durationSeconds} s with ${connections} connections`);
  const date = new Date().toISOString();
  const stopCpu = measureCpu(server.pid, isLocalDatabase(adminUrl));
  const result = await runLoad({ ...load, durationSeconds: settings.durationSeconds, ...(plan.requestCount ? { requestCount: plan.requestCount } : {}) });
  const cpu = stopCpu();
  const ended = server.exit();
  if (ended) throw new Error(`the server ended during the run (exit code ${ended.code}, signal ${ended.signal}): not a measurement`);
  let verification: Verification | undefined;
  if (plan.verify) {
    verification = await plan.verify({ tally: result.tally ?? {}, requestsTotal: result.requests_total });
    log(`verified: ${JSON.stringify(verification.facts)}${verification.problems.length ? ` PROBLEMS: ${verification.problems.join('; ')}` : ''}`);
  }
  const verdict = judge(result, scenario.target, verification);
  const report: Report = {
    scenario: scenario.name,
    description: scenario.description,
    date,
    passed: verdict.passed,
    failures: verdict.reasons,
    disturbed: (cpu.other_pct ?? 0) > 20,
    target: scenario.target,
    result,
    ...(verification ? { verification } : {}),
    cpu,
    settings: {
      duration_s: plan.requestCount ? result.duration_s : settings.durationSeconds,
      ...(plan.requestCount ? { request_count: plan.requestCount } : {}),
      warmup_s: settings.warmupSeconds,
      connections,
      pipelining: settings.pipelining,
      db_pool_size: poolSize,
      request: { method: plan.method, path: plan.path },
      server_env: server.settings,
      database: { admin_url: redact(adminUrl), server_version: database.serverVersion, autovacuum: database.autovacuum, local: isLocalDatabase(adminUrl) },
      dataset,
    },
    environment: environment(),
  };
  const suffix = [settings.pools.length > 1 ? `pool${poolSize}` : '', settings.connections.length > 1 ? `c${connections}` : ''].filter(Boolean).join('-');
  const file = writeReport(report, suffix || undefined);
  console.log(summaryLine(report, { connections, poolSize, durationSeconds: plan.requestCount ? result.duration_s : settings.durationSeconds }));
  log(`results: ${file}`);
  return verdict.passed;
}

async function runScenario(scenario: Scenario, settings: Settings, adminUrl: string): Promise<boolean> {
  log(`${scenario.name}: ${scenario.description}`);
  const database: BenchDatabase = await createBenchDatabase(adminUrl);
  if (!settings.keepDb) cleanups.add(database.drop);
  log(`database ${database.name} (PostgreSQL ${database.serverVersion}) at ${redact(adminUrl)}`);
  if (database.autovacuum !== 'on') log(`note: autovacuum is ${database.autovacuum} on this server: tables that grow during a run are not analyzed by themselves`);
  let dataset: DatasetSummary | undefined;
  let allPassed = true;
  try {
    for (const poolSize of settings.pools) {
      const server: RunningServer = await startServer({
        databaseUrl: database.url,
        poolSize,
        ...(settings.cpuProf ? { cpuProfileDir: path.join(RESULTS_DIR, 'profiles') } : {}),
      });
      cleanups.add(server.stop);
      try {
        log(`server pid ${server.pid} on ${server.baseUrl} (DB_POOL_SIZE ${poolSize})`);
        if (!dataset) {
          const started = Date.now();
          dataset = await loadDataset(database.query, settings.dataset);
          log(`data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(dataset)}`);
        }
        const ctx: ScenarioContext = {
          baseUrl: server.baseUrl,
          dataset,
          signIn: (u, p) => signIn(server.baseUrl, u, p),
          ownerQuery: database.query,
        };
        const plan = await scenario.prepare(ctx);
        await checkPlan(server.baseUrl, plan);
        for (const connections of settings.connections) {
          if (!(await measure({ scenario, settings, adminUrl, database, server, plan, dataset, poolSize, connections }))) allPassed = false;
        }
      } catch (err) {
        console.error(`--- server output ---\n${server.output()}`);
        throw err;
      } finally {
        await server.stop();
        cleanups.delete(server.stop);
        if (settings.cpuProf) log(`server CPU profile written to ${path.join(RESULTS_DIR, 'profiles')}`);
      }
    }
  } finally {
    if (settings.keepDb) log(`kept database ${database.name}`);
    else await database.drop();
    cleanups.delete(database.drop);
  }
  return allPassed;
}

async function main(): Promise<number> {
  const parsed = parse();
  if (!parsed) return 0;
  const adminUrl = adminUrlFromEnv();
  let failed = 0;
  for (const scenario of parsed.scenarios) {
    if (!(await runScenario(scenario, parsed.settings, adminUrl))) failed++;
  }
  if (failed) log(`${failed} of ${parsed.scenarios.length} scenarios missed their target`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`[bench] ${err.message}`);
    process.exit(2);
  },
);
