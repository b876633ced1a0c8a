/**
 * A whole forecast run on PostgreSQL (`npm run bench:forecast-db`), issue 23's target: 20,000 SKUs × 2 years
 * of daily history in < 60 s — read (orders, returns, the stock ledger, suppliers, balances), compute (the
 * domain library per SKU) and write (the results), timed as the job runs it (forecasting.run.ts), without
 * the queue's pick-up delay.
 *
 * A fresh database (bench/lib/database.ts), migrated and seeded by starting the real server once
 * (bench/lib/server.ts), then the bench's own company and its history generated set-based as the database
 * owner, the way bench/scenarios/orders-dataset.ts loads (session_replication_role replica, secondary
 * indexes rebuilt after): a realistic mix of smooth, weekly-seasonal (with Black Friday and Christmas lifts),
 * intermittent, lumpy and new SKUs, one order line per SKU and day sold, 3 % of orders cancelled, a
 * consume movement per line in the ledger and, for one SKU in ten of the regular sellers, a stock-out of
 * 1–4 weeks. Suppliers with lead times, minimums and pack sizes.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:forecast-db
 *   npm run bench:forecast-db -- --skus 2000 --keep-db
 *   npm run bench:forecast-db -- --database omnio_bench_…   # time another run on a kept database (no load)
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { withTenant } from '../../apps/server/src/platform/db/tenant';
import { HISTORY_DAYS, runForecast } from '../../apps/server/src/modules/forecasting/forecasting.run';
import { adminUrlFromEnv, createBenchDatabase, redact, type BenchDatabase } from '../lib/database';
import { startServer } from '../lib/server';

const { values } = parseArgs({
  options: { skus: { type: 'string', default: '20000' }, 'keep-db': { type: 'boolean', default: false }, database: { type: 'string' } },
});
const SKUS = Number(values.skus);
const DAYS = HISTORY_DAYS;

const adminUrl = adminUrlFromEnv();
console.log(`[bench] forecast-db: ${SKUS} SKUs × ${DAYS} days on ${redact(adminUrl)}`);
/** A kept database, to time runs again without loading it again. */
async function attach(name: string): Promise<Pick<BenchDatabase, 'name' | 'url' | 'query' | 'drop'>> {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 1 });
  return { name, url: u.toString(), query: async (text, params = []) => (await pool.query(text, params)).rows, drop: () => pool.end() };
}
const bench = values.database ? await attach(values.database) : await createBenchDatabase(adminUrl);
const q = bench.query;
const step = async (label: string, text: string, params: unknown[] = []) => {
  const t = Date.now();
  await q(text, params);
  console.log(`[bench] data: ${label} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
};

async function existingTenant(): Promise<string> {
  const [company] = await q(`SELECT id FROM companies WHERE name = 'Bench Forecast Co'`);
  if (!company) throw new Error(`${values.database} has no Bench Forecast Co`);
  return String(company.id);
}

async function load(): Promise<string> {
  // Migrations and the demo seed, by the server itself; it is stopped before the data load and the run.
  const server = await startServer({ databaseUrl: bench.url, poolSize: 2 });
  await server.stop();

  const [company] = await q(`INSERT INTO companies (name, schema_suffix, email, city, country)
    VALUES ('Bench Forecast Co', 'bench_forecast', 'ops@bench-forecast.test', 'Austin', 'US') RETURNING id`);
  const tenantId = String(company!.id);
  const [iloc] = await q(`INSERT INTO ilocs (tenant_id, name, code) VALUES ($1, 'Bench DC', 'BDC') RETURNING id`, [tenantId]);
  const ilocId = String(iloc!.id);

  await q(`SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET session_replication_role = replica; SELECT setseed(0.23)`);
  const indexes = (await q(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
    WHERE i.indrelid = ANY (ARRAY['orders', 'order_lines', 'inventory_movements']::regclass[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`)).map((r) => ({ name: String(r.name), def: String(r.def) }));
  await q(indexes.map((i) => `DROP INDEX ${i.name};`).join('\n'));

  // Day d of the history is current_date - DAYS + d (d = DAYS - 1 is yesterday).
  // Kinds by SKU number: 35 % smooth, 25 % weekly seasonal, 20 % intermittent, 10 % lumpy, 10 % new.
  await step('SKU plan', `
    CREATE TEMP TABLE bench_s AS
    SELECT g AS rn, gen_random_uuid() AS id, 'FCB-' || lpad(g::text, 6, '0') AS sku,
      CASE WHEN g % 20 < 7 THEN 'smooth' WHEN g % 20 < 12 THEN 'seasonal' WHEN g % 20 < 16 THEN 'intermittent' WHEN g % 20 < 18 THEN 'lumpy' ELSE 'new' END AS kind,
      2 + random() * 28 AS level,
      CASE WHEN g % 20 >= 18 THEN ${DAYS} - 20 - (random() * 60)::int ELSE 0 END AS first_day,
      CASE WHEN g % 10 = 3 AND g % 20 < 12 THEN 200 + (random() * 480)::int END AS out_from,
      7 + (random() * 21)::int AS out_len
    FROM generate_series(1, $1::int) g`, [SKUS]);
  await step(`${SKUS} SKUs`, `
    INSERT INTO skus (tenant_id, id, sku, name, created_at, updated_at)
    SELECT $1, id, sku, kind || ' item ' || rn, current_date - ${DAYS} + first_day - 1, now() FROM bench_s`, [tenantId]);

  await step('daily demand', `
    CREATE TEMP TABLE bench_d AS
    SELECT s.rn, s.id AS sku_id, s.sku, d, q FROM bench_s s
    CROSS JOIN LATERAL generate_series(s.first_day, ${DAYS - 1}) d
    CROSS JOIN LATERAL (SELECT extract(isodow FROM current_date - ${DAYS} + d) AS dow, extract(month FROM current_date - ${DAYS} + d) AS m,
      extract(day FROM current_date - ${DAYS} + d) AS dd) c
    CROSS JOIN LATERAL (SELECT CASE s.kind
      WHEN 'smooth' THEN round(s.level * (0.7 + 0.6 * random()))
      WHEN 'seasonal' THEN round(s.level * (CASE WHEN c.dow >= 6 THEN 1.8 WHEN c.dow = 1 THEN 0.6 ELSE 0.9 END)
        * (1 + 0.25 * sin(2 * pi() * d / 365.0))
        * (CASE WHEN c.m = 11 AND c.dd >= 24 OR c.m = 12 AND c.dd BETWEEN 18 AND 24 THEN 2.5 ELSE 1 END) * (0.75 + 0.5 * random()))
      WHEN 'intermittent' THEN CASE WHEN random() < 0.15 THEN 1 + floor(random() * 3) ELSE 0 END
      WHEN 'lumpy' THEN CASE WHEN random() < 0.08 THEN 1 + floor(power(random(), 3) * 80) ELSE 0 END
      ELSE round(s.level * 0.3 * (0.6 + 0.8 * random())) END::int AS q) v
    WHERE v.q > 0 AND NOT (s.out_from IS NOT NULL AND d >= s.out_from AND d < s.out_from + s.out_len)`);
  await q('ANALYZE bench_d');
  // Ten SKUs' lines per order; 3 % of orders cancelled.
  await step('order plan', `
    CREATE TEMP TABLE bench_o AS
    SELECT d, b, gen_random_uuid() AS id, CASE WHEN random() < 0.03 THEN 'cancelled' ELSE 'closed' END AS status,
      (current_date - ${DAYS} + d)::timestamp AT TIME ZONE 'UTC' + random() * interval '23 hours' AS created_at
    FROM (SELECT DISTINCT d, rn / 10 AS b FROM bench_d) x`);
  await step('orders', `
    INSERT INTO orders (tenant_id, id, number, status, fulfillment_status, created_at, updated_at)
    SELECT $1, id, 'FB-' || row_number() OVER (ORDER BY created_at), status, CASE WHEN status = 'closed' THEN 'shipped' ELSE 'unallocated' END, created_at, created_at
    FROM bench_o`, [tenantId]);
  await step('order lines', `
    INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, quantity, qty_shipped)
    SELECT $1, o.id, 1 + d.rn % 10, d.sku, d.sku_id, d.q, CASE WHEN o.status = 'closed' THEN d.q ELSE 0 END
    FROM bench_d d JOIN bench_o o ON o.d = d.d AND o.b = d.rn / 10
    ORDER BY o.id, d.rn % 10`, [tenantId]);

  // The ledger: an opening receipt before the window large enough for the whole history, a consume per line
  // shipped, and for the stock-out SKUs the rest written off on the first day out and enough received after.
  await step('ledger', `
    WITH shipped AS (
      SELECT d.sku_id, d.d, d.q, o.created_at FROM bench_d d JOIN bench_o o ON o.d = d.d AND o.b = d.rn / 10 WHERE o.status = 'closed'
    ),
    opening AS (SELECT s.id AS sku_id, s.out_from, s.out_len, coalesce(sum(sh.q), 0) + 1000 AS qty,
        coalesce(sum(sh.q) FILTER (WHERE sh.d < s.out_from), 0) AS before_out,
        coalesce(sum(sh.q) FILTER (WHERE sh.d >= s.out_from + s.out_len), 0) AS after_out
      FROM bench_s s LEFT JOIN shipped sh ON sh.sku_id = s.id GROUP BY s.id, s.out_from, s.out_len)
    INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, reason, created_at)
    SELECT $1::uuid, sku_id, $2::uuid, qty, 'received', current_date - ${DAYS + 30} FROM opening
    UNION ALL SELECT $1::uuid, sku_id, $2::uuid, -q, 'consume', created_at FROM shipped
    UNION ALL SELECT $1::uuid, sku_id, $2::uuid, -(qty - before_out), 'lost', (current_date - ${DAYS} + out_from)::timestamp AT TIME ZONE 'UTC' + interval '1 hour' FROM opening WHERE out_from IS NOT NULL
    UNION ALL SELECT $1::uuid, sku_id, $2::uuid, after_out + 500, 'received', (current_date - ${DAYS} + out_from + out_len)::timestamp AT TIME ZONE 'UTC' + interval '1 hour' FROM opening WHERE out_from IS NOT NULL`,
  [tenantId, ilocId]);
  await step('balances', `
    INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id, qty_good)
    SELECT $1, sku_id, $2, sum(delta_good) FROM inventory_movements WHERE tenant_id = $1 GROUP BY sku_id`, [tenantId, ilocId]);
  await step('suppliers', `
    WITH sup AS (
      INSERT INTO suppliers (tenant_id, name, lead_time_days) SELECT $1, 'Bench Supplier ' || g, (ARRAY[7, 14, 21, 30, 45])[g] FROM generate_series(1, 5) g RETURNING id, lead_time_days
    ), numbered AS (SELECT id, row_number() OVER (ORDER BY lead_time_days) AS k FROM sup)
    INSERT INTO supplier_skus (tenant_id, supplier_id, sku_id, cost, min_quantity, pack_size)
    SELECT $1, n.id, s.id, 1 + s.rn % 50, CASE WHEN s.rn % 3 = 0 THEN 50 END, (ARRAY[NULL, 6, 12, 24])[1 + s.rn % 4]
    FROM bench_s s JOIN numbered n ON n.k = 1 + s.rn % 5 WHERE s.rn % 10 <> 9`, [tenantId]);
  await step(`${indexes.length} indexes built again`, indexes.map((i) => `${i.def};`).join('\n'));
  await q('RESET session_replication_role; RESET work_mem; RESET maintenance_work_mem');
  await step('vacuum analyze', 'VACUUM ANALYZE skus, orders, order_lines, inventory_movements, inventory_balances, supplier_skus, suppliers');
  const [counts] = await q(`SELECT (SELECT count(*) FROM orders WHERE tenant_id = $1) AS orders, (SELECT count(*) FROM order_lines WHERE tenant_id = $1) AS lines,
    (SELECT count(*) FROM inventory_movements WHERE tenant_id = $1) AS movements, pg_size_pretty(pg_database_size(current_database())) AS size`, [tenantId]);
  console.log(`[bench] data: ${counts!.orders} orders, ${counts!.lines} order lines, ${counts!.movements} movements, database ${counts!.size}`);
  await q('DROP TABLE bench_s, bench_d, bench_o');
  return tenantId;
}

