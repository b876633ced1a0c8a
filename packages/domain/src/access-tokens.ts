import type { InboundWebhookItemDto, ProcessWithSecretDto } from './processes';
import { z } from 'zod';
import type { ChannelProcessItem } from './channels';
import { defineLifecycle } from './lifecycle';
import { ZTimestamp } from './responses';

/**
 * API access tokens (spec 3) and processes with inbound webhooks (spec 7 "Webhook URLs").
 * Contract: docs/api-access-tokens.md.
 */

// ---------------------------------------------------------------------------------------------------------
// Access token scopes
// ---------------------------------------------------------------------------------------------------------

export const TOKEN_SCOPE_LEVELS = ['read', 'write', 'remove'] as const;
export type TokenScopeLevel = (typeof TOKEN_SCOPE_LEVELS)[number];

/** Spec 3: each resource and the levels it offers; `remove` exists only where the spec lists it. */
export const TOKEN_SCOPE_RESOURCES = {
  orders: ['read', 'write'],
  products: ['read', 'write'],
  inventories: ['read', 'write', 'remove'],
  purchaseOrders: ['read', 'write', 'remove'],
  transfers: ['read', 'write', 'remove'],
  shipment: ['read', 'write'],
} as const satisfies Record<string, readonly TokenScopeLevel[]>;
export type TokenScopeResource = keyof typeof TOKEN_SCOPE_RESOURCES;

/** Every valid scope, `<resource>.<level>`, in catalog order. */
export const TOKEN_SCOPES: readonly string[] = Object.entries(TOKEN_SCOPE_RESOURCES).flatMap(([resource, levels]) =>
  levels.map((level) => `${resource}.${level}`),
);

/**
 * Which resource a route belongs to, by the route's URL pattern below /api/1.0 (segment by segment; a
 * `:param` segment matches any parameter). The first match wins, so the more specific prefixes come first.
 * A route that matches none is closed to personal tokens.
 */
export const TOKEN_ROUTE_RESOURCES: readonly (readonly [prefix: string, resource: TokenScopeResource])[] = [
  ['/orders/:id/shipments', 'shipment'],
  ['/orders', 'orders'],
  ['/customers', 'orders'],
  ['/shipments', 'shipment'],
  ['/returns', 'shipment'],
  ['/supply-shipments', 'shipment'],
  ['/products', 'products'],
  ['/skus', 'products'],
  ['/synsets', 'products'],
  ['/categories', 'products'],
  ['/brands', 'products'],
  ['/packages', 'products'],
  ['/inventory', 'inventories'],
  ['/tenants/:tenantId/ilocs', 'inventories'],
  ['/purchase-orders', 'purchaseOrders'],
  ['/suppliers', 'purchaseOrders'],
  ['/transfers', 'transfers'],
];

/** Reads any personal token may make whatever its scopes: who am I, and the progress of a job it started. */
export const TOKEN_ALWAYS_ALLOWED: readonly (readonly [method: string, pattern: string])[] = [
  ['GET', '/users/information'],
  ['GET', '/jobs/:id'],
];

const segments = (path: string) => path.split('/').filter(Boolean);
const segmentMatches = (pattern: string, actual: string) => pattern === actual || (pattern.startsWith(':') && actual.startsWith(':'));

function patternStarts(url: string, prefix: string, exact = false): boolean {
  const u = segments(url);
  const p = segments(prefix);
  if (u.length < p.length || (exact && u.length !== p.length)) return false;
  return p.every((s, i) => segmentMatches(s, u[i]!));
}

/** The level an HTTP method needs: reads read; DELETE removes where the resource has `remove`, else writes. */
export function scopeLevelFor(method: string, resource: TokenScopeResource): TokenScopeLevel {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return 'read';
  if (m === 'DELETE') return (TOKEN_SCOPE_RESOURCES[resource] as readonly TokenScopeLevel[]).includes('remove') ? 'remove' : 'write';
  return 'write';
}

/**
 * The scope a personal token needs for a route (`routeUrl` is the registered pattern below /api/1.0, e.g.
 * `/orders/:id/cancel`): a scope name, `'*'` for the always-allowed reads, or null when no scope opens it.
 */
