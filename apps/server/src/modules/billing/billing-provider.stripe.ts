import type { Config } from '../../platform/config';
import type { BillingProvider } from './billing-provider';

/** The Stripe provider (owned by the Stripe slice; see docs/api-billing.md). */
export function createStripeProvider(_config: Config): BillingProvider {
  throw new Error('Stripe provider: not built yet');
}
