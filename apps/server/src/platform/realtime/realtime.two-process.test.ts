import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle, DEMO } from '../../test/test-app';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process';
import { openDatabase, type Database } from '../db/client';
import { publishRealtime, tenantChannel, userChannel } from './publish';
import { connectSocket, type TestSocket } from './realtime.test-client';

// Fan-out across API processes goes through PostgreSQL LISTEN/NOTIFY. PGlite is one embedded session inside
// one process by design (no second process can open it), so this test runs on PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('realtime fan-out across two API processes (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let publisher: Database;
  const servers: ServerProcess[] = [];
  const sockets: TestSocket[] = [];
  let token = '';
  let userId = '';
  let acme = '';

  beforeAll(async () => {
    clone = await cloneTestDatabase();
    // A third connection pool, as a separate worker process publishing from its jobs would have.
    publisher = await openDatabase({ databaseUrl: clone.url, dataDir: '', appRole: 'omnio_app', poolSize: 2 });
    servers.push(...(await Promise.all([startServerProcess(clone.url!), startServerProcess(clone.url!)])));
    const login = await fetch(`${servers[0]!.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: DEMO.acmeTenant.email, password: DEMO.acmeTenant.password, client_id: 'omnio-web', client_secret: 'omnio-web-secret', scopes: '*' }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    const [row] = await clone.database.ownerExec(`SELECT u.id, cu.company_id FROM users u JOIN company_users cu ON cu.user_id = u.id WHERE u.email = '${DEMO.acmeTenant.email}'`);
    userId = String(row!.id);
    acme = String(row!.company_id);
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await stopServerProcesses(servers);
    await publisher?.close();
    await clone?.database.close();
    if (clone) await dropCloneWhenIdle(clone);
  }, 60_000);

  const connectTo = async (server: number) => {
    const s = await connectSocket(servers[server]!.url, token);
    sockets.push(s);
    expect((await s.join(userChannel(userId))).ok).toBe(true);
    expect((await s.join(tenantChannel(acme))).ok).toBe(true);
    return s;
  };

  it('a preference saved through process 2 reaches a socket connected to process 1', async () => {
    const s1 = await connectTo(0);
    const res = await fetch(`${servers[1]!.url}/api/1.0/preferences/update-or-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'preferences', data: { preferences: { redirect: '/inventory' }, version: 1 } }),
    });
    expect(res.status).toBe(200);
    const event = (await s1.next('user-preference-updated')) as { preferences: { redirect: string } };
    expect(event.preferences.redirect).toBe('/inventory');
  });

  it("a user's message committed by a third connection (a worker) reaches sockets on both processes; a rolled-back one never does", async () => {
    const [s1, s2] = [await connectTo(0), await connectTo(1)];
    await expect(publisher.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.tenant_id', ${acme}, true)`);
      await publishRealtime(tx, [{ channel: userChannel(userId), event: 'import-event', data: { title: 'Ghost' } }]);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    await publisher.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.tenant_id', ${acme}, true)`);
      await publishRealtime(tx, [{ channel: userChannel(userId), event: 'import-event', data: { title: 'Import finished' } }]);
      await publishRealtime(tx, [{ channel: tenantChannel(acme), event: 'company-event', data: { from: 'worker' } }]);
    });
    for (const s of [s1, s2]) {
      expect(await s.next('import-event')).toEqual({ title: 'Import finished' });
      expect(await s.next('company-event')).toEqual({ from: 'worker' });
      expect(s.received.filter((r) => r.event === 'import-event')).toHaveLength(1);
    }
  });

  it('a socket on one process cannot join another company even though the event is published from the other process', async () => {
    const s = await connectSocket(servers[0]!.url, token);
    sockets.push(s);
    const [globex] = await clone.database.ownerExec(`SELECT id FROM companies WHERE name = 'Globex Retail'`);
    expect(await s.join(tenantChannel(String(globex!.id)))).toEqual({ ok: false, error: 'Forbidden.' });
    expect((await s.join(userChannel(userId))).ok).toBe(true);
    await publisher.db.transaction((tx) => publishRealtime(tx, [
      { channel: tenantChannel(String(globex!.id)), event: 'leak-event', data: {} },
      { channel: userChannel(userId), event: 'marker-event', data: {} },
    ]));
    // Messages of one commit arrive in order: once the marker is here, the leak would have been too.
    await s.next('marker-event');
    expect(s.received.map((r) => r.event)).toEqual(['marker-event']);
  });
});