export function requiredTokenScope(method: string, routeUrl: string): string | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  if (TOKEN_ALWAYS_ALLOWED.some(([am, p]) => am === m && patternStarts(routeUrl, p, true))) return '*';
  const hit = TOKEN_ROUTE_RESOURCES.find(([prefix]) => patternStarts(routeUrl, prefix));
  if (!hit) return null;
  return `${hit[1]}.${scopeLevelFor(m, hit[1])}`;
}

/** Whether a token holding `scopes` may call the route. */
export function tokenAllows(scopes: readonly string[], method: string, routeUrl: string): boolean {
  const needed = requiredTokenScope(method, routeUrl);
  return needed === '*' || (needed !== null && scopes.includes(needed));
}

export const ZTokenScope = z.string().refine((s) => TOKEN_SCOPES.includes(s), { message: 'Unknown scope' });

export const ZAccessTokenCreate = z
  .object({
    name: z.string().trim().min(1, { message: 'The name is required' }).max(100),
    scopes: z
      .array(ZTokenScope)
      .min(1, { message: 'Choose at least one scope' })
      .max(TOKEN_SCOPES.length * 2)
      .transform((list) => [...new Set(list)]),
  })
  .strict();
export type TAccessTokenCreate = z.infer<typeof ZAccessTokenCreate>;

/** An access token as listed: never the token itself, only its first characters. */
export const ZAccessTokenItem = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  token_hint: z.string(),
  last_used_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  revoked_at: ZTimestamp.nullable(),
});
export type AccessTokenItem = z.input<typeof ZAccessTokenItem>;

/** The create answer: the only time `token` is shown. */
export const ZAccessTokenCreated = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  token: z.string(),
  token_hint: z.string(),
  created_at: ZTimestamp,
});
export type AccessTokenCreated = z.input<typeof ZAccessTokenCreated>;

// ---------------------------------------------------------------------------------------------------------
// Processes and inbound webhooks
// ---------------------------------------------------------------------------------------------------------

export const PROCESS_DRIVERS = ['shopify', 'woocommerce', 'bigcommerce', 'jumpseller', 'cartrover', 'edi-x12', 'amazon', 'ebay', 'custom'] as const;
export type ProcessDriver = (typeof PROCESS_DRIVERS)[number];
/** status → action → next. An uninstalled process keeps its history; new credentials (PUT) install it again. */
export const processLifecycle = defineLifecycle({
  active: { disable: 'disabled', uninstall: 'uninstalled' },
  disabled: { enable: 'active', uninstall: 'uninstalled' },
  uninstalled: {},
}, { actions: ['disable', 'enable', 'uninstall'] });
export const PROCESS_STATUSES = processLifecycle.statuses;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/** Spec 7 webhook URL kinds: `{context}/{resource}` after `/processes/{process}/gateway/webhook/`. */
export const INBOUND_WEBHOOK_KINDS = [
  'orders/import-orders',
  'fulfillments/import-fulfillments',
  'orders/update-tracking',
  'inventory/sync',
  'products/import-products',
  'mandatory/customers/data_request',
  'mandatory/customers/redact',
  'mandatory/shop/redact',
  // Not a spec 7 kind: where a store says the app was removed (Shopify app/uninstalled).
  'app/uninstalled',
] as const;
export type InboundWebhookKind = (typeof INBOUND_WEBHOOK_KINDS)[number];

export const INBOUND_WEBHOOK_STATUSES = ['received', 'processing', 'processed', 'failed'] as const;
export type InboundWebhookStatus = (typeof INBOUND_WEBHOOK_STATUSES)[number];

/** The public URL of one kind for a process (the web app shows it, prefixed with the server's origin). */
export const inboundWebhookPath = (processId: string, kind: string) => `/api/1.0/processes/${processId}/gateway/webhook/${kind}`;

export type ProcessItem = ChannelProcessItem;

/** Create and rotate answer the secret once. */
/** Answered on create and rotate-secret only: `ZProcessWithSecret` (processes.ts). */
export type ProcessWithSecret = ProcessWithSecretDto;

/** A received webhook as answered: `ZInboundWebhookItem` (processes.ts). */
export type InboundWebhookItem = InboundWebhookItemDto;
