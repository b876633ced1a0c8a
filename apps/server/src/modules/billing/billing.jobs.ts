import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { defineJob } from '../../platform/jobs/jobs';
import { registerSchedulableJob } from '../schedules/schedulable';
import { expireCheckouts } from './checkouts.service';
import { recordSubscriptionEvent } from './subscription-records';

export const BILLING_MAINTENANCE_JOB = 'billing.maintenance';

/**
 * One tenant's billing housekeeping: open checkouts past their 24 hours become expired, a cancelled
 * subscription whose period is over ends (the company is unsubscribed), and a running manual subscription
 * starts its next period (the manual provider bills nothing, so nothing else renews it). Reads already treat
 * all of these by the clock; this keeps the rows true. Enqueued when a checkout starts (at its expiry) and at
 * a cancel (at the period end), and schedulable (daily) like any tenant job.
 */
export async function billingMaintenance(tx: Tx, tenantId: string): Promise<{ expired_checkouts: number; ended: number; renewed: number }> {
  const expired = await expireCheckouts(tx, tenantId);
  const ended = await queryRows<{ id: string }>(tx, sql`
    UPDATE subscriptions SET status = 'ended', ended_at = now(), updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND status = 'canceled' AND current_period_end <= now() RETURNING id`);
  if (ended.length) await recordSubscriptionEvent(tx, tenantId, { type: 'canceled', message: 'Your subscription has ended', userId: null });
  // Whole months past the end, in one statement (a server that was off for a while catches up at once).
  const renewed = await queryRows<{ id: string }>(tx, sql`
    UPDATE subscriptions SET
      current_period_start = current_period_end + make_interval(months => m.n - 1),
      current_period_end = current_period_end + make_interval(months => m.n), updated_at = now()
    FROM (SELECT id, (extract(year FROM age(now(), current_period_end)) * 12 + extract(month FROM age(now(), current_period_end)))::int + 1 AS n
          FROM subscriptions WHERE tenant_id = ${tenantId}::uuid) m
    WHERE subscriptions.tenant_id = ${tenantId}::uuid AND subscriptions.id = m.id AND status = 'active' AND provider = 'manual'
      AND current_period_end <= now()
    RETURNING subscriptions.id`);
  return { expired_checkouts: expired, ended: ended.length, renewed: renewed.length };
}

export const billingMaintenanceJob = defineJob({
  name: BILLING_MAINTENANCE_JOB,
  payload: z.object({}).passthrough(),
  retryLimit: 2,
  notifyOnFailure: false,
  handler: (job) => job.inTenant((tx) => billingMaintenance(tx, job.tenantId)),
});

/** Registers this module's job kinds (process-wide; app.ts and worker.ts both call it through job-kinds.ts). */
export function registerBillingJobs(): void {
  registerSchedulableJob(BILLING_MAINTENANCE_JOB, { label: 'Billing housekeeping (expired checkouts, ended subscriptions)' });
}
