import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastResultRowDto, ForecastRunDto, ForecastSeriesDto } from '@omnio/domain';
import { drainJobs } from '../../platform/jobs/jobs';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { makeIloc, makeSku, tenantIds } from '../inventory/inventory.fixtures';

/**
 * Forecasting end to end on the database: SKUs with known demand written as orders over the last year —
 * constant, weekly seasonal, intermittent, constant with a stock-out in the ledger — run as a job, then the
 * suggestion table (class, censored days, supplier minimum and pack size), one SKU's chart, a category run,
 * another company's 404 / 422 and refused input that writes nothing.
 */

type Headers = { authorization: string };
let t: TestApp;
let acme: Headers;
let globex: Headers;
let acmeId: string;
let globexId: string;
const ids: Record<string, string> = {};
let categoryId: string;
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
const code = (name: string) => `FC-${tag}-${name}`;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const api = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
async function ok<T>(status: number, method: 'GET' | 'POST', url: string, headers: Headers, payload?: object): Promise<T> {
  const res = await api(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as T;
}
const sql = (text: string) => t.database.ownerExec(text);

/** One closed order a day for `sku` over the last `days` days (yesterday back), `qty(k)` units on the day k days ago (0: none). */
async function orders(sku: string, days: number, qty: string): Promise<void> {
  await sql(`
    WITH d AS (SELECT k, (current_date - k)::timestamp AT TIME ZONE 'UTC' + interval '12 hours' AS at, (${qty})::int AS q FROM generate_series(1, ${days}) k),
    o AS (
      INSERT INTO orders (tenant_id, number, status, created_at, unit_count, line_count)
      SELECT '${acmeId}', '${code(sku)}-' || k, 'closed', at, q, 1 FROM d WHERE q > 0
      RETURNING id, number, unit_count
    )
    INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, quantity)
    SELECT '${acmeId}', o.id, 1, '${code(sku)}', '${ids[sku]}', o.unit_count FROM o`);
}

async function movement(sku: string, daysAgo: number, delta: number, reason: string): Promise<void> {
  const iloc = (await sql(`SELECT id FROM ilocs WHERE tenant_id = '${acmeId}' ORDER BY created_at, id LIMIT 1`))[0]!.id;
  await sql(`INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, reason, created_at)
    VALUES ('${acmeId}', '${ids[sku]}', '${iloc}', ${delta}, '${reason}', (current_date - ${daysAgo})::timestamp AT TIME ZONE 'UTC' + interval '12 hours')`);
  await sql(`INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id) VALUES ('${acmeId}', '${ids[sku]}', '${iloc}') ON CONFLICT DO NOTHING;
    UPDATE inventory_balances SET qty_good = qty_good + ${delta} WHERE tenant_id = '${acmeId}' AND sku_id = '${ids[sku]}' AND iloc_id = '${iloc}'`);
}

async function runToEnd(body: object): Promise<ForecastRunDto> {
  const run = (await ok<{ data: ForecastRunDto }>(202, 'POST', '/forecasts', acme, body)).data;
  expect(run.status).toBe('queued');
  await drainJobs(t.runtime, quiet);
  return (await ok<{ data: ForecastRunDto }>(200, 'GET', `/forecasts/${run.id}`, acme)).data;
}

const rowsOf = async (runId: string) =>
  (await ok<{ data: ForecastResultRowDto[]; total: number }>(200, 'GET', `/forecasts/${runId}/results?per_page=100`, acme));

beforeAll(async () => {
  t = await createTestApp();
  [acme, globex] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant')]);
  ({ acme: acmeId, globex: globexId } = await tenantIds(t));
  for (const name of ['SMOOTH', 'WEEKLY', 'SPARSE', 'OUT', 'ORPHAN']) ids[name] = await makeSku(t, acmeId, { sku: code(name), name: `${name} item` });
  await orders('SMOOTH', 365, '10');
  // Weekdays 20, weekends 2 (ISODOW 6 and 7).
  await orders('WEEKLY', 365, `CASE WHEN extract(isodow FROM current_date - k) >= 6 THEN 2 ELSE 20 END`);
  await orders('SPARSE', 365, `CASE WHEN k % 5 = 0 THEN 3 ELSE 0 END`);
  // 8 a day, none sold 40..21 days ago: the ledger says it was out of stock then.
  await orders('OUT', 365, `CASE WHEN k BETWEEN 21 AND 40 THEN 0 ELSE 8 END`);
  await orders('ORPHAN', 365, '4');
  await movement('OUT', 400, 5000, 'cycle_count');
  await movement('OUT', 40, -5000, 'lost');
  await movement('OUT', 20, 300, 'received');
  // Ordered today with no stock to cover it: outside the history (it ends yesterday), so bought as a backorder.
  await sql(`WITH o AS (INSERT INTO orders (tenant_id, number, status, fulfillment_status) VALUES ('${acmeId}', '${code('WAITING')}', 'open', 'backordered') RETURNING id)
    INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, quantity, qty_backordered) SELECT '${acmeId}', o.id, 1, 'x', '${ids.OUT}', 50, 50 FROM o`);
  // Cancelled orders are never demand.
  await sql(`WITH o AS (INSERT INTO orders (tenant_id, number, status, created_at) VALUES ('${acmeId}', '${code('CANCELLED')}', 'cancelled', (current_date - 5)::timestamp AT TIME ZONE 'UTC' + interval '13 hours') RETURNING id)
    INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, quantity) SELECT '${acmeId}', o.id, 1, 'x', '${ids.SMOOTH}', 1000 FROM o`);
  // Two units of SMOOTH came back 3 days ago: shown apart, demand unchanged.
  await sql(`WITH l AS (SELECT l.order_id, l.id FROM order_lines l JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id WHERE o.number = '${code('SMOOTH')}-30'),
    r AS (INSERT INTO returns (tenant_id, number, order_id, status, received_at) SELECT '${acmeId}', '${code('RMA')}', order_id, 'complete', (current_date - 3)::timestamp AT TIME ZONE 'UTC' + interval '9 hours' FROM l RETURNING id)
    INSERT INTO return_lines (tenant_id, return_id, order_line_id, sku_id, quantity, qty_good) SELECT '${acmeId}', r.id, l.id, '${ids.SMOOTH}', 2, 2 FROM r, l`);
  const [sup] = await sql(`INSERT INTO suppliers (tenant_id, name, lead_time_days) VALUES ('${acmeId}', '${code('Supplier')}', 14) RETURNING id`);
  ids.supplier = String(sup!.id);
  for (const name of ['SMOOTH', 'WEEKLY', 'SPARSE', 'OUT']) {
    await sql(`INSERT INTO supplier_skus (tenant_id, supplier_id, sku_id, cost, min_quantity, pack_size)
      VALUES ('${acmeId}', '${ids.supplier}', '${ids[name]}', 2.5, ${name === 'SMOOTH' ? 1000 : 'NULL'}, ${name === 'SMOOTH' ? 12 : 'NULL'})`);
  }
  const [cat] = await sql(`INSERT INTO categories (tenant_id, name) VALUES ('${acmeId}', '${code('Tees')}') RETURNING id`);
  categoryId = String(cat!.id);
  const [child] = await sql(`INSERT INTO categories (tenant_id, name, parent_id) VALUES ('${acmeId}', '${code('Tees-V')}', '${categoryId}') RETURNING id`);
  const [p1] = await sql(`INSERT INTO products (tenant_id, name, category_id) VALUES ('${acmeId}', 'Tee', '${categoryId}') RETURNING id`);
  const [p2] = await sql(`INSERT INTO products (tenant_id, name, category_id) VALUES ('${acmeId}', 'V tee', '${child!.id}') RETURNING id`);
  await sql(`UPDATE skus SET product_id = '${p1!.id}' WHERE id = '${ids.SMOOTH}'`);
  await sql(`UPDATE skus SET product_id = '${p2!.id}' WHERE id = '${ids.WEEKLY}'`);
}, 60_000);
afterAll(() => t.close());

describe('forecasting: a run over SKUs with known demand', () => {
  let run: ForecastRunDto;
  let rows: Record<string, ForecastResultRowDto>;

  beforeAll(async () => {
    run = await runToEnd({ sku_ids: ['SMOOTH', 'WEEKLY', 'SPARSE', 'OUT', 'ORPHAN'].map((n) => ids[n]), horizon_weeks: 8, service_level: 0.95 });
    rows = Object.fromEntries((await rowsOf(run.id)).data.map((r) => [r.sku.replace(`FC-${tag}-`, ''), r]));
  }, 60_000);

  it('finishes with its progress, the resolved parameters and a summary against seasonal naive', () => {
    expect(run).toMatchObject({ status: 'done', progress: { done: 5, total: 5 }, error: null, params: { horizon_weeks: 8, service_level: 0.95, peaks: 'apply', iloc_id: null, category_id: null } });
    expect(run.finished_at).not.toBeNull();
    expect(run.summary).toMatchObject({ skus: 5, with_suggestion: 4 });
    expect(run.summary!.wape).not.toBeNull();
    expect(run.summary!.naive_wape).not.toBeNull();
  });

  it('classifies each series and picks a method its class allows', () => {
    expect(rows.SMOOTH).toMatchObject({ demand_class: 'smooth', censored_days: 0 });
    expect(rows.SMOOTH!.forecast_total).toBeCloseTo(560, 0);
    expect(rows.SMOOTH!.accuracy!.wape).toBeLessThan(0.01);
    expect(rows.WEEKLY!.demand_class).toBe('smooth');
    expect(['seasonal-naive', 'ses-weekly']).toContain(rows.WEEKLY!.method);
    expect(rows.WEEKLY!.accuracy!.mase).toBeLessThanOrEqual(rows.WEEKLY!.accuracy!.naive_mase + 1e-9);
    expect(rows.SPARSE!.demand_class).toBe('intermittent');
    expect(['moving-average', 'ses', 'croston', 'sba', 'tsb']).toContain(rows.SPARSE!.method);
    // 3 units every 5 days is 0.6 a day: about 34 over 8 weeks.
    expect(rows.SPARSE!.forecast_total).toBeGreaterThan(25);
    expect(rows.SPARSE!.forecast_total).toBeLessThan(45);
  });

  it('does not read out-of-stock days as zero demand, and says so', () => {
    expect(rows.OUT!.censored_days).toBe(20);
    expect(rows.OUT!.note).toContain('Out of stock 20 days');
    // Estimated from the in-stock days: still 8 a day, not dragged down by the 20 empty days.
    expect(rows.OUT!.forecast_total).toBeCloseTo(448, -1);
    expect(rows.OUT!.on_hand).toBe(300);
  });

  it('suggests quantities from lead time and service level, raised to the supplier minimum and whole packs', () => {
    // 10 a day, 14 days' lead, 56 days' cover, no error to cover: 140 + 560 − 0 on hand = 700 → minimum 1000 → 84 packs of 12.
    expect(rows.SMOOTH).toMatchObject({ suggested_quantity: 1008, lead_time_days: 14, supplier_id: ids.supplier, on_hand: 0 });
    expect(rows.SMOOTH!.reorder_point).toBeCloseTo(140, 0);
    // 8 a day over 70 days is 560, less the 300 on hand, plus the 50 customers wait for.
    expect(rows.OUT!.suggested_quantity).toBeGreaterThanOrEqual(310);
    expect(rows.OUT!.suggested_quantity).toBeLessThan(350);
    expect(rows.OUT!.note).toContain('50 units backordered');
    // A weekly pattern the method predicts exactly needs no safety stock; lumpy days the forecast cannot place do.
    expect(rows.WEEKLY!.safety_stock).toBeLessThan(0.5);
    expect(rows.SPARSE!.safety_stock).toBeGreaterThan(0);
    expect(rows.SPARSE!.reorder_point).toBeGreaterThan(rows.SPARSE!.safety_stock);
    expect(rows.ORPHAN).toMatchObject({ suggested_quantity: 0, supplier_id: null, note: expect.stringContaining('No supplier') });
  });

  it('lists rows by suggested quantity, and finds them by SKU prefix or name', async () => {
    const page = await rowsOf(run.id);
    expect(page.total).toBe(5);
    const q = page.data.map((r) => r.suggested_quantity);
    expect(q).toEqual([...q].sort((a, b) => b - a));
    const found = await ok<{ data: ForecastResultRowDto[]; total: number }>(200, 'GET', `/forecasts/${run.id}/results?search=${code('SPA')}`, acme);
    expect(found.data.map((r) => r.sku)).toEqual([code('SPARSE')]);
    expect((await ok<{ total: number }>(200, 'GET', `/forecasts/${run.id}/results?search=weekly%20item`, acme)).total).toBe(1);
  });

  it("answers one SKU's chart: 180 days of history with returns and stock, and the daily forecast with its interval", async () => {
    const s = (await ok<{ data: ForecastSeriesDto }>(200, 'GET', `/forecasts/${run.id}/results/${ids.SMOOTH}`, acme)).data;
    expect(s.history).toHaveLength(180);
    const day = (k: number) => new Date(Date.now() - k * 86_400_000).toISOString().slice(0, 10);
    expect(s.history.at(-1)!.date).toBe(day(1));
    // The cancelled 1,000 is not there; the 2 returned are beside, not subtracted.
    expect(s.history.find((h) => h.date === day(5))!.units).toBe(10);
    expect(s.history.find((h) => h.date === day(3))).toMatchObject({ units: 10, returns: 2, in_stock: true });
    expect(s.forecast).toHaveLength(56);
    expect(s.forecast[0]!.date).toBe(day(0));
    expect(s.forecast.every((f) => f.low <= f.units && f.units <= f.high)).toBe(true);

    const w = (await ok<{ data: ForecastSeriesDto }>(200, 'GET', `/forecasts/${run.id}/results/${ids.WEEKLY}`, acme)).data;
    const units = w.forecast.map((f) => f.units);
    expect(Math.max(...units) / Math.max(0.1, Math.min(...units))).toBeGreaterThan(3);

    const out = (await ok<{ data: ForecastSeriesDto }>(200, 'GET', `/forecasts/${run.id}/results/${ids.OUT}`, acme)).data;
    expect(out.history.filter((h) => !h.in_stock).map((h) => h.date)).toEqual(Array.from({ length: 20 }, (_, i) => day(40 - i)));
  });

  it('lists runs newest first', async () => {
    const page = await ok<{ data: ForecastRunDto[]; total: number }>(200, 'GET', '/forecasts', acme);
    expect(page.data[0]!.id).toBe(run.id);
    expect(page.total).toBeGreaterThanOrEqual(1);
  });

  it("is another company's 404, and their SKUs are unknown", async () => {
    expect((await api('GET', `/forecasts/${run.id}`, globex)).statusCode).toBe(404);
    expect((await api('GET', `/forecasts/${run.id}/results`, globex)).statusCode).toBe(404);
    expect((await api('GET', `/forecasts/${run.id}/results/${ids.SMOOTH}`, globex)).statusCode).toBe(404);
    expect((await ok<{ total: number }>(200, 'GET', '/forecasts', globex)).total).toBe(0);
    const before = await countRows(t, 'forecast_runs');
    const res = await api('POST', '/forecasts', globex, { sku_ids: [ids.SMOOTH] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sku_ids).toBeDefined();
    expect(await countRows(t, 'forecast_runs')).toBe(before);
    expect(globexId).not.toBe(acmeId);
  });
});

describe('forecasting: a category run', () => {
  it("forecasts the category's SKUs and its sub-categories'", async () => {
    const run = await runToEnd({ category_id: categoryId, horizon_weeks: 2, peaks: 'ignore' });
    expect(run).toMatchObject({ status: 'done', progress: { done: 2, total: 2 }, params: { category_id: categoryId, sku_ids: null, horizon_weeks: 2 } });
    const page = await rowsOf(run.id);
    expect(page.data.map((r) => r.sku).sort()).toEqual([code('SMOOTH'), code('WEEKLY')]);
    expect(page.data.find((r) => r.sku === code('SMOOTH'))!.forecast_total).toBeCloseTo(140, 0);
  });
});

describe('forecasting: one iloc', () => {
  it("reads what that iloc shipped, its stock-outs and its stock; another iloc's shipments are not its demand", async () => {
    const first = String((await sql(`SELECT id FROM ilocs WHERE tenant_id = '${acmeId}' ORDER BY created_at, id LIMIT 1`))[0]!.id);
    const other = await makeIloc(t, acmeId, code('ILOC2'));
    await sql(`INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity, qty_shipped)
      SELECT tenant_id, order_id, id, sku_id, '${first}', 0, quantity FROM order_lines WHERE sku_id = '${ids.OUT}'`);
    await sql(`INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity, qty_shipped)
      SELECT tenant_id, order_id, id, sku_id, '${other}', 0, quantity FROM order_lines WHERE sku_id = '${ids.SMOOTH}'`);
    const run = await runToEnd({ sku_ids: [ids.OUT, ids.SMOOTH], iloc_id: first });
    expect(run).toMatchObject({ status: 'done', params: { iloc_id: first } });
    const rows = Object.fromEntries((await rowsOf(run.id)).data.map((r) => [r.sku_id, r]));
    expect(rows[ids.OUT!]).toMatchObject({ iloc_id: first, censored_days: 20, on_hand: 300 });
    expect(rows[ids.OUT!]!.forecast_total).toBeCloseTo(448, -1);
    expect(rows[ids.SMOOTH!]!.forecast_total).toBe(0);

    // Its reorder points kept for the iloc: OUT's, not SMOOTH's (no demand there); the low-stock card uses them.
    const saved = await ok<{ data: { saved: number; iloc_id: string } }>(200, 'POST', `/forecasts/${run.id}/reorder-points`, acme);
    expect(saved.data).toEqual({ saved: 1, iloc_id: first });
    const rop = Math.ceil(rows[ids.OUT!]!.reorder_point);
    expect(await sql(`SELECT sku_id, reorder_point FROM reorder_points WHERE tenant_id = '${acmeId}' AND iloc_id = '${first}'`)).toEqual([{ sku_id: ids.OUT, reorder_point: rop }]);
    const lowBefore = (await ok<{ data: { rows: { sku_id: string }[] } }>(200, 'GET', '/dashboard/low-stock', acme)).data;
    expect(lowBefore.rows.map((r) => r.sku_id)).not.toContain(ids.OUT);
    await movement('OUT', 0, -(300 - rop + 1), 'lost');
    const low = (await ok<{ data: { rows: { sku_id: string; available: number; reorder_point: number }[] } }>(200, 'GET', '/dashboard/low-stock', acme)).data;
    expect(low.rows.find((r) => r.sku_id === ids.OUT)).toMatchObject({ available: rop - 1, reorder_point: rop });
    // Again: replaced, not added.
    await ok(200, 'POST', `/forecasts/${run.id}/reorder-points`, acme);
    expect(await countRows(t, `reorder_points WHERE tenant_id = '${acmeId}'`)).toBe(1);
  });

  it('keeps no reorder points from a run over every iloc, nor from another company', async () => {
    const run = await runToEnd({ sku_ids: [ids.OUT] });
    const res = await api('POST', `/forecasts/${run.id}/reorder-points`, acme);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { iloc_id: [expect.stringContaining('per location')] } });
    expect((await api('POST', `/forecasts/${run.id}/reorder-points`, globex)).statusCode).toBe(404);
    expect((await api('POST', '/forecasts/not-an-id/reorder-points', acme)).statusCode).toBe(404);
  });
});

