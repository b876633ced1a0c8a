import type { AppDeps } from '../../platform/http/context';
import type { ProviderSubscriptionState } from './billing-provider';

/**
 * What a provider tells us, applied to our records (called by the Stripe webhook and by answers of the
 * Stripe API). Both are idempotent: the same state twice changes nothing and records no second event.
 */
export async function completeCheckout(_deps: AppDeps, _checkoutId: string, _state: ProviderSubscriptionState): Promise<void> {
  throw new Error('not built yet');
}

/** Finds the tenant by the provider subscription id; unknown ids are ignored (logged). */
export async function applyProviderSubscription(_deps: AppDeps, _state: ProviderSubscriptionState): Promise<void> {
  throw new Error('not built yet');
}
