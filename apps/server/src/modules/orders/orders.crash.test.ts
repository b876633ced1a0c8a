import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle } from '../../test/test-app';
import { signInTo, startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process';
import { openDatabase, type Database } from '../../platform/db/client';
import { ledgerViolations, makeIloc, makeSku, inTenant, tenantIds } from '../inventory/inventory.fixtures';
import { applyMovements } from '../inventory/ledger';

// An API process killed with SIGKILL while clients send it batch imports, on PostgreSQL (PGlite serves one
// process). The clients do what a client does with a request that got no answer: send the same batch again, here
// to another process. Afterwards every order exists once, every reservation belongs to an order, the ledger holds.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BATCHES = 24;
const PER_BATCH = 50;
const SKUS = ['KILL-A', 'KILL-B'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function batchBody(b: number) {
  return {
    orders: Array.from({ length: PER_BATCH }, (_, i) => ({
      external_id: `KILL-${b}-${i}`, channel: 'api', ship_method: 'standard',
      customer: { first_name: 'Ada', last_name: 'Lovelace', email: `kill.${b}.${i}@example.com` },
      shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      lines: SKUS.map((sku) => ({ sku, quantity: 1 + ((b + i) % 3), price: '10.00' })),
    })),
  };
}

describe('an API process killed (kill -9) in the middle of batch imports (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let t: { database: Database };
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!onPostgres) return;
    clone = await cloneTestDatabase();
    t = { database: await openDatabase({ databaseUrl: clone.url, dataDir: '', appRole: 'omnio_app', poolSize: 5 }) };
  }, 180_000);

  afterAll(async () => {
    if (!onPostgres) return;
    await stopServerProcesses(servers);
    await t.database.close();
    await clone.database.close();
    await dropCloneWhenIdle(clone);
  }, 60_000);

  const count = async (q: string) => Number((await t.database.ownerExec(q))[0]!.n);

  it.skipIf(!onPostgres)('loses no order, makes none twice, leaves no reservation without its order', async () => {
    const { acme } = await tenantIds(t);
    const iloc = await makeIloc(t, acme, 'KILL');
    for (const code of SKUS) {
      const id = await makeSku(t, acme, { sku: code });
      // Enough for some orders only: the rest wait as backorders, so both paths run through the crash.
      await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: id, ilocId: iloc, delta: { good: 1_500 }, reason: 'received' }]));
    }

    const first = await startServerProcess(clone.url!, { JOB_WORKER: 'on' });
    servers.push(first);
    const send = async (base: string, token: string, b: number) => {
      const res = await fetch(`${base}/api/1.0/orders/batch`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(batchBody(b)),
      });
      if (res.status !== 200) throw new Error(`batch ${b}: ${res.status}`);
      return (await res.json()) as { data: { id?: string; duplicate?: boolean }[] };
    };

    // Two clients, each sending its half of the batches one after another, to the first process.
    let token = await signInTo(first.url);
    const answered = new Set<number>();
    const client = async (batches: number[]) => {
      for (const b of batches) {
        try {
          await send(first.url, token, b);
          answered.add(b);
        } catch {
          return; // the process died under this request: its answer never came
        }
      }
    };
    const clients = Promise.all([client(Array.from({ length: BATCHES / 2 }, (_, i) => 2 * i)), client(Array.from({ length: BATCHES / 2 }, (_, i) => 2 * i + 1))]);

    const imported = () => count(`SELECT count(*)::int AS n FROM orders WHERE tenant_id = '${acme}' AND external_id LIKE 'KILL-%'`);
    for (let i = 0; i < 1200 && (await imported()) < (BATCHES * PER_BATCH) / 3; i++) await sleep(25);
    const atKill = await imported();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(BATCHES * PER_BATCH);
    const exited = new Promise((resolve) => first.proc.once('exit', resolve));
    first.proc.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(first), 1);
    await clients;
    expect(answered.size).toBeLessThan(BATCHES);

    // Every batch without an answer is sent again, to a new process: what had committed comes back as duplicates.
    const second = await startServerProcess(clone.url!, { JOB_WORKER: 'on' });
    servers.push(second);
    token = await signInTo(second.url);
    let duplicates = 0;
    for (let b = 0; b < BATCHES; b++) {
      if (answered.has(b)) continue;
      const res = await send(second.url, token, b);
      expect(res.data).toHaveLength(PER_BATCH);
      expect(res.data.every((r) => typeof r.id === 'string')).toBe(true);
      duplicates += res.data.filter((r) => r.duplicate).length;
    }
    // The batches in flight at the kill: committed in part or whole (their orders answered as duplicates), or not.
    expect(duplicates).toBeLessThanOrEqual(atKill + 2 * PER_BATCH);

    expect(await imported()).toBe(BATCHES * PER_BATCH);
    expect(await count(`SELECT count(DISTINCT external_id)::int AS n FROM orders WHERE tenant_id = '${acme}' AND external_id LIKE 'KILL-%'`)).toBe(BATCHES * PER_BATCH);
    // Every order has all its lines (none half-written by the crash).
    expect(await count(`SELECT count(*)::int AS n FROM orders o WHERE o.tenant_id = '${acme}' AND o.external_id LIKE 'KILL-%'
      AND (SELECT count(*) FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id) <> ${SKUS.length}`)).toBe(0);
    // Every reservation belongs to an open order's allocation and every allocation is reserved.
    const reserved = await count(`SELECT coalesce(sum(qty_reserved), 0)::int AS n FROM inventory_balances WHERE tenant_id = '${acme}'`);
    const allocated = await count(`SELECT coalesce(sum(a.quantity), 0)::int AS n FROM order_allocations a JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id WHERE o.tenant_id = '${acme}' AND o.status IN ('open', 'on_hold')`);
    expect(reserved).toBe(allocated);
    expect(reserved).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM order_allocations a WHERE a.tenant_id = '${acme}'
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.tenant_id = a.tenant_id AND o.id = a.order_id)`)).toBe(0);
    expect(await ledgerViolations(t)).toEqual([]);
  }, 240_000);
});
