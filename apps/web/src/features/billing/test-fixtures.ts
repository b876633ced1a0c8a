import type { BillingProduct, Subscription } from './api';

/** The demo catalogue of docs/api-billing.md, as GET /billing/products-client answers it. */
const product = (id: string, type: BillingProduct['type'], name: string, cents: number, orders: number, sort: number): BillingProduct => ({
  id: `prod-${id}`, type, name, active: true, sort, provider_id: null,
  data: { description: `${name} description`, marketing_features: [{ name: `${orders} orders a month` }], features: { orders } },
  prices: [{ id: `price-${id}`, product_id: `prod-${id}`, active: true, provider_id: null, data: { unit_amount: cents, nickname: 'Monthly', currency: 'usd' },
    created_at: '2026-10-01T00:00:00.000Z', updated_at: '2026-10-01T00:00:00.000Z' }],
  created_at: '2026-10-01T00:00:00.000Z', updated_at: '2026-10-01T00:00:00.000Z',
});

export const PRODUCTS: BillingProduct[] = [
  product('starter', 'base_plan', 'Starter', 1900, 1000, 10),
  product('growth', 'base_plan', 'Growth', 4900, 5000, 20),
  product('scale', 'base_plan', 'Scale', 19900, 50000, 30),
  product('x1k', 'addon', '1,000 more orders', 1500, 1000, 10),
  product('x10k', 'addon', '10,000 more orders', 9900, 10000, 20),
];

export function subscription(over: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1', status: 'active', provider: 'manual',
    plan: { product_id: 'prod-growth', price_id: 'price-growth', provider_id: null, name: 'Growth', unit_amount: 4900, orders: 5000 },
    extras: [], canceled_at: null,
    current_period_start: '2026-11-01T00:00:00.000Z', current_period_end: '2026-12-01T00:00:00.000Z',
    totals: { price_cents: 4900, price: '49.00', orders: 5000 },
    allowed_actions: ['change', 'upgrade', 'cancel'],
    created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}
