import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { enterTenant } from '../../platform/db/privileged';
import { queryRows } from '../../platform/db/rows';

/** docs/api-billing.md "Demo data": three plans, two extras (cents; orders a month). */
export const DEMO_BILLING_PRODUCTS = [
  { type: 'base_plan', name: 'Starter', sort: 10, cents: 1900, orders: 1000, features: ['1,000 orders a month', 'Email support'] },
  { type: 'base_plan', name: 'Growth', sort: 20, cents: 4900, orders: 5000, features: ['5,000 orders a month', 'Automation rules', 'Email support'] },
  { type: 'base_plan', name: 'Scale', sort: 30, cents: 19900, orders: 50000, features: ['50,000 orders a month', 'Automation rules', 'Priority support'] },
  { type: 'addon', name: '1,000 more orders', sort: 10, cents: 1500, orders: 1000, features: ['1,000 more orders a month'] },
  { type: 'addon', name: '10,000 more orders', sort: 20, cents: 9900, orders: 10000, features: ['10,000 more orders a month'] },
] as const;

/**
 * The demo catalogue and the two demo companies' manual subscriptions (Acme on Scale, Globex on Starter),
 * written in the seed's transaction. Answers the price id of each product by name.
 */
export async function seedDemoBilling(tx: Tx, companies: { acmeId: string; globexId: string }): Promise<Record<string, string>> {
  const priceOf: Record<string, string> = {};
  for (const p of DEMO_BILLING_PRODUCTS) {
    const data = { description: `${p.name}: ${p.orders.toLocaleString('en-US')} orders a month`, marketing_features: p.features.map((name) => ({ name })), features: { orders: p.orders } };
    const [product] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO billing_products (type, name, sort, data) VALUES (${p.type}, ${p.name}, ${p.sort}, ${JSON.stringify(data)}::jsonb) RETURNING id`);
    const [price] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO billing_prices (product_id, unit_amount, currency, nickname) VALUES (${product!.id}::uuid, ${p.cents}, 'usd', 'Monthly') RETURNING id`);
    priceOf[p.name] = price!.id;
  }
  for (const [tenantId, plan] of [[companies.acmeId, 'Scale'], [companies.globexId, 'Starter']] as const) {
    await enterTenant(tx, tenantId);
    await tx.execute(sql`
      INSERT INTO subscriptions (tenant_id, status, provider, plan_price_id, current_period_start, current_period_end)
      VALUES (${tenantId}::uuid, 'active', 'manual', ${priceOf[plan]!}::uuid, now(), now() + interval '1 month')`);
  }
  return priceOf;
}
