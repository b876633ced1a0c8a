import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type {
  DashboardByChannelDto, DashboardByCountryDto, DashboardByIlocDto, DashboardByStatusDto, DashboardLateShipmentsDto, DashboardLowStockDto,
  DashboardSalesDto, DashboardTopSkusDto,
} from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import { inTenant } from '../inventory/inventory.fixtures';
import { act, ADDRESS, createOrder, orderBody, orderWorld, stockedSku, type Headers, type OrderWorld } from '../orders/orders.test-kit';
import { topSkus } from './dashboard-top-skus';
import { foldDashboard } from './dashboard.jobs';
import { linkedTotal, rollupsAndRecounts, topSkuFigures, topSkusRecount } from './dashboard.test-kit';

/**
 * The dashboard's cards on a known set of orders placed in March 2001 (a late edit of created_at moves them
 * there, away from the demo seed's orders), each figure against the list its link opens, and who may read them.
 */

let t: TestApp;
let acme: Headers;
let globex: Headers;
let world: OrderWorld;
const RANGE = 'range=custom&from=2001-03-01&to=2001-03-31';
const ids: Record<string, string> = {};
let skuA: { code: string; id: string };
let skuB: { code: string; id: string };

async function card<T>(path: string, headers: Headers = acme): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `/api/1.0/dashboard/${path}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

async function place(name: string, body: object): Promise<void> {
  const res = await createOrder(t, acme, body);
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = res.json<{ data: { id: string } }>().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  world = await orderWorld(t);
  skuA = await stockedSku(t, world, acme, [10, 0]);
  skuB = await stockedSku(t, world, acme, [0, 10]);
  await place('o1', orderBody([{ sku: skuA.code, quantity: 2, price: '10.00' }], { deliver_by: '2001-04-01' }));
  await place('o2', orderBody([{ sku: skuA.code, quantity: 1, price: '15.00' }, { sku: skuB.code, quantity: 3, price: '5.00' }],
    { channel: 'web', shipping_address: { ...ADDRESS, country: 'de' } }));
  // No country: the import leaves it in error (customer_incomplete), which still counts as a sale.
  const { country: _c, ...noCountry } = ADDRESS;
  await place('o3', orderBody([{ sku: skuB.code, quantity: 1, price: '7.00' }], { shipping_address: noCountry }));
  await place('o4', orderBody([{ sku: skuA.code, quantity: 1, price: '9.00' }]));
  await place('o5', orderBody([{ sku: skuA.code, quantity: 1, price: '50.00' }], { currency: 'EUR' }));
  expect((await act(t, acme, ids.o4!, 'cancel')).statusCode).toBe(200);
  await t.database.ownerExec(`
    UPDATE orders SET created_at = '2001-03-05T10:00:00Z' WHERE id IN ('${ids.o1}', '${ids.o2}');
    UPDATE orders SET created_at = '2001-03-06T23:59:00Z' WHERE id IN ('${ids.o3}', '${ids.o4}', '${ids.o5}');`);
});
afterAll(() => t.close());

describe('dashboard cards', () => {
  it('sales: totals, the day series and the change against an empty previous period, in the main currency', async () => {
    const s = await card<DashboardSalesDto>(`sales?${RANGE}`);
    expect(s.period).toEqual({ from: '2001-03-01', to: '2001-03-31' });
    expect(s.comparison).toEqual({ from: '2001-01-29', to: '2001-02-28' });
    expect(s.currency).toBe('USD');
    expect(s.currencies).toEqual(['EUR', 'USD']);
    expect(s.totals).toEqual({ revenue: '57.00', orders: 3, units: 7, average_order_value: '19.00' });
    expect(s.previous).toEqual({ revenue: '0.00', orders: 0, units: 0, average_order_value: '0.00' });
    expect(s.change).toEqual({ revenue: null, orders: null, units: null, average_order_value: null });
    expect(s.by_day).toHaveLength(31);
    expect(s.by_day[4]).toMatchObject({ date: '2001-03-05', revenue: '50.00', orders: 2, units: 6, previous_revenue: '0.00' });
    expect(s.by_day[5]).toMatchObject({ date: '2001-03-06', revenue: '7.00', orders: 1, units: 1 });
    expect(await linkedTotal(t, acme, s.link)).toBe(3);
    expect(await linkedTotal(t, acme, s.by_day[4]!.link)).toBe(2);

    const eur = await card<DashboardSalesDto>(`sales?${RANGE}&currency=eur`);
    expect(eur.totals).toEqual({ revenue: '50.00', orders: 1, units: 1, average_order_value: '50.00' });
    expect(await linkedTotal(t, acme, eur.link)).toBe(1);
  });

  it('compares with the previous year and reports the change as a fraction', async () => {
    const s = await card<DashboardSalesDto>('sales?range=custom&from=2002-03-01&to=2002-03-31&compare=previous_year');
    expect(s.comparison).toEqual({ from: '2001-03-01', to: '2001-03-31' });
    expect(s.previous).toMatchObject({ revenue: '57.00', orders: 3 });
    expect(s.change.orders).toBe(-1);
    expect(s.by_day[4]!.previous_revenue).toBe('50.00');
  });

  it('orders by status lists every status; each count is its list total', async () => {
    const s = await card<DashboardByStatusDto>(`orders-by-status?${RANGE}`);
    const by = Object.fromEntries(s.rows.map((r) => [r.status, r]));
    expect(s.rows.map((r) => r.status)).toEqual(['draft', 'on_hold', 'open', 'closed', 'error', 'cancelled']);
    expect(by.open).toMatchObject({ orders: 2, revenue: '50.00' });
    expect(by.error).toMatchObject({ orders: 1, revenue: '7.00' });
    expect(by.cancelled).toMatchObject({ orders: 1, revenue: '9.00' });
    for (const r of s.rows) expect(await linkedTotal(t, acme, r.link)).toBe(r.orders);
  });

  it('orders by channel and by country (no country is a row of its own) reconcile with their lists', async () => {
    const ch = await card<DashboardByChannelDto>(`orders-by-channel?${RANGE}`);
    expect(ch.rows.map((r) => [r.channel, r.orders, r.revenue])).toEqual([['manual', 2, '27.00'], ['web', 1, '30.00']]);
    for (const r of ch.rows) expect(await linkedTotal(t, acme, r.link)).toBe(r.orders);
    const co = await card<DashboardByCountryDto>(`orders-by-country?${RANGE}`);
    expect(co.rows.map((r) => [r.country, r.orders, r.revenue])).toEqual([['DE', 1, '30.00'], ['US', 1, '20.00'], [null, 1, '7.00']]);
    for (const r of co.rows) expect(await linkedTotal(t, acme, r.link)).toBe(r.orders);
  });

  it('orders by fulfilment iloc count the orders with units allocated there', async () => {
    const s = await card<DashboardByIlocDto>(`orders-by-iloc?${RANGE}`);
    const [w1, w2] = world.ilocs;
    expect(s.rows.find((r) => r.iloc_id === w1)).toMatchObject({ orders: 3, units: 4 });
    expect(s.rows.find((r) => r.iloc_id === w2)).toMatchObject({ orders: 1, units: 3 });
    for (const r of s.rows) expect(await linkedTotal(t, acme, r.link)).toBe(r.orders);
  });

  it('top SKUs by units sold, with revenue', async () => {
    const s = await card<DashboardTopSkusDto>(`top-skus?${RANGE}`);
    expect(s.rows.map((r) => [r.sku, r.units, r.revenue])).toEqual([[skuB.code, 4, '22.00'], [skuA.code, 3, '35.00']]);
    expect(await linkedTotal(t, acme, s.rows[0]!.link)).toBe(2);
  });

  it('late shipments: past deliver-by and unshipped, counted like the list', async () => {
    const s = await card<DashboardLateShipmentsDto>('late-shipments');
    expect(s.count).toBeGreaterThanOrEqual(1);
    expect(await linkedTotal(t, acme, s.link!)).toBe(s.count);
    const csv = await t.app.inject({ method: 'GET', url: '/api/1.0/dashboard/late-shipments/export', headers: acme });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('number,deliver_by,status,fulfillment_status');
    expect(csv.body).toContain('2001-04-01');
    // Shipped, it is no longer late.
    expect((await act(t, acme, ids.o1!, 'mark-shipped')).statusCode).toBe(200);
    const after = await card<DashboardLateShipmentsDto>('late-shipments');
    expect(after.count).toBe(s.count - 1);
    expect(await linkedTotal(t, acme, after.link!)).toBe(after.count);
  });

  it('low stock: available under the reorder point, each row opening its inventory row', async () => {
    await inTenant(t, world.acme, (tx) => tx.execute(sql`
      INSERT INTO reorder_points (tenant_id, sku_id, iloc_id, reorder_point) VALUES (${world.acme}, ${skuB.id}, ${world.ilocs[1]}, 100)`));
    const s = await card<DashboardLowStockDto>('low-stock');
    const row = s.rows.find((r) => r.sku_id === skuB.id)!;
    expect(row).toMatchObject({ iloc_id: world.ilocs[1], reorder_point: 100, available: 7 });
    expect(s.count).toBeGreaterThanOrEqual(1);
    const inv = await t.app.inject({ method: 'GET', url: `/api/1.0/inventory?search=${encodeURIComponent(row.link.search!)}`, headers: acme });
    expect(inv.json<{ data: { sku: string; qty_available: number }[] }>().data).toEqual([expect.objectContaining({ sku: skuB.code, qty_available: 7 })]);
    expect(await card<DashboardLowStockDto>('low-stock', globex)).toMatchObject({ count: 0, rows: [] });
  });

  it('a late edit, a cancel and a delete move every card, folded or not', async () => {
    await inTenant(t, world.acme, (tx) => foldDashboard(tx));
    await t.database.ownerExec(`UPDATE orders SET total = total + 100 WHERE id = '${ids.o2}'`);
    expect((await act(t, acme, ids.o3!, 'cancel')).statusCode).toBe(200);
    let s = await card<DashboardSalesDto>(`sales?${RANGE}&currency=USD`);
    expect(s.totals).toMatchObject({ revenue: '150.00', orders: 2 });
    await t.database.ownerExec(`DELETE FROM orders WHERE id = '${ids.o2}'`);
    s = await card<DashboardSalesDto>(`sales?${RANGE}&currency=USD`);
    expect(s.totals).toMatchObject({ revenue: '20.00', orders: 1, units: 2 });
    const skus = await card<DashboardTopSkusDto>(`top-skus?${RANGE}&currency=USD`);
    expect(skus.rows.map((r) => [r.sku, r.units])).toEqual([[skuA.code, 2]]);
    await inTenant(t, world.acme, (tx) => foldDashboard(tx));
    expect((await card<DashboardSalesDto>(`sales?${RANGE}&currency=USD`)).totals).toEqual(s.totals);
    const { rollups, recounts } = await rollupsAndRecounts(t);
    expect(rollups).toEqual(recounts);
  });

  it('opening the dashboard with changes waiting starts the fold job, which empties the deltas and changes no figure', async () => {
    await t.database.ownerExec(`UPDATE orders SET total = total + 1 WHERE id = '${ids.o5}'`);
    const pending = () => t.database.ownerExec(`SELECT count(*)::int AS n FROM dashboard_order_days_delta WHERE tenant_id = '${world.acme}'`);
    expect((await pending())[0]!.n).toBeGreaterThan(0);
    const before = await card<DashboardSalesDto>(`sales?${RANGE}&currency=EUR`);
    const jobs = await t.database.ownerExec(`SELECT count(*)::int AS n FROM jobs WHERE tenant_id = '${world.acme}' AND kind = 'dashboard.fold' AND status = 'PENDING'`);
    expect(jobs[0]!.n).toBe(1);
    await drainJobs(t.runtime, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    expect((await pending())[0]!.n).toBe(0);
    expect(await card<DashboardSalesDto>(`sales?${RANGE}&currency=EUR`)).toEqual(before);
  });

  it('every card exports CSV', async () => {
    for (const c of ['sales', 'orders-by-status', 'orders-by-channel', 'orders-by-country', 'orders-by-iloc', 'top-skus', 'low-stock']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/1.0/dashboard/${c}/export?${RANGE}`, headers: acme });
      expect(res.statusCode, c).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="dashboard-${c}.csv"`);
    }
    const sales = await t.app.inject({ method: 'GET', url: `/api/1.0/dashboard/sales/export?${RANGE}`, headers: acme });
    expect(sales.body.split('\n')).toHaveLength(33); // header, 31 days, the final newline
  });
});

describe('top SKUs through the cache (limit 3, a cache of 4 SKUs)', () => {
  // Orders of June 2001, apart from the other tests' March ones. SKU i first sells (7 - i) * 10 units.
  const JUNE = { from: '2001-06-01', to: '2001-06-30' };
  const junk: { code: string; id: string }[] = [];
  const orderOf: string[] = [];
  const fold = () => inTenant(t, world.acme, (tx) => foldDashboard(tx));
  const read = (limit: number | null = 3) => inTenant(t, world.acme, (tx) => topSkus(tx, world.acme, JUNE, 'USD', limit, { cacheSize: 4 }));
  const recount = (limit: number | null = 3) => topSkusRecount(t, world.acme, JUNE.from, JUNE.to, 'USD', limit);
  async function sell(sku: number, quantity: number): Promise<string> {
    const res = await createOrder(t, acme, orderBody([{ sku: junk[sku]!.code, quantity, price: '2.00' }]));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: string } }>().data.id;
    await t.database.ownerExec(`UPDATE orders SET created_at = '2001-06-10T12:00:00Z' WHERE id = '${id}'`);
    return id;
  }
  /** A read equals the recount, and came the way expected. */
  async function expectRead(source: 'cache' | 'recount', limit: number | null = 3) {
    const want = await recount(limit);
    const got = await read(limit);
    expect(topSkuFigures(got.rows), got.source).toEqual(want);
    expect(got.source).toBe(source);
    return want;
  }
  const cacheOf = async () => (await t.database.ownerExec(`
    SELECT id::text AS id, threshold_units::int AS threshold_units, slack_units::int AS slack_units FROM dashboard_top_sku_caches
    WHERE tenant_id = '${world.acme}' AND date_from = '${JUNE.from}' AND date_to = '${JUNE.to}' AND currency = 'USD'`))[0];

  beforeAll(async () => {
    for (let i = 0; i < 7; i++) junk.push(await stockedSku(t, world, acme, [500, 0]));
    for (let i = 0; i < 7; i++) orderOf.push(await sell(i, (7 - i) * 10));
    await fold();
  });

  it('builds on the first read, then answers from the cache', async () => {
    await expectRead('recount');
    expect(await cacheOf()).toMatchObject({ threshold_units: 30, slack_units: 0 });
    const top = await expectRead('cache');
    expect(top.map((r) => r.units)).toEqual([70, 60, 50]);
  });

  it('an outside SKU overtaking through pending deltas forces the recount; folded, the raised bound forces a rebuild', async () => {
    await sell(6, 100); // SKU 6 (10 units, outside the cache) to 110, pending
    expect((await expectRead('recount'))[0]!.sku_id).toBe(junk[6]!.id);
    await fold(); // folded outside the cache: the bound rises by 100
    expect(await cacheOf()).toMatchObject({ slack_units: 100 });
    await expectRead('recount'); // and rebuilt: SKU 6 is in the cache now
    expect(await cacheOf()).toMatchObject({ threshold_units: 40, slack_units: 0 });
    await expectRead('cache');
  });

  it('a cancel moves a cached SKU exactly, pending and folded; one with nothing left drops out', async () => {
    expect((await act(t, acme, orderOf[0]!, 'cancel')).statusCode).toBe(200); // SKU 0's 70 units gone
    let top = await expectRead('cache');
    expect(top.map((r) => r.sku_id)).not.toContain(junk[0]!.id);
    await fold(); // the fold takes the 70 off the cached row
    top = await expectRead('cache');
    expect(top.map((r) => r.units)).toEqual([110, 60, 50]);
  });

  it('an outside SKU overtaking through folds alone is caught by the bound', async () => {
    await sell(5, 80); // SKU 5: 20 + 80 = 100
    await fold();
    const top = await expectRead('recount');
    expect(top.map((r) => r.units)).toEqual([110, 100, 60]);
    await expectRead('cache');
    // A small rise outside (SKU 4: 30 to 35, under the 40 of the cache's threshold + 5) keeps the cache usable.
    await sell(4, 5);
    await fold();
    expect(await cacheOf()).toMatchObject({ slack_units: 5 });
    await expectRead('cache');
  });

  it('a cache older than the last fold is never used, and is rebuilt', async () => {
    const c = (await cacheOf())!;
    // As if a fold committed that this cache did not see (built from an older snapshot): wrong rows, older number.
    await t.database.ownerExec(`UPDATE dashboard_top_sku_cache_rows SET units = units + 1000 WHERE cache_id = ${String(c.id)};
      UPDATE dashboard_top_sku_state SET fold_seq = fold_seq + 1 WHERE tenant_id = '${world.acme}'`);
    await expectRead('recount');
    await expectRead('cache');
  });

  it('every row (the CSV export) is the full recount, whatever the cache holds', async () => {
    const all = await recount(null);
    expect(all.length).toBeGreaterThan(4);
    expect(topSkuFigures((await read(null)).rows)).toEqual(all);
    const csv = await t.app.inject({ method: 'GET', url: `/api/1.0/dashboard/top-skus/export?range=custom&from=${JUNE.from}&to=${JUNE.to}&currency=USD`, headers: acme });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n').slice(1).map((l) => l.split(','));
    const code = new Map(junk.map((j) => [j.id, j.code]));
    expect(lines.map((l) => [l[0], Number(l[2])])).toEqual(all.map((r) => [code.get(r.sku_id), r.units]));
    // The card itself (10 rows, the real cache size) equals the recount too.
    const card10 = await card<DashboardTopSkusDto>(`top-skus?range=custom&from=${JUNE.from}&to=${JUNE.to}&currency=USD`);
    expect(topSkuFigures(card10.rows)).toEqual(await recount(10));
  });

  it('the fold drops caches not read for a day', async () => {
    await t.database.ownerExec(`UPDATE dashboard_top_sku_caches SET read_at = now() - interval '25 hours' WHERE tenant_id = '${world.acme}'`);
    await fold();
    expect(await cacheOf()).toBeUndefined();
    await expectRead('recount');
    await expectRead('cache');
  });
});

describe('tenancy and bad input', () => {
  it("another company sees none of Acme's figures", async () => {
    const s = await card<DashboardSalesDto>(`sales?${RANGE}`, globex);
    expect(s.totals.orders).toBe(0);
    expect((await card<DashboardByIlocDto>(`orders-by-iloc?${RANGE}`, globex)).rows).toEqual([]);
    expect((await card<DashboardTopSkusDto>(`top-skus?${RANGE}`, globex)).rows).toEqual([]);
  });

  it('refuses a bad range, a reversed custom range and a bad currency with 422 JSON; needs a signed-in user', async () => {
    for (const q of ['range=fortnight', 'range=custom&from=2001-03-01', 'range=custom&from=2001-03-31&to=2001-03-01', 'currency=US1', 'compare=never']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/1.0/dashboard/sales?${q}`, headers: acme });
      expect(res.statusCode, q).toBe(422);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/dashboard/sales' })).statusCode).toBe(401);
  });
});
