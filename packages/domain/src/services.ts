import type { MapperTemplateDto, RuleTemplateDto } from './templates';
import { z } from 'zod';
import { defineLifecycle } from './lifecycle';
import { ZTimestamp } from './responses';

/**
 * Owner services, app services and the owner's mapper / rule templates (docs/api-services.md; spec 3, 4).
 *
 * A service is an entry of the integration catalogue tenants install processes from; an app service is an
 * OAuth client application registered on the platform. Both share the spec 4 Service lifecycle.
 */

const hasPermission = (permissions: ReadonlySet<string> | readonly string[], p: string) =>
  permissions instanceof Set ? permissions.has(p) : (permissions as readonly string[]).includes(p);

/* ------------------------------------------------------------------ lifecycle (spec 4 Service) */

/**
 * status → action → next. PAUSE stops new installs (or new sign-ins of an app service) while what exists keeps
 * working; INACTIVE also hides the service from tenants (and revokes an app service's live tokens).
 */
export const serviceLifecycle = defineLifecycle({
  ACTIVE: { pause: 'PAUSE', deactivate: 'INACTIVE' },
  PAUSE: { deactivate: 'INACTIVE', activate: 'ACTIVE' },
  INACTIVE: { activate: 'ACTIVE' },
});
export const SERVICE_STATUSES = serviceLifecycle.statuses;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_ACTIONS = serviceLifecycle.actions;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];
export const SERVICE_TRANSITIONS = serviceLifecycle.table;
/** Takes any action name (unlike the other lifecycles' helpers): one the table does not know goes nowhere. */
export const serviceTransition = (status: string, action: string): ServiceStatus | null =>
  serviceLifecycle.isAction(action) ? serviceLifecycle.next(status, action) : null;

/**
 * What each status lets happen besides its transitions. `opens`: new installs of a service, new tokens for an
 * app service's client; `listed`: tenants see the service in their catalogue; `rotateSecret` (app services);
 * `delete`: only once INACTIVE (deactivate first, so no tenant is mid-install of a service that disappears).
 */
export const SERVICE_STATUS_RULES: Readonly<Record<ServiceStatus, { opens: boolean; listed: boolean; rotateSecret: boolean; delete: boolean }>> = {
  ACTIVE: { opens: true, listed: true, rotateSecret: true, delete: false },
  PAUSE: { opens: false, listed: true, rotateSecret: true, delete: false },
  INACTIVE: { opens: false, listed: false, rotateSecret: false, delete: true },
};

export function serviceStatusAllows(status: string, what: keyof (typeof SERVICE_STATUS_RULES)[ServiceStatus]): boolean {
  return Object.hasOwn(SERVICE_STATUS_RULES, status) && SERVICE_STATUS_RULES[status as ServiceStatus][what];
}

/** The statuses tenants see in their catalogue. */
export const LISTED_SERVICE_STATUSES = SERVICE_STATUSES.filter((s) => SERVICE_STATUS_RULES[s].listed);

/**
 * What a catalogue entry answers in allowed_actions: the transitions the status allows, `edit`, and `delete`
 * only once INACTIVE (deactivate first, so no tenant is mid-install of a service that disappears).
 */
export type ServiceItemAction = ServiceAction | 'edit' | 'delete';
export function serviceAllowedActions(status: string, permissions: ReadonlySet<string> | readonly string[]): ServiceItemAction[] {
  const out: ServiceItemAction[] = [];
  if (hasPermission(permissions, 'update-service')) {
    out.push(...serviceLifecycle.allowedActions(status), 'edit');
  }
  if (serviceStatusAllows(status, 'delete') && hasPermission(permissions, 'delete-service')) out.push('delete');
  return out;
}

/** App services add `rotate-secret` (a new client secret, answered once) while the client may still sign in. */
export const APP_SERVICE_ACTIONS = [...SERVICE_ACTIONS, 'rotate-secret'] as const;
export type AppServiceAction = (typeof APP_SERVICE_ACTIONS)[number];
export type AppServiceItemAction = AppServiceAction | 'edit' | 'delete';
const APP_SERVICE_ACTIONS_AND_ITEM = [...APP_SERVICE_ACTIONS, 'edit', 'delete'] as const;
export function appServiceAllowedActions(status: string, permissions: ReadonlySet<string> | readonly string[]): AppServiceItemAction[] {
  const out: AppServiceItemAction[] = [];
  if (hasPermission(permissions, 'update-app-service')) {
    out.push(...serviceLifecycle.allowedActions(status));
    if (serviceStatusAllows(status, 'rotateSecret')) out.push('rotate-secret');
    out.push('edit');
  }
  if (serviceStatusAllows(status, 'delete') && hasPermission(permissions, 'delete-app-service')) out.push('delete');
  return out;
}

