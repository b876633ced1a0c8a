import { PassThrough, Readable } from 'node:stream';
import { Client, FTPError, type FileInfo } from 'basic-ftp';
import {
  DEFAULT_MAILBOX_TIMEOUT_MS,
  MailboxError,
  isMailboxFileName,
  parentDir,
  sortMailboxEntries,
  unreachableReason,
  type Mailbox,
  type MailboxConfig,
  type MailboxEntry,
} from './mailbox';

/** 530 "Not logged in"; 550 "file unavailable" (missing, or not allowed); 553 "file name not allowed". */
const NOT_LOGGED_IN = 530;
const UNAVAILABLE = 550;

function ftpCode(error: unknown): number | undefined {
  return error instanceof FTPError ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function openFtpMailbox(config: MailboxConfig): Promise<Mailbox> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_MAILBOX_TIMEOUT_MS;
  const where = `${config.host}:${config.port}`;
  const label = config.protocol === 'ftps' ? 'FTPS' : 'FTP';
  // basic-ftp's timeout covers every wait on the control and data connections, the connect included.
  const client = new Client(timeoutMs);

  try {
    await client.access({
      host: config.host,
      port: config.port,
      user: config.username,
      password: config.password,
      // ftps is explicit TLS (AUTH TLS on the plain port), what hosted EDI mailboxes offer.
      secure: config.protocol === 'ftps',
    });
  } catch (error) {
    client.close();
    if (ftpCode(error) === NOT_LOGGED_IN) throw new MailboxError(`The ${label} server refused the user name or password`, 'auth');
    const e = error as { code?: unknown; message?: unknown };
    const reason = unreachableReason(typeof e?.code === 'string' ? e.code : undefined, messageOf(error), timeoutMs);
    if (reason) throw new MailboxError(`Could not reach ${where}: ${reason}`, 'unreachable');
    throw new MailboxError(`Could not open the ${label} session on ${where}: ${messageOf(error)}`, 'failed');
  }

  const failed = (what: string, error: unknown) => {
    if (error instanceof MailboxError) return error;
    const reason = unreachableReason((error as { code?: string })?.code, messageOf(error), timeoutMs);
    if (reason && !(error instanceof FTPError)) return new MailboxError(`Lost the connection to ${where} (${what}): ${reason}`, 'unreachable');
    return new MailboxError(`The ${label} server refused to ${what}: ${messageOf(error)}`, 'failed');
  };
  const missingFolder = (path: string) => new MailboxError(`The folder ${path} does not exist on the server`, 'not_found');
  const missingFile = (path: string) => new MailboxError(`The file ${path} does not exist on the server`, 'not_found');
  const exists = (path: string) => new MailboxError(`A file named ${path} already exists on the server`, 'exists');
  // FTP has no "stat": SIZE answers only for an existing regular file.
  const fileExists = async (path: string): Promise<boolean> => {
    try {
      await client.size(path);
      return true;
    } catch (error) {
      if (ftpCode(error) === UNAVAILABLE) return false;
      throw failed(`check ${path}`, error);
    }
  };
  const folderExists = async (path: string): Promise<boolean> => {
    const back = await client.pwd();
    try {
      await client.cd(path);
      return true;
    } catch (error) {
      if (ftpCode(error) === UNAVAILABLE) return false;
      throw failed(`open ${path}`, error);
    } finally {
      await client.cd(back).catch(() => undefined);
    }
  };
  const modifiedAt = async (dir: string, info: FileInfo): Promise<string> => {
    if (info.modifiedAt) return info.modifiedAt.toISOString();
    // A LIST-only server gives "Nov 27 20:52" without a zone; MDTM is exact (UTC, to the second).
    return (await client.lastMod(`${dir.endsWith('/') ? dir : `${dir}/`}${info.name}`)).toISOString();
  };

  // One FTP control connection carries one command at a time; basic-ftp rejects overlapping calls, so queue them.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.then(op);
    chain = next.catch(() => undefined);
    return next;
  };

  const mailbox: Mailbox = {
    hostKeySha256: null,

    async list(dir) {
      // Many servers answer LIST/MLSD of a missing folder with an empty listing, so ask first.
      if (!(await folderExists(dir))) throw missingFolder(dir);
      try {
        const infos = (await client.list(dir)).filter((info) => info.isFile && isMailboxFileName(info.name));
        const entries: MailboxEntry[] = [];
        for (const info of infos) entries.push({ name: info.name, size: info.size, modifiedAt: await modifiedAt(dir, info) });
        return sortMailboxEntries(entries);
      } catch (error) {
        throw failed(`list ${dir}`, error);
      }
    },

    async get(path) {
      const chunks: Buffer[] = [];
      const sink = new PassThrough();
      sink.on('data', (chunk: Buffer) => chunks.push(chunk));
      try {
        await client.downloadTo(sink, path);
        return Buffer.concat(chunks);
      } catch (error) {
        if (ftpCode(error) === UNAVAILABLE) throw missingFile(path);
        throw failed(`read ${path}`, error);
      }
    },

    async put(path, data) {
      if (await fileExists(path)) throw exists(path);
      const tmp = `${path}.tmp`;
      try {
        await client.uploadFrom(Readable.from([data]), tmp);
      } catch (error) {
        // 550 or 553 depending on the server: look whether the folder is the cause.
        if (error instanceof FTPError && !(await folderExists(parentDir(path)))) throw missingFolder(parentDir(path));
        throw failed(`write ${tmp}`, error);
      }
      // Most FTP servers let RNTO replace a file, so the check above is the guard; look again just before.
      try {
        if (await fileExists(path)) throw exists(path);
        await client.rename(tmp, path);
      } catch (error) {
        await client.remove(tmp, true).catch(() => undefined);
        throw error instanceof MailboxError ? error : failed(`rename ${tmp} to ${path}`, error);
      }
    },

    async remove(path) {
      try {
        await client.remove(path);
      } catch (error) {
        if (ftpCode(error) === UNAVAILABLE) throw missingFile(path);
        throw failed(`delete ${path}`, error);
      }
    },

    async move(from, to) {
      if (!(await fileExists(from))) throw missingFile(from);
      if (await fileExists(to)) throw exists(to);
      try {
        await client.rename(from, to);
      } catch (error) {
        if (error instanceof FTPError && !(await folderExists(parentDir(to)))) throw missingFolder(parentDir(to));
        throw failed(`rename ${from} to ${to}`, error);
      }
    },

    async close() {
      client.close();
    },
  };
  return {
    hostKeySha256: null,
    list: (dir) => serial(() => mailbox.list(dir)),
    get: (path) => serial(() => mailbox.get(path)),
    put: (path, data) => serial(() => mailbox.put(path, data)),
    remove: (path) => serial(() => mailbox.remove(path)),
    move: (from, to) => serial(() => mailbox.move(from, to)),
    close: () => serial(() => mailbox.close()),
  };
}