describe('forecasting: the OpenAPI document', () => {
  it('describes every forecasting endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of ['/api/1.0/forecasts', '/api/1.0/forecasts/{id}', '/api/1.0/forecasts/{id}/results', '/api/1.0/forecasts/{id}/results/{skuId}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/1.0/forecasts']!.post)).toContain('horizon_weeks');
  });
});

describe('forecasting: refused input writes nothing', () => {
  it.each([
    ['neither SKUs nor a category', {}, 'sku_ids'],
    ['both SKUs and a category', { sku_ids: ['00000000-0000-4000-8000-000000000001'], category_id: '00000000-0000-4000-8000-000000000002' }, 'sku_ids'],
    ['no SKUs at all', { sku_ids: [] }, 'sku_ids'],
    ['a horizon of 0 weeks', { sku_ids: ['00000000-0000-4000-8000-000000000001'], horizon_weeks: 0 }, 'horizon_weeks'],
    ['a horizon over 26 weeks', { sku_ids: ['00000000-0000-4000-8000-000000000001'], horizon_weeks: 27 }, 'horizon_weeks'],
    ['a service level of 1', { sku_ids: ['00000000-0000-4000-8000-000000000001'], service_level: 1 }, 'service_level'],
    ['an unknown peak mode', { sku_ids: ['00000000-0000-4000-8000-000000000001'], peaks: 'double' }, 'peaks'],
    ['an unknown SKU', { sku_ids: ['00000000-0000-4000-8000-000000000001'] }, 'sku_ids'],
    ['an unknown category', { category_id: '00000000-0000-4000-8000-000000000002' }, 'category_id'],
    ['an unknown iloc', { category_id: 'CAT', iloc_id: '00000000-0000-4000-8000-000000000003' }, 'iloc_id'],
  ])('%s is a 422 on the field', async (_label, body, field) => {
    const payload = JSON.parse(JSON.stringify(body).replace('"CAT"', `"${categoryId}"`)) as object;
    const [runs, jobs] = [await countRows(t, 'forecast_runs'), await countRows(t, 'jobs')];
    const res = await api('POST', '/forecasts', acme, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
    expect(await countRows(t, 'forecast_runs')).toBe(runs);
    expect(await countRows(t, 'jobs')).toBe(jobs);
  });

  it('a run id that is not an id, or no run, is a 404', async () => {
    expect((await api('GET', '/forecasts/nope', acme)).statusCode).toBe(404);
    expect((await api('GET', '/forecasts/00000000-0000-4000-8000-000000000009/results', acme)).statusCode).toBe(404);
  });
});
