import type { Role } from './roles';

/**
 * The permission catalog: action-resource names (spec 6) with stable numeric ids, because users'
 * permissions are saved as lists of ids. Never renumber an entry; append new ones.
 */
export const PERMISSION_SECTIONS = [
  'Inventory', 'Supply Chain', 'Automation', 'Relations', 'Settings', 'Default', 'Shipment', 'Products',
  'Categories', 'Purchase Orders', 'Returns', 'Asn', 'Connections', 'Fulfillment Locations (Ilocs)',
  'Customers', 'Suppliers', 'Execute Process', 'Platform',
] as const;
export type PermissionSection = (typeof PERMISSION_SECTIONS)[number];

export type PermissionAction = 'read' | 'create' | 'update' | 'delete' | 'execute';

export interface PermissionDef {
  id: number;
  name: string;
  action: PermissionAction;
  resource: string;
  section: PermissionSection;
  /** Which role's catalogue the permission belongs to; owner permissions are platform administration. */
  scope: 'platform' | 'tenant';
}

type Row = [id: number, name: string, section: PermissionSection, scope?: 'platform' | 'tenant'];

const rows: Row[] = [
  // Platform administration (owner)
  [1, 'read-company', 'Settings'], [2, 'create-company', 'Platform', 'platform'], [3, 'update-company', 'Settings'],
  [4, 'delete-company', 'Platform', 'platform'],
  [5, 'read-warehouse', 'Platform', 'platform'], [6, 'create-warehouse', 'Platform', 'platform'],
  [7, 'update-warehouse', 'Platform', 'platform'], [8, 'delete-warehouse', 'Platform', 'platform'],
  [9, 'read-user', 'Default'], [10, 'create-user', 'Platform', 'platform'], [11, 'update-user', 'Default'],
  [12, 'delete-user', 'Platform', 'platform'],
  [13, 'read-service', 'Platform', 'platform'], [14, 'create-service', 'Platform', 'platform'],
  [15, 'update-service', 'Platform', 'platform'], [16, 'delete-service', 'Platform', 'platform'],
  [17, 'read-app-service', 'Platform', 'platform'], [18, 'create-app-service', 'Platform', 'platform'],
  [19, 'update-app-service', 'Platform', 'platform'], [20, 'delete-app-service', 'Platform', 'platform'],
  // Company users
  [21, 'read-users-company', 'Settings'], [22, 'create-users-company', 'Settings'],
  [23, 'update-users-company', 'Settings'], [24, 'delete-users-company', 'Settings'],
  // Connections and processes
  [25, 'read-store', 'Connections'], [26, 'read-connection', 'Connections'], [27, 'create-connection', 'Connections'],
  [28, 'update-connection', 'Connections'], [29, 'delete-connection', 'Connections'],
  [30, 'read-process', 'Execute Process'], [31, 'create-process', 'Execute Process'],
  [32, 'update-process', 'Execute Process'], [33, 'delete-process', 'Execute Process'], [34, 'process', 'Execute Process'],
  // Catalog
  [35, 'read-category', 'Categories'], [36, 'create-category', 'Categories'], [37, 'update-category', 'Categories'],
  [38, 'delete-category', 'Categories'],
  [39, 'read-product', 'Products'], [40, 'create-product', 'Products'], [41, 'update-product', 'Products'],
  [42, 'delete-product', 'Products'],
  [43, 'read-inventory', 'Inventory'], [44, 'update-inventory', 'Inventory'],
  // Orders
  [45, 'read-order', 'Default'], [46, 'create-order', 'Default'], [47, 'update-order', 'Default'], [48, 'delete-order', 'Default'],
  // Supply chain
  [49, 'read-asn', 'Asn'], [50, 'create-asn', 'Asn'], [51, 'update-asn', 'Asn'], [52, 'delete-asn', 'Asn'],
  [53, 'read-purchase-order', 'Purchase Orders'], [54, 'create-purchase-order', 'Purchase Orders'],
  [55, 'update-purchase-order', 'Purchase Orders'], [56, 'delete-purchase-order', 'Purchase Orders'],
  [57, 'read-transfer', 'Supply Chain'], [58, 'create-transfer', 'Supply Chain'], [59, 'update-transfer', 'Supply Chain'],
  [60, 'delete-transfer', 'Supply Chain'],
  [61, 'read-returns', 'Returns'], [62, 'create-returns', 'Returns'], [63, 'update-returns', 'Returns'], [64, 'delete-returns', 'Returns'],
  // Relations
  [65, 'read-organization', 'Customers'], [66, 'create-organization', 'Customers'], [67, 'update-organization', 'Customers'],
  [68, 'delete-organization', 'Customers'],
  [69, 'read-group', 'Relations'], [70, 'create-group', 'Relations'], [71, 'update-group', 'Relations'], [72, 'delete-group', 'Relations'],
  [73, 'read-supplier', 'Suppliers'], [74, 'create-supplier', 'Suppliers'], [75, 'update-supplier', 'Suppliers'],
  [76, 'delete-supplier', 'Suppliers'],
  // Automation
  [77, 'read-flow', 'Automation'], [78, 'create-flow', 'Automation'], [79, 'update-flow', 'Automation'], [80, 'delete-flow', 'Automation'],
  [81, 'read-mapper', 'Automation'], [82, 'create-mapper', 'Automation'], [83, 'update-mapper', 'Automation'],
  [84, 'delete-mapper', 'Automation'],
  // Shipments
  [85, 'read-shipment', 'Shipment'], [86, 'create-shipment', 'Shipment'], [87, 'update-shipment', 'Shipment'],
  [88, 'delete-shipment', 'Shipment'],
  // Fulfilment locations
  [89, 'read-iloc', 'Fulfillment Locations (Ilocs)'], [90, 'create-iloc', 'Fulfillment Locations (Ilocs)'],
  [91, 'update-iloc', 'Fulfillment Locations (Ilocs)'], [92, 'delete-iloc', 'Fulfillment Locations (Ilocs)'],
  // Settings: access tokens and webhooks, billing
  [93, 'read-access-token', 'Settings'], [94, 'create-access-token', 'Settings'], [95, 'delete-access-token', 'Settings'],
  [96, 'read-webhook', 'Settings'], [97, 'create-webhook', 'Settings'], [98, 'update-webhook', 'Settings'], [99, 'delete-webhook', 'Settings'],
  [100, 'read-billing', 'Settings'], [101, 'update-billing', 'Settings'],
  [102, 'login-as-user', 'Platform', 'platform'], [103, 'assign-permissions', 'Platform', 'platform'],
];

