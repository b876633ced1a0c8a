import { z } from 'zod';
import { ORDER_STATUSES } from './orders';
import { pageOf, ZTimestamp } from './responses';

/** Spec 4: the four notification statuses, each with its icon on the screen. */
export const NOTIFICATION_STATUSES = ['WARNING', 'COMPLETED', 'PENDING', 'FAILED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Spec 3: the notification's data; target maps to a screen (orders, products, purchase-orders, feed_history, billing). */
export const ZNotificationData = z.object({
  id: z.string().optional(),
  title: z.string(),
  description: z.string().default(''),
  status: z.enum(NOTIFICATION_STATUSES),
  type: z.string().optional(),
  table: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  target: z.string().optional(),
  target_id: z.string().nullable().optional(),
  mediable: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type TNotificationData = z.infer<typeof ZNotificationData>;

/** The realtime event a new notification arrives as on `Omnio.User.{userId}`. */
export const NOTIFICATION_EVENT = 'notification-event';

/** The notification `type` values the platform writes (data.type carries the same). */
export const NOTIFICATION_TYPES = {
  ordersImport: 'orders.import',
  ordersBulkCancel: 'orders.bulk-cancel',
  reportReady: 'report.ready',
} as const;

/** A report file attached to a notification (spec 3 mediable): download it with the bearer token. */
export interface NotificationMediable {
  id: string;
  url: string;
  file_name: string;
  mime_type?: string;
  size_bytes?: number;
}

/**
 * A notification's data as answered: the stored data (keys a writer added beyond these pass through) with the
 * notification's own id.
 */
export const ZNotificationDataView = z.looseObject({
  ...ZNotificationData.shape,
  id: z.string(),
  description: z.string(),
});

/** Spec 3: one notification as the API answers it (GET /notifications/{userId}/user, mark-as-read, the realtime event). */
export const ZNotification = z.object({
  id: z.string(),
  type: z.string(),
  data: ZNotificationDataView,
  read_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  notifiable_id: z.string(),
  notifiable_type: z.literal('user'),
});
export type NotificationDto = z.input<typeof ZNotification>;

/** GET /notifications/{userId}/user: the page plus the user's unread count (the bell needs both in one round trip). */
export const ZNotificationPage = pageOf(ZNotification).extend({ unread: z.number().int() });
export type NotificationPageDto = z.input<typeof ZNotificationPage>;

/** PUT /notifications/mark-all-as-read: how many were unread. */
export const ZNotificationsMarked = z.object({ updated: z.number().int() });

/** POST /reports/orders (202): the job that builds the report; its notification carries the file. */
export const ZReportStarted = z.object({ job_id: z.string(), status: z.literal('PENDING') });
export type ReportStartedDto = z.input<typeof ZReportStarted>;

/**
 * Spec 2/9: where opening a notification goes, by its target. Unknown targets stay on /notifications.
 * Products and SKUs live on the inventory screen.
 */
export const NOTIFICATION_TARGET_PATHS: Record<string, string> = {
  orders: '/orders',
  'purchase-orders': '/purchase-orders',
  purchase_orders: '/purchase-orders',
  // Spec 2: feed_history is where exported reports are listed (the Reports tab of /feed-history).
  feed_history: '/feed-history?tab=reports',
  connections: '/connections',
  channel_runs: '/feed-history',
  products: '/inventory',
  skus: '/inventory',
  billing: '/billing',
};

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31').refine((v) => !Number.isNaN(Date.parse(v)), 'Not a real date');

/** POST /reports/orders: which orders the CSV report holds (all when empty); dates are inclusive, UTC. */
export const ZOrdersReportRequest = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `Use one of: ${ORDER_STATUSES.join(', ')}` }).optional(),
    from: ZDate.optional(),
    to: ZDate.optional(),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type TOrdersReportRequest = z.infer<typeof ZOrdersReportRequest>;

/**
 * Issue 24, /user-notifications: the kinds of notification a company user may receive, each in the bell and by
 * e-mail. Who is told about a kind is decided by its writer (the requester, the holders of a permission); these
 * settings only let each of those people turn either channel off or on.
 */
export const NOTIFICATION_KINDS = [
  'orders.import', 'orders.bulk-cancel', 'report.ready', 'billing.order-limit', 'webhook.disabled', 'edi.ack-overdue',
  'channels.data-request', 'rules.notify', 'job.failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Until a user changes them: every kind in the bell, none by e-mail. */
export const NOTIFICATION_DEFAULTS = { bell: true, email: false } as const;

export const ZNotificationSetting = z.object({ kind: z.enum(NOTIFICATION_KINDS), bell: z.boolean(), email: z.boolean() }).strict();
export type TNotificationSetting = z.infer<typeof ZNotificationSetting>;

/** PUT /notification-settings/{userId}: the kinds to change (the others keep what they had). */
export const ZNotificationSettingsUpdate = z.object({
  settings: z.array(ZNotificationSetting).min(1, 'Give at least one setting').max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((s) => s.kind)).size === list.length, 'Each kind may appear once'),
}).strict();
export type TNotificationSettingsUpdate = z.infer<typeof ZNotificationSettingsUpdate>;

export const ZUserNotificationSettings = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Every kind, in NOTIFICATION_KINDS order, with the default where the user changed nothing. */
  settings: z.array(ZNotificationSetting),
});
export type UserNotificationSettingsDto = z.input<typeof ZUserNotificationSettings>;

/** GET /notification-settings: the signed-in user's, plus every company user's when they may manage users. */
export const ZNotificationSettingsView = z.object({
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  can_manage_others: z.boolean(),
  users: z.array(ZUserNotificationSettings),
});
export type NotificationSettingsViewDto = z.input<typeof ZNotificationSettingsView>;
