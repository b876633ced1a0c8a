import { sql } from 'drizzle-orm';
import { NOTIFICATION_EVENT, type TNotificationData } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { publishRealtime, userChannel } from '../../platform/realtime/publish';

export interface NotificationInput {
  userId: string;
  /** What kind of event, e.g. 'orders.import', 'orders.bulk-cancel', 'report.ready', 'webhook.disabled'. */
  type: string;
  data: TNotificationData;
}

export interface NotificationRow {
  id: string;
  user_id: string;
  type: string;
  data: TNotificationData;
  read_at: string | null;
  created_at: string;
}

/**
 * Stores notifications in the caller's tenant transaction and pushes each to its user's channel when
 * that transaction commits (so a rolled-back job announces nothing).
 */
export async function createNotifications(tx: Tx, tenantId: string, inputs: NotificationInput[]): Promise<NotificationRow[]> {
  if (inputs.length === 0) return [];
  const rows = await queryRows<NotificationRow>(tx, sql`
    INSERT INTO notifications (tenant_id, user_id, type, data)
    SELECT ${tenantId}::uuid, x.user_id, x.type, x.data
    FROM jsonb_to_recordset(${JSON.stringify(inputs.map((i) => ({ user_id: i.userId, type: i.type, data: i.data })))}::jsonb)
      AS x(user_id uuid, type text, data jsonb)
    RETURNING id, user_id, type, data, read_at, created_at`);
  const shaped = rows.map((r) => ({ ...r, read_at: null, created_at: new Date(r.created_at).toISOString() }));
  await publishRealtime(tx, shaped.map((r) => ({
    channel: userChannel(r.user_id),
    event: NOTIFICATION_EVENT,
    data: { id: r.id, type: r.type, data: { ...r.data, id: r.id }, read_at: null, created_at: r.created_at, notifiable_id: r.user_id, notifiable_type: 'user' },
  })));
  return shaped;
}
