import type { FastifyInstance } from 'fastify';
import { ZStripeWebhookAck, ZStripeWebhookRefusal } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { baseCtx } from '../../platform/http/request-context';
import { verifyStripeSignature } from './billing-provider.stripe';
import { applyStripeEvent, ZStripeEvent, type StripeEvent } from './billing-webhook.service';

/** Stripe's events are a few kilobytes; anything near this is not Stripe. */
const BODY_LIMIT = 256 * 1024;
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

/**
 * Stripe's webhook (docs/api-billing.md "Stripe webhook"): public, proven by the endpoint's signing secret
 * over the exact bytes sent, so this scope keeps every body as a raw buffer. Without the Stripe provider
 * or its secret the endpoint does not exist for callers (404 like any unknown path), so an install on the
 * manual provider accepts nothing here. Failures other than a bad signature answer 5xx, so Stripe retries.
 */
export function registerStripeWebhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  scope.post(STRIPE_WEBHOOK_PATH, { bodyLimit: BODY_LIMIT, schema: { tags: ['billing'], security: [], response: { 200: ZStripeWebhookAck, 400: ZStripeWebhookRefusal, 404: ZStripeWebhookRefusal } } }, async (req, reply) => {
    const secret = deps.config.stripeWebhookSecret;
    if (deps.config.billingProvider !== 'stripe' || !secret) return reply.status(404).send({ message: 'Not found' });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    if (!verifyStripeSignature(secret, body, Array.isArray(signature) ? signature[0] : signature)) {
      return reply.status(400).send({ message: 'Invalid signature' });
    }
    const event = parseEvent(body);
    if (!event) return reply.status(400).send({ message: 'Malformed event' });
    await applyStripeEvent(baseCtx(req, deps), event);
    return reply.send({ received: true });
  });
}

/** The body is parsed only after its signature held, so the schema step runs here rather than in `schema`. */
function parseEvent(body: Buffer): StripeEvent | null {
  try {
    const parsed = ZStripeEvent.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
