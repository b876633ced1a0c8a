import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSftpFake, type SftpFake } from './sftp-fake';

// The fake's own contract, driven by the same SFTP client library the mailbox uses.
let fake: SftpFake;
const clients: SftpClient[] = [];
beforeAll(async () => {
  fake = await startSftpFake({ users: [{ username: 'sps', password: 'pw' }], dirs: ['/in', '/out', '/testin', '/testout'] });
});
afterAll(() => fake.close());
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
});

async function login(username = 'sps', password = 'pw', onKey?: (sha256: string) => void): Promise<SftpClient> {
  const quiet = () => undefined;
  const client = new SftpClient('self-test', { error: quiet, end: quiet, close: quiet });
  clients.push(client);
  await client.connect({
    host: fake.host,
    port: fake.port,
    username,
    password,
    readyTimeout: 5000,
    hostVerifier: (key: Buffer) => {
      onKey?.(createHash('sha256').update(key).digest('base64').replace(/=+$/, ''));
      return true;
    },
  });
  return client;
}
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (e: { code?: unknown }) => e.code);

describe('the SFTP fake', () => {
  it('logs in with a password, counts logins and refusals, and shows its host key fingerprint', async () => {
    let seen = '';
    await login('sps', 'pw', (k) => (seen = k));
    expect(seen).toBe(fake.hostKeySha256);
    expect(fake.connections).toBeGreaterThanOrEqual(1);
    const failedBefore = fake.failedLogins;
    await expect(login('sps', 'nope')).rejects.toThrow(/authentication methods failed/);
    expect(fake.failedLogins).toBe(failedBefore + 1);
    fake.addUser('chub', 'pw2');
    await login('chub', 'pw2');
  });

  it('holds the folders it was started with and what the partner drops', async () => {
    fake.putFile('/out/PO1.edi', 'ISA*00*~');
    const client = await login();
    const root = (await client.list('/')).map((e) => `${e.type}${e.name}`).sort();
    expect(root).toEqual(['din', 'dout', 'dtestin', 'dtestout']);
    const [entry] = await client.list('/out');
    expect(entry).toMatchObject({ type: '-', name: 'PO1.edi', size: 8 });
    expect((await client.get('/out/PO1.edi')) as Buffer).toEqual(Buffer.from('ISA*00*~'));
    await client.delete('/out/PO1.edi');
    expect(fake.listFiles('/out')).toEqual([]);
  });

  it('stores uploads, renames, makes folders, and keeps each file modified time', async () => {
    const client = await login();
    await client.put(Buffer.from('ST*856'), '/in/SH1.edi.tmp');
    await client.rename('/in/SH1.edi.tmp', '/in/SH1.edi');
    expect(fake.listFiles('/in')).toEqual(['SH1.edi']);
    expect(fake.readFile('/in/SH1.edi')?.toString()).toBe('ST*856');
    await client.mkdir('/in/archive');
    expect(await client.exists('/in/archive')).toBe('d');
    fake.putFile('/testout/old.edi', 'x', new Date('2026-01-02T03:04:05Z'));
    const [old] = await client.list('/testout');
    expect(new Date(old!.modifyTime).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('answers as OpenSSH does: rename onto an existing file fails, missing paths are "no such file"', async () => {
    fake.putFile('/in/A.edi', 'a');
    fake.putFile('/in/B.edi', 'b');
    const client = await login();
    expect(await codeOf(client.rename('/in/A.edi', '/in/B.edi'))).toBe(4); // SSH_FX_FAILURE
    expect(fake.readFile('/in/B.edi')?.toString()).toBe('b');
    expect(await codeOf(client.list('/nowhere'))).toBe(2); // SSH_FX_NO_SUCH_FILE
    expect(await codeOf(client.get('/in/none.edi'))).toBe(2);
    expect(await codeOf(client.put(Buffer.from('x'), '/nowhere/x.edi'))).toBe(2);
    expect(await codeOf(client.delete('/in/none.edi'))).toBe(2);
    expect(await client.exists('/in/none.edi')).toBe(false);
    fake.removeFile('/in/A.edi');
    fake.removeFile('/in/B.edi');
  });

  it('runs standalone with an HTTP control port for browser tests', async () => {
    const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sftp-fake.cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--user', 'e2e', '--password', 'e2e-pw', '--dirs', '/in,/out'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const ready = await new Promise<{ ready: boolean; host: string; port: number; control_port: number; username: string; password: string; hostKeySha256: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the SFTP fake CLI did not start')), 20_000);
        createInterface({ input: child.stdout! }).once('line', (line) => {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        });
      });
      expect(ready).toMatchObject({ ready: true, host: '127.0.0.1', username: 'e2e', password: 'e2e-pw' });
      const control = `http://127.0.0.1:${ready.control_port}`;
      const drop = await fetch(`${control}/files`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/out/PO9.edi', content: 'ISA*nine' }) });
      expect(drop.status).toBe(201);

      const client = new SftpClient();
      clients.push(client);
      await client.connect({ host: ready.host, port: ready.port, username: 'e2e', password: 'e2e-pw', readyTimeout: 5000 });
      expect((await client.get('/out/PO9.edi')) as Buffer).toEqual(Buffer.from('ISA*nine'));
      await client.put(Buffer.from('ISA*ack'), '/in/FA9.edi');
      const sent = await (await fetch(`${control}/files?dir=/in`)).json();
      expect(sent).toEqual([{ name: 'FA9.edi', content: 'ISA*ack' }]);
      expect((await fetch(`${control}/files?dir=/nowhere`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
