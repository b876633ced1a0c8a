import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * MUI's right-to-left setup (MUI "Right-to-left" guide): in RTL every emotion style goes through
 * stylis-plugin-rtl, which mirrors physical properties (margin-left, padding-right, left: 0, ...),
 * so MUI's own CSS and our sx are written for left-to-right and flipped here. Logical properties
 * (padding-inline-start, text-align: end) are already direction-aware and are left alone.
 * prepend: MUI's styles go first in <head>, so other stylesheets can override them.
 */
export const RTL_CACHE: EmotionCache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] });
export const LTR_CACHE: EmotionCache = createCache({ key: 'css', prepend: true });

export function directionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  return direction === 'rtl' ? RTL_CACHE : LTR_CACHE;
}
