import { describe, expect, it } from 'vitest';
import type { OrderToShip } from './api';
import { allocatedIlocs, draftField, fillFromPackage, initialDraft, linesAt, problemsOf, toBody, unassignedUnits, type ShipmentDraft } from './shipment-form';

const order: OrderToShip = {
  id: 'o1', number: 'AC-1001', status: 'open', ship_method: 'standard', ship_carrier: 'ups',
  lines: [
    { id: 'l1', line_no: 1, sku: 'TEE-M', name: 'Tee M', quantity: 3, qty_shipped: 0, allocations: [{ iloc_id: 'i1', iloc_name: 'Austin', quantity: 3, qty_shipped: 0 }] },
    { id: 'l2', line_no: 2, sku: 'CAP', name: 'Cap', quantity: 2, qty_shipped: 0, allocations: [{ iloc_id: 'i1', iloc_name: 'Austin', quantity: 1, qty_shipped: 0 }, { iloc_id: 'i2', iloc_name: 'Reno', quantity: 1, qty_shipped: 0 }] },
  ],
};
const lines = linesAt(order, 'i1');
const dims = { length: '30', width: '20', height: '10', weight: '1.5' };
const draft = (over: Partial<ShipmentDraft> = {}): ShipmentDraft => ({ ...initialDraft(order, 'i1'), ...over });
const keys = (d: ShipmentDraft) => problemsOf(d, lines).map((p) => `${p.field}:${p.key}`);

describe('the shipment draft', () => {
  it('starts with everything allocated at the iloc, assigned and in one box', () => {
    expect(allocatedIlocs(order)).toEqual([{ id: 'i1', name: 'Austin', units: 4 }, { id: 'i2', name: 'Reno', units: 1 }]);
    expect(lines.map((l) => [l.id, l.allocated])).toEqual([['l1', 3], ['l2', 1]]);
    const d = draft();
    expect(d).toMatchObject({ carrier: 'ups', ship_method: 'standard', assigned: { l1: '3', l2: '1' }, boxes: [{ items: { l1: '3', l2: '1' } }] });
    // only the measures are missing
    expect(keys(d)).toEqual(['boxes.0.length:positive', 'boxes.0.width:positive', 'boxes.0.height:positive', 'boxes.0.weight:positive']);
  });

  it('spec 5: boxes needed, measures above zero, assigned equals boxed, unassigned units handled', () => {
    expect(keys(draft({ boxes: [{ package_id: '', ...dims, items: {} }], assigned: { l1: '0', l2: '0' }, leave_rest: true }))).toEqual(['boxes:needsBoxes']);
    expect(keys(draft({ boxes: [{ package_id: '', ...dims, weight: '0', items: { l1: '3', l2: '1' } }] }))).toEqual(['boxes.0.weight:positive']);
    expect(keys(draft({ boxes: [{ package_id: '', ...dims, items: { l1: '2', l2: '1' } }] }))).toEqual(['assigned.l1:mismatch']);
    expect(problemsOf(draft({ boxes: [{ package_id: '', ...dims, items: { l1: '2', l2: '1' } }] }), lines)[0]!.values).toEqual({ assigned: 3, boxed: 2 });
    expect(keys(draft({ assigned: { l1: '4', l2: '1' }, boxes: [{ package_id: '', ...dims, items: { l1: '4', l2: '1' } }] }))).toEqual(['assigned.l1:overAllocated']);
    expect(keys(draft({ assigned: { l1: '1.5', l2: '1' }, boxes: [{ package_id: '', ...dims, items: { l1: 'x', l2: '1' } }] })))
      .toEqual(['boxes.0.items.l1:wholeNumber', 'assigned.l1:wholeNumber']);
    const partial = draft({ assigned: { l1: '2', l2: '1' }, boxes: [{ package_id: '', ...dims, items: { l1: '2', l2: '1' } }] });
    expect(keys(partial)).toEqual(['leave_rest:unhandled']);
    expect(unassignedUnits(partial, lines)).toBe(1);
    expect(keys({ ...partial, leave_rest: true })).toEqual([]);
  });

  it('an empty box is not checked and not sent; errors of sent boxes map back to the draft', () => {
    const d = draft({ boxes: [{ package_id: '', length: '', width: '', height: '', weight: '', items: { l1: '0' } }, { package_id: 'p1', ...dims, items: { l1: '3', l2: '1' } }] });
    expect(keys(d)).toEqual([]);
    const { body, boxIndex } = toBody(d, lines);
    expect(boxIndex).toEqual([1]);
    expect(body).toEqual({
      iloc_id: 'i1', carrier: 'ups', ship_method: 'standard',
      lines: [{ line_id: 'l1', quantity: 3 }, { line_id: 'l2', quantity: 1 }],
      boxes: [{ package_id: 'p1', ...dims, items: [{ line_id: 'l1', quantity: 3 }, { line_id: 'l2', quantity: 1 }] }],
    });
    expect(draftField('boxes.0.items.1.quantity', body, boxIndex)).toBe('boxes.1.items.l2');
    expect(draftField('boxes.0.weight', body, boxIndex)).toBe('boxes.1.weight');
    expect(draftField('lines.0.quantity', body, boxIndex)).toBe('assigned.l1');
    expect(draftField('iloc_id', body, boxIndex)).toBe('iloc_id');
  });

  it('a package fills the outer measures and the empty weight', () => {
    const box = { package_id: '', length: '', width: '', height: '', weight: '2', items: {} };
    expect(fillFromPackage(box, { id: 'p1', name: 'Small', box_weight: '0.300', outer_length: '30.000', outer_width: '20.000', outer_height: null }))
      .toEqual({ package_id: 'p1', length: '30', width: '20', height: '', weight: '0.3', items: {} });
    expect(fillFromPackage({ ...box, package_id: 'p1' }, undefined).package_id).toBe('');
  });
});
