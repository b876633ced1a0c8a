import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { DEMO } from './test-app';

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
  const server = await spawnServer({ DATABASE_URL: databaseUrl, ...env });
  await server.healthy();
  return { url: server.url, proc: server.proc };
}

/** A server process as started, before it answers: its output, and ways to wait for it. */
export interface SpawnedServer extends ServerProcess {
  /** Everything the process printed (pino lines on stdout, anything on stderr). */
  output(): string;
  /** Resolves once /api/health answers 200; rejects if the process exits first or after 120 s. */
  healthy(): Promise<void>;
  /** Resolves once the output contains `text`; rejects if the process exits first or after `timeoutMs`. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code and the time from now to the exit (`null` code: killed by a signal). */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `server.ts` as a real process on a free port; `env` decides the database (DATABASE_URL or DATA_DIR). */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DB_POOL_SIZE: '5',
      LOG_LEVEL: 'error', JOB_WORKER: 'off', SEED_DEMO: 'false', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const waitFor = async (what: string, ok: () => Promise<boolean>, timeoutMs: number) => {
    for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited before ${what}: ${out}`);
      if (await ok()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server: no ${what} within ${timeoutMs} ms: ${out}`);
  };
  return {
    url, proc,
    output: () => out,
    // Under a full parallel test run a cold tsx start can take a while.
    healthy: () => waitFor('health', () => fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false), 120_000)
      .catch((err: unknown) => {
        proc.kill('SIGKILL');
        throw err;
      }),
    printed: (text, timeoutMs = 120_000) => waitFor(`"${text}" printed`, () => Promise.resolve(out.includes(text)), timeoutMs),
    exited: () => exit,
  };
}

/** SIGTERM (the graceful shutdown) and wait for every process to exit. */
export async function stopServerProcesses(servers: readonly ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => {
    if (s.proc.exitCode !== null) return resolve();
    s.proc.once('exit', () => resolve());
    s.proc.kill('SIGTERM');
  })));
}

/** An access token of a demo user (the password grant of the web client) from a server process. */
export async function signInTo(baseUrl: string, user: { email: string; password: string } = DEMO.acmeTenant): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: user.email, password: user.password, client_id: 'omnio-web', client_secret: 'omnio-web-secret', scopes: '*' }),
  });
  if (res.status !== 200) throw new Error(`sign-in to ${baseUrl}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
