import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';

const config = loadConfig();
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger;
const database = await prepareDatabase(config, log);
log.info('database is up to date');
await database.close();
