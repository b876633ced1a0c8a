import { and, eq, inArray, sql } from 'drizzle-orm';
import { PREFERENCE_DEFAULTS, USER_PREFERENCE_UPDATED_EVENT, type TPreferencesUpdate, type UserPreferenceUpdatedData } from '@omnio/domain';
import type { AuthedCtx } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';
import { publishRealtime, userChannel } from '../../platform/realtime/publish';
import { preferences } from '../users/users.tables';
import { resolvePreferences } from '../users/user-information.service';

/**
 * POST /preferences/update-or-create. Values are stored with the version the code currently expects,
 * so a later shape change (a new version in PREFERENCE_DEFAULTS) resets them to the default.
 * Spec 7: the user's other tabs and devices get the new preferences as user-preference-updated, published
 * in the same transaction (nothing is announced if the save fails).
 */
export async function updateOrCreatePreferences(ctx: AuthedCtx, input: TPreferencesUpdate): Promise<Record<string, unknown>> {
  if (input.user_id && input.user_id !== ctx.principal.userId) throw notFound('User');
  const entries = Object.entries(input.data.preferences);
  // A null value clears the stored preference (the default applies again); the column is NOT NULL.
  const cleared = entries.filter(([, value]) => value === null || value === undefined).map(([key]) => key);
  const stored = entries.filter(([, value]) => value !== null && value !== undefined);
  return ctx.db.transaction(async (tx) => {
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
    const rows = await queryRows<{ key: string; value: unknown; version: number }>(tx, sql`
      SELECT key, value, version FROM preferences WHERE user_id = ${ctx.principal.userId}::uuid`);
    // The same resolution GET /users/information applies (defaults for missing or outdated values).
    const resolved = resolvePreferences(Object.fromEntries(rows.map((r) => [r.key, { value: r.value, version: r.version }])));
    const data: UserPreferenceUpdatedData = { preferences: resolved };
    await publishRealtime(tx, [{ channel: userChannel(ctx.principal.userId), event: USER_PREFERENCE_UPDATED_EVENT, data }]);
    return resolved;
  });
}
