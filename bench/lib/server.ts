import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = 'apps/server/src/server.ts';

export interface ServerOptions {
  databaseUrl: string;
  poolSize: number;
  /** Extra environment for the server, on top of the bench defaults. */
  env?: Record<string, string>;
  /** Writes a V8 CPU profile of the server into this folder when it stops (node --cpu-prof). */
  cpuProfileDir?: string;
}

export interface RunningServer {
  pid: number;
  baseUrl: string;
  /** The server environment the bench chose (for the results file). */
  settings: Record<string, string>;
  /** The server's last output lines, for error reports. */
  output(): string;
  /** How the server ended, if it has ended (it must not during a run). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server as its own process, as production would run it, and waits for /api/health.
 * The rate limit stays on but high enough that one load generator on one address never trips it.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'omnio-bench-data-'));
  const settings: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'accounts',
    HOST: '127.0.0.1',
    PORT: String(port),
    DB_POOL_SIZE: String(options.poolSize),
    RATE_LIMIT_PER_MINUTE: '100000000',
    // Production refuses to start without SMTP_URL; no scenario sends mail, so say so rather than fake a relay.
    MAIL_TRANSPORT: 'none',
    ...options.env,
  };
  const profile = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...settings, DATABASE_URL: options.databaseUrl, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    pid: child.pid ?? 0,
    baseUrl,
    settings,
    output: () => lines.join('\n'),
    exit: () => (child.exitCode !== null || child.signalCode !== null ? { code: child.exitCode, signal: child.signalCode } : null),
    stop: () => stopChild(child, exited, dataDir),
  };
  try {
    await waitForHealth(baseUrl, exited, 120_000);
  } catch (err) {
    await server.stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${server.output()}`);
  }
  return server;
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with code ${exitCode} before it was healthy`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
