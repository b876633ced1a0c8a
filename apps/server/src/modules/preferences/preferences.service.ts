import { and, eq, inArray, sql } from 'drizzle-orm';
import { PREFERENCE_DEFAULTS, type TPreferencesUpdate } from '@omnio/domain';
import type { AuthedCtx } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { preferences } from '../users/users.tables';
import { getUserInformation } from '../users/user-information.service';

/**
 * POST /preferences/update-or-create. Values are stored with the version the code currently expects,
 * so a later shape change (a new version in PREFERENCE_DEFAULTS) resets them to the default.
 */
export async function updateOrCreatePreferences(ctx: AuthedCtx, input: TPreferencesUpdate): Promise<Record<string, unknown>> {
  if (input.user_id && input.user_id !== ctx.principal.userId) throw notFound('User');
  const entries = Object.entries(input.data.preferences);
  // A null value clears the stored preference (the default applies again); the column is NOT NULL.
  const cleared = entries.filter(([, value]) => value === null || value === undefined).map(([key]) => key);
  const stored = entries.filter(([, value]) => value !== null && value !== undefined);
  await ctx.db.transaction(async (tx) => {
    if (cleared.length) {
      await tx.delete(preferences).where(and(eq(preferences.userId, ctx.principal.userId), inArray(preferences.key, cleared)));
    }
    if (stored.length) {
      await tx
        .insert(preferences)
        .values(
          stored.map(([key, value]) => ({
            userId: ctx.principal.userId,
            key,
            value,
            version: PREFERENCE_DEFAULTS[key]?.version ?? input.data.version ?? 1,
          })),
        )
        .onConflictDoUpdate({
          target: [preferences.userId, preferences.key],
          set: { value: sql`excluded.value`, version: sql`excluded.version`, updatedAt: sql`now()` },
        });
    }
  });
  const info = await getUserInformation(ctx, { userId: ctx.principal.userId, companyId: ctx.principal.companyId, include: 'preferences', principal: ctx.principal });
  return info.preferences ?? {};
}
