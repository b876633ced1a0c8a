import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_ACTIONS, paginate, type ActivityAction, type Paginated, type TActivity, type TListQuery } from '@omnio/domain';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { can } from '../../platform/http/permissions';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { activityLog } from './activity.tables';

/**
 * Reading the activity log. The rows are written by the triggers of migration 0016_activity.sql; this module
 * only reads them. Who sees what: a tenant user with read-users-company sees the whole company's log, anyone
 * else (a plain tenant user, a supplier user) only their own actions. The owner never gets here (403 at the route).
 */

interface RawActivity {
  id: string;
  created_at: Date | string;
  action: ActivityAction;
  object_type: string;
  object_id: string;
  object_label: string | null;
  changes: Record<string, [unknown, unknown]> | null;
  summary: string | null;
  ip: string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  impersonator_id: string | null;
  impersonator_name: string | null;
  impersonator_email: string | null;
}

const person = (id: string | null, name: string | null, email: string | null) => (id && name !== null && email !== null ? { id, name, email } : null);

function dto(r: RawActivity): TActivity {
  return {
    id: r.id,
    created_at: isoOrNull(r.created_at)!,
    action: r.action,
    object_type: r.object_type,
    object_id: r.object_id,
    object_label: r.object_label,
    // node-postgres parses jsonb; PGlite too. A string here would be double-encoded JSON.
    changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as TActivity['changes']) : r.changes,
    summary: r.summary,
    ip: r.ip,
    user_id: r.user_id,
    user: person(r.user_id, r.user_name, r.user_email),
    impersonator: person(r.impersonator_id, r.impersonator_name, r.impersonator_email),
  };
}

/** Only the caller's own actions, unless the caller may read the company's users. */
function visibility(ctx: TenantCtx): SQL | undefined {
  const p = ctx.principal;
  if (p.role === 'tenant' && can(p, 'read-users-company')) return undefined;
  return sql`activity_log.user_id = ${p.userId}::uuid`;
}

const FILTERABLE = {
  created_at: activityLog.createdAt, action: activityLog.action, object_type: activityLog.objectType, object_id: activityLog.objectId,
  user_id: activityLog.userId, ip: activityLog.ip,
};
const ORDER = { created_at: sql`activity_log.created_at`, action: sql`activity_log.action`, object_type: sql`activity_log.object_type` };
const SEARCHABLE = new Set(['user_id', 'action', 'object_type', 'object_id', 'ip']);

function searchConditions(query: TListQuery): SQL[] {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (!SEARCHABLE.has(key)) throw fieldError('search', `Cannot search by ${key}`);
    if (key === 'action') {
      if (!(ACTIVITY_ACTIONS as readonly string[]).includes(value)) throw fieldError('search', `action must be one of ${ACTIVITY_ACTIONS.join(', ')}`);
      where.push(sql`activity_log.action = ${value}`);
    } else if (key === 'user_id') where.push(sql`activity_log.user_id = ${uuidOrNone(value)}::uuid`);
    else if (key === 'object_id') where.push(sql`activity_log.object_id = ${uuidOrNone(value)}::uuid`);
    else if (key === 'object_type') where.push(sql`activity_log.object_type = ${value}`);
    else where.push(sql`activity_log.ip = ${value}`);
  }
  // Bare text: the object's label or the summary of the change.
  if (text) where.push(sql`(activity_log.object_label ILIKE ${containsPattern(text)} OR activity_log.summary ILIKE ${containsPattern(text)})`);
  return where;
}

const SELECT = sql`
  SELECT activity_log.id, activity_log.created_at, activity_log.action, activity_log.object_type, activity_log.object_id,
    activity_log.object_label, activity_log.changes, activity_log.summary, activity_log.ip,
    activity_log.user_id, u.name AS user_name, u.email AS user_email,
    activity_log.impersonator_id, i.name AS impersonator_name, i.email AS impersonator_email
  FROM activity_log
  LEFT JOIN users u ON u.id = activity_log.user_id
  LEFT JOIN users i ON i.id = activity_log.impersonator_id`;

/** GET /activity: newest first by default; search, filters and order_by as docs/api-activity.md lists. */
export async function listActivity(ctx: TenantCtx, query: TListQuery): Promise<Paginated<TActivity>> {
  const where = [...searchConditions(query), ...filterConditions(query.filters, FILTERABLE)];
  const own = visibility(ctx);
  if (own) where.push(own);
  const condition = where.length ? sql.join(where, sql` AND `) : sql`true`;
  const { order } = orderByClause(query, ORDER, 'created_at', 'DESC');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM activity_log WHERE ${condition}`);
    const rows = await queryRows<RawActivity>(tx, sql`${SELECT} WHERE ${condition}
      ORDER BY ${order}, activity_log.seq DESC LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(rows.map(dto), Number(total), query.page, query.per_page);
  });
}

/** GET /activity/{id}: another tenant's entry, or another user's for someone who sees only their own, is a 404. */
export async function getActivity(ctx: TenantCtx, idParam: string): Promise<TActivity> {
  const id = assertId(idParam, 'Activity');
  const own = visibility(ctx);
  return withTenant(ctx, async (tx) => {
    const [row] = await queryRows<RawActivity>(tx, sql`${SELECT} WHERE activity_log.id = ${id}::uuid ${own ? sql`AND ${own}` : sql``}`);
    if (!row) throw notFound('Activity');
    return dto(row);
  });
}
