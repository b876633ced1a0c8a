import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ZMetricsRefusal, ZPrometheusText } from '@omnio/domain';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { readQueueDepth } from '../jobs/queue';
import type { AppDeps } from './context';

/**
 * Prometheus metrics of this process (prom-client), at `/metrics`: request rate and latency per route, the
 * database pool, the job queue's depth and age, channel run outcomes, and Node's own (event loop, heap, GC).
 * One registry per process; a scrape of every API process and worker sums the installation.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpRequests = new Counter({
  name: 'omnio_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'omnio_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const channelRuns = new Counter({
  name: 'omnio_channel_runs_total',
  help: 'Channel runs ended in this process, by driver, action and outcome',
  labelNames: ['driver', 'action', 'status'] as const,
  registers: [metricsRegistry],
});

/** A channel run ended (channels module). */
export function countChannelRun(driver: string, action: string, status: 'COMPLETED' | 'FAILED'): void {
  channelRuns.inc({ driver, action, status });
}

/** The database pool and job queue gauges, read live at each scrape (a new app replaces the previous one's). */
function registerLiveGauges(deps: AppDeps): void {
  const gauge = (name: string, help: string, collect: (this: Gauge) => void | Promise<void>) => {
    metricsRegistry.removeSingleMetric(name);
    return new Gauge({ name, help, registers: [metricsRegistry], collect });
  };
  if (deps.database.kind === 'postgres') {
    const pool = (deps.database.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
    gauge('omnio_db_pool_connections', 'Open connections of the PostgreSQL pool', function () { this.set(pool.totalCount); });
    gauge('omnio_db_pool_idle', 'Idle connections of the PostgreSQL pool', function () { this.set(pool.idleCount); });
    gauge('omnio_db_pool_waiting', 'Requests waiting for a PostgreSQL connection', function () { this.set(pool.waitingCount); });
  }
  const queued = gauge('omnio_jobs_queued', 'Jobs waiting to start (whole installation)', () => {});
  const oldest = gauge('omnio_jobs_oldest_queued_seconds', 'Age of the oldest job waiting to start', () => {});
  // One read feeds the three job gauges at each scrape; an unreachable database reads as zeros.
  gauge('omnio_jobs_active', 'Jobs running now (whole installation)', async function () {
    const depth = await readQueueDepth(deps.database).catch(() => ({ queued: 0, oldestSeconds: 0, active: 0 }));
    queued.set(depth.queued);
    oldest.set(depth.oldestSeconds);
    this.set(depth.active);
  });
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  registerLiveGauges(deps);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: one series per route, whatever ids the paths carry.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  // Outside /api and its limits: scraped by Prometheus, not by users. With METRICS_TOKEN set it needs
  // `Authorization: Bearer <token>`; without, whoever reaches the port reads it (keep it off the internet).
  app.get('/metrics', { schema: { hide: true, response: { 200: ZPrometheusText, 401: ZMetricsRefusal } }, config: { rateLimit: false } }, async (request, reply) => {
    const token = deps.config.metricsToken;
    if (token && !tokenMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthenticated.' });
    }
    return reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
