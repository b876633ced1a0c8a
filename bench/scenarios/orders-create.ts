import type { Scenario } from '../lib/types';
import { authJson, loadInventoryDataset } from './inventory-dataset';
import { acmeId, allowBenchOrders, orderFactory, parseJson, primeOrders, runTag, tallyOrders, verifyImport } from './orders-dataset';

/**
 * One order at a time (issue 4): `POST /api/1.0/orders` with 3 lines, a fresh external id per request,
 * over the 100k-SKU × 5-iloc inventory data set, so each order resolves, allocates and reserves and the
 * answer is the whole order. Target: ≥ 300 orders/s at 16 concurrent connections. Before it, 5,000
 * orders are imported and the order tables analyzed (primeOrders); afterwards the database is checked as
 * for orders-batch (open, numbered, reservations equal to the allocations).
 *   npm run bench -- orders-create --connections 16
 */
export const ordersCreate: Scenario = {
  name: 'orders-create',
  description: 'POST /api/1.0/orders, one order of 3 lines with allocation and reservation (run with --connections 16)',
  target: { minRequestsPerSecond: 300 },
  async prepare(ctx) {
    const data = await loadInventoryDataset(ctx);
    const tenantId = await acmeId(ctx);
    await allowBenchOrders(ctx, tenantId);
    const tag = runTag();
    const next = orderFactory(tag);
    await primeOrders(ctx, data.token, next);
    return {
      method: 'POST',
      path: '/api/1.0/orders',
      headers: authJson(data.token),
      nextBody: () => JSON.stringify(next()),
      expectStatus: 201,
      unit: 'orders',
      check(body) {
        const order = (body as { data?: { status?: string; lines?: { allocations?: unknown[] }[] } }).data;
        if (order?.status !== 'open') return `status ${String(order?.status)}, expected open`;
        if (order.lines?.length !== 3) return `${String(order.lines?.length)} lines, expected 3`;
        if (!order.lines.every((l) => (l.allocations?.length ?? 0) > 0)) return 'a line has no allocation';
        return null;
      },
      tally(status, body) {
        if (status !== 201 && status !== 200) return {};
        const answer = parseJson(body) as { data?: { status?: string }; duplicate?: boolean } | null;
        return answer?.data ? tallyOrders([{ ...answer.data, ...(answer.duplicate ? { duplicate: true } : {}) }]) : { unreadable: 1 };
      },
      verify: (run) => verifyImport(ctx, tenantId, tag, run),
    };
  },
};
