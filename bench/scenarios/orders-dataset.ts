import { seededRandom } from '@omnio/domain';
import type { ScenarioContext, Tally, Verification } from '../lib/types';
import { authJson, INVENTORY_SKUS, type InventoryDataset } from './inventory-dataset';

/**
 * Orders for the order benches (issue 4): request bodies for the import scenarios, the checks of what an
 * import wrote, and a 1,000,000-order history for the read scenarios. Everything is in Acme Outfitters,
 * on top of the inventory data set (100,000 SKUs BNC-000001… × 5 ilocs with stock).
 */

const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Lucas', 'Olivia', 'Mateo', 'Sofia', 'Ethan', 'Chloe', 'Leo', 'Grace', 'Owen', 'Zoe', 'Jack', 'Lily', 'Henry', 'Nora', 'Sam'];
const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Miller', 'Davis', 'Wilson', 'Moore', 'Clark', 'Lewis', 'Walker', 'Young', 'King', 'Scott', 'Green', 'Baker', 'Hill', 'Adams'];
const PLACES: [string, string, string][] = [
  ['Austin', 'TX', '78701'], ['Denver', 'CO', '80202'], ['Portland', 'OR', '97201'], ['Chicago', 'IL', '60601'], ['Boston', 'MA', '02108'],
  ['Seattle', 'WA', '98101'], ['Miami', 'FL', '33101'], ['Phoenix', 'AZ', '85001'], ['Atlanta', 'GA', '30301'], ['Reno', 'NV', '89501'],
];
/** Buyers the imports draw from: most orders of a 100k import come from returning customers, as in a real shop. */
const BUYERS = 20_000;

const skuCode = (n: number) => `BNC-${String(n).padStart(6, '0')}`;

/**
 * ZOrderInput bodies with unique external ids (`<tag>-<n>`, channel shopify): 3 lines of distinct SKUs
 * drawn from the whole catalog (5 % are 6-packs, which draw on their base SKU's stock), 1–3 units each,
 * a customer from a pool of 20,000 e-mails and a complete US shipping address. Every order is valid:
 * through the pipeline each should come out `open` and reserve its units.
 */
