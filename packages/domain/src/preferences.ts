import { z } from 'zod';

/**
 * Per-user preferences are versioned (spec 5): when the stored version differs from the version the
 * code expects, the stored value is discarded and the default used, so a changed shape never breaks a screen.
 */
export const PREFERENCE_DEFAULTS: Record<string, { version: number; value: unknown }> = {
  theme: { version: 1, value: { color: 'indigo', dark: false, rtl: false, collapsed: false, animation: 'fadeIn', sidebarImage: 0 } },
  tour: { version: 1, value: { enabled: false, done: [] } },
  grids: { version: 1, value: {} },
};

export function resolvePreference(key: string, stored: { version: number; value: unknown } | undefined): unknown {
  // Own keys only: a stored key like "constructor" must not resolve to Object.prototype's.
  const def = Object.hasOwn(PREFERENCE_DEFAULTS, key) ? PREFERENCE_DEFAULTS[key] : undefined;
  if (!def) return stored?.value ?? null;
  if (!stored || stored.version !== def.version) return def.value;
  return stored.value;
}

export const ZPreferenceKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_.-]{0,63}$/, 'Invalid preference key');

export const ZPreferencesUpdate = z
  .object({
    type: z.literal('preferences').default('preferences'),
    user_id: z.string().max(64).optional(),
    company_id: z.string().max(64).nullable().optional(),
    data: z.object({
      preferences: z.record(ZPreferenceKey, z.unknown()).refine((r) => Object.keys(r).length <= 50, 'At most 50 preferences at once'),
      version: z.number().int().positive().optional(),
    }),
  })
  .strict();
export type TPreferencesUpdate = z.infer<typeof ZPreferencesUpdate>;

// ---- Answers (the response contract; see responses.ts) ----

/** POST /preferences/update-or-create: every preference of the user, resolved (defaults applied), by key. */
export const ZResolvedPreferences = z.record(z.string(), z.unknown());
export type ResolvedPreferencesDto = z.input<typeof ZResolvedPreferences>;
