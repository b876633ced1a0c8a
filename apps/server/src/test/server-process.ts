import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Real `server.ts` processes on one PostgreSQL database, for tests of what only several processes show
 * (races between API processes, NOTIFY fan-out). PGlite cannot be opened by a second process.
 */
export interface ServerProcess {
  url: string;
  proc: ChildProcess;
}

const serverEntry = path.resolve(import.meta.dirname, '../server.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A free port can be taken by someone else before the child binds it: try again on another. */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(databaseUrl, env);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function startOnce(databaseUrl: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DB_POOL_SIZE: '5',
      LOG_LEVEL: 'error', JOB_WORKER: 'off', SEED_DEMO: 'false', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Under a full parallel test run a cold tsx start can take a while.
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return { url, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

/** SIGTERM (the graceful shutdown) and wait for every process to exit. */
export async function stopServerProcesses(servers: readonly ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => {
    if (s.proc.exitCode !== null) return resolve();
    s.proc.once('exit', () => resolve());
    s.proc.kill('SIGTERM');
  })));
}
