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

export const po = (over: Partial<PurchaseOrderToShip> = {}): PurchaseOrderToShip => ({
  id: PO_ID, number: 'PO-1001', status: 'sent', supplier: { id: 's1', name: 'Northwind Supply' }, iloc: { id: ILOC_A, name: 'Austin Main' },
  allowed_actions: ['ship', 'email', 'cancel'],
  lines: [
    { id: LINE_A, line_no: 1, sku: 'TEE-M', name: 'Tee M', quantity: 10, qty_shipped: 4, qty_received: 0 },
    { id: LINE_B, line_no: 2, sku: 'CAP-1', name: 'Cap', quantity: 5, qty_shipped: 0, qty_received: 0 },
  ],
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
  events: [{ id: 'e1', action: 'ship', from_status: 'draft', to_status: 'in_transit', user: { id: 'u1', name: 'Tina Tenant' }, data: null, created_at: '2026-11-20T10:00:00Z' }],
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
