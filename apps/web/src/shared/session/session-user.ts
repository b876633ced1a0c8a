import { z } from 'zod';
import type { UserInformationDto } from '@omnio/domain';

/**
 * The signed-in user as GET /users/information answers it. Parsed leniently: unknown extra fields
 * pass through untouched and optional parts get safe defaults, so a richer server never breaks sign-in.
 */
export const ZSessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  language: z.string().default('en'),
  roles: z.array(z.string()).default([]),
  permissions: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })).default([]),
  permissionsFront: z.array(z.string()).default([]),
  company: z.object({ id: z.string(), name: z.string(), schema_suffix: z.string().nullable().optional() }).nullable().default(null),
  preferences: z.record(z.string(), z.unknown()).nullable().default({}),
  mediable: z.unknown().optional(),
  redirect: z.string().nullable().optional(),
});

export type SessionUser = z.infer<typeof ZSessionUser>;

/**
 * The server's answer as its response contract types it. It must be something ZSessionUser accepts: a field the
 * server renames or retypes fails to compile here rather than at sign-in.
 */
export type SessionUserAnswer = FitsSessionUser<UserInformationDto>;
type FitsSessionUser<T extends z.input<typeof ZSessionUser>> = T;

export const USER_INCLUDE = 'permissions,roles,company,preferences';