/* ------------------------------------------------------------------ services (integration catalogue) */

export const SERVICE_CATEGORIES = ['sales_channel', 'marketplace', 'edi', 'warehouse', 'accounting', 'other'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** The process driver a service stands for: lower-case letters, digits, '-' and '_'. */
export const SERVICE_KEY_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** An absolute http(s) URL with a host (logos, redirect URIs); the web forms check the same. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const httpUrl = (label: string) => z.string().trim().max(2000).refine(isHttpUrl, { message: `${label} must be a valid http(s) URL` });

const serviceFields = {
  name: z.string().trim().min(1, { message: 'The name is required' }).max(100),
  category: z.enum(SERVICE_CATEGORIES, { message: 'Choose a category' }),
  description: z.string().trim().max(2000).default(''),
  logo_url: httpUrl('The logo URL').nullable().default(null),
};

export const ZServiceCreate = z
  .object({
    key: z.string().trim().regex(SERVICE_KEY_RE, { message: 'Use lower-case letters, digits, - and _ (at most 64)' }),
    ...serviceFields,
    status: z.enum(SERVICE_STATUSES).default('ACTIVE'),
  })
  .strict();
export type TServiceCreate = z.infer<typeof ZServiceCreate>;

/** The key is the driver processes are installed with, so it does not change; status changes by action only. */
export const ZServiceUpdate = z
  .object({
    name: serviceFields.name.optional(),
    category: serviceFields.category.optional(),
    description: z.string().trim().max(2000).optional(),
    logo_url: httpUrl('The logo URL').nullable().optional(),
  })
  .strict();
export type TServiceUpdate = z.infer<typeof ZServiceUpdate>;

export const ZServiceView = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  description: z.string(),
  logo_url: z.string().nullable(),
  status: z.enum(SERVICE_STATUSES),
  allowed_actions: z.array(z.enum([...SERVICE_ACTIONS, 'edit', 'delete'])),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type ServiceView = z.input<typeof ZServiceView>;

/** What a tenant sees of the catalogue: ACTIVE and PAUSE services, the paused ones not installable. */
export const ZServiceCatalogItem = z.object({
  key: z.string(),
  name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  description: z.string(),
  logo_url: z.string().nullable(),
  status: z.enum(SERVICE_STATUSES).exclude(['INACTIVE']),
  installable: z.boolean(),
});
export type ServiceCatalogItem = z.input<typeof ZServiceCatalogItem>;

/* ------------------------------------------------------------------ app services (OAuth clients) */

/** The grants the token endpoint serves (spec 7): password and refresh_token. */
export const APP_SERVICE_GRANTS = ['password', 'refresh_token'] as const;
export type AppServiceGrant = (typeof APP_SERVICE_GRANTS)[number];

const appServiceFields = {
  name: z.string().trim().min(1, { message: 'The name is required' }).max(100),
  description: z.string().trim().max(2000),
  redirect_uris: z.array(httpUrl('A redirect URI')).max(10, { message: 'At most 10 redirect URIs' }),
  confidential: z.boolean(),
  grants: z
    .array(z.enum(APP_SERVICE_GRANTS, { message: 'Unknown grant' }))
    .min(1, { message: 'Choose at least one grant' })
    .refine((g) => new Set(g).size === g.length, { message: 'A grant is listed twice' }),
};

export const ZAppServiceCreate = z
  .object({
    name: appServiceFields.name,
    description: appServiceFields.description.default(''),
    redirect_uris: appServiceFields.redirect_uris.default([]),
    confidential: appServiceFields.confidential.default(true),
    grants: appServiceFields.grants.default(['password', 'refresh_token']),
  })
  .strict();
export type TAppServiceCreate = z.infer<typeof ZAppServiceCreate>;

export const ZAppServiceUpdate = z
  .object({
    name: appServiceFields.name.optional(),
    description: appServiceFields.description.optional(),
    redirect_uris: appServiceFields.redirect_uris.optional(),
    confidential: appServiceFields.confidential.optional(),
    grants: appServiceFields.grants.optional(),
  })
  .strict();
export type TAppServiceUpdate = z.infer<typeof ZAppServiceUpdate>;

export const ZAppServiceView = z.object({
  id: z.string(),
  /** The OAuth client_id the application signs in with. */
  client_id: z.string(),
  name: z.string(),
  description: z.string(),
  redirect_uris: z.array(z.string()),
  confidential: z.boolean(),
  grants: z.array(z.enum(APP_SERVICE_GRANTS)),
  status: z.enum(SERVICE_STATUSES),
  /** The last characters of the secret, to tell secrets apart. */
  secret_hint: z.string(),
  /** Only in the answers of create and rotate-secret. */
  client_secret: z.string().optional(),
  allowed_actions: z.array(z.enum(APP_SERVICE_ACTIONS_AND_ITEM)),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type AppServiceView = z.input<typeof ZAppServiceView>;

/* ------------------------------------------------------------------ mapper templates */

/** Spec 3 mapper types. */
export const MAPPER_TYPES = ['ORDER', 'ASN', 'ACKNOWLEDGEMENT', 'INVOICE', 'CANCEL', 'INVENTORY', 'LABEL', 'PACKINGSLIP', 'FULFILLMENT'] as const;
export type MapperType = (typeof MAPPER_TYPES)[number];
export const MAPPER_FILE_TYPES = ['csv', 'json', 'xml', 'x12'] as const;
export type MapperFileType = (typeof MAPPER_FILE_TYPES)[number];

const pathText = z.string().trim().min(1, { message: 'Required' }).max(500);

/**
 * A mapper's definition: the relations from a path of the partner's file to an Omnio field (spec 5: a
 * mapper must have relations). Each Omnio field is filled by one relation.
 */
export const ZMapperDefinition = z
  .object({
    root: z.string().trim().max(500).optional(),
    relations: z
      .array(
        z
          .object({
            source: pathText,
            target: pathText,
            default: z.string().max(500).nullable().optional(),
            transform: z.string().trim().max(100).nullable().optional(),
          })
          .strict(),
      )
      .min(1, { message: 'A mapper must have relations' })
      .max(500),
  })
  .strict()
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.relations.forEach((r, i) => {
      if (seen.has(r.target)) ctx.addIssue({ code: 'custom', path: ['relations', i, 'target'], message: `${r.target} is mapped twice` });
      seen.add(r.target);
    });
  });
export type TMapperDefinition = z.infer<typeof ZMapperDefinition>;

const templateName = z.string().trim().min(1, { message: 'The name is required' }).max(120);
const templateDescription = z.string().trim().max(2000);

export const ZMapperTemplateCreate = z
  .object({
    name: templateName,
    type: z.enum(MAPPER_TYPES, { message: 'Choose a mapper type' }),
    description: templateDescription.default(''),
    file_type: z.enum(MAPPER_FILE_TYPES, { message: 'Choose a file type' }),
    definition: ZMapperDefinition,
  })
  .strict();
export type TMapperTemplateCreate = z.infer<typeof ZMapperTemplateCreate>;
export const ZMapperTemplateUpdate = z
  .object({
    name: templateName.optional(),
    type: z.enum(MAPPER_TYPES, { message: 'Choose a mapper type' }).optional(),
    description: templateDescription.optional(),
    file_type: z.enum(MAPPER_FILE_TYPES, { message: 'Choose a file type' }).optional(),
    definition: ZMapperDefinition.optional(),
  })
  .strict();
export type TMapperTemplateUpdate = z.infer<typeof ZMapperTemplateUpdate>;

/** The answer of /mapper-templates: its schema is `ZMapperTemplate` (templates.ts). */
export type MapperTemplateView = MapperTemplateDto;

/* ------------------------------------------------------------------ rule templates */

/** Spec 4 rule hook points. */
export const RULE_HOOK_POINTS = [
  'before_import_order', 'sync_inventory', 'import_fulfillment', 'before_print_label', 'po_shipment_in_transit', 'po_shipment_complete',
] as const;
export type RuleHookPoint = (typeof RULE_HOOK_POINTS)[number];

export const RULE_NODE_TYPES = ['start', 'condition', 'router', 'action', 'end'] as const;
export type RuleNodeType = (typeof RULE_NODE_TYPES)[number];

const nodeId = z.string().trim().min(1, { message: 'A node needs an id' }).max(64);
const optionalText = z.string().max(200).nullable().optional();

/** One node of a rule flow, with the spec 3 field names (they are stored and copied as they are). */
export const ZRuleNode = z
  .object({
    id: nodeId,
    type: z.enum(RULE_NODE_TYPES, { message: 'Unknown node type' }),
    name: z.string().trim().min(1, { message: 'A node needs a name' }).max(120),
    groupType: optionalText,
    prev: z.array(nodeId).max(20).default([]),
    next: z.array(nodeId).max(20).default([]),
    formData: z.record(z.string(), z.unknown()).default({}),
    uuid: z.uuid({ message: 'Must be a valid uuid' }).nullable().optional(),
    position: z.object({ x: z.number().finite(), y: z.number().finite() }).strict().nullable().optional(),
    action_id: optionalText,
    action_type: optionalText,
    short_name: optionalText,
    weight: z.number().int().min(0).max(1_000_000).nullable().optional(),
    iloc_id: optionalText,
  })
  .strict();
export type TRuleNode = z.infer<typeof ZRuleNode>;

/**
 * The problems of a flow, as `[path, message]`: node ids unique, every prev/next names a node of the flow
 * (and not the node itself), one start without prev, at least one end without next.
 */
export function ruleFlowProblems(nodes: readonly Pick<TRuleNode, 'id' | 'type' | 'prev' | 'next'>[]): [Array<string | number>, string][] {
  const problems: [Array<string | number>, string][] = [];
  const ids = new Set<string>();
  nodes.forEach((n, i) => {
    if (ids.has(n.id)) problems.push([[i, 'id'], `Node id ${n.id} is used twice`]);
    ids.add(n.id);
  });
  nodes.forEach((n, i) => {
    for (const side of ['prev', 'next'] as const) {
      for (const ref of n[side]) {
        if (ref === n.id) problems.push([[i, side], `Node ${n.id} cannot point to itself`]);
        else if (!ids.has(ref)) problems.push([[i, side], `Node ${n.id} points to ${ref}, which is not in the flow`]);
      }
    }
  });
  const starts = nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) problems.push([[], 'A flow has exactly one start node']);
  if (!nodes.some((n) => n.type === 'end')) problems.push([[], 'A flow needs an end node']);
  nodes.forEach((n, i) => {
    if (n.type === 'start' && n.prev.length) problems.push([[i, 'prev'], 'The start node has no previous node']);
    if (n.type === 'end' && n.next.length) problems.push([[i, 'next'], 'An end node has no next node']);
  });
  return problems;
}

