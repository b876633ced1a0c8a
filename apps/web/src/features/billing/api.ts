import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingProductType, SubscriptionAction, SubscriptionStatus, TBillingPriceInput, TBillingProductInput, TSubscriptionRequest,
} from '@omnio/domain';
import { http, isHttpError } from '../../shared/api/http';

/** Shapes of docs/api-billing.md. Amounts are integer cents (spec 3). */
export interface BillingPrice {
  id: string;
  product_id: string;
  active: boolean;
  provider_id: string | null;
  data: { unit_amount: number; nickname: string; currency: string };
}

export interface BillingProduct {
  id: string;
  type: BillingProductType;
  name: string;
  active: boolean;
  sort: number;
  provider_id: string | null;
  data: { description: string; marketing_features: { name: string }[]; features: { orders: number } };
  prices: BillingPrice[];
}

export interface SubscriptionLine {
  product_id: string;
  price_id: string;
  name: string;
  unit_amount: number;
  orders: number;
}
export interface SubscriptionExtra extends SubscriptionLine {
  quantity: number;
}
export interface BillingTotals {
  price_cents: number;
  price: string;
  orders: number;
}

export interface Subscription {
  id: string;
  status: Exclude<SubscriptionStatus, 'none'>;
  provider: 'manual' | 'stripe';
  plan: SubscriptionLine & { provider_id: string | null };
  extras: SubscriptionExtra[];
  canceled_at: string | null;
  current_period_start: string;
  current_period_end: string;
  totals: BillingTotals;
  allowed_actions: SubscriptionAction[];
  created_at: string;
  updated_at: string;
}

export interface Checkout {
  id: string;
  type: 'subscribe' | 'change' | 'upgrade' | 'resume';
  status: 'open' | 'completed' | 'expired';
  provider: 'manual' | 'stripe';
  plan: SubscriptionLine;
  extras: SubscriptionExtra[];
  totals: BillingTotals;
  return_url: string;
  cancel_url: string;
  expires_at: string;
}

export interface BillingLimits {
  period: string;
  subscription_status: SubscriptionStatus;
  orders_limit: number;
  orders_used: number;
  orders_remaining: number;
}

/** Every billing query starts with this key, so one invalidation refreshes subscription, limits and checkouts. */
export const BILLING_KEY = ['billing'] as const;
export const subscriptionKey = (companyId: string | null) => [...BILLING_KEY, 'subscription', companyId] as const;

export function useProductsClient(enabled = true) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'products-client'],
    queryFn: async () => (await http.get<{ data: BillingProduct[] }>('/billing/products-client')).data,
    enabled,
  });
}

/** The company's subscription, or null (none, or its period ended). Shared by the guard, the banner and /billing. */
export function useSubscription(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: subscriptionKey(companyId),
    queryFn: async () => (await http.get<{ data: Subscription | null }>('/billing/subscription')).data,
    enabled,
  });
}

export function useLimits(enabled = true) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'limits'],
    queryFn: async () => (await http.get<{ data: BillingLimits }>('/billing/limits')).data,
    enabled,
  });
}

export function useCheckout(id: string) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'checkout', id],
    queryFn: async () => (await http.get<{ data: Checkout }>(`/billing/checkout/${id}`)).data,
  });
}

function useBillingMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: BILLING_KEY }) });
}

export interface SubscriptionAnswer {
  url: string;
  checkout_id?: string | null;
  subscription?: Subscription | null;
}

export function useSubscriptionRequest() {
  return useBillingMutation(async (body: TSubscriptionRequest) =>
    (await http.post<{ data: SubscriptionAnswer }>('/billing/subscription', body)).data);
}

export function useConfirmCheckout() {
  return useBillingMutation(async (id: string) =>
    (await http.post<{ data: { url: string; subscription: Subscription } }>(`/billing/checkout/${id}/confirm`)).data);
}

export function usePortal() {
  return useMutation({
    mutationFn: async (returnUrl: string) => (await http.post<{ data: { url: string } }>('/billing/portal', { returnUrl })).data,
  });
}

// ------------------------------------------------------------------ owner

export function useAdminProducts() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'products'],
    queryFn: async () => (await http.get<{ data: BillingProduct[] }>('/billing/products')).data,
  });
}

export function useSaveProduct() {
  return useBillingMutation(async (body: TBillingProductInput) => (await http.put<{ data: BillingProduct }>('/billing/product', body)).data);
}

export function useSavePrice() {
  return useBillingMutation(async (body: TBillingPriceInput) => (await http.put<{ data: BillingPrice }>('/billing/price', body)).data);
}

export function useSyncProducts() {
  return useBillingMutation(async () => (await http.get<{ data: { pushed: number; pulled: number } }>('/billing/sync')).data);
}

/** The message the server put in its error body, if any (spec 8 shows it, or the screen's own default). */
export function serverMessage(error: unknown): string | null {
  return (isHttpError(error) && error.bodyField('message')) || null;
}