function parseAction(name: string): { action: PermissionAction; resource: string } {
  const dash = name.indexOf('-');
  const head = dash < 0 ? name : name.slice(0, dash);
  if (head === 'read' || head === 'create' || head === 'update' || head === 'delete') {
    return { action: head, resource: name.slice(dash + 1) };
  }
  return { action: 'execute', resource: name };
}

export const PERMISSIONS: readonly PermissionDef[] = rows.map(([id, name, section, scope]) => ({
  id, name, section, scope: scope ?? 'tenant', ...parseAction(name),
}));

export type PermissionName = string;

const byName = new Map(PERMISSIONS.map((p) => [p.name, p]));
const byId = new Map(PERMISSIONS.map((p) => [p.id, p]));

export function permissionByName(name: string): PermissionDef | undefined {
  return byName.get(name);
}
export function permissionById(id: number): PermissionDef | undefined {
  return byId.get(id);
}

/** What the owner holds: every platform permission, companies and users, and the ilocs of any company. */
const OWNER_EXTRA = ['read-company', 'update-company', 'read-user', 'update-user', 'read-iloc', 'create-iloc', 'update-iloc', 'delete-iloc'];
/**
 * A supplier sees only its own purchase orders (the server scopes every query to the user's supplier),
 * confirms their quantities and dates, and creates their ASNs; and its own profile.
 */