export const ZRuleNodes = z
  .array(ZRuleNode)
  .min(2, { message: 'A flow needs a start and an end node' })
  .max(200)
  .superRefine((nodes, ctx) => {
    for (const [path, message] of ruleFlowProblems(nodes)) ctx.addIssue({ code: 'custom', path, message });
  });

export const ZRuleTemplateCreate = z
  .object({
    name: templateName,
    hook_point: z.enum(RULE_HOOK_POINTS, { message: 'Choose a hook point' }),
    description: templateDescription.default(''),
    nodes: ZRuleNodes,
  })
  .strict();
export type TRuleTemplateCreate = z.infer<typeof ZRuleTemplateCreate>;
export const ZRuleTemplateUpdate = z
  .object({
    name: templateName.optional(),
    hook_point: z.enum(RULE_HOOK_POINTS, { message: 'Choose a hook point' }).optional(),
    description: templateDescription.optional(),
    nodes: ZRuleNodes.optional(),
  })
  .strict();
export type TRuleTemplateUpdate = z.infer<typeof ZRuleTemplateUpdate>;

/** The answer of /rule-templates: its schema is `ZRuleTemplate` (templates.ts). */
export type RuleTemplateView = RuleTemplateDto;

/** Spec 4: the default before-import-order template (start → router 'select inventory location' → end). */
export const DEFAULT_BEFORE_IMPORT_ORDER_NODES: TRuleNode[] = [
  { id: 'start', type: 'start', name: 'Start', prev: [], next: ['select-iloc'], formData: {} },
  {
    id: 'select-iloc', type: 'router', name: 'Select inventory location', groupType: 'router', prev: ['start'], next: ['end'], formData: { strategy: 'stock' },
    action_type: 'select_inventory_location', short_name: 'select-iloc',
  },
  { id: 'end', type: 'end', name: 'End', prev: ['select-iloc'], next: [], formData: {} },
];
