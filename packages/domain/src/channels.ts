import { z } from 'zod';
import { nextCronRun, SCHEDULE_PRESETS, type SchedulePreset } from './schedules';
import { INBOUND_WEBHOOK_KINDS, PROCESS_DRIVERS, PROCESS_STATUSES, processLifecycle, type ProcessDriver, type ProcessStatus } from './access-tokens';
import { ZTimestamp } from './responses';
import { ZEdiSettingsShape } from './edi';

/**
 * Sales-channel connections (API.md "Channel connections (processes)"; spec 3 integration channel actions,
 * sub-options and settings; spec 5 reserve_percentage and delay_invoice). The contract shared by the server's
 * channel framework (modules/channels) and the web app's connection screens (features/channels).
 */

/* ------------------------------------------------------------------ actions and their sub-options */

/** Spec 3 integration channel actions, in the spec's order. */
export const CHANNEL_ACTIONS = [
  'import_orders', 'update_tracking', 'sync_inventory', 'import_products', 'sync_customers', 'return_data',
  'import_fulfillments', 'labels', 'packingSlip',
] as const;
export type ChannelAction = (typeof CHANNEL_ACTIONS)[number];

/** The drivers with a working connector, and the actions each one performs (others are refused with a 422). */
export const CHANNEL_DRIVER_ACTIONS: Readonly<Partial<Record<ProcessDriver, readonly ChannelAction[]>>> = {
  shopify: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  woocommerce: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  bigcommerce: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  jumpseller: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
  cartrover: ['import_orders', 'update_tracking', 'sync_inventory'],
  // 850s in (and 997s), 855 on import, 856 (and 810) when a shipment ships, 846 on its schedule.
  'edi-x12': ['import_orders', 'update_tracking', 'sync_inventory'],
};

export const driverActions = (driver: string): readonly ChannelAction[] =>
  Object.hasOwn(CHANNEL_DRIVER_ACTIONS, driver) ? (CHANNEL_DRIVER_ACTIONS[driver as ProcessDriver] ?? []) : [];

/** Credential keys per driver (API.md): write-only, stored sealed, answered only as "which keys are set". */
export const CHANNEL_CREDENTIAL_KEYS: Readonly<Partial<Record<ProcessDriver, readonly string[]>>> = {
  shopify: ['shop_domain', 'access_token', 'client_secret'],
  woocommerce: ['store_url', 'consumer_key', 'consumer_secret', 'webhook_secret'],
  bigcommerce: ['store_hash', 'access_token', 'client_secret'],
  jumpseller: ['login', 'auth_token', 'hooks_token'],
  cartrover: ['api_user', 'api_key'],
  'edi-x12': ['sftp_host', 'sftp_port', 'username', 'password', 'inbound_dir', 'outbound_dir'],
};
/** Keys a driver needs before it can call the service (client_secret only verifies webhooks). */
export const CHANNEL_REQUIRED_CREDENTIALS: Readonly<Partial<Record<ProcessDriver, readonly string[]>>> = {
  shopify: ['shop_domain', 'access_token'],
  woocommerce: ['store_url', 'consumer_key', 'consumer_secret'],
  bigcommerce: ['store_hash', 'access_token'],
  jumpseller: ['login', 'auth_token'],
  cartrover: ['api_user', 'api_key'],
  'edi-x12': ['sftp_host', 'username', 'password', 'inbound_dir', 'outbound_dir'],
};

/** Shopify financial statuses as the spec lists them (spec 5, GraphQL variant plus the REST extras). */
export const SHOPIFY_FINANCIAL_STATUSES = ['unpaid', 'pending', 'authorized', 'paid', 'partially_paid', 'partially_refunded', 'refunded', 'voided'] as const;
export const SHOPIFY_ORDER_STATUSES = ['open', 'closed', 'cancelled', 'any'] as const;
export const SHOPIFY_FULFILLMENT_STATUSES = ['unshipped', 'unfulfilled', 'partial', 'shipped', 'any'] as const;

const ZDateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31').refine((v) => !Number.isNaN(Date.parse(v)), 'Not a real date');
const ZIdText = z.string().trim().min(1).max(200);
const ZIlocIds = z.union([z.uuid({ message: 'Must be a valid iloc id' }), z.array(z.uuid({ message: 'Must be a valid iloc id' })).min(1).max(100)]);

/** Sub-options per action (spec 3 names; unknown names are a 422). */
export const ZChannelActionOptions = {
  import_orders: z.object({
    initial_date: ZDateOnly.optional(),
    created_at_min: ZDateOnly.optional(),
    financial_status: z.array(z.enum(SHOPIFY_FINANCIAL_STATUSES)).max(10).optional(),
    fulfillment_status: z.enum(SHOPIFY_FULFILLMENT_STATUSES).optional(),
    order_status: z.enum(SHOPIFY_ORDER_STATUSES).optional(),
    /** The service's own order statuses to import (WooCommerce `processing`, `on-hold`; BigCommerce status ids; Jumpseller `status_enum`); each connector has its default. */
    orders_status: z.array(z.string().trim().min(1).max(60)).min(1).max(20).optional(),
    filter_tags: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    location_id: ZIdText.optional(),
    iloc_id: z.uuid({ message: 'Must be a valid iloc id' }).optional(),
    delay_invoice: z.number().int().min(0, 'Between 0 and 9999').max(9999, 'Between 0 and 9999').optional(),
  }).strict(),
  update_tracking: z.object({ notify_customer: z.boolean().optional() }).strict(),
  sync_inventory: z.object({
    reserve_percentage: z.number().min(0, 'Between 0 and 100').max(100, 'Between 0 and 100').optional(),
    iloc_id: ZIlocIds.optional(),
    location_id: ZIdText.optional(),
  }).strict(),
  import_products: z.object({ create_sku_if_not_exists: z.boolean().optional(), sync_skus: z.boolean().optional() }).strict(),
  sync_customers: z.object({}).strict(),
  return_data: z.object({ delay_invoice: z.number().int().min(0).max(9999).optional() }).strict(),
  import_fulfillments: z.object({}).strict(),
  labels: z.object({}).strict(),
  packingSlip: z.object({ packing_slim: z.boolean().optional() }).strict(),
} satisfies Record<ChannelAction, z.ZodType>;

export type ChannelActionOptions<A extends ChannelAction = ChannelAction> = z.infer<(typeof ZChannelActionOptions)[A]>;

/** A schedule is a spec 9 preset id or a 5-field cron expression; null means "run only when asked". */
export const ZChannelSchedule = z.string().trim().max(100).refine(
  (v) => Object.hasOwn(SCHEDULE_PRESETS, v) || nextCronRun(v, new Date(), 'UTC') !== null,
  { message: 'Choose a preset or give a valid cron expression' },
).nullable();

export const scheduleCron = (schedule: string): string =>
  Object.hasOwn(SCHEDULE_PRESETS, schedule) ? SCHEDULE_PRESETS[schedule as SchedulePreset] : schedule.trim().split(/\s+/).join(' ');

export interface ChannelActionConfig<A extends ChannelAction = ChannelAction> {
  active: boolean;
  schedule: string | null;
  options: ChannelActionOptions<A>;
}

/** A process's actions, each with its own options type. */
export type ChannelActionsConfig = { [A in ChannelAction]?: ChannelActionConfig<A> };

/** One action in a create or update body: every field optional; options are checked against the action's schema. */
const ZActionInput = z.object({
  active: z.boolean().optional(),
  schedule: ZChannelSchedule.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
}).strict();

export const ZChannelActionsInput = z.partialRecord(z.enum(CHANNEL_ACTIONS), ZActionInput).superRefine((actions, ctx) => {
  for (const [name, cfg] of Object.entries(actions)) {
    if (!cfg?.options) continue;
    const parsed = ZChannelActionOptions[name as ChannelAction].safeParse(cfg.options);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [name, 'options', ...issue.path.map(String)] });
    }
  }
});
export type TChannelActionsInput = z.infer<typeof ZChannelActionsInput>;

