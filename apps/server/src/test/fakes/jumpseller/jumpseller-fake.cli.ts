/**
 * Runs the Jumpseller fake as its own process, for browser tests and benchmarks that drive it over HTTP
 * (`/__fake/*`, see README.md):
 *
 *   tsx apps/server/src/test/fakes/jumpseller/jumpseller-fake.cli.ts --port 0 [--login X] [--auth-token X] [--hooks-token X]
 *     [--store-code X] [--locale es|en] [--per-second N] [--per-minute N] [--seed-skus N] [--seed-orders N]
 *
 * Prints one JSON line (`{"url": …}`) on stdout once listening, so the parent can read the port it got;
 * stops on SIGTERM / SIGINT.
 */
import { parseArgs } from 'node:util';
import { startJumpsellerFake } from './jumpseller-fake';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    login: { type: 'string' },
    'auth-token': { type: 'string' },
    'hooks-token': { type: 'string' },
    'store-code': { type: 'string' },
    locale: { type: 'string' },
    'per-second': { type: 'string' },
    'per-minute': { type: 'string' },
    'seed-skus': { type: 'string' },
    'seed-orders': { type: 'string' },
  },
  strict: true,
});

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${value}`);
  return n;
}

if (values.locale !== undefined && values.locale !== 'es' && values.locale !== 'en') throw new Error(`--locale must be es or en, got ${values.locale}`);

const fake = await startJumpsellerFake({
  port: numberOption('port', values.port),
  host: values.host,
  login: values.login,
  authToken: values['auth-token'],
  hooksToken: values['hooks-token'],
  storeCode: values['store-code'],
  locale: values.locale,
  perSecond: numberOption('per-second', values['per-second']),
  perMinute: numberOption('per-minute', values['per-minute']),
});

const skus = numberOption('seed-skus', values['seed-skus']);
if (skus) fake.seedProducts(skus);
const orders = numberOption('seed-orders', values['seed-orders']);
if (orders) fake.seedOrders(orders, skus ? Array.from({ length: skus }, (_, i) => `JS-SKU-${i}`) : ['JS-SKU-0']);

// stdout carries exactly this one line (the parent parses it); diagnostics go to stderr.
process.stdout.write(`${JSON.stringify({ url: fake.url, login: fake.login, authToken: fake.authToken, hooksToken: fake.hooksToken, storeCode: fake.storeCode })}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`jumpseller fake: error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
