import type { BillingProvider, CatalogSyncResult } from './billing-provider';

/**
 * The built-in provider: no card and no outside service. A checkout is our own confirmation page
 * (/billing/checkout/{id}); confirming it applies the checkout. Changes of a running subscription are
 * ours alone, so the provider has nothing to say about them (null: keep our own state).
 */
export function createManualProvider(): BillingProvider {
  return {
    name: 'manual',
    async startCheckout(req) {
      return { url: `/billing/checkout/${req.checkoutId}`, providerSessionId: null, providerCustomerId: null };
    },
    async updateSubscription() {
      return null;
    },
    async cancelSubscription() {
      return null;
    },
    async resumeSubscription() {
      return null;
    },
    async portalUrl() {
      return null;
    },
    async syncCatalog(): Promise<CatalogSyncResult> {
      return { pushed: { productIds: {}, priceIds: {} }, pulled: [] };
    },
  };
}
