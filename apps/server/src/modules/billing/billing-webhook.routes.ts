import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/context';
import { DomainError, isUuid } from '../../platform/http/errors';
import { createStripeProvider, mapStripeSubscription, verifyStripeSignature, type StripeSubscriptionLike } from './billing-provider.stripe';
import { applyProviderSubscription, completeCheckout } from './subscription-provider-sync';

/** Stripe's events are a few kilobytes; anything near this is not Stripe. */
const BODY_LIMIT = 256 * 1024;
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

const ZStripeEvent = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
type StripeEvent = z.infer<typeof ZStripeEvent>;

/**
 * Stripe's webhook (docs/api-billing.md "Stripe webhook"): public, proven by the endpoint's signing secret
 * over the exact bytes sent, so this scope keeps every body as a raw buffer. Without the Stripe provider
 * or its secret the endpoint does not exist for callers (404 like any unknown path), so an install on the
 * manual provider accepts nothing here. Failures other than a bad signature answer 5xx, so Stripe retries.
 */
export function registerStripeWebhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  scope.post(STRIPE_WEBHOOK_PATH, { bodyLimit: BODY_LIMIT, schema: { tags: ['billing'], security: [] } }, async (req, reply) => {
    const secret = deps.config.stripeWebhookSecret;
    if (deps.config.billingProvider !== 'stripe' || !secret) return reply.status(404).send({ message: 'Not found' });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    if (!verifyStripeSignature(secret, body, Array.isArray(signature) ? signature[0] : signature)) {
      return reply.status(400).send({ message: 'Invalid signature' });
    }
    const event = parseEvent(body);
    if (!event) return reply.status(400).send({ message: 'Malformed event' });
    await handleStripeEvent(deps, event, req.log);
    return reply.send({ received: true });
  });
}

function parseEvent(body: Buffer): StripeEvent | null {
  try {
    const parsed = ZStripeEvent.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/**
 * Applies one verified event. Subscription state is re-read from the API rather than taken from the
 * event: Stripe does not promise delivery order, and the API answers the state as it is now. Replays are
 * harmless because applying the same state twice changes nothing (subscription-provider-sync.ts).
 */
export async function handleStripeEvent(deps: AppDeps, event: StripeEvent, log: FastifyBaseLogger): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      if (object.mode !== 'subscription') return;
      // A delayed payment method (bank debit) completes the session unpaid; async_payment_succeeded follows.
      if (event.type === 'checkout.session.completed' && object.payment_status === 'unpaid') return;
      const metadata = (object.metadata ?? {}) as Record<string, unknown>;
      const checkoutId = typeof object.client_reference_id === 'string' ? object.client_reference_id : metadata.checkout_id;
      const subscriptionId = idOf(object.subscription);
      // Sessions the account creates for something else than Omnio carry no checkout of ours.
      if (!isUuid(checkoutId) || !subscriptionId) {
        log.warn({ eventId: event.id, sessionId: object.id }, 'stripe: checkout session without an Omnio checkout, ignored');
        return;
      }
      const state = await ignoreRefused(log, event, () => createStripeProvider(deps.config).retrieveSubscription(subscriptionId));
      if (state) await ignoreRefused(log, event, () => completeCheckout(deps, checkoutId.toLowerCase(), state));
      return;
    }
    case 'customer.subscription.updated': {
      const state = await ignoreRefused(log, event, () => createStripeProvider(deps.config).retrieveSubscription(String(object.id)));
      const current = state ?? mapStripeSubscription(object as unknown as StripeSubscriptionLike);
      await ignoreRefused(log, event, () => applyProviderSubscription(deps, current));
      return;
    }
    case 'customer.subscription.deleted':
      // A deleted subscription never changes again: the event's copy is final.
      await ignoreRefused(log, event, () => applyProviderSubscription(deps, mapStripeSubscription(object as unknown as StripeSubscriptionLike)));
      return;
    default:
      // Other event types the endpoint may be subscribed to are acknowledged, so Stripe does not retry them.
      return;
  }
}

/**
 * A service or Stripe refusing an event's object (a DomainError: another app's checkout, a subscription
 * deleted meanwhile, a state our rules refuse) is answered 200, since Stripe retrying it for days would
 * never succeed; it is logged, as an error unless the object is simply unknown. Anything else (database,
 * network) is thrown: a 500, and Stripe retries.
 */
async function ignoreRefused<T>(log: FastifyBaseLogger, event: StripeEvent, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const detail = { eventId: event.id, type: event.type, code: err.code, err: err.message };
    if (err.code === 'NOT_FOUND') log.warn(detail, 'stripe: event for an unknown object, ignored');
    else log.error(detail, 'stripe: event refused, not applied');
    return null;
  }
}
