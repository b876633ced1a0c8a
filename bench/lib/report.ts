import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CpuUse } from './resources';
import type { LoadResult } from './load';
import type { Target, Verification } from './types';
import { REPO_ROOT } from './server';

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

export interface Verdict {
  passed: boolean;
  /** Why it failed; empty when it passed. */
  reasons: string[];
}

export function judge(result: LoadResult, target: Target, verification?: Verification): Verdict {
  const reasons: string[] = [];
  if (result.requests_total === 0) reasons.push('no responses');
  if (result.errors > 0) reasons.push(`${result.errors} connection errors`);
  if (result.timeouts > 0) reasons.push(`${result.timeouts} timeouts`);
  if (result.non2xx > 0) reasons.push(`${result.non2xx} non-2xx responses`);
  if (result.unexpected_status > 0) reasons.push(`${result.unexpected_status} responses with an unexpected status`);
  if (result.requests_per_s.mean < target.minRequestsPerSecond) {
    reasons.push(`${result.requests_per_s.mean} req/s < ${target.minRequestsPerSecond}`);
  }
  if (target.maxP95Ms !== undefined && result.latency_ms.p95 >= target.maxP95Ms) reasons.push(`p95 ${result.latency_ms.p95} ms >= ${target.maxP95Ms} ms`);
  if (target.maxP99Ms !== undefined && result.latency_ms.p99 >= target.maxP99Ms) reasons.push(`p99 ${result.latency_ms.p99} ms >= ${target.maxP99Ms} ms`);
  if (target.minUnitsPerSecond !== undefined) {
    const units = result.units;
    if (!units) reasons.push('the plan counts no units');
    else if (units.per_s < target.minUnitsPerSecond) reasons.push(`${units.per_s} ${units.name}/s < ${target.minUnitsPerSecond}`);
  }
  reasons.push(...(verification?.problems ?? []));
  return { passed: reasons.length === 0, reasons };
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

export function environment() {
  const status = git(['status', '--porcelain']);
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    git_commit: git(['rev-parse', 'HEAD']),
    git_dirty: status === null ? null : status.length > 0,
  };
}

export interface Report {
  scenario: string;
  description: string;
  date: string;
  passed: boolean;
  failures: string[];
  /** Other programs took more than 20 % of a core during the run: the numbers understate the server. */
  disturbed: boolean;
  target: Target;
  result: LoadResult;
  /** What the plan's verify step found after the run (only when it has one). */
  verification?: Verification;
  cpu: CpuUse;
  settings: Record<string, unknown>;
  environment: ReturnType<typeof environment>;
}

/** bench/results/<scenario>-<date>[-<suffix>].json; answers the path written. */
export function writeReport(report: Report, suffix?: string): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = report.date.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const file = path.join(RESULTS_DIR, `${report.scenario}-${stamp}${suffix ? `-${suffix}` : ''}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/** The other programs that took a noticeable share, or a hint that they ended before the run did. */
function disturbers(cpu: CpuUse): string {
  const big = cpu.top_others.filter((o) => o.pct >= 5).slice(0, 3);
  return big.length ? big.map((o) => `${o.command} ${o.pct}`).join(', ') : 'programs that ended during the run';
}

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');

/** The bounds a target sets, as text: `>= 3,000 req/s, p99 < 25 ms`. */
export function targetText(t: Target, unit?: string): string {
  const parts: string[] = [];
  if (t.minRequestsPerSecond > 0 || (t.maxP95Ms === undefined && t.maxP99Ms === undefined && t.minUnitsPerSecond === undefined)) {
    parts.push(`>= ${n0(t.minRequestsPerSecond)} req/s`);
  }
  if (t.minUnitsPerSecond !== undefined) parts.push(`>= ${n0(t.minUnitsPerSecond)} ${t.unit ?? unit ?? 'units'}/s`);
  if (t.maxP95Ms !== undefined) parts.push(`p95 < ${t.maxP95Ms} ms`);
  if (t.maxP99Ms !== undefined) parts.push(`p99 < ${t.maxP99Ms} ms`);
  return parts.join(', ');
}

export function summaryLine(report: Report, settings: { connections: number; poolSize: number; durationSeconds: number }): string {
  const r = report.result;
  const t = report.target;
  const cpu = report.cpu;
  const cpuText =
    cpu.server_pct === null
      ? ''
      : ` | cpu % of a core: server ${cpu.server_pct}, postgres ${cpu.postgres_pct ?? '?'}, autocannon ${cpu.load_generator_pct}, ` +
        `irq ${cpu.kernel_irq_pct ?? '?'}, other ${cpu.other_pct ?? '?'}` +
        ((cpu.other_pct ?? 0) > 20 ? ` (DISTURBED by ${disturbers(cpu)})` : '');
  const unitText = r.units ? ` (${n0(r.units.per_s)} ${r.units.name}/s, ${n0(r.units.total)} ${r.units.name} in ${r.duration_s} s)` : '';
  return (
    `${report.scenario}: ${n0(r.requests_per_s.mean)} req/s${unitText}, latency p50 ${r.latency_ms.p50} ms, p95 ${r.latency_ms.p95} ms, ` +
    `p99 ${r.latency_ms.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx} ` +
    `(${settings.connections} connections, DB_POOL_SIZE ${settings.poolSize}, ${settings.durationSeconds} s)${cpuText} -> ` +
    `${report.passed ? 'PASS' : `FAIL (${report.failures.join('; ')})`} [target ${targetText(t, r.units?.name)}]`
  );
}
