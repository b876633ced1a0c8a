import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import { seedDemo } from './seed';

const config = loadConfig();
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger;
const database = await prepareDatabase(config, log);
log.info((await seedDemo(database.db)) ? 'demo data seeded' : 'database already has users: demo data not seeded');
await database.close();
