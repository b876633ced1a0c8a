import { describe, expect, it } from 'vitest';
import {
  defaultPermissionsForRole, matchesPermissionSearch, PERMISSIONS, permissionByName, permissionsForSectionLevel, sectionLevel,
  sectionLevelExtras, sectionOwnPermissions,
} from './permissions';
import { effectiveRole } from './roles';

describe('permission catalog', () => {
  it('has unique ids and names', () => {
    expect(new Set(PERMISSIONS.map((p) => p.id)).size).toBe(PERMISSIONS.length);
    expect(new Set(PERMISSIONS.map((p) => p.name)).size).toBe(PERMISSIONS.length);
  });
  it('contains every permission the spec names', () => {
    const spec = 'read-company create-company update-company read-warehouse read-user read-users-company read-service read-app-service read-store read-connection create-process read-process process read-category read-product create-product update-product read-order create-order read-asn read-purchase-order create-purchase-order read-returns read-organization read-group read-supplier read-flow read-mapper read-shipment create-shipment update-shipment';
    for (const name of spec.split(' ')) expect(permissionByName(name), name).toBeDefined();
  });
  it('gives the owner platform rights, tenants none of them, suppliers only purchase orders', () => {
    expect(defaultPermissionsForRole('owner')).toEqual(expect.arrayContaining(['create-company', 'read-warehouse', 'login-as-user']));
    expect(defaultPermissionsForRole('tenant')).not.toContain('create-company');
    expect(defaultPermissionsForRole('tenant')).toEqual(expect.arrayContaining(['read-order', 'create-purchase-order', 'read-iloc']));
    expect(defaultPermissionsForRole('supplier')).toContain('read-purchase-order');
    expect(defaultPermissionsForRole('supplier')).not.toContain('read-order');
  });
});

describe('section levels', () => {
  const ids = (names: string[]) => new Set(names.map((n) => permissionByName(n)!.id));
  it('maps read only, read and write, allow onto permissions', () => {
    expect(permissionsForSectionLevel('Products', 'read').map((id) => PERMISSIONS.find((p) => p.id === id)!.name)).toEqual(['read-product']);
    expect(permissionsForSectionLevel('Products', 'read_write')).toHaveLength(4);
    expect(permissionsForSectionLevel('Execute Process', 'allow').map((id) => PERMISSIONS.find((p) => p.id === id)!.name)).toContain('process');
    expect(permissionsForSectionLevel('Products', 'deny')).toEqual([]);
  });
  it('reads back the level a set of permissions amounts to', () => {
    expect(sectionLevel('Products', ids(['read-product']))).toBe('read');
    expect(sectionLevel('Products', ids(['read-product', 'create-product', 'update-product', 'delete-product']))).toBe('allow');
    expect(sectionLevel('Products', ids(['create-product']))).toBe('deny');
  });
  it('lets Inventory read only open the inventory screens: it brings read-product along (ids unchanged)', () => {
    const names = (list: number[]) => list.map((id) => PERMISSIONS.find((p) => p.id === id)!.name);
    expect(names(permissionsForSectionLevel('Inventory', 'read')).sort()).toEqual(['read-inventory', 'read-product']);
    expect(names(permissionsForSectionLevel('Inventory', 'read_write')).sort()).toEqual(['read-inventory', 'read-product', 'update-inventory']);
    expect(permissionsForSectionLevel('Inventory', 'deny')).toEqual([]);
    expect(names(sectionOwnPermissions('Inventory')).sort()).toEqual(['read-inventory', 'update-inventory']);
    expect(names(sectionLevelExtras('Inventory', 'allow'))).toEqual(['read-product']);
    expect(sectionLevelExtras('Products', 'allow')).toEqual([]);
    // Stable ids: users' saved lists keep their meaning.
    expect([permissionByName('read-inventory')!.id, permissionByName('read-product')!.id]).toEqual([43, 39]);
    expect(sectionLevel('Inventory', ids(['read-inventory']))).toBe('deny');
    expect(sectionLevel('Inventory', ids(['read-inventory', 'read-product']))).toBe('read');
    expect(sectionLevel('Products', ids(['read-inventory', 'read-product']))).toBe('read');
  });
  it('matches a search case-insensitively in section or name', () => {
    const p = permissionByName('read-purchase-order')!;
    expect(matchesPermissionSearch(p, 'PURCHASE')).toBe(true);
    expect(matchesPermissionSearch(p, 'orders')).toBe(true);
    expect(matchesPermissionSearch(p, 'inventory')).toBe(false);
  });
  it('takes the first role as effective', () => {
    expect(effectiveRole(['supplier', 'tenant'])).toBe('supplier');
    expect(effectiveRole([])).toBeNull();
  });
});
