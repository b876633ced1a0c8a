import { z } from 'zod';
import { PREFERENCE_DEFAULTS, resolvePreference } from '@omnio/domain';

/** The customizer's choices (spec 2): 6 theme colours, 7 sidebar and 6 header filters, 6 animations, 4 images. */
export const THEME_COLORS = {
  indigo: '#3f51b5',
  blue: '#1976d2',
  teal: '#00897b',
  green: '#2e7d32',
  orange: '#e65100',
  purple: '#7b1fa2',
} as const;
export type ThemeColor = keyof typeof THEME_COLORS;

export const SIDEBAR_FILTERS = {
  navy: '#0f1e3d',
  dark: '#111827',
  white: '#ffffff',
  indigo: '#283593',
  teal: '#004d40',
  green: '#1b4d20',
  slate: '#334155',
} as const;
export type SidebarFilter = keyof typeof SIDEBAR_FILTERS;

export const HEADER_FILTERS = {
  white: '#ffffff',
  dark: '#111827',
  indigo: '#3949ab',
  blue: '#1565c0',
  teal: '#00796b',
  purple: '#6a1b9a',
} as const;
export type HeaderFilter = keyof typeof HEADER_FILTERS;

export const ROUTER_ANIMATIONS = ['slideInUp', 'fadeIn', 'slideInRight', 'bounce', 'lightSpeedIn', 'pulse'] as const;
export type RouterAnimation = (typeof ROUTER_ANIMATIONS)[number];

/** Sidebar "images" are drawn with CSS so the app ships no binary assets; the filter colour sits over them. */
export const SIDEBAR_IMAGES = [
  'radial-gradient(circle at 20% 10%, rgba(255,255,255,0.18) 0, transparent 45%), radial-gradient(circle at 80% 90%, rgba(255,255,255,0.12) 0, transparent 40%)',
  'repeating-linear-gradient(135deg, rgba(255,255,255,0.06) 0 2px, transparent 2px 14px)',
  'linear-gradient(180deg, rgba(255,255,255,0.14) 0%, transparent 55%), radial-gradient(ellipse at bottom, rgba(255,255,255,0.14), transparent 60%)',
  'radial-gradient(rgba(255,255,255,0.14) 1px, transparent 1px)',
] as const;

const keys = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const themeDefaults = PREFERENCE_DEFAULTS.theme?.value as Record<string, unknown> | undefined;

export const ZThemePreference = z.object({
  color: z.enum(keys(THEME_COLORS)).catch('indigo'),
  sidebarFilter: z.enum(keys(SIDEBAR_FILTERS)).catch('navy'),
  headerFilter: z.enum(keys(HEADER_FILTERS)).catch('white'),
  animation: z.enum(ROUTER_ANIMATIONS).catch('fadeIn'),
  dark: z.boolean().catch(false),
  collapsed: z.boolean().catch(false),
  rtl: z.boolean().catch(false),
  sidebarImage: z.number().int().min(0).max(SIDEBAR_IMAGES.length - 1).catch(0),
});
export type ThemePreference = z.infer<typeof ZThemePreference>;

export const DEFAULT_THEME: ThemePreference = ZThemePreference.parse(themeDefaults ?? {});
export const THEME_PREFERENCE_VERSION = PREFERENCE_DEFAULTS.theme?.version ?? 1;

function isVersioned(value: unknown): value is { version: number; value: unknown } {
  return typeof value === 'object' && value !== null && 'version' in value && 'value' in value;
}

/**
 * user.preferences.theme may arrive as a bare value or as {version, value}; a versioned value of
 * another version resets to the defaults (spec 5), and unknown fields fall back one by one.
 */
export function themeFromPreferences(preferences: Record<string, unknown> | null | undefined): ThemePreference {
  const raw = preferences?.theme;
  const value = isVersioned(raw) ? resolvePreference('theme', raw) : raw;
  const source = typeof value === 'object' && value !== null ? value : {};
  return ZThemePreference.parse({ ...DEFAULT_THEME, ...source });
}
