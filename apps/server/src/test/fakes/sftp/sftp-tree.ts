import { posix } from 'node:path';

/**
 * The in-memory file tree behind the SFTP fake. Errors carry the SFTP v3 status the server answers with
 * (NO_SUCH_FILE = 2, FAILURE = 4), chosen as OpenSSH's sftp-server does for the same situation.
 */

export const NO_SUCH_FILE = 2;
export const FAILURE = 4;

export class TreeError extends Error {
  constructor(
    message: string,
    readonly status: typeof NO_SUCH_FILE | typeof FAILURE,
  ) {
    super(message);
  }
}

export type TreeNode = { type: 'dir'; mtimeMs: number } | { type: 'file'; data: Buffer; mtimeMs: number };

export function normalizePath(p: string): string {
  const normal = posix.normalize(posix.join('/', p));
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

export class SftpTree {
  private readonly nodes = new Map<string, TreeNode>([['/', { type: 'dir', mtimeMs: Date.now() }]]);
  private lastMtime = 0;

  /** Strictly increasing, so two changes in the same millisecond still have an order. */
  private now(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }

  get(path: string): TreeNode | undefined {
    return this.nodes.get(normalizePath(path));
  }

  private requireParentDir(path: string): void {
    const parent = this.nodes.get(posix.dirname(path));
    if (!parent) throw new TreeError(`No such file or directory: ${posix.dirname(path)}`, NO_SUCH_FILE);
    if (parent.type !== 'dir') throw new TreeError(`Not a directory: ${posix.dirname(path)}`, FAILURE);
  }

  mkdir(path: string, recursive = false): void {
    const p = normalizePath(path);
    if (this.nodes.has(p)) {
      if (recursive && this.nodes.get(p)?.type === 'dir') return;
      throw new TreeError(`File exists: ${p}`, FAILURE);
    }
    if (recursive && p !== '/') this.mkdir(posix.dirname(p), true);
    this.requireParentDir(p);
    this.nodes.set(p, { type: 'dir', mtimeMs: this.now() });
  }

  rmdir(path: string): void {
    const p = normalizePath(path);
    const node = this.nodes.get(p);
    if (!node) throw new TreeError(`No such file or directory: ${p}`, NO_SUCH_FILE);
    if (node.type !== 'dir' || p === '/' || this.children(p).length > 0) throw new TreeError(`Cannot remove ${p}`, FAILURE);
    this.nodes.delete(p);
  }

  /** Creates or truncates a file (OPEN with CREAT/TRUNC): it is visible, empty, from this moment on. */
  writeFile(path: string, data: Buffer, mtimeMs?: number): void {
    const p = normalizePath(path);
    if (this.nodes.get(p)?.type === 'dir') throw new TreeError(`Is a directory: ${p}`, FAILURE);
    this.requireParentDir(p);
    this.nodes.set(p, { type: 'file', data, mtimeMs: mtimeMs ?? this.now() });
  }

  /** A WRITE at an offset: the bytes land in the visible file straight away, as on a real disk. */
  writeAt(path: string, offset: number, chunk: Buffer): void {
    const node = this.nodes.get(normalizePath(path));
    if (!node || node.type !== 'file') throw new TreeError(`No such file: ${path}`, NO_SUCH_FILE);
    const end = offset + chunk.length;
    const data = end > node.data.length ? Buffer.concat([node.data, Buffer.alloc(end - node.data.length)]) : Buffer.from(node.data);
    chunk.copy(data, offset);
    node.data = data;
    node.mtimeMs = this.now();
  }

  remove(path: string): void {
    const p = normalizePath(path);
    const node = this.nodes.get(p);
    if (!node) throw new TreeError(`No such file: ${p}`, NO_SUCH_FILE);
    if (node.type === 'dir') throw new TreeError(`Is a directory: ${p}`, FAILURE);
    this.nodes.delete(p);
  }

  /** SFTP v3 RENAME as OpenSSH implements it: an existing target is refused, never replaced. */
  rename(from: string, to: string): void {
    const src = normalizePath(from);
    const dst = normalizePath(to);
    if (!this.nodes.has(src)) throw new TreeError(`No such file: ${src}`, NO_SUCH_FILE);
    this.requireParentDir(dst);
    if (this.nodes.has(dst)) throw new TreeError(`Failure: ${dst} exists`, FAILURE);
    if (dst.startsWith(`${src}/`)) throw new TreeError(`Cannot move ${src} into itself`, FAILURE);
    for (const [key, node] of [...this.nodes]) {
      if (key === src || key.startsWith(`${src}/`)) {
        this.nodes.delete(key);
        this.nodes.set(dst + key.slice(src.length), node);
      }
    }
  }

  /** Direct children of a folder, names only, in name order. */
  children(path: string): string[] {
    const p = normalizePath(path);
    const node = this.nodes.get(p);
    if (!node) throw new TreeError(`No such file or directory: ${p}`, NO_SUCH_FILE);
    if (node.type !== 'dir') throw new TreeError(`Not a directory: ${p}`, FAILURE);
    const prefix = p === '/' ? '/' : `${p}/`;
    return [...this.nodes.keys()]
      .filter((key) => key !== p && key.startsWith(prefix) && !key.slice(prefix.length).includes('/'))
      .map((key) => key.slice(prefix.length))
      .sort();
  }
}
