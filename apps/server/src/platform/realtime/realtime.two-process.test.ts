import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase, dropCloneWhenIdle, DEMO } from '../../test/test-app';
import { openDatabase, type Database } from '../db/client';
import { createNotifications } from '../../modules/notifications/notify';
import { publishRealtime, tenantChannel, userChannel } from './publish';
import { connectSocket, type TestSocket } from './realtime.test-client';

// Fan-out across API processes goes through PostgreSQL LISTEN/NOTIFY. PGlite is one embedded session inside
// one process by design (no second process can open it), so this test runs on PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const serverEntry = path.resolve(import.meta.dirname, '../../server.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(databaseUrl: string): Promise<{ url: string; proc: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(databaseUrl);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function startServerOnce(databaseUrl: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DB_POOL_SIZE: '5',
      LOG_LEVEL: 'error', JOB_WORKER: 'off', SEED_DEMO: 'false', LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return { url, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

describe.skipIf(!onPostgres)('realtime fan-out across two API processes (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let publisher: Database;
  const servers: { url: string; proc: ChildProcess }[] = [];
  const sockets: TestSocket[] = [];
  let token = '';
  let userId = '';
  let acme = '';

  beforeAll(async () => {
    clone = await cloneTestDatabase();
    // A third connection pool, as a separate worker process publishing from its jobs would have.
    publisher = await openDatabase({ databaseUrl: clone.url, dataDir: '', appRole: 'omnio_app', poolSize: 2 });
    servers.push(...(await Promise.all([startServer(clone.url!), startServer(clone.url!)])));
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
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => {
      if (s.proc.exitCode !== null) return resolve();
      s.proc.once('exit', () => resolve());
      s.proc.kill('SIGTERM');
    })));
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

  it('a notification committed by a third connection (a worker) reaches sockets on both processes; a rolled-back one never does', async () => {
    const [s1, s2] = [await connectTo(0), await connectTo(1)];
    await publisher.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('app.tenant_id', ${acme}, true)`);
        await createNotifications(tx, acme, [{ userId, type: 'orders.import', data: { title: 'Ghost', description: '', status: 'FAILED' } }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await publisher.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.tenant_id', ${acme}, true)`);
      await createNotifications(tx, acme, [{ userId, type: 'orders.import', data: { title: 'Import finished', description: '3 orders', status: 'COMPLETED' } }]);
      await publishRealtime(tx, [{ channel: tenantChannel(acme), event: 'company-event', data: { from: 'worker' } }]);
    });
    for (const s of [s1, s2]) {
      const n = (await s.next('notification-event')) as { data: { title: string } };
      expect(n.data.title).toBe('Import finished');
      expect(await s.next('company-event')).toEqual({ from: 'worker' });
      expect(s.received.filter((r) => r.event === 'notification-event')).toHaveLength(1);
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
