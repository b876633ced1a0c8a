import type { Scenario } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';
import { HISTORY_ORDERS, loadOrdersDataset } from './orders-dataset';

/** How many different open orders the requests cycle through (so that not every request reads the same pages). */
const SAMPLE = 10_000;

/**
 * The order page (issue 4): `GET /api/1.0/orders/{id}` of an open, allocated order (3 lines, each with its
 * allocation) in the 1,000,000-order tenant of orders-dataset.ts. The requests cycle through 10,000
 * different open orders picked at random. Target: p95 < 20 ms (judged on p95; p99 is reported beside it).
 *   npm run bench -- orders-detail --connections 1,10,50 --duration 20
 */
export const ordersDetail: Scenario = {
  name: 'orders-detail',
  description: `GET /api/1.0/orders/{id} of open orders (${SAMPLE.toLocaleString('en-US')} of them in turn) among ${HISTORY_ORDERS.toLocaleString('en-US')} orders`,
  target: { minRequestsPerSecond: 0, maxP95Ms: 20 },
  async prepare(ctx) {
    const inventory = await loadInventoryDataset(ctx);
    const orders = await loadOrdersDataset(ctx, inventory);
    const ids = (await ctx.ownerQuery(
      `SELECT id FROM orders TABLESAMPLE SYSTEM (10) REPEATABLE (7)
       WHERE tenant_id = $1 AND status = 'open' AND fulfillment_status = 'allocated' LIMIT $2`,
      [orders.tenantId, SAMPLE],
    )).map((r) => String(r.id));
    if (ids.length < SAMPLE / 2) throw new Error(`only ${ids.length} open orders sampled`);
    let n = 0;
    const nextPath = () => `/api/1.0/orders/${ids[n++ % ids.length]!}`;
    return {
      method: 'GET',
      path: `/api/1.0/orders/${ids[0]!}`,
      nextPath,
      headers: { authorization: `Bearer ${inventory.token}`, accept: 'application/json' },
      expectStatus: 200,
      check(body) {
        const order = (body as { data?: { status?: string; lines?: { allocations?: unknown[] }[] } }).data;
        if (order?.status !== 'open') return `status ${String(order?.status)}, expected open`;
        if (order.lines?.length !== 3) return `${String(order.lines?.length)} lines, expected 3`;
        if (!order.lines.every((l) => (l.allocations?.length ?? 0) === 1)) return 'a line does not have its allocation';
        return null;
      },
    };
  },
};
