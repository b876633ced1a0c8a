import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle, DEMO } from '../../test/test-app';
import { signInTo, startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process';

/**
 * PostgreSQL restarted under a serving API process. The database sits behind a TCP relay the test controls:
 * "down" cuts every open connection and refuses new ones, which is what a restart looks like from the server's
 * side (a failover too); "up" listens again on the same port. PostgreSQL only: PGlite lives inside the process.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A relay from a local port to the database; cut and restored at will. */
class DatabaseRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

async function timed(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown>; ms: number; requestId: string | null }> {
  const t0 = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body, ms: Date.now() - t0, requestId: res.headers.get('x-request-id') };
}

describe.skipIf(!onPostgres)('PostgreSQL restarted while the server serves', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let relay: DatabaseRelay;
  let server: ServerProcess;
  let auth: Record<string, string>;

  beforeAll(async () => {
    clone = await cloneTestDatabase();
    const url = new URL(clone.url!);
    relay = new DatabaseRelay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.up();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    server = await startServerProcess(url.toString(), { JOB_WORKER: 'on', AUTH_CACHE_MS: '0' });
    auth = { authorization: `Bearer ${await signInTo(server.url)}` };
  }, 180_000);

  afterAll(async () => {
    await relay?.up().catch(() => undefined);
    if (server) await stopServerProcesses([server]);
    if (clone) await dropCloneWhenIdle(clone);
  }, 60_000);

  it('answers 503 JSON quickly during the outage, and recovers by itself when the database returns, jobs included', async () => {
    expect(await timed(`${server.url}/api/ready`)).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok', jobs: { worker: 'running' } } });
    expect((await timed(`${server.url}/api/1.0/orders`, { headers: auth })).status).toBe(200);

    await relay.down();
    // Open connections were cut (the pool learns on use) and new ones are refused: every answer is a quick 503.
    for (let i = 0; i < 3; i++) {
      const orders = await timed(`${server.url}/api/1.0/orders`, { headers: auth });
      expect(orders).toMatchObject({ status: 503, body: { code: 'DATABASE_UNAVAILABLE', request_id: orders.requestId } });
      expect(orders.ms).toBeLessThan(5_000);
    }
    const signIn = await timed(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, client_id: 'omnio-web', client_secret: 'omnio-web-secret' }),
    });
    expect(signIn.status).toBe(503);
    expect(await timed(`${server.url}/api/ready`)).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'unavailable' } });
    // Liveness stays up: an orchestrator must not restart every API process because the database is away.
    expect((await timed(`${server.url}/api/health`)).status).toBe(200);
    // Long enough for the job worker, the schedule tick and the webhook loop to fail a few polls.
    await new Promise((r) => setTimeout(r, 2_000));

    await relay.up();
    let ready = await timed(`${server.url}/api/ready`);
    for (let i = 0; i < 100 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await timed(`${server.url}/api/ready`);
    }
    expect(ready.status).toBe(200);
    // Writes work again: an order is taken.
    const created = await timed(`${server.url}/api/1.0/orders`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        external_id: `OUTAGE-${Date.now()}`, channel: 'manual', ship_method: 'standard',
        customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.outage@example.com' },
        shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        lines: [{ sku: 'NOT-STOCKED', quantity: 1, price: '10.00' }],
      }),
    });
    expect(created.status).toBe(201);
    const ids = [(created.body.data as { id: string }).id];

    // The job worker picked up again: a bulk cancel (a job) runs to the end without a restart.
    const bulk = await timed(`${server.url}/api/1.0/orders/bulk-cancel`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ids }),
    });
    expect(bulk.status).toBe(202);
    const jobId = (bulk.body.data as { job_id: string }).job_id;
    let job = await timed(`${server.url}/api/1.0/jobs/${jobId}`, { headers: auth });
    for (let i = 0; i < 200 && !['COMPLETED', 'FAILED'].includes(String((job.body.data as { status: string }).status)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await timed(`${server.url}/api/1.0/jobs/${jobId}`, { headers: auth });
    }
    expect(job.body.data).toMatchObject({ status: 'COMPLETED' });
  }, 120_000);
});
