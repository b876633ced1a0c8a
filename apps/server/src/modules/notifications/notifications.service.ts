import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_STATUSES, paginate, type NotificationDto, type NotificationPageDto, type TListQuery } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { searchOf, offsetOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { NOTIFICATION_COLUMNS, toNotificationDto, type NotificationDbRow } from './notification-dto';

/** The paginator body plus the user's unread count (the bell needs both in one round trip). */
export type NotificationPage = NotificationPageDto;

const bool = (field: string, v: string) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw fieldError('search', `${field} must be true or false`);
};

/** `search=read:false;status:WARNING;type:orders.import`; the bare text matches the title. */
function conditions(query: TListQuery): SQL[] {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  for (const [field, value] of Object.entries(fields)) {
    switch (field) {
      case 'read':
        where.push(bool('read', value) ? sql`read_at IS NOT NULL` : sql`read_at IS NULL`);
        break;
      case 'status':
        if (!(NOTIFICATION_STATUSES as readonly string[]).includes(value.toUpperCase())) throw fieldError('search', `Unknown status ${value}`);
        where.push(sql`data->>'status' = ${value.toUpperCase()}`);
        break;
      case 'type':
        where.push(sql`type = ${value}`);
        break;
      case 'target':
        where.push(sql`data->>'target' = ${value}`);
        break;
      default:
        throw fieldError('search', `Cannot search by ${field}`);
    }
  }
  if (text) where.push(sql`strpos(lower(data->>'title'), ${text.toLowerCase()}) > 0`);
  if (query.filters.length) throw fieldError('filters', 'Notifications are filtered with search (read, status, type, target)');
  return where;
}

/**
 * Only the signed-in user's own notifications: another user's id is a 404 (never 403, so ids do not
 * leak), like another tenant's object. Newest first.
 */
export async function listNotifications(ctx: TenantCtx, userIdParam: string, query: TListQuery): Promise<NotificationPage> {
  const userId = assertId(userIdParam, 'User');
  if (userId !== ctx.principal.userId) throw notFound('User');
  if (query.order_by !== undefined && query.order_by !== 'created_at') throw fieldError('order_by', `Cannot order by ${query.order_by}`);
  const where = sql.join([sql`tenant_id = ${ctx.tenantId}::uuid AND user_id = ${userId}::uuid`, ...conditions(query)], sql` AND `);
  const dir = sql.raw(query.order_direction === 'ASC' ? 'ASC' : 'DESC');
  return withTenant(ctx, async (tx) => {
    const rows = await queryRows<NotificationDbRow>(tx, sql`
      SELECT ${sql.raw(NOTIFICATION_COLUMNS)} FROM notifications WHERE ${where}
      ORDER BY created_at ${dir}, id ${dir} LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    const [counts] = await queryRows<{ total: string; unread: string }>(tx, sql`
      SELECT (SELECT count(*) FROM notifications WHERE ${where}) AS total,
             (SELECT count(*) FROM notifications WHERE tenant_id = ${ctx.tenantId}::uuid AND user_id = ${userId}::uuid AND read_at IS NULL) AS unread`);
    return { ...paginate(rows.map(toNotificationDto), Number(counts?.total ?? 0), query.page, query.per_page), unread: Number(counts?.unread ?? 0) };
  });
}

/** Read or unread; marking an already read one read keeps its first read_at. */
export async function markNotification(ctx: TenantCtx, idParam: string, read: boolean): Promise<NotificationDto> {
  const id = assertId(idParam, 'Notification');
  const readAt = read ? sql`coalesce(read_at, now())` : sql`NULL`;
  const [row] = await withTenant(ctx, (tx) => queryRows<NotificationDbRow>(tx, sql`
    UPDATE notifications SET read_at = ${readAt}, updated_at = now()
    WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid AND user_id = ${ctx.principal.userId}::uuid
    RETURNING ${sql.raw(NOTIFICATION_COLUMNS)}`));
  if (!row) throw notFound('Notification');
  return toNotificationDto(row);
}

export async function markAllNotificationsRead(ctx: TenantCtx): Promise<{ updated: number }> {
  const rows = await withTenant(ctx, (tx) => queryRows<{ id: string }>(tx, sql`
    UPDATE notifications SET read_at = now(), updated_at = now()
    WHERE tenant_id = ${ctx.tenantId}::uuid AND user_id = ${ctx.principal.userId}::uuid AND read_at IS NULL
    RETURNING id`));
  return { updated: rows.length };
}
