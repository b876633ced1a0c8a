import { seededRandom } from '@omnio/domain';
import type { Scenario } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';
import { HISTORY_ORDERS, loadOrdersDataset } from './orders-dataset';

/** Closed orders that get a shipment with a tracking number (700,000 of the 1,000,000 are closed). */
const SHIPPED = 700_000;

/**
 * The header search (issue 24, docs/api-search.md): `GET /api/1.0/search?q=…&limit=5` as tenant@acme.test,
 * who reads every group, on the 1,000,000-order tenant of orders-dataset.ts (100,000 SKUs, 100,000
 * customers) plus a shipment with a tracking number for 700,000 closed orders. The requests cycle through
 * the texts people type: an order number, its digits alone, an external id, a number prefix matching
 * 100,000 orders, a SKU code prefix, a SKU name word, a customer's name, a tracking number, and a text
 * nothing matches (the worst case: the ILIKE scans of customers and products find nothing to stop early).
 * Target: p95 < 50 ms.
 *   npm run bench -- search --connections 1,10
 */
export const search: Scenario = {
  name: 'search',
  description: `GET /api/1.0/search?q=<number, external id, SKU, customer, tracking, no match>&limit=5 over ${HISTORY_ORDERS.toLocaleString('en-US')} orders`,
  target: { minRequestsPerSecond: 0, maxP95Ms: 50 },
  async prepare(ctx) {
    const inventory = await loadInventoryDataset(ctx);
    const orders = await loadOrdersDataset(ctx, inventory);
    const started = Date.now();
    const [iloc] = await ctx.ownerQuery(`SELECT id FROM ilocs WHERE tenant_id = $1 AND archived_at IS NULL ORDER BY priority, name LIMIT 1`, [orders.tenantId]);
    await ctx.ownerQuery(`DELETE FROM shipments WHERE tenant_id = $1 AND number LIKE 'BS-%'`, [orders.tenantId]);
    await ctx.ownerQuery(`
      INSERT INTO shipments (tenant_id, order_id, number, status, iloc_id, carrier, tracking, ship_date, created_at, updated_at)
      SELECT o.tenant_id, o.id, 'BS-' || o.number, 'shipped', $2, o.ship_carrier, '1Z' || upper(substr(md5(o.number), 1, 16)), o.closed_at, o.closed_at, o.closed_at
      FROM orders o WHERE o.tenant_id = $1 AND o.status = 'closed' ORDER BY o.created_at LIMIT $3`, [orders.tenantId, iloc!.id, SHIPPED]);
    await ctx.ownerQuery('VACUUM ANALYZE shipments');
    console.log(`[bench] search: ${SHIPPED} shipments with tracking in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const sample = await ctx.ownerQuery(`
      SELECT o.number, o.external_id, o.customer->>'last_name' AS last_name, s.tracking
      FROM orders o TABLESAMPLE SYSTEM (2) REPEATABLE (24) LEFT JOIN shipments s ON s.tenant_id = o.tenant_id AND s.order_id = o.id
      WHERE o.tenant_id = $1 LIMIT 2000`, [orders.tenantId]);
    const tracked = sample.filter((r) => r.tracking);
    if (sample.length < 1000 || tracked.length < 500) throw new Error(`sampled ${sample.length} orders, ${tracked.length} with tracking`);
    const rand = seededRandom(24);
    const pick = <T,>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
    const texts: (() => string)[] = [
      () => String(pick(sample).number),
      () => String(pick(sample).number).replace(/^\D+/, ''),
      () => String(pick(sample).external_id),
      () => `AC-${1 + Math.floor(rand() * 9)}${Math.floor(rand() * 10)}`,
      () => `bnc-0${String(Math.floor(rand() * 1000)).padStart(3, '0')}`,
      () => `item ${String(1 + Math.floor(rand() * 99_999)).padStart(6, '0')}`,
      () => String(pick(sample).last_name),
      () => String(pick(tracked).tracking),
      () => `zq${Math.floor(rand() * 1e6).toString(36)}x`,
    ];
    let n = 0;
    const nextPath = () => `/api/1.0/search?q=${encodeURIComponent(texts[n++ % texts.length]!())}&limit=5`;
    return {
      method: 'GET',
      path: '/api/1.0/search?q=AC-1001&limit=5',
      nextPath,
      headers: { authorization: `Bearer ${inventory.token}`, accept: 'application/json' },
      expectStatus: 200,
      check(body) {
        const groups = (body as { data?: { groups?: { kind: string; items: unknown[] }[] } }).data?.groups;
        // The first request searches a sampled order's number.
        if (!groups?.some((g) => g.kind === 'orders' && g.items.length > 0)) return `no order found: ${JSON.stringify(body).slice(0, 300)}`;
        return null;
      },
    };
  },
};
