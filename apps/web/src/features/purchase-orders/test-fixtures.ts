import { poAllowedActions, type PoStatus } from '@omnio/domain';
import type { PoLine, PoSummary, PurchaseOrder, Suggestion } from './api';

/** Test support: purchase orders as docs/api-supply-chain.md answers them. */

export const PO_ID = 'a0000000-0000-4000-8000-000000000001';
export const SUPPLIER_ID = 'c0000000-0000-4000-8000-000000000001';
export const SUPPLIER2_ID = 'c0000000-0000-4000-8000-000000000002';
export const ILOC_ID = 'e0000000-0000-4000-8000-000000000001';
export const LINE_ID = 'd0000000-0000-4000-8000-000000000001';
export const ALL_PO_PERMISSIONS = [
  'read-purchase-order', 'create-purchase-order', 'update-purchase-order', 'delete-purchase-order', 'read-supplier', 'read-asn', 'create-asn',
  'update-asn',
];
export const SUPPLIER_PERMISSIONS = ['read-purchase-order', 'update-purchase-order', 'read-asn', 'create-asn', 'read-user', 'update-user'];

export function summary(overrides: Partial<PoSummary> = {}): PoSummary {
  const status: PoStatus = overrides.status ?? 'draft';
  return {
    id: PO_ID, number: 'PO-1001', status, supplier: { id: SUPPLIER_ID, name: 'Northwind Supply' }, iloc: { id: ILOC_ID, name: 'Austin Main Warehouse' },
    currency: 'USD', estimated_delivery: '2026-12-01', total: '650.00', line_count: 1, qty_ordered: 100, qty_received: 0,
    created_at: '2026-03-05T14:07:00Z', updated_at: '2026-03-05T14:07:00Z', allowed_actions: poAllowedActions(status, ALL_PO_PERMISSIONS),
    ...overrides,
  };
}

export function poLine(overrides: Partial<PoLine> = {}): PoLine {
  return {
    id: LINE_ID, line_no: 1, sku_id: 'b0000000-0000-4000-8000-000000000001', sku: 'TEE-RED-M', name: 'Trail Tee red M', supplier_sku: 'NW-TEE-M',
    sku_status: 'active', quantity: 100, unit_cost: '6.5000', net_price: '6.5000', tax: '0.00', total: '650.00', confirmed_quantity: null,
    confirmed_date: null, qty_shipped: 0, qty_received: 0, ...overrides,
  };
}

export function purchaseOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const base = summary({ status: overrides.status ?? 'draft' });
  return {
    ...base,
    supplier: { id: SUPPLIER_ID, name: 'Northwind Supply', email: 'orders@northwind.test' },
    shipping_cost: '0.00', payment_terms: 'Net 30', notes_to_warehouse: 'Dock 4 only', notes_to_supplier: 'Please label every box',
    subtotal: '650.00', tax_total: '0.00', error_message: null, lines: [poLine()], shipments: [], created_by: { id: 'u1', name: 'Tess Tenant' },
    confirmed_at: null, sent_at: null, acknowledged_at: null, completed_at: null, cancelled_at: null,
    ...overrides,
  };
}

export function suggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    sku_id: 'b0000000-0000-4000-8000-000000000001', sku: 'TEE-RED-M', name: 'Trail Tee red M', supplier: { id: SUPPLIER_ID, name: 'Northwind Supply' },
    supplier_sku: 'NW-TEE-M', unit_cost: '6.5000', lead_time_days: 10, sold: 60, velocity: '2.000', on_hand: 5, in_transit: 0, on_order: 0,
    suggested_quantity: 75, ...overrides,
  };
}

export const suppliersPage = {
  data: [
    { id: SUPPLIER_ID, name: 'Northwind Supply', email: 'orders@northwind.test', payment_terms: 'Net 30', lead_time_days: 10, currency: 'USD' },
    { id: SUPPLIER2_ID, name: 'Contoso Textiles', email: 'sales@contoso.test', payment_terms: 'Net 45', lead_time_days: 20, currency: 'EUR' },
  ],
  current_page: 1, per_page: 500, total: 2, last_page: 1,
};

export const ilocsPage = {
  data: [{ id: ILOC_ID, name: 'Austin Main Warehouse', code: 'AUS-MAIN' }],
  current_page: 1, per_page: 500, total: 1, last_page: 1,
};
