import { z } from 'zod';
import { defineLifecycle } from './lifecycle';
import { ZTimestamp } from './responses';

/**
 * Billing (spec 3, 4, 9; contract docs/api-billing.md). Products are base plans and add-on extras whose
 * prices are integer cents (spec 3); a company has at most one subscription: one plan price plus extras
 * with quantities. Everything here is pure so the server and the web compute the same totals and the
 * same allowed actions.
 */
export const BILLING_PRODUCT_TYPES = ['base_plan', 'addon'] as const;
export type BillingProductType = (typeof BILLING_PRODUCT_TYPES)[number];

/**
 * Spec 4, status → action → next: none → (checkout) → active; active → canceled (canceled_at set); canceled →
 * active on resume. A subscribe/change/upgrade/resume that needs a checkout leaves the status as is until it
 * is confirmed. `end` is the system's, never the company's: a cancelled subscription's period ran out (the
 * billing job), or the provider ended it (unpaid, deleted). Subscribing again after the end reuses the row.
 */
export const subscriptionLifecycle = defineLifecycle({
  none: { subscribe: 'active' },
  active: { change: 'active', upgrade: 'active', cancel: 'canceled', end: 'ended' },
  canceled: { resume: 'active', end: 'ended' },
  ended: { subscribe: 'active' },
}, { actions: ['subscribe', 'change', 'upgrade', 'cancel', 'resume', 'end'] });
export type SubscriptionLifecycleStatus = (typeof subscriptionLifecycle.statuses)[number];
/** What a subscription row holds ('none' is the absence of a row). */
export type StoredSubscriptionStatus = Exclude<SubscriptionLifecycleStatus, 'none'>;

/** The statuses the API and the web show: an ended subscription is no subscription, 'none'. */
export type SubscriptionStatus = Exclude<SubscriptionLifecycleStatus, 'ended'>;
export const shownSubscriptionStatus = (status: SubscriptionLifecycleStatus): SubscriptionStatus => (status === 'ended' ? 'none' : status);
export const SUBSCRIPTION_STATUSES = subscriptionLifecycle.statuses.filter((s): s is SubscriptionStatus => s !== 'ended');

/** The actions a company asks for (the request `type`, `allowed_actions`). */
export type SubscriptionAction = Exclude<(typeof subscriptionLifecycle.actions)[number], 'end'>;
const isCompanyAction = (a: (typeof subscriptionLifecycle.actions)[number]): a is SubscriptionAction => a !== 'end';
export const SUBSCRIPTION_ACTIONS = subscriptionLifecycle.actions.filter(isCompanyAction);

export const SUBSCRIPTION_TRANSITIONS = subscriptionLifecycle.table;

export function nextSubscriptionStatus(from: SubscriptionStatus, action: SubscriptionAction): SubscriptionStatus | null {
  const to = subscriptionLifecycle.next(from, action);
  return to === null ? null : shownSubscriptionStatus(to);
}

export function allowedSubscriptionActions(from: SubscriptionStatus): SubscriptionAction[] {
  return subscriptionLifecycle.allowedActions(from).filter(isCompanyAction);
}

/** Spec 3 / 4 subscription event types; each reaches the tenant live (realtime event `subscription-event`). */
export const SUBSCRIPTION_EVENT_TYPES = ['subscribe', 'subscribed', 'upgrade', 'updated', 'canceled'] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];
export const SUBSCRIPTION_REALTIME_EVENT = 'subscription-event';

/** Spec 8 toast of each event type (the server's message is the text). */
export const SUBSCRIPTION_EVENT_SEVERITY: Record<SubscriptionEventType, 'info' | 'success' | 'warning'> = {
  subscribe: 'info',
  subscribed: 'success',
  upgrade: 'warning',
  updated: 'info',
  canceled: 'warning',
};

export interface PlanDialogInput {
  /** The company's subscription status ('none' when it has none or it has ended). */
  status: SubscriptionStatus;
  /** Price id of the plan the company is on (null with no subscription). */
  currentPlanPriceId: string | null;
  /** The plan the dialog shows (selected). */
  shownPlanPriceId: string;
  /** How many extra lines are chosen in the dialog. */
  extrasChosen: number;
}

/**
 * Spec 4, what the 'choose plan' dialog offers for the shown plan: subscribe with no subscription; change to
 * another plan; upgrade when the same plan is shown with extras; resume a cancelled one only when the same
 * plan is shown with no extras. null: nothing to do (the current plan without extras, or a cancelled
 * subscription shown another plan or extras).
 */
