import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { posix } from 'node:path';
import ssh2 from 'ssh2';
import type { Attributes, AuthContext, Connection, FileEntry, SFTPWrapper } from 'ssh2';
import { FAILURE, NO_SUCH_FILE, SftpTree, TreeError, normalizePath, type TreeNode } from './sftp-tree';

/**
 * A real SFTP server (SSH-2 + SFTP v3, ssh2's server side) on 127.0.0.1 over an in-memory tree: a trading
 * partner's mailbox (shared/channels/edi-networks.md §3). Password logins only. See README.md.
 */

export interface SftpUser {
  username: string;
  password: string;
}

export interface SftpFakeOptions {
  users?: SftpUser[];
  /** Created at start with their parents, e.g. ['/in', '/out']. */
  dirs?: string[];
  port?: number;
}

export interface SftpFake {
  host: '127.0.0.1';
  port: number;
  /** The host key's SHA-256 fingerprint, base64 without padding (what OpenSSH prints after "SHA256:"). */
  hostKeySha256: string;
  addUser(username: string, password: string): void;
  /** As the partner: the file appears in its folder at once (parents are created). */
  putFile(path: string, content: string | Buffer, modifiedAt?: Date): void;
  readFile(path: string): Buffer | null;
  /** Names of the regular files in a folder, in name order ([] when the folder does not exist). */
  listFiles(dir: string): string[];
  hasFolder(path: string): boolean;
  removeFile(path: string): void;
  mkdir(path: string): void;
  /** Successful logins so far. */
  readonly connections: number;
  readonly failedLogins: number;
  close(): Promise<void>;
}

export const DEFAULT_SFTP_USER: SftpUser = { username: 'partner', password: 'mailbox-secret' };

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function attrsOf(node: TreeNode): Attributes {
  const seconds = Math.floor(node.mtimeMs / 1000);
  return node.type === 'dir'
    ? { mode: S_IFDIR | 0o755, uid: 1000, gid: 1000, size: 4096, atime: seconds, mtime: seconds }
    : { mode: S_IFREG | 0o644, uid: 1000, gid: 1000, size: node.data.length, atime: seconds, mtime: seconds };
}

/** `ls -l` style, as OpenSSH sends it (ssh2-sftp-client reads the entry type from its first character). */
function longnameOf(name: string, node: TreeNode): string {
  const d = new Date(node.mtimeMs);
  const when = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  const perms = node.type === 'dir' ? 'drwxr-xr-x' : '-rw-r--r--';
  const size = node.type === 'dir' ? 4096 : node.data.length;
  return `${perms}    1 partner  partner  ${String(size).padStart(8)} ${when} ${name}`;
}

type Handle = { kind: 'file'; path: string } | { kind: 'dir'; path: string; sent: boolean };

