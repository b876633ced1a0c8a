import { describe, expect, it } from 'vitest';
import { defaultPermissionsForRole } from '@omnio/domain';
import {
  OWNER_MENU, SUPPLIER_MENU, TENANT_MENU, filterMenu, flattenMenu, menuForRole, menuPaths, truncateTitle, withWarehouseEntries,
} from './menus';
import { matchRoute } from '../routing/routes-table';
import { ROUTE_TITLES } from '../routing/route-titles';
import { commonEn } from '../i18n/common-en';

const titles = (entries: ReturnType<typeof flattenMenu>) => entries.map((e) => e.title);

describe('menus', () => {
  it('point only at routes of the role they belong to', () => {
    for (const [menu, role] of [[OWNER_MENU, 'owner'], [TENANT_MENU, 'tenant'], [SUPPLIER_MENU, 'supplier']] as const) {
      for (const entry of flattenMenu(menu)) {
        const match = matchRoute((entry.path ?? '').split('?')[0] ?? '');
        expect(match, entry.path).toBeDefined();
        expect(match?.route.role, entry.path).toBe(role);
      }
    }
  });

  it('have a translated title for every entry', () => {
    const groups = commonEn.menu as Record<string, string>;
    for (const menu of [OWNER_MENU, TENANT_MENU, SUPPLIER_MENU]) {
      for (const entry of [...menu, ...flattenMenu(menu)]) {
        const [ns, key] = entry.title.split('.');
        if (ns === 'routes') expect(ROUTE_TITLES[key ?? ''], entry.title).toBeDefined();
        else expect(groups[key ?? ''], entry.title).toBeDefined();
      }
    }
  });

  it('give the owner the spec owner entries and no notifications, activity or fulfilment locations', () => {
    const paths = menuPaths(filterMenu(OWNER_MENU, defaultPermissionsForRole('owner')));
    for (const path of ['/admin/dashboard', '/admin/companies', '/admin/companies/create', '/mapper/templates', '/rules/templates',
      '/admin/warehouses', '/admin/warehouses/create', '/admin/users', '/admin/services', '/admin/services/create', '/app-services',
      '/custom-login', '/admin/general', '/admin/webhooks', '/admin/billing']) {
      expect(paths.has(path), path).toBe(true);
    }
    expect(paths.has('/notifications')).toBe(false);
    expect(paths.has('/activity')).toBe(false);
    expect(paths.has('/iLocs')).toBe(false);
  });

  it('give a tenant fulfilment locations under Supply Chain, with a New entry', () => {
    const menu = filterMenu(TENANT_MENU, defaultPermissionsForRole('tenant'));
    const supply = menu.find((e) => e.title === 'menu.supplyChain');
    expect(supply?.items?.map((e) => e.path)).toEqual(['/iLocs', '/iLocs?create=true', '/purchase-orders', '/transfers']);
    expect(supply?.items?.[1]?.label).toBe('New');
    expect(menuPaths(menu).has('/notifications')).toBe(true);
  });

  it('reach the mail settings and the advanced screen (tokens, webhooks, schedules) from Settings', () => {
    const settings = filterMenu(TENANT_MENU, defaultPermissionsForRole('tenant')).find((e) => e.title === 'menu.settings');
    const paths = settings?.items?.map((e) => e.path) ?? [];
    expect(paths).toContain('/settings/mail');
    expect(paths).toContain('/advanced');
  });

  it('give a supplier only the supplier purchase orders', () => {
    expect(titles(flattenMenu(filterMenu(menuForRole('supplier'), defaultPermissionsForRole('supplier'))))).toEqual([
      'routes.supplier-purchase-orders',
    ]);
    expect(menuForRole(null)).toEqual([]);
  });
});

describe('filterMenu', () => {
  it('drops entries whose permission is missing and groups left empty', () => {
    const menu = filterMenu(TENANT_MENU, ['read-order']);
    expect(titles(menu)).toEqual(['routes.dashboard', 'menu.orders', 'routes.notifications']);
    expect(menu[1]?.items?.map((e) => e.title)).toEqual(['routes.orders']);
  });

  it('checks levelPermission against the sections of the held permissions', () => {
    const withoutSupplyChain = filterMenu(TENANT_MENU, ['read-purchase-order']);
    const supply = withoutSupplyChain.find((e) => e.title === 'menu.supplyChain');
    expect(supply?.items?.map((e) => e.path)).toEqual(['/purchase-orders']);
    const withSupplyChain = filterMenu(TENANT_MENU, ['read-purchase-order', 'read-transfer']);
    expect(withSupplyChain.find((e) => e.title === 'menu.supplyChain')?.items?.map((e) => e.path)).toEqual([
      '/purchase-orders',
      '/transfers',
    ]);
  });

  it('does not change the source menu', () => {
    const before = JSON.stringify(TENANT_MENU);
    filterMenu(TENANT_MENU, []);
    expect(JSON.stringify(TENANT_MENU)).toBe(before);
  });
});

describe('withWarehouseEntries', () => {
  it('adds one Supply Chain entry per location', () => {
    const menu = withWarehouseEntries(TENANT_MENU, [{ id: 'w1', name: 'Shipedge Reno' }]);
    const supply = menu.find((e) => e.title === 'menu.supplyChain');
    expect(supply?.items?.at(-1)).toMatchObject({ text: 'Shipedge Reno', path: '/shipedge/order/w1', namePermission: 'read-order' });
    expect(TENANT_MENU.find((e) => e.title === 'menu.supplyChain')?.items).toHaveLength(4);
  });
});

describe('truncateTitle', () => {
  it('keeps titles up to 22 characters', () => {
    expect(truncateTitle('Fulfillment locations')).toEqual({ text: 'Fulfillment locations', truncated: false });
    expect(truncateTitle('x'.repeat(22))).toEqual({ text: 'x'.repeat(22), truncated: false });
  });
  it('cuts longer titles at 22 characters with an ellipsis', () => {
    const result = truncateTitle('Nueva ubicación de cumplimiento');
    expect(result.truncated).toBe(true);
    expect(result.text).toBe('Nueva ubicación de cum…');
  });
});
