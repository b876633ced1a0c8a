/** Roles of spec 6. The first entry of a user's roles decides the effective role. */
export const ROLES = ['owner', 'tenant', 'supplier'] as const;
export type Role = (typeof ROLES)[number];

export function effectiveRole(roles: readonly string[]): Role | null {
  const first = roles[0];
  return (ROLES as readonly string[]).includes(first ?? '') ? (first as Role) : null;
}

export const LANGUAGES = ['en', 'sp'] as const;
export type Language = (typeof LANGUAGES)[number];
