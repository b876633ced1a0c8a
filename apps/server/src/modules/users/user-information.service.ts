import { resolvePreference, parseInclude, type Role } from '@omnio/domain';
import type { Ctx } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';

export interface UserInformation {
  id: string;
  name: string;
  email: string;
  language: 'en' | 'sp';
  roles?: Role[];
  permissions?: { id: number; name: string }[];
  permissionsFront: string[];
  company?: { id: string; name: string; schema_suffix: string } | null;
  preferences?: Record<string, unknown>;
  mediable: null;
  redirect: string;
  disabled: boolean;
  impersonated_by?: string | null;
}

// One round trip for the whole profile: this endpoint is loaded on every page start.
const INFO_SQL = `
SELECT u.id, u.name, u.email, u.language, u.disabled_at,
  ARRAY(SELECT r.role FROM user_roles r WHERE r.user_id = u.id ORDER BY r.position) AS roles,
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.id)
    FROM user_permissions up JOIN permissions p ON p.id = up.permission_id WHERE up.user_id = u.id), '[]'::json) AS permissions,
  (SELECT json_build_object('id', c.id, 'name', c.name, 'schema_suffix', c.schema_suffix)
    FROM company_users cu JOIN companies c ON c.id = cu.company_id
    WHERE cu.user_id = u.id AND ($2::uuid IS NULL OR cu.company_id = $2::uuid)
    ORDER BY cu.created_at LIMIT 1) AS company,
  COALESCE((SELECT json_object_agg(pr.key, json_build_object('value', pr.value, 'version', pr.version))
    FROM preferences pr WHERE pr.user_id = u.id), '{}'::json) AS preferences
FROM users u WHERE u.id = $1`;

interface InfoRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  language: 'en' | 'sp';
  disabled_at: Date | null;
  roles: Role[];
  permissions: { id: number; name: string }[];
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
  input: { userId: string; companyId: string | null; include?: string; impersonatorId?: string | null },
): Promise<UserInformation> {
  const rows = await ctx.deps.database.query<InfoRow>(INFO_SQL, [input.userId, input.companyId]);
  const row = rows[0];
  if (!row) throw notFound('User');
  const include = parseInclude(input.include);
  const role = row.roles[0];
  const preferences = resolvePreferences(row.preferences);
  const suggested = typeof preferences.redirect === 'string' ? preferences.redirect : undefined;
  const info: UserInformation = {
    id: row.id,
    name: row.name,
    email: row.email,
    language: row.language,
    permissionsFront: row.permissions.map((p) => p.name),
    mediable: null,
    redirect: suggested ?? (role ? LANDING[role] : '/session/companies'),
    disabled: row.disabled_at !== null,
  };
  if (include.has('roles')) info.roles = row.roles;
  if (include.has('permissions')) info.permissions = row.permissions;
  if (include.has('company')) info.company = row.company;
  if (include.has('preferences')) info.preferences = preferences;
  if (input.impersonatorId !== undefined) info.impersonated_by = input.impersonatorId;
  return info;
}
