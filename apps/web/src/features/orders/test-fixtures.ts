import { orderAllowedActions, type OrderStatus } from '@omnio/domain';
import type { Order, OrderLine, OrderSummary } from './api';

/** Test support: orders as the API answers them (docs/api-orders.md). */

export const ORDER_ID = 'a0000000-0000-4000-8000-000000000001';
export const ILOC_ID = 'e0000000-0000-4000-8000-000000000001';
export const ALL_ORDER_PERMISSIONS = ['read-order', 'create-order', 'update-order', 'create-shipment', 'read-organization'];

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const status: OrderStatus = overrides.status ?? 'open';
  return {
    id: ORDER_ID, number: 'AC-1001', channel: 'manual', external_id: 'SHOP-1001', status, fulfillment_status: 'allocated', error_code: null,
    error_message: null, customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    ship_to: { city: 'Austin', state: 'TX', country: 'US' }, currency: 'USD', total: '39.80', line_count: 1, unit_count: 2, hold_until: null,
    created_at: '2026-03-05T14:07:00Z', updated_at: '2026-03-05T14:07:00Z', allowed_actions: orderAllowedActions(status, ALL_ORDER_PERMISSIONS),
    ...overrides,
  };
}

export function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 'l0000000-0000-4000-8000-000000000001', line_no: 1, sku: 'TEE-M', sku_text: 'TEE-M', sku_id: 'b0000000-0000-4000-8000-000000000001', name: 'Tee M',
    quantity: 2, price: '19.90', discount: '0.00', tax: '0.00', total: '39.80', iloc_id: null, qty_allocated: 2, qty_backordered: 0, qty_shipped: 0,
    qty_returned: 0, allocations: [{ iloc_id: ILOC_ID, iloc_name: 'Austin Main Warehouse', quantity: 2, qty_shipped: 0 }], ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  const base = summary({ status: overrides.status ?? 'open' });
  return {
    ...base,
    customer_id: null,
    customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, company: null },
    billing_address: null,
    shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    notes: null, metadata: {}, shipable_date: null, deliver_by: null, ship_method: 'standard', ship_carrier: null, subtotal: '39.80',
    discount_total: '0.00', tax_total: '0.00', shipping_total: '0.00', version: 3, closed_at: null, cancelled_at: null, lines: [line()],
    shipments: [], returns: [],
    ...overrides,
  };
}
