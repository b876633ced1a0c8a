import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../platform/config';
import { prepareDatabase } from '../platform/bootstrap';
import { composeServer } from '../composition';
import { seedDemo } from './demo.seed';

composeServer();
const config = loadConfig();
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger;
const database = await prepareDatabase(config, log);
log.info((await seedDemo(database.db)) ? 'demo data seeded' : 'database already has users: demo data not seeded');
await database.close();
