import { PERMISSIONS, type PermissionSection, type Role } from '@omnio/domain';
import { pathOf, routeByName } from '../routing/routes-table';

/** Icon names resolved to components by the layout, so the menu stays plain data that tests can read. */
export type MenuIconName =
  | 'dashboard' | 'business' | 'addBusiness' | 'templates' | 'rules' | 'warehouse' | 'people' | 'services'
  | 'apps' | 'login' | 'settings' | 'webhook' | 'billing' | 'orders' | 'returns' | 'inventory' | 'synset'
  | 'products' | 'supplyChain' | 'location' | 'purchaseOrders' | 'transfers' | 'automation' | 'connections'
  | 'relations' | 'customers' | 'suppliers' | 'packaging' | 'shipping' | 'notifications' | 'integrations'
  | 'add';

export interface MenuEntry {
  /** i18n key in the common namespace. */
  title: string;
  /** A literal title (a warehouse location's name); shown instead of `title`. */
  text?: string;
  icon?: MenuIconName;
  path?: string;
  /** Active only on an exact path match (a parent path would otherwise light up for its children). */
  exact?: boolean;
  label?: 'New';
  items?: MenuEntry[];
  /** A permission section the user must hold at least one permission of. */
  levelPermission?: PermissionSection;
  /** A permission the user must hold (permissionsFront). */
  namePermission?: string;
}

/** A leaf pointing at a named route; it inherits the route's permission unless told otherwise. */
function leaf(name: string, icon: MenuIconName, extra: Partial<MenuEntry> = {}): MenuEntry {
  const route = routeByName(name);
  const permission = route?.freeAccess ? undefined : route?.permission;
  return { title: `routes.${name}`, icon, path: pathOf(name), exact: true, namePermission: permission, ...extra };
}

function group(key: string, icon: MenuIconName, items: MenuEntry[], extra: Partial<MenuEntry> = {}): MenuEntry {
  return { title: `menu.${key}`, icon, items, ...extra };
}

export const OWNER_MENU: MenuEntry[] = [
  leaf('dashboardAdmin', 'dashboard'),
  group('companies', 'business', [leaf('list-companies', 'business'), leaf('company-create', 'addBusiness', { label: 'New' })]),
  group('templates', 'templates', [leaf('mapper-templates', 'templates'), leaf('rules-templates', 'rules')]),
  group('warehouses', 'warehouse', [leaf('warehouses-list', 'warehouse'), leaf('warehouse-create', 'add')]),
  leaf('users-list', 'people'),
  group('services', 'services', [leaf('service-list', 'services'), leaf('service-create', 'add'), leaf('app-services', 'apps')]),
  group('platform', 'settings', [
    leaf('custom-login', 'login'),
    leaf('admin-general', 'settings'),
    leaf('admin-webhooks', 'webhook'),
    leaf('admin-billing', 'billing'),
  ]),
];

export const TENANT_MENU: MenuEntry[] = [
  leaf('dashboard', 'dashboard'),
  group('orders', 'orders', [leaf('orders', 'orders'), leaf('returns', 'returns')]),
  group('products', 'products', [leaf('inventory', 'inventory'), leaf('synset', 'synset'), leaf('products', 'products')]),
  group('supplyChain', 'supplyChain', [
    leaf('iLocs', 'location', { namePermission: 'read-iloc' }),
    {
      title: 'menu.newIloc',
      icon: 'add',
      path: `${pathOf('iLocs')}?create=true`,
      exact: true,
      label: 'New',
      namePermission: 'create-iloc',
    },
    leaf('purchase-orders', 'purchaseOrders'),
    leaf('transfers', 'transfers', { levelPermission: 'Supply Chain' }),
  ]),
  group('automation', 'automation', [leaf('rules', 'rules'), leaf('connections', 'connections', { namePermission: 'read-connection' })]),
  group('relations', 'relations', [leaf('customers', 'customers'), leaf('suppliers', 'suppliers')]),
  group('settings', 'settings', [
    leaf('settings', 'settings'),
    leaf('billing', 'billing'),
    leaf('users', 'people'),
    leaf('packaging', 'packaging'),
    leaf('shipping', 'shipping'),
    leaf('user-notifications', 'notifications'),
    leaf('mail-settings', 'notifications'),
    leaf('advanced', 'webhook'),
    leaf('integrations', 'integrations', { label: 'New' }),
  ]),
  leaf('notifications', 'notifications'),
];

export const SUPPLIER_MENU: MenuEntry[] = [leaf('supplier-purchase-orders', 'purchaseOrders')];

export function menuForRole(role: Role | null): MenuEntry[] {
  switch (role) {
    case 'owner':
      return OWNER_MENU;
    case 'tenant':
      return TENANT_MENU;
    case 'supplier':
      return SUPPLIER_MENU;
    default:
      return [];
  }
}

const sectionOf = new Map(PERMISSIONS.map((p) => [p.name, p.section]));

/** Keeps the entries the user may open; a group without any visible item disappears. */
export function filterMenu(entries: readonly MenuEntry[], permissionsFront: readonly string[]): MenuEntry[] {
  const held = new Set(permissionsFront);
  const sections = new Set(permissionsFront.map((name) => sectionOf.get(name)).filter(Boolean));
  const allowed = (entry: MenuEntry): boolean =>
    (!entry.namePermission || held.has(entry.namePermission)) &&
    (!entry.levelPermission || sections.has(entry.levelPermission));

  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (!allowed(entry)) continue;
    if (entry.items) {
      const items = filterMenu(entry.items, permissionsFront);
      if (items.length === 0 && !entry.path) continue;
      out.push({ ...entry, items });
    } else {
      out.push(entry);
    }
  }
  return out;
}

export interface MenuLocation {
  id: string;
  name: string;
}

/**
 * Spec 2: one Supply Chain entry per active warehouse-provider location (shipedge/order/{id}).
 * The caller passes only active locations (the server filters on status).
 */
export function withWarehouseEntries(entries: readonly MenuEntry[], locations: readonly MenuLocation[]): MenuEntry[] {
  if (locations.length === 0) return [...entries];
  const extra: MenuEntry[] = locations.map((location) => ({
    title: 'routes.shipedge-order',
    text: location.name,
    icon: 'warehouse',
    path: pathOf('shipedge-order', { id: location.id }),
    exact: true,
    namePermission: 'read-order',
  }));
  return entries.map((entry) => (entry.title === 'menu.supplyChain' ? { ...entry, items: [...(entry.items ?? []), ...extra] } : entry));
}

/** Every leaf of a menu, depth first (search box, landing checks). */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.items ? [...(entry.path ? [entry] : []), ...flattenMenu(entry.items)] : [entry]));
}

/** The paths of a menu without their query strings. */
export function menuPaths(entries: readonly MenuEntry[]): Set<string> {
  return new Set(flattenMenu(entries).flatMap((e) => (e.path ? [e.path.split('?')[0] ?? e.path] : [])));
}

export const SIDEBAR_TITLE_MAX = 22;

/** Spec 9: sidebar titles are cut at 22 characters; the full title goes in a tooltip. */
export function truncateTitle(title: string, max: number = SIDEBAR_TITLE_MAX): { text: string; truncated: boolean } {
  const chars = Array.from(title);
  if (chars.length <= max) return { text: title, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}