/** Kept pages of a run: how long the raw bodies a channel sent are kept, in days (0: not kept). */
export const DEFAULT_KEEP_PAGES_DAYS = 7;
export const MAX_KEEP_PAGES_DAYS = 90;

export const ZChannelSettings = z.object({
  /** Replaces the service's address (a self-hosted or test endpoint); http: and private hosts need CHANNEL_ALLOW_PRIVATE_TARGETS. */
  api_base_url: z.url({ message: 'Give a full address, like https://shop.example.com' }).max(500).nullable().optional(),
  keep_pages_days: z.number().int().min(0).max(MAX_KEEP_PAGES_DAYS).optional(),
  /** Spec 3 integration settings, kept for the connectors that read them. */
  initial_date: ZDateOnly.nullable().optional(),
  send_customer_email: z.boolean().optional(),
  /** EDI partners (driver edi-x12): identities, mailbox protocol and rules. */
  ...ZEdiSettingsShape,
}).strict();
export type TChannelSettings = z.infer<typeof ZChannelSettings>;

export const ZChannelCredentials = z.record(z.string().min(1).max(60), z.string().max(4000));

/* ------------------------------------------------------------------ process status machine */

export const PROCESS_ACTIONS = processLifecycle.actions;
export type ProcessAction = (typeof PROCESS_ACTIONS)[number];
export const PROCESS_TRANSITIONS = processLifecycle.table;
/** Takes any action name: one the table does not know goes nowhere. */
export const processTransition = (status: string, action: string): ProcessStatus | null =>
  processLifecycle.isAction(action) ? processLifecycle.next(status, action) : null;

/** What a user may do with a process now: transitions, plus run/test/edit/delete by permission. */
export type ProcessItemAction = ProcessAction | 'test' | 'run' | 'edit' | 'delete' | 'rotate-secret';
export function processAllowedActions(status: string, permissions: ReadonlySet<string> | readonly string[]): ProcessItemAction[] {
  const has = (p: string) => (permissions instanceof Set ? permissions.has(p) : (permissions as readonly string[]).includes(p));
  const out: ProcessItemAction[] = [];
  if (has('update-process')) {
    out.push(...processLifecycle.allowedActions(status));
    out.push('edit', 'rotate-secret');
    if (status === 'active') out.push('test', 'run');
  }
  if (has('delete-process')) out.push('delete');
  return out;
}

/* ------------------------------------------------------------------ runs (feed history) */

export const CHANNEL_RUN_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ChannelRunStatus = (typeof CHANNEL_RUN_STATUSES)[number];
export const CHANNEL_RUN_TRIGGERS = ['manual', 'schedule', 'webhook', 'event'] as const;
export type ChannelRunTrigger = (typeof CHANNEL_RUN_TRIGGERS)[number];

/** received = created + updated + duplicates + failed (each item is counted once). */
export const ZChannelRunCounts = z.object({
  received: z.number(),
  created: z.number(),
  updated: z.number(),
  duplicates: z.number(),
  failed: z.number(),
});
export type ChannelRunCounts = z.input<typeof ZChannelRunCounts>;
export const emptyRunCounts = (): ChannelRunCounts => ({ received: 0, created: 0, updated: 0, duplicates: 0, failed: 0 });

/** Error codes of a run's items besides the spec 8 import codes. */
export const CHANNEL_ITEM_CODES = [
  'sku_unknown_at_channel', 'order_update_refused', 'fulfillment_refused', 'product_invalid', 'webhook_invalid', 'stale_quantity',
] as const;

export const ZChannelRunError = z.object({
  external_id: z.string().optional(),
  code: z.string(),
  message: z.string(),
});
export type ChannelRunError = z.input<typeof ZChannelRunError>;