try {
  const tenantId = values.database ? await existingTenant() : await load();
  const [run] = await q(`INSERT INTO forecast_runs (tenant_id, sku_ids, horizon_weeks, service_level, peaks, progress_total)
    SELECT $1, array_agg(id), 8, 0.95, 'apply', count(*) FROM skus WHERE tenant_id = $1 RETURNING id`, [tenantId]);

  const database = await openDatabase({ databaseUrl: bench.url, dataDir: '', appRole: process.env.DB_APP_ROLE ?? 'omnio_app', poolSize: 2 });
  try {
    let lastProgress = 0;
    const started = Date.now();
    const result = await runForecast({
      tenantId, payload: { run_id: String(run!.id) },
      inTenant: (fn, options) => withTenant({ db: database.db, tenantId }, fn, options),
      progress: async (percent) => {
        if (percent - lastProgress >= 25 || percent >= 100) {
          lastProgress = percent;
          console.log(`[bench] run: ${percent.toFixed(0)} % at ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
      },
    }) as { read_ms: number } & Record<string, number>;
    const seconds = (Date.now() - started) / 1000;
    const rows = await withTenant({ db: database.db, tenantId }, (tx) => tx.execute(sql`
      SELECT demand_class, count(*)::int AS n, round(avg(censored_days), 1) AS censored, count(*) FILTER (WHERE suggested_quantity > 0)::int AS suggested
      FROM forecast_results WHERE run_id = ${String(run!.id)}::uuid GROUP BY 1 ORDER BY 1`));
    console.table((rows as unknown as { rows: unknown[] }).rows);
    console.log(`[bench] summary: ${JSON.stringify({ ...result })}`);
    console.log(`forecast-db: ${SKUS} SKUs × ${DAYS} days: whole run ${seconds.toFixed(1)} s (read ${(result.read_ms / 1000).toFixed(1)} s, compute + write ${(seconds - result.read_ms / 1000).toFixed(1)} s) -> ${seconds < 60 ? 'PASS' : 'FAIL'} [target < 60 s]`);
    if (seconds >= 60) process.exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  if (values['keep-db'] || values.database) {
    console.log(`[bench] kept database ${bench.name}`);
    if (values.database) await bench.drop();
  } else await bench.drop();
}
