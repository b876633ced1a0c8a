import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES, requiredTokenScope } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { poKit, type Headers, type Method, type PoKit } from '../purchase-orders/purchase-orders.test-kit';

/** Spec 3 API access tokens: shown once, hashed, scoped, revoked at once, rate limited per token. */

let k: PoKit;
beforeAll(async () => {
  k = await poKit();
});
afterAll(() => k.close());

interface Created { id: string; name: string; scopes: string[]; token: string; token_hint: string }
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const create = async (scopes: string[], who: Headers = k.acme, name = 'CI export') =>
  (await k.ok<{ data: Created }>(201, 'POST', '/access-tokens', who, { name, scopes })).data;

const NIL = '00000000-0000-4000-8000-000000000000';

describe('/access-tokens', () => {
  it('creates a token shown once, stores only its hash, lists it without the token', async () => {
    const made = await create(['orders.read', 'products.write']);
    expect(made).toMatchObject({ name: 'CI export', scopes: ['orders.read', 'products.write'] });
    expect(made.token).toMatch(/^omnio_pat_[A-Za-z0-9_-]{40,}$/);
    expect(made.token.startsWith(made.token_hint)).toBe(true);
    const [row] = await k.sql(`SELECT token_hash, kind, scopes FROM oauth_access_tokens WHERE id = '${made.id}'`);
    expect(row).toMatchObject({ kind: 'personal', scopes: 'orders.read products.write', token_hash: createHash('sha256').update(made.token).digest('hex') });
    const all = await k.sql(`SELECT * FROM oauth_access_tokens WHERE id = '${made.id}'`);
    expect(JSON.stringify(all)).not.toContain(made.token);

    const list = await k.ok<{ data: Record<string, unknown>[]; total: number }>(200, 'GET', '/access-tokens', k.acme);
    const item = list.data.find((t) => t.id === made.id)!;
    expect(item).toMatchObject({ name: 'CI export', token_hint: made.token_hint, revoked_at: null, last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(made.token);
    expect(item).not.toHaveProperty('token');
    expect((await k.ok<{ data: Record<string, unknown> }>(200, 'GET', `/access-tokens/${made.id}`, k.acme)).data).not.toHaveProperty('token');

    // It works as a Bearer token, and its use is recorded.
    await k.ok(200, 'GET', '/orders', bearer(made.token));
    await expect.poll(async () => (await k.ok<{ data: { last_used_at: string | null } }>(200, 'GET', `/access-tokens/${made.id}`, k.acme)).data.last_used_at).not.toBeNull();
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await countRows(k.t, 'oauth_access_tokens');
    for (const bad of [
      { name: 'x', scopes: ['orders.delete'] }, { name: 'x', scopes: ['orders.remove'] }, { name: 'x', scopes: ['customers.read'] },
      { name: 'x', scopes: [] }, { name: '', scopes: ['orders.read'] }, { name: 'x' }, { scopes: ['orders.read'] },
      { name: 'x', scopes: 'orders.read' }, { name: 'x'.repeat(101), scopes: ['orders.read'] }, { name: 'x', scopes: ['orders.read'], extra: 1 },
    ]) {
      const r = await k.api('POST', '/access-tokens', k.acme, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json()).toHaveProperty('errors');
    }
    expect(await countRows(k.t, 'oauth_access_tokens')).toBe(before);
  });

  it('a token cannot create, list or revoke tokens (403)', async () => {
    const made = await create([...TOKEN_SCOPES]);
    const before = await countRows(k.t, 'oauth_access_tokens');
    expect((await k.api('POST', '/access-tokens', bearer(made.token), { name: 'child', scopes: ['orders.read'] })).statusCode).toBe(403);
    expect((await k.api('GET', '/access-tokens', bearer(made.token))).statusCode).toBe(403);
    expect((await k.api('POST', `/access-tokens/${made.id}/revoke`, bearer(made.token))).statusCode).toBe(403);
    expect(await countRows(k.t, 'oauth_access_tokens')).toBe(before);
  });

  it("only the token's owner sees and revokes it: another user's or company's token is 404", async () => {
    const mine = await create(['orders.read']);
    for (const other of [k.globex]) {
      expect((await k.api('GET', `/access-tokens/${mine.id}`, other)).statusCode).toBe(404);
      expect((await k.api('POST', `/access-tokens/${mine.id}/revoke`, other)).statusCode).toBe(404);
      expect((await k.api('DELETE', `/access-tokens/${mine.id}`, other)).statusCode).toBe(404);
      const list = await k.ok<{ data: { id: string }[] }>(200, 'GET', '/access-tokens', other);
      expect(list.data.map((t) => t.id)).not.toContain(mine.id);
    }
    expect((await k.api('POST', `/access-tokens/${NIL}/revoke`, k.acme)).statusCode).toBe(404);
    expect((await k.api('POST', '/access-tokens/not-an-id/revoke', k.acme)).statusCode).toBe(404);
    // Still working: nobody else could touch it.
    await k.ok(200, 'GET', '/orders', bearer(mine.token));
  });

  it('needs the access-token permissions (a supplier user is 403)', async () => {
    expect((await k.api('GET', '/access-tokens', k.supplier)).statusCode).toBe(403);
    expect((await k.api('POST', '/access-tokens', k.supplier, { name: 'x', scopes: ['orders.read'] })).statusCode).toBe(403);
    expect((await k.api('GET', '/access-tokens', {})).statusCode).toBe(401);
  });

  it('a token revoked mid-use stops at the very next request (401), and so does a deleted one', async () => {
    const made = await create(['orders.read']);
    for (let i = 0; i < 3; i++) await k.ok(200, 'GET', '/orders', bearer(made.token));
    const revoked = (await k.ok<{ data: { revoked_at: string | null } }>(200, 'POST', `/access-tokens/${made.id}/revoke`, k.acme)).data;
    expect(revoked.revoked_at).not.toBeNull();
    const after = await k.api('GET', '/orders', bearer(made.token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });

    const other = await create(['orders.read']);
    await k.ok(200, 'GET', '/orders', bearer(other.token));
    await k.ok(204, 'DELETE', `/access-tokens/${other.id}`, k.acme);
    expect((await k.api('GET', '/orders', bearer(other.token))).statusCode).toBe(401);
    expect((await k.api('GET', `/access-tokens/${other.id}`, k.acme)).statusCode).toBe(404);
  });

  it("acts as its user: the user's own permissions still apply, and in the token's company", async () => {
    const made = await create(['orders.read', 'products.read']);
    // Acme's data, not Globex's: the token works in the company it was created in.
    const info = await k.ok<{ data: { company: { id: string } } }>(200, 'GET', '/users/information?include=company', bearer(made.token));
    expect(info.data.company.id).toBe(k.acmeId);
    // Take read-order away from the user: the scope alone does not open the route.
    const [user] = await k.sql(`SELECT id FROM users WHERE email = 'tenant@acme.test'`);
    await k.sql(`DELETE FROM user_permissions WHERE user_id = '${String(user!.id)}' AND permission_id = (SELECT id FROM permissions WHERE name = 'read-order')`);
    try {
      expect((await k.api('GET', '/orders', bearer(made.token))).statusCode).toBe(403);
      expect((await k.api('GET', '/products', bearer(made.token))).statusCode).toBe(200);
    } finally {
      await k.sql(`INSERT INTO user_permissions (user_id, permission_id) SELECT '${String(user!.id)}', id FROM permissions WHERE name = 'read-order'`);
    }
  });
});

/** One route per resource and level, and routes no scope opens. */
const PROBES: { method: Method; url: (k: PoKit) => string; body?: object }[] = [
  { method: 'GET', url: () => '/orders' },
  { method: 'POST', url: () => '/orders', body: {} },
  { method: 'POST', url: () => `/orders/${NIL}/cancel` },
  { method: 'GET', url: () => '/customers' },
  { method: 'GET', url: () => '/products' },
  { method: 'POST', url: () => '/products', body: {} },
  { method: 'DELETE', url: () => `/skus/${NIL}` },
  { method: 'GET', url: () => '/brands' },
  { method: 'GET', url: () => '/inventory' },
  { method: 'POST', url: () => '/inventory/adjustments', body: {} },
  { method: 'DELETE', url: (k) => `/tenants/${k.acmeId}/ilocs/${NIL}` },
  { method: 'GET', url: () => '/purchase-orders' },
  { method: 'POST', url: () => '/purchase-orders', body: {} },
  { method: 'DELETE', url: () => `/purchase-orders/${NIL}` },
  { method: 'GET', url: () => '/suppliers' },
  { method: 'GET', url: () => '/transfers' },
  { method: 'POST', url: () => '/transfers', body: {} },
  { method: 'DELETE', url: () => `/transfers/${NIL}` },
  { method: 'GET', url: () => '/shipments' },
  { method: 'POST', url: () => `/orders/${NIL}/shipments`, body: {} },
  { method: 'GET', url: () => '/supply-shipments' },
];
/** Routes no scope opens: settings, users, webhooks, processes, jobs listing. */
const CLOSED: { method: Method; url: string; body?: object }[] = [
  { method: 'GET', url: '/users' },
  { method: 'GET', url: '/mail-configuration' },
  { method: 'GET', url: '/processes' },
  { method: 'POST', url: '/preferences/update-or-create', body: {} },
  { method: 'POST', url: '/logout' },
  { method: 'GET', url: '/session/companies' },
];

/** The registered pattern of a probe's URL, as requireSignIn sees it. */
const patternOf = (url: string) => url.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id').replace(/^\/tenants\/:id/, '/tenants/:tenantId');

describe('scope enforcement', () => {
  it('every scope opens exactly its routes: allowed for its own resource and level, 403 for every other', async () => {
    const tokens = new Map<string, string>();
    for (const scope of TOKEN_SCOPES) tokens.set(scope, (await create([scope], k.acme, `only ${scope}`)).token);
    // Every resource and level is probed at least once.
    const probed = new Set(PROBES.map((p) => requiredTokenScope(p.method, patternOf(p.url(k)))));
    expect([...probed].sort()).toEqual([...TOKEN_SCOPES].sort());
    for (const probe of PROBES) {
      const url = probe.url(k);
      const needed = requiredTokenScope(probe.method, patternOf(url));
      for (const [scope, token] of tokens) {
        const res = await k.api(probe.method, url, bearer(token), probe.body);
        const label = `${scope} → ${probe.method} ${url}: ${res.body.slice(0, 200)}`;
        if (scope === needed) expect(res.statusCode, label).not.toBe(403);
        else expect(res.statusCode, label).toBe(403);
        if (res.statusCode === 403) expect(res.json(), label).toEqual({ message: 'You do not have permission for this action' });
      }
    }
  });

  it('a token with every scope is still refused routes outside the scope map, but may ask who it is and read jobs', async () => {
    const all = await create([...TOKEN_SCOPES]);
    for (const c of CLOSED) expect((await k.api(c.method, c.url, bearer(all.token), c.body)).statusCode, `${c.method} ${c.url}`).toBe(403);
    // The same routes are open to the user's session.
    expect((await k.api('GET', '/processes', k.acme)).statusCode).toBe(200);
    expect((await k.api('GET', '/users/information', bearer(all.token))).statusCode).toBe(200);
    expect((await k.api('GET', `/jobs/${NIL}`, bearer(all.token))).statusCode).toBe(404);
    const readOnly = await create(['orders.read']);
    expect((await k.api('GET', `/jobs/${NIL}`, bearer(readOnly.token))).statusCode).toBe(404);
  });
});

describe('rate limit per token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ tokenRateLimitPerMinute: 5 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, and other tokens are unaffected', async () => {
    const session = await t.as('acmeTenant');
    const make = async (name: string) => {
      const r = await t.app.inject({ method: 'POST', url: '/api/1.0/access-tokens', headers: session, payload: { name, scopes: ['orders.read'] } });
      expect(r.statusCode).toBe(201);
      return (r.json() as { data: Created }).data.token;
    };
    const [a, b] = [await make('a'), await make('b')];
    const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/1.0/orders', headers: bearer(token) });
    for (let i = 0; i < 5; i++) expect((await get(a)).statusCode).toBe(200);
    const limited = await get(a);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toHaveProperty('message');
    expect((await get(b)).statusCode).toBe(200);
    // The session is not a personal token: not limited by it.
    for (let i = 0; i < 7; i++) expect((await t.app.inject({ method: 'GET', url: '/api/1.0/orders', headers: session })).statusCode).toBe(200);
  });
});
