import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';
import { publishRealtime, userChannel, tenantChannel, MAX_REALTIME_MESSAGE_BYTES } from './publish';
import { connectSocket, type TestSocket } from './realtime.test-client';

/** Real sockets against a listening app (one process; the two-process fan-out is realtime.two-process.test.ts). */
describe('realtime: sockets, channels, broadcasting auth', () => {
  let t: TestApp;
  let baseUrl: string;
  const ids = { acme: '', globex: '', tenant: '', supplier: '', globexTenant: '', owner: '' };
  const open: TestSocket[] = [];

  const connect = async (token: string | undefined) => {
    const s = await connectSocket(baseUrl, token);
    open.push(s);
    return s;
  };
  const tokenOf = async (who: keyof typeof DEMO) => (await t.as(who)).authorization.slice('Bearer '.length);
  const publish = (messages: { channel: string; event: string; data: unknown }[]) =>
    t.database.db.transaction((tx) => publishRealtime(tx, messages));

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    const users = await t.database.ownerExec(`SELECT u.email, u.id, cu.company_id FROM users u LEFT JOIN company_users cu ON cu.user_id = u.id`);
    const byEmail = (email: string) => users.find((u) => u.email === email)!;
    ids.tenant = String(byEmail(DEMO.acmeTenant.email).id);
    ids.acme = String(byEmail(DEMO.acmeTenant.email).company_id);
    ids.supplier = String(byEmail(DEMO.acmeSupplier.email).id);
    ids.globexTenant = String(byEmail(DEMO.globexTenant.email).id);
    ids.globex = String(byEmail(DEMO.globexTenant.email).company_id);
    ids.owner = String(byEmail(DEMO.owner.email).id);
  }, 60_000);

  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('refuses a connection without a token or with a bad one', async () => {
    await expect(connectSocket(baseUrl, undefined)).rejects.toThrow('Unauthenticated.');
    await expect(connectSocket(baseUrl, 'not-a-token')).rejects.toThrow('Unauthenticated.');
  });

  it('joins only its own user and company channels, and receives nothing sent to the others', async () => {
    const s = await connect(await tokenOf('acmeTenant'));
    expect(await s.join(userChannel(ids.tenant))).toEqual({ ok: true, channel: userChannel(ids.tenant) });
    expect(await s.join(tenantChannel(ids.acme))).toEqual({ ok: true, channel: tenantChannel(ids.acme) });
    // Another user of the same company, another company's user, another company, nonsense.
    expect(await s.join(userChannel(ids.supplier))).toEqual({ ok: false, error: 'Forbidden.' });
    expect(await s.join(userChannel(ids.globexTenant))).toEqual({ ok: false, error: 'Forbidden.' });
    expect(await s.join(tenantChannel(ids.globex))).toEqual({ ok: false, error: 'Forbidden.' });
    expect(await s.join('Omnio.Other.x')).toEqual({ ok: false, error: 'Forbidden.' });
    expect(await s.join(42 as unknown as string)).toEqual({ ok: false, error: 'Invalid channel.' });

    await publish([
      { channel: userChannel(ids.supplier), event: 'leak-event', data: { to: 'supplier' } },
      { channel: userChannel(ids.globexTenant), event: 'leak-event', data: { to: 'globex user' } },
      { channel: tenantChannel(ids.globex), event: 'leak-event', data: { to: 'globex' } },
      { channel: userChannel(ids.tenant), event: 'mine-event', data: { n: 1 } },
      { channel: tenantChannel(ids.acme), event: 'company-event', data: { n: 2 } },
    ]);
    expect(await s.next('company-event')).toEqual({ n: 2 });
    expect(s.received).toEqual([{ event: 'mine-event', data: { n: 1 } }, { event: 'company-event', data: { n: 2 } }]);
  });

  it('gives a supplier user its own channel but not the company channel, and an owner outside a company no company channel', async () => {
    const supplier = await connect(await tokenOf('acmeSupplier'));
    expect((await supplier.join(userChannel(ids.supplier))).ok).toBe(true);
    expect(await supplier.join(tenantChannel(ids.acme))).toEqual({ ok: false, error: 'Forbidden.' });
    const owner = await connect(await tokenOf('owner'));
    expect((await owner.join(userChannel(ids.owner))).ok).toBe(true);
    expect(await owner.join(tenantChannel(ids.acme))).toEqual({ ok: false, error: 'Forbidden.' });
    expect(await owner.join(userChannel(ids.tenant))).toEqual({ ok: false, error: 'Forbidden.' });
  });

  it('POST /broadcasting/auth answers 200 for own channels, 403 for others, 401 without a token, 422 on bad input', async () => {
    const headers = await t.as('acmeTenant');
    const auth = (payload: unknown, h: Record<string, string> = headers) =>
      t.app.inject({ method: 'POST', url: '/api/1.0/broadcasting/auth', headers: h, payload: payload as object });
    const own = await auth({ channel_name: `private-${userChannel(ids.tenant)}`, socket_id: '123.456' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: { channel: userChannel(ids.tenant), authorized: true } });
    expect((await auth({ channel_name: tenantChannel(ids.acme) })).json()).toEqual({ data: { channel: tenantChannel(ids.acme), authorized: true } });
    for (const channel_name of [userChannel(ids.globexTenant), tenantChannel(ids.globex), userChannel(ids.supplier), 'presence-chat']) {
      const res = await auth({ channel_name });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission for this action' });
    }
    expect((await auth({ channel_name: tenantChannel(ids.acme) }, await t.as('acmeSupplier'))).statusCode).toBe(403);
    expect((await auth({ channel_name: userChannel(ids.tenant) }, {})).statusCode).toBe(401);
    const bad = await auth({ channel_name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('errors');
    expect((await auth({})).statusCode).toBe(422);
  });

  it('delivers user-preference-updated with the new preferences when they are saved, to every socket of the user', async () => {
    const token = await tokenOf('globexTenant');
    const [a, b] = [await connect(token), await connect(token)];
    await a.join(userChannel(ids.globexTenant));
    await b.join(userChannel(ids.globexTenant));
    const res = await t.app.inject({
      method: 'POST', url: '/api/1.0/preferences/update-or-create', headers: await t.as('globexTenant'),
      payload: { type: 'preferences', data: { preferences: { redirect: '/orders' }, version: 1 } },
    });
    expect(res.statusCode).toBe(200);
    const event = (await a.next('user-preference-updated')) as { preferences: Record<string, unknown> };
    expect(event.preferences.redirect).toBe('/orders');
    expect(event.preferences).toEqual(res.json().data);
    expect(await b.next('user-preference-updated')).toEqual(event);
  });

  it('receives nothing more from a channel it left', async () => {
    const s = await connect(await tokenOf('acmeTenant'));
    await s.join(userChannel(ids.tenant));
    await s.join(tenantChannel(ids.acme));
    expect(await s.socket.timeout(5_000).emitWithAck('unsubscribe', { channel: tenantChannel(ids.acme) })).toEqual({ ok: true, channel: tenantChannel(ids.acme) });
    await publish([
      { channel: tenantChannel(ids.acme), event: 'company-event', data: {} },
      { channel: userChannel(ids.tenant), event: 'mine-event', data: {} },
    ]);
    await s.next('mine-event');
    expect(s.received.map((r) => r.event)).toEqual(['mine-event']);
  });

  it('never delivers a publish whose transaction rolled back', async () => {
    const s = await connect(await tokenOf('acmeTenant'));
    await s.join(userChannel(ids.tenant));
    await expect(t.database.db.transaction(async (tx) => {
      await publishRealtime(tx, [{ channel: userChannel(ids.tenant), event: 'ghost-event', data: {} }]);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    await publish([{ channel: userChannel(ids.tenant), event: 'after-event', data: {} }]);
    await s.next('after-event');
    expect(s.received.map((r) => r.event)).toEqual(['after-event']);
  });

  it('delivers a message bigger than a NOTIFY payload intact, and refuses one above the limit loudly', async () => {
    const s = await connect(await tokenOf('acmeTenant'));
    await s.join(userChannel(ids.tenant));
    // Multi-byte text and quotes: the byte count, not the character count, is what PostgreSQL limits.
    const big = { text: 'ñ"€'.repeat(10_000), list: Array.from({ length: 500 }, (_, i) => ({ i })) };
    await publish([{ channel: userChannel(ids.tenant), event: 'big-event', data: big }]);
    expect(await s.next('big-event')).toEqual(big);
    await expect(publish([{ channel: userChannel(ids.tenant), event: 'huge-event', data: 'x'.repeat(MAX_REALTIME_MESSAGE_BYTES) }])).rejects.toThrow(/limit/);
  });

  it('stops a socket whose token is revoked (logout) from joining, and disconnects it', async () => {
    const { access_token } = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const s = await connect(access_token);
    expect((await s.join(userChannel(ids.tenant))).ok).toBe(true);
    const out = await t.app.inject({ method: 'POST', url: '/api/1.0/logout', headers: { authorization: `Bearer ${access_token}` }, payload: {} });
    expect(out.statusCode).toBe(204);
    expect(await s.join(tenantChannel(ids.acme))).toEqual({ ok: false, error: 'Unauthenticated.' });
    expect(await s.disconnected()).toBe('io server disconnect');
    await expect(connectSocket(baseUrl, access_token)).rejects.toThrow('Unauthenticated.');
  });

  it('disconnects a socket when its token expires', async () => {
    const { access_token } = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    await t.database.ownerExec(`UPDATE oauth_access_tokens SET expires_at = now() + interval '1500 milliseconds'
      WHERE id = (SELECT id FROM oauth_access_tokens ORDER BY created_at DESC LIMIT 1)`);
    const s = await connect(access_token);
    expect((await s.join(userChannel(ids.tenant))).ok).toBe(true);
    expect(await s.disconnected(5_000)).toBe('io server disconnect');
  });

  it('disconnects, at the next revalidation, a socket whose token was revoked behind its back', async () => {
    const { access_token } = await t.login(DEMO.acmeTenant.email, DEMO.acmeTenant.password);
    const s = await connect(access_token);
    expect((await s.join(userChannel(ids.tenant))).ok).toBe(true);
    // As another process would: straight in the database, no cache of this process cleared.
    await t.database.ownerExec(`UPDATE oauth_access_tokens SET revoked_at = now()
      WHERE id = (SELECT id FROM oauth_access_tokens ORDER BY created_at DESC LIMIT 1)`);
    expect(await s.disconnected(15_000)).toBe('io server disconnect');
  }, 20_000);
});

describe('realtime: handshakes are rate limited per address like HTTP requests', () => {
  it('refuses handshakes beyond RATE_LIMIT_PER_MINUTE with "Too many requests."', async () => {
    const t = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      for (let i = 0; i < 3; i++) await expect(connectSocket(url, 'bad-token')).rejects.toThrow('Unauthenticated.');
      await expect(connectSocket(url, 'bad-token')).rejects.toThrow('Too many requests.');
    } finally {
      await t.close();
    }
  }, 60_000);
});
