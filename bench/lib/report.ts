import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CpuUse } from './resources';
import type { LoadResult } from './load';
import type { Target } from './types';
import { REPO_ROOT } from './server';

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

export interface Verdict {
  passed: boolean;
  /** Why it failed; empty when it passed. */
  reasons: string[];
}

export function judge(result: LoadResult, target: Target): Verdict {
  const reasons: string[] = [];
  if (result.requests_total === 0) reasons.push('no responses');
  if (result.errors > 0) reasons.push(`${result.errors} connection errors`);
  if (result.timeouts > 0) reasons.push(`${result.timeouts} timeouts`);
  if (result.non2xx > 0) reasons.push(`${result.non2xx} non-2xx responses`);
  if (result.unexpected_status > 0) reasons.push(`${result.unexpected_status} responses with an unexpected status`);
  if (result.requests_per_s.mean < target.minRequestsPerSecond) {
    reasons.push(`${result.requests_per_s.mean} req/s < ${target.minRequestsPerSecond}`);
  }
  if (result.latency_ms.p99 >= target.maxP99Ms) reasons.push(`p99 ${result.latency_ms.p99} ms >= ${target.maxP99Ms} ms`);
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
  return (
    `${report.scenario}: ${n0(r.requests_per_s.mean)} req/s, latency p50 ${r.latency_ms.p50} ms, p95 ${r.latency_ms.p95} ms, ` +
    `p99 ${r.latency_ms.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx} ` +
    `(${settings.connections} connections, DB_POOL_SIZE ${settings.poolSize}, ${settings.durationSeconds} s)${cpuText} -> ` +
    `${report.passed ? 'PASS' : `FAIL (${report.failures.join('; ')})`} [target >= ${n0(t.minRequestsPerSecond)} req/s, p99 < ${t.maxP99Ms} ms]`
  );
}
