/**
 * A trading partner's mailbox: an SFTP or FTP(S) server with an inbound and an outbound folder. The sender
 * uploads, the receiver deletes after pickup (shared/channels/edi-networks.md §3).
 */

export interface MailboxEntry {
  name: string;
  size: number;
  /** ISO 8601. SFTP v3 and FTP LIST carry whole seconds at best. */
  modifiedAt: string;
}

export interface Mailbox {
  /** Regular files only, sorted by modifiedAt then name; names ending `.tmp` and dot-files are skipped. */
  list(dir: string): Promise<MailboxEntry[]>;
  get(path: string): Promise<Buffer>;
  /** Writes `<path>.tmp` then renames it to `<path>`, so a partner never picks up half a file; an existing file is never replaced. */
  put(path: string, data: Buffer): Promise<void>;
  remove(path: string): Promise<void>;
  /** Rename, e.g. to archive a processed file; an existing target is never replaced. */
  move(from: string, to: string): Promise<void>;
  close(): Promise<void>;
  /** SFTP: the server's host key fingerprint (base64 SHA-256, as OpenSSH prints after "SHA256:"); FTP: null. */
  hostKeySha256: string | null;
}

export interface MailboxConfig {
  protocol: 'sftp' | 'ftp' | 'ftps';
  host: string;
  port: number;
  username: string;
  password: string;
  /** When set, a server presenting a different key is refused. */
  hostKeySha256?: string | null;
  /** Connect and per-operation limit; default 20000. */
  timeoutMs?: number;
}

export type MailboxErrorCode = 'auth' | 'host_key' | 'unreachable' | 'not_found' | 'exists' | 'failed';

/** Messages are written for the seller who set the mailbox up. */
export class MailboxError extends Error {
  constructor(
    message: string,
    readonly code: MailboxErrorCode,
  ) {
    super(message);
    this.name = 'MailboxError';
  }
}

export const DEFAULT_MAILBOX_TIMEOUT_MS = 20_000;

/** Posix join of a folder and a file name: `/in` + `a.edi` → `/in/a.edi`; `/` + `a.edi` → `/a.edi`. */
export function mailboxPath(dir: string, name: string): string {
  if (dir === '' || dir === '.') return name;
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

/** Dot-files are the server's own (.ssh, .profile) and `.tmp` names are uploads still in flight. */
export function isMailboxFileName(name: string): boolean {
  return !name.startsWith('.') && !name.endsWith('.tmp');
}

export function sortMailboxEntries(entries: MailboxEntry[]): MailboxEntry[] {
  return entries.sort((a, b) => (a.modifiedAt === b.modifiedAt ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.modifiedAt < b.modifiedAt ? -1 : 1));
}

/** "SHA256:abc=" and "abc" name the same key. */
export function normalizeFingerprint(value: string): string {
  return value.trim().replace(/^SHA256:/i, '').replace(/=+$/, '');
}

export function parentDir(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** Rejects with `onTimeout()` when `promise` has not settled within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(onTimeout()), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Socket-level failures, in words. */
export function unreachableReason(code: string | undefined, message: string, timeoutMs: number): string | null {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host';
    case 'ETIMEDOUT':
      return `no answer within ${Math.round(timeoutMs / 1000)} s`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the network cannot reach it';
    case 'ECONNRESET':
      return 'the server closed the connection';
  }
  if (/timed out|timeout/i.test(message)) return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  return null;
}

export async function openMailbox(config: MailboxConfig): Promise<Mailbox> {
  if (config.protocol === 'sftp') {
    const { openSftpMailbox } = await import('./sftp-mailbox');
    return openSftpMailbox(config);
  }
  const { openFtpMailbox } = await import('./ftp-mailbox');
  return openFtpMailbox(config);
}
