import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, type AppDb, type Database } from './db/client';
import { migrate } from './db/migrate';
import { createMailer, type Mailer } from './mail/mailer';
import { startSmtpSink, type SmtpSink } from './mail/smtp-sink';
import type { AppDeps } from './http/context';
import { PrincipalCache } from './http/principal-cache';
import { openRateLimiter } from './http/rate-limits';
import { secretBoxFor } from './crypto/secret-box';
import { sealPlainSigningSecrets } from './crypto/sealed-columns';
import { startJobQueue, stopJobQueue } from './jobs/queue';

export interface Runtime extends AppDeps {
  log: FastifyBaseLogger;
  smtpSink?: SmtpSink;
  close(): Promise<void>;
}

/** What the modules add to a start; platform cannot name them, so the composition root installs these. */
export interface StartupSteps {
  /** After the migrations, as the app role, at every start: rows the configuration implies (the web app's OAuth client). */
  afterMigrations(db: AppDb, config: Config): Promise<void>;
  /** The demo data, into an empty database only (SEED_DEMO); answers whether it seeded. */
  seedDemo(db: AppDb, options: { business: boolean; onBusiness?: (counts: object) => void }): Promise<boolean>;
}

let startupSteps: StartupSteps | undefined;

export function setStartupSteps(steps: StartupSteps): void {
  startupSteps = steps;
}

/**
 * Migrates and prepares the database. The platform's own command-line tools (db:migrate, keys:rotate) run
 * without the modules' steps; every server and worker process has them (startRuntime insists).
 */
export async function prepareDatabase(config: Config, log: FastifyBaseLogger, database?: Database): Promise<Database> {
  const db =
    database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, appRole: config.dbAppRole, poolSize: config.dbPoolSize }));
  const ran = await migrate(db.ownerExec, config.dbAppRole);
  if (ran.length) log.info({ migrations: ran }, 'migrations applied');
  const sealed = await sealPlainSigningSecrets(db.ownerExec, secretBoxFor(config));
  if (sealed) log.info({ sealed }, 'signing secrets stored plain by an older version sealed');
  await db.enterAppRole();
  await startupSteps?.afterMigrations(db.db, config);
  return db;
}

/** Opens everything a process needs: database (migrated, seeded), mail. */
export async function startRuntime(config: Config, options: { database?: Database; log?: FastifyBaseLogger } = {}): Promise<Runtime> {
  // A process without its modules' startup would run without the web app's sign-in client: refuse instead.
  if (!startupSteps) throw new Error('No startup steps installed (composeServer in composition.ts installs them)');
  const steps = startupSteps;
  const log = options.log ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database = await prepareDatabase(config, log, options.database);
  if (config.seedDemo) {
    const started = Date.now();
    const seeded = await steps.seedDemo(database.db, {
      business: config.seedDemoBusiness,
      onBusiness: (counts) => log.info(counts, 'demo business seeded'),
    });
    if (seeded) log.info({ ms: Date.now() - started }, 'demo data seeded');
  }
  let smtpSink: SmtpSink | undefined;
  let smtpUrl = config.smtpUrl;
  if (!smtpUrl) {
    if (config.env === 'production') log.warn('MAIL_TRANSPORT=none: mail goes to the built-in sink and is not delivered');
    smtpSink = await startSmtpSink(config.smtpSinkPort);
    smtpUrl = smtpSink.url;
    log.info({ port: smtpSink.port }, 'built-in SMTP sink catching mail');
  }
  const mailer: Mailer = createMailer(smtpUrl, config.mailFrom, log);
  // Every process enqueues (requests do, inside their transactions); whether it also works jobs is background.ts.
  await startJobQueue(database);
  const rateLimiter = await openRateLimiter(database, config.redisUrl);
  return {
    config,
    database,
    mailer,
    principals: new PrincipalCache(config.authCacheMs),
    rateLimiter,
    log,
    ...(smtpSink ? { smtpSink } : {}),
    async close() {
      mailer.close();
      await rateLimiter.close();
      await stopJobQueue(database);
      await smtpSink?.close();
      await database.close();
    },
  };
}