export const ZChannelRunItem = z.object({
  id: z.string(),
  process_id: z.string(),
  process_name: z.string(),
  driver: z.enum(PROCESS_DRIVERS),
  action: z.enum(CHANNEL_ACTIONS),
  trigger: z.enum(CHANNEL_RUN_TRIGGERS),
  status: z.enum(CHANNEL_RUN_STATUSES),
  job_id: z.string().nullable(),
  started_at: ZTimestamp.nullable(),
  finished_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  counts: ZChannelRunCounts,
  errors: z.array(ZChannelRunError),
  /** Why the run itself could not go on (FAILED), or null. */
  failure: z.string().nullable(),
  pages_kept: z.number().int(),
  calls: z.number().int(),
});
export type ChannelRunItem = z.input<typeof ZChannelRunItem>;

/** One outbound call, as logged with the run: the URL never carries a secret. */
export const ZChannelCallLog = z.object({
  at: ZTimestamp,
  method: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  duration_ms: z.number(),
  attempt: z.number().int(),
  error: z.string().optional(),
  /** GraphQL: the cost the service charged; REST: its call-limit header. */
  cost: z.union([z.number(), z.string()]).nullable().optional(),
});
export type ChannelCallLog = z.input<typeof ZChannelCallLog>;

export const ZChannelRunPageItem = z.object({
  seq: z.number().int(),
  url: z.string(),
  status: z.number().int(),
  bytes: z.number().int(),
  content_type: z.string(),
  received_at: ZTimestamp,
  expires_at: ZTimestamp,
});
export type ChannelRunPageItem = z.input<typeof ZChannelRunPageItem>;

export const ZChannelRunDetail = ZChannelRunItem.extend({
  call_log: z.array(ZChannelCallLog),
  pages: z.array(ZChannelRunPageItem),
});
export type ChannelRunDetail = z.input<typeof ZChannelRunDetail>;

/* ------------------------------------------------------------------ the process as answered */

/** Settings as answered: the fields ZChannelSettings accepts, as stored (they were checked when written). */
const ZChannelSettingsView = z.object({
  api_base_url: z.string().nullable().optional(),
  keep_pages_days: z.number().int().optional(),
  initial_date: z.string().nullable().optional(),
  send_customer_email: z.boolean().optional(),
  // An EDI partner's identities and rules (none of them secret: the mailbox password is a credential).
  ...ZEdiSettingsShape,
});

const actionConfigView = <T extends z.ZodType>(options: T) =>
  z.object({ active: z.boolean(), schedule: z.string().nullable(), options }).optional();

/** A process's actions as answered, each with its own options (stored only after ZChannelActionOptions accepted them). */
const ZChannelActionsView = z.object({
  import_orders: actionConfigView(ZChannelActionOptions.import_orders),
  update_tracking: actionConfigView(ZChannelActionOptions.update_tracking),
  sync_inventory: actionConfigView(ZChannelActionOptions.sync_inventory),
  import_products: actionConfigView(ZChannelActionOptions.import_products),
  sync_customers: actionConfigView(ZChannelActionOptions.sync_customers),
  return_data: actionConfigView(ZChannelActionOptions.return_data),
  import_fulfillments: actionConfigView(ZChannelActionOptions.import_fulfillments),
  labels: actionConfigView(ZChannelActionOptions.labels),
  packingSlip: actionConfigView(ZChannelActionOptions.packingSlip),
} satisfies Record<ChannelAction, z.ZodType>);

const PROCESS_ITEM_ACTIONS = [...processLifecycle.actions, 'test', 'run', 'edit', 'delete', 'rotate-secret'] as const;

