import { z } from 'zod';
import { ZTimestamp } from './responses';

/**
 * Platform settings (docs/api-platform-settings.md): the owner's general settings, the custom login page and
 * the code snippets every signed-in page runs (spec 3, 7). Settings are key/value rows grouped by a title
 * (spec 7: the gateway reads "settings searched by title INTEGRATIONS"); each key's value is typed here so the
 * server and the owner's forms validate the same way.
 */
export const PLATFORM_SETTING_TITLES = ['GENERAL', 'LOGIN', 'INTEGRATIONS'] as const;
export type PlatformSettingTitle = (typeof PLATFORM_SETTING_TITLES)[number];

/** The keys this module owns and their title group. */
export const PLATFORM_SETTING_KEYS = { general: 'GENERAL', login: 'LOGIN' } as const satisfies Record<string, PlatformSettingTitle>;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTING_KEYS;

// ---------------------------------------------------------------------------------------------------------
// General settings

export const SETTING_LANGUAGES = ['en', 'sp'] as const;
/** Spec 9: an idle session signs out after 30 minutes unless the owner says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;

export const ZGeneralSettings = z
  .object({
    app_name: z.string().trim().min(1, 'The application name is required').max(80, 'At most 80 characters'),
    support_email: z.union([z.literal(''), z.string().trim().max(254, 'At most 254 characters').email('Enter a valid e-mail address')]),
    default_language: z.enum(SETTING_LANGUAGES, { message: 'Choose en or sp' }),
    signup_open: z.boolean({ message: 'Must be true or false' }),
    idle_timeout_minutes: z
      .number({ message: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'At least 1 minute')
      .max(1440, 'At most 1440 minutes (one day)'),
    /** Shown on every page while not empty. */
    maintenance_banner: z.string().trim().max(500, 'At most 500 characters'),
  })
  .strict();
export type TGeneralSettings = z.infer<typeof ZGeneralSettings>;

export const GENERAL_SETTINGS_DEFAULTS: TGeneralSettings = {
  app_name: 'Omnio',
  support_email: '',
  default_language: 'en',
  signup_open: true,
  idle_timeout_minutes: DEFAULT_IDLE_TIMEOUT_MINUTES,
  maintenance_banner: '',
};

// ---------------------------------------------------------------------------------------------------------
// Custom login

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const ZHexColor = z.string().regex(HEX_COLOR, 'Use a colour like #1a2b3c');
export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

/**
 * Images are uploaded (a data: URL in the JSON body) and served by the server from its own origin, not linked:
 * the Content-Security-Policy allows images only from 'self', data: and blob:, so an external logo URL would
 * be blocked, and a stored copy cannot change or disappear behind the owner's back. SVG is refused: served
 * from our origin it could carry script.
 */
export const LOGIN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const LOGO_MAX_BYTES = 256 * 1024;
export const BACKGROUND_MAX_BYTES = 1024 * 1024;
const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes a base64 text decodes to, without decoding it. */
export function base64Bytes(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}

/** Splits an image data URL into its type and base64 body; null when it is not one we accept. */
export function parseImageDataUrl(value: string): { type: (typeof LOGIN_IMAGE_TYPES)[number]; base64: string } | null {
  const m = DATA_URL.exec(value);
  if (!m) return null;
  return { type: m[1] as (typeof LOGIN_IMAGE_TYPES)[number], base64: m[2]! };
}

const zImageDataUrl = (maxBytes: number) =>
  z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3) + 64, `The image must be at most ${Math.round(maxBytes / 1024)} KB`)
    .superRefine((value, ctx) => {
      const parsed = parseImageDataUrl(value);
      if (!parsed) ctx.addIssue({ code: 'custom', message: 'Upload a PNG, JPEG, WebP or GIF image' });
      else if (base64Bytes(parsed.base64) > maxBytes) ctx.addIssue({ code: 'custom', message: `The image must be at most ${Math.round(maxBytes / 1024)} KB` });
    });

/** Empty texts and null colours mean "the built-in one": an install nobody customised looks as shipped. */
const loginFields = {
  title: z.string().trim().max(80, 'At most 80 characters'),
  welcome_text: z.string().trim().max(500, 'At most 500 characters'),
  primary_color: ZHexColor.nullable(),
  background_color: ZHexColor.nullable(),
  show_signup_link: z.boolean({ message: 'Must be true or false' }),
};

/**
 * PUT /settings/login. `logo` and `background_image`: a data: URL replaces the image, null removes it, absent
 * keeps the stored one (so saving the texts does not resend the images).
 */
export const ZLoginSettingsUpdate = z
  .object({
    ...loginFields,
    logo: zImageDataUrl(LOGO_MAX_BYTES).nullable().optional(),
    background_image: zImageDataUrl(BACKGROUND_MAX_BYTES).nullable().optional(),
  })
  .strict();
export type TLoginSettingsUpdate = z.infer<typeof ZLoginSettingsUpdate>;

