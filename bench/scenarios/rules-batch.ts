import type { Scenario, ScenarioContext, Tally, Verification } from '../lib/types';
import { loadInventoryDataset } from './inventory-dataset';
import { batchPlan, ORDERS, PER_REQUEST } from './orders-batch';
import { acmeId, allowBenchOrders, orderFactory, primeOrders, runTag, verifyImport } from './orders-dataset';
import { createBenchFlows } from './rules-dataset';


/**
 * orders-batch with the rules engine on (the rules issue: "orders-batch with 20 active rules at the
 * before-import hook stays within 15 % of its throughput without rules"): the same data set, orders,
 * 100 requests of 1,000, checks and database verification, but 20 active before_import_order flows
 * (rules-dataset.ts) are created after the data set is loaded and before the 5,000 priming orders, so every
 * order of the priming, the warm-up and the measured run passes them, with its trace written. The target
 * is orders-batch's own; the figure is the ratio to an orders-batch run on the same machine in the
 * same minutes:
 *   npm run bench -- rules-batch --connections 2 --warmup 5
 *   npm run bench -- orders-batch --connections 2 --warmup 5
 */
export const rulesBatch: Scenario = {
  name: 'rules-batch',
  description: `orders-batch with 20 active rules at before_import_order: import ${ORDERS.toLocaleString('en-US')} orders x 3 lines via POST /api/1.0/orders/batch, ${PER_REQUEST} per request; compare with orders-batch run in the same minutes (the issue: within 15 %)`,
  target: { minRequestsPerSecond: 0, minUnitsPerSecond: 2000, unit: 'orders' },
  async prepare(ctx) {
    const data = await loadInventoryDataset(ctx);
    const tenantId = await acmeId(ctx);
    await allowBenchOrders(ctx, tenantId);
    const flowIds = await createBenchFlows(ctx, data.token, data.ilocIds);
    const tag = runTag();
    const next = orderFactory(tag);
    await primeOrders(ctx, data.token, next);
    return { ...batchPlan(data.token, next), verify: (run) => verifyWithRules(ctx, tenantId, tag, flowIds, run) };
  },
};

/**
 * orders-batch's checks, then what shows the flows really ran on the run's orders: a trace on every one of
 * them, none in error, and their effects as written (Texas allocated only at Dallas, tags, custom fields, ship
 * methods).
 */
async function verifyWithRules(ctx: ScenarioContext, tenantId: string, tag: string, flowIds: string[], run: { tally: Tally }): Promise<Verification> {
  const base = await verifyImport(ctx, tenantId, tag, run);
  const like = `${tag}-%`;
  const [effects] = await ctx.ownerQuery(`
    SELECT count(*)::int AS orders,
      count(*) FILTER (WHERE t.n > 0)::int AS traced,
      count(*) FILTER (WHERE t.errors > 0)::int AS traced_in_error,
      count(*) FILTER (WHERE o.metadata->'tags' ? 'shopify')::int AS tagged_shopify,
      count(*) FILTER (WHERE o.metadata->>'customer_segment' = 'web-shop')::int AS segment_set,
      count(*) FILTER (WHERE o.metadata->>'returns' IS NOT NULL)::int AS returns_set,
      count(*) FILTER (WHERE o.ship_method = 'express')::int AS express,
      count(*) FILTER (WHERE o.ship_method = 'expedited')::int AS expedited,
      count(*) FILTER (WHERE o.notes IS NOT NULL AND o.notes <> '')::int AS with_notes,
      count(*) FILTER (WHERE o.shipping_address->>'state' = 'TX')::int AS texas,
      count(*) FILTER (WHERE o.shipping_address->>'state' = 'TX' AND NOT EXISTS (
        SELECT 1 FROM order_allocations a JOIN ilocs i ON i.tenant_id = a.tenant_id AND i.id = a.iloc_id
        WHERE a.tenant_id = o.tenant_id AND a.order_id = o.id AND i.code <> 'BNC-DAL'))::int AS texas_only_dallas
    FROM orders o
    CROSS JOIN LATERAL (SELECT count(*)::int AS n, count(*) FILTER (WHERE r.error)::int AS errors FROM rule_traces r
      WHERE r.tenant_id = o.tenant_id AND r.subject_type = 'order' AND r.subject_id = o.id) t
    WHERE o.tenant_id = $1 AND o.channel = 'shopify' AND o.external_id LIKE $2`, [tenantId, like]);
  const [flows] = await ctx.ownerQuery(`SELECT count(*) FILTER (WHERE status = 'active')::int AS active FROM rule_flows WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, flowIds]);
  const problems = [...base.problems];
  const n = (v: unknown) => Number(v ?? 0);
  if (n(flows?.active) !== flowIds.length) problems.push(`${n(flows?.active)} of the ${flowIds.length} flows are active`);
  if (n(effects?.traced) !== n(effects?.orders)) problems.push(`${n(effects?.traced)} of ${n(effects?.orders)} orders have a rule trace`);
  if (n(effects?.traced_in_error) > 0) problems.push(`${n(effects?.traced_in_error)} orders have a trace in error`);
  if (n(effects?.tagged_shopify) !== n(effects?.orders)) problems.push(`${n(effects?.tagged_shopify)} of ${n(effects?.orders)} orders carry the shopify tag`);
  if (n(effects?.texas_only_dallas) !== n(effects?.texas)) problems.push(`${n(effects?.texas) - n(effects?.texas_only_dallas)} Texas orders allocated outside Dallas`);
  return { facts: { ...base.facts, rules: { flows: flowIds.length, active: n(flows?.active), effects } }, problems };
}
