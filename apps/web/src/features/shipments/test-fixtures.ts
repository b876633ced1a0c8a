import type { ReturnDetail, Shipment } from './api';

/** A shipped shipment and a return of it, as the API answers them, for the component tests. */

export const shipment: Shipment = {
  id: 's1', number: 'AC-1001-S1', order_id: 'o1', order_number: 'AC-1001', status: 'shipped', iloc_id: 'i1', iloc_name: 'Austin Main',
  package_id: null, carrier: 'ups', ship_method: 'standard', tracking: '1Z', ship_date: '2026-11-20T10:05:00Z', notes: null, box_count: 1, unit_count: 3,
  qty_returned: 0, allowed_actions: ['return'], created_at: '2026-11-20T10:05:00Z', updated_at: '2026-11-20T10:05:00Z',
  boxes: [],
  lines: [{ line_id: 'l1', line_no: 1, sku_id: 'k1', sku: 'TEE-M', name: 'Tee M', quantity: 3, qty_returned: 0, qty_returnable: 3 }],
};
export const ret = (over: Partial<ReturnDetail> = {}): ReturnDetail => ({
  id: 'r1', number: 'RMA-AC-1001-1', order_id: 'o1', order_number: 'AC-1001', shipment_id: 's1', shipment_number: 'AC-1001-S1', status: 'approved',
  refund_status: 'approved', reason: 'damaged', notes: null, iloc_id: null, iloc_name: null, currency: 'USD', refundable_amount: '10.00', refund_amount: '0.00',
  unit_count: 1, qty_received: 0, allowed_actions: ['receive', 'refund'], created_at: '2026-11-20T11:00:00Z', updated_at: '2026-11-20T11:00:00Z', received_at: null,
  lines: [{ id: 'rl1', line_id: 'l1', line_no: 1, shipment_line_id: 'x', sku_id: 'k1', sku: 'TEE-M', name: 'Tee M', quantity: 1, reason: 'damaged', qty_good: 0, qty_hold: 0, qty_hurt: 0, qty_received: 0 }],
  ...over,
});
