import { startRuntime } from './platform/bootstrap';
import { buildApp } from './app';
import { startBackgroundWork } from './platform/background';
import { runProcess } from './platform/shutdown';
import { BACKGROUND_LOOPS, composeServer } from './composition';

composeServer();

await runProcess(async ({ config, log, lifecycle }) => {
  const runtime = await startRuntime(config, { log });
  lifecycle.onStop('database, mail and job queue', () => runtime.close());
  lifecycle.checkpoint();
  const app = await buildApp(runtime);
  // Fastify answers 503 to requests that arrive while closing, lets the ones in flight finish and drops idle
  // keep-alive connections; the lifecycle's deadline bounds a request that does not finish.
  lifecycle.onStop('HTTP server', () => app.close());
  lifecycle.checkpoint();
  await app.listen({ port: config.port, host: config.host });
  lifecycle.checkpoint();
  // Every API process also works the job queue and delivers webhooks; worker.ts runs that alone. Stopped first:
  // the running job finishes (or, cut off by the deadline, is retried by another process).
  if (process.env.JOB_WORKER !== 'off') lifecycle.onStop('job worker', await startBackgroundWork(runtime, log, BACKGROUND_LOOPS));
  log.info(`Omnio on ${config.appUrl}, Node ${process.versions.node} (${runtime.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
});
