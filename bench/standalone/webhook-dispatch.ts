/**
 * Webhook dispatcher throughput (`npm run bench:webhooks`): a fresh PostgreSQL database, the real server as
 * its own process (its background work runs the dispatcher, as production does), a local receiver
 * (node:http, answers 200 at once) and N deliveries queued in one statement. Measures deliveries/s end to
 * end — from the moment the deliveries are committed to the moment the last one is marked delivered — and
 * checks the receiver got each delivery exactly once. Target: ≥ 500 deliveries/s.
 *
 *   npm run bench:webhooks -- --deliveries 20000 --subscriptions 4 --pool 10
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { adminUrlFromEnv, createBenchDatabase, redact } from '../lib/database';
import { startServer } from '../lib/server';

const { values } = parseArgs({
  options: {
    deliveries: { type: 'string', default: '20000' },
    subscriptions: { type: 'string', default: '4' },
    pool: { type: 'string', default: '10' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const N = Number(values.deliveries);
const SUBS = Number(values.subscriptions);
const TARGET = 500;

async function main(): Promise<void> {
  const adminUrl = adminUrlFromEnv();
  const seen = new Map<string, number>();
  let firstAt = 0;
  let lastAt = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['x-omnio-delivery']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const now = performance.now();
      if (!firstAt) firstAt = now;
      lastAt = now;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  const db = await createBenchDatabase(adminUrl);
  console.log(`database ${db.name} on ${redact(adminUrl)} (PostgreSQL ${db.serverVersion}, autovacuum ${db.autovacuum})`);
  const server = await startServer({
    databaseUrl: db.url,
    poolSize: Number(values.pool),
    // The receiver is on loopback: the operator switch lets webhooks reach it.
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_SECONDS: '10' },
  });
  try {
    const [company] = await db.query(`SELECT id FROM companies WHERE name = 'Acme Outfitters'`);
    const tenantId = String(company!.id);
    await db.query(`
      INSERT INTO webhook_subscriptions (tenant_id, address, topic, secret, secret_hint)
      SELECT $1::uuid, 'http://127.0.0.1:${port}/hook/' || g, 'order.*', 'whsec_bench_' || g, right('whsec_bench_' || g, 4)
      FROM generate_series(1, $2::int) g`, [tenantId, SUBS]);
    const payload = JSON.stringify({ id: '00000000-0000-0000-0000-000000000000', topic: 'order.created', created_at: new Date().toISOString(),
      data: { id: '00000000-0000-0000-0000-000000000001', type: 'order', action: 'create', from: null, to: 'open', user_id: null, details: { channel: 'manual' } } });
    const started = performance.now();
    // One statement: the dispatcher sees all N at once (it polls every 0.5 s when idle).
    await db.query(`
      INSERT INTO webhook_deliveries (tenant_id, subscription_id, topic, payload)
      SELECT $1::uuid, s.id, 'order.created', $2::jsonb
      FROM generate_series(1, $3::int) g
      JOIN LATERAL (SELECT id FROM webhook_subscriptions WHERE tenant_id = $1::uuid ORDER BY address OFFSET (g % $4::int) LIMIT 1) s ON true`,
    [tenantId, payload, N, SUBS]);
    const queuedMs = performance.now() - started;
    const t0 = performance.now();
    const deadline = Date.now() + 10 * 60_000;
    let delivered = 0;
    while (Date.now() < deadline) {
      const [row] = await db.query(`SELECT count(*) FILTER (WHERE status = 'delivered')::int AS ok, count(*) FILTER (WHERE status IN ('failed','retrying'))::int AS bad FROM webhook_deliveries`);
      delivered = Number(row!.ok);
      if (Number(row!.bad) > 0) throw new Error(`${String(row!.bad)} deliveries failed or retrying`);
      if (delivered >= N) break;
      if (server.exit()) throw new Error(`server exited\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const totalMs = performance.now() - t0;
    const receivedOnce = [...seen.values()].filter((n) => n === 1).length;
    const duplicates = [...seen.values()].filter((n) => n > 1).length;
    const rate = delivered / (totalMs / 1000);
    const receiverRate = seen.size / ((lastAt - firstAt) / 1000);
    const [lat] = await db.query(`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99 FROM webhook_deliveries`);
    console.log(`command: npm run bench:webhooks -- --deliveries ${N} --subscriptions ${SUBS} --pool ${values.pool}`);
    console.log(`queued ${N} deliveries in ${queuedMs.toFixed(0)} ms over ${SUBS} subscriptions`);
    console.log(`delivered ${delivered}/${N} in ${(totalMs / 1000).toFixed(2)} s (commit → last marked delivered): ${rate.toFixed(0)} deliveries/s`);
    console.log(`receiver: ${seen.size} distinct deliveries, ${receivedOnce} exactly once, ${duplicates} duplicated; first → last receipt ${receiverRate.toFixed(0)}/s`);
    console.log(`request latency (recorded by the dispatcher): p50 ${Number(lat!.p50).toFixed(1)} ms, p99 ${Number(lat!.p99).toFixed(1)} ms`);
    const pass = delivered === N && seen.size === N && duplicates === 0 && rate >= TARGET;
    console.log(`${pass ? 'PASS' : 'FAIL'} webhook-dispatch: ${rate.toFixed(0)} deliveries/s (target ≥ ${TARGET}/s)`);
    if (!pass) process.exitCode = 1;
  } finally {
    await server.stop();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    if (!values['keep-db']) await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
