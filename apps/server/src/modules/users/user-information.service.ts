import { resolvePreference, parseInclude, permissionById, permissionByName, type Role, type UserInformationDto } from '@omnio/domain';
import type { Ctx, Principal } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';

export type UserInformation = UserInformationDto;

// One round trip for the whole profile: this endpoint is loaded on every page start. Roles and
// permission ids are left out when the caller's principal (same query per request) already has them.
const PROFILE_COLUMNS = `u.id, u.name, u.email, u.language, u.disabled_at,
  (SELECT json_build_object('id', c.id, 'name', c.name, 'schema_suffix', c.schema_suffix)
    FROM company_users cu JOIN companies c ON c.id = cu.company_id
    WHERE cu.user_id = u.id AND ($2::uuid IS NULL OR cu.company_id = $2::uuid)
    ORDER BY cu.created_at LIMIT 1) AS company,
  COALESCE((SELECT json_object_agg(pr.key, json_build_object('value', pr.value, 'version', pr.version))
    FROM preferences pr WHERE pr.user_id = u.id), '{}'::json) AS preferences`;
const SELF_SQL = `SELECT ${PROFILE_COLUMNS} FROM users u WHERE u.id = $1`;
const OTHER_SQL = `SELECT ${PROFILE_COLUMNS},
  ARRAY(SELECT r.role FROM user_roles r WHERE r.user_id = u.id ORDER BY r.position) AS roles,
  ARRAY(SELECT up.permission_id FROM user_permissions up WHERE up.user_id = u.id ORDER BY up.permission_id) AS permission_ids
FROM users u WHERE u.id = $1`;

interface InfoRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  language: 'en' | 'sp';
  disabled_at: Date | null;
  roles?: Role[];
  permission_ids?: number[];
  company: { id: string; name: string; schema_suffix: string } | null;
  preferences: Record<string, { value: unknown; version: number }>;
}

const LANDING: Record<Role, string> = { owner: '/admin/dashboard', tenant: '/dashboard', supplier: '/supplier-purchase-orders' };

export function resolvePreferences(stored: Record<string, { value: unknown; version: number }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(stored), 'theme', 'tour', 'grids'])) out[key] = resolvePreference(key, stored[key]);
  return out;
}

/**
 * GET /users/information. `companyId` is the company the token works in; for another user's
 * information (owner screens) it is null and the user's first company is shown.
 */
export async function getUserInformation(
  ctx: Ctx,
  input: { userId: string; companyId: string | null; include?: string; principal?: Principal },
): Promise<UserInformation> {
  const self = input.principal?.userId === input.userId ? input.principal : undefined;
  const rows = self
    ? await ctx.deps.database.query<InfoRow>(SELF_SQL, [input.userId, input.companyId], 'user_information_self')
    : await ctx.deps.database.query<InfoRow>(OTHER_SQL, [input.userId, input.companyId], 'user_information_other');
  const row = rows[0];
  if (!row) throw notFound('User');
  const include = parseInclude(input.include);
  const roles = self ? self.roles : (row.roles ?? []);
  const permissionIds = self
    ? [...self.permissions].map((name) => permissionByName(name)!.id).sort((a, b) => a - b)
    : (row.permission_ids ?? []);
  const permissions = permissionIds.flatMap((id) => {
    const def = permissionById(id);
    return def ? [{ id, name: def.name }] : [];
  });
  const role = roles[0];
  const preferences = resolvePreferences(row.preferences);
  const suggested = typeof preferences.redirect === 'string' ? preferences.redirect : undefined;
  const info: UserInformation = {
    id: row.id,
    name: row.name,
    email: row.email,
    language: row.language,
    permissionsFront: permissions.map((p) => p.name),
    mediable: null,
    redirect: suggested ?? (role ? LANDING[role] : '/session/companies'),
    disabled: row.disabled_at !== null,
  };
  if (include.has('roles')) info.roles = roles;
  if (include.has('permissions')) info.permissions = permissions;
  if (include.has('company')) info.company = row.company;
  if (include.has('preferences')) info.preferences = preferences;
  if (self) info.impersonated_by = self.impersonatorId;
  return info;
}
