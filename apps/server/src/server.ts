import { loadConfig } from './platform/config';
import { startRuntime } from './platform/bootstrap';
import { buildApp } from './app';
import { startBackgroundWork } from './platform/background';

const config = loadConfig();
const runtime = await startRuntime(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const app = await buildApp(runtime);

let closing = false;
let stopJobs: () => Promise<void> = async () => {};
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Running jobs finish (or are retried elsewhere) before the database goes away.
  await stopJobs();
  await app.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Every API process also works the job queue and delivers webhooks; worker.ts runs that alone.
if (process.env.JOB_WORKER !== 'off') stopJobs = await startBackgroundWork(runtime, app.log);
app.log.info(`Omnio on ${config.appUrl} (${runtime.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
