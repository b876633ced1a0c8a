/**
 * Realtime fan-out benchmark (issue 6): 1,000 notifications per second spread over 500 connected sockets,
 * target p99 delivery < 200 ms with every notification delivered.
 *
 *   npm run bench:realtime                       # 500 sockets, 1,000 notifications/s, 10 s
 *   npm run bench:realtime -- --sockets 500 --rate 1000 --seconds 10
 *
 * What one run does: a fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else local);
 * the real server as its own process (bench/lib/server.ts, job worker off so nothing else competes); 500
 * tenant users of the demo company Acme with an access token each (owner SQL, as bench/lib/dataset.ts does:
 * 500 argon2id sign-ins would take minutes); one socket.io client per user joined to its Omnio.User channel.
 * A publisher with its own connection pool — as a job worker would be — creates real notifications with
 * createNotifications (insert + pg_notify in one tenant transaction; by default 50 per transaction, 20
 * transactions a second, as a job finishing a batch would), each carrying the time its transaction was
 * started; every socket records receipt time minus that time, so the figure includes the publishing
 * transaction itself (reported apart as transaction_ms).
 * Exits 1 when the target is missed, 2 on an error. Writes bench/results/realtime-fanout-<date>.json.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { adminUrlFromEnv, createBenchDatabase, redact, type BenchDatabase } from '../lib/database';
import { startServer, type RunningServer } from '../lib/server';
import { RESULTS_DIR, environment } from '../lib/report';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/client';
import { createNotifications } from '../../apps/server/src/modules/notifications/notify';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '500' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    'per-tx': { type: 'string', default: '50' },
    pool: { type: 'string', default: '10' },
  },
});
const SOCKETS = Number(args.sockets);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PER_TX = Number(args['per-tx']);
const POOL = Number(args.pool);
const TARGET_P99_MS = 200;

interface Client {
  userId: string;
  token: string;
  socket?: Socket;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const round = (n: number) => Math.round(n * 10) / 10;

async function createUsers(db: BenchDatabase, count: number): Promise<{ acme: string; clients: Client[] }> {
  const [acmeRow] = await db.query(`SELECT id FROM companies WHERE name = 'Acme Outfitters'`);
  const acme = String(acmeRow!.id);
  const rows = await db.query(`
    INSERT INTO users (name, email, password_hash, language)
    SELECT 'Realtime User ' || g, 'rt-user-' || g || '@bench.test', (SELECT password_hash FROM users WHERE email = 'tenant@acme.test'), 'en'
    FROM generate_series(1, $1::int) g RETURNING id`, [count]);
  const ids = rows.map((r) => String(r.id));
  await db.query(`INSERT INTO user_roles (user_id, role, position) SELECT unnest($1::uuid[]), 'tenant', 0`, [ids]);
  await db.query(`INSERT INTO company_users (company_id, user_id) SELECT $1::uuid, unnest($2::uuid[])`, [acme, ids]);
  const clients = ids.map((userId) => ({ userId, token: randomBytes(32).toString('hex') }));
  await db.query(`
    INSERT INTO oauth_access_tokens (token_hash, client_id, user_id, company_id, expires_at)
    SELECT h, 'omnio-web', u, $3::uuid, now() + interval '2 hours' FROM unnest($1::text[], $2::uuid[]) AS x(h, u)`,
  [clients.map((c) => createHash('sha256').update(c.token).digest('hex')), ids, acme]);
  return { acme, clients };
}

/** Connects every client (a few at a time, as browsers arriving) and joins its user channel. */
async function connectAll(baseUrl: string, clients: Client[], onNotification: (data: unknown) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < clients.length) {
      const client = clients[next++]!;
      const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token: client.token }, reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = (await socket.timeout(10_000).emitWithAck('subscribe', { channel: `Omnio.User.${client.userId}` })) as { ok: boolean };
      if (!ack.ok) throw new Error(`join refused for ${client.userId}`);
      socket.on('notification-event', onNotification);
      client.socket = socket;
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

