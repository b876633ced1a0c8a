import { createHash } from 'node:crypto';
import SftpClient from 'ssh2-sftp-client';
import {
  DEFAULT_MAILBOX_TIMEOUT_MS,
  MailboxError,
  isMailboxFileName,
  normalizeFingerprint,
  parentDir,
  sortMailboxEntries,
  unreachableReason,
  withTimeout,
  type Mailbox,
  type MailboxConfig,
} from './mailbox';

/** SFTP v3 status codes as ssh2-sftp-client passes them on in `error.code`. */
const NO_SUCH_FILE = 2;
const FAILURE = 4;

interface SftpError {
  message: string;
  code?: string | number;
}

function asSftpError(error: unknown): SftpError {
  if (error instanceof MailboxError) throw error;
  const e = error as { message?: unknown; code?: unknown };
  return { message: String(e?.message ?? error), code: typeof e?.code === 'string' || typeof e?.code === 'number' ? e.code : undefined };
}

function isNotFound(e: SftpError): boolean {
  return e.code === NO_SUCH_FILE || e.code === 'ENOENT';
}

export async function openSftpMailbox(config: MailboxConfig): Promise<Mailbox> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_MAILBOX_TIMEOUT_MS;
  const where = `${config.host}:${config.port}`;
  const expectedKey = config.hostKeySha256 ? normalizeFingerprint(config.hostKeySha256) : null;
  let seenKey: string | null = null;
  // The library's default callbacks print to the console; a dropped connection shows up on the next call instead.
  const quiet = () => undefined;
  const client = new SftpClient('omnio-edi', { error: quiet, end: quiet, close: quiet });

  try {
    await withTimeout(
      client.connect({
        host: config.host,
        port: config.port,
        username: config.username,
        password: config.password,
        readyTimeout: timeoutMs,
        // Only password: an agent or keyboard-interactive fallback would turn a wrong password into a hang or a misleading error.
        tryKeyboard: false,
        hostVerifier: (key: Buffer) => {
          seenKey = createHash('sha256').update(key).digest('base64').replace(/=+$/, '');
          return expectedKey === null || seenKey === expectedKey;
        },
      }),
      timeoutMs + 1000,
      () => new MailboxError(`Could not reach ${where}: no answer within ${Math.round(timeoutMs / 1000)} s`, 'unreachable'),
    );
  } catch (error) {
    await client.end().catch(() => undefined);
    if (error instanceof MailboxError) throw error;
    const e = asSftpError(error);
    if (expectedKey !== null && seenKey !== null && seenKey !== expectedKey) {
      throw new MailboxError(`The server's host key changed (expected SHA256:${expectedKey}, got SHA256:${seenKey})`, 'host_key');
    }
    if (/authentication methods failed/i.test(e.message)) throw new MailboxError('The SFTP server refused the user name or password', 'auth');
    const reason = unreachableReason(typeof e.code === 'string' ? e.code : undefined, e.message, timeoutMs);
    if (reason) throw new MailboxError(`Could not reach ${where}: ${reason}`, 'unreachable');
    throw new MailboxError(`Could not open the SFTP session on ${where}: ${e.message}`, 'failed');
  }

  // SFTP is request/answer in small packets: with Nagle's algorithm on, each 64 KB read waits for a delayed ACK
  // (a 2 MB interchange took 8 s instead of 0.1 s on loopback). The types do not declare the wrapped ssh2 client.
  (client as unknown as { client: { setNoDelay(on: boolean): void } }).client.setNoDelay(true);

  const run = <T>(what: string, op: () => Promise<T>): Promise<T> =>
    withTimeout(op(), timeoutMs, () => new MailboxError(`The SFTP server did not answer within ${Math.round(timeoutMs / 1000)} s (${what})`, 'unreachable'));
  const failed = (what: string, e: SftpError) =>
    e.code === 'ERR_NOT_CONNECTED' || e.code === 'ECONNRESET'
      ? new MailboxError(`Lost the connection to ${where} (${what})`, 'unreachable')
      : new MailboxError(`The SFTP server refused to ${what}: ${e.message}`, 'failed');
  const missingFolder = (path: string) => new MailboxError(`The folder ${path} does not exist on the server`, 'not_found');
  const missingFile = (path: string) => new MailboxError(`The file ${path} does not exist on the server`, 'not_found');
  const exists = (path: string) => new MailboxError(`A file named ${path} already exists on the server`, 'exists');
  const existsAt = async (path: string): Promise<boolean> => (await run(`check ${path}`, () => client.exists(path))) !== false;

  return {
    hostKeySha256: seenKey,

    async list(dir) {
      try {
        const items = await run(`list ${dir}`, () => client.list(dir));
        return sortMailboxEntries(
          items
            .filter((item) => item.type === '-' && isMailboxFileName(item.name))
            .map((item) => ({ name: item.name, size: item.size, modifiedAt: new Date(item.modifyTime).toISOString() })),
        );
      } catch (error) {
        const e = asSftpError(error);
        throw isNotFound(e) ? missingFolder(dir) : failed(`list ${dir}`, e);
      }
    },

    async get(path) {
      try {
        const data = await run(`read ${path}`, () => client.get(path));
        if (!Buffer.isBuffer(data)) throw new MailboxError(`The SFTP client returned no data for ${path}`, 'failed');
        return data;
      } catch (error) {
        const e = asSftpError(error);
        throw isNotFound(e) ? missingFile(path) : failed(`read ${path}`, e);
      }
    },

    async put(path, data) {
      if (await existsAt(path)) throw exists(path);
      const tmp = `${path}.tmp`;
      try {
        await run(`write ${tmp}`, () => client.put(data, tmp));
      } catch (error) {
        const e = asSftpError(error);
        throw isNotFound(e) ? missingFolder(parentDir(path)) : failed(`write ${tmp}`, e);
      }
      try {
        await run(`rename ${tmp}`, () => client.rename(tmp, path));
      } catch (error) {
        const e = asSftpError(error);
        // Someone else wrote the same name in between: leave theirs, drop ours.
        await client.delete(tmp, true).catch(() => undefined);
        if (e.code === FAILURE && (await existsAt(path).catch(() => false))) throw exists(path);
        throw failed(`rename ${tmp} to ${path}`, e);
      }
    },

    async remove(path) {
      try {
        await run(`delete ${path}`, () => client.delete(path));
      } catch (error) {
        const e = asSftpError(error);
        throw isNotFound(e) ? missingFile(path) : failed(`delete ${path}`, e);
      }
    },

    async move(from, to) {
      try {
        await run(`rename ${from}`, () => client.rename(from, to));
      } catch (error) {
        const e = asSftpError(error);
        if (isNotFound(e)) {
          if (!(await existsAt(from).catch(() => true))) throw missingFile(from);
          throw missingFolder(parentDir(to));
        }
        if (e.code === FAILURE && (await existsAt(to).catch(() => false))) throw exists(to);
        throw failed(`rename ${from} to ${to}`, e);
      }
    },

    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
