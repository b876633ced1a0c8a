import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { posix } from 'node:path';
import { SftpTree, TreeError, normalizePath, type TreeNode } from '../sftp/sftp-tree';

/**
 * A plain-FTP server (RFC 959 + EPSV/PASV passive mode, SIZE/MDTM/MLSD of RFC 3659) on 127.0.0.1 over an in-memory
 * tree: a trading partner's FTP mailbox (shared/channels/edi-networks.md §3). It answers exactly what basic-ftp sends;
 * no TLS (AUTH is refused), no active mode. RNTO replaces an existing file, as vsftpd and ProFTPD do.
 */

export interface FtpFakeOptions {
  users?: { username: string; password: string }[];
  dirs?: string[];
  port?: number;
}

export interface FtpFake {
  host: '127.0.0.1';
  port: number;
  addUser(username: string, password: string): void;
  putFile(path: string, content: string | Buffer, modifiedAt?: Date): void;
  readFile(path: string): Buffer | null;
  listFiles(dir: string): string[];
  removeFile(path: string): void;
  mkdir(path: string): void;
  readonly connections: number;
  readonly failedLogins: number;
  /** Every command received, passwords masked, e.g. "STOR /in/a.edi.tmp". */
  readonly commands: string[];
  close(): Promise<void>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ftpTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
};
const mlsdLine = (name: string, node: TreeNode) =>
  node.type === 'dir' ? `type=dir;modify=${ftpTime(node.mtimeMs)};unix.mode=0755; ${name}` : `type=file;size=${node.data.length};modify=${ftpTime(node.mtimeMs)};unix.mode=0644; ${name}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const listLine = (name: string, node: TreeNode) => {
  const d = new Date(node.mtimeMs);
  const size = node.type === 'dir' ? 4096 : node.data.length;
  return `${node.type === 'dir' ? 'drwxr-xr-x' : '-rw-r--r--'}    1 1000     1000     ${String(size).padStart(8)} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} ${name}`;
};

export async function startFtpFake(opts: FtpFakeOptions = {}): Promise<FtpFake> {
  const users = new Map((opts.users ?? [{ username: 'partner', password: 'mailbox-secret' }]).map((u) => [u.username, u.password]));
  const tree = new SftpTree();
  for (const dir of opts.dirs ?? []) tree.mkdir(dir, true);
  let connections = 0;
  let failedLogins = 0;
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  const dataServers = new Set<Server>();

  const server = createServer((control) => {
    sockets.add(control);
    control.on('close', () => sockets.delete(control));
    control.on('error', () => undefined);
    let user: string | null = null;
    let loggedIn = false;
    let cwd = '/';
    let renameFrom: string | null = null;
    let dataSocket: Promise<Socket> | null = null;
    const reply = (text: string) => control.write(`${text}\r\n`);
    const resolve = (arg: string) => normalizePath(arg.startsWith('/') ? arg : posix.join(cwd, arg || '.'));

    const openPassive = async (): Promise<number> => {
      const listener = createServer();
      dataServers.add(listener);
      dataSocket = new Promise<Socket>((done) => {
        listener.once('connection', (socket) => {
          socket.on('error', () => undefined);
          listener.close(() => dataServers.delete(listener));
          done(socket);
        });
      });
      await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
      return (listener.address() as AddressInfo).port;
    };
    const takeData = async (): Promise<Socket | null> => {
      const pending = dataSocket;
      dataSocket = null;
      if (!pending) reply('425 Use PASV or EPSV first.');
      return pending;
    };
    const sendData = async (payload: Buffer | string, opening: string) => {
      const socket = await takeData();
      if (!socket) return;
      reply(opening);
      await new Promise<void>((done) => socket.end(payload, () => done()));
      reply('226 Transfer complete.');
    };

    const handle = async (verb: string, arg: string): Promise<unknown> => {
      if (verb === 'USER') return (user = arg), (loggedIn = false), reply('331 Please specify the password.');
      if (verb === 'PASS') {
        if (user !== null && users.get(user) === arg) return (loggedIn = true), (connections += 1), reply('230 Login successful.');
        failedLogins += 1;
        return reply('530 Login incorrect.');
      }
      if (verb === 'QUIT') return void control.end('221 Goodbye.\r\n');
      if (verb === 'SYST') return reply('215 UNIX Type: L8');
      if (verb === 'FEAT') return reply('211-Features:\r\n EPSV\r\n PASV\r\n SIZE\r\n MDTM\r\n MLST type*;size*;modify*;unix.mode*;\r\n UTF8\r\n211 End');
      if (verb === 'OPTS' || verb === 'NOOP') return reply('200 OK.');
      if (verb === 'AUTH') return reply('502 TLS is not offered by this server.');
      if (!loggedIn) return reply('530 Please login with USER and PASS.');
      switch (verb) {
        case 'TYPE':
        case 'STRU':
          return reply('200 OK.');
        case 'PWD':
          return reply(`257 "${cwd}" is the current directory`);
        case 'CWD':
        case 'CDUP': {
          const target = resolve(verb === 'CDUP' ? '..' : arg);
          if (tree.get(target)?.type !== 'dir') return reply('550 Failed to change directory.');
          cwd = target;
          return reply('250 Directory successfully changed.');
        }
        case 'EPSV':
          return reply(`229 Entering Extended Passive Mode (|||${await openPassive()}|)`);
        case 'PASV': {
          const port = await openPassive();
          return reply(`227 Entering Passive Mode (127,0,0,1,${port >> 8},${port & 255}).`);
        }
        case 'LIST':
        case 'MLSD': {
          const dir = resolve(arg.replace(/^-a\s*/, ''));
          const node = tree.get(dir);
          if (node?.type !== 'dir') return (await takeData())?.destroy(), reply('550 Failed to open directory.');
          const lines = tree.children(dir).map((name) => [name, tree.get(posix.join(dir, name))] as const);
          const format = verb === 'MLSD' ? mlsdLine : listLine;
          const text = lines.map(([name, child]) => (child ? `${format(name, child)}\r\n` : '')).join('');
          return sendData(text, '150 Here comes the directory listing.');
        }
        case 'RETR': {
          const node = tree.get(resolve(arg));
          if (node?.type !== 'file') return (await takeData())?.destroy(), reply('550 Failed to open file.');
          return sendData(node.data, `150 Opening BINARY mode data connection for ${arg} (${node.data.length} bytes).`);
        }
        case 'STOR': {
          const path = resolve(arg);
          try {
            tree.writeFile(path, Buffer.alloc(0)); // visible, empty, from this moment on
          } catch {
            return (await takeData())?.destroy(), reply('553 Could not create file.');
          }
          const socket = await takeData();
          if (!socket) return;
          reply('150 Ok to send data.');
          let offset = 0;
          socket.on('data', (chunk: Buffer) => {
            if (tree.get(path)?.type === 'file') tree.writeAt(path, offset, chunk);
            offset += chunk.length;
          });
          await new Promise<void>((done) => socket.once('close', () => done()));
          return reply('226 Transfer complete.');
        }
        case 'DELE':
          if (tree.get(resolve(arg))?.type !== 'file') return reply('550 Delete operation failed.');
          tree.remove(resolve(arg));
          return reply('250 Delete operation successful.');
        case 'RNFR':
          if (!tree.get(resolve(arg))) return reply('550 RNFR command failed.');
          renameFrom = resolve(arg);
          return reply('350 Ready for RNTO.');
        case 'RNTO': {
          const from = renameFrom;
          renameFrom = null;
          if (!from) return reply('503 RNFR required first.');
          const to = resolve(arg);
          try {
            if (tree.get(to)?.type === 'file') tree.remove(to); // rename(2) replaces a file
            tree.rename(from, to);
            return reply('250 Rename successful.');
          } catch {
            return reply('550 Rename failed.');
          }
        }
        case 'SIZE':
        case 'MDTM': {
          const node = tree.get(resolve(arg));
          if (node?.type !== 'file') return reply('550 Could not get file size.');
          return reply(`213 ${verb === 'SIZE' ? node.data.length : ftpTime(node.mtimeMs)}`);
        }
        case 'MKD':
        case 'RMD':
          try {
            if (verb === 'MKD') tree.mkdir(resolve(arg));
            else tree.rmdir(resolve(arg));
            return reply(verb === 'MKD' ? `257 "${resolve(arg)}" created` : '250 Remove directory operation successful.');
          } catch (error) {
            return reply(`550 ${error instanceof TreeError ? error.message : 'Failed.'}`);
          }
        default:
          return reply(`502 ${verb} not implemented.`);
      }
    };

    // Commands run one after another, as a real server reads its control connection.
    let queue: Promise<unknown> = Promise.resolve();
    let pending = '';
    control.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const space = line.indexOf(' ');
        const verb = (space < 0 ? line : line.slice(0, space)).toUpperCase();
        const arg = space < 0 ? '' : line.slice(space + 1);
        commands.push(verb === 'PASS' ? 'PASS ****' : line);
        queue = queue.then(() => handle(verb, arg)).catch(() => void reply('451 Local error in processing.'));
      }
    });
    reply('220 Omnio FTP fake ready.');
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => done());
  });

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    addUser: (username, password) => void users.set(username, password),
    putFile: (path, content, modifiedAt) => {
      tree.mkdir(posix.dirname(normalizePath(path)), true);
      tree.writeFile(path, Buffer.from(content), modifiedAt?.getTime());
    },
    readFile: (path) => {
      const node = tree.get(path);
      return node?.type === 'file' ? Buffer.from(node.data) : null;
    },
    listFiles: (dir) => (tree.get(dir)?.type === 'dir' ? tree.children(dir).filter((name) => tree.get(posix.join(normalizePath(dir), name))?.type === 'file') : []),
    removeFile: (path) => tree.remove(path),
    mkdir: (path) => tree.mkdir(path, true),
    get connections() {
      return connections;
    },
    get failedLogins() {
      return failedLogins;
    },
    commands,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        for (const listener of dataServers) listener.close();
        server.close(() => done());
      }),
  };
}
