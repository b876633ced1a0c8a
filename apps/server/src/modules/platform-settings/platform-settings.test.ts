import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_SETTINGS_DEFAULTS, LOGIN_SETTINGS_DEFAULTS } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

/**
 * General settings, the custom login page, code snippets, /codes-client, the snippet scripts and the
 * Content-Security-Policy that follows the enabled cdn snippets.
 */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let tenant: H;
let supplier: H;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  tenant = await t.as('acmeTenant');
  supplier = await t.as('acmeSupplier');
});
afterAll(async () => t?.close());

const general = { ...GENERAL_SETTINGS_DEFAULTS, app_name: 'Omnio Test', support_email: 'help@omnio.test', idle_timeout_minutes: 45, signup_open: false };
// 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const login = { ...LOGIN_SETTINGS_DEFAULTS, title: 'Welcome to Acme Cloud', welcome_text: 'Sign in to continue', primary_color: '#112233' };

describe('general settings', () => {
  it('answers the defaults before anything is saved, then what was saved', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/1.0/settings/general', headers: owner });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual(GENERAL_SETTINGS_DEFAULTS);
    expect(before.json().data.idle_timeout_minutes).toBe(30);

    const put = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/general', headers: owner, payload: general });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual(general);
    const after = await t.app.inject({ method: 'GET', url: '/api/1.0/settings/general', headers: owner });
    expect(after.json().data).toEqual(general);
    const rows = await t.database.ownerExec(`SELECT title FROM platform_settings WHERE key = 'general'`);
    expect(rows[0]?.title).toBe('GENERAL');
  });

  it.each([
    ['app_name', ''],
    ['support_email', 'not-an-email'],
    ['default_language', 'fr'],
    ['idle_timeout_minutes', 0],
    ['idle_timeout_minutes', 2.5],
    ['signup_open', 'yes'],
    ['maintenance_banner', 'x'.repeat(501)],
  ])('refuses %s = %j with a 422 and writes nothing', async (field, value) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/general', headers: owner, payload: { ...general, app_name: 'Changed', [field]: value } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
    const now = await t.app.inject({ method: 'GET', url: '/api/1.0/settings/general', headers: owner });
    expect(now.json().data.app_name).toBe('Omnio Test');
  });

  it('refuses unknown fields and a missing body', async () => {
    const extra = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/general', headers: owner, payload: { ...general, theme: 'dark' } });
    expect(extra.statusCode).toBe(422);
    const empty = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/general', headers: owner, payload: {} });
    expect(empty.statusCode).toBe(422);
  });

  it('is the owner\'s: a tenant or supplier gets 403, nobody signed in 401', async () => {
    for (const h of [tenant, supplier]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/1.0/settings/general', headers: h })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/general', headers: h, payload: general })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/settings/general' })).statusCode).toBe(401);
  });

  it('publishes the non-secret part without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ app_name: 'Omnio Test', idle_timeout_minutes: 45, signup_open: false });
  });
});

describe('custom login', () => {
  it('saves texts, colours and a logo; the public page look needs no sign-in', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/login', headers: owner, payload: { ...login, logo: `data:image/png;base64,${PNG}` } });
    expect(put.statusCode).toBe(200);
    const saved = put.json().data;
    expect(saved).toMatchObject({ title: 'Welcome to Acme Cloud', primary_color: '#112233' });
    expect(saved.logo_url).toMatch(/^\/api\/custom-login\/logo\?v=[0-9a-f]{16}$/);
    expect(saved.background_image_url).toBeNull();

    const pub = await t.app.inject({ method: 'GET', url: '/api/custom-login' });
    expect(pub.statusCode).toBe(200);
    // Sign-up is closed in the general settings above, so the link is not offered whatever the login page says.
    expect(pub.json().data).toMatchObject({ title: 'Welcome to Acme Cloud', welcome_text: 'Sign in to continue', logo_url: saved.logo_url, show_signup_link: false, app_name: 'Omnio Test' });

    const image = await t.app.inject({ method: 'GET', url: saved.logo_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-login/background' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-login/other' })).statusCode).toBe(404);
  });

  it('keeps the logo when the body leaves it out, removes it on null', async () => {
    const keep = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/login', headers: owner, payload: { ...login, title: 'Kept logo' } });
    expect(keep.json().data.logo_url).not.toBeNull();
    const drop = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/login', headers: owner, payload: { ...login, logo: null } });
    expect(drop.json().data.logo_url).toBeNull();
    expect(await countRows(t, 'platform_images')).toBe(0);
  });

  it.each([
    ['primary_color', 'red'],
    ['background_color', '#12345'],
    ['title', 'x'.repeat(81)],
    ['welcome_text', 'x'.repeat(501)],
    ['logo', 'https://example.com/logo.png'],
    ['logo', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['logo', `data:image/png;base64,${'A'.repeat(400_000)}`],
    ['show_signup_link', 1],
  ])('refuses %s = %s… with a 422 and writes nothing', async (field, value) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/login', headers: owner, payload: { ...login, title: 'Should not stick', [field]: value } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    const pub = await t.app.inject({ method: 'GET', url: '/api/custom-login' });
    expect(pub.json().data.title).toBe('Welcome to Acme Cloud');
  });

  it('is the owner\'s to change', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/1.0/settings/login', headers: tenant, payload: login })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/settings/login', headers: tenant })).statusCode).toBe(403);
  });
});

