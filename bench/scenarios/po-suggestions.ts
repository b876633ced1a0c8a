import type { Scenario } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';
import { acmeId, loadOrdersDataset } from './orders-dataset';

/** A year of orders: ~55,000 in the 30-day window, on the 95,000 regular SKUs. */
const HISTORY = 200_000;

/**
 * The PO-by-SKUs screen's query over a large catalog (issue 5 names no target; measured for the note):
 * 100,000 SKUs × 5 ilocs, 200,000 orders over a year, every regular SKU priced by two suppliers (the
 * cheaper one is suggested). `GET /purchase-orders/suggestions` for the first iloc, 30-day window, 30
 * days of cover, the first page of 100 SKUs that need ordering — what the screen asks when it opens.
 *   npm run bench -- po-suggestions --connections 1,4
 */
export const poSuggestions: Scenario = {
  name: 'po-suggestions',
  description: 'GET /api/1.0/purchase-orders/suggestions (30-day window, per_page 100) over 100k SKUs, 200k orders, 2 suppliers per SKU',
  target: { minRequestsPerSecond: 0 },
  async prepare(ctx) {
    const inventory = await loadInventoryDataset(ctx);
    await loadOrdersDataset(ctx, inventory, HISTORY);
    const q = ctx.ownerQuery;
    const tenant = await acmeId(ctx);
    const [other] = await q(`INSERT INTO suppliers (tenant_id, name, email, lead_time_days) VALUES ($1, 'Bench Second Source', 'second@bench.test', 21) RETURNING id`, [tenant]);
    await q(`UPDATE suppliers SET lead_time_days = 14 WHERE tenant_id = $1 AND name = 'Northwind Supply'`, [tenant]);
    await q(`
      INSERT INTO supplier_skus (tenant_id, supplier_id, sku_id, supplier_sku, cost)
      SELECT s.tenant_id, sp.id, s.id, 'SUP-' || s.sku, ((hashtext(sp.name || s.sku) & 1023) + 100)::numeric / 100
      FROM skus s JOIN suppliers sp ON sp.tenant_id = s.tenant_id AND sp.id IN ((SELECT id FROM suppliers WHERE tenant_id = $1 AND name = 'Northwind Supply'), $2::uuid)
      WHERE s.tenant_id = $1 AND s.type = 'REGULAR' AND s.sku LIKE 'BNC-%'`, [tenant, other?.id]);
    await q('ANALYZE supplier_skus, suppliers');
    const path = `/api/1.0/purchase-orders/suggestions?iloc_id=${inventory.ilocIds[0]}&window_days=30&cover_days=30&per_page=100`;
    return {
      method: 'GET',
      path,
      headers: { authorization: `Bearer ${inventory.token}`, accept: 'application/json' },
      expectStatus: 200,
      timeoutSeconds: 60,
      check(body) {
        const page = body as { data?: { suggested_quantity?: number; supplier?: { id: string } | null; velocity?: string }[]; total?: number };
        if (!page.data?.length) return 'no suggestions: the sales history did not reach the query';
        if (!page.data.every((r) => (r.suggested_quantity ?? 0) > 0)) return 'a row suggests nothing although only_needed is on';
        if (!page.data.every((r) => r.supplier?.id)) return 'a row has no supplier although every SKU is priced';
        return null;
      },
    };
  },
};
