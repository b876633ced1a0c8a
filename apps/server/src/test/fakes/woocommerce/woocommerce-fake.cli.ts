/**
 * Runs the WooCommerce fake as its own process, for browser tests and benchmarks that drive it over HTTP
 * (`/__fake/*`, see README.md):
 *
 *   tsx apps/server/src/test/fakes/woocommerce/woocommerce-fake.cli.ts --port 0 [--consumer-key ck_… --consumer-secret cs_…]  [--seed-skus N] [--seed-orders N] [--rate-limit N/S]
 *
 * Prints one JSON line (`{"url": …, "consumerKey": …, "consumerSecret": …}`) on stdout once listening, so the
 * parent can read the port and the keys; stops on SIGTERM / SIGINT.
 */
import { parseArgs } from 'node:util';
import { startWooCommerceFake } from './woocommerce-fake';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'consumer-key': { type: 'string' },
    'consumer-secret': { type: 'string' },
    'utc-offset-minutes': { type: 'string' },
    'seed-skus': { type: 'string' },
    'variable-every': { type: 'string' },
    'seed-orders': { type: 'string' },
    'lines-per-order': { type: 'string' },
    /** `N/S`: at most N API calls per S seconds (429 + Retry-After beyond), like a host's limit. */
    'rate-limit': { type: 'string' },
  },
  strict: true,
});

function numberOption(name: string, value: string | undefined, allowNegative = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || (!allowNegative && n < 0)) throw new Error(`--${name} must be a ${allowNegative ? '' : 'non-negative '}number, got ${value}`);
  return n;
}

const fake = await startWooCommerceFake({
  port: numberOption('port', values.port),
  host: values.host,
  consumerKey: values['consumer-key'],
  consumerSecret: values['consumer-secret'],
  utcOffsetMinutes: numberOption('utc-offset-minutes', values['utc-offset-minutes'], true),
});

if (values['rate-limit']) {
  const [limit, seconds = '1'] = values['rate-limit'].split('/');
  fake.setRateLimit({ limit: numberOption('rate-limit', limit)!, windowSeconds: numberOption('rate-limit', seconds)! });
}

const skus = numberOption('seed-skus', values['seed-skus']);
const seeded = skus ? fake.seedProducts(skus, { variableEvery: numberOption('variable-every', values['variable-every']) }) : [];
const orders = numberOption('seed-orders', values['seed-orders']);
if (orders) fake.seedOrders(orders, { skus: seeded.length ? seeded : undefined, linesPerOrder: numberOption('lines-per-order', values['lines-per-order']) });

// stdout carries exactly this one line (the parent parses it); diagnostics go to stderr.
process.stdout.write(`${JSON.stringify({ url: fake.url, apiBase: fake.apiBase, consumerKey: fake.consumerKey, consumerSecret: fake.consumerSecret, utcOffsetMinutes: fake.utcOffsetMinutes })}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`woocommerce fake: error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
