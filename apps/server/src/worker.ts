import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './platform/config';
import { startRuntime } from './platform/bootstrap';
import { startBackgroundWork } from './platform/background';
import { registerAllJobKinds } from './job-kinds';
import { installLifecycle, runProcess } from './platform/shutdown';

/** A process that only works the job queue (no HTTP): `npm run worker --workspace @omnio/server`. */
const config = loadConfig();
const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
// SIGTERM: the running job finishes and settles; anything cut off by the deadline is retried by another process.
const lifecycle = installLifecycle(log, config.shutdownTimeoutMs);

await runProcess(lifecycle, log, async () => {
  const runtime = await startRuntime(config, { log });
  lifecycle.onStop('database, mail and job queue', () => runtime.close());
  lifecycle.checkpoint();
  registerAllJobKinds();
  lifecycle.onStop('job worker', await startBackgroundWork(runtime, log));
  log.info('job worker started');
});
