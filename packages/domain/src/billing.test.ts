import { describe, expect, it } from 'vitest';
import {
  addExtra, allowedSubscriptionActions, BillingPriceInput, BillingProductInput, centsToDollars, extrasVisible, mergeExtras, nextSubscriptionStatus,
  planDialogAction, planTotals, shownSubscriptionStatus, subscriptionLifecycle, SubscriptionRequest, SUBSCRIPTION_ACTIONS, SUBSCRIPTION_EVENT_SEVERITY, SUBSCRIPTION_EVENT_TYPES, SUBSCRIPTION_STATUSES,
  UpgradeRequest, usagePeriod, type SubscriptionAction, type SubscriptionStatus,
} from './billing';

/** Spec 4, written out in full: every status × every action, and where it leads (null: refused). */
const TRANSITIONS: [SubscriptionStatus, SubscriptionAction, SubscriptionStatus | null][] = [
  ['none', 'subscribe', 'active'],
  ['none', 'change', null],
  ['none', 'upgrade', null],
  ['none', 'cancel', null],
  ['none', 'resume', null],
  ['active', 'subscribe', null],
  ['active', 'change', 'active'],
  ['active', 'upgrade', 'active'],
  ['active', 'cancel', 'canceled'],
  ['active', 'resume', null],
  ['canceled', 'subscribe', null],
  ['canceled', 'change', null],
  ['canceled', 'upgrade', null],
  ['canceled', 'cancel', null],
  ['canceled', 'resume', 'active'],
];

describe('subscription transitions (spec 4)', () => {
  it('the table covers every status × action', () => {
    expect(TRANSITIONS).toHaveLength(SUBSCRIPTION_STATUSES.length * SUBSCRIPTION_ACTIONS.length);
  });

  it.each(TRANSITIONS)('%s × %s → %s', (from, action, to) => {
    expect(nextSubscriptionStatus(from, action)).toBe(to);
    expect(allowedSubscriptionActions(from).includes(action)).toBe(to !== null);
  });

  it.each([
    ['none', ['subscribe']],
    ['active', ['change', 'upgrade', 'cancel']],
    ['canceled', ['resume']],
  ] as const)('allowed actions of %s', (status, actions) => {
    expect(allowedSubscriptionActions(status)).toEqual(actions);
  });

  it('a subscription ends (the period after a cancel ran out, or the provider ended it) only by the system', () => {
    expect(subscriptionLifecycle.next('canceled', 'end')).toBe('ended');
    expect(subscriptionLifecycle.next('active', 'end')).toBe('ended');
    expect(subscriptionLifecycle.next('none', 'end')).toBeNull();
    expect(subscriptionLifecycle.next('ended', 'subscribe')).toBe('active');
    expect(subscriptionLifecycle.next('ended', 'resume')).toBeNull();
    // The company never asks for `end`, and never sees `ended`: it has no subscription.
    expect(SUBSCRIPTION_ACTIONS).not.toContain('end');
    expect(SubscriptionRequest.safeParse({ type: 'end' }).success).toBe(false);
    expect(SubscriptionRequest.safeParse({ type: 'cancel' }).success).toBe(true);
    expect(SUBSCRIPTION_STATUSES).toEqual(['none', 'active', 'canceled']);
    expect(shownSubscriptionStatus('ended')).toBe('none');
    expect(shownSubscriptionStatus('canceled')).toBe('canceled');
    for (const s of subscriptionLifecycle.statuses) expect(allowedSubscriptionActions(shownSubscriptionStatus(s))).not.toContain('end');
  });

  it('the extras section is hidden only when cancelled', () => {
    expect(SUBSCRIPTION_STATUSES.map((s) => [s, extrasVisible(s)])).toEqual([['none', true], ['active', true], ['canceled', false]]);
  });

  it('every event type has a toast severity', () => {
    expect(Object.keys(SUBSCRIPTION_EVENT_SEVERITY).sort()).toEqual([...SUBSCRIPTION_EVENT_TYPES].sort());
    expect(SUBSCRIPTION_EVENT_SEVERITY).toMatchObject({ subscribed: 'success', canceled: 'warning', upgrade: 'warning' });
  });
});

