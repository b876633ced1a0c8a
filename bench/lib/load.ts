import autocannon from 'autocannon';
import type { LoadPlan, Tally } from './types';

export interface LoadOptions {
  baseUrl: string;
  plan: LoadPlan;
  durationSeconds: number;
  connections: number;
  pipelining: number;
  /** Send exactly this many requests instead of running for durationSeconds (autocannon `amount`). */
  requestCount?: number;
}

export interface LatencyMs {
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadResult {
  duration_s: number;
  requests_total: number;
  requests_per_s: { mean: number; stddev: number; min: number; max: number };
  latency_ms: LatencyMs;
  throughput_bytes_per_s: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses whose status was not the plan's expectStatus (non-2xx ones included). */
  unexpected_status: number;
  status_codes: Record<string, number>;
  /** The plan's tally summed over every response of the run (only when the plan has one). */
  tally?: Tally;
  /** The plan's unit of work (only when it names one): how many, and how many per second of the run. */
  units?: { name: string; total: number; per_s: number };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/**
 * Drives the plan's request with autocannon from this process. Latencies are kept per response (not
 * autocannon's whole-millisecond histogram, which has no p95), over every response whatever its status.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { plan } = options;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const tally: Tally = {};
  // A plan with a fresh body per request, or one that looks at the answers, needs a request object:
  // setupRequest builds each request just before it is sent, onResponse gets each response body.
  const dynamic = plan.nextBody !== undefined || plan.nextPath !== undefined || plan.tally !== undefined;
  const request: autocannon.Request = {
    method: plan.method,
    path: plan.path,
    headers: plan.headers ?? {},
    ...(plan.body !== undefined ? { body: plan.body } : {}),
    ...(plan.nextBody || plan.nextPath
      ? {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            ...(plan.nextPath ? { path: plan.nextPath() } : {}),
            ...(plan.nextBody ? { body: plan.nextBody() } : {}),
          }),
        }
      : {}),
    ...(plan.tally
      ? {
          onResponse: (status: number, body: string) => {
            for (const [key, n] of Object.entries(plan.tally!(status, body))) tally[key] = (tally[key] ?? 0) + n;
          },
        }
      : {}),
  };
  const started = process.hrtime.bigint();
  let lastResponse = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl + plan.path,
        connections: options.connections,
        pipelining: options.pipelining,
        ...(options.requestCount ? { amount: options.requestCount } : { duration: options.durationSeconds }),
        timeout: plan.timeoutSeconds ?? 10,
        method: plan.method,
        headers: plan.headers ?? {},
        ...(plan.body !== undefined ? { body: plan.body } : {}),
        ...(dynamic ? { requests: [request] } : {}),
      },
      (err, result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        // With a fixed amount, autocannon notices the last response only at its next one-second sample, so its
        // duration is the run rounded up to a whole second (up to 3 % of a 33 s run): the run ends at the last response.
        const seconds = options.requestCount && latencies.length
          ? Number(lastResponse - started) / 1e9
          : result.duration || Number(process.hrtime.bigint() - started) / 1e9;
        const sorted = Float64Array.from(latencies).sort();
        const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0;
        const unexpected = Object.entries(statusCodes).reduce((n, [code, count]) => (code === String(plan.expectStatus) ? n : n + count), 0);
        resolve({
          duration_s: options.requestCount ? Math.round(seconds * 1000) / 1000 : result.duration,
          requests_total: latencies.length,
          requests_per_s: {
            mean: round2(result.requests.average),
            stddev: round2(result.requests.stddev),
            min: result.requests.min,
            max: result.requests.max,
          },
          latency_ms: {
            mean: round2(mean),
            p50: round2(percentile(sorted, 50)),
            p90: round2(percentile(sorted, 90)),
            p95: round2(percentile(sorted, 95)),
            p99: round2(percentile(sorted, 99)),
            max: round2(sorted[sorted.length - 1] ?? 0),
          },
          throughput_bytes_per_s: Math.round(result.throughput.average),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          unexpected_status: unexpected,
          status_codes: statusCodes,
          ...(plan.tally ? { tally } : {}),
          ...(plan.unit
            ? { units: { name: plan.unit, total: tally[plan.unit] ?? 0, per_s: round2((tally[plan.unit] ?? 0) / seconds) } }
            : {}),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastResponse = process.hrtime.bigint();
      latencies.push(responseTime);
      const key = String(statusCode);
      statusCodes[key] = (statusCodes[key] ?? 0) + 1;
    });
  });
}
