import { describe, expect, it } from 'vitest';
import { ZSupplyShipmentInput } from '@omnio/domain';
import { boxesFromTemplate, draftField, draftOf, newDraft, poLines, problemsOf, toBody, transferLines, type AsnDraft } from './asn-form';
import { LINE_A, LINE_B, po, shipment, transfer } from './test-fixtures';

const lines = poLines(po());
const keys = (d: AsnDraft) => problemsOf(d, lines).map((p) => `${p.field}:${p.key}`);

describe('asn-form', () => {
  it('offers what is left to ship per PO line (ordered − shipped) and starts with all of it', () => {
    expect(lines.map((l) => l.left)).toEqual([6, 5]);
    expect(poLines(po({ lines: po().lines.map((l) => ({ ...l, qty_shipped: l.quantity + 1 })) })).map((l) => l.left)).toEqual([0, 0]);
    expect(newDraft(lines).assigned).toEqual({ [LINE_A]: '6', [LINE_B]: '5' });
  });

  it('ships what a transfer has reserved and not yet shipped', () => {
    const tr = transfer({ lines: [{ id: 'tl1', line_no: 1, sku_id: 'k1', sku: 'TEE-M', name: 'Tee M', quantity: 8, qty_reserved: 8, qty_shipped: 3, qty_received: 0 }] });
    expect(transferLines(tr).map((l) => [l.quantity, l.left])).toEqual([[8, 5]]);
    expect(transferLines(transfer()).map((l) => l.left)).toEqual([0]);
  });

  it('refuses more than is left, a missing ASN number, and boxes that do not hold what ships', () => {
    const draft = { ...newDraft(lines), assigned: { [LINE_A]: '7', [LINE_B]: '5' } };
    expect(keys(draft)).toEqual(['asn_number:required', `assigned.${LINE_A}:overLeft`]);
    const boxed: AsnDraft = {
      ...newDraft(lines), asn_number: 'ASN-9',
      boxes: [{ length: '10', width: '10', height: '0', weight: '1', items: { [LINE_A]: '6', [LINE_B]: '4' } }, { length: '', width: '', height: '', weight: '', items: {} }],
    };
    expect(keys(boxed)).toEqual(['boxes.0.height:positive', `assigned.${LINE_B}:mismatch`]);
    expect(keys({ ...newDraft(lines), asn_number: 'A B' })).toEqual(['asn_number:noSpaces']);
    expect(keys({ ...newDraft(lines), asn_number: 'A', assigned: {} })).toEqual(['lines:nothing']);
  });

  it('builds a body the shared schema accepts: lines with units, empty boxes dropped, contents by line position', () => {
    const draft: AsnDraft = {
      ...newDraft(lines), asn_number: ' ASN-9 ', carrier: 'UPS', ship_date: '2026-11-21', assigned: { [LINE_A]: '', [LINE_B]: '5' },
      boxes: [{ length: '', width: '', height: '', weight: '', items: {} }, { length: '30', width: '20', height: '10', weight: '2,5', items: { [LINE_B]: '5' } }],
    };
    const { body, boxIndex } = toBody(draft, lines);
    expect(body).toEqual({
      asn_number: 'ASN-9', bol_number: null, tracking_number: null, carrier: 'UPS', ship_date: '2026-11-21', packing_template_id: null,
      lines: [{ line_id: LINE_B, quantity: 5 }],
      boxes: [{ length: '30', width: '20', height: '10', weight: '2.5', contents: [{ line: 0, quantity: 5 }] }],
    });
    expect(ZSupplyShipmentInput.safeParse(body).success).toBe(true);
    expect(boxIndex).toEqual([1]);
    expect(draftField('boxes.0.weight', body, boxIndex)).toBe('boxes.1.weight');
    expect(draftField('lines.0.quantity', body, boxIndex)).toBe(`assigned.${LINE_B}`);
    expect(draftField('asn_number', body, boxIndex)).toBe('asn_number');
  });

  it('fills boxes from a packing template, the last box repeating while units remain', () => {
    const template = { id: 't', name: 'Cartons', type: 'box' as const, boxes: [{ length: '40.000', width: '30', height: '20', weight: '1.500', units_per_box: 4 }] };
    const boxes = boxesFromTemplate(template, newDraft(lines), lines);
    expect(boxes.map((b) => b.items)).toEqual([{ [LINE_A]: '4' }, { [LINE_A]: '2', [LINE_B]: '2' }, { [LINE_B]: '3' }]);
    expect(boxes[0]).toMatchObject({ length: '40', weight: '1.5' });
    expect(keys({ ...newDraft(lines), asn_number: 'A', boxes })).toEqual([]);
  });

  it('turns a saved ASN back into a draft keyed by the PO lines', () => {
    const saved = shipment({ status: 'draft', boxes: [{ box_no: 1, length: '30.000', width: '20', height: '10', weight: '2', contents: [{ line_no: 2, quantity: 5 }] }] });
    const draft = draftOf(saved, lines);
    expect(draft.assigned).toEqual({ [LINE_A]: '6', [LINE_B]: '5' });
    expect(draft.boxes).toEqual([{ length: '30', width: '20', height: '10', weight: '2', items: { [LINE_B]: '5' } }]);
  });
});