export function planDialogAction(input: PlanDialogInput): SubscriptionAction | null {
  const same = input.currentPlanPriceId === input.shownPlanPriceId;
  switch (input.status) {
    case 'none':
      return 'subscribe';
    case 'active':
      if (!same) return 'change';
      return input.extrasChosen > 0 ? 'upgrade' : null;
    case 'canceled':
      return same && input.extrasChosen === 0 ? 'resume' : null;
  }
}

/** Spec 4: when cancelled the extras section is hidden. */
export function extrasVisible(status: SubscriptionStatus): boolean {
  return status !== 'canceled';
}

export interface PricedItem {
  /** Price in cents (spec 3 unit_amount). */
  unit_amount: number;
  /** The product's orders feature (spec 3 data.features.orders); 0 when the product has none. */
  orders: number;
}
export interface ExtraSelection extends PricedItem {
  quantity: number;
}

export interface PlanTotals {
  /** plan + Σ extra × quantity, in cents (integers: no rounding ever happens). */
  price_cents: number;
  /** price_cents / 100 as a two-decimal string (spec 9: unit_amount / 100 dollars). */
  price: string;
  /** plan orders + Σ extra orders × quantity (spec 9). */
  orders: number;
}

export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Spec 9 totals of a plan with extras. Quantities below 1 count as nothing (the dialog never sends them). */
export function planTotals(plan: PricedItem | null, extras: readonly ExtraSelection[]): PlanTotals {
  let cents = plan?.unit_amount ?? 0;
  let orders = plan?.orders ?? 0;
  for (const e of extras) {
    const q = Math.max(0, Math.trunc(e.quantity));
    cents += e.unit_amount * q;
    orders += e.orders * q;
  }
  return { price_cents: cents, price: centsToDollars(cents), orders };
}

/** Spec 3: choosing an extra again adds one to its quantity; a new extra starts at 1. */
export function addExtra<T extends { price_id: string; quantity: number }>(list: readonly T[], item: Omit<T, 'quantity'>): T[] {
  const found = list.find((e) => e.price_id === item.price_id);
  if (found) return list.map((e) => (e === found ? { ...e, quantity: e.quantity + 1 } : e));
  return [...list, { ...item, quantity: 1 } as T];
}

/** Upgrade adds the chosen extras to the ones the subscription has (quantities summed per price). */
export function mergeExtras(current: readonly { price_id: string; quantity: number }[], added: readonly { price_id: string; quantity: number }[]) {
  const out = new Map<string, number>();
  for (const e of [...current, ...added]) out.set(e.price_id, (out.get(e.price_id) ?? 0) + e.quantity);
  return [...out].map(([price_id, quantity]) => ({ price_id, quantity }));
}

/** The usage period an order counts in: its calendar month in UTC ('2026-11'). */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

// ---------------------------------------------------------------- API inputs

const cents = z.number().int().min(0).max(100_000_000);
const features = z.object({ orders: z.number().int().min(0).max(1_000_000_000).default(0) }).passthrough();

export const BillingProductInput = z.object({
  id: z.string().uuid().optional(),
  type: z.enum(BILLING_PRODUCT_TYPES),
  name: z.string().trim().min(1).max(120),
  active: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
  data: z.object({
    description: z.string().trim().max(2000).default(''),
    marketing_features: z.array(z.object({ name: z.string().trim().min(1).max(200) })).max(30).default([]),
    features: features.default({ orders: 0 }),
  }),
});
export type TBillingProductInput = z.infer<typeof BillingProductInput>;

export const BillingPriceInput = z.object({
  id: z.string().uuid().optional(),
  product_id: z.string().uuid(),
  active: z.boolean().default(true),
  data: z.object({
    unit_amount: cents,
    nickname: z.string().trim().max(120).default(''),
    currency: z.string().trim().toLowerCase().length(3).default('usd'),
  }),
});
export type TBillingPriceInput = z.infer<typeof BillingPriceInput>;

const extraLine = z.object({ price_id: z.string().uuid(), quantity: z.number().int().min(1).max(1000) });
const returnUrl = z.string().trim().max(2000).optional();

export const SubscriptionRequest = z.object({
  type: z.enum(SUBSCRIPTION_ACTIONS),
  price_id: z.string().uuid().optional(),
  extras: z.array(extraLine).max(50).default([]),
  returnUrl,
  cancelUrl: returnUrl,
});
export type TSubscriptionRequest = z.infer<typeof SubscriptionRequest>;

export const UpgradeRequest = z.object({ extras: z.array(extraLine).min(1).max(50), returnUrl, cancelUrl: returnUrl });
export type TUpgradeRequest = z.infer<typeof UpgradeRequest>;

