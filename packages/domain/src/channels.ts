import { z } from 'zod';
import { nextCronRun, SCHEDULE_PRESETS, type SchedulePreset } from './schedules';
import { PROCESS_DRIVERS, processLifecycle, type InboundWebhookKind, type ProcessDriver, type ProcessStatus } from './access-tokens';

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
};

export const driverActions = (driver: string): readonly ChannelAction[] =>
  Object.hasOwn(CHANNEL_DRIVER_ACTIONS, driver) ? (CHANNEL_DRIVER_ACTIONS[driver as ProcessDriver] ?? []) : [];

/** Credential keys per driver (API.md): write-only, stored sealed, answered only as "which keys are set". */
export const CHANNEL_CREDENTIAL_KEYS: Readonly<Partial<Record<ProcessDriver, readonly string[]>>> = {
  shopify: ['shop_domain', 'access_token', 'client_secret'],
  woocommerce: ['store_url', 'consumer_key', 'consumer_secret', 'webhook_secret'],
  bigcommerce: ['store_hash', 'access_token', 'client_secret'],
};
/** Keys a driver needs before it can call the service (client_secret only verifies webhooks). */
export const CHANNEL_REQUIRED_CREDENTIALS: Readonly<Partial<Record<ProcessDriver, readonly string[]>>> = {
  shopify: ['shop_domain', 'access_token'],
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
export interface ChannelRunCounts {
  received: number;
  created: number;
  updated: number;
  duplicates: number;
  failed: number;
}
export const emptyRunCounts = (): ChannelRunCounts => ({ received: 0, created: 0, updated: 0, duplicates: 0, failed: 0 });

/** Error codes of a run's items besides the spec 8 import codes. */
export const CHANNEL_ITEM_CODES = [
  'sku_unknown_at_channel', 'order_update_refused', 'fulfillment_refused', 'product_invalid', 'webhook_invalid', 'stale_quantity',
] as const;

export interface ChannelRunError {
  external_id?: string;
  code: string;
  message: string;
}

export interface ChannelRunItem {
  id: string;
  process_id: string;
  process_name: string;
  driver: ProcessDriver;
  action: ChannelAction;
  trigger: ChannelRunTrigger;
  status: ChannelRunStatus;
  job_id: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  counts: ChannelRunCounts;
  errors: ChannelRunError[];
  /** Why the run itself could not go on (FAILED), or null. */
  failure: string | null;
  pages_kept: number;
  calls: number;
}

/** One outbound call, as logged with the run: the URL never carries a secret. */
export interface ChannelCallLog {
  at: string;
  method: string;
  url: string;
  status: number | null;
  duration_ms: number;
  attempt: number;
  error?: string;
  /** GraphQL: the cost the service charged; REST: its call-limit header. */
  cost?: number | string;
}

export interface ChannelRunPageItem {
  seq: number;
  url: string;
  status: number;
  bytes: number;
  content_type: string;
  received_at: string;
  expires_at: string;
}

export interface ChannelRunDetail extends ChannelRunItem {
  call_log: ChannelCallLog[];
  pages: ChannelRunPageItem[];
}

/* ------------------------------------------------------------------ the process as answered */

export interface ChannelProcessItem {
  id: string;
  name: string;
  driver: ProcessDriver;
  status: ProcessStatus;
  /** Which credential keys are set (values are never answered). */
  credentials: Record<string, boolean>;
  settings: TChannelSettings;
  actions: ChannelActionsConfig;
  /** The actions this driver can run (the screen offers these only). */
  supported_actions: ChannelAction[];
  webhook_urls: Record<InboundWebhookKind, string>;
  allowed_actions: ProcessItemAction[];
  last_run: Pick<ChannelRunItem, 'id' | 'action' | 'status' | 'finished_at' | 'counts'> | null;
  /** Failed items and failed runs in the last 24 hours. */
  recent_errors: number;
  secret_rotated_at: string;
  created_at: string;
  updated_at: string;
}

/** `POST /processes/{id}/test` */
export interface ChannelTestResult {
  ok: true;
  shop?: { name: string; domain: string; plan?: string | null };
  locations?: { id: string; name: string }[];
}

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
