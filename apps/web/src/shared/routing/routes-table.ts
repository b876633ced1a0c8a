import { matchPath } from 'react-router';
import type { Role } from '@omnio/domain';

/** Where a screen renders: inside the signed-in shell, on the sign-in card, or alone (iframes, errors). */
export type RouteLayout = 'app' | 'auth' | 'blank';

export interface RouteDef {
  name: string;
  path: string;
  role?: Role;
  permission?: string;
  requiresAuth?: boolean;
  requiresSubscription?: boolean;
  freeAccess?: boolean;
  layout: RouteLayout;
}

type Extra = Partial<Pick<RouteDef, 'requiresSubscription' | 'freeAccess' | 'layout' | 'permission'>>;

const owner = (name: string, path: string, permission?: string, extra: Extra = {}): RouteDef => ({
  name, path, role: 'owner', permission, requiresAuth: true, layout: 'app', ...extra,
});
const tenant = (name: string, path: string, permission?: string, extra: Extra = {}): RouteDef => ({
  name, path, role: 'tenant', permission, requiresAuth: true, layout: 'app', ...extra,
});
const supplier = (name: string, path: string, permission?: string): RouteDef => ({
  name, path, role: 'supplier', permission, requiresAuth: true, layout: 'app',
});
const open = (name: string, path: string, layout: RouteLayout = 'auth'): RouteDef => ({ name, path, layout });
const sub = { requiresSubscription: true } as const;

/** Integration set-up screens (spec 2): create-process, and a subscription for all but the OAuth callbacks. */
const SERVICE_SCREENS: [name: string, path: string, subscription: boolean][] = [
  ['billing-transfer-create', '/services/billing-transfer-create', true],
  ['integration-shipedge-create', '/services/integration-shipedge-create', true],
  ['shopify-create', '/services/shopify-create', true],
  ['ebay-create', '/services/ebay-create', true],
  ['mercadolibre-create', '/services/mercadolibre-create', true],
  ['xenvio-create', '/services/xenvio/:id', true],
  ['bigcommerce-create', '/services/bigcommerce-create', true],
  ['bigcommerce-connector', '/services/bigcommerce-connector', false],
  ['bigcommerce', '/services/bigcommerce', false],
  ['jumpseller-create', '/services/jumpseller-create', true],
  ['woocommerce-create', '/services/woocommerce-create', true],
  ['woocommerce21-create', '/services/woocommerce21-create/:id', true],
  ['commercehub-create', '/services/commercehub-create', true],
  ['spscommerce-create', '/services/spscommerce-create/:id', true],
  ['spscommerce-api-create', '/services/spscommerce-api-create/:id', true],
  ['amazon-create', '/services/amazon-create/:id', true],
  ['amazon-vendor-create', '/services/amazon-vendor-create/:id', true],
  ['email-account-create', '/services/email-account-create', true],
  ['shopify-api-rest', '/services/shopify-api-rest', true],
  ['cart-rover', '/services/cart-rover', true],
  ['bigcommerce-rest', '/services/bigcommerce-rest', true],
  ['edi-create', '/services/edi-create', true],
  ['omnio-create', '/services/omnio-create/:id', true],
  ['diamond-graphics-create', '/services/diamond-graphics-create', true],
  ['gis-create', '/services/gis-create/:id', true],
  ['shopify-fs', '/services/shopify-fs', true],
  ['amazon-seller-create', '/amazon-seller-create', true],
  ['ebay-gateway-create', '/ebay-gateway-create', true],
  ['quickbooks-gateway-create', '/quickbooks-gateway-create', true],
];