function serveSftp(sftp: SFTPWrapper, tree: SftpTree): void {
  const handles = new Map<string, Handle>();
  let nextHandle = 0;
  const newHandle = (h: Handle): Buffer => {
    const buf = Buffer.alloc(4);
    buf.writeUInt32BE(nextHandle++);
    handles.set(buf.toString('hex'), h);
    return buf;
  };
  const handleOf = (buf: Buffer) => handles.get(buf.toString('hex'));
  /** Runs one request; a TreeError becomes its SFTP status, anything else a FAILURE. */
  const run = (reqId: number, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof TreeError) sftp.status(reqId, error.status, error.message);
      else sftp.status(reqId, FAILURE, error instanceof Error ? error.message : 'Failure');
    }
  };
  const ok = (reqId: number) => sftp.status(reqId, STATUS_CODE.OK);
  const noHandle = (reqId: number) => sftp.status(reqId, FAILURE, 'Invalid handle');

  sftp.on('OPEN', (reqId, filename, flags) =>
    run(reqId, () => {
      const path = normalizePath(filename);
      const node = tree.get(path);
      if (node?.type === 'dir') throw new TreeError(`Is a directory: ${path}`, FAILURE);
      if (node && flags & OPEN_MODE.CREAT && flags & OPEN_MODE.EXCL) throw new TreeError(`File exists: ${path}`, FAILURE);
      if (!node && !(flags & OPEN_MODE.CREAT)) throw new TreeError(`No such file: ${path}`, NO_SUCH_FILE);
      if (!node || flags & OPEN_MODE.TRUNC) tree.writeFile(path, Buffer.alloc(0));
      sftp.handle(reqId, newHandle({ kind: 'file', path }));
    }),
  );
  sftp.on('READ', (reqId, handle, offset, length) =>
    run(reqId, () => {
      const h = handleOf(handle);
      if (h?.kind !== 'file') return noHandle(reqId);
      const node = tree.get(h.path);
      if (node?.type !== 'file') throw new TreeError(`No such file: ${h.path}`, NO_SUCH_FILE);
      if (offset >= node.data.length) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, node.data.subarray(offset, offset + length));
    }),
  );
  sftp.on('WRITE', (reqId, handle, offset, data) =>
    run(reqId, () => {
      const h = handleOf(handle);
      if (h?.kind !== 'file') return noHandle(reqId);
      tree.writeAt(h.path, offset, data);
      ok(reqId);
    }),
  );
  sftp.on('FSTAT', (reqId, handle) =>
    run(reqId, () => {
      const h = handleOf(handle);
      const node = h && tree.get(h.path);
      if (!node) return noHandle(reqId);
      sftp.attrs(reqId, attrsOf(node));
    }),
  );
  const stat = (reqId: number, path: string) =>
    run(reqId, () => {
      const node = tree.get(path);
      if (!node) throw new TreeError(`No such file: ${path}`, NO_SUCH_FILE);
      sftp.attrs(reqId, attrsOf(node));
    });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  // Permissions and times are not modelled; accepting keeps clients that set them working.
  sftp.on('SETSTAT', (reqId, path) =>
    run(reqId, () => {
      if (!tree.get(path)) throw new TreeError(`No such file: ${path}`, NO_SUCH_FILE);
      ok(reqId);
    }),
  );
  sftp.on('FSETSTAT', (reqId, handle) => (handleOf(handle) ? ok(reqId) : noHandle(reqId)));
  sftp.on('CLOSE', (reqId, handle) => (handles.delete(handle.toString('hex')) ? ok(reqId) : noHandle(reqId)));
  sftp.on('OPENDIR', (reqId, path) =>
    run(reqId, () => {
      tree.children(path); // throws for a missing folder or a file
      sftp.handle(reqId, newHandle({ kind: 'dir', path: normalizePath(path), sent: false }));
    }),
  );
  sftp.on('READDIR', (reqId, handle) =>
    run(reqId, () => {
      const h = handleOf(handle);
      if (h?.kind !== 'dir') return noHandle(reqId);
      if (h.sent) return sftp.status(reqId, STATUS_CODE.EOF);
      h.sent = true;
      const self = tree.get(h.path);
      const entries: FileEntry[] = self ? [{ filename: '.', longname: longnameOf('.', self), attrs: attrsOf(self) }] : [];
      for (const name of tree.children(h.path)) {
        const node = tree.get(posix.join(h.path, name));
        if (node) entries.push({ filename: name, longname: longnameOf(name, node), attrs: attrsOf(node) });
      }
      sftp.name(reqId, entries);
    }),
  );
  sftp.on('REMOVE', (reqId, path) => run(reqId, () => (tree.remove(path), ok(reqId))));
  sftp.on('RMDIR', (reqId, path) => run(reqId, () => (tree.rmdir(path), ok(reqId))));
  sftp.on('MKDIR', (reqId, path) => run(reqId, () => (tree.mkdir(path), ok(reqId))));
  sftp.on('RENAME', (reqId, from, to) => run(reqId, () => (tree.rename(from, to), ok(reqId))));
  sftp.on('REALPATH', (reqId, path) =>
    run(reqId, () => {
      const abs = normalizePath(path);
      const node = tree.get(abs);
      if (!node) throw new TreeError(`No such file: ${abs}`, NO_SUCH_FILE);
      sftp.name(reqId, [{ filename: abs, longname: abs, attrs: attrsOf(node) }]);
    }),
  );
  sftp.on('READLINK', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('SYMLINK', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('EXTENDED', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
}

/**
 * A fresh ed25519 host key. ssh2 cannot read back about 1 in 300 of the keys it generates ("Malformed
 * OpenSSH private key"), so a key it cannot parse is replaced by another.
 */
function hostKeyPair(): { hostKey: string; parsed: ssh2.ParsedKey } {
  for (let tries = 0; ; tries++) {
    const { private: hostKey } = ssh2.utils.generateKeyPairSync('ed25519');
    const parsed = ssh2.utils.parseKey(hostKey);
    if (!(parsed instanceof Error)) return { hostKey, parsed };
    if (tries >= 20) throw parsed;
  }
}

export async function startSftpFake(opts: SftpFakeOptions = {}): Promise<SftpFake> {
  const users = new Map((opts.users ?? [DEFAULT_SFTP_USER]).map((u) => [u.username, u.password]));
  const tree = new SftpTree();
  for (const dir of opts.dirs ?? []) tree.mkdir(dir, true);

  const { hostKey, parsed } = hostKeyPair();
  const hostKeySha256 = createHash('sha256').update(parsed.getPublicSSH()).digest('base64').replace(/=+$/, '');

  let connections = 0;
  let failedLogins = 0;
  const clients = new Set<Connection>();
  const server = new ssh2.Server({ hostKeys: [hostKey] }, (client) => {
    // As an OpenSSH server does (TCP_NODELAY): without it every SFTP answer waits for a delayed ACK.
    (client as unknown as { setNoDelay(on: boolean): void }).setNoDelay(true);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined); // a client hanging up mid-handshake is not the fake's failure
    client.on('authentication', (ctx: AuthContext) => {
      if (ctx.method !== 'password') return ctx.reject(['password']);
      if (users.get(ctx.username) === ctx.password) return ctx.accept();
      failedLogins += 1;
      ctx.reject(['password']);
    });
    client.on('ready', () => {
      connections += 1;
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), tree));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    hostKeySha256,
    addUser: (username, password) => void users.set(username, password),
    putFile: (path, content, modifiedAt) => {
      tree.mkdir(posix.dirname(normalizePath(path)), true);
      tree.writeFile(path, Buffer.from(content), modifiedAt?.getTime());
    },
    readFile: (path) => {
      const node = tree.get(path);
      return node?.type === 'file' ? Buffer.from(node.data) : null;
    },
    listFiles: (dir) => {
      const node = tree.get(dir);
      if (node?.type !== 'dir') return [];
      return tree.children(dir).filter((name) => tree.get(posix.join(normalizePath(dir), name))?.type === 'file');
    },
    hasFolder: (path) => tree.get(path)?.type === 'dir',
    removeFile: (path) => tree.remove(path),
    mkdir: (path) => tree.mkdir(path, true),
    get connections() {
      return connections;
    },
    get failedLogins() {
      return failedLogins;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.end();
        server.close(() => resolve());
      }),
  };
}
