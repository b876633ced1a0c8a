import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import { secretBoxFor } from './secret-box';
import { rotateSealedValues } from './sealed-columns';

/**
 * `npm run keys:rotate --workspace @omnio/server`, with the new key in APP_KEY and the old one(s) in
 * APP_KEY_PREVIOUS: seals every stored secret again with the new key (docs/operations.md, "Rotating APP_KEY").
 */
const config = loadConfig();
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger;
if (!config.appKey || !config.appKeyPrevious) {
  log.error('Set APP_KEY to the new key and APP_KEY_PREVIOUS to the old one(s) first');
  process.exit(2);
}
const database = await prepareDatabase(config, log);
try {
  const counts = await rotateSealedValues(database.ownerExec, secretBoxFor(config));
  log.info({ resealed: counts }, 'every stored secret is sealed with the current APP_KEY: APP_KEY_PREVIOUS can be removed');
} finally {
  await database.close();
}
