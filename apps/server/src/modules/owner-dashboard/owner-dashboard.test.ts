import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonths } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { usagePeriod } from './owner-dashboard.service';

/** The owner's dashboard numbers on seeded billing data, across tenants, and who may read them. */

let t: TestApp;
let ids: { acme: string; globex: string; old: string };
const now = new Date();
const months = lastMonths(now, 12);
const period = usagePeriod(now);
const previous = months[10]!;

async function seed(): Promise<void> {
  const q = (text: string) => t.database.ownerExec(text);
  // Start from known billing data whatever the demo seed subscribes (the owner connection bypasses RLS).
  await q(`DELETE FROM subscriptions; DELETE FROM billing_usage`);
  const companies = await q(`SELECT id, name FROM companies ORDER BY name`);
  const acme = companies.find((c) => c.name === 'Acme Outfitters')!.id as string;
  const globex = companies.find((c) => c.name === 'Globex Retail')!.id as string;
  // A third company from two months ago, no longer active and without a subscription.
  const [old] = await q(`INSERT INTO companies (name, schema_suffix, status, created_at)
    VALUES ('Initech', 'initech', 'DISABLED', '${months[9]}-15T12:00:00Z') RETURNING id`);
  const [plan] = await q(`INSERT INTO billing_products (type, name) VALUES ('base_plan', 'Growth') RETURNING id`);
  const [addon] = await q(`INSERT INTO billing_products (type, name) VALUES ('addon', 'More orders') RETURNING id`);
  const [planPrice] = await q(`INSERT INTO billing_prices (product_id, unit_amount) VALUES ('${plan!.id}', 4900) RETURNING id`);
  const [bigPrice] = await q(`INSERT INTO billing_prices (product_id, unit_amount) VALUES ('${plan!.id}', 9900) RETURNING id`);
  const [addonPrice] = await q(`INSERT INTO billing_prices (product_id, unit_amount) VALUES ('${addon!.id}', 1500) RETURNING id`);
  await q(`INSERT INTO subscriptions (tenant_id, status, plan_price_id, extras, current_period_end)
    VALUES ('${acme}', 'active', '${planPrice!.id}', '[{"price_id":"${addonPrice!.id}","quantity":2}]', now() + interval '20 days')`);
  // Cancelled: still running its period, but it will not renew, so it is not recurring revenue.
  await q(`INSERT INTO subscriptions (tenant_id, status, plan_price_id, canceled_at, current_period_end)
    VALUES ('${globex}', 'canceled', '${bigPrice!.id}', now(), now() + interval '5 days')`);
  await q(`INSERT INTO billing_usage (tenant_id, period, orders) VALUES
    ('${acme}', '${period}', 120), ('${globex}', '${period}', 30), ('${acme}', '${previous}', 999)`);
  ids = { acme, globex, old: old!.id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  await seed();
});
afterAll(async () => t?.close());

describe('GET /owner/dashboard', () => {
  it('counts companies, users, subscriptions, revenue and this month\'s orders across tenants', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.0/owner/dashboard', headers: await t.as('owner') });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.companies).toEqual({ total: 3, active: 2, new_this_month: 2 });
    expect(d.users.by_role).toMatchObject({ owner: 1, tenant: 2, supplier: 1 });
    expect(d.users.total).toBe(Object.values(d.users.by_role as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(d.subscriptions).toEqual({ active: 1, canceled: 1, none: 1 });
    // 4900 + 2 × 1500: only the active subscription renews.
    expect(d.mrr_cents).toBe(7900);
    expect(d.orders_this_month).toBe(150);
    expect(d.top_companies).toEqual([
      { company_id: ids.acme, name: 'Acme Outfitters', orders: 120 },
      { company_id: ids.globex, name: 'Globex Retail', orders: 30 },
    ]);
    expect(d.companies_per_month).toHaveLength(12);
    expect(d.companies_per_month[11]).toEqual({ month: period, count: 2 });
    expect(d.companies_per_month[9]).toEqual({ month: months[9], count: 1 });
    expect(d.companies_per_month.slice(0, 9).every((m: { count: number }) => m.count === 0)).toBe(true);
  });

  it('is the owner\'s only: tenant and supplier get 403, nobody signed in 401', async () => {
    for (const who of ['acmeTenant', 'acmeSupplier', 'globexTenant'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/1.0/owner/dashboard', headers: await t.as(who) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/owner/dashboard' })).statusCode).toBe(401);
  });

  it('a tenant still sees only its own usage rows (the platform read is the dashboard\'s alone)', async () => {
    const { withTenant } = await import('../../platform/db/tenant');
    const { queryRows } = await import('../../platform/db/rows');
    const { sql } = await import('drizzle-orm');
    const rows = await withTenant({ db: t.database.db, tenantId: ids.globex }, (tx) =>
      queryRows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM billing_usage`));
    expect(rows.map((r) => r.tenant_id)).toEqual([ids.globex]);
  });
});
