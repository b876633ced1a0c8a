import { sql } from 'drizzle-orm';
import type { CheckoutDto, SubscriptionStatus } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, invalidTransition, notFound } from '../../platform/http/errors';
import type { ProviderSubscriptionState } from './billing-provider';
import {
  currentSubscription, effectiveStatus, loadSubscriptionRow, priceLines, recordSubscriptionEvent, writeSubscription, type ExtraLine,
  type SubscriptionView,
} from './subscription-records';

/** Checkouts (docs/api-billing.md): what a subscribe, change or upgrade will do once paid / confirmed. */

export type CheckoutType = 'subscribe' | 'change' | 'upgrade' | 'resume';

export interface CheckoutRow {
  id: string;
  type: CheckoutType;
  status: 'open' | 'completed' | 'expired';
  provider: 'manual' | 'stripe';
  plan_price_id: string;
  extras: ExtraLine[];
  return_url: string;
  cancel_url: string;
  provider_session_id: string | null;
  expires_at: string;
}

export type CheckoutView = CheckoutDto;

/** A manual checkout is a confirmation page; a day is plenty, and an old one must not apply yesterday's prices. */
export const CHECKOUT_TTL_HOURS = 24;

/** The status a checkout of each type needs the subscription to be in, when it is started and when it completes. */
export const CHECKOUT_NEEDS: Record<CheckoutType, SubscriptionStatus> = { subscribe: 'none', change: 'active', upgrade: 'active', resume: 'canceled' };

const COLUMNS = sql`id, type, status, provider, plan_price_id, extras, return_url, cancel_url, provider_session_id, expires_at, created_at`;

function toRow(r: Record<string, unknown>): CheckoutRow & { created_at: string } {
  const expired = r.status === 'open' && Date.parse(isoOrNull(r.expires_at)!) <= Date.now();
  return {
    ...(r as unknown as CheckoutRow),
    // Expired in fact even before the daily job marks it.
    status: expired ? 'expired' : (r.status as CheckoutRow['status']),
    extras: ((r.extras ?? []) as ExtraLine[]).map((e) => ({ price_id: e.price_id, quantity: Number(e.quantity) })),
    expires_at: isoOrNull(r.expires_at)!,
    created_at: isoOrNull(r.created_at)!,
  };
}

export async function loadCheckout(tx: Tx, tenantId: string, id: string, options: { lock?: boolean } = {}) {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`
    SELECT ${COLUMNS} FROM subscription_checkouts WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid ${options.lock ? sql`FOR UPDATE` : sql``}`);
  return row ? toRow(row) : null;
}

async function checkoutView(tx: Tx, row: CheckoutRow & { created_at: string }): Promise<CheckoutView> {
  const lines = await priceLines(tx, row.plan_price_id, row.extras);
  return {
    id: row.id, type: row.type, status: row.status, provider: row.provider, ...lines, return_url: row.return_url, cancel_url: row.cancel_url,
    expires_at: row.expires_at, created_at: row.created_at,
  };
}

/** GET /billing/checkout/{id}: this company's checkouts only (another company's is simply not there: 404). */
export async function getCheckout(ctx: TenantCtx, id: string): Promise<CheckoutView> {
  const checkoutId = assertId(id, 'Checkout');
  return withTenant(ctx, async (tx) => {
    const row = await loadCheckout(tx, ctx.tenantId, checkoutId);
    if (!row) throw notFound('Checkout');
    return checkoutView(tx, row);
  });
}

const EVENT_OF: Record<CheckoutType, { type: 'subscribed' | 'updated' | 'upgrade'; message: (plan: string) => string }> = {
  subscribe: { type: 'subscribed', message: (plan) => `Your subscription to ${plan} is active` },
  change: { type: 'updated', message: (plan) => `Your plan is now ${plan}` },
  upgrade: { type: 'upgrade', message: () => 'The extras were added to your plan' },
  resume: { type: 'updated', message: (plan) => `Your subscription to ${plan} was resumed` },
};

/**
 * Applies an open checkout to the subscription, in the caller's tenant transaction: the manual confirmation
 * and the provider's "checkout completed" both end here. A checkout already completed is answered as it is
 * (replays are harmless); one the subscription has moved past is an INVALID_TRANSITION.
 */
export async function applyCheckout(
  tx: Tx, tenantId: string, checkoutId: string, userId: string | null, state: ProviderSubscriptionState | null = null,
): Promise<{ checkout: CheckoutRow; subscription: SubscriptionView | null; applied: boolean }> {
  const checkout = await loadCheckout(tx, tenantId, checkoutId, { lock: true });
  if (!checkout) throw notFound('Checkout');
  if (checkout.status === 'completed') {
    return { checkout, subscription: await currentSubscription(tx, tenantId), applied: false };
  }
  // A provider that took the money has the last word even after our 24 hours; our own page does not.
  if (checkout.status === 'expired' && !state) throw conflict('The checkout has expired: start again from the billing page');
  const row = await loadSubscriptionRow(tx, tenantId, { lock: true });
  const status = effectiveStatus(row);
  if (status !== CHECKOUT_NEEDS[checkout.type]) {
    throw invalidTransition(status, checkout.type, `A ${checkout.type} checkout cannot complete while the subscription is ${status}`);
  }
  const fresh = checkout.type === 'subscribe';
  await writeSubscription(tx, tenantId, {
    status: state?.status === 'canceled' ? 'canceled' : 'active',
    provider: fresh ? checkout.provider : row!.provider,
    planPriceId: checkout.plan_price_id,
    extras: checkout.extras,
    canceledAt: state?.canceledAt ?? null,
    periodStart: state?.currentPeriodStart ?? null,
    periodEnd: state?.currentPeriodEnd ?? null,
    providerSubscriptionId: state?.providerSubscriptionId ?? null,
    providerCustomerId: state?.providerCustomerId ?? null,
  }, { newPeriod: fresh });
  await tx.execute(sql`
    UPDATE subscription_checkouts SET status = 'completed', completed_at = now(), updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${checkoutId}::uuid`);
  const { plan } = await priceLines(tx, checkout.plan_price_id, []);
  const event = EVENT_OF[checkout.type];
  const subscription = await recordSubscriptionEvent(tx, tenantId, {
    type: event.type, message: event.message(plan.name), userId, data: { checkout_id: checkoutId, checkout_type: checkout.type },
  });
  return { checkout, subscription, applied: true };
}

/** POST /billing/checkout/{id}/confirm (manual provider): applies the checkout and sends the browser back. */
export async function confirmCheckout(ctx: TenantCtx, id: string): Promise<{ url: string; subscription: SubscriptionView | null }> {
  const checkoutId = assertId(id, 'Checkout');
  return withTenant(ctx, async (tx) => {
    const checkout = await loadCheckout(tx, ctx.tenantId, checkoutId, { lock: true });
    if (!checkout) throw notFound('Checkout');
    if (checkout.status !== 'open') throw conflict(`The checkout is ${checkout.status}`);
    if (checkout.provider !== 'manual') throw conflict('This checkout is paid at the payment provider');
    const { subscription } = await applyCheckout(tx, ctx.tenantId, checkoutId, ctx.principal.userId);
    return { url: checkout.return_url, subscription };
  });
}

/** Marks the tenant's open checkouts past their time as expired (the daily job; reads treat them so already). */
export async function expireCheckouts(tx: Tx, tenantId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(tx, sql`
    UPDATE subscription_checkouts SET status = 'expired', updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND status = 'open' AND expires_at <= now() RETURNING id`);
  return rows.length;
}