describe('code snippets', () => {
  const js = { name: 'Mark the page', type: 'javascript', body: "document.documentElement.dataset.snippet = '1';", enabled: true, sort: 1 };
  const cdn = { name: 'Chat widget', type: 'cdn', body: 'https://cdn.chat.example/widget.js', enabled: true, sort: 2 };
  let jsId: string;
  let cdnId: string;

  const csp = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
  const scriptSrc = async () => (await csp()).split(';').find((d) => d.startsWith('script-src')) ?? '';

  it('the owner creates, lists, reads and edits them', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/1.0/code-snippets', headers: owner, payload: js });
    expect(a.statusCode).toBe(201);
    jsId = a.json().data.id;
    const b = await t.app.inject({ method: 'POST', url: '/api/1.0/code-snippets', headers: owner, payload: cdn });
    expect(b.statusCode).toBe(201);
    cdnId = b.json().data.id;
    const list = await t.app.inject({ method: 'GET', url: '/api/1.0/code-snippets', headers: owner });
    expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([jsId, cdnId]);
    expect(list.json().total).toBe(2);
    const one = await t.app.inject({ method: 'GET', url: `/api/1.0/code-snippets/${jsId}`, headers: owner });
    expect(one.json().data).toMatchObject({ ...js, id: jsId });
  });

  it.each([
    [{ ...cdn, body: 'http://cdn.chat.example/widget.js' }, 'body'],
    [{ ...cdn, body: 'not a url' }, 'body'],
    [{ ...cdn, body: 'https://user:pw@cdn.example/x.js' }, 'body'],
    [{ ...js, type: 'css' }, 'type'],
    [{ ...js, name: '' }, 'name'],
    [{ ...js, body: '' }, 'body'],
    [{ ...js, sort: -1 }, 'sort'],
  ])('refuses %j with a 422 on %s, writing nothing', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/code-snippets', headers: owner, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
    expect(await countRows(t, 'code_snippets')).toBe(2);
  });

  it('unknown and malformed ids are 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/code-snippets/00000000-0000-4000-8000-000000000000', headers: owner })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/1.0/code-snippets/nope', headers: owner, payload: js })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/1.0/code-snippets/nope', headers: owner })).statusCode).toBe(404);
  });

  it('a tenant cannot manage them (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/code-snippets', headers: tenant })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/1.0/code-snippets', headers: tenant, payload: js })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/1.0/code-snippets/${jsId}`, headers: supplier })).statusCode).toBe(403);
  });

  it('/codes-client answers the enabled items to any signed-in user, GET and POST', async () => {
    for (const [method, h] of [['GET', tenant], ['POST', supplier], ['GET', owner]] as const) {
      const res = await t.app.inject({ method, url: '/api/1.0/codes-client', headers: h });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ id: jsId, type: 'javascript', body: js.body }, { id: cdnId, type: 'cdn', body: cdn.body }]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/1.0/codes-client' })).statusCode).toBe(401);
  });

  it('serves an enabled javascript snippet as a script without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/codes/${jsId}.js` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.body).toBe(js.body);
    // A cdn snippet is loaded from its URL, never from here; unknown ids are not found.
    expect((await t.app.inject({ method: 'GET', url: `/api/codes/${cdnId}.js` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/codes/00000000-0000-4000-8000-000000000000.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/codes/nope.js' })).statusCode).toBe(404);
  });

  it('the CSP script-src carries an enabled cdn origin and drops it once disabled', async () => {
    expect(await scriptSrc()).toBe("script-src 'self' https://cdn.chat.example");
    const off = await t.app.inject({ method: 'PUT', url: `/api/1.0/code-snippets/${cdnId}`, headers: owner, payload: { ...cdn, enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(await scriptSrc()).toBe("script-src 'self'");
    const codes = await t.app.inject({ method: 'GET', url: '/api/1.0/codes-client', headers: tenant });
    expect(codes.json().data.map((c: { id: string }) => c.id)).toEqual([jsId]);
  });

  it('a disabled javascript snippet is no longer served or listed', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/1.0/code-snippets/${jsId}`, headers: owner, payload: { ...js, enabled: false } });
    expect((await t.app.inject({ method: 'GET', url: `/api/codes/${jsId}.js` })).statusCode).toBe(404);
    const codes = await t.app.inject({ method: 'GET', url: '/api/1.0/codes-client', headers: tenant });
    expect(codes.json().data).toEqual([]);
  });

  it('enabling it again brings the origin back', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/1.0/code-snippets/${cdnId}`, headers: owner, payload: cdn });
    expect(await scriptSrc()).toBe("script-src 'self' https://cdn.chat.example");
  });

  it('deleting removes it and its origin', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/1.0/code-snippets/${cdnId}`, headers: owner })).statusCode).toBe(204);
    expect(await scriptSrc()).toBe("script-src 'self'");
    expect(await countRows(t, 'code_snippets')).toBe(1);
  });
});

describe('general settings take effect', () => {
  const account = (n: string) => ({ company_name: `Lang Co ${n}`, name: 'Lena Lang', email: `lena.${n}@lang.test`, password: 'Omnio#Lang1', password_confirmation: 'Omnio#Lang1' });
  const put = (patch: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/1.0/settings/general', headers: owner, payload: { ...general, ...patch } });

  it('closed sign-up refuses a new company (403, nothing written); open lets it in', async () => {
    expect((await put({ signup_open: false })).statusCode).toBe(200);
    const companies = await countRows(t, 'companies');
    const closed = await t.app.inject({ method: 'POST', url: '/api/signup', payload: account('a') });
    expect(closed.statusCode).toBe(403);
    expect(await countRows(t, 'companies')).toBe(companies);
    expect((await put({ signup_open: true })).statusCode).toBe(200);
    const open = await t.app.inject({ method: 'POST', url: '/api/signup', payload: account('b') });
    expect(open.statusCode).toBe(201);
  });

  it('a user created without a language gets the default language; an explicit one wins', async () => {
    expect((await put({ signup_open: true, default_language: 'sp' })).statusCode).toBe(200);
    const signup = await t.app.inject({ method: 'POST', url: '/api/signup', payload: account('c') });
    expect(signup.statusCode).toBe(201);
    const [row] = await t.database.ownerExec(`SELECT language FROM users WHERE email = 'lena.c@lang.test'`);
    expect(row?.language).toBe('sp');
    const made = await t.app.inject({
      method: 'POST', url: '/api/1.0/users', headers: owner,
      payload: { name: 'Owen English', email: 'owen@lang.test', password: 'Omnio#Lang1', language: 'en', role: 'owner' },
    });
    expect(made.statusCode).toBe(201);
    const [owen] = await t.database.ownerExec(`SELECT language FROM users WHERE email = 'owen@lang.test'`);
    expect(owen?.language).toBe('en');
    const plain = await t.app.inject({
      method: 'POST', url: '/api/1.0/users', headers: owner,
      payload: { name: 'Paz Default', email: 'paz@lang.test', password: 'Omnio#Lang1', role: 'owner' },
    });
    expect(plain.statusCode).toBe(201);
    const [paz] = await t.database.ownerExec(`SELECT language FROM users WHERE email = 'paz@lang.test'`);
    expect(paz?.language).toBe('sp');
    expect((await put({ default_language: 'en' })).statusCode).toBe(200);
  });
});