export function orderFactory(tag: string, seed = 4): () => Record<string, unknown> {
  const rand = seededRandom(seed);
  const pick = (n: number) => Math.floor(rand() * n);
  let n = 0;
  return () => {
    n++;
    const buyer = 1 + pick(BUYERS);
    const first = FIRST_NAMES[buyer % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(buyer / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const [city, state, zip] = PLACES[buyer % PLACES.length]!;
    const skus = new Set<number>();
    while (skus.size < 3) skus.add(1 + pick(INVENTORY_SKUS));
    return {
      external_id: `${tag}-${n}`,
      channel: 'shopify',
      customer: { first_name: first, last_name: last, email: `buyer-${buyer}@bench.test` },
      shipping_address: { first_name: first, last_name: last, address1: `${100 + (buyer % 9000)} Congress Ave`, city, state, zip, country: 'US' },
      lines: [...skus].map((k) => ({ sku: skuCode(k), quantity: 1 + pick(3), price: `${5 + pick(90)}.${String(pick(100)).padStart(2, '0')}` })),
      ship_method: 'standard',
    };
  };
}

/** A tag no earlier run on this database used: the external ids of one bench run. */
export const runTag = () => `bench-${Date.now().toString(36)}`;

/** Counts per answered order: `orders`, one key per status (`open`, `error`, …), `duplicate`, `invalid` (422 inside a batch). */
export function tallyOrders(items: { status?: string; duplicate?: boolean; errors?: unknown }[]): Tally {
  const t: Tally = { orders: items.length };
  for (const item of items) {
    const key = item.errors ? 'invalid' : (item.status ?? 'unknown');
    t[key] = (t[key] ?? 0) + 1;
    if (item.duplicate) t.duplicate = (t.duplicate ?? 0) + 1;
  }
  return t;
}

/** Share of the answered orders that must be `open` (the rest may be backordered SKUs' corner cases, never errors). */
const MIN_OPEN_SHARE = 0.99;

/**
 * After an import run: what the answers said and what the database holds for the run's orders — how
 * many are open, in error, allocated; units ordered, allocated and reserved; the reserve movements of the
 * ledger. Fails the run when fewer than 99 % of the answered orders are open, when any is a duplicate,
 * or when the reservations do not add up to the allocations.
 */
export async function verifyImport(ctx: ScenarioContext, tenantId: string, tag: string, run: { tally: Tally }): Promise<Verification> {
  const q = ctx.ownerQuery;
  const like = `${tag}-%`;
  const [orders] = await q(`
    SELECT count(*)::int AS orders,
      count(*) FILTER (WHERE status = 'open')::int AS open,
      count(*) FILTER (WHERE status = 'error')::int AS error,
      count(*) FILTER (WHERE fulfillment_status = 'allocated')::int AS allocated,
      count(*) FILTER (WHERE fulfillment_status = 'partially_allocated')::int AS partially_allocated,
      count(*) FILTER (WHERE fulfillment_status = 'backordered')::int AS backordered,
      count(DISTINCT number)::int AS numbers
    FROM orders WHERE tenant_id = $1 AND channel = 'shopify' AND external_id LIKE $2`, [tenantId, like]);
  const [units] = await q(`
    SELECT coalesce(sum(l.quantity), 0)::int AS ordered, coalesce(sum(l.qty_allocated), 0)::int AS allocated,
      coalesce(sum(l.qty_backordered), 0)::int AS backordered, count(*)::int AS lines
    FROM orders o JOIN order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
    WHERE o.tenant_id = $1 AND o.channel = 'shopify' AND o.external_id LIKE $2`, [tenantId, like]);
  const [reserved] = await q(`
    SELECT (SELECT coalesce(sum(a.quantity * coalesce(s.pack_quantity, 1)), 0)::int FROM order_allocations a
              JOIN skus s ON s.tenant_id = a.tenant_id AND s.id = a.sku_id WHERE a.tenant_id = $1) AS allocation_holder_units,
      (SELECT count(*)::int FROM order_allocations WHERE tenant_id = $1) AS allocations,
      (SELECT coalesce(sum(qty_reserved), 0)::int FROM inventory_balances WHERE tenant_id = $1) AS balances_reserved,
      (SELECT count(*)::int FROM inventory_movements WHERE tenant_id = $1 AND reason = 'reserve') AS reserve_movements,
      (SELECT coalesce(sum(delta_reserved), 0)::int FROM inventory_movements WHERE tenant_id = $1 AND reason = 'reserve') AS reserve_movement_units`, [tenantId]);
  const answered = run.tally.orders ?? 0;
  const open = run.tally.open ?? 0;
  const facts = {
    answered: run.tally,
    answered_open_share: answered ? Math.round((open / answered) * 10000) / 10000 : 0,
    database: { orders, units, reservations: reserved },
  };
  const problems: string[] = [];
  if (answered === 0) problems.push('no order answered');
  else if (open / answered < MIN_OPEN_SHARE) problems.push(`only ${open} of ${answered} answered orders are open`);
  if (run.tally.duplicate) problems.push(`${run.tally.duplicate} answers were duplicates: the external ids were not unique`);
  if (Number(orders?.numbers) !== Number(orders?.orders)) problems.push('order numbers are not unique');
  if (Number(units?.allocated) === 0) problems.push('nothing was allocated');
  if (Number(reserved?.balances_reserved) !== Number(reserved?.allocation_holder_units)) {
    problems.push(`balances reserve ${String(reserved?.balances_reserved)} units, the allocations hold ${String(reserved?.allocation_holder_units)}`);
  }
  if (Number(reserved?.reserve_movement_units) !== Number(reserved?.balances_reserved)) {
    problems.push(`reserve movements add up to ${String(reserved?.reserve_movement_units)}, balances reserve ${String(reserved?.balances_reserved)}`);
  }
  return { facts, problems };
}

/** Acme's id (the tenant of every bench order). */
export async function acmeId(ctx: ScenarioContext): Promise<string> {
  const [acme] = await ctx.ownerQuery(`SELECT id FROM companies WHERE name = 'Acme Outfitters'`);
  return String(acme?.id);
}

/** The JSON body of an answer, or null when it is not JSON. */
/**
 * The order scenarios import more than Acme's demo plan allows in a month (Scale: 50,000): give the bench
 * tenant 1,000 × '10,000 more orders' and a fresh usage count, so the plan limit is measured as the check it
 * is on every order, never as a refusal.
 */
export async function allowBenchOrders(ctx: ScenarioContext, tenantId: string): Promise<void> {
  await ctx.ownerQuery(
    `UPDATE subscriptions SET extras = jsonb_build_array(jsonb_build_object('price_id', (SELECT pr.id FROM billing_prices pr
       JOIN billing_products p ON p.id = pr.product_id WHERE p.name = '10,000 more orders' LIMIT 1), 'quantity', 1000))
     WHERE tenant_id = $1`,
    [tenantId],
  );
  await ctx.ownerQuery(`DELETE FROM billing_usage WHERE tenant_id = $1`, [tenantId]);
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** The tables an import writes: analyzed once the tenant has some orders, as autovacuum would have. */
const ORDER_TABLES = 'orders, order_lines, order_allocations, status_events, customers, customer_addresses, inventory_balances, inventory_movements';

/**
 * Before an import run: a tenant that already has orders (5,000 imported through the API from the same
 * factory, so their ids never collide with the run's), and statistics on the order tables. Autovacuum
 * would have analyzed them on a production server; without it (some test servers run with autovacuum
 * off) the planner keeps thinking they are empty, and statements that find lines by order id scan every
 * line of the tenant instead (see the orders bench notes in bench/README.md).
 */
export async function primeOrders(ctx: ScenarioContext, token: string, next: () => Record<string, unknown>, orders = 5000): Promise<void> {
  const started = Date.now();
  for (let done = 0; done < orders; done += 1000) {
    const res = await fetch(`${ctx.baseUrl}/api/1.0/orders/batch`, {
      method: 'POST',
      headers: authJson(token),
      body: JSON.stringify({ orders: Array.from({ length: Math.min(1000, orders - done) }, next) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`priming orders: POST /orders/batch answered ${res.status}: ${text.slice(0, 300)}`);
  }
  await ctx.ownerQuery(`ANALYZE ${ORDER_TABLES}`);
  console.log(`[bench] ${orders} orders imported and the order tables analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/* ------------------------------------------------------------------ the 1M-order history */

export const HISTORY_ORDERS = 1_000_000;
const HISTORY_CUSTOMERS = 100_000;
const HISTORY_DAYS = 365;

export interface OrdersDataset {
  tenantId: string;
  orders: number;
  lines: number;
  allocations: number;
  customers: number;
  byStatus: Record<string, number>;
  loadSeconds: number;
}

/** A number in [0, n) from a text, stable between statements (hashtext; the mask keeps abs() from overflowing). */
const h = (text: string, n: number) => `((hashtext(${text}) & 2147483647) % ${n})`;
const QTY = `(1 + ${h(`'q' || o.g || '.' || l`, 3)})`;
const PRICE = `((500 + ${h(`'p' || o.g || '.' || l`, 9000)})::numeric / 100)`;
const SKU_RN = `(1 + ${h(`'k' || o.g || '.' || l`, 95_000)})`;

/**
 * 1,000,000 orders of Acme over the last 365 days, by SQL as the owner (like inventory-dataset.ts): a
 * minute or two instead of hours through the API. Order n is `AC-<1000+n>` and the numbers grow with
 * created_at (one order every ~32 s); the company's order number sequence continues after the last, so new orders do not collide.
 *
 * - status: closed 70 %, open 15 %, cancelled 5 %, on_hold 4 %, error 3 %, draft 3 %, spread evenly over
 *   the year (so the last 30 days hold ~12,300 open orders);
 * - fulfillment_status follows it: closed → shipped (every line qty_shipped), open and on_hold → allocated
 *   (90 %), partially_allocated (6 %: line 3 backordered), backordered (4 %); the others unallocated;
 * - 3 lines each (3,000,000 order_lines) on the 95,000 regular SKUs, 1–3 units at 5.00–94.99;
 * - allocated lines have their order_allocations row at one of the 5 ilocs, the balances reserve exactly
 *   that (a `received` movement first where the balance was short) and the ledger has one `reserve`
 *   movement per allocation, as the pipeline writes them;
 * - 100,000 customers; each order links one and carries its snapshot and a US shipping address;
 *   errors carry an error_code; half the holds have a future hold_until.
 *
 * Not generated: status_events, shipments and the allocations of shipped lines (no read scenario
 * touches them). Ends with VACUUM ANALYZE: the steady state autovacuum reaches on a live database.
 */
export async function loadOrdersDataset(ctx: ScenarioContext, inventory: InventoryDataset, total = HISTORY_ORDERS): Promise<OrdersDataset> {
  const q = ctx.ownerQuery;
  const started = Date.now();
  const tenantId = await acmeId(ctx);
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t = Date.now();
    await q(text, params);
    console.log(`[bench] orders data: ${label} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  if (inventory.skus !== INVENTORY_SKUS) throw new Error(`the orders data set needs the inventory data set, got ${inventory.skus} SKUs`);

  // A bulk load, as pg_restore does one: the generated rows are consistent by construction, so foreign
  // keys are not checked row by row (session_replication_role skips their triggers; these tables have no
  // others), and the secondary indexes are dropped and built again afterwards, with their own definitions.
  await q(`SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET session_replication_role = replica`);
  const indexes = (await q(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
    WHERE i.indrelid = ANY (ARRAY['orders', 'order_lines', 'order_allocations', 'inventory_movements']::regclass[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`)).map((r) => ({ name: String(r.name), def: String(r.def) }));
  await q(indexes.map((i) => `DROP INDEX ${i.name};`).join('\n'));

  await step('customers', `
    INSERT INTO customers (tenant_id, first_name, last_name, email, phone, created_at, updated_at)
    SELECT $1, (ARRAY['${FIRST_NAMES.join("','")}'])[1 + g % ${FIRST_NAMES.length}], (ARRAY['${LAST_NAMES.join("','")}'])[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      'customer-' || g || '@example.test', '+1 512 555 ' || lpad((g % 10000)::text, 4, '0'),
      now() - interval '${HISTORY_DAYS + 30} days' + g * interval '5 minutes', now() - interval '${HISTORY_DAYS + 30} days' + g * interval '5 minutes'
    FROM generate_series(1, $2::int) g`, [tenantId, HISTORY_CUSTOMERS]);
  await q(`CREATE TEMP TABLE bench_c AS
    SELECT substring(email from 'customer-([0-9]+)@')::int AS rn, id, first_name, last_name, email FROM customers
    WHERE tenant_id = $1 AND email LIKE 'customer-%@example.test'`, [tenantId]);
  await q(`CREATE TEMP TABLE bench_s AS
    SELECT row_number() OVER (ORDER BY sku)::int AS rn, id, sku, name FROM skus WHERE tenant_id = $1 AND type = 'REGULAR' AND sku LIKE 'BNC-%'`, [tenantId]);
  await q(`CREATE TEMP TABLE bench_i AS
    SELECT row_number() OVER (ORDER BY priority, name)::int AS rn, id FROM ilocs WHERE tenant_id = $1 AND archived_at IS NULL`, [tenantId]);
  await step('order plan', `
    CREATE TEMP TABLE bench_o AS
    SELECT g, gen_random_uuid() AS id, st.status,
      CASE WHEN st.status = 'closed' THEN 'shipped'
           WHEN st.status IN ('open', 'on_hold') THEN CASE WHEN f < 90 THEN 'allocated' WHEN f < 96 THEN 'partially_allocated' ELSE 'backordered' END
           ELSE 'unallocated' END AS fulfillment,
      now() - make_interval(secs => ($1::int - g) * (${HISTORY_DAYS} * 86400.0 / $1::int)) - make_interval(secs => ${h(`'t' || g`, 30)}) AS created_at,
      (ARRAY['shopify', 'shopify', 'shopify', 'amazon', 'amazon', 'manual'])[1 + ${h(`'ch' || g`, 6)}] AS channel,
      1 + ${h(`'c' || g`, HISTORY_CUSTOMERS)} AS customer_rn
    FROM generate_series(1, $1::int) g
    CROSS JOIN LATERAL (SELECT ${h(`'s' || g`, 100)} AS s, ${h(`'f' || g`, 100)} AS f) r
    CROSS JOIN LATERAL (SELECT CASE WHEN r.s < 70 THEN 'closed' WHEN r.s < 85 THEN 'open' WHEN r.s < 90 THEN 'cancelled'
                                    WHEN r.s < 94 THEN 'on_hold' WHEN r.s < 97 THEN 'error' ELSE 'draft' END AS status) st`, [total]);
  await q('ANALYZE bench_c; ANALYZE bench_s; ANALYZE bench_i; ANALYZE bench_o');

  await step(`${total} orders`, `
    INSERT INTO orders (tenant_id, id, number, channel, external_id, status, fulfillment_status, error_code, error_message, customer_id,
      customer, billing_address, shipping_address, currency, subtotal, discount_total, tax_total, shipping_total, total, line_count,
      unit_count, hold_until, ship_method, ship_carrier, version, created_at, updated_at, closed_at, cancelled_at)
    SELECT $1, o.id, 'AC-' || (1000 + o.g), o.channel, upper(left(o.channel, 2)) || '-' || (5000000 + o.g), o.status, o.fulfillment,
      CASE WHEN o.status = 'error' THEN (ARRAY['sku_not_found', 'customer_incomplete', 'skus_invalid', 'ship_method'])[1 + o.g % 4] END,
      CASE WHEN o.status = 'error' THEN 'Imported in error (bench data)' END,
      c.id, jsonb_build_object('first_name', c.first_name, 'last_name', c.last_name, 'email', c.email), a.address, a.address,
      'USD', t.subtotal, 0, 0, 7.50, t.subtotal + 7.50, 3, t.units,
      CASE WHEN o.status = 'on_hold' AND o.g % 2 = 0 THEN now() + (1 + o.g % 30) * interval '1 day' END,
      'standard', CASE WHEN o.status = 'closed' THEN (ARRAY['ups', 'usps', 'fedex'])[1 + o.g % 3] END,
      CASE WHEN o.status IN ('closed', 'cancelled') THEN 3 ELSE 1 END,
      o.created_at, CASE WHEN o.status IN ('closed', 'cancelled') THEN least(o.created_at + interval '2 days', now()) ELSE o.created_at END,
      CASE WHEN o.status = 'closed' THEN least(o.created_at + interval '2 days', now()) END,
      CASE WHEN o.status = 'cancelled' THEN least(o.created_at + interval '1 day', now()) END
    FROM bench_o o
    JOIN bench_c c ON c.rn = o.customer_rn
    CROSS JOIN LATERAL (SELECT jsonb_build_object('first_name', c.first_name, 'last_name', c.last_name,
        'address1', (100 + o.g % 9000) || ' Congress Ave', 'city', p.city, 'state', p.state, 'zip', p.zip, 'country', 'US') AS address
      FROM (SELECT (ARRAY['${PLACES.map((p) => p[0]).join("','")}'])[1 + o.customer_rn % ${PLACES.length}] AS city,
                   (ARRAY['${PLACES.map((p) => p[1]).join("','")}'])[1 + o.customer_rn % ${PLACES.length}] AS state,
                   (ARRAY['${PLACES.map((p) => p[2]).join("','")}'])[1 + o.customer_rn % ${PLACES.length}] AS zip) p) a
    CROSS JOIN LATERAL (SELECT sum(${QTY} * ${PRICE}) AS subtotal, sum(${QTY})::int AS units FROM generate_series(1, 3) l) t
    ORDER BY o.g`, [tenantId]);

  await step(`${total * 3} order lines`, `
    INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, name, quantity, price, total, qty_allocated, qty_backordered, qty_shipped)
    SELECT $1, o.id, l, s.sku, s.id, s.name, v.q, v.p, v.q * v.p,
      CASE WHEN o.fulfillment = 'allocated' OR (o.fulfillment = 'partially_allocated' AND l < 3) THEN v.q ELSE 0 END,
      CASE WHEN o.fulfillment = 'backordered' OR (o.fulfillment = 'partially_allocated' AND l = 3) THEN v.q ELSE 0 END,
      CASE WHEN o.status = 'closed' THEN v.q ELSE 0 END
    FROM bench_o o CROSS JOIN generate_series(1, 3) l
    CROSS JOIN LATERAL (SELECT ${QTY} AS q, ${PRICE} AS p, ${SKU_RN} AS k) v
    JOIN bench_s s ON s.rn = v.k
    ORDER BY o.id, l`, [tenantId]);

  await step('allocations', `
    INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity, created_at, updated_at)
    SELECT l.tenant_id, l.order_id, l.id, l.sku_id, i.id, l.qty_allocated, o.created_at, o.created_at
    FROM order_lines l
    JOIN bench_o o ON o.id = l.order_id
    JOIN bench_i i ON i.rn = 1 + ${h(`'i' || o.g || '.' || l.line_no`, 5)}
    WHERE l.tenant_id = $1 AND l.qty_allocated > 0`, [tenantId]);
  await q(`CREATE TEMP TABLE bench_r AS
    SELECT sku_id, iloc_id, sum(quantity)::int AS q FROM order_allocations WHERE tenant_id = $1 GROUP BY sku_id, iloc_id`, [tenantId]);
  await step('reservations', `
    WITH short AS (
      INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, reason, reference_type, reference_id, created_at)
      SELECT $1, r.sku_id, r.iloc_id, r.q - b.qty_good, 'received', 'bench', 'orders', now() - interval '${HISTORY_DAYS + 1} days'
      FROM bench_r r JOIN inventory_balances b ON b.tenant_id = $1 AND b.sku_id = r.sku_id AND b.iloc_id = r.iloc_id
      WHERE b.qty_good < r.q
      RETURNING 1
    ), reserve AS (
      INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_reserved, reason, reference_type, reference_id, created_at)
      SELECT a.tenant_id, a.sku_id, a.iloc_id, a.quantity, 'reserve', 'order', a.order_id::text, a.created_at
      FROM order_allocations a WHERE a.tenant_id = $1
      ORDER BY a.created_at
      RETURNING 1
    )
    UPDATE inventory_balances b SET qty_good = greatest(b.qty_good, r.q), qty_reserved = b.qty_reserved + r.q
    FROM bench_r r WHERE b.tenant_id = $1 AND b.sku_id = r.sku_id AND b.iloc_id = r.iloc_id`, [tenantId]);
  await q('SELECT raise_order_number_floor($1, $2::bigint)', [tenantId, 1000 + total]);
  await q('DROP TABLE bench_c, bench_s, bench_i, bench_o, bench_r');
  await step(`${indexes.length} indexes built again`, indexes.map((i) => `${i.def};`).join('\n'));
  await q('RESET session_replication_role; RESET work_mem; RESET maintenance_work_mem');
  await step('vacuum analyze', 'VACUUM ANALYZE orders, order_lines, order_allocations, customers, inventory_balances, inventory_movements');

  const byStatus = Object.fromEntries((await q(`SELECT status, count(*)::int AS n FROM orders WHERE tenant_id = $1 GROUP BY status ORDER BY status`, [tenantId]))
    .map((r) => [String(r.status), Number(r.n)]));
  const [counts] = await q(`
    SELECT (SELECT count(*) FROM orders WHERE tenant_id = $1)::int AS orders, (SELECT count(*) FROM order_lines WHERE tenant_id = $1)::int AS lines,
      (SELECT count(*) FROM order_allocations WHERE tenant_id = $1)::int AS allocations, (SELECT count(*) FROM customers WHERE tenant_id = $1)::int AS customers`, [tenantId]);
  const dataset: OrdersDataset = {
    tenantId,
    orders: Number(counts?.orders),
    lines: Number(counts?.lines),
    allocations: Number(counts?.allocations),
    customers: Number(counts?.customers),
    byStatus,
    loadSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
  console.log(`[bench] orders data: ${JSON.stringify(dataset)}`);
  return dataset;
}
