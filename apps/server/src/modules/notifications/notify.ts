import { sql } from 'drizzle-orm';
import { NOTIFICATION_EVENT, type NotificationDto, type TNotificationData } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { publishRealtime, userChannel } from '../../platform/realtime/publish';
import { enqueueJob } from '../../platform/jobs/jobs';
import { NOTIFICATION_COLUMNS, toNotificationDto, type NotificationDbRow } from './notification-dto';
import { NOTIFICATION_EMAIL_JOB } from './notification-mail';
import { deliveryChoices } from './notification-settings.service';

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

/** The company's active users holding a permission: who is told about what that permission covers. */
export async function usersWithPermission(tx: Tx, tenantId: string, permission: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, sql`
    SELECT DISTINCT u.id FROM company_users cu
    JOIN users u ON u.id = cu.user_id AND u.disabled_at IS NULL
    JOIN user_permissions up ON up.user_id = u.id
    JOIN permissions p ON p.id = up.permission_id AND p.name = ${permission}
    WHERE cu.company_id = ${tenantId}::uuid`);
  return rows.map((r) => r.id);
}

/**
 * Stores notifications in the caller's tenant transaction and pushes each to its user's channel when
 * that transaction commits (so a rolled-back job announces nothing); a recipient who turned the kind's bell
 * off gets none, one who turned its e-mail on gets a mail job in the same transaction. The pushed object is the one
 * GET /notifications/{userId}/user answers, so the bell can put it on top of its list as it is.
 */
export async function createNotifications(tx: Tx, tenantId: string, inputs: NotificationInput[]): Promise<NotificationRow[]> {
  if (inputs.length === 0) return [];
  // Each recipient's /user-notifications choice for the kind: the bell, an e-mail, both or neither.
  const bell: NotificationInput[] = [];
  const mails: NotificationInput[] = [];
  for (const type of new Set(inputs.map((i) => i.type))) {
    const ofType = inputs.filter((i) => i.type === type);
    const choices = await deliveryChoices(tx, tenantId, type, ofType.map((i) => i.userId));
    for (const input of ofType) {
      const choice = choices.get(input.userId)!;
      if (choice.bell) bell.push(input);
      // A failed notification mail is told in the bell only, or a mail server that is down would loop.
      if (choice.email && type !== NOTIFICATION_EMAIL_JOB) mails.push(input);
    }
  }
  if (mails.length) {
    await enqueueJob(tx, tenantId, { kind: NOTIFICATION_EMAIL_JOB, payload: { mails: mails.map((m) => ({ user_id: m.userId, type: m.type, data: m.data })) } });
  }
  if (bell.length === 0) return [];
  const rows = await queryRows<NotificationDbRow>(tx, sql`
    INSERT INTO notifications (tenant_id, user_id, type, data)
    SELECT ${tenantId}::uuid, x.user_id, x.type, x.data
    FROM jsonb_to_recordset(${JSON.stringify(bell.map((i) => ({ user_id: i.userId, type: i.type, data: i.data })))}::jsonb)
      AS x(user_id uuid, type text, data jsonb)
    RETURNING ${sql.raw(NOTIFICATION_COLUMNS)}`);
  const dtos: NotificationDto[] = rows.map(toNotificationDto);
  await publishRealtime(tx, dtos.map((d) => ({ channel: userChannel(d.notifiable_id), event: NOTIFICATION_EVENT, data: d })));
  return dtos.map((d) => ({ id: d.id, user_id: d.notifiable_id, type: d.type, data: d.data, read_at: null, created_at: d.created_at }));
}