describe("the 'choose plan' dialog (spec 4)", () => {
  const CURRENT = 'price-growth';
  const OTHER = 'price-scale';
  // status, current plan, shown plan, extras chosen → the dialog's action
  const ROWS: [SubscriptionStatus, string | null, string, number, SubscriptionAction | null][] = [
    ['none', null, OTHER, 0, 'subscribe'],
    ['none', null, OTHER, 2, 'subscribe'],
    ['active', CURRENT, OTHER, 0, 'change'],
    ['active', CURRENT, OTHER, 3, 'change'],
    ['active', CURRENT, CURRENT, 1, 'upgrade'],
    ['active', CURRENT, CURRENT, 0, null],
    ['canceled', CURRENT, CURRENT, 0, 'resume'],
    ['canceled', CURRENT, CURRENT, 1, null],
    ['canceled', CURRENT, OTHER, 0, null],
    ['canceled', CURRENT, OTHER, 2, null],
  ];
  it.each(ROWS)('%s on %s, showing %s with %i extras → %s', (status, current, shown, extras, action) => {
    expect(planDialogAction({ status, currentPlanPriceId: current, shownPlanPriceId: shown, extrasChosen: extras })).toBe(action);
  });

  it('whatever the dialog offers is a transition spec 4 allows', () => {
    for (const [status, current, shown, extras] of ROWS) {
      const action = planDialogAction({ status, currentPlanPriceId: current, shownPlanPriceId: shown, extrasChosen: extras });
      if (action) expect(nextSubscriptionStatus(status, action)).not.toBeNull();
    }
  });
});

describe('totals (spec 9)', () => {
  const starter = { unit_amount: 1900, orders: 1000 };
  const growth = { unit_amount: 4900, orders: 5000 };
  const more1k = { unit_amount: 1500, orders: 1000 };
  const more10k = { unit_amount: 9900, orders: 10000 };

  it.each([
    ['plan only', starter, [], { price_cents: 1900, price: '19.00', orders: 1000 }],
    ['no plan, nothing', null, [], { price_cents: 0, price: '0.00', orders: 0 }],
    ['one extra', growth, [{ ...more1k, quantity: 1 }], { price_cents: 6400, price: '64.00', orders: 6000 }],
    ['extras with quantities', growth, [{ ...more1k, quantity: 2 }, { ...more10k, quantity: 3 }], { price_cents: 4900 + 3000 + 29700, price: '376.00', orders: 5000 + 2000 + 30000 }],
    ['a quantity of 0 counts nothing', growth, [{ ...more1k, quantity: 0 }], { price_cents: 4900, price: '49.00', orders: 5000 }],
    ['a negative quantity counts nothing', growth, [{ ...more1k, quantity: -2 }], { price_cents: 4900, price: '49.00', orders: 5000 }],
    ['a fractional quantity is truncated', growth, [{ ...more1k, quantity: 2.7 }], { price_cents: 7900, price: '79.00', orders: 7000 }],
    ['odd cents stay exact', { unit_amount: 1999, orders: 0 }, [{ unit_amount: 1, orders: 0, quantity: 3 }], { price_cents: 2002, price: '20.02', orders: 0 }],
    ['an extra without the orders feature', starter, [{ unit_amount: 500, orders: 0, quantity: 4 }], { price_cents: 3900, price: '39.00', orders: 1000 }],
  ] as const)('%s', (_name, plan, extras, expected) => {
    expect(planTotals(plan, extras)).toEqual(expected);
  });

  it.each([
    [0, '0.00'], [1, '0.01'], [10, '0.10'], [99, '0.99'], [100, '1.00'], [1900, '19.00'], [19999, '199.99'], [123456789, '1234567.89'], [-250, '-2.50'],
  ])('%i cents is %s dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it('orders sum: plan orders + each extra × quantity', () => {
    const extras = [{ ...more1k, quantity: 5 }, { ...more10k, quantity: 1 }];
    expect(planTotals(growth, extras).orders).toBe(5000 + 5 * 1000 + 10000);
  });
});

