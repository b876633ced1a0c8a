import type { StoredSubscriptionStatus } from '@omnio/domain';

/**
 * The payment provider seam (docs/api-billing.md). The subscription services decide what may happen
 * (packages/domain billing.ts) and keep our records; a provider only takes the money side: a checkout
 * to start, a subscription to change, cancel or resume, a customer portal, the catalogue to sync.
 * `manual` (billing-provider.manual.ts) is the embedded default; `stripe` (billing-provider.stripe.ts)
 * talks to the Stripe API (tests: a local fake, never the real service).
 */
export type BillingProviderName = 'manual' | 'stripe';

export interface ProviderLine {
  /** Our price id. */
  priceId: string;
  /** The provider's price id (null until the catalogue was synced to the provider). */
  providerPriceId: string | null;
  quantity: number;
}

export interface CheckoutRequest {
  /** Our checkout id: the provider echoes it back (Stripe: client_reference_id and metadata). */
  checkoutId: string;
  tenantId: string;
  companyName: string;
  email: string | null;
  /** The provider customer of the company, when it has one already. */
  providerCustomerId: string | null;
  plan: ProviderLine;
  extras: ProviderLine[];
  /** Absolute URLs the provider sends the browser back to. */
  returnUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  /** Where the browser goes now (manual: our own confirmation page). */
  url: string;
  providerSessionId: string | null;
  providerCustomerId: string | null;
}

/** What a provider says a subscription is now (from an API answer or a webhook). */
export interface ProviderSubscriptionState {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** ended: the provider deleted it (period over after a cancel, or unpaid). */
  status: StoredSubscriptionStatus;
  /** Set when a cancel is scheduled (cancel_at_period_end) or done. */
  canceledAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** The provider's price ids with quantities; mapped back to ours by provider_id. */
  items: { providerPriceId: string; quantity: number }[];
}

export interface CatalogProduct {
  id: string;
  providerId: string | null;
  name: string;
  description: string;
  type: 'base_plan' | 'addon';
  orders: number;
  active: boolean;
  prices: { id: string; providerId: string | null; unitAmount: number; currency: string; nickname: string; active: boolean }[];
}

export interface CatalogSyncResult {
  /** Provider ids given to our products/prices that had none (pushed). */
  pushed: { productIds: Record<string, string>; priceIds: Record<string, string> };
  /** Provider products unknown to us (pulled), to be created locally. */
  pulled: CatalogProduct[];
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  startCheckout(req: CheckoutRequest): Promise<CheckoutStarted>;
  /** Replace plan and extras of a running provider subscription (change plan, upgrade). */
  updateSubscription(providerSubscriptionId: string, plan: ProviderLine, extras: ProviderLine[]): Promise<ProviderSubscriptionState | null>;
  /** Cancel at the end of the period (Stripe cancel_at_period_end). */
  cancelSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState | null>;
  resumeSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState | null>;
  /** null: this provider has no portal (the API answers 409 'Your account is free'). */
  portalUrl(providerCustomerId: string | null, returnUrl: string): Promise<string | null>;
  syncCatalog(products: CatalogProduct[]): Promise<CatalogSyncResult>;
}
