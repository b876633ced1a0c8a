/**
 * Runs the SFTP fake as its own process, for browser tests that play the trading partner over HTTP (see README.md):
 *
 *   tsx apps/server/src/test/fakes/sftp/sftp-fake.cli.ts --port 0 [--user X] [--password X] [--dirs /in,/out] [--control-port 0]
 *
 * (or SFTP_FAKE_PORT, SFTP_FAKE_USER, SFTP_FAKE_PASSWORD, SFTP_FAKE_DIRS, SFTP_FAKE_CONTROL_PORT).
 * Prints one JSON line `{"ready":true,"host","port","control_port","username","password","hostKeySha256"}` on stdout
 * once listening; stops on SIGTERM / SIGINT.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_SFTP_USER, startSftpFake } from './sftp-fake';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SFTP_FAKE_PORT ?? '0' },
    user: { type: 'string', default: process.env.SFTP_FAKE_USER ?? DEFAULT_SFTP_USER.username },
    password: { type: 'string', default: process.env.SFTP_FAKE_PASSWORD ?? DEFAULT_SFTP_USER.password },
    dirs: { type: 'string', default: process.env.SFTP_FAKE_DIRS ?? '/in,/out' },
    'control-port': { type: 'string', default: process.env.SFTP_FAKE_CONTROL_PORT ?? '0' },
  },
  strict: true,
});

function portOption(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name} must be a port number, got ${value}`);
  return n;
}

const username = values.user;
const password = values.password;
const fake = await startSftpFake({
  port: portOption('port', values.port),
  users: [{ username, password }],
  dirs: values.dirs.split(',').map((d) => d.trim()).filter(Boolean),
});

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** The partner's side, for a test that cannot speak SFTP: drop files into a folder and read what we left. */
const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const handle = async () => {
    if (req.method === 'POST' && url.pathname === '/files') {
      const body = (await readJson(req)) as { path?: unknown; content?: unknown };
      if (typeof body.path !== 'string' || typeof body.content !== 'string') return send(res, 400, { error: 'path and content (strings) are required' });
      fake.putFile(body.path, body.content);
      return send(res, 201, { path: body.path });
    }
    if (req.method === 'GET' && url.pathname === '/files') {
      const dir = url.searchParams.get('dir') ?? '/';
      const base = dir.endsWith('/') ? dir : `${dir}/`;
      if (!fake.hasFolder(dir)) return send(res, 404, { error: `no folder ${dir}` });
      return send(res, 200, fake.listFiles(dir).map((name) => ({ name, content: fake.readFile(`${base}${name}`)?.toString('utf8') ?? '' })));
    }
    if (req.method === 'DELETE' && url.pathname === '/files') {
      const path = url.searchParams.get('path');
      if (!path || fake.readFile(path) === null) return send(res, 404, { error: `no file ${path ?? ''}` });
      fake.removeFile(path);
      return send(res, 200, { path });
    }
    if (req.method === 'GET' && url.pathname === '/stats') {
      return send(res, 200, { connections: fake.connections, failedLogins: fake.failedLogins });
    }
    send(res, 404, { error: `no route ${req.method} ${url.pathname}` });
  };
  handle().catch((error: unknown) => send(res, 400, { error: error instanceof Error ? error.message : String(error) }));
});

await new Promise<void>((resolve) => control.listen(portOption('control-port', values['control-port']), '127.0.0.1', resolve));

// stdout carries exactly this one line (the parent parses it); diagnostics go to stderr.
process.stdout.write(
  `${JSON.stringify({ ready: true, host: fake.host, port: fake.port, control_port: (control.address() as AddressInfo).port, username, password, hostKeySha256: fake.hostKeySha256 })}\n`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  control.close();
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`sftp fake: error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
