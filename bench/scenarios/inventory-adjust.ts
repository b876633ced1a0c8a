import type { Scenario } from '../lib/types';
import { authJson, loadInventoryDataset } from './inventory-dataset';

const ROWS = 10_000;

/**
 * One atomic 10,000-row adjustment batch (+1 good on 10,000 SKUs at one iloc, each a movement) over the
 * 100k-SKU catalog. Target from issue 3: < 2 s per batch. Every batch locks the same 10,000 balances, so
 * concurrent batches queue behind each other: run it with one connection to time a batch, not the queue:
 *   npm run bench -- inventory-adjust --connections 1 --warmup 2 --duration 20
 */
export const inventoryAdjust: Scenario = {
  name: 'inventory-adjust',
  description: `POST /api/1.0/inventory/adjustments with ${ROWS} rows (run with --connections 1)`,
  target: { minRequestsPerSecond: 0, maxP99Ms: 2000 },
  async prepare(ctx) {
    const data = await loadInventoryDataset(ctx);
    const iloc = data.ilocIds[0]!;
    const adjustments = Array.from({ length: ROWS }, (_, i) => ({
      sku: `BNC-${String(i + 1).padStart(6, '0')}`, iloc_id: iloc, bucket: 'good', delta: 1, reason: 'received',
    }));
    return {
      method: 'POST',
      path: '/api/1.0/inventory/adjustments',
      headers: authJson(data.token),
      body: JSON.stringify({ adjustments }),
      expectStatus: 201,
      check(body) {
        const d = (body as { data?: { movements?: number; balances?: unknown[] } }).data;
        if (d?.movements !== ROWS) return `movements ${String(d?.movements)}, expected ${ROWS}`;
        if (d.balances?.length !== ROWS) return `balances ${String(d.balances?.length)}, expected ${ROWS}`;
        return null;
      },
    };
  },
};
