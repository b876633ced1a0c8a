import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSftpFake, type SftpFake } from '../../../test/fakes/sftp/sftp-fake';
import { MailboxError, mailboxPath, openMailbox, type Mailbox, type MailboxConfig } from './mailbox';

// The mailbox against a real SFTP server (the in-memory fake) holding a partner's in/out folders.
let fake: SftpFake;
const open: Mailbox[] = [];
const USER = { username: 'acme', password: 'S3cret!' };

beforeAll(async () => {
  fake = await startSftpFake({ users: [USER], dirs: ['/in', '/out', '/out/archive'] });
});
afterAll(() => fake.close());
afterEach(async () => {
  for (const mailbox of open.splice(0)) await mailbox.close();
  for (const dir of ['/in', '/out', '/out/archive']) for (const name of fake.listFiles(dir)) fake.removeFile(`${dir}/${name}`);
});

const config = (over: Partial<MailboxConfig> = {}): MailboxConfig => ({ protocol: 'sftp', host: fake.host, port: fake.port, ...USER, timeoutMs: 5000, ...over });
async function connect(over: Partial<MailboxConfig> = {}): Promise<Mailbox> {
  const mailbox = await openMailbox(config(over));
  open.push(mailbox);
  return mailbox;
}
async function refusal(promise: Promise<unknown>): Promise<MailboxError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailboxError);
  return error as MailboxError;
}

