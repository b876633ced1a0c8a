import { sql } from 'drizzle-orm';
import {
  mergeExtras, nextSubscriptionStatus, type SubscriptionAction, type TSubscriptionRequest, type TUpgradeRequest,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, DomainError, FieldErrors, fieldError, invalidTransition, notFound } from '../../platform/http/errors';
import type { ProviderLine, ProviderSubscriptionState } from './billing-provider';
import { billingProvider } from './billing-provider.registry';
import { loadPriceInfo } from './billing-products.service';
import { billingMaintenanceJob } from './billing.jobs';
import { CHECKOUT_TTL_HOURS, type CheckoutType } from './checkouts.service';
import {
  absoluteAppUrl, checkedAppUrl, currentSubscription, effectiveStatus, loadSubscriptionRow, normalizeExtras, recordSubscriptionEvent,
  writeSubscription, type ExtraLine, type SubscriptionRow, type SubscriptionView,
} from './subscription-records';

/** A company's subscription: read it, and subscribe / change / upgrade / cancel / resume (spec 4, docs/api-billing.md). */

export const getSubscription = (ctx: TenantCtx) => withTenant(ctx, (tx) => currentSubscription(tx, ctx.tenantId));

export interface SubscriptionAnswer {
  url: string;
  checkout_id: string | null;
  subscription: SubscriptionView | null;
}

const refused = (from: string, action: string) => invalidTransition(from, action, `A ${from === 'none' ? 'company without a subscription' : `${from} subscription`} cannot ${action}`);

/**
 * The prices of a request must exist and be on sale: the plan an active base plan, each extra an active
 * add-on (422 naming the field). Answers the provider lines.
 */
async function checkPrices(tx: Tx, planPriceId: string | null, extras: readonly ExtraLine[]) {
  const info = await loadPriceInfo(tx, [...(planPriceId ? [planPriceId] : []), ...extras.map((e) => e.price_id)]);
  const errors = new FieldErrors();
  if (planPriceId) {
    const p = info.get(planPriceId);
    if (!p || !p.price_active || !p.product_active) errors.add('price_id', 'The plan is not available');
    else if (p.product_type !== 'base_plan') errors.add('price_id', 'This price is not a plan');
  }
  extras.forEach((e, i) => {
    const p = info.get(e.price_id);
    if (!p || !p.price_active || !p.product_active) errors.add(`extras.${i}.price_id`, 'The extra is not available');
    else if (p.product_type !== 'addon') errors.add(`extras.${i}.price_id`, 'This price is not an extra');
  });
  errors.throwIfAny();
}

/** The provider lines of the subscription as it will be (an upgrade keeps the plan and the extras it had). */
async function providerLines(tx: Tx, planPriceId: string, extras: readonly ExtraLine[]) {
  const info = await loadPriceInfo(tx, [planPriceId, ...extras.map((e) => e.price_id)]);
  const lineOf = (priceId: string, quantity: number): ProviderLine => ({ priceId, providerPriceId: info.get(priceId)?.provider_id ?? null, quantity });
  return { plan: lineOf(planPriceId, 1), extras: extras.map((e) => lineOf(e.price_id, e.quantity)) };
}

/** What the request asks for, checked against spec 4 and the subscription it finds (locked). */
function plannedChange(row: SubscriptionRow | null, input: TSubscriptionRequest): { planPriceId: string; extras: ExtraLine[] } {
  const status = effectiveStatus(row);
  const action = input.type;
  if (!nextSubscriptionStatus(status, action)) throw refused(status, action);
  const priceId = input.price_id?.toLowerCase();
  const extras = normalizeExtras(input.extras);
  switch (action) {
    case 'subscribe':
    case 'change':
      if (!priceId) throw fieldError('price_id', 'Choose a plan');
      // Same plan with other extras is an upgrade (added) or nothing to do; planDialogAction never sends it.
      if (action === 'change' && priceId === row!.plan_price_id) throw invalidTransition(status, action, 'This is your plan already: add extras with an upgrade');
      return { planPriceId: priceId, extras };
    case 'upgrade':
      if (priceId && priceId !== row!.plan_price_id) throw invalidTransition(status, action, 'An upgrade keeps the plan: change the plan instead');
      if (extras.length === 0) throw fieldError('extras', 'Choose at least one extra');
      return { planPriceId: row!.plan_price_id, extras };
    case 'cancel':
      return { planPriceId: row!.plan_price_id, extras: row!.extras };
    case 'resume':
      // Spec 4: a cancelled subscription resumes as it was; another plan or extras need a new subscription.
      if ((priceId && priceId !== row!.plan_price_id) || extras.length > 0) {
        throw invalidTransition(status, action, 'A cancelled subscription resumes with its own plan and no extras');
      }
      return { planPriceId: row!.plan_price_id, extras: row!.extras };
  }
}

