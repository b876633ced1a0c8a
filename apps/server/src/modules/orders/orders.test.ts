import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_ACTIONS, ORDER_TRANSITIONS, type OrderStatus } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import { balanceOf, inTenant, ledgerViolations, makeSku } from '../inventory/inventory.fixtures';
import { registerBeforeImportOrderHook } from './order-pipeline';
import { act, ADDRESS, createOrder, orderBody, orderWorld, stockedSku, uniq, type Headers, type OrderWorld } from './orders.test-kit';

let t: TestApp;
let acme: Headers;
let globex: Headers;
let world: OrderWorld;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const drain = () => drainJobs(t.runtime, quiet);

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  world = await orderWorld(t);
});
afterAll(() => t.close());

type Order = {
  id: string; number: string; status: string; fulfillment_status: string; error_code: string | null; error_message: string | null;
  allowed_actions: string[]; version: number; hold_until: string | null;
  lines: { sku: string; quantity: number; qty_allocated: number; qty_backordered: number; qty_shipped: number; allocations: { iloc_id: string; quantity: number }[] }[];
};

describe('POST /orders: the import pipeline', () => {
  it('allocates by iloc priority, splits a line across ilocs, reserves through the ledger and numbers the order with the tenant prefix', async () => {
    const sku = await stockedSku(t, world, acme, [3, 5]);
    const res = await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 6, price: '19.90' }]));
    expect(res.statusCode).toBe(201);
    const order = res.json<{ data: Order & { total: string; currency: string } }>().data;
    expect(order.status).toBe('open');
    expect(order.number).toMatch(/^AC-\d+$/);
    expect(order.total).toBe('119.40');
    expect(order.fulfillment_status).toBe('allocated');
    expect(order.lines[0]!.allocations).toEqual([
      expect.objectContaining({ iloc_id: world.ilocs[0], quantity: 3 }),
      expect.objectContaining({ iloc_id: world.ilocs[1], quantity: 3 }),
    ]);
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ good: 3, reserved: 3 });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[1]!)).toMatchObject({ good: 5, reserved: 3 });
    const events = await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${order.id}/events`, headers: acme });
    expect(events.json().data).toEqual([expect.objectContaining({ action: 'create', from_status: null, to_status: 'open' })]);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('backorders what stock cannot fill and keeps it visible on the line; hold and hurt stock are never reserved', async () => {
    const sku = await stockedSku(t, world, acme, [4, 0]);
    await t.app.inject({ method: 'POST', url: '/api/1.0/inventory/adjustments', headers: acme, payload: { adjustments: [
      { sku: sku.code, iloc_id: world.ilocs[1], bucket: 'hold', delta: 5, reason: 'received' },
      { sku: sku.code, iloc_id: world.ilocs[1], bucket: 'hurt', delta: 5, reason: 'damaged' },
    ] } });
    const order = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 10 }]))).json<{ data: Order }>().data;
    expect(order.status).toBe('open');
    expect(order.fulfillment_status).toBe('partially_allocated');
    expect(order.lines[0]).toMatchObject({ qty_allocated: 4, qty_backordered: 6 });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[1]!)).toMatchObject({ hold: 5, hurt: 5, reserved: 0 });
  });

  it('resolves alternative SKUs and packs: a pack of 6 reserves 6 base units', async () => {
    const base = await stockedSku(t, world, acme, [14, 0]);
    const packCode = uniq('PACK6');
    await makeSku(t, world.acme, { sku: packCode, packOf: { skuId: base.id, quantity: 6 } });
    const alias = uniq('ALT');
    await inTenant(t, world.acme, (tx) => tx.execute(sql`INSERT INTO sku_aliases (tenant_id, alias, sku_id) VALUES (${world.acme}::uuid, ${alias}, ${base.id}::uuid)`));
    const order = (await createOrder(t, acme, orderBody([{ sku: packCode, quantity: 2 }, { sku: alias.toLowerCase(), quantity: 2 }]))).json<{ data: Order }>().data;
    expect(order.status).toBe('open');
    expect(order.lines.map((l) => l.qty_allocated)).toEqual([2, 2]);
    expect(await balanceOf(t, world.acme, base.id, world.ilocs[0]!)).toMatchObject({ good: 14, reserved: 14 });
  });

  it('is idempotent on (channel, external id): the same order again answers the existing one and writes nothing', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const body = orderBody([{ sku: sku.code, quantity: 2 }]);
    const first = await createOrder(t, acme, body);
    const orders = await countRows(t, 'orders');
    const again = await createOrder(t, acme, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, data: { id: first.json().data.id, number: first.json().data.number } });
    expect(await countRows(t, 'orders')).toBe(orders);
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 2 });
  });

  it('the same order sent eight times at once is one order, reserved once (on PostgreSQL the losers wait for the winner, undo their work and answer it)', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const body = orderBody([{ sku: sku.code, quantity: 3 }]);
    // A returning buyer: no customer insert queues the eight before they reach the order insert.
    expect((await createOrder(t, acme, { ...orderBody([{ sku: sku.code, quantity: 1 }]), customer: body.customer })).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, () => createOrder(t, acme, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json<{ data: Order }>().data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json<{ duplicate?: boolean }>().duplicate)).toHaveLength(7);
    const [stored] = await t.database.ownerExec(`SELECT count(*)::int AS n FROM orders WHERE external_id = '${body.external_id}'`);
    expect(stored).toEqual({ n: 1 });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ good: 10, reserved: 4 });
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('eight orders at once from one new buyer make one customer, with its address, that all eight orders name', async () => {
    const sku = await stockedSku(t, world, acme, [20, 0]);
    const email = `${uniq('first-time')}@Example.com`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => createOrder(t, acme, {
      ...orderBody([{ sku: sku.code, quantity: 1 }]), customer: { first_name: `Buyer ${i}`, last_name: 'New', email: i % 2 ? email : email.toLowerCase() },
    })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const ids = answers.map((a) => a.json<{ data: Order }>().data.id);
    const customers = await t.database.ownerExec(`SELECT id FROM customers WHERE email_key = '${email.toLowerCase()}'`);
    expect(customers).toHaveLength(1);
    const linked = await t.database.ownerExec(`SELECT DISTINCT customer_id FROM orders WHERE id IN (${ids.map((id) => `'${id}'`).join(',')})`);
    expect(linked).toEqual([{ customer_id: customers[0]!.id }]);
    const [addresses] = await t.database.ownerExec(`SELECT count(*)::int AS n FROM customer_addresses WHERE customer_id = '${customers[0]!.id}'`);
    expect(addresses).toEqual({ n: 1 });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ good: 20, reserved: 8 });
  });

  describe('stock another import takes between planning and reserving (PostgreSQL: a second session)', () => {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const session = async () => {
      const c = new pg.Client({ connectionString: t.url });
      await c.connect();
      await c.query('BEGIN');
      return c;
    };
    /** Until a session (the import) waits for `blocker`'s transaction. */
    const importWaitsFor = async (blocker: pg.Client) => {
      for (let i = 0; i < 400; i++) {
        const { rows } = await blocker.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))');
        if (rows[0]!.n > 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the import never waited');
    };
    /**
     * The other import: the same new customer (the import waits for it near its end, after it planned from
     * the balances) and 3 of the first iloc's units reserved; committed once the import waits.
     */
    const otherImport = async (skuId: string, email: string) => {
      const other = await session();
      await other.query(`INSERT INTO customers (tenant_id, first_name, email) VALUES ($1, 'Other', $2)`, [world.acme, email]);
      await other.query(`UPDATE inventory_balances SET qty_reserved = qty_reserved + 3 WHERE tenant_id = $1 AND sku_id = $2 AND iloc_id = $3`, [world.acme, skuId, world.ilocs[0]]);
      await other.query(`INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_reserved, reason, reference_type, reference_id)
        VALUES ($1, $2, $3, 3, 'reserve', 'order', 'other-import')`, [world.acme, skuId, world.ilocs[0]]);
      return other;
    };
    const expectOutcome = async (res: Awaited<ReturnType<typeof createOrder>>, skuId: string, email: string) => {
      expect(res.statusCode).toBe(201);
      const order = res.json<{ data: Order & { customer_id: string } }>().data;
      // 4 wanted: the first iloc has 2 left, the second its 1, and 1 is backordered
      expect(order.fulfillment_status).toBe('partially_allocated');
      expect(order.lines[0]).toMatchObject({ qty_allocated: 3, qty_backordered: 1 });
      expect(order.lines[0]!.allocations).toEqual(expect.arrayContaining([
        expect.objectContaining({ iloc_id: world.ilocs[0], quantity: 2 }), expect.objectContaining({ iloc_id: world.ilocs[1], quantity: 1 }),
      ]));
      expect(order.lines[0]!.allocations).toHaveLength(2);
      const [customer] = await t.database.ownerExec(`SELECT c.first_name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = '${order.id}'`);
      expect(customer).toEqual({ first_name: 'Other' });
      expect(await t.database.ownerExec(`SELECT count(*)::int AS n FROM customers WHERE email_key = '${email}'`)).toEqual([{ n: 1 }]);
      expect(await balanceOf(t, world.acme, skuId, world.ilocs[0]!)).toMatchObject({ good: 5, reserved: 5 });
      expect(await balanceOf(t, world.acme, skuId, world.ilocs[1]!)).toMatchObject({ good: 1, reserved: 1 });
      expect(await ledgerViolations(t)).toEqual([]);
    };

    it.skipIf(!onPostgres)('the line is allocated again from every iloc, what cannot be filled is backordered, and the order names the customer the other import created', async () => {
      const sku = await stockedSku(t, world, acme, [5, 1]);
      const email = `${uniq('late').toLowerCase()}@example.com`;
      const other = await otherImport(sku.id, email);
      try {
        const pending = createOrder(t, acme, { ...orderBody([{ sku: sku.code, quantity: 4 }]), customer: { first_name: 'Late', email } });
        await importWaitsFor(other);
        await other.query('COMMIT');
        await expectOutcome(await pending, sku.id, email);
      } finally {
        await other.end();
      }
    });

    it.skipIf(!onPostgres)('when a balance the new allocation needs is held by a third import, the import waits for it on the locked path and ends the same', async () => {
      const sku = await stockedSku(t, world, acme, [5, 1]);
      const email = `${uniq('late').toLowerCase()}@example.com`;
      const other = await otherImport(sku.id, email);
      const third = await session();
      try {
        await third.query(`SELECT 1 FROM inventory_balances WHERE tenant_id = $1 AND sku_id = $2 AND iloc_id = $3 FOR UPDATE`, [world.acme, sku.id, world.ilocs[1]]);
        const pending = createOrder(t, acme, { ...orderBody([{ sku: sku.code, quantity: 4 }]), customer: { first_name: 'Late', email } });
        await importWaitsFor(other);
        await other.query('COMMIT');
        await importWaitsFor(third);
        await third.query('COMMIT');
        await expectOutcome(await pending, sku.id, email);
      } finally {
        await other.end();
        await third.end();
      }
    });
  });

  const problem = async (body: object) => (await createOrder(t, acme, body)).json<{ data: Order }>().data;

  it('keeps failing orders in error with the spec 8 codes and a human message', async () => {
    const sku = await stockedSku(t, world, acme, [50, 0]);
    const ok = [{ sku: sku.code, quantity: 1 }];
    expect(await problem(orderBody([]))).toMatchObject({ status: 'error', error_code: 'skus_empty' });
    expect(await problem(orderBody([{ sku: 'NOPE-404', quantity: 1 }]))).toMatchObject({ status: 'error', error_code: 'sku_not_found', error_message: 'SKU not found: NOPE-404' });
    expect(await problem(orderBody([{ sku: sku.code, quantity: 0 }]))).toMatchObject({ error_code: 'skus_invalid' });
    expect(await problem(orderBody([{ sku: "BAD'SKU", quantity: 1 }]))).toMatchObject({ error_code: 'skus_invalid' });
    expect(await problem(orderBody([{ sku: sku.code, quantity: 1.5 }]))).toMatchObject({ error_code: 'skus_invalid' });
    const incomplete = await problem(orderBody(ok, { shipping_address: { ...ADDRESS, zip: '', city: undefined } }));
    expect(incomplete).toMatchObject({ error_code: 'customer_incomplete' });
    expect(incomplete.error_message).toContain('city, zip');
    expect(await problem(orderBody(ok, { ship_method: 'teleport' }))).toMatchObject({ error_code: 'ship_method' });
    expect(await problem(orderBody(ok, { ship_carrier: 'owl-post' }))).toMatchObject({ error_code: 'ship_carrier' });
    expect(await problem(orderBody([{ ...ok[0]!, shipping_address: { ...ADDRESS, address1: '9 Elsewhere Rd' } }] as never))).toMatchObject({ error_code: 'multi_addresses' });
    // Nothing was reserved for any of them.
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 0 });
  });

  it('ship_method_unassignable: a SKU whose package ships only by another method', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const pkg = await t.app.inject({ method: 'POST', url: '/api/1.0/packages', headers: acme, payload: { name: uniq('Crate'), ship_methods: ['express'], sku_ids: [sku.id] } });
    expect(pkg.statusCode).toBe(201);
    expect(await problem(orderBody([{ sku: sku.code, quantity: 1 }], { ship_method: 'standard' }))).toMatchObject({ error_code: 'ship_method_unassignable' });
    expect(await problem(orderBody([{ sku: sku.code, quantity: 1 }], { ship_method: 'express' }))).toMatchObject({ status: 'open' });
  });

  it('rule_general_error: a before-import hook that fails keeps the order in error; the hook seam can also change the order', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const remove = registerBeforeImportOrderHook(async (order) => {
      if (order.notes === 'explode') throw new Error('rule 7 crashed');
      if (order.notes === 'express please') return { ...order, ship_method: 'express' };
    });
    try {
      expect(await problem(orderBody([{ sku: sku.code, quantity: 1 }], { notes: 'explode' }))).toMatchObject({ error_code: 'rule_general_error', error_message: 'A rule failed: rule 7 crashed' });
      const changed = await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 1 }], { notes: 'express please' }));
      expect(changed.json().data).toMatchObject({ status: 'open', ship_method: 'express' });
    } finally {
      remove();
    }
  });

  it('retry re-runs the pipeline after the seller fixed the cause', async () => {
    const code = uniq('LATER');
    const order = await problem(orderBody([{ sku: code, quantity: 2 }]));
    expect(order.error_code).toBe('sku_not_found');
    expect((await act(t, acme, order.id, 'retry')).json().data).toMatchObject({ status: 'error', error_code: 'sku_not_found' });
    await stockedSku(t, world, acme, [5, 0], code);
    const fixed = (await act(t, acme, order.id, 'retry')).json<{ data: Order }>().data;
    expect(fixed).toMatchObject({ status: 'open', error_code: null, fulfillment_status: 'allocated' });
    const events = (await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${order.id}/events`, headers: acme })).json().data;
    expect(events.map((e: { action: string; to_status: string }) => `${e.action}:${e.to_status}`)).toEqual(['create:error', 'retry:error', 'retry:open']);
  });

  it("numbers orders with the tenant's prefix (spec 5: XY-) and allocates by the ilocs' priority as the seller sets them", async () => {
    const owner = await t.as('owner');
    const bad = await t.app.inject({ method: 'PUT', url: `/api/1.0/companies/${world.acme}`, headers: owner, payload: { order_prefix: 'ACM' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('order_prefix');
    const set = await t.app.inject({ method: 'PUT', url: `/api/1.0/companies/${world.acme}`, headers: owner, payload: { order_prefix: 'zq-' } });
    expect(set.json().data.order_prefix).toBe('ZQ-');
    // The second iloc first now.
    const moved = await t.app.inject({ method: 'PUT', url: `/api/1.0/tenants/${world.acme}/ilocs/${world.ilocs[1]}`, headers: acme, payload: { priority: 0 } });
    expect(moved.json().data.priority).toBe(0);
    try {
      const sku = await stockedSku(t, world, acme, [5, 5]);
      const order = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 2 }]))).json<{ data: Order }>().data;
      expect(order.number).toMatch(/^ZQ-\d+$/);
      expect(order.lines[0]!.allocations).toEqual([expect.objectContaining({ iloc_id: world.ilocs[1], quantity: 2 })]);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/1.0/companies/${world.acme}`, headers: owner, payload: { order_prefix: null } });
      await t.app.inject({ method: 'PUT', url: `/api/1.0/tenants/${world.acme}/ilocs/${world.ilocs[1]}`, headers: acme, payload: { priority: 2 } });
    }
  });

  it("takes numbers from the company's own sequence: increasing in a batch, continuing after a raised floor; a new company starts at 1001", async () => {
    const sku = await stockedSku(t, world, acme, [20]);
    const batch = await t.app.inject({
      method: 'POST', url: '/api/1.0/orders/batch', headers: acme,
      payload: { orders: [1, 2, 3].map(() => orderBody([{ sku: sku.code, quantity: 1 }])) },
    });
    const numbers = batch.json<{ data: { number: string }[] }>().data.map((r) => Number(r.number.slice(3)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(3);
    // A history loaded from elsewhere ends at 90,000: the next order comes after it, and the floor never goes down.
    await t.database.ownerExec(`SELECT raise_order_number_floor('${world.acme}', 90000)`);
    await t.database.ownerExec(`SELECT raise_order_number_floor('${world.acme}', 10)`);
    const next = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 1 }]))).json<{ data: Order }>().data;
    expect(next.number).toBe('AC-90001');

    const [made] = await t.database.ownerExec(`INSERT INTO companies (name, schema_suffix) VALUES ('Sequence Test', '${uniq('seq')}') RETURNING id`);
    const sequence = `order_number_${String(made!.id).replaceAll('-', '')}`;
    expect(await t.database.ownerExec(`SELECT last_value::int, is_called FROM ${sequence}`)).toEqual([{ last_value: 1001, is_called: false }]);
    await t.database.ownerExec(`DELETE FROM companies WHERE id = '${String(made!.id)}'`);
    expect(await t.database.ownerExec(`SELECT to_regclass('${sequence}') IS NULL AS gone`)).toEqual([{ gone: true }]);
  });

  it('refuses wrong types with 422 and writes nothing', async () => {
    const before = await countRows(t, 'orders');
    for (const body of [
      { lines: 'nope' },
      { lines: [{ sku: 'X', quantity: '2' }] },
      { lines: [{ sku: 'X', quantity: 1, price: '1.999' }] },
      { lines: [], hold_until: 'tomorrow' },
      { lines: [], surprise: true },
      { lines: [], currency: 'EURO' },
    ]) {
      const res = await createOrder(t, acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
    expect(await countRows(t, 'orders')).toBe(before);
  });
});

describe('the order lifecycle', () => {
  /** An order in each status, made the way a seller would get there. */
  async function orderIn(status: OrderStatus): Promise<string> {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const body = orderBody([{ sku: status === 'error' ? 'MISSING-SKU' : sku.code, quantity: 1 }], status === 'draft' ? { status: 'draft' } : {});
    const id = (await createOrder(t, acme, body)).json().data.id as string;
    if (status === 'on_hold') expect((await act(t, acme, id, 'hold', {})).statusCode).toBe(200);
    if (status === 'closed') expect((await act(t, acme, id, 'close')).statusCode).toBe(200);
    if (status === 'cancelled') expect((await act(t, acme, id, 'cancel')).statusCode).toBe(200);
    const now = (await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${id}`, headers: acme })).json().data.status;
    expect(now).toBe(status);
    return id;
  }

  const statuses = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];
  for (const status of statuses) {
    it(`${status}: every action the table allows succeeds, every other one is 409 INVALID_TRANSITION`, async () => {
      for (const action of ORDER_ACTIONS.filter((a) => a !== 'edit')) {
        const id = await orderIn(status);
        const res = await act(t, acme, id, action, action === 'hold' ? {} : undefined);
        const expected = ORDER_TRANSITIONS[status][action];
        if (expected) {
          expect(res.statusCode, `${status} ${action}: ${res.body}`).toBe(action === 'clone' ? 201 : 200);
          const after = res.json().data as Order;
          if (action === 'clone') expect(after).toMatchObject({ status: 'draft' });
          else if (['submit', 'retry', 'release'].includes(action)) expect(['open', 'error']).toContain(after.status);
          else expect(after.status, `${status} ${action}`).toBe(expected);
        } else {
          expect(res.statusCode, `${status} ${action}`).toBe(409);
          expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: status, action });
        }
      }
    });
  }

  it('allowed_actions follow the status: a closed order offers only reopen', async () => {
    const id = await orderIn('closed');
    const order = (await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${id}`, headers: acme })).json().data;
    expect(order.allowed_actions).toEqual(['reopen']);
  });

  it('cancel and close give the reservation back; reopen reserves again', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const id = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 4 }]))).json().data.id;
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 4 });
    await act(t, acme, id, 'close');
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 0 });
    expect((await act(t, acme, id, 'reopen')).json().data).toMatchObject({ status: 'open', fulfillment_status: 'allocated' });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 4 });
    await act(t, acme, id, 'cancel');
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ good: 5, reserved: 0 });
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('mark-shipped consumes the reservation and closes the order', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const id = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 2 }]))).json().data.id;
    const res = await act(t, acme, id, 'mark-shipped');
    expect(res.json().data).toMatchObject({ status: 'closed', fulfillment_status: 'shipped' });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ good: 3, reserved: 0 });
  });

  it('a hold with a date releases itself when the date comes (scheduled job)', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const id = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 1 }]))).json().data.id;
    const until = new Date(Date.now() + 1500).toISOString();
    const held = await act(t, acme, id, 'hold', { hold_until: until });
    expect(held.json().data).toMatchObject({ status: 'on_hold', hold_until: until });
    await drain();
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${id}`, headers: acme })).json().data.status).toBe('on_hold');
    // A real wait: the hold date must come for its release job to be due (startAfter = hold_until).
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(until) - Date.now()) + 200));
    await drain();
    const after = (await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${id}?include=events`, headers: acme })).json().data;
    expect(after.status).toBe('open');
    expect(after.events.at(-1)).toMatchObject({ action: 'release', from_status: 'on_hold', to_status: 'open', user: null });
  });

  it('a hold date in the past is refused with 422', async () => {
    const id = await orderIn('open');
    const res = await act(t, acme, id, 'hold', { hold_until: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('hold_until');
  });

  it('bulk cancel answers 202, runs as a job and skips cancelled, closed and error orders', async () => {
    const open = await orderIn('open');
    const held = await orderIn('on_hold');
    const closed = await orderIn('closed');
    const error = await orderIn('error');
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/bulk-cancel', headers: acme, payload: { ids: [open, held, closed, error] } });
    expect(res.statusCode).toBe(202);
    const jobId = res.json().data.job_id;
    expect(res.json().data.status).toBe('PENDING');
    await drain();
    const job = (await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${jobId}`, headers: acme })).json().data;
    expect(job).toMatchObject({ status: 'COMPLETED', progress: 100, result: { cancelled: 2 } });
    expect(job.result.skipped.map((s: { id: string }) => s.id).sort()).toEqual([closed, error].sort());
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${jobId}`, headers: globex })).statusCode).toBe(404);
  });

  it('bulk hold and release report what they skipped', async () => {
    const open = await orderIn('open');
    const closed = await orderIn('closed');
    const hold = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/bulk-hold', headers: acme, payload: { ids: [open, closed] } });
    expect(hold.json().data).toMatchObject({ updated: [open], skipped: [expect.objectContaining({ id: closed })] });
    const release = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/bulk-release', headers: acme, payload: { ids: [open] } });
    expect(release.json().data.updated).toEqual([open]);
  });

  it('PUT edits the lines, re-allocates, and refuses a stale version with 409 CONFLICT', async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const order = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 1 }]))).json<{ data: Order }>().data;
    const body = { customer: { first_name: 'Ada' }, shipping_address: ADDRESS, lines: [{ sku: sku.code, quantity: 3, price: '5.00' }], version: order.version };
    const edited = await t.app.inject({ method: 'PUT', url: `/api/1.0/orders/${order.id}`, headers: acme, payload: body });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'open', total: '15.00', lines: [expect.objectContaining({ quantity: 3, qty_allocated: 3 })] });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 3 });
    const stale = await t.app.inject({ method: 'PUT', url: `/api/1.0/orders/${order.id}`, headers: acme, payload: body });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
  });
});

describe('batch, CSV, lists', () => {
  it('POST /orders/batch answers one result per order; an invalid order does not stop the others', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const good = orderBody([{ sku: sku.code, quantity: 1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/batch', headers: acme, payload: { orders: [
      good, { lines: 'bad' }, orderBody([{ sku: 'NOPE', quantity: 1 }]), good,
    ] } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(4);
    expect(data[0]).toMatchObject({ index: 0, status: 'open', duplicate: false });
    expect(data[1]).toMatchObject({ index: 1, errors: { lines: expect.any(Array) } });
    expect(data[2]).toMatchObject({ index: 2, status: 'error', error_code: 'sku_not_found' });
    expect(data[3]).toMatchObject({ index: 3, id: data[0].id, duplicate: true });
    expect(await balanceOf(t, world.acme, sku.id, world.ilocs[0]!)).toMatchObject({ reserved: 1 });
  });

  it('CSV import: 202, then a per-row report; good orders land, a bad row leaves its whole order out', async () => {
    const sku = await stockedSku(t, world, acme, [10, 0]);
    const a = uniq('CSV');
    const b = uniq('CSV');
    const c = uniq('CSV');
    const csv = [
      'external_id,first_name,last_name,email,address1,city,zip,country,sku,quantity,price',
      `${a},Ada,Lovelace,ada@example.com,1 Main St,Austin,78701,US,${sku.code},2,9.50`,
      `${a},Ada,Lovelace,ada@example.com,1 Main St,Austin,78701,US,${sku.code},1,9.50`,
      `${b},Bob,Byte,bob@example.com,2 Side St,Dallas,75001,US,${sku.code},two,9.50`,
      `${c},Cy,Code,cy@example.com,3 Road,Waco,,US,${sku.code},1,1.00`,
    ].join('\n');
    const boundary = '----omnio';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const before = await countRows(t, 'jobs');
    const asJson = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/import', headers: acme, payload: { file: csv } });
    expect(asJson.statusCode, asJson.body).toBe(415);
    expect(asJson.json()).toEqual({ message: 'Send the file as multipart/form-data' });
    expect(await countRows(t, 'jobs')).toBe(before);
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/import', headers: { ...acme, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(202);
    await drain();
    const job = (await t.app.inject({ method: 'GET', url: `/api/1.0/jobs/${res.json().data.job_id}`, headers: acme })).json().data;
    expect(job.status).toBe('COMPLETED');
    expect(job.result).toMatchObject({ created: 2, duplicates: 0, failed: 1 });
    expect(job.result.errors).toEqual([
      expect.objectContaining({ line: 4, external_id: b, message: 'quantity must be a whole number' }),
      expect.objectContaining({ line: 5, external_id: c, message: expect.stringContaining('customer_incomplete') }),
    ]);
    const list = await t.app.inject({ method: 'GET', url: `/api/1.0/orders?search=external_id:${a}`, headers: acme });
    expect(list.json().data).toEqual([expect.objectContaining({ unit_count: 3, channel: 'csv', status: 'open' })]);
  });

  it('lists with status search, filters and counts for the tabs', async () => {
    const id = (await createOrder(t, acme, orderBody([{ sku: 'NO-SUCH', quantity: 1 }]))).json().data.id;
    const list = await t.app.inject({ method: 'GET', url: '/api/1.0/orders?search=status:error&per_page=500', headers: acme });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((o: { id: string }) => o.id)).toContain(id);
    expect(list.json().data.every((o: { status: string }) => o.status === 'error')).toBe(true);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'created_at', operator: 'between', value: ['2000-01-01', '2999-01-01'] }]));
    const counts = (await t.app.inject({ method: 'GET', url: `/api/1.0/orders/counts?filters=${filters}`, headers: acme })).json().data;
    expect(counts.error).toBeGreaterThanOrEqual(1);
    expect(counts.all).toBe(Object.entries(counts).filter(([k]) => k !== 'all').reduce((s, [, n]) => s + (n as number), 0));
    const bad = await t.app.inject({ method: 'GET', url: '/api/1.0/orders?order_by=secret', headers: acme });
    expect(bad.statusCode).toBe(422);
    for (const f of [[{ field: 'created_at', operator: 'gte', value: 'yesterday' }], [{ field: 'created_at', operator: 'between', value: ['2026-13-45', '2027-01-01'] }]]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/1.0/orders?filters=${encodeURIComponent(JSON.stringify(f))}`, headers: acme });
      expect(res.statusCode, JSON.stringify(f)).toBe(422);
    }
    // Any list with a timestamp filter (the shared list helper), e.g. categories.
    const since = encodeURIComponent(JSON.stringify([{ field: 'created_at', operator: 'gte', value: '2020-01-01' }]));
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/categories?filters=${since}`, headers: acme })).statusCode).toBe(200);
  });
});

describe('tenancy and permissions', () => {
  it("another tenant's order is 404 for every verb, and nothing changes", async () => {
    const sku = await stockedSku(t, world, acme, [5, 0]);
    const id = (await createOrder(t, acme, orderBody([{ sku: sku.code, quantity: 1 }]))).json().data.id;
    for (const [method, url] of [['GET', `/api/1.0/orders/${id}`], ['GET', `/api/1.0/orders/${id}/events`], ['POST', `/api/1.0/orders/${id}/cancel`], ['POST', `/api/1.0/orders/${id}/hold`]] as const) {
      const res = await t.app.inject({ method, url, headers: globex, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
    const put = await t.app.inject({ method: 'PUT', url: `/api/1.0/orders/${id}`, headers: globex, payload: { lines: [] } });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/orders?per_page=500', headers: globex })).json().data.map((o: { id: string }) => o.id)).not.toContain(id);
    expect((await t.app.inject({ method: 'GET', url: `/api/1.0/orders/${id}`, headers: acme })).json().data.status).toBe('open');
  });

  it('a supplier user cannot read or create orders (403)', async () => {
    const supplier = await t.as('acmeSupplier');
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/orders', headers: supplier })).statusCode).toBe(403);
    expect((await createOrder(t, supplier, orderBody([]))).statusCode).toBe(403);
  });

  it('a user without update-order cannot cancel (403), one without read-order cannot list', async () => {
    const { acme: tenantId } = world;
    const [user] = await t.database.ownerExec(`SELECT u.id FROM users u WHERE u.email = 'tenant@acme.test'`);
    const id = (await createOrder(t, acme, orderBody([{ sku: 'X-1', quantity: 1 }]))).json().data.id;
    await t.database.ownerExec(`DELETE FROM user_permissions WHERE user_id = '${user!.id}' AND permission_id IN (SELECT id FROM permissions WHERE name IN ('update-order', 'read-order'))`);
    try {
      t.runtime.principals.clear();
      expect((await act(t, acme, id, 'cancel')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/1.0/orders', headers: acme })).statusCode).toBe(403);
    } finally {
      await t.database.ownerExec(`INSERT INTO user_permissions (user_id, permission_id) SELECT '${user!.id}', id FROM permissions WHERE name IN ('update-order', 'read-order') ON CONFLICT DO NOTHING`);
      t.runtime.principals.clear();
      expect(tenantId).toBeTruthy();
    }
  });
});