describe('extras lists', () => {
  it('addExtra: a new extra starts at 1, choosing it again adds 1', () => {
    let list = addExtra<{ price_id: string; name: string; quantity: number }>([], { price_id: 'a', name: 'A' });
    expect(list).toEqual([{ price_id: 'a', name: 'A', quantity: 1 }]);
    list = addExtra(list, { price_id: 'a', name: 'A' });
    list = addExtra(list, { price_id: 'b', name: 'B' });
    list = addExtra(list, { price_id: 'a', name: 'A' });
    expect(list).toEqual([{ price_id: 'a', name: 'A', quantity: 3 }, { price_id: 'b', name: 'B', quantity: 1 }]);
  });

  it('addExtra does not change the list it was given', () => {
    const list = [{ price_id: 'a', quantity: 1 }];
    addExtra(list, { price_id: 'a' });
    expect(list).toEqual([{ price_id: 'a', quantity: 1 }]);
  });

  it.each([
    ['nothing to add', [{ price_id: 'a', quantity: 2 }], [], [{ price_id: 'a', quantity: 2 }]],
    ['added to nothing', [], [{ price_id: 'a', quantity: 1 }], [{ price_id: 'a', quantity: 1 }]],
    ['same price summed', [{ price_id: 'a', quantity: 2 }], [{ price_id: 'a', quantity: 3 }], [{ price_id: 'a', quantity: 5 }]],
    ['new price appended', [{ price_id: 'a', quantity: 2 }], [{ price_id: 'b', quantity: 1 }], [{ price_id: 'a', quantity: 2 }, { price_id: 'b', quantity: 1 }]],
    ['duplicates within the added list', [], [{ price_id: 'b', quantity: 1 }, { price_id: 'b', quantity: 1 }], [{ price_id: 'b', quantity: 2 }]],
  ] as const)('mergeExtras: %s', (_name, current, added, expected) => {
    expect(mergeExtras(current, added)).toEqual(expected);
  });
});

describe('usage period', () => {
  it.each([
    ['2026-11-21T13:00:00Z', '2026-11'],
    ['2026-12-31T23:59:59.999Z', '2026-12'],
    ['2027-01-01T00:00:00Z', '2027-01'],
    // The calendar month in UTC, whatever the local offset says.
    ['2026-11-30T23:30:00-05:00', '2026-12'],
  ])('%s counts in %s', (at, period) => {
    expect(usagePeriod(new Date(at))).toBe(period);
  });
});

describe('request bodies', () => {
  const uuid = '0b6a8f2e-6f1c-4c55-9a43-0d8e2c1f7a10';
  it('a subscribe request defaults extras to none', () => {
    expect(SubscriptionRequest.parse({ type: 'subscribe', price_id: uuid })).toEqual({ type: 'subscribe', price_id: uuid, extras: [] });
  });
  it.each([
    [{ type: 'renew', price_id: uuid }],
    [{ type: 'subscribe', price_id: 'x' }],
    [{ type: 'subscribe', price_id: uuid, extras: [{ price_id: uuid, quantity: 0 }] }],
    [{ type: 'subscribe', price_id: uuid, extras: [{ price_id: uuid, quantity: 1.5 }] }],
  ])('refuses %j', (body) => {
    expect(SubscriptionRequest.safeParse(body).success).toBe(false);
  });
  it('an upgrade needs at least one extra', () => {
    expect(UpgradeRequest.safeParse({ extras: [] }).success).toBe(false);
    expect(UpgradeRequest.safeParse({ extras: [{ price_id: uuid, quantity: 2 }] }).success).toBe(true);
  });
  it('prices are whole cents, never negative; the currency is lower-cased', () => {
    expect(BillingPriceInput.safeParse({ product_id: uuid, data: { unit_amount: 19.99 } }).success).toBe(false);
    expect(BillingPriceInput.safeParse({ product_id: uuid, data: { unit_amount: -1 } }).success).toBe(false);
    expect(BillingPriceInput.parse({ product_id: uuid, data: { unit_amount: 1999, currency: 'EUR' } }).data).toEqual({ unit_amount: 1999, nickname: '', currency: 'eur' });
  });
  it('a product has a type, a name and defaults for the rest', () => {
    expect(BillingProductInput.parse({ type: 'addon', name: ' More ', data: {} })).toEqual({
      type: 'addon', name: 'More', active: true, sort: 0, data: { description: '', marketing_features: [], features: { orders: 0 } },
    });
    expect(BillingProductInput.safeParse({ type: 'bundle', name: 'x', data: {} }).success).toBe(false);
  });
});