async function companyOf(tx: Tx, tenantId: string): Promise<{ name: string; email: string | null }> {
  const [c] = await queryRows<{ name: string; email: string | null }>(tx, sql`SELECT name, email FROM companies WHERE id = ${tenantId}::uuid`);
  return c ?? { name: '', email: null };
}

/** Applies what a provider answered for a running subscription (or, for manual, our own decision). */
async function applyRunningChange(
  tx: Tx, ctx: TenantCtx, row: SubscriptionRow, change: { status: 'active' | 'canceled'; planPriceId: string; extras: ExtraLine[]; canceledAt: Date | null },
  state: ProviderSubscriptionState | null,
): Promise<void> {
  await writeSubscription(tx, ctx.tenantId, {
    status: change.status, provider: row.provider, planPriceId: change.planPriceId, extras: change.extras,
    canceledAt: change.status === 'canceled' ? (state?.canceledAt ?? change.canceledAt) : null,
    periodStart: state?.currentPeriodStart ?? null, periodEnd: state?.currentPeriodEnd ?? null,
  }, { newPeriod: false });
}

/** POST /billing/subscription (and /upgrade): see docs/api-billing.md "What each type does". */
export async function requestSubscription(ctx: TenantCtx, input: TSubscriptionRequest): Promise<SubscriptionAnswer> {
  const config = ctx.deps.config;
  const returnUrl = checkedAppUrl(config, input.returnUrl, 'returnUrl');
  const cancelUrl = checkedAppUrl(config, input.cancelUrl, 'cancelUrl');
  const provider = billingProvider(ctx.deps);
  const userId = ctx.principal.userId;
  return withTenant(ctx, async (tx) => {
    const row = await loadSubscriptionRow(tx, ctx.tenantId, { lock: true });
    const action: SubscriptionAction = input.type;
    const plan = plannedChange(row, input);
    await checkPrices(tx, action === 'subscribe' || action === 'change' ? plan.planPriceId : null, action === 'cancel' || action === 'resume' ? [] : plan.extras);
    // Upgrade adds the chosen extras to the ones the subscription has (quantities summed per price).
    const targetExtras = action === 'upgrade' ? mergeExtras(row!.extras, plan.extras) : plan.extras;
    const usesProvider = row?.provider === 'stripe' && row.provider_subscription_id && effectiveStatus(row) !== 'none';

    if (action === 'cancel' || action === 'resume') {
      const state = usesProvider
        ? await (action === 'cancel' ? provider.cancelSubscription(row!.provider_subscription_id!) : provider.resumeSubscription(row!.provider_subscription_id!))
        : null;
      await applyRunningChange(tx, ctx, row!, {
        status: action === 'cancel' ? 'canceled' : 'active', planPriceId: row!.plan_price_id, extras: row!.extras, canceledAt: new Date(),
      }, state);
      const after = (await loadSubscriptionRow(tx, ctx.tenantId))!;
      const subscription = await recordSubscriptionEvent(tx, ctx.tenantId, action === 'cancel'
        ? { type: 'canceled', message: `Your subscription was cancelled; it works until ${after.current_period_end.slice(0, 10)}`, userId }
        : { type: 'updated', message: 'Your subscription was resumed', userId });
      if (action === 'cancel') {
        await billingMaintenanceJob.enqueue(tx, ctx.tenantId, {}, { runAt: new Date(after.current_period_end), dedupeKey: `end:${after.id}:${after.current_period_end}` });
      }
      return { url: returnUrl, checkout_id: null, subscription };
    }

    if ((action === 'change' || action === 'upgrade') && usesProvider) {
      // A provider subscription changes its items at the provider; its answer applies at once (the webhook confirms it later).
      const lines = await providerLines(tx, plan.planPriceId, targetExtras);
      const state = await provider.updateSubscription(row!.provider_subscription_id!, lines.plan, lines.extras);
      await applyRunningChange(tx, ctx, row!, { status: 'active', planPriceId: plan.planPriceId, extras: targetExtras, canceledAt: null }, state);
      const subscription = await recordSubscriptionEvent(tx, ctx.tenantId, action === 'upgrade'
        ? { type: 'upgrade', message: 'The extras were added to your plan', userId }
        : { type: 'updated', message: 'Your plan was changed', userId });
      return { url: returnUrl, checkout_id: null, subscription };
    }

    // subscribe (any provider), or change / upgrade of a manual subscription: a checkout to confirm or pay.
    const providerName = action === 'subscribe' ? provider.name : row!.provider;
    const [checkout] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO subscription_checkouts (tenant_id, type, provider, plan_price_id, extras, return_url, cancel_url, expires_at, created_by)
      VALUES (${ctx.tenantId}::uuid, ${action as CheckoutType}, ${providerName}, ${plan.planPriceId}::uuid, ${JSON.stringify(targetExtras)}::jsonb,
        ${returnUrl}, ${cancelUrl}, now() + make_interval(hours => ${CHECKOUT_TTL_HOURS}), ${userId}::uuid)
      RETURNING id, expires_at`);
    const checkoutId = checkout!.id;
    let url = `/billing/checkout/${checkoutId}`;
    if (providerName !== 'manual') {
      const company = await companyOf(tx, ctx.tenantId);
      const lines = await providerLines(tx, plan.planPriceId, targetExtras);
      const started = await provider.startCheckout({
        checkoutId, tenantId: ctx.tenantId, companyName: company.name, email: company.email, providerCustomerId: row?.provider_customer_id ?? null,
        plan: lines.plan, extras: lines.extras,
        returnUrl: absoluteAppUrl(config, returnUrl), cancelUrl: absoluteAppUrl(config, cancelUrl),
      });
      url = started.url;
      await tx.execute(sql`
        UPDATE subscription_checkouts SET provider_session_id = ${started.providerSessionId} WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${checkoutId}::uuid`);
    }
    const expiresAt = (checkout as unknown as { expires_at: string | Date }).expires_at;
    await billingMaintenanceJob.enqueue(tx, ctx.tenantId, {}, { runAt: new Date(new Date(expiresAt).getTime() + 1000), dedupeKey: `checkout:${checkoutId}` });
    const subscription = action === 'subscribe'
      ? await recordSubscriptionEvent(tx, ctx.tenantId, { type: 'subscribe', message: 'Checkout started: confirm it to activate your subscription', userId, data: { checkout_id: checkoutId } })
      : await currentSubscription(tx, ctx.tenantId);
    return { url, checkout_id: checkoutId, subscription };
  });
}

/** POST /billing/subscription/{id}/upgrade: an upgrade of this company's subscription (another id is a 404). */
export async function upgradeSubscription(ctx: TenantCtx, id: string, input: TUpgradeRequest): Promise<SubscriptionAnswer> {
  const subscriptionId = assertId(id, 'Subscription');
  const row = await withTenant(ctx, (tx) => loadSubscriptionRow(tx, ctx.tenantId));
  if (!row || row.id !== subscriptionId) throw notFound('Subscription');
  return requestSubscription(ctx, { type: 'upgrade', extras: input.extras, returnUrl: input.returnUrl, cancelUrl: input.cancelUrl });
}

/** POST /billing/portal: the provider's customer portal; the manual provider has none (409 NO_PORTAL). */
export async function billingPortal(ctx: TenantCtx, input: { returnUrl?: string }): Promise<{ url: string }> {
  const returnUrl = checkedAppUrl(ctx.deps.config, input.returnUrl, 'returnUrl');
  const row = await withTenant(ctx, (tx) => loadSubscriptionRow(tx, ctx.tenantId));
  const provider = billingProvider(ctx.deps);
  const url = row?.provider === 'stripe' ? await provider.portalUrl(row.provider_customer_id, absoluteAppUrl(ctx.deps.config, returnUrl)) : null;
  if (!url) throw new DomainError('CONFLICT', 'Your account is free', { reason: 'NO_PORTAL' });
  return { url };
}
