import { loadConfig } from './platform/config';
import { startRuntime } from './platform/bootstrap';
import { startBackgroundWork } from './platform/background';
import { registerAllJobKinds } from './job-kinds';

/** A process that only works the job queue (no HTTP): `npm run worker --workspace @omnio/server`. */
const config = loadConfig();
const runtime = await startRuntime(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
registerAllJobKinds();
const stop = await startBackgroundWork(runtime, runtime.log);
runtime.log.info('job worker started');

let closing = false;
/** SIGTERM: the running batch finishes and settles; anything cut off is retried by another process. */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  runtime.log.info({ signal }, 'job worker stopping');
  await stop();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
