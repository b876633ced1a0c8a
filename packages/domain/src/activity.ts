import { z } from 'zod';
import { ZTimestamp } from './responses';

/** The activity log (issue 6): who did what to which object, written by the database in the same transaction. */

/** What happened: `status_changed` is an update whose changes include `status` (changes.status = [from, to]). */
export const ACTIVITY_ACTIONS = ['created', 'updated', 'status_changed', 'deleted'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The kinds of object the log covers (one per tracked table, migrations 0016_activity.sql and 0019_activity_events.sql). */
export const ACTIVITY_OBJECT_TYPES = [
  'order', 'customer', 'product', 'sku', 'iloc', 'supplier', 'purchase_order', 'transfer', 'shipment', 'return',
  'supply_shipment', 'packing_template', 'mail_configuration', 'user', 'webhook', 'process', 'access_token', 'schedule',
] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

/** A person on an entry: who acted, or the owner acting as them. */
export const ZActivityPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** One entry of GET /api/1.0/activity (docs/api-activity.md). */
export const ZActivity = z.object({
  id: z.string(),
  created_at: ZTimestamp,
  action: z.enum(ACTIVITY_ACTIONS),
  object_type: z.string(),
  object_id: z.string(),
  object_label: z.string().nullable(),
  /** Column → [before, after] of an update; null for created and deleted. Secrets are never recorded. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  summary: z.string().nullable(),
  ip: z.string().nullable(),
  /** Who acted; null for the system (a job without a user, the seed), or a user since deleted (user_id stays). */
  user_id: z.string().nullable(),
  user: ZActivityPerson.nullable(),
  /** The owner acting as this user (login-as-user), when there was one. */
  impersonator: ZActivityPerson.nullable(),
});
export type ActivityDto = z.input<typeof ZActivity>;
/** The older name of the same wire type. */
export type TActivity = ActivityDto;

/** The web screen of an object, where one exists (spec 2 routes). */
export function activityObjectPath(objectType: string, objectId: string): string | null {
  switch (objectType) {
    case 'order':
      return `/orders/edit/${objectId}`;
    case 'purchase_order':
      return `/purchase-order/show/${objectId}`;
    case 'product':
      return `/product/show/${objectId}`;
    case 'customer':
      return `/customer/${objectId}`;
    case 'supplier':
      return `/supplier/${objectId}`;
    default:
      return null;
  }
}
