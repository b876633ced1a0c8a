import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@omnio/domain';
import { asn, code, ledgerViolations, makeIloc, makeSku, supplyKit, type SupplyKit } from './supply.fixtures';
import type { SupplyShipmentDto } from './supply-shipments.read';

/**
 * The ledger stays whole through any sequence of shipping, partial and late receipts, closes and cancels:
 * after every step each balance equals the sum of its movements, what is in transit at the dock equals the
 * outstanding units of the shipments still open, and what is on hand equals what was received.
 */

let k: SupplyKit;
beforeAll(async () => {
  k = await supplyKit();
});
afterAll(() => k.close());


describe('ledger consistency under random receiving', () => {
  it('holds after every step of 40 random actions over 6 shipments of one PO', async () => {
    const rand = seededRandom(20261121);
    const pick = (n: number) => Math.floor(rand() * n);
    const dock = await makeIloc(k.t, k.acmeId, code('DOCK'));
    const base = await makeSku(k.t, k.acmeId, { sku: code('BASE') });
    const skus = [base, await makeSku(k.t, k.acmeId, { sku: code('PACK'), packOf: { skuId: base, quantity: 4 } }), await makeSku(k.t, k.acmeId, { sku: code('LONE') })];
    const po = await k.po(dock, skus.map((skuId) => ({ skuId, quantity: 60 })));
    const shipments: SupplyShipmentDto[] = [];
    for (let i = 0; i < 6; i++) {
      const lines = po.lineIds.map((line_id) => ({ line_id, quantity: 1 + pick(8) }));
      shipments.push((await k.ok<{ data: SupplyShipmentDto }>(201, 'POST', `/purchase-orders/${po.id}/shipments`, k.acme, asn(lines))).data);
    }

    const check = async (step: string) => {
      expect(await ledgerViolations(k.t), step).toEqual([]);
      const [row] = await k.t.database.ownerExec(`
        SELECT
          (SELECT coalesce(sum(qty_in_transit), 0) FROM inventory_balances WHERE iloc_id = '${dock}')::int AS transit,
          (SELECT coalesce(sum(qty_good + qty_hold + qty_hurt), 0) FROM inventory_balances WHERE iloc_id = '${dock}')::int AS on_hand,
          (SELECT coalesce(sum(greatest(0, l.qty_expected - l.qty_good - l.qty_hold - l.qty_hurt) * coalesce(s.pack_quantity, 1)), 0)
             FROM supply_shipment_lines l JOIN supply_shipments h ON h.id = l.shipment_id JOIN skus s ON s.id = l.sku_id
             WHERE h.purchase_order_id = '${po.id}' AND h.status IN ('in_transit', 'arrived', 'processing'))::int AS outstanding,
          (SELECT coalesce(sum((l.qty_good + l.qty_hold + l.qty_hurt) * coalesce(s.pack_quantity, 1)), 0)
             FROM supply_shipment_lines l JOIN supply_shipments h ON h.id = l.shipment_id JOIN skus s ON s.id = l.sku_id
             WHERE h.purchase_order_id = '${po.id}')::int AS received`);
      expect(Number(row!.transit), `${step}: in transit vs outstanding`).toBe(Number(row!.outstanding));
      expect(Number(row!.on_hand), `${step}: on hand vs received`).toBe(Number(row!.received));
      const lines = await k.t.database.ownerExec(`
        SELECT pl.qty_shipped, pl.qty_received,
          (SELECT coalesce(sum(l.qty_expected), 0) FROM supply_shipment_lines l JOIN supply_shipments h ON h.id = l.shipment_id
             WHERE l.po_line_id = pl.id AND h.status NOT IN ('draft', 'cancelled'))::int AS shipped,
          (SELECT coalesce(sum(l.qty_good + l.qty_hold + l.qty_hurt), 0) FROM supply_shipment_lines l WHERE l.po_line_id = pl.id)::int AS received
        FROM purchase_order_lines pl WHERE pl.purchase_order_id = '${po.id}'`);
      for (const l of lines) {
        expect(Number(l.qty_received), `${step}: PO line received`).toBe(Number(l.received));
        // A cancelled shipment gives back only what it had not received (nothing, in transit).
        expect(Number(l.qty_shipped), `${step}: PO line shipped`).toBe(Number(l.shipped));
      }
    };

    for (let step = 0; step < 40; step++) {
      const s = shipments[pick(shipments.length)]!;
      const action = s.allowed_actions[pick(s.allowed_actions.length)];
      if (!action || action === 'edit') continue;
      const body = action === 'receive'
        ? {
          lines: s.lines.filter(() => rand() < 0.7).map((l) => ({ line_id: l.id, good: pick(l.qty_expected + 2), hold: pick(2), hurt: pick(2) })),
          close: rand() < 0.6,
        }
        : undefined;
      if (body && !body.lines.length) body.lines.push({ line_id: s.lines[0]!.id, good: 1, hold: 0, hurt: 0 });
      const res = await k.api('POST', `/supply-shipments/${s.id}/${action}`, k.acme, body);
      expect(res.statusCode, `step ${step} ${action}: ${res.body}`).toBe(200);
      shipments[shipments.indexOf(s)] = res.json().data;
      await check(`step ${step} ${action} → ${res.json().data.status}`);
    }
    expect(new Set(shipments.map((s) => s.status)).size).toBeGreaterThan(1);
  });
});
