import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle } from '../../test/test-app';
import { signInTo, startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process';
import { openDatabase, type Database } from '../../platform/db/client';
import { ledgerViolations, makeIloc, makeSku, inTenant, tenantIds } from '../inventory/inventory.fixtures';
import { applyMovements } from '../inventory/ledger';
import { startShopifyFake, type ShopifyFake } from '../../test/fakes/shopify/shopify-fake';

// A real server process killed with SIGKILL in the middle of a Shopify import, on PostgreSQL (PGlite serves one
// process): the next run, on another process, loses no order and makes none twice, and the ledger still holds.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = 600;
const SERVER_ENV = { JOB_WORKER: 'on', CHANNEL_ALLOW_PRIVATE_TARGETS: 'true', CHANNEL_RUN_LEASE_SECONDS: '2', CHANNEL_RETRY_BASE_MS: '20' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a channel run killed mid-way (kill -9) and resumed (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let t: { database: Database };
  let fake: ShopifyFake;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!onPostgres) return;
    clone = await cloneTestDatabase();
    t = { database: await openDatabase({ databaseUrl: clone.url, dataDir: '', appRole: 'omnio_app', poolSize: 5 }) };
    fake = await startShopifyFake();
  }, 180_000);

  afterAll(async () => {
    if (!onPostgres) return;
    await stopServerProcesses(servers);
    await fake.close();
    await t.database.close();
    await clone.database.close();
    await dropCloneWhenIdle(clone);
  }, 60_000);

  const count = async (q: string) => Number((await t.database.ownerExec(q))[0]!.n);

  it.skipIf(!onPostgres)('imports every order exactly once, reserved once, after the process importing them was killed', async () => {
    const { acme } = await tenantIds(t);
    const iloc = await makeIloc(t, acme, 'CRASH');
    const skus = ['CRASH-A', 'CRASH-B', 'CRASH-C'];
    for (const code of skus) {
      const id = await makeSku(t, acme, { sku: code });
      await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: id, ilocId: iloc, delta: { good: 100_000 }, reason: 'received' }]));
    }
    fake.seedOrders(ORDERS, { skus, linesPerOrder: 3 });
    // Shopify's standard budget, refilled slowly: the run takes many seconds, so it can be caught in the middle.
    fake.setBucket({ maximumAvailable: 1000, restoreRate: 250, currentlyAvailable: 1000 });

    const first = await startServerProcess(clone.url!, SERVER_ENV);
    servers.push(first);
    const token = await signInTo(first.url);
    const call = async (base: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}/api/1.0${path}`, {
        method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, string> } };
    };
    const made = await call(first.url, 'POST', '/processes', {
      name: 'Crash store', driver: 'shopify',
      credentials: { shop_domain: fake.shopDomain, access_token: fake.accessToken, client_secret: fake.clientSecret },
      settings: { api_base_url: fake.url }, actions: { import_orders: { active: true, options: { iloc_id: iloc } } },
    });
    expect(made.status).toBe(201);
    const processId = made.body.data.id!;
    const run1 = await call(first.url, 'POST', `/processes/${processId}/actions/import_orders/run`);
    expect(run1.status).toBe(202);

    const imported = () => count(`SELECT count(*)::int AS n FROM orders WHERE process_id = '${processId}'`);
    for (let i = 0; i < 600 && (await imported()) < 100; i++) await sleep(50);
    const atKill = await imported();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(ORDERS);
    const exited = new Promise((resolve) => first.proc.once('exit', resolve));
    first.proc.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(first), 1);

    fake.setBucket({ maximumAvailable: 1_000_000, restoreRate: 1_000_000, currentlyAvailable: 1_000_000 });
    const second = await startServerProcess(clone.url!, SERVER_ENV);
    servers.push(second);
    await sleep(2500); // the dead run's lease lapses
    const run2 = await call(second.url, 'POST', `/processes/${processId}/actions/import_orders/run`);
    expect(run2.status).toBe(202);
    let job = { status: 'PENDING' };
    for (let i = 0; i < 1200 && !['COMPLETED', 'FAILED'].includes(job.status); i++) {
      await sleep(100);
      job = (await call(second.url, 'GET', `/jobs/${run2.body.data.job_id}`)).body.data as { status: string };
    }
    expect(job.status).toBe('COMPLETED');

    expect(await imported()).toBe(ORDERS);
    expect(await count(`SELECT count(DISTINCT external_id)::int AS n FROM orders WHERE process_id = '${processId}'`)).toBe(ORDERS);
    expect(await count(`SELECT count(*)::int AS n FROM orders WHERE channel = 'shopify'`)).toBe(ORDERS);
    // Every reservation belongs to an order's allocation, and every allocation is reserved: nothing left over by the crash.
    const reserved = await count(`SELECT coalesce(sum(qty_reserved), 0)::int AS n FROM inventory_balances WHERE tenant_id = '${acme}'`);
    const allocated = await count(`SELECT coalesce(sum(a.quantity), 0)::int AS n FROM order_allocations a JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id WHERE o.tenant_id = '${acme}' AND o.status IN ('open', 'on_hold')`);
    expect(reserved).toBe(allocated);
    expect(reserved).toBe(Number((await t.database.ownerExec(`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_lines l JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id WHERE o.process_id = '${processId}'`))[0]!.n));
    expect(await ledgerViolations(t)).toEqual([]);
    const runs = await t.database.ownerExec(`SELECT status, failure FROM channel_runs WHERE process_id = '${processId}' ORDER BY created_at`);
    expect(runs.map((r) => r.status)).toEqual(['FAILED', 'COMPLETED']);
    expect(String(runs[0]!.failure)).toMatch(/stopped before it finished/);
  }, 240_000);
});