/** What the owner's page and the public GET /api/custom-login answer: images as same-origin URLs. */
export const ZCustomLogin = z.object({
  /** '' = the built-in heading. */
  title: z.string(),
  welcome_text: z.string(),
  /** null = the theme's own colour. */
  primary_color: z.string().nullable(),
  background_color: z.string().nullable(),
  show_signup_link: z.boolean(),
  /** `/api/custom-login/logo?v=…` (the version changes with the image, so it may be cached), or null. */
  logo_url: z.string().nullable(),
  background_image_url: z.string().nullable(),
});
export type CustomLoginView = z.input<typeof ZCustomLogin>;

export const LOGIN_SETTINGS_DEFAULTS: Omit<CustomLoginView, 'logo_url' | 'background_image_url'> = {
  title: '',
  welcome_text: '',
  primary_color: null,
  background_color: null,
  show_signup_link: true,
};

// ---------------------------------------------------------------------------------------------------------
// Code snippets (spec 3: type javascript or cdn, body)

export const CODE_SNIPPET_TYPES = ['javascript', 'cdn'] as const;
export type CodeSnippetType = (typeof CODE_SNIPPET_TYPES)[number];
export const CODE_SNIPPET_JS_MAX = 100_000;
export const CODE_SNIPPET_URL_MAX = 2048;

/**
 * The origin a cdn snippet's script comes from (it is added to the Content-Security-Policy's script-src), or
 * null when the body is not an https URL without credentials. Only https: a plain-http script could be
 * replaced by anyone on the path.
 */
export function cdnSnippetOrigin(body: string): string | null {
  if (body.length > CODE_SNIPPET_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(body.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return url.origin;
}

export const ZCodeSnippetInput = z
  .object({
    name: z.string().trim().min(1, 'The name is required').max(100, 'At most 100 characters'),
    type: z.enum(CODE_SNIPPET_TYPES, { message: 'Choose javascript or cdn' }),
    body: z.string().min(1, 'The body is required').max(CODE_SNIPPET_JS_MAX, `At most ${CODE_SNIPPET_JS_MAX} characters`),
    enabled: z.boolean({ message: 'Must be true or false' }).default(true),
    sort: z.number({ message: 'Must be a number' }).int('Must be a whole number').min(0, 'At least 0').max(10_000, 'At most 10000').default(0),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.type === 'cdn' && !cdnSnippetOrigin(value.body)) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'A cdn snippet is an https URL of a script' });
    }
  });
export type TCodeSnippetInput = z.infer<typeof ZCodeSnippetInput>;

export const ZCodeSnippet = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CODE_SNIPPET_TYPES),
  body: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type CodeSnippetView = z.input<typeof ZCodeSnippet>;

/** GET/POST /codes-client item (spec 7). */
export const ZCodeClientItem = z.object({ id: z.string(), type: z.enum(CODE_SNIPPET_TYPES), body: z.string() });
export type CodeClientItem = z.input<typeof ZCodeClientItem>;

// ---------------------------------------------------------------------------------------------------------
// Owner dashboard

export const ZOwnerDashboard = z.object({
  companies: z.object({ total: z.number().int(), active: z.number().int(), new_this_month: z.number().int() }),
  users: z.object({ total: z.number().int(), by_role: z.record(z.string(), z.number().int()) }),
  subscriptions: z.object({ active: z.number().int(), canceled: z.number().int(), none: z.number().int() }),
  /** Sum of the running subscriptions' monthly totals, in cents. */
  mrr_cents: z.number().int(),
  orders_this_month: z.number().int(),
  top_companies: z.array(z.object({ company_id: z.string(), name: z.string(), orders: z.number().int() })),
  /** The last 12 calendar months (UTC), oldest first, as YYYY-MM. */
  companies_per_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type OwnerDashboard = z.input<typeof ZOwnerDashboard>;

/** The last `n` calendar months (UTC) ending with the one of `now`, oldest first, as YYYY-MM. */
export function lastMonths(now: Date, n = 12): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

// ---- Answers (the response contract; see responses.ts) ----

/**
 * The general settings as answered. Not ZGeneralSettings itself: that one is the request's (it trims and
 * refuses), while a stored value that no longer validates has already fallen back to its default.
 */
export const ZGeneralSettingsView = z.object({
  app_name: z.string(),
  support_email: z.string(),
  default_language: z.enum(SETTING_LANGUAGES),
  signup_open: z.boolean(),
  idle_timeout_minutes: z.number().int(),
  maintenance_banner: z.string(),
});
export type GeneralSettingsDto = z.input<typeof ZGeneralSettingsView>;

/** GET /api/settings/public: what a signed-out page may know of the general settings (nothing here is secret). */
export const ZPublicGeneralSettings = ZGeneralSettingsView.pick({
  app_name: true, support_email: true, default_language: true, signup_open: true, idle_timeout_minutes: true, maintenance_banner: true,
});
export type PublicGeneralSettingsDto = z.input<typeof ZPublicGeneralSettings>;

/** GET /api/custom-login: the login page's look, the app's name, and whether to offer sign-up at all. */
export const ZPublicCustomLogin = ZCustomLogin.extend({ app_name: z.string() });
export type PublicCustomLoginDto = z.input<typeof ZPublicCustomLogin>;
