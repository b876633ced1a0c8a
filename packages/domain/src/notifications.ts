import { z } from 'zod';

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
