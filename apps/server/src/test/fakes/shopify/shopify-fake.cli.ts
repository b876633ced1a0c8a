/**
 * Runs the Shopify fake as its own process, for browser tests and benchmarks that drive it over HTTP
 * (`/__fake/*`, see README.md):
 *
 *   tsx apps/server/src/test/fakes/shopify/shopify-fake.cli.ts --port 0 [--token X] [--seed-skus N] [--seed-orders N]
 *
 * Prints one JSON line (`{"url": …}`) on stdout once listening, so the parent can read the port it got;
 * stops on SIGTERM / SIGINT.
 */
import { parseArgs } from 'node:util';
import { startShopifyFake } from './shopify-fake';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'api-version': { type: 'string' },
    shop: { type: 'string' },
    'seed-skus': { type: 'string' },
    'seed-orders': { type: 'string' },
    'lines-per-order': { type: 'string' },
    'bucket-max': { type: 'string' },
    'restore-rate': { type: 'string' },
  },
  strict: true,
});

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${value}`);
  return n;
}

const bucketMax = numberOption('bucket-max', values['bucket-max']);
const restoreRate = numberOption('restore-rate', values['restore-rate']);

const fake = await startShopifyFake({
  port: numberOption('port', values.port),
  host: values.host,
  accessToken: values.token,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  apiVersion: values['api-version'],
  shopDomain: values.shop,
  bucket: bucketMax !== undefined || restoreRate !== undefined ? { maximumAvailable: bucketMax ?? 2000, restoreRate: restoreRate ?? 100 } : undefined,
});

const skus = numberOption('seed-skus', values['seed-skus']);
if (skus) fake.seedProducts(skus);
const orders = numberOption('seed-orders', values['seed-orders']);
if (orders) fake.seedOrders(orders, { linesPerOrder: numberOption('lines-per-order', values['lines-per-order']) });

// stdout carries exactly this one line (the parent parses it); diagnostics go to stderr.
process.stdout.write(
  `${JSON.stringify({ url: fake.url, graphqlUrl: fake.graphqlUrl(), shopDomain: fake.shopDomain, accessToken: fake.accessToken, apiVersion: fake.apiVersion })}\n`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`shopify fake: error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
