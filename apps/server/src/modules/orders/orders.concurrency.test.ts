import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle, DEMO } from '../../test/test-app';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process';
import { openDatabase, type Database } from '../../platform/db/client';
import { balanceOf, ledgerViolations, makeIloc, makeSku, inTenant, tenantIds } from '../inventory/inventory.fixtures';
import { applyMovements } from '../inventory/ledger';
import { sql } from 'drizzle-orm';

// Two real API processes on one PostgreSQL database: only PostgreSQL can show the race (PGlite is one connection).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SERVER_ENV = { DB_POOL_SIZE: '20', RATE_LIMIT_PER_MINUTE: '100000' };

describe('concurrent imports across two API processes (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let t: { database: Database };
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!onPostgres) return;
    clone = await cloneTestDatabase();
    t = { database: await openDatabase({ databaseUrl: clone.url, dataDir: '', appRole: 'omnio_app', poolSize: 5 }) };
    servers.push(...(await Promise.all([startServerProcess(clone.url!, SERVER_ENV), startServerProcess(clone.url!, SERVER_ENV)])));
  }, 180_000);

  afterAll(async () => {
    if (!onPostgres) return;
    await stopServerProcesses(servers);
    await t.database.close();
    await clone.database.close();
    await dropCloneWhenIdle(clone);
  }, 60_000);

  it.skipIf(!onPostgres)('500 concurrent imports competing for 100 units: exactly 100 reserved, the rest backordered, no 5xx, ledger consistent', async () => {
    const { acme } = await tenantIds(t);
    const iloc = await makeIloc(t, acme, 'RACE-ORD');
    await inTenant(t, acme, (tx) => tx.execute(sql`UPDATE ilocs SET priority = 0 WHERE tenant_id = ${acme}::uuid AND id = ${iloc}::uuid`));
    const sku = await makeSku(t, acme, { sku: 'RACE-ORDER-SKU' });
    await inTenant(t, acme, (tx) => applyMovements(tx, acme, [{ skuId: sku, ilocId: iloc, delta: { good: 100 }, reason: 'received' }]));

    const login = await fetch(`${servers[0]!.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, client_id: 'omnio-web', client_secret: 'omnio-web-secret', scopes: '*' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const address = { first_name: 'Ada', address1: '1 Main St', city: 'Austin', zip: '78701', country: 'US' };

    const responses = await Promise.all(Array.from({ length: 500 }, async (_, i) => {
      const res = await fetch(`${servers[i % 2]!.url}/api/1.0/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ external_id: `RACE-${i}`, channel: 'race', shipping_address: address, customer: { email: `racer${i % 7}@example.com` }, lines: [{ sku: 'RACE-ORDER-SKU', quantity: 1, price: '1.00' }] }),
      });
      return { status: res.status, body: (await res.json()) as { data?: { status: string; fulfillment_status: string; lines: { qty_allocated: number; qty_backordered: number }[] } } };
    }));
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const allocated = responses.filter((r) => r.body.data!.lines[0]!.qty_allocated === 1);
    const backordered = responses.filter((r) => r.body.data!.lines[0]!.qty_backordered === 1);
    expect(allocated).toHaveLength(100);
    expect(backordered).toHaveLength(400);
    expect(await balanceOf(t, acme, sku, iloc)).toMatchObject({ good: 100, reserved: 100 });
    const [sums] = await t.database.ownerExec(`
      SELECT count(*)::int AS orders, sum(l.qty_allocated)::int AS allocated, sum(l.qty_backordered)::int AS backordered
      FROM orders o JOIN order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id WHERE o.channel = 'race'`);
    expect(sums).toEqual({ orders: 500, allocated: 100, backordered: 400 });
    // Orders and allocation rows say the same as the lines, whichever way each import reserved.
    const [fulfilment] = await t.database.ownerExec(`
      SELECT count(*) FILTER (WHERE fulfillment_status = 'allocated')::int AS allocated,
        count(*) FILTER (WHERE fulfillment_status = 'backordered')::int AS backordered,
        (SELECT coalesce(sum(a.quantity), 0)::int FROM order_allocations a JOIN orders r ON r.tenant_id = a.tenant_id AND r.id = a.order_id
          WHERE r.channel = 'race') AS allocation_units
      FROM orders WHERE channel = 'race'`);
    expect(fulfilment).toEqual({ allocated: 100, backordered: 400, allocation_units: 100 });
    const [customers] = await t.database.ownerExec(`SELECT count(*)::int AS n FROM customers WHERE email LIKE 'racer%@example.com'`);
    expect(customers).toEqual({ n: 7 });
    expect(await ledgerViolations(t)).toEqual([]);
  }, 120_000);
});