export const PortalRequest = z.object({ returnUrl });

// ---- Answers (the response contract; see responses.ts) ----

const ZProviderName = z.enum(['manual', 'stripe']);

export const ZBillingPrice = z.object({
  id: z.string(),
  product_id: z.string(),
  active: z.boolean(),
  provider_id: z.string().nullable(),
  data: z.object({ unit_amount: z.number().int(), nickname: z.string(), currency: z.string() }),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type BillingPriceDto = z.input<typeof ZBillingPrice>;

export const ZBillingProduct = z.object({
  id: z.string(),
  type: z.enum(BILLING_PRODUCT_TYPES),
  name: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  provider_id: z.string().nullable(),
  data: z.object({
    description: z.string(),
    marketing_features: z.array(z.object({ name: z.string() })),
    // Features beyond orders are the owner's (or the provider's) own and pass through as stored.
    features: z.looseObject({ orders: z.number().int() }),
  }),
  prices: z.array(ZBillingPrice),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type BillingProductDto = z.input<typeof ZBillingProduct>;

/** A plan or extra of a subscription or checkout, with what it costs and allows (unit_amount in cents). */
export const ZPlanLine = z.object({
  product_id: z.string(),
  price_id: z.string(),
  provider_id: z.string().nullable(),
  name: z.string(),
  unit_amount: z.number().int(),
  orders: z.number().int(),
});
export type PlanLineDto = z.input<typeof ZPlanLine>;
export const ZExtraLine = ZPlanLine.extend({ quantity: z.number().int() });
export type ExtraLineDto = z.input<typeof ZExtraLine>;

export const ZPlanTotals = z.object({ price_cents: z.number().int(), price: z.string(), orders: z.number().int() });

/** A running subscription ('none' and ended ones are answered as null). */
export const ZSubscription = z.object({
  id: z.string(),
  status: z.enum(['active', 'canceled']),
  provider: ZProviderName,
  plan: ZPlanLine,
  extras: z.array(ZExtraLine),
  canceled_at: ZTimestamp.nullable(),
  current_period_start: ZTimestamp,
  current_period_end: ZTimestamp,
  totals: ZPlanTotals,
  allowed_actions: z.array(z.enum(SUBSCRIPTION_ACTIONS)),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type SubscriptionDto = z.input<typeof ZSubscription>;

export const CHECKOUT_TYPES = ['subscribe', 'change', 'upgrade', 'resume'] as const;
export const CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;

export const ZCheckout = z.object({
  id: z.string(),
  type: z.enum(CHECKOUT_TYPES),
  status: z.enum(CHECKOUT_STATUSES),
  provider: ZProviderName,
  plan: ZPlanLine,
  extras: z.array(ZExtraLine),
  totals: ZPlanTotals,
  return_url: z.string(),
  cancel_url: z.string(),
  expires_at: ZTimestamp,
  created_at: ZTimestamp,
});
export type CheckoutDto = z.input<typeof ZCheckout>;

/** POST /billing/subscription and /upgrade: where the browser goes next, and the subscription as it is now. */
export const ZSubscriptionAnswer = z.object({
  url: z.string(),
  checkout_id: z.string().nullable(),
  subscription: ZSubscription.nullable(),
});
export type SubscriptionAnswerDto = z.input<typeof ZSubscriptionAnswer>;

/** POST /billing/checkout/{id}/confirm. */
export const ZCheckoutConfirmation = z.object({ url: z.string(), subscription: ZSubscription.nullable() });
export type CheckoutConfirmationDto = z.input<typeof ZCheckoutConfirmation>;

/** POST /billing/portal: the provider's customer portal. */
export const ZBillingPortal = z.object({ url: z.string() });

export const ZBillingLimits = z.object({
  period: z.string(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  orders_limit: z.number().int(),
  orders_used: z.number().int(),
  orders_remaining: z.number().int(),
});
export type BillingLimitsDto = z.input<typeof ZBillingLimits>;

/** GET /billing/sync: how many products and prices went to the provider and came from it. */
export const ZBillingSync = z.object({ pushed: z.number().int(), pulled: z.number().int() });
export type BillingSyncDto = z.input<typeof ZBillingSync>;

/** The Stripe webhook's acknowledgement (Stripe reads only the status; the body is what Stripe's own examples send). */
export const ZStripeWebhookAck = z.object({ received: z.literal(true) });
/** Its refusals: 404 without the Stripe provider, 400 for a bad signature or a malformed event. */
export const ZStripeWebhookRefusal = z.object({ message: z.string() });
