import { sql } from 'drizzle-orm';
import { lastMonths, type OwnerDashboard } from '@omnio/domain';
import { withPlatformRead } from '../../platform/db/privileged';
import { queryRows } from '../../platform/db/rows';
import type { AuthedCtx } from '../../platform/http/context';

/**
 * The owner's landing page (spec 2 /admin/dashboard): companies, users, subscriptions, recurring revenue and
 * this month's orders across every tenant. Subscriptions and usage are tenant tables; their `platform_read`
 * policy lets this read-only transaction see all tenants at once (migrations/0020_billing.sql).
 */

type N = { n: number | string };
const num = (v: unknown) => Number(v ?? 0);

/** The calendar month (UTC) billing_usage counts orders in, as YYYY-MM. */
export const usagePeriod = (now: Date) => `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

export async function ownerDashboard(ctx: AuthedCtx, now = new Date()): Promise<OwnerDashboard> {
  const months = lastMonths(now, 12);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const firstMonthStart = new Date(`${months[0]}-01T00:00:00Z`);
  const period = usagePeriod(now);

  return withPlatformRead(ctx.db, async (tx) => {
    const [companies] = await queryRows<{ total: number; active: number; fresh: number }>(tx, sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'ACTIVE')::int AS active,
             count(*) FILTER (WHERE created_at >= ${monthStart.toISOString()}::timestamptz)::int AS fresh
      FROM companies`);
    // A user's role is its first (effective) role; a user without one counts as 'none'.
    const roles = await queryRows<{ role: string; n: number }>(tx, sql`
      SELECT coalesce(r.role, 'none') AS role, count(*)::int AS n
      FROM users u
      LEFT JOIN LATERAL (SELECT role FROM user_roles ur WHERE ur.user_id = u.id ORDER BY position LIMIT 1) r ON true
      GROUP BY 1 ORDER BY 1`);
    const [subs] = await queryRows<{ active: number; canceled: number }>(tx, sql`
      SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'canceled')::int AS canceled
      FROM subscriptions`);
    // Recurring revenue counts the subscriptions that renew: a cancelled one runs out its period and stops.
    const [mrr] = await queryRows<N>(tx, sql`
      SELECT coalesce(sum(plan.unit_amount + coalesce((
        SELECT sum(extra.unit_amount * (e->>'quantity')::int)
        FROM jsonb_array_elements(s.extras) e JOIN billing_prices extra ON extra.id = (e->>'price_id')::uuid), 0)), 0)::bigint AS n
      FROM subscriptions s JOIN billing_prices plan ON plan.id = s.plan_price_id
      WHERE s.status = 'active'`);
    const [orders] = await queryRows<N>(tx, sql`SELECT coalesce(sum(orders), 0)::bigint AS n FROM billing_usage WHERE period = ${period}`);
    const top = await queryRows<{ company_id: string; name: string; orders: number }>(tx, sql`
      SELECT c.id AS company_id, c.name, bu.orders
      FROM billing_usage bu JOIN companies c ON c.id = bu.tenant_id
      WHERE bu.period = ${period} AND bu.orders > 0
      ORDER BY bu.orders DESC, c.name LIMIT 5`);
    const perMonth = await queryRows<{ month: string; n: number }>(tx, sql`
      SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS n
      FROM companies WHERE created_at >= ${firstMonthStart.toISOString()}::timestamptz GROUP BY 1`);

    const total = num(companies?.total);
    const active = num(subs?.active);
    const canceled = num(subs?.canceled);
    const byMonth = new Map(perMonth.map((r) => [r.month, num(r.n)]));
    return {
      companies: { total, active: num(companies?.active), new_this_month: num(companies?.fresh) },
      users: { total: roles.reduce((s, r) => s + num(r.n), 0), by_role: Object.fromEntries(roles.map((r) => [r.role, num(r.n)])) },
      // 'none': no subscription row, or one that has ended.
      subscriptions: { active, canceled, none: Math.max(0, total - active - canceled) },
      mrr_cents: num(mrr?.n),
      orders_this_month: num(orders?.n),
      top_companies: top.map((r) => ({ company_id: r.company_id, name: r.name, orders: num(r.orders) })),
      companies_per_month: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
    };
  });
}
