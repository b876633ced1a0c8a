import type { PurchaseOrderToShip, SupplyShipment, Transfer } from './api';

/** Supply objects as the API answers them (docs/api-supply-chain.md), for the component tests. */

export const PO_ID = 'a1000000-0000-4000-8000-000000000001';
export const LINE_A = 'a2000000-0000-4000-8000-000000000001';
export const LINE_B = 'a2000000-0000-4000-8000-000000000002';
export const TEMPLATE_ID = 'a3000000-0000-4000-8000-000000000001';
export const SHIPMENT_ID = 'a4000000-0000-4000-8000-000000000001';
export const ILOC_A = 'e1000000-0000-4000-8000-000000000001';
export const ILOC_B = 'e1000000-0000-4000-8000-000000000002';
export const TRANSFER_ID = 'a5000000-0000-4000-8000-000000000001';

const poLine = (id: string, lineNo: number, sku: string, name: string, quantity: number, shipped: number): PurchaseOrderToShip['lines'][number] => ({
  id, line_no: lineNo, sku_id: null, sku, name, supplier_sku: null, sku_status: 'active', quantity, unit_cost: '5.0000', net_price: '5.0000', tax: '0.00',
  total: (quantity * 5).toFixed(2), confirmed_quantity: null, confirmed_date: null, qty_shipped: shipped, qty_received: 0,
});

export const po = (over: Partial<PurchaseOrderToShip> = {}): PurchaseOrderToShip => ({
  id: PO_ID, number: 'PO-1001', status: 'sent', supplier: { id: 's1', name: 'Northwind Supply', email: 'orders@northwind.test' }, iloc: { id: ILOC_A, name: 'Austin Main' },
  currency: 'USD', estimated_delivery: null, total: '75.00', line_count: 2, qty_ordered: 15, qty_received: 0,
  created_at: '2026-11-19T10:00:00Z', updated_at: '2026-11-19T10:00:00Z', allowed_actions: ['ship', 'email', 'cancel'],
  shipping_cost: '0.00', payment_terms: null, notes_to_warehouse: null, notes_to_supplier: null, subtotal: '75.00', tax_total: '0.00', error_message: null,
  lines: [poLine(LINE_A, 1, 'TEE-M', 'Tee M', 10, 4), poLine(LINE_B, 2, 'CAP-1', 'Cap', 5, 0)],
  shipments: [], created_by: null, confirmed_at: null, sent_at: '2026-11-19T10:00:00Z', acknowledged_at: null, completed_at: null, cancelled_at: null,
  ...over,
});

export const shipment = (over: Partial<SupplyShipment> = {}): SupplyShipment => ({
  id: SHIPMENT_ID, kind: 'purchase_order', asn_number: 'ASN-1', status: 'in_transit',
  purchase_order: { id: PO_ID, number: 'PO-1001', supplier: { id: 's1', name: 'Northwind Supply' } }, transfer: null, from_iloc: null,
  to_iloc: { id: ILOC_A, name: 'Austin Main' }, carrier: 'UPS', tracking_number: '1Z', bol_number: null, ship_date: '2026-11-20', line_count: 2,
  qty_expected: 11, qty_received: 0, has_discrepancy: false, created_at: '2026-11-20T10:00:00Z', allowed_actions: ['arrive', 'receive', 'cancel'],
  packing_template: null, boxes: [], shipped_at: '2026-11-20T10:00:00Z', arrived_at: null, received_at: null, cancelled_at: null,
  lines: [
    { id: 'sl1', line_no: 1, po_line_id: LINE_A, transfer_line_id: null, sku_id: 'k1', sku: 'TEE-M', name: 'Tee M', qty_expected: 6, qty_good: 0, qty_hold: 0, qty_hurt: 0, qty_received: 0, discrepancy: 0 },
    { id: 'sl2', line_no: 2, po_line_id: LINE_B, transfer_line_id: null, sku_id: 'k2', sku: 'CAP-1', name: 'Cap', qty_expected: 5, qty_good: 0, qty_hold: 0, qty_hurt: 0, qty_received: 0, discrepancy: 0 },
  ],
  events: [{ id: 'e1', action: 'ship', from_status: 'draft', to_status: 'in_transit', user: { id: 'u1', name: 'Tina Tenant' }, data: {}, created_at: '2026-11-20T10:00:00Z' }],
  ...over,
});

export const transfer = (over: Partial<Transfer> = {}): Transfer => ({
  id: TRANSFER_ID, number: 'TR-1001', status: 'draft', from_iloc: { id: ILOC_A, name: 'Austin Main' }, to_iloc: { id: ILOC_B, name: 'Dallas' },
  estimated_delivery: null, line_count: 1, qty_total: 4, qty_shipped: 0, qty_received: 0, error_message: null, created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z', allowed_actions: ['confirm', 'cancel', 'edit'], notes: null, confirmed_at: null, completed_at: null, cancelled_at: null,
  lines: [{ id: 'tl1', line_no: 1, sku_id: 'k1', sku: 'TEE-M', name: 'Tee M', quantity: 4, qty_reserved: 0, qty_shipped: 0, qty_received: 0 }],
  shipments: [],
  events: [],
  ...over,
});
