import type { Scenario, ScenarioContext, Tally, Verification } from '../lib/types';
import { authJson } from './inventory-dataset';

const LINES = 5_000;
const RUNS = 5;
/** Shipments beyond the check request and the measured runs, for a short warm-up. */
const SPARE = 10;
const SHIPMENTS = 1 + RUNS + SPARE;

/**
 * Receiving an ASN of 5,000 lines (issue 5: "< 2 s on real PostgreSQL"). Acme gets 5,000 SKUs, a dock
 * iloc and purchase orders of 5,000 lines each to Northwind Supply, written as SQL; then, through the API
 * as a user would, an ASN of all 5,000 lines is created and shipped for each PO (the units go in transit
 * at the dock through the ledger; those times are printed). The measured request is
 * `POST /api/1.0/supply-shipments/{id}/receive` of all 5,000 lines, one of them a unit short, so every
 * receipt closes in `discrepancy` — each request on a fresh shipment, one at a time:
 *   npm run bench -- asn-receive --connections 1 --warmup 0
 * (a warm-up or more connections use up the prepared shipments: at most SPARE requests of warm-up).
 * Afterwards the database is checked: the received shipments are in discrepancy with exactly one short
 * line, the dock's balances equal the sums of their movements, and what is still in transit equals the
 * outstanding units of the shipments not yet received.
 */
