import { describe, expect, it } from 'vitest';
import {
  GENERAL_SETTINGS_DEFAULTS, LOGO_MAX_BYTES, ZCodeSnippetInput, ZGeneralSettings, ZLoginSettingsUpdate, LOGIN_SETTINGS_DEFAULTS,
  base64Bytes, cdnSnippetOrigin, isHexColor, lastMonths, parseImageDataUrl,
} from './platform-settings';

describe('cdnSnippetOrigin', () => {
  it.each([
    ['https://cdn.example.com/a/b.js?x=1', 'https://cdn.example.com'],
    ['  https://cdn.example.com:8443/x.js ', 'https://cdn.example.com:8443'],
    ['http://cdn.example.com/x.js', null],
    ['https://u:p@cdn.example.com/x.js', null],
    ['javascript:alert(1)', null],
    ['//cdn.example.com/x.js', null],
    ['not a url', null],
    [`https://cdn.example.com/${'a'.repeat(2100)}`, null],
  ])('%s → %s', (body, origin) => expect(cdnSnippetOrigin(body)).toBe(origin));
});

describe('ZCodeSnippetInput', () => {
  it('defaults enabled and sort', () => {
    expect(ZCodeSnippetInput.parse({ name: 'x', type: 'javascript', body: 'void 0' })).toEqual({ name: 'x', type: 'javascript', body: 'void 0', enabled: true, sort: 0 });
  });
  it('a cdn body must be an https URL; a javascript body may be any source', () => {
    expect(ZCodeSnippetInput.safeParse({ name: 'x', type: 'cdn', body: 'void 0' }).success).toBe(false);
    expect(ZCodeSnippetInput.safeParse({ name: 'x', type: 'cdn', body: 'https://a.example/x.js' }).success).toBe(true);
    expect(ZCodeSnippetInput.safeParse({ name: 'x', type: 'javascript', body: 'https://a.example/x.js' }).success).toBe(true);
  });
});

describe('general settings', () => {
  it('the defaults validate and idle is 30 minutes (spec 9)', () => {
    expect(ZGeneralSettings.parse(GENERAL_SETTINGS_DEFAULTS)).toEqual(GENERAL_SETTINGS_DEFAULTS);
    expect(GENERAL_SETTINGS_DEFAULTS.idle_timeout_minutes).toBe(30);
  });
  it('support e-mail may be empty or an address', () => {
    expect(ZGeneralSettings.safeParse({ ...GENERAL_SETTINGS_DEFAULTS, support_email: 'a@b.co' }).success).toBe(true);
    expect(ZGeneralSettings.safeParse({ ...GENERAL_SETTINGS_DEFAULTS, support_email: 'a@' }).success).toBe(false);
  });
});

describe('login images and colours', () => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  it('base64Bytes is the decoded size', () => {
    expect(base64Bytes(png)).toBe(Buffer.from(png, 'base64').length);
    expect(base64Bytes('YQ==')).toBe(1);
    expect(base64Bytes('YWI=')).toBe(2);
  });
  it('accepts raster data URLs only', () => {
    expect(parseImageDataUrl(`data:image/png;base64,${png}`)).toEqual({ type: 'image/png', base64: png });
    expect(parseImageDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(parseImageDataUrl('https://x.example/logo.png')).toBeNull();
  });
  it('limits the logo size', () => {
    const big = 'A'.repeat(Math.ceil((LOGO_MAX_BYTES + 3) / 3) * 4);
    expect(ZLoginSettingsUpdate.safeParse({ ...LOGIN_SETTINGS_DEFAULTS, logo: `data:image/png;base64,${big}` }).success).toBe(false);
    expect(ZLoginSettingsUpdate.safeParse({ ...LOGIN_SETTINGS_DEFAULTS, logo: `data:image/png;base64,${png}` }).success).toBe(true);
  });
  it.each([['#a1B2c3', true], ['#abc', false], ['a1b2c3', false], ['#a1b2c3 ', false]])('isHexColor(%j) = %s', (v, ok) => expect(isHexColor(v)).toBe(ok));
});

describe('lastMonths', () => {
  it('crosses the year, oldest first', () => {
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'), 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'))).toHaveLength(12);
  });
});
