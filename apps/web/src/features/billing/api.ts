import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingLimitsDto as BillingLimits, BillingPriceDto as BillingPrice, BillingProductDto as BillingProduct, BillingSyncDto, CheckoutConfirmationDto,
  CheckoutDto as Checkout, SubscriptionAnswerDto as SubscriptionAnswer, SubscriptionDto as Subscription, TBillingPriceInput, TBillingProductInput,
  TSubscriptionRequest,
} from '@omnio/domain';
import { http, isHttpError } from '../../shared/api/http';

/**
 * Shapes of docs/api-billing.md: the server's response contract (@omnio/domain). Amounts are integer cents
 * (spec 3).
 */
export type {
  BillingLimitsDto as BillingLimits, BillingPriceDto as BillingPrice, BillingProductDto as BillingProduct, CheckoutDto as Checkout,
  ExtraLineDto as SubscriptionExtra, PlanLineDto as SubscriptionLine, PlanTotals as BillingTotals, SubscriptionAnswerDto as SubscriptionAnswer,
  SubscriptionDto as Subscription,
} from '@omnio/domain';

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

export function useSubscriptionRequest() {
  return useBillingMutation(async (body: TSubscriptionRequest) =>
    (await http.post<{ data: SubscriptionAnswer }>('/billing/subscription', body)).data);
}

export function useConfirmCheckout() {
  return useBillingMutation(async (id: string) =>
    (await http.post<{ data: CheckoutConfirmationDto }>(`/billing/checkout/${id}/confirm`)).data);
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
  return useBillingMutation(async () => (await http.get<{ data: BillingSyncDto }>('/billing/sync')).data);
}

/** The message the server put in its error body, if any (spec 8 shows it, or the screen's own default). */
export function serverMessage(error: unknown): string | null {
  return (isHttpError(error) && error.bodyField('message')) || null;
}
