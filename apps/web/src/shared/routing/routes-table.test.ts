import { describe, expect, it } from 'vitest';
import { ROUTES, matchRoute, pathOf, routeByName } from './routes-table';
import { ROUTE_TITLES } from './route-titles';

describe('routes table', () => {
  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path.toLowerCase())).size).toBe(ROUTES.length);
  });

  it('gives every route an English and Spanish title', () => {
    for (const route of ROUTES) expect(ROUTE_TITLES[route.name], route.name).toBeDefined();
  });

  it('matches every route by its own path', () => {
    for (const route of ROUTES) {
      const concrete = route.path.replace(/:([A-Za-z]+)/g, 'x1');
      expect(matchRoute(concrete)?.route.name, route.path).toBe(route.name);
    }
  });

  it('carries the spec names used by links and the supplier routes', () => {
    for (const name of ['dashboardAdmin', 'list-companies', 'company-create', 'mapper-templates', 'rules-templates', 'warehouses-list',
      'warehouse-create', 'users-list', 'service-list', 'service-create', 'app-services', 'custom-login', 'admin-general',
      'admin-webhooks', 'admin-billing', 'dashboard', 'orders', 'returns', 'inventory', 'synset', 'iLocs', 'purchase-orders',
      'transfers', 'rules', 'connections', 'customers', 'suppliers', 'settings', 'billing', 'users', 'packaging', 'shipping',
      'user-notifications', 'integrations', 'notifications', 'user-activity', 'feedHistory', 'session-companies', 'login', 'denied',
      'page-404', 'tenant-user-profile', 'user-profile', 'supplier-user-profile', 'supplier-purchase-orders']) {
      expect(routeByName(name), name).toBeDefined();
    }
    expect(routeByName('supplier-purchase-orders')).toMatchObject({ role: 'supplier', permission: 'read-purchase-order' });
    expect(pathOf('supplier-user-profile')).toBe('/supplier-profile');
    expect(pathOf('tenant-user-profile')).toBe('/profile');
    expect(pathOf('user-profile')).toBe('/admin/users/user-profile');
  });

  it('builds paths with parameters and rejects unknown names', () => {
    expect(pathOf('company-conf', { id: 'a b' })).toBe('/admin/companies/a%20b/conf');
    expect(() => pathOf('nope')).toThrow();
  });
});