export const ROUTES: readonly RouteDef[] = [
  // Bare roots: the guard turns these into the role's landing page.
  { name: 'root', path: '/', layout: 'blank' },
  { name: 'admin-root', path: '/admin', role: 'owner', requiresAuth: true, layout: 'app' },

  // Owner area
  owner('dashboardAdmin', '/admin/dashboard', undefined, { freeAccess: true }),
  owner('list-companies', '/admin/companies', 'read-company'),
  owner('company-create', '/admin/companies/create', 'create-company'),
  owner('company-conf', '/admin/companies/:id/conf', 'read-company'),
  owner('warehouses-list', '/admin/warehouses', 'read-warehouse'),
  owner('warehouse-create', '/admin/warehouses/create', 'create-warehouse'),
  owner('warehouse-edit', '/admin/warehouses/:warehouse/edit', 'update-warehouse'),
  owner('user-profile', '/admin/users/user-profile', 'read-user'),
  owner('users-list', '/admin/users', 'read-user'),
  owner('service-list', '/admin/services', 'read-service'),
  owner('service-create', '/admin/services/create', 'create-service'),
  owner('service-edit', '/admin/services/:id/edit', 'update-service'),
  owner('app-services', '/app-services', 'read-app-service'),
  owner('custom-login', '/custom-login', 'read-user'),
  owner('admin-general', '/admin/general', 'read-user'),
  owner('admin-gateway', '/admin/gateway', 'read-user'),
  owner('mapper-templates', '/mapper/templates', 'read-company'),
  owner('rules-templates', '/rules/templates', 'read-company'),
  owner('admin-webhooks', '/admin/webhooks', 'read-company'),
  owner('admin-billing', '/admin/billing', 'create-company'),

  // Tenant area
  tenant('dashboard', '/dashboard'),
  tenant('stores', '/stores/:name', 'read-store'),
  tenant('warehouse-connections', '/warehouses/connections', 'read-connection'),
  tenant('tenant-company', '/tenant_company', 'update-company'),
  tenant('tenant_users', '/tenant_users', 'read-users-company'),
  tenant('users', '/users', 'read-users-company'),
  tenant('tenant-user-profile', '/profile', 'read-user'),
  tenant('categories', '/categories', 'read-category'),
  tenant('packaging', '/packaging', 'read-product'),
  tenant('products', '/skus', 'read-user'),
  tenant('orders', '/orders', 'read-order'),
  tenant('order-create', '/orders/create', 'create-order', sub),
  tenant('order-edit', '/orders/edit/:id', 'read-order'),
  tenant('asn', '/asn', 'read-asn'),
  tenant('asn-process', '/asn/process/:id', 'read-purchase-order'),
  tenant('returns', '/returns', 'read-returns'),
  tenant('inventory', '/inventory', 'read-product'),
  tenant('synset', '/synset', 'read-product'),
  tenant('product-show', '/product/show/:id', 'read-product'),
  tenant('product-create', '/product/create', 'create-product', sub),
  tenant('product-edit', '/product/edit/:id', 'update-product'),
  tenant('customers', '/customers', 'read-organization'),
  tenant('customer-show', '/customer/:id', 'read-organization'),
  tenant('customer-groups', '/customer-groups', 'read-group'),
  tenant('supplier-groups', '/supplier-groups', 'read-group'),
  tenant('suppliers', '/suppliers', 'read-supplier'),
  tenant('supplier-show', '/supplier/:id', 'read-supplier'),
  tenant('settings', '/settings', 'read-company'),
  tenant('billing', '/billing', 'read-company'),
  tenant('feedHistory', '/feed-history', 'read-company'),
  tenant('user-notifications', '/user-notifications', 'read-users-company'),
  tenant('advanced', '/advanced', 'read-users-company'),
  tenant('shipping', '/shipping', 'read-users-company'),
  tenant('integrations', '/integrations', 'read-users-company', sub),
  tenant('rules', '/rules', 'read-flow'),
  tenant('rule-new', '/rules/new', 'create-flow'),
  tenant('rule-edit', '/rules/:id', 'read-flow'),
  tenant('mappings', '/mappings', 'read-mapper'),
  tenant('mapping-new', '/mappings/new', 'create-mapper'),
  tenant('mapping-edit', '/mappings/:id', 'read-mapper'),
  tenant('user-activity', '/activity', undefined, { freeAccess: true }),
  tenant('notifications', '/notifications', undefined, { freeAccess: true }),
  tenant('iLocs', '/iLocs', undefined, { freeAccess: true }),
  tenant('gateway', '/gateway', undefined, { freeAccess: true }),
  tenant('connections', '/connections', 'process', { freeAccess: true }),
  tenant('connection-show', '/connections/:id', 'read-process'),
  tenant('purchase-orders', '/purchase-orders', 'read-purchase-order'),
  tenant('transfers', '/transfers', 'read-purchase-order'),
  tenant('purchase-order-create', '/purchase-order/create', 'create-purchase-order'),
  tenant('po-create-by-skus', '/po-create-by-skus', 'create-order', sub),
  tenant('po-create-v2', '/po-create-v2', 'create-order', sub),
  tenant('po-edit', '/po-edit/:poId', 'create-order', sub),
  tenant('create-transfers', '/create-transfers', 'create-order', sub),
  // Not named by the spec: a PO's and a transfer's own page, packing templates, the mail configuration.
  tenant('purchase-order-show', '/purchase-order/show/:id', 'read-purchase-order'),
  tenant('transfer-show', '/transfer/show/:id', 'read-purchase-order'),
  tenant('packing-templates', '/packing-templates', 'read-asn'),
  tenant('mail-settings', '/settings/mail', 'read-company'),
  tenant('billing-checkout', '/billing/checkout/:id', 'read-company'),
  tenant('shipment-create', '/shipments/create/:orderId', 'create-shipment'),
  tenant('po-shipment', '/purchase-order/shipments/:poId/:shipmentId', 'create-shipment'),
  tenant('transfer-shipment', '/transfer/shipments/:poId/:shipmentId', 'create-shipment'),
  tenant('shipment-return', '/shipments/return/:id', 'update-shipment'),
  tenant('forecasting-create', '/forecasting-create', 'create-process', sub),
  tenant('shipedge-orders', '/shipedge/order', 'read-order'),
  tenant('shipedge-order', '/shipedge/order/:id', 'read-order'),
  tenant('shipedge-products', '/shipedge/product', 'read-product'),
  tenant('dashboard-ecommerce', '/horizontal/dashboard/ecommerce'),
  ...SERVICE_SCREENS.map(([name, path, subscription]) =>
    tenant(name, path, 'create-process', subscription ? sub : {}),
  ),

  // Supplier area
  supplier('supplier-purchase-orders', '/supplier-purchase-orders', 'read-purchase-order'),
  supplier('supplier-purchase-order', '/supplier-purchase-orders/:id', 'read-purchase-order'),
  supplier('supplier-po-shipment', '/supplier-purchase-orders/:poId/shipments/:shipmentId', 'create-asn'),
  supplier('supplier-user-profile', '/supplier-profile'),

  // Public and session routes
  open('login', '/session/login'),
  { name: 'session-companies', path: '/session/companies', requiresAuth: true, layout: 'auth' },
  { name: 'session-active-company', path: '/session/active-company', requiresAuth: true, layout: 'auth' },
  open('lock-screen', '/session/lock-screen'),
  open('forgot-password', '/session/forgot-password'),
  open('reset-password', '/session/reset-password/:token'),
  open('signup', '/signup'),
  open('validate-intent', '/validate'),
  open('complete-install', '/complete-install'),
  open('install-integration', '/install-integration'),
  tenant('create-integration', '/create-integration', 'create-process', { layout: 'auth' }),
  open('page-404', '/404', 'blank'),
  open('denied', '/denied', 'blank'),

  // Embeddable frames render without the shell.
  tenant('iframe-new-rule', '/iframes/new-rule', 'create-flow', { layout: 'blank' }),
  tenant('iframe-edit-rule', '/iframes/edit-rule/:id', 'update-flow', { layout: 'blank' }),
  tenant('iframe-upload-csv-order', '/iframes/upload-csv-order', 'create-order', { layout: 'blank' }),
];

const byName = new Map(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

/** The path of a named route; throws on a typo so a broken link fails in tests, not in production. */
export function pathOf(name: string, params: Record<string, string> = {}): string {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? `:${key}`));
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/** Static segments beat parameters (/admin/companies/create is not a company id). */
function specificity(path: string): number {
  return path.split('/').reduce((score, segment) => score + (segment.startsWith(':') ? 1 : 2), 0);
}

const BY_SPECIFICITY = [...ROUTES].sort((a, b) => specificity(b.path) - specificity(a.path));

export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const route of BY_SPECIFICITY) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}
