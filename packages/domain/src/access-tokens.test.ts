import { describe, expect, it } from 'vitest';
import { TOKEN_SCOPES, requiredTokenScope, tokenAllows } from './access-tokens';

describe('access token scopes', () => {
  it('has the spec 3 catalog: remove only for inventories, purchase orders and transfers', () => {
    expect(TOKEN_SCOPES).toEqual([
      'orders.read', 'orders.write', 'products.read', 'products.write', 'inventories.read', 'inventories.write', 'inventories.remove',
      'purchaseOrders.read', 'purchaseOrders.write', 'purchaseOrders.remove', 'transfers.read', 'transfers.write', 'transfers.remove',
      'shipment.read', 'shipment.write',
    ]);
  });

  it.each([
    ['GET', '/orders', 'orders.read'],
    ['HEAD', '/orders/:id', 'orders.read'],
    ['POST', '/orders/:id/:action', 'orders.write'],
    ['DELETE', '/customers/:id', 'orders.write'],
    ['POST', '/orders/:id/shipments', 'shipment.write'],
    ['GET', '/orders/:id/shipments', 'shipment.read'],
    ['DELETE', '/skus/:id', 'products.write'],
    ['DELETE', '/tenants/:tenantId/ilocs/:ilocId', 'inventories.remove'],
    ['PATCH', '/tenants/:tenantId/ilocs/:ilocId/archive-iloc', 'inventories.write'],
    ['DELETE', '/purchase-orders/:id', 'purchaseOrders.remove'],
    ['POST', '/purchase-orders/:id/shipments/:shipmentId/ship', 'purchaseOrders.write'],
    ['DELETE', '/transfers/:id', 'transfers.remove'],
    ['GET', '/supply-shipments', 'shipment.read'],
    ['GET', '/users/information', '*'],
    ['GET', '/jobs/:id', '*'],
    ['GET', '/users', null],
    ['POST', '/jobs/:id', null],
    ['GET', '/ordersx', null],
    ['GET', '/tenants/:tenantId', null],
    ['POST', '/access-tokens', null],
  ] as const)('%s %s needs %s', (method, url, scope) => {
    expect(requiredTokenScope(method, url)).toBe(scope);
  });

  it('a token is allowed exactly by its scopes', () => {
    expect(tokenAllows(['orders.read'], 'GET', '/orders')).toBe(true);
    expect(tokenAllows(['orders.write'], 'GET', '/orders')).toBe(false);
    expect(tokenAllows([], 'GET', '/users/information')).toBe(true);
    expect(tokenAllows([...TOKEN_SCOPES], 'GET', '/users')).toBe(false);
  });
});
