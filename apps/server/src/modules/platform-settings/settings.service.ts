import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  GENERAL_SETTINGS_DEFAULTS, LOGIN_SETTINGS_DEFAULTS, PLATFORM_SETTING_KEYS, ZGeneralSettings, parseImageDataUrl,
  type CustomLoginView, type PlatformSettingKey, type PublicCustomLoginDto, type PublicGeneralSettingsDto, type TGeneralSettings,
  type TLoginSettingsUpdate,
} from '@omnio/domain';
import type { Queryable } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import type { AuthedCtx, Ctx } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';

/** General settings and the custom login page (docs/api-platform-settings.md). */

type LoginStored = Omit<CustomLoginView, 'logo_url' | 'background_image_url'>;
export const LOGIN_IMAGE_KINDS = ['logo', 'background'] as const;
export type LoginImageKind = (typeof LOGIN_IMAGE_KINDS)[number];

async function readValue(db: Queryable, key: PlatformSettingKey): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ value: Record<string, unknown> | string }>(db, sql`SELECT value FROM platform_settings WHERE key = ${key}`);
  if (!row) return null;
  // node-postgres parses jsonb; a driver that answers text is parsed here.
  return typeof row.value === 'string' ? (JSON.parse(row.value) as Record<string, unknown>) : row.value;
}

async function writeValue(db: Queryable, key: PlatformSettingKey, value: object, userId: string | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO platform_settings (key, title, value, updated_by) VALUES (${key}, ${PLATFORM_SETTING_KEYS[key]}, ${JSON.stringify(value)}::jsonb, ${userId}::uuid)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`);
}

/**
 * The stored general settings over the defaults. A stored field that no longer validates (an older shape)
 * falls back to its default instead of failing every page that reads it.
 */
export async function readGeneralSettings(db: Queryable): Promise<TGeneralSettings> {
  const stored = (await readValue(db, 'general')) ?? {};
  const merged = { ...GENERAL_SETTINGS_DEFAULTS };
  for (const key of Object.keys(GENERAL_SETTINGS_DEFAULTS) as (keyof TGeneralSettings)[]) {
    const field = ZGeneralSettings.shape[key].safeParse(stored[key]);
    if (field.success) (merged as Record<string, unknown>)[key] = field.data;
  }
  return merged;
}

/** For modules/auth/signup.service.ts: whether self-service sign-up is open (general settings). */
export async function isSignupOpen(db: Queryable): Promise<boolean> {
  return (await readGeneralSettings(db)).signup_open;
}

export const getGeneralSettings = (ctx: Ctx) => readGeneralSettings(ctx.db);

export async function putGeneralSettings(ctx: AuthedCtx, input: TGeneralSettings): Promise<TGeneralSettings> {
  await writeValue(ctx.db, 'general', input, ctx.principal.userId);
  return readGeneralSettings(ctx.db);
}

/** What a signed-out page may know of the general settings (nothing here is secret). */
export async function publicGeneralSettings(ctx: Ctx): Promise<PublicGeneralSettingsDto> {
  const g = await readGeneralSettings(ctx.db);
  return {
    app_name: g.app_name,
    support_email: g.support_email,
    default_language: g.default_language,
    signup_open: g.signup_open,
    idle_timeout_minutes: g.idle_timeout_minutes,
    maintenance_banner: g.maintenance_banner,
  };
}

async function readLogin(db: Queryable): Promise<LoginStored> {
  const stored = (await readValue(db, 'login')) ?? {};
  return { ...LOGIN_SETTINGS_DEFAULTS, ...(stored as Partial<LoginStored>) };
}

async function loginView(db: Queryable): Promise<CustomLoginView> {
  const stored = await readLogin(db);
  const images = await queryRows<{ kind: LoginImageKind; version: string }>(db, sql`SELECT kind, version FROM platform_images`);
  const urlOf = (kind: LoginImageKind) => {
    const image = images.find((i) => i.kind === kind);
    return image ? `/api/custom-login/${kind}?v=${image.version}` : null;
  };
  return {
    title: stored.title,
    welcome_text: stored.welcome_text,
    primary_color: stored.primary_color,
    background_color: stored.background_color,
    show_signup_link: stored.show_signup_link,
    logo_url: urlOf('logo'),
    background_image_url: urlOf('background'),
  };
}

export const getLoginSettings = (ctx: Ctx) => loginView(ctx.db);

async function saveImage(db: Queryable, kind: LoginImageKind, value: string | null | undefined): Promise<void> {
  if (value === undefined) return;
  if (value === null) {
    await db.execute(sql`DELETE FROM platform_images WHERE kind = ${kind}`);
    return;
  }
  // The schema has validated it; parse again only to split type and bytes.
  const image = parseImageDataUrl(value)!;
  const version = createHash('sha256').update(image.base64).digest('hex').slice(0, 16);
  await db.execute(sql`
    INSERT INTO platform_images (kind, mime_type, data, version) VALUES (${kind}, ${image.type}, decode(${image.base64}, 'base64'), ${version})
    ON CONFLICT (kind) DO UPDATE SET mime_type = EXCLUDED.mime_type, data = EXCLUDED.data, version = EXCLUDED.version, updated_at = now()`);
}

export async function putLoginSettings(ctx: AuthedCtx, input: TLoginSettingsUpdate): Promise<CustomLoginView> {
  return ctx.db.transaction(async (tx) => {
    const { logo, background_image, ...texts } = input;
    await writeValue(tx, 'login', texts, ctx.principal.userId);
    await saveImage(tx, 'logo', logo);
    await saveImage(tx, 'background', background_image);
    return loginView(tx);
  });
}

/** Public GET /api/custom-login: the login page's look, and whether to offer sign-up at all. */
export async function publicCustomLogin(ctx: Ctx): Promise<PublicCustomLoginDto> {
  const [view, general] = [await loginView(ctx.db), await readGeneralSettings(ctx.db)];
  return { ...view, show_signup_link: view.show_signup_link && general.signup_open, app_name: general.app_name };
}

export async function loginImage(ctx: Ctx, kind: string): Promise<{ mimeType: string; data: Buffer; version: string }> {
  if (!(LOGIN_IMAGE_KINDS as readonly string[]).includes(kind)) throw notFound('Image');
  const [row] = await queryRows<{ mime_type: string; b64: string; version: string }>(ctx.db, sql`
    SELECT mime_type, encode(data, 'base64') AS b64, version FROM platform_images WHERE kind = ${kind}`);
  if (!row) throw notFound('Image');
  return { mimeType: row.mime_type, data: Buffer.from(row.b64.replace(/\s+/g, ''), 'base64'), version: row.version };
}
