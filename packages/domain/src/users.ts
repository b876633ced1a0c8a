import { z } from 'zod';
import { PERMISSION_SECTIONS } from './permissions';
import { ZRef, ZTimestamp } from './responses';
import { LANGUAGES, ROLES } from './roles';
import { ZCompanyBrief } from './companies';

/** Users as the owner and a tenant's user screen see them, and the signed-in user's own profile. */

// ---- Answers (the response contract; see responses.ts) ----

/** A user in a list or after an edit. `companies` only in the owner's lists and edits, not in /company-users. */
export const ZUserSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  /** The first decides the effective role. */
  roles: z.array(z.enum(ROLES)),
  disabled: z.boolean(),
  companies: z.array(ZRef).optional(),
  created_at: ZTimestamp,
});
export type UserSummaryDto = z.input<typeof ZUserSummary>;

/** A permission by its stable id and its name. */
export const ZPermissionRef = z.object({ id: z.number().int(), name: z.string() });
export type PermissionRefDto = z.input<typeof ZPermissionRef>;

/** An entry of the permission catalog (GET /permissions). */
export const ZPermissionDef = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.enum(['read', 'create', 'update', 'delete', 'execute']),
  resource: z.string(),
  section: z.enum(PERMISSION_SECTIONS),
  scope: z.enum(['platform', 'tenant']),
});
export type PermissionDefDto = z.input<typeof ZPermissionDef>;

/** A role's default permissions (GET /roles/{role}). */
export const ZRolePermissions = z.object({ name: z.enum(ROLES), permissions: z.array(ZPermissionRef) });
export type RolePermissionsDto = z.input<typeof ZRolePermissions>;

/** The permission ids a user now holds (POST /users/{id}/assign-permissions). */
export const ZAssignedPermissions = z.object({ permissions: z.array(z.number().int()) });
export type AssignedPermissionsDto = z.input<typeof ZAssignedPermissions>;

/**
 * GET /users/information (the signed-in user, every page start) and /users/{id}/information (owner screens).
 * roles, permissions, company and preferences come only when `include` names them; impersonated_by only for
 * the caller's own information.
 */
export const ZUserInformation = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  roles: z.array(z.enum(ROLES)).optional(),
  permissions: z.array(ZPermissionRef).optional(),
  permissionsFront: z.array(z.string()),
  company: ZCompanyBrief.nullable().optional(),
  /** Resolved preferences by key (theme, tour, grids and what the user saved): opaque JSON here. */
  preferences: z.record(z.string(), z.unknown()).optional(),
  mediable: z.null(),
  redirect: z.string(),
  disabled: z.boolean(),
  impersonated_by: z.string().nullable().optional(),
});
export type UserInformationDto = z.input<typeof ZUserInformation>;
