import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** What Prometheus scrapes: per-route request counts and latency, the job queue, Node's own; a token when set. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: 'scrape-secret' });
}, 120_000);
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('asks for the token when METRICS_TOKEN is set', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-secret!')).statusCode).toBe(401);
    expect((await scrape('Bearer scrape-secret')).statusCode).toBe(200);
  });

  it('counts requests per route pattern (not per URL) and status, with their latency', async () => {
    const headers = await t.as('acmeTenant');
    await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${id}`, headers })).statusCode).toBe(404);
    }
    const res = await scrape('Bearer scrape-secret');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/omnio_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(text).toMatch(/omnio_http_requests_total\{method="GET",route="\/api\/1.0\/orders\/:id",status="404"\} [2-9]/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).toMatch(/omnio_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health"\} [1-9]/);
  });

  it('reports the job queue and the process', async () => {
    const text = (await scrape('Bearer scrape-secret')).body;
    expect(text).toMatch(/^omnio_jobs_queued \d+$/m);
    expect(text).toMatch(/^omnio_jobs_oldest_queued_seconds \d+$/m);
    expect(text).toMatch(/^omnio_jobs_active \d+$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('omnio_channel_runs_total');
  });
});