async function main(): Promise<number> {
  const adminUrl = adminUrlFromEnv();
  console.log(`realtime-fanout: ${SOCKETS} sockets, ${RATE} notifications/s for ${SECONDS} s, ${PER_TX} per transaction, on ${redact(adminUrl)}`);
  let db: BenchDatabase | undefined;
  let server: RunningServer | undefined;
  let publisher: Database | undefined;
  const clients: Client[] = [];
  try {
    db = await createBenchDatabase(adminUrl);
    server = await startServer({ databaseUrl: db.url, poolSize: POOL, env: { JOB_WORKER: 'off' } });
    const made = await createUsers(db, SOCKETS);
    clients.push(...made.clients);

    const latencies: number[] = [];
    const receipts: { batch: number; at: number }[] = [];
    let delivered = 0;
    await connectAll(server.baseUrl, clients, (data) => {
      const params = (data as { data?: { params?: { sent_at?: number; batch?: number } } }).data?.params;
      const now = Date.now();
      delivered += 1;
      latencies.push(now - Number(params?.sent_at));
      receipts.push({ batch: Number(params?.batch), at: now });
    });
    console.log(`connected and joined: ${clients.length} sockets`);

    publisher = await openDatabase({ databaseUrl: db.url, dataDir: '', appRole: 'omnio_app', poolSize: POOL });
    const pub = publisher;
    let published = 0;
    let committed = 0;
    let failed = 0;
    let inFlight = 0;
    let userCursor = 0;
    const txMs: number[] = [];
    // When each batch's COMMIT was acknowledged to the publisher: receipt minus this is the fan-out part.
    const committedAt = new Map<number, number>();
    let batchNo = 0;
    const started = Date.now();
    const totalToSend = RATE * SECONDS;
    // Each tick sends what the clock says is due, so a slow tick is caught up rather than lost.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.min(totalToSend, Math.floor(((Date.now() - started) / 1000) * RATE));
        while (published < due) {
          const batch = Math.min(PER_TX, due - published);
          const thisBatch = batchNo++;
          published += batch;
          const inputs = Array.from({ length: batch }, () => {
            const client = clients[userCursor++ % clients.length]!;
            return { userId: client.userId, type: 'bench.fanout', data: { title: 'Fan-out', description: '', status: 'COMPLETED' as const, params: { sent_at: Date.now(), batch: thisBatch } } };
          });
          inFlight += 1;
          const txStarted = Date.now();
          void pub.db
            .transaction(async (tx) => {
              await tx.execute(sql`SELECT set_config('app.tenant_id', ${made.acme}, true)`);
              await createNotifications(tx, made.acme, inputs);
            })
            .then(() => {
              committed += batch;
              committedAt.set(thisBatch, Date.now());
              txMs.push(Date.now() - txStarted);
            }, (err: Error) => {
              failed += batch;
              if (failed <= batch) console.error(`publish failed: ${err.message}`);
            })
            .finally(() => (inFlight -= 1));
        }
        if (published >= totalToSend) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    const publishSeconds = (Date.now() - started) / 1000;
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
    // Stragglers: give the last commits time to arrive.
    const waitUntil = Date.now() + 3_000;
    while (delivered < committed && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));

    const sorted = [...latencies].sort((a, b) => a - b);
    const txSorted = [...txMs].sort((a, b) => a - b);
    // Negative when a socket got the message before the publisher got the COMMIT acknowledgement: counted as 0.
    const afterCommit = receipts.map((r) => Math.max(0, r.at - (committedAt.get(r.batch) ?? r.at))).sort((a, b) => a - b);
    const result = {
      sockets: clients.length,
      published_per_s: round(committed / publishSeconds),
      committed,
      failed,
      delivered,
      // Start of the publishing transaction to its commit: the part of the latency spent in PostgreSQL.
      transaction_ms: { p50: percentile(txSorted, 50), p99: percentile(txSorted, 99) },
      // COMMIT acknowledged to receipt on the socket: the relay and socket.io part alone.
      after_commit_ms: { p50: percentile(afterCommit, 50), p99: percentile(afterCommit, 99) },
      latency_ms: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN },
    };
    const failures: string[] = [];
    if (failed > 0) failures.push(`${failed} notifications failed to publish`);
    if (delivered !== committed) failures.push(`delivered ${delivered} of ${committed}`);
    if (!(result.latency_ms.p99 < TARGET_P99_MS)) failures.push(`p99 ${result.latency_ms.p99} ms >= ${TARGET_P99_MS} ms`);
    if (result.published_per_s < RATE * 0.95) failures.push(`published ${result.published_per_s}/s < ${RATE}/s`);
    const date = new Date().toISOString();
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `realtime-fanout-${date.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify({ scenario: 'realtime-fanout', date, passed: failures.length === 0, failures, target: { p99_ms: TARGET_P99_MS, rate: RATE, all_delivered: true }, settings: { sockets: SOCKETS, rate: RATE, seconds: SECONDS, per_tx: PER_TX, pool: POOL, loadavg: os.loadavg() }, result, environment: environment() }, null, 2)}\n`);
    console.log(
      `realtime-fanout: ${result.published_per_s} notifications/s to ${result.sockets} sockets for ${SECONDS} s, delivered ${delivered}/${committed}, ` +
        `latency p50 ${result.latency_ms.p50} ms, p95 ${result.latency_ms.p95} ms, p99 ${result.latency_ms.p99} ms, max ${result.latency_ms.max} ms (publishing transaction p50 ${result.transaction_ms.p50} ms, p99 ${result.transaction_ms.p99} ms; ` +
        `after commit p50 ${result.after_commit_ms.p50} ms, p99 ${result.after_commit_ms.p99} ms; load average ${os.loadavg()[0]!.toFixed(1)}) ` +
        `-> ${failures.length ? `FAIL (${failures.join('; ')})` : 'PASS'} [target p99 < ${TARGET_P99_MS} ms, all delivered] (${path.relative(process.cwd(), file)})`,
    );
    return failures.length ? 1 : 0;
  } finally {
    for (const c of clients) c.socket?.close();
    await publisher?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await db?.drop().catch(() => {});
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`realtime-fanout: error: ${err.stack ?? err.message}`);
    process.exit(2);
  },
);
