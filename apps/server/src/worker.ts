import { startRuntime } from './platform/bootstrap';
import { startBackgroundWork } from './platform/background';
import { registerAllJobKinds } from './job-kinds';
import { runProcess } from './platform/shutdown';
import { BACKGROUND_LOOPS, composeServer } from './composition';

composeServer();

/**
 * A process that only works the job queue (no HTTP): `npm run worker --workspace @omnio/server`. SIGTERM: the
 * running job finishes and settles; anything cut off by the deadline is retried by another process.
 */
await runProcess(async ({ config, log, lifecycle }) => {
  const runtime = await startRuntime(config, { log });
  lifecycle.onStop('database, mail and job queue', () => runtime.close());
  lifecycle.checkpoint();
  registerAllJobKinds();
  lifecycle.onStop('job worker', await startBackgroundWork(runtime, log, BACKGROUND_LOOPS));
  log.info('job worker started');
});
