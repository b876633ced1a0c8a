import { z } from 'zod';
import type { Ctx } from '../../platform/http/context';
import { DomainError, isUuid } from '../../platform/http/errors';
import { createStripeProvider, mapStripeSubscription, type StripeSubscriptionLike } from './billing-provider.stripe';
import { applyProviderSubscription, completeCheckout } from './subscription-provider-sync';

/** The part of a Stripe event we read; the object itself is read per event type. */
export const ZStripeEvent = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof ZStripeEvent>;

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/**
 * Applies one verified Stripe event (docs/api-billing.md "Stripe webhook"). Subscription state is re-read
 * from the API rather than taken from the event: Stripe does not promise delivery order, and the API answers
 * the state as it is now. Replays are harmless because applying the same state twice changes nothing
 * (subscription-provider-sync.ts). Throws only what Stripe should retry (see ignoreRefused).
 */
export async function applyStripeEvent(ctx: Ctx, event: StripeEvent): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return completeCheckoutSession(ctx, event);
    case 'customer.subscription.updated': {
      const state = await ignoreRefused(ctx, event, () => createStripeProvider(ctx.deps.config).retrieveSubscription(String(object.id)));
      const current = state ?? mapStripeSubscription(object as unknown as StripeSubscriptionLike);
      await ignoreRefused(ctx, event, () => applyProviderSubscription(ctx.deps, current));
      return;
    }
    case 'customer.subscription.deleted':
      // A deleted subscription never changes again: the event's copy is final.
      await ignoreRefused(ctx, event, () => applyProviderSubscription(ctx.deps, mapStripeSubscription(object as unknown as StripeSubscriptionLike)));
      return;
    default:
      // Other event types the endpoint may be subscribed to are acknowledged, so Stripe does not retry them.
      return;
  }
}

/** A paid Checkout session of ours: the subscription it started becomes the company's. */
async function completeCheckoutSession(ctx: Ctx, event: StripeEvent): Promise<void> {
  const object = event.data.object;
  if (object.mode !== 'subscription') return;
  // A delayed payment method (bank debit) completes the session unpaid; async_payment_succeeded follows.
  if (event.type === 'checkout.session.completed' && object.payment_status === 'unpaid') return;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const checkoutId = typeof object.client_reference_id === 'string' ? object.client_reference_id : metadata.checkout_id;
  const subscriptionId = idOf(object.subscription);
  // Sessions the account creates for something else than Omnio carry no checkout of ours.
  if (!isUuid(checkoutId) || !subscriptionId) {
    ctx.log.warn({ eventId: event.id, sessionId: object.id }, 'stripe: checkout session without an Omnio checkout, ignored');
    return;
  }
  const state = await ignoreRefused(ctx, event, () => createStripeProvider(ctx.deps.config).retrieveSubscription(subscriptionId));
  if (state) await ignoreRefused(ctx, event, () => completeCheckout(ctx.deps, checkoutId.toLowerCase(), state));
}

/**
 * A service or Stripe refusing an event's object (a DomainError: another app's checkout, a subscription
 * deleted meanwhile, a state our rules refuse) is answered 200, since Stripe retrying it for days would
 * never succeed; it is logged, as an error unless the object is simply unknown. Anything else (database,
 * network) is thrown: a 500, and Stripe retries.
 */
async function ignoreRefused<T>(ctx: Ctx, event: StripeEvent, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const detail = { eventId: event.id, type: event.type, code: err.code, err: err.message };
    if (err.code === 'NOT_FOUND') ctx.log.warn(detail, 'stripe: event for an unknown object, ignored');
    else ctx.log.error(detail, 'stripe: event refused, not applied');
    return null;
  }
}