export const asnReceive: Scenario = {
  name: 'asn-receive',
  description: `receive an ASN of ${LINES.toLocaleString('en-US')} lines (one short) via POST /api/1.0/supply-shipments/{id}/receive, ${RUNS} runs one at a time (run with --connections 1 --warmup 0)`,
  target: { minRequestsPerSecond: 0, maxP99Ms: 2000 },
  async prepare(ctx) {
    const q = ctx.ownerQuery;
    const [acme] = await q(`SELECT id FROM companies WHERE name = 'Acme Outfitters'`);
    const tenant = String(acme?.id);
    const [supplier] = await q(`SELECT id FROM suppliers WHERE tenant_id = $1 AND name = 'Northwind Supply'`, [tenant]);
    const [dock] = await q(`INSERT INTO ilocs (tenant_id, name, code) VALUES ($1, 'Bench Dock', 'BNC-DOCK') RETURNING id`, [tenant]);
    await q(`
      INSERT INTO skus (tenant_id, sku, name, type)
      SELECT $1, 'ASN-' || lpad(g::text, 6, '0'), 'Inbound item ' || lpad(g::text, 6, '0'), 'REGULAR' FROM generate_series(1, $2::int) g`, [tenant, LINES]);
    const pos = await q(`
      INSERT INTO purchase_orders (tenant_id, number, supplier_id, iloc_id, status, sent_at)
      SELECT $1, 'PO-BNC-' || lpad(g::text, 4, '0'), $2, $3, 'sent', now() FROM generate_series(1, $4::int) g
      RETURNING id, number`, [tenant, supplier?.id, dock?.id, SHIPMENTS]);
    await q(`
      INSERT INTO purchase_order_lines (tenant_id, purchase_order_id, line_no, sku_id, sku, name, quantity, unit_cost, net_price)
      SELECT $1, po.id, row_number() OVER (PARTITION BY po.id ORDER BY s.sku), s.id, s.sku, s.name, 10 + (hashtext(s.sku) & 15), 1.25, 1.25
      FROM purchase_orders po JOIN skus s ON s.tenant_id = po.tenant_id AND s.sku LIKE 'ASN-%'
      WHERE po.tenant_id = $1 AND po.number LIKE 'PO-BNC-%'`, [tenant]);
    await q('ANALYZE');

    const token = await ctx.signIn('tenant@acme.test', 'Omnio#Tenant1');
    const headers = authJson(token);
    const call = async (method: string, path: string, body?: unknown): Promise<{ ms: number; json: Record<string, unknown> }> => {
      const started = performance.now();
      const res = await fetch(ctx.baseUrl + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
      return { ms: performance.now() - started, json: JSON.parse(text) as Record<string, unknown> };
    };

    const receipts: { id: string; body: string }[] = [];
    const createMs: number[] = [];
    const shipMs: number[] = [];
    for (const [n, po] of pos.entries()) {
      const lines = await q(`SELECT id, quantity FROM purchase_order_lines WHERE tenant_id = $1 AND purchase_order_id = $2 ORDER BY line_no`, [tenant, po.id]);
      const created = await call('POST', `/api/1.0/purchase-orders/${po.id}/shipments`, {
        asn_number: `ASN-BNC-${String(n + 1).padStart(4, '0')}`, carrier: 'Bench Freight', tracking_number: `TRK${n + 1}`,
        lines: lines.map((l) => ({ line_id: l.id, quantity: Number(l.quantity) })),
      });
      createMs.push(created.ms);
      const shipment = created.json.data as { id: string; lines: { id: string; qty_expected: number }[] };
      shipMs.push((await call('POST', `/api/1.0/supply-shipments/${shipment.id}/ship`, {})).ms);
      // Every line as expected, except line 2500, one unit short: the receipt closes in discrepancy.
      const receive = shipment.lines.map((l, i) => ({ line_id: l.id, good: i === LINES / 2 - 1 ? l.qty_expected - 1 : l.qty_expected, hold: 0, hurt: 0 }));
      receipts.push({ id: shipment.id, body: JSON.stringify({ lines: receive, note: 'bench receipt' }) });
    }
    const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
    console.log(`[bench] asn-receive: ${SHIPMENTS} ASNs of ${LINES} lines: create ${fmt(createMs)}; ship ${fmt(shipMs)}`);

    // nextPath and nextBody are each called once per request, in either order: separate cursors stay paired.
    let pathAt = 0;
    let bodyAt = 0;
    const pick = (i: number) => receipts[Math.min(i, receipts.length - 1)]!;
    const received: string[] = [];
    return {
      method: 'POST',
      path: `/api/1.0/supply-shipments/${receipts[0]!.id}/receive`,
      headers,
      nextPath: () => {
        const r = pick(pathAt++);
        received.push(r.id);
        return `/api/1.0/supply-shipments/${r.id}/receive`;
      },
      nextBody: () => pick(bodyAt++).body,
      expectStatus: 200,
      requestCount: RUNS,
      timeoutSeconds: 60,
      unit: 'receipts',
      check(body) {
        const data = (body as { data?: { status?: string; lines?: { discrepancy: number }[] } }).data;
        if (data?.status !== 'discrepancy') return `status ${data?.status}, expected discrepancy`;
        const off = (data.lines ?? []).filter((l) => l.discrepancy !== 0);
        if ((data.lines ?? []).length !== LINES || off.length !== 1 || off[0]!.discrepancy !== -1) return `expected ${LINES} lines with one short by 1`;
        return null;
      },
      tally(status, body): Tally {
        if (status !== 200) return { failed: 1 };
        return { receipts: 1, [body.includes('"status":"discrepancy"') ? 'discrepancy' : 'other']: 1 };
      },
      verify: () => verifyReceipts(ctx, tenant, String(dock?.id), received),
    };
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function verifyReceipts(ctx: ScenarioContext, tenant: string, dock: string, requested: string[]): Promise<Verification> {
  const q = ctx.ownerQuery;
  const problems: string[] = [];
  const [shipments] = await q(`
    SELECT count(*) FILTER (WHERE status = 'discrepancy')::int AS discrepancy, count(*) FILTER (WHERE status = 'in_transit')::int AS in_transit,
      count(*)::int AS total
    FROM supply_shipments WHERE tenant_id = $1 AND asn_number LIKE 'ASN-BNC-%'`, [tenant]);
  const [short] = await q(`
    SELECT count(*)::int AS n FROM supply_shipment_lines l JOIN supply_shipments s ON s.tenant_id = l.tenant_id AND s.id = l.shipment_id
    WHERE s.tenant_id = $1 AND s.status = 'discrepancy' AND l.qty_good + l.qty_hold + l.qty_hurt <> l.qty_expected`, [tenant]);
  const [ledger] = await q(`
    WITH sums AS (
      SELECT sku_id, sum(delta_good)::int AS g, sum(delta_hold)::int AS h, sum(delta_hurt)::int AS u, sum(delta_in_transit)::int AS t, sum(delta_reserved)::int AS r
      FROM inventory_movements WHERE tenant_id = $1 AND iloc_id = $2 GROUP BY sku_id)
    SELECT count(*)::int AS off FROM inventory_balances b FULL JOIN sums s ON s.sku_id = b.sku_id
    WHERE (b.tenant_id = $1 AND b.iloc_id = $2 OR b.sku_id IS NULL)
      AND (coalesce(b.qty_good, 0) <> coalesce(s.g, 0) OR coalesce(b.qty_hold, 0) <> coalesce(s.h, 0) OR coalesce(b.qty_hurt, 0) <> coalesce(s.u, 0)
        OR coalesce(b.qty_in_transit, 0) <> coalesce(s.t, 0) OR coalesce(b.qty_reserved, 0) <> coalesce(s.r, 0))`, [tenant, dock]);
  const [transit] = await q(`
    SELECT (SELECT coalesce(sum(qty_in_transit), 0) FROM inventory_balances WHERE tenant_id = $1 AND iloc_id = $2)::bigint AS balances,
      (SELECT coalesce(sum(l.qty_expected), 0) FROM supply_shipment_lines l JOIN supply_shipments s ON s.tenant_id = l.tenant_id AND s.id = l.shipment_id
       WHERE s.tenant_id = $1 AND s.status = 'in_transit')::bigint AS outstanding`, [tenant, dock]);
  const discrepancy = Number(shipments?.discrepancy ?? 0);
  const distinct = new Set(requested).size;
  if (Number(short?.n) !== discrepancy) problems.push(`${short?.n} short lines over ${discrepancy} shipments in discrepancy, expected one each`);
  if (Number(ledger?.off)) problems.push(`${ledger?.off} dock balances differ from the sum of their movements`);
  if (Number(transit?.balances) !== Number(transit?.outstanding)) problems.push(`in transit ${transit?.balances} at the dock, but ${transit?.outstanding} outstanding on shipments`);
  if (discrepancy < Math.min(distinct, RUNS)) problems.push(`only ${discrepancy} shipments received, ${distinct} requested`);
  return { facts: { shipments: Number(shipments?.total), received: discrepancy, still_in_transit: Number(shipments?.in_transit), lines_per_shipment: LINES }, problems };
}
