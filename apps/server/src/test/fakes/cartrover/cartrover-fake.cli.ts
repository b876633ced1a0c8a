/**
 * Runs the CartRover fake as its own process, for browser tests and benchmarks that drive it over HTTP
 * (`/__fake/*`, see README.md):
 *
 *   tsx apps/server/src/test/fakes/cartrover/cartrover-fake.cli.ts --port 0 [--user X] [--key X] [--seed-orders N] [--seed-skus A,B]
 *
 * Prints one JSON line (`{"url": …}`) on stdout once listening, so the parent can read the port it got;
 * stops on SIGTERM / SIGINT.
 */
import { parseArgs } from 'node:util';
import { startCartRoverFake } from './cartrover-fake';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    user: { type: 'string' },
    key: { type: 'string' },
    'cart-user': { type: 'string' },
    'cart-key': { type: 'string' },
    'seed-orders': { type: 'string' },
    'seed-skus': { type: 'string' },
    'bucket-size': { type: 'string' },
    'refill-ms': { type: 'string' },
  },
  strict: true,
});

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${value}`);
  return n;
}

const size = numberOption('bucket-size', values['bucket-size']);
const refillMs = numberOption('refill-ms', values['refill-ms']);
const fake = await startCartRoverFake({
  port: numberOption('port', values.port),
  host: values.host,
  merchantUser: values.user,
  merchantKey: values.key,
  cartUser: values['cart-user'],
  cartKey: values['cart-key'],
  bucket: size !== undefined || refillMs !== undefined ? { size: size ?? 100, refillMs: refillMs ?? 600 } : undefined,
});

// Seeded SKUs are the merchant's products (so stock updates for them are taken) and the seeded orders' lines.
const skus = values['seed-skus']?.split(',').map((s) => s.trim()).filter(Boolean);
for (const sku of skus ?? []) fake.addProduct(sku);
const orders = numberOption('seed-orders', values['seed-orders']);
if (orders) fake.seedOrders(orders, skus?.length ? skus : undefined);

// stdout carries exactly this one line (the parent parses it); diagnostics go to stderr.
process.stdout.write(`${JSON.stringify({ url: fake.url, apiUser: fake.merchantUser, apiKey: fake.merchantKey, cartUser: fake.cartUser, cartKey: fake.cartKey })}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`cartrover fake: error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
