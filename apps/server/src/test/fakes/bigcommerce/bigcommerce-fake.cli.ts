/**
 * Runs the BigCommerce fake as its own process, for browser tests and benchmarks that drive it over HTTP
 * (`/__fake/*`, see README.md):
 *
 *   tsx apps/server/src/test/fakes/bigcommerce/bigcommerce-fake.cli.ts --port 0 [--store-hash X] [--token X]
 *     [--client-id X] [--client-secret X] [--quota N] [--window-ms N] [--seed-skus N] [--seed-orders N] [--allow-http-hooks]
 *
 * Prints one JSON line (`{"url": …}`) on stdout once listening, so the parent can read the port it got;
 * stops on SIGTERM / SIGINT.
 */
import { parseArgs } from 'node:util';
import { startBigcommerceFake } from './bigcommerce-fake';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'store-hash': { type: 'string' },
    token: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    quota: { type: 'string' },
    'window-ms': { type: 'string' },
    'seed-skus': { type: 'string' },
    'seed-orders': { type: 'string' },
    'allow-http-hooks': { type: 'boolean', default: false },
  },
  strict: true,
});

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${value}`);
  return n;
}

const fake = await startBigcommerceFake({
  port: numberOption('port', values.port),
  host: values.host,
  storeHash: values['store-hash'],
  accessToken: values.token,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  quota: numberOption('quota', values.quota),
  windowMs: numberOption('window-ms', values['window-ms']),
  allowHttpHooks: values['allow-http-hooks'],
});

const skus = numberOption('seed-skus', values['seed-skus']);
const seeded = skus ? fake.seedProducts(skus) : [];
const orders = numberOption('seed-orders', values['seed-orders']);
if (orders) fake.seedOrders(orders, seeded.length ? [seeded[0]!.variants[0]!.sku] : undefined);

// stdout carries exactly this one line (the parent parses it); diagnostics go to stderr.
process.stdout.write(
  `${JSON.stringify({ url: fake.url, storeHash: fake.storeHash, accessToken: fake.accessToken, clientId: fake.clientId, clientSecret: fake.clientSecret, loginBase: fake.url, apiBase: fake.url })}\n`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bigcommerce fake: error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
