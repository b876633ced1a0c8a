import { describe, expect, it } from 'vitest';
import { badgeLabel } from './NotificationBell';
import { DEFAULT_THEME, themeFromPreferences } from './theme-options';

describe('badgeLabel', () => {
  it('hides at zero and shows 5+ above 4 (spec 9)', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(4)).toBe('4');
    expect(badgeLabel(5)).toBe('5+');
    expect(badgeLabel(120)).toBe('5+');
  });
});

describe('themeFromPreferences', () => {
  it('uses the domain defaults when nothing is stored', () => {
    expect(themeFromPreferences(undefined)).toEqual(DEFAULT_THEME);
    expect(DEFAULT_THEME).toMatchObject({ color: 'indigo', dark: false, rtl: false, collapsed: false, animation: 'fadeIn', sidebarImage: 0 });
  });

  it('reads a bare value and keeps valid fields', () => {
    expect(themeFromPreferences({ theme: { color: 'teal', dark: true, sidebarFilter: 'white' } })).toMatchObject({
      color: 'teal',
      dark: true,
      sidebarFilter: 'white',
      animation: 'fadeIn',
    });
  });

  it('replaces invalid fields one by one', () => {
    expect(themeFromPreferences({ theme: { color: 'pink', sidebarImage: 9, animation: 'pulse' } })).toMatchObject({
      color: 'indigo',
      sidebarImage: 0,
      animation: 'pulse',
    });
  });

  it('resets a versioned value of another version to the defaults (spec 5)', () => {
    expect(themeFromPreferences({ theme: { version: 99, value: { color: 'teal' } } })).toEqual(DEFAULT_THEME);
    expect(themeFromPreferences({ theme: { version: 1, value: { color: 'teal' } } }).color).toBe('teal');
  });
});
