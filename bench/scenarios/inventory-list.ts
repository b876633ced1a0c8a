import type { Scenario } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';

const PATH = '/api/1.0/inventory?per_page=100&search=BNC-0123';

/**
 * The /inventory grid over a large catalog: 100,000 SKUs × 5 ilocs, a search (prefix of the SKU code or
 * name, 100 SKUs = 500 rows match), one page of 100 with its total. Target from issue 3: p95 < 50 ms; the
 * harness judges p99, the stricter figure.
 */
export const inventoryList: Scenario = {
  name: 'inventory-list',
  description: `GET ${PATH} as tenant@acme.test over 100k SKUs x 5 ilocs`,
  target: { minRequestsPerSecond: 0, maxP99Ms: 50 },
  async prepare(ctx) {
    const data = await loadInventoryDataset(ctx);
    console.log(`[bench] inventory: ${data.skus} SKUs, ${data.balances} balances, ${data.movements} movements`);
    return {
      method: 'GET',
      path: PATH,
      headers: { authorization: `Bearer ${data.token}`, accept: 'application/json' },
      expectStatus: 200,
      check(body) {
        const page = body as { data?: { sku?: string }[]; total?: number };
        if (page.total !== 500) return `total is ${String(page.total)}, expected 500`;
        if (page.data?.length !== 100) return `${String(page.data?.length)} rows, expected 100`;
        if (!page.data.every((r) => r.sku?.startsWith('BNC-0123'))) return 'a row does not match the search';
        return null;
      },
    };
  },
};
