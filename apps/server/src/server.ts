import { loadConfig } from './platform/config';
import { startRuntime } from './platform/bootstrap';
import { buildApp } from './app';

const config = loadConfig();
const runtime = await startRuntime(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const app = await buildApp(runtime);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Omnio on ${config.appUrl} (${runtime.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
