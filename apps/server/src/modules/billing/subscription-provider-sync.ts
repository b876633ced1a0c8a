import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/http/context';
import { queryRows } from '../../platform/db/rows';
import { withPlatformRead } from '../../platform/db/privileged';
import { withTenant } from '../../platform/db/tenant';
import type { Tx } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import type { ProviderSubscriptionState } from './billing-provider';
import { applyCheckout } from './checkouts.service';
import { loadSubscriptionRow, recordSubscriptionEvent, writeSubscription, type ExtraLine, type SubscriptionRow } from './subscription-records';

/**
 * What a provider tells us, applied to our records (called by the Stripe webhook and by answers of the
 * Stripe API). Both are idempotent: the same state twice changes nothing and records no second event.
 */
export async function completeCheckout(deps: AppDeps, checkoutId: string, state: ProviderSubscriptionState): Promise<void> {
  const db = deps.database.db;
  // The provider names our checkout, not the tenant: learn the tenant first (read-only, across tenants).
  const [found] = await withPlatformRead(db, (tx) =>
    queryRows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM subscription_checkouts WHERE id = ${checkoutId}::uuid`));
  // NOT_FOUND: the webhook acknowledges and logs it (a session of ours from another database, say).
  if (!found) throw notFound('Checkout');
  await withTenant({ db, tenantId: found.tenant_id }, (tx) => applyCheckout(tx, found.tenant_id, checkoutId, null, state));
}

/** Our price ids for the provider's, with the product type (the plan is the base_plan item). */
async function mapItems(tx: Tx, items: ProviderSubscriptionState['items']) {
  const ids = items.map((i) => i.providerPriceId);
  const rows = ids.length
    ? await queryRows<{ id: string; provider_id: string; type: string }>(tx, sql`
        SELECT pr.id, pr.provider_id, p.type FROM billing_prices pr JOIN billing_products p ON p.id = pr.product_id
        WHERE pr.provider_id = ANY(${`{${ids.map((i) => `"${i.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`)
    : [];
  const byProvider = new Map(rows.map((r) => [r.provider_id, r]));
  let planPriceId: string | null = null;
  const extras: ExtraLine[] = [];
  for (const item of items) {
    const ours = byProvider.get(item.providerPriceId);
    if (!ours) continue;
    if (ours.type === 'base_plan' && !planPriceId) planPriceId = ours.id;
    else if (ours.type === 'addon') extras.push({ price_id: ours.id, quantity: item.quantity });
  }
  return { planPriceId, extras };
}

const sameExtras = (a: ExtraLine[], b: ExtraLine[]) =>
  JSON.stringify([...a].sort((x, y) => x.price_id.localeCompare(y.price_id))) === JSON.stringify([...b].sort((x, y) => x.price_id.localeCompare(y.price_id)));
const sameTime = (a: string | null, b: Date | null) => (a === null || b === null ? a === null && b === null : Date.parse(a) === b.getTime());

function unchanged(row: SubscriptionRow, state: ProviderSubscriptionState, planPriceId: string, extras: ExtraLine[]): boolean {
  return row.status === state.status && row.plan_price_id === planPriceId && sameExtras(row.extras, extras)
    && (row.canceled_at === null) === (state.canceledAt === null)
    && (state.currentPeriodEnd === null || sameTime(row.current_period_end, state.currentPeriodEnd))
    && (state.currentPeriodStart === null || sameTime(row.current_period_start, state.currentPeriodStart));
}

/**
 * Finds the tenant by the provider subscription id. An unknown id throws NOT_FOUND, which the webhook
 * acknowledges and logs (ignored); a known one in the state we already have changes nothing.
 */
export async function applyProviderSubscription(deps: AppDeps, state: ProviderSubscriptionState): Promise<void> {
  const db = deps.database.db;
  const [found] = await withPlatformRead(db, (tx) => queryRows<{ tenant_id: string }>(tx, sql`
    SELECT tenant_id FROM subscriptions WHERE provider_subscription_id = ${state.providerSubscriptionId}`));
  if (!found) throw notFound('Subscription');
  const tenantId = found.tenant_id;
  await withTenant({ db, tenantId }, async (tx) => {
    const row = await loadSubscriptionRow(tx, tenantId, { lock: true });
    if (!row || row.provider_subscription_id !== state.providerSubscriptionId) return;
    const mapped = await mapItems(tx, state.items);
    const planPriceId = mapped.planPriceId ?? row.plan_price_id;
    // An ended subscription stays ended: a late 'updated' for it must not bring it back.
    if (row.status === 'ended' || unchanged(row, state, planPriceId, mapped.extras)) return;
    await writeSubscription(tx, tenantId, {
      status: state.status, provider: row.provider, planPriceId, extras: state.items.length ? mapped.extras : row.extras,
      canceledAt: state.status === 'active' ? null : (state.canceledAt ?? new Date()),
      periodStart: state.currentPeriodStart, periodEnd: state.currentPeriodEnd,
      providerCustomerId: state.providerCustomerId,
    }, { newPeriod: false });
    const event = state.status === 'ended'
      ? { type: 'canceled' as const, message: 'Your subscription has ended' }
      : state.status === 'canceled' && row.status !== 'canceled'
        ? { type: 'canceled' as const, message: 'Your subscription was cancelled; it works until the end of the period' }
        : { type: 'updated' as const, message: 'Your subscription was updated' };
    await recordSubscriptionEvent(tx, tenantId, { ...event, userId: null, data: { provider_subscription_id: state.providerSubscriptionId } });
  });
}