const SUPPLIER_PERMISSIONS = ['read-purchase-order', 'update-purchase-order', 'read-asn', 'create-asn', 'read-user', 'update-user'];

export function defaultPermissionsForRole(role: Role): string[] {
  switch (role) {
    case 'owner':
      return PERMISSIONS.filter((p) => p.scope === 'platform' || OWNER_EXTRA.includes(p.name)).map((p) => p.name);
    case 'tenant':
      return PERMISSIONS.filter((p) => p.scope === 'tenant').map((p) => p.name);
    case 'supplier':
      return [...SUPPLIER_PERMISSIONS];
  }
}

/** Spec 6 levels of a permission section. Write means create, update and delete; allow adds execute. */
export const PERMISSION_LEVELS = ['deny', 'read', 'read_write', 'allow'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

const LEVEL_ACTIONS: Record<PermissionLevel, PermissionAction[]> = {
  deny: [],
  read: ['read'],
  read_write: ['read', 'create', 'update', 'delete'],
  allow: ['read', 'create', 'update', 'delete', 'execute'],
};

/**
 * Permissions of other sections that a section's level brings with it, so the level opens its own screens.
 * Spec 2 guards the inventory screens (/inventory, /synset) with read-product while stock reads are
 * read-inventory (Inventory section): 'Inventory: read only' alone would leave the user denied at the door.
 * Ids and sections of the permissions do not change; a level simply grants one more id. A level includes the
 * extras of the levels below it.
 */
export const SECTION_LEVEL_EXTRAS: Partial<Record<PermissionSection, Partial<Record<PermissionLevel, readonly string[]>>>> = {
  Inventory: { read: ['read-product'] },
};

/** The section's own delegable permission ids (tenant scope), whatever the level. */
export function sectionOwnPermissions(section: PermissionSection): number[] {
  return PERMISSIONS.filter((p) => p.section === section && p.scope === 'tenant').map((p) => p.id);
}

/** The ids of other sections a level brings (SECTION_LEVEL_EXTRAS, cumulative over the levels below). */
export function sectionLevelExtras(section: PermissionSection, level: PermissionLevel): number[] {
  const extras = SECTION_LEVEL_EXTRAS[section];
  if (!extras || level === 'deny') return [];
  const upTo = PERMISSION_LEVELS.slice(0, PERMISSION_LEVELS.indexOf(level) + 1);
  const names = new Set(upTo.flatMap((l) => extras[l] ?? []));
  return [...names].map((name) => permissionByName(name)!.id);
}

/**
 * The permission ids a section grants at a level (tenant scope only: platform rights are not delegable),
 * the extras it brings from other sections included.
 */
export function permissionsForSectionLevel(section: PermissionSection, level: PermissionLevel): number[] {
  const actions = LEVEL_ACTIONS[level];
  const own = PERMISSIONS.filter((p) => p.section === section && p.scope === 'tenant' && actions.includes(p.action)).map((p) => p.id);
  return [...own, ...sectionLevelExtras(section, level).filter((id) => !own.includes(id))];
}

/** The level a set of permission ids amounts to in one section (the highest level fully held). */
export function sectionLevel(section: PermissionSection, held: ReadonlySet<number>): PermissionLevel {
  let level: PermissionLevel = 'deny';
  for (const candidate of PERMISSION_LEVELS) {
    const needed = permissionsForSectionLevel(section, candidate);
    if (needed.length > 0 && needed.every((id) => held.has(id))) level = candidate;
  }
  return level;
}

/** Spec 5: permission matching is a case-insensitive substring of the group name and the action. */
export function matchesPermissionSearch(def: PermissionDef, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return def.section.toLowerCase().includes(needle) || def.name.toLowerCase().includes(needle);
}