export const ZChannelProcessItem = z.object({
  id: z.string(),
  name: z.string(),
  driver: z.enum(PROCESS_DRIVERS),
  status: z.enum(PROCESS_STATUSES),
  /** Which credential keys are set (values are never answered). */
  credentials: z.record(z.string(), z.boolean()),
  settings: ZChannelSettingsView,
  actions: ZChannelActionsView,
  /** The actions this driver can run (the screen offers these only). */
  supported_actions: z.array(z.enum(CHANNEL_ACTIONS)),
  webhook_urls: z.record(z.enum(INBOUND_WEBHOOK_KINDS), z.string()),
  allowed_actions: z.array(z.enum(PROCESS_ITEM_ACTIONS)),
  last_run: ZChannelRunItem.pick({ id: true, action: true, status: true, finished_at: true, counts: true }).nullable(),
  /** Failed items and failed runs in the last 24 hours. */
  recent_errors: z.number(),
  secret_rotated_at: ZTimestamp,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type ChannelProcessItem = z.input<typeof ZChannelProcessItem>;

/** `POST /processes/{id}/test` */
export const ZChannelTestResult = z.object({
  ok: z.literal(true),
  shop: z.object({ name: z.string(), domain: z.string(), plan: z.string().nullable().optional() }).optional(),
  locations: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  /** EDI partners: the mailbox reached, its host key and what waits in the inbound folder. */
  mailbox: z.object({
    protocol: z.string(), host: z.string(), host_key_sha256: z.string().nullable(), inbound_files: z.number(), outbound_files: z.number(),
  }).optional(),
});
export type ChannelTestResult = z.input<typeof ZChannelTestResult>;

/** Shopify OAuth install: the query Shopify sends to the app URL, or the shop typed by the seller. */
export const ZShopifyInstallStart = z.object({
  shop: z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Give the store address, like acme.myshopify.com'),
  name: z.string().trim().min(1).max(100).optional(),
  /** The rest of Shopify's signed query (hmac, timestamp, host), when the install began in Shopify's admin. */
  query: z.record(z.string(), z.string().max(2000)).optional(),
}).strict();
export type TShopifyInstallStart = z.infer<typeof ZShopifyInstallStart>;

export const ZShopifyInstallCallback = z.object({ query: z.record(z.string(), z.string().max(4000)) }).strict();

/* ------------------------------------------------------------------ create and update */

const ZProcessName = z.string().trim().min(1, { message: 'The name is required' }).max(100);

export const ZProcessCreate = z
  .object({
    name: ZProcessName,
    driver: z.enum(PROCESS_DRIVERS, { message: 'Choose a driver' }),
    credentials: ZChannelCredentials.optional(),
    settings: ZChannelSettings.optional(),
    actions: ZChannelActionsInput.optional(),
  })
  .strict();
export type TProcessCreate = z.infer<typeof ZProcessCreate>;

/** Credentials given here replace the named keys only (an empty string removes one); actions merge per action. */
export const ZProcessUpdate = z
  .object({
    name: ZProcessName.optional(),
    status: z.enum(['active', 'disabled']).optional(),
    credentials: ZChannelCredentials.optional(),
    settings: ZChannelSettings.optional(),
    actions: ZChannelActionsInput.optional(),
  })
  .strict();
export type TProcessUpdate = z.infer<typeof ZProcessUpdate>;

export const ZFeedHistoryQuery = z.object({
  process_id: z.uuid().optional(),
  action: z.enum(CHANNEL_ACTIONS).optional(),
  status: z.enum(CHANNEL_RUN_STATUSES).optional(),
}).strict();

// ---- Answers (the response contract; see responses.ts). The run and process shapes are above, beside their parts. ----

/** `POST /processes/{id}/actions/{action}/run` (202): the run and its job; a run of the action already waiting is answered instead. */
export const ZChannelRunStarted = z.object({ job_id: z.string(), status: z.literal('PENDING'), run_id: z.string() });
export type ChannelRunStartedDto = z.input<typeof ZChannelRunStarted>;

/** `GET /gateway/generate-webhooks/{id}`: one line per topic subscribed. */
export const ZWebhookRegistration = z.object({ topic: z.string(), ok: z.boolean(), message: z.string().optional() });
export type WebhookRegistrationDto = z.input<typeof ZWebhookRegistration>;

export const ZShopifyInstallStarted = z.object({ authorize_url: z.string() });
export type ShopifyInstallStartedDto = z.input<typeof ZShopifyInstallStarted>;

export const ZShopifyInstallCompleted = z.object({ process_id: z.string() });
export type ShopifyInstallCompletedDto = z.input<typeof ZShopifyInstallCompleted>;
