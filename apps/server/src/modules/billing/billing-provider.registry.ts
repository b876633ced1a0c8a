import type { AppDeps } from '../../platform/http/context';
import type { BillingProvider } from './billing-provider';
import { createManualProvider } from './billing-provider.manual';
import { createStripeProvider } from './billing-provider.stripe';

const manual = createManualProvider();
/** One Stripe client per configuration object (tests build apps with different fakes). */
const stripeByConfig = new WeakMap<AppDeps['config'], BillingProvider>();

/** The provider BILLING_PROVIDER names (docs/api-billing.md "Configuration"); manual by default. */
export function billingProvider(deps: Pick<AppDeps, 'config'>): BillingProvider {
  if (deps.config.billingProvider !== 'stripe') return manual;
  let provider = stripeByConfig.get(deps.config);
  if (!provider) {
    provider = createStripeProvider(deps.config);
    stripeByConfig.set(deps.config, provider);
  }
  return provider;
}
