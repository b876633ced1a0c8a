import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { isUuid } from '../../platform/http/errors';

/**
 * The bytes of media files, on disk at DATA_DIR/media/<tenant_id>/<id>. A file is first written under a
 * temporary name in its final folder (same file system), then renamed: a reader never sees half a file.
 * Names are ids only (checked here), so no request text ever becomes a path.
 */
export class MediaStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'media');
  }

  private folderOf(tenantId: string): string {
    if (!isUuid(tenantId)) throw new Error(`media store: bad tenant id ${tenantId}`);
    return path.join(this.root, tenantId.toLowerCase());
  }

  pathOf(tenantId: string, id: string): string {
    if (!isUuid(id)) throw new Error(`media store: bad media id ${id}`);
    return path.join(this.folderOf(tenantId), id.toLowerCase());
  }

  private async tempPath(tenantId: string): Promise<string> {
    const folder = this.folderOf(tenantId);
    await fs.mkdir(folder, { recursive: true });
    // A leading dot: never an id, so a temporary file cannot be mistaken for (or replace) a stored one.
    return path.join(folder, `.tmp-${randomUUID()}`);
  }

  /** Writes the bytes under a temporary name; answers that name for place() or discard(). */
  async stage(tenantId: string, bytes: Buffer): Promise<string> {
    const temp = await this.tempPath(tenantId);
    await fs.writeFile(temp, bytes, { flag: 'wx' });
    return temp;
  }

  /** Copies a stored file under a temporary name (clone). */
  async stageCopy(tenantId: string, sourceId: string): Promise<string> {
    const temp = await this.tempPath(tenantId);
    await fs.copyFile(this.pathOf(tenantId, sourceId), temp, fs.constants.COPYFILE_EXCL);
    return temp;
  }

  /** Gives a staged file its final name. */
  async place(staged: string, tenantId: string, id: string): Promise<string> {
    const final = this.pathOf(tenantId, id);
    await fs.rename(staged, final);
    return final;
  }

  /** Opens a stored file for reading; null when it is not on disk. */
  async open(tenantId: string, id: string): Promise<fs.FileHandle | null> {
    try {
      return await fs.open(this.pathOf(tenantId, id), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Removes a stored file; one that is already gone is fine. */
  async remove(tenantId: string, id: string): Promise<void> {
    await discard(this.pathOf(tenantId, id));
  }
}

/** Removes a file by path (a staged or placed file of a failed request); a missing one is fine. */
export async function discard(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}
