import type { PurchaseOrder850 } from './x12/x12-850';
import { build855 } from './x12/x12-855';
import type { X12Segment } from './x12/x12-types';

/**
 * The 855 for an order taken: every line accepted as ordered (BAK02 AD, ACK01 IA). An order the pipeline kept
 * in error gets none until the seller fixes it; a partial or changed acceptance is the 855 a person sends.
 */
export function build855ForOrders(po: PurchaseOrder850, now: Date): X12Segment[] {
  const shipBy = po.dates['010'] ?? po.dates['037'] ?? null;
  return build855({
    po: { poNumber: po.poNumber, poDate: po.poDate },
    ackType: 'AD',
    date: now,
    lines: po.lines.map((l) => ({
      lineNo: l.lineNo, quantity: l.quantity, uom: l.uom, unitPrice: l.unitPrice, ids: l.ids, status: 'IA' as const, ackQuantity: l.quantity, shipDate: shipBy,
    })),
  });
}
