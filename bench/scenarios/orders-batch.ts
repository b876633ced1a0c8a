import type { LoadPlan, Scenario } from '../lib/types';
import { authJson, loadInventoryDataset } from './inventory-dataset';
import { acmeId, allowBenchOrders, orderFactory, parseJson, primeOrders, runTag, tallyOrders, verifyImport } from './orders-dataset';

export const PER_REQUEST = 1000;
export const ORDERS = 100_000;

/**
 * The channel import path (issue 4): 100,000 orders of 3 lines through `POST /api/1.0/orders/batch`,
 * 1,000 per request (the API's maximum), each request with its own external ids, over the 100k-SKU ×
 * 5-iloc inventory data set so that every order really resolves, allocates and reserves. The measured
 * run is exactly 100 requests (100,000 orders) whatever --duration says; before it, 5,000 orders are
 * imported and the order tables analyzed (primeOrders), and the warm-up imports more on top.
 * Target: ≥ 2,000 orders/s including allocation and reservation. Afterwards the database is checked:
 * ≥ 99 % of the answered orders open, none a duplicate, every order numbered, reservations equal to the
 * allocations and to the ledger's reserve movements. Batches lock the balances they draw on, so a few
 * connections are enough:
 *   npm run bench -- orders-batch --connections 1,2,4 --warmup 5
 */
export const ordersBatch: Scenario = {
  name: 'orders-batch',
  description: `import ${ORDERS.toLocaleString('en-US')} orders x 3 lines via POST /api/1.0/orders/batch, ${PER_REQUEST} per request, with allocation and reservation`,
  target: { minRequestsPerSecond: 0, minUnitsPerSecond: 2000, unit: 'orders' },
  async prepare(ctx) {
    const data = await loadInventoryDataset(ctx);
    const tenantId = await acmeId(ctx);
    await allowBenchOrders(ctx, tenantId);
    const tag = runTag();
    const next = orderFactory(tag);
    await primeOrders(ctx, data.token, next);
    return { ...batchPlan(data.token, next), verify: (run) => verifyImport(ctx, tenantId, tag, run) };
  },
};

/**
 * The measured request of orders-batch: 100 batches of 1,000 orders from `next`, each answer checked (≥ 99 %
 * open) and tallied. rules-batch sends exactly the same, so the two compare the same work.
 */
export function batchPlan(token: string, next: () => Record<string, unknown>): Omit<LoadPlan, 'verify'> {
  return {
    method: 'POST',
    path: '/api/1.0/orders/batch',
    headers: authJson(token),
    nextBody: () => JSON.stringify({ orders: Array.from({ length: PER_REQUEST }, next) }),
    expectStatus: 200,
    requestCount: ORDERS / PER_REQUEST,
    timeoutSeconds: 120,
    unit: 'orders',
    check(body) {
      const items = (body as { data?: { status?: string; duplicate?: boolean; errors?: unknown }[] }).data ?? [];
      if (items.length !== PER_REQUEST) return `${items.length} results, expected ${PER_REQUEST}`;
      const t = tallyOrders(items);
      if ((t.open ?? 0) < PER_REQUEST * 0.99) return `only ${t.open ?? 0} of ${PER_REQUEST} orders are open: ${JSON.stringify(t)}`;
      return null;
    },
    tally(status, body) {
      if (status !== 200) return {};
      const items = (parseJson(body) as { data?: { status?: string; duplicate?: boolean; errors?: unknown }[] } | null)?.data;
      return Array.isArray(items) ? tallyOrders(items) : { unreadable: 1 };
    },
  };
}
