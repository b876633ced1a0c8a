import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFtpFake, type FtpFake } from '../../../test/fakes/ftp/ftp-fake';
import { MailboxError, openMailbox, type Mailbox, type MailboxConfig } from './mailbox';

// The mailbox over plain FTP against a real FTP server (the in-memory fake), passive mode as basic-ftp speaks it.
let fake: FtpFake;
const open: Mailbox[] = [];
const USER = { username: 'acme', password: 'S3cret!' };

beforeAll(async () => {
  fake = await startFtpFake({ users: [USER], dirs: ['/in', '/out', '/out/archive'] });
});
afterAll(() => fake.close());
afterEach(async () => {
  for (const mailbox of open.splice(0)) await mailbox.close();
  for (const dir of ['/in', '/out', '/out/archive']) for (const name of fake.listFiles(dir)) fake.removeFile(`${dir}/${name}`);
});

const config = (over: Partial<MailboxConfig> = {}): MailboxConfig => ({ protocol: 'ftp', host: fake.host, port: fake.port, ...USER, timeoutMs: 5000, ...over });
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

describe('an FTP mailbox', () => {
  it('lists the partner files oldest first without in-flight uploads, reads one and deletes it', async () => {
    fake.putFile('/out/PO200.edi', 'ISA*two', new Date('2026-11-27T10:00:05Z'));
    fake.putFile('/out/PO100.edi', 'ISA*one', new Date('2026-11-27T10:00:01Z'));
    fake.putFile('/out/PO300.edi.tmp', 'ISA*half');
    fake.putFile('/out/.hidden', 'x');
    const mailbox = await connect();
    expect(mailbox.hostKeySha256).toBeNull();
    expect(await mailbox.list('/out')).toEqual([
      { name: 'PO100.edi', size: 7, modifiedAt: '2026-11-27T10:00:01.000Z' },
      { name: 'PO200.edi', size: 7, modifiedAt: '2026-11-27T10:00:05.000Z' },
    ]);
    expect((await mailbox.get('/out/PO100.edi')).toString()).toBe('ISA*one');
    await mailbox.remove('/out/PO100.edi');
    expect(fake.listFiles('/out')).toEqual(['.hidden', 'PO200.edi', 'PO300.edi.tmp']);
  });

  it('uploads under a .tmp name then renames, and never replaces an existing file', async () => {
    const mailbox = await connect();
    const data = Buffer.alloc(150_000, 'z');
    await mailbox.put('/in/SH1.edi', data);
    expect(fake.listFiles('/in')).toEqual(['SH1.edi']);
    expect(fake.readFile('/in/SH1.edi')?.equals(data)).toBe(true);
    const stored = fake.commands.filter((c) => /^(STOR|RNFR|RNTO) /.test(c));
    expect(stored).toEqual(['STOR /in/SH1.edi.tmp', 'RNFR /in/SH1.edi.tmp', 'RNTO /in/SH1.edi']);

    // This server's RNTO would replace the file; the mailbox must not let it.
    const error = await refusal(mailbox.put('/in/SH1.edi', Buffer.from('again')));
    expect([error.code, error.message]).toEqual(['exists', 'A file named /in/SH1.edi already exists on the server']);
    expect(fake.readFile('/in/SH1.edi')?.equals(data)).toBe(true);
  });

  it('takes overlapping calls one after another on its single control connection', async () => {
    fake.putFile('/out/A.edi', 'a');
    fake.putFile('/out/B.edi', 'b');
    const mailbox = await connect();
    const [a, b, listed] = await Promise.all([mailbox.get('/out/A.edi'), mailbox.get('/out/B.edi'), mailbox.list('/out')]);
    expect([a.toString(), b.toString(), listed.map((e) => e.name).sort()]).toEqual(['a', 'b', ['A.edi', 'B.edi']]);
  });

  it('archives by moving, refusing an existing target', async () => {
    fake.putFile('/out/PO7.edi', 'seven');
    fake.putFile('/out/archive/PO8.edi', 'old');
    fake.putFile('/out/PO8.edi', 'new');
    const mailbox = await connect();
    await mailbox.move('/out/PO7.edi', '/out/archive/PO7.edi');
    expect(fake.readFile('/out/archive/PO7.edi')?.toString()).toBe('seven');
    expect((await refusal(mailbox.move('/out/PO8.edi', '/out/archive/PO8.edi'))).code).toBe('exists');
    expect(fake.readFile('/out/archive/PO8.edi')?.toString()).toBe('old');
  });

  it('says which folder or file is missing', async () => {
    const mailbox = await connect();
    const list = await refusal(mailbox.list('/testout'));
    expect([list.code, list.message]).toEqual(['not_found', 'The folder /testout does not exist on the server']);
    expect((await refusal(mailbox.put('/testin/SH1.edi', Buffer.from('x')))).message).toBe('The folder /testin does not exist on the server');
    expect((await refusal(mailbox.get('/out/nope.edi'))).code).toBe('not_found');
    expect((await refusal(mailbox.remove('/out/nope.edi'))).code).toBe('not_found');
    expect((await refusal(mailbox.move('/out/nope.edi', '/out/archive/nope.edi'))).message).toBe('The file /out/nope.edi does not exist on the server');
    fake.putFile('/out/PO9.edi', 'nine');
    expect((await refusal(mailbox.move('/out/PO9.edi', '/archive/PO9.edi'))).message).toBe('The folder /archive does not exist on the server');
  });

  it('maps 530 to an auth failure and a closed port to unreachable', async () => {
    const before = fake.failedLogins;
    const auth = await refusal(connect({ password: 'wrong' }));
    expect([auth.code, auth.message]).toEqual(['auth', 'The FTP server refused the user name or password']);
    expect(fake.failedLogins).toBe(before + 1);

    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = await refusal(connect({ port }));
    expect([down.code, down.message]).toEqual(['unreachable', `Could not reach 127.0.0.1:${port}: connection refused`]);
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
