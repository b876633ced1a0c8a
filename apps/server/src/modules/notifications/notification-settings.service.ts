import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettingsViewDto, type TNotificationSetting,
  type TNotificationSettingsUpdate, type UserNotificationSettingsDto,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';

/** Managing another user's notifications is managing users (spec 3 permission). */
const MANAGE = 'update-users-company';

/** The setting a notification's type falls under: the platform's kinds by name, any other (a job that failed) as job.failed. */
export function settingKindOf(type: string): NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type) ? (type as NotificationKind) : 'job.failed';
}

interface SettingRow { user_id: string; kind: string; bell: boolean; email: boolean }
interface UserRow { id: string; name: string; email: string }

function withDefaults(rows: readonly SettingRow[]): TNotificationSetting[] {
  return NOTIFICATION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, bell: row?.bell ?? NOTIFICATION_DEFAULTS.bell, email: row?.email ?? NOTIFICATION_DEFAULTS.email };
  });
}

/** The company's active users (the supplier's own users for a supplier), or one of them. */
async function companyUsers(tx: Tx, ctx: TenantCtx, only?: string): Promise<UserRow[]> {
  const supplierId = ctx.principal.supplierId;
  return queryRows<UserRow>(tx, sql`
    SELECT u.id, u.name, u.email FROM company_users cu JOIN users u ON u.id = cu.user_id AND u.disabled_at IS NULL
    WHERE cu.company_id = ${ctx.tenantId}::uuid
      AND ${supplierId ? sql`cu.supplier_id = ${supplierId}::uuid` : sql`cu.supplier_id IS NULL`}
      ${only ? sql`AND u.id = ${only}::uuid` : sql``}
    ORDER BY lower(u.name), u.id`);
}

const canManageOthers = (ctx: TenantCtx) => ctx.principal.role === 'tenant' && ctx.principal.permissions.has(MANAGE);

async function settingsOf(tx: Tx, tenantId: string, users: readonly UserRow[]): Promise<UserNotificationSettingsDto[]> {
  if (!users.length) return [];
  const rows = await queryRows<SettingRow>(tx, sql`
    SELECT user_id, kind, bell, email FROM notification_settings
    WHERE tenant_id = ${tenantId}::uuid AND user_id = ANY(${uuidArray(users.map((u) => u.id))})`);
  return users.map((u) => ({ user_id: u.id, name: u.name, email: u.email, settings: withDefaults(rows.filter((r) => r.user_id === u.id)) }));
}

/** The caller's settings first, then (for a user manager) every other company user's. */
export async function readNotificationSettings(ctx: TenantCtx): Promise<NotificationSettingsViewDto> {
  const manage = canManageOthers(ctx);
  return withTenant(ctx, async (tx) => {
    const users = await companyUsers(tx, ctx, manage ? undefined : ctx.principal.userId);
    const me = ctx.principal.userId;
    const ordered = [...users.filter((u) => u.id === me), ...users.filter((u) => u.id !== me)];
    return { kinds: [...NOTIFICATION_KINDS], can_manage_others: manage, users: await settingsOf(tx, ctx.tenantId, ordered) };
  });
}

/**
 * Changes the given kinds of one user. A user changes their own; changing another's needs update-users-company.
 * A user of another company (or one the caller may not manage) is a 404, like any object the caller cannot see.
 */
export async function updateNotificationSettings(ctx: TenantCtx, userId: string, input: TNotificationSettingsUpdate): Promise<UserNotificationSettingsDto> {
  const id = assertId(userId, 'User');
  if (id !== ctx.principal.userId && !canManageOthers(ctx)) throw notFound('User');
  return withTenant(ctx, async (tx) => {
    const [user] = await companyUsers(tx, ctx, id);
    if (!user) throw notFound('User');
    await tx.execute(sql`
      INSERT INTO notification_settings (tenant_id, user_id, kind, bell, email, updated_by)
      SELECT ${ctx.tenantId}::uuid, ${id}::uuid, x.kind, x.bell, x.email, ${ctx.principal.userId}::uuid
      FROM jsonb_to_recordset(${JSON.stringify(input.settings)}::jsonb) AS x(kind text, bell boolean, email boolean)
      ON CONFLICT (tenant_id, user_id, kind) DO UPDATE SET bell = excluded.bell, email = excluded.email, updated_at = now(), updated_by = excluded.updated_by`);
    const [settings] = await settingsOf(tx, ctx.tenantId, [user]);
    return settings!;
  });
}

/** Per recipient of one notification type: whether it goes to the bell and whether it is e-mailed. */
export async function deliveryChoices(tx: Tx, tenantId: string, type: string, userIds: readonly string[]): Promise<Map<string, { bell: boolean; email: boolean }>> {
  const choices = new Map(userIds.map((id) => [id, { ...NOTIFICATION_DEFAULTS }] as [string, { bell: boolean; email: boolean }]));
  if (!userIds.length) return choices;
  const rows = await queryRows<SettingRow>(tx, sql`
    SELECT user_id, kind, bell, email FROM notification_settings
    WHERE tenant_id = ${tenantId}::uuid AND kind = ${settingKindOf(type)} AND user_id = ANY(${uuidArray(userIds)})`);
  for (const r of rows) choices.set(r.user_id, { bell: r.bell, email: r.email });
  return choices;
}