describe('an SFTP mailbox', () => {
  it('lists the partner files oldest first, skipping folders, uploads in flight and dot-files', async () => {
    fake.putFile('/out/PO200.edi', 'ISA*two', new Date('2026-11-27T10:00:05Z'));
    fake.putFile('/out/PO100.edi', 'ISA*one', new Date('2026-11-27T10:00:01Z'));
    fake.putFile('/out/PO150.edi', 'ISA*one-b', new Date('2026-11-27T10:00:01Z'));
    fake.putFile('/out/PO300.edi.tmp', 'ISA*half');
    fake.putFile('/out/.bash_history', 'ls');
    const mailbox = await connect();
    expect(mailbox.hostKeySha256).toBe(fake.hostKeySha256);
    expect(await mailbox.list('/out')).toEqual([
      { name: 'PO100.edi', size: 7, modifiedAt: '2026-11-27T10:00:01.000Z' },
      { name: 'PO150.edi', size: 9, modifiedAt: '2026-11-27T10:00:01.000Z' },
      { name: 'PO200.edi', size: 7, modifiedAt: '2026-11-27T10:00:05.000Z' },
    ]);
    expect(await mailbox.list('/in')).toEqual([]);
  });

  it('downloads a file byte for byte, then deletes it after pickup', async () => {
    const big = Buffer.alloc(300_000, 'x'); // several SFTP reads
    big.write('ISA*00*', 0);
    fake.putFile('/out/PO1.edi', big);
    const mailbox = await connect();
    expect((await mailbox.get(mailboxPath('/out', 'PO1.edi'))).equals(big)).toBe(true);
    await mailbox.remove('/out/PO1.edi');
    expect(fake.listFiles('/out')).toEqual([]);
  });

  it('uploads under a .tmp name and renames, so the partner never sees half a file', async () => {
    const mailbox = await connect();
    const data = Buffer.alloc(200_000, 'y');
    const seen = new Set<string>();
    let partial = false;
    let watching = true;
    // Looks at the folder on every turn of the event loop, as often as the partner possibly could.
    const watch = () => {
      for (const name of fake.listFiles('/in')) {
        seen.add(name);
        if (name === 'SH1.edi' && fake.readFile('/in/SH1.edi')?.length !== data.length) partial = true;
      }
      if (watching) setImmediate(watch);
    };
    watch();
    try {
      await mailbox.put('/in/SH1.edi', data);
    } finally {
      watching = false;
    }
    expect(partial).toBe(false);
    expect(fake.listFiles('/in')).toEqual(['SH1.edi']);
    expect(fake.readFile('/in/SH1.edi')?.equals(data)).toBe(true);
    expect(seen.has('SH1.edi.tmp')).toBe(true);
    expect([...seen].filter((name) => name !== 'SH1.edi' && name !== 'SH1.edi.tmp')).toEqual([]);
  });

  it('refuses to overwrite a file already in the folder and leaves it as it was', async () => {
    fake.putFile('/in/SH2.edi', 'theirs');
    const mailbox = await connect();
    const error = await refusal(mailbox.put('/in/SH2.edi', Buffer.from('ours')));
    expect(error.code).toBe('exists');
    expect(error.message).toBe('A file named /in/SH2.edi already exists on the server');
    expect(fake.readFile('/in/SH2.edi')?.toString()).toBe('theirs');
    expect(fake.listFiles('/in')).toEqual(['SH2.edi']);
  });

  it('archives a processed file by moving it, and will not move onto an existing name', async () => {
    fake.putFile('/out/PO7.edi', 'ISA*seven');
    fake.putFile('/out/archive/PO8.edi', 'old');
    fake.putFile('/out/PO8.edi', 'new');
    const mailbox = await connect();
    await mailbox.move('/out/PO7.edi', '/out/archive/PO7.edi');
    expect(fake.listFiles('/out')).toEqual(['PO8.edi']);
    expect(fake.readFile('/out/archive/PO7.edi')?.toString()).toBe('ISA*seven');
    expect((await refusal(mailbox.move('/out/PO8.edi', '/out/archive/PO8.edi'))).code).toBe('exists');
    expect(fake.readFile('/out/archive/PO8.edi')?.toString()).toBe('old');
  });

  it('says which folder or file is missing', async () => {
    const mailbox = await connect();
    const list = await refusal(mailbox.list('/testout'));
    expect([list.code, list.message]).toEqual(['not_found', 'The folder /testout does not exist on the server']);
    const put = await refusal(mailbox.put('/testin/SH1.edi', Buffer.from('x')));
    expect([put.code, put.message]).toEqual(['not_found', 'The folder /testin does not exist on the server']);
    expect((await refusal(mailbox.get('/out/nope.edi'))).code).toBe('not_found');
    expect((await refusal(mailbox.remove('/out/nope.edi'))).code).toBe('not_found');
    expect((await refusal(mailbox.move('/out/nope.edi', '/out/archive/nope.edi'))).message).toBe('The file /out/nope.edi does not exist on the server');
  });

  it('refuses a wrong password as an auth failure', async () => {
    const before = fake.failedLogins;
    const error = await refusal(connect({ password: 'wrong' }));
    expect([error.code, error.message]).toEqual(['auth', 'The SFTP server refused the user name or password']);
    expect(fake.failedLogins).toBe(before + 1);
  });

  it('accepts the pinned host key and refuses a different one', async () => {
    const pinned = await connect({ hostKeySha256: `SHA256:${fake.hostKeySha256}` });
    expect(await pinned.list('/in')).toEqual([]);
    const other = 'AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';
    const before = fake.connections;
    const error = await refusal(connect({ hostKeySha256: other }));
    expect(error.code).toBe('host_key');
    expect(error.message).toBe(`The server's host key changed (expected SHA256:${other}, got SHA256:${fake.hostKeySha256})`);
    expect(fake.connections).toBe(before); // no password was sent to the impostor
  });

  it('reports a closed port as unreachable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await refusal(connect({ port }));
    expect([error.code, error.message]).toEqual(['unreachable', `Could not reach 127.0.0.1:${port}: connection refused`]);
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const silent = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const error = await refusal(connect({ port, timeoutMs: 1000 }));
      expect([error.code, error.message]).toEqual(['unreachable', `Could not reach 127.0.0.1:${port}: no answer within 1 s`]);
    } finally {
      silent.close();
    }
  });
});
