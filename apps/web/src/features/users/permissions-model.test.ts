import { describe, expect, it } from 'vitest';
import { permissionByName, permissionsForSectionLevel } from '@omnio/domain';
import { applyLevel, distinctLevels, sectionState, visibleSections } from './permissions-model';

const id = (name: string) => {
  const def = permissionByName(name);
  if (!def) throw new Error(name);
  return def.id;
};

describe('permissions model', () => {
  it("'read only' for Products holds exactly read-product", () => {
    const held = applyLevel(new Set(), 'Products', 'read');
    expect([...held]).toEqual([id('read-product')]);
  });

  it('changing one section leaves the others alone', () => {
    const start = new Set([id('read-order'), id('read-product'), id('create-product')]);
    const held = applyLevel(start, 'Products', 'deny');
    expect([...held].sort()).toEqual([id('read-order')]);
  });

  it('reads a section back as its level, and as custom when hand-picked', () => {
    expect(sectionState('Products', applyLevel(new Set(), 'Products', 'read_write'))).toEqual({ level: 'read_write', custom: false });
    expect(sectionState('Products', new Set([id('read-product'), id('create-product')]))).toEqual({ level: 'read', custom: true });
    expect(sectionState('Products', new Set())).toEqual({ level: 'deny', custom: false });
  });

  it("'read only' for Inventory opens its screens: read-inventory and read-product", () => {
    const held = applyLevel(new Set(), 'Inventory', 'read');
    expect([...held].sort()).toEqual([id('read-inventory'), id('read-product')].sort());
    expect(sectionState('Inventory', held)).toEqual({ level: 'read', custom: false });
    // read-inventory alone (saved before the bundle existed) is not the level: it shows as custom.
    expect(sectionState('Inventory', new Set([id('read-inventory')]))).toEqual({ level: 'deny', custom: true });
  });

  it('keeps what Inventory read brings when Products is lowered, and drops it with Inventory', () => {
    const inventoryRead = applyLevel(applyLevel(new Set(), 'Products', 'read_write'), 'Inventory', 'read');
    const productsDenied = applyLevel(inventoryRead, 'Products', 'deny');
    expect([...productsDenied].sort()).toEqual([id('read-inventory'), id('read-product')].sort());
    expect(sectionState('Inventory', productsDenied).level).toBe('read');
    const allDenied = applyLevel(productsDenied, 'Inventory', 'deny');
    expect([...allDenied]).toEqual([id('read-product')]);
    expect(applyLevel(allDenied, 'Products', 'deny').size).toBe(0);
  });

  it("offers 'allow' only where it grants more than read and write", () => {
    expect(distinctLevels('Products').has('allow')).toBe(false);
    expect(distinctLevels('Execute Process').has('allow')).toBe(true);
    expect(permissionsForSectionLevel('Execute Process', 'allow')).toContain(id('process'));
  });

  it('filters by section name or permission name, any case', () => {
    const byAction = visibleSections('ILOC', false);
    expect(byAction.map((s) => s.section)).toEqual(['Fulfillment Locations (Ilocs)']);
    const bySection = visibleSections('purchase', false).find((s) => s.section === 'Purchase Orders');
    expect(bySection?.permissions.length).toBe(4);
    expect(visibleSections('login-as', false)).toEqual([]);
    expect(visibleSections('login-as', true).map((s) => s.section)).toEqual(['Platform']);
  });
});
