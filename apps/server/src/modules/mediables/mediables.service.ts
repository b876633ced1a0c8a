import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { and, asc, count, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import { paginate, type MediableDto as MediableAnswer, type MediablesDeletedDto, type Paginated, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, isUuid, notFound, type DomainError } from '../../platform/http/errors';
import { MediaStore, discard } from './media-store';
import { safeFileName, sniffImage } from './media-files';
import { assertCan, readableTypes, TYPE_RULES } from './mediable-types';
import type { MediableType, TCloneTarget, TMediableUpdate, TMediableUploadFields } from './mediables.schemas';
import { mediables, mediableTrash } from './mediables.tables';

type Row = typeof mediables.$inferSelect;

export type MediableDto = MediableAnswer;

export const fileUrl = (tenantId: string, id: string) => `/api/1.0/tenants/${tenantId}/mediables/${id}/file`;

function toDto(r: Row): MediableDto {
  return {
    id: r.id,
    tenant_id: r.tenantId,
    mediable_type: r.mediableType as MediableType,
    mediable_id: r.mediableId,
    folder: r.folder,
    file_name: r.fileName,
    mime_type: r.mimeType,
    size_bytes: r.sizeBytes,
    custom_properties: r.customProperties,
    position: r.position,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    url: fileUrl(r.tenantId, r.id),
  };
}

const storeOf = (ctx: TenantCtx) => new MediaStore(ctx.deps.config.dataDir);

/* ------------------------------------------------------------------ reading */

const ORDER = {
  position: mediables.position, created_at: mediables.createdAt, updated_at: mediables.updatedAt, file_name: mediables.fileName,
  size_bytes: mediables.sizeBytes,
};
const FILTERABLE = {
  folder: mediables.folder, mediable_type: mediables.mediableType, mediable_id: mediables.mediableId, mime_type: mediables.mimeType,
  file_name: mediables.fileName, size_bytes: mediables.sizeBytes, position: mediables.position, created_at: mediables.createdAt,
};

/**
 * Spec 7 search form: folder, mediable_type, mediable_id, mime_type (e.g. `folder:logos;mediable_type:process`);
 * bare text matches the file name. Only the types the caller may read are listed.
 */
export async function listMediables(ctx: TenantCtx, query: TListQuery): Promise<Paginated<MediableDto>> {
  const { fields, text } = searchOf(query);
  let types = readableTypes(ctx.principal);
  if (fields.mediable_type !== undefined) {
    const wanted = fields.mediable_type.toLowerCase();
    if (Object.hasOwn(TYPE_RULES, wanted)) assertCan(ctx.principal, wanted, 'read');
    types = types.filter((t) => t === wanted);
  }
  if (!types.length) return paginate([], 0, query.page, query.per_page);
  const where: SQL[] = [inArray(mediables.mediableType, types)];
  if (fields.folder !== undefined) where.push(eq(mediables.folder, fields.folder.toLowerCase()));
  if (fields.mediable_id !== undefined) where.push(eq(mediables.mediableId, fields.mediable_id.toLowerCase()));
  if (fields.mime_type !== undefined) where.push(eq(mediables.mimeType, fields.mime_type.toLowerCase()));
  if (text) where.push(ilike(mediables.fileName, containsPattern(text)));
  where.push(...filterConditions(query.filters, FILTERABLE));
  const { order } = orderByClause(query, ORDER, 'position', 'ASC');
  const condition = and(...where);
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(mediables).where(condition);
    const rows = await tx
      .select()
      .from(mediables)
      .where(condition)
      .orderBy(order, asc(mediables.createdAt), asc(mediables.id))
      .limit(query.per_page)
      .offset(offsetOf(query));
    return paginate(rows.map(toDto), total, query.page, query.per_page);
  });
}

async function findRow(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(mediables).where(eq(mediables.id, id)).limit(1);
  if (!row) throw notFound('Media');
  return row;
}

export async function getMediable(ctx: TenantCtx, idParam: string): Promise<MediableDto> {
  const id = assertId(idParam, 'Media');
  const row = await withTenant(ctx, (tx) => findRow(tx, id));
  assertCan(ctx.principal, row.mediableType, 'read');
  return toDto(row);
}

export interface MediaFile {
  row: MediableDto;
  handle: FileHandle;
}

/** The row and an open handle on its bytes; the caller streams and closes it. */
export async function openMediableFile(ctx: TenantCtx, idParam: string): Promise<MediaFile> {
  const row = await getMediable(ctx, idParam);
  const handle = await storeOf(ctx).open(ctx.tenantId, row.id);
  if (!handle) {
    ctx.log.warn({ mediableId: row.id, tenantId: ctx.tenantId }, 'media file missing on disk');
    throw notFound('Media file');
  }
  return { row, handle };
}

/* ------------------------------------------------------------------ writing */

export interface UploadedFile {
  bytes: Buffer;
  fileName: string | undefined;
  /** The request field it came in, for error keys (`file`, `files.2`). */
  field: string;
}

/** Next position after the media already attached to one owner. */
async function nextPosition(tx: Tx, type: string, mediableId: string): Promise<number> {
  const [row] = await tx
    .select({ top: max(mediables.position) })
    .from(mediables)
    .where(and(eq(mediables.mediableType, type), eq(mediables.mediableId, mediableId)));
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

/**
 * Runs `write` in the tenant's transaction with the files it places tracked: when anything fails (the
 * insert, a rename, the commit) every staged and placed file is removed, so a failed request leaves
 * neither a row nor a file.
 */
async function withFiles<T>(ctx: TenantCtx, staged: string[], write: (tx: Tx, placed: string[]) => Promise<T>): Promise<T> {
  const placed: string[] = [];
  try {
    return await withTenant(ctx, (tx) => write(tx, placed));
  } catch (err) {
    await Promise.all([...staged, ...placed].map((f) => discard(f).catch(() => undefined)));
    throw err;
  }
}

/** POST (one file) and store-bulk (several, all or nothing): images checked by their bytes, then stored. */
export async function storeMediables(ctx: TenantCtx, fields: TMediableUploadFields, files: UploadedFile[]): Promise<MediableDto[]> {
  assertCan(ctx.principal, fields.mediable_type, 'write');
  const checked = files.map((f) => {
    const mime = f.bytes.length ? sniffImage(f.bytes) : null;
    if (!mime) throw fieldError(f.field, 'The file must be a PNG, JPEG, WebP or GIF image');
    return { ...f, mime, name: safeFileName(f.fileName, mime) };
  });
  const store = storeOf(ctx);
  const staged: string[] = [];
  try {
    for (const f of checked) staged.push(await store.stage(ctx.tenantId, f.bytes));
  } catch (err) {
    await Promise.all(staged.map((s) => discard(s).catch(() => undefined)));
    throw err;
  }
  const rows = await withFiles(ctx, staged, async (tx, placed) => {
    const mediableId = await TYPE_RULES[fields.mediable_type].resolve(tx, fields.mediable_id, 'mediable_id');
    const first = await nextPosition(tx, fields.mediable_type, mediableId);
    const values = checked.map((f, i) => ({
      tenantId: ctx.tenantId,
      id: randomUUID(),
      mediableType: fields.mediable_type,
      mediableId,
      folder: fields.folder,
      fileName: f.name,
      mimeType: f.mime,
      sizeBytes: f.bytes.length,
      customProperties: fields.custom_properties,
      position: first + i,
      createdBy: ctx.principal.userId,
    }));
    const inserted = await tx.insert(mediables).values(values).returning();
    for (const [i, v] of values.entries()) placed.push(await store.place(staged[i]!, ctx.tenantId, v.id));
    return inserted;
  });
  await purgeTrash(ctx);
  return rows.sort((a, b) => a.position - b.position).map(toDto);
}

export async function updateMediable(ctx: TenantCtx, idParam: string, input: TMediableUpdate): Promise<MediableDto> {
  const id = assertId(idParam, 'Media');
  const row = await withTenant(ctx, async (tx) => {
    const [current] = await tx.select().from(mediables).where(eq(mediables.id, id)).for('update').limit(1);
    if (!current) throw notFound('Media');
    assertCan(ctx.principal, current.mediableType, 'write');
    const [updated] = await tx
      .update(mediables)
      .set({
        ...(input.folder !== undefined ? { folder: input.folder } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.custom_properties !== undefined ? { customProperties: input.custom_properties } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(mediables.id, id))
      .returning();
    return updated!;
  });
  return toDto(row);
}

/** Deletes rows (all or nothing); the trash trigger records their files, unlinked after the commit. */
async function deleteRows(ctx: TenantCtx, ids: string[], missing: (index: number) => DomainError): Promise<void> {
  await withTenant(ctx, async (tx) => {
    const rows = await tx.select().from(mediables).where(inArray(mediables.id, ids)).for('update');
    const found = new Map(rows.map((r) => [r.id, r]));
    const gone = ids.findIndex((id) => !found.has(id));
    if (gone >= 0) throw missing(gone);
    for (const r of rows) assertCan(ctx.principal, r.mediableType, 'write');
    await tx.delete(mediables).where(inArray(mediables.id, ids));
  });
  await purgeTrash(ctx);
}

export async function deleteMediable(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Media');
  await deleteRows(ctx, [id], () => notFound('Media'));
}

/** Ids named in a body: one that cannot exist is reported on its index, like one of another tenant. */
function bodyIds(ids: string[]): string[] {
  const bad = ids.findIndex((id) => !isUuid(id));
  if (bad >= 0) throw fieldError(`ids.${bad}`, 'The media does not exist');
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export async function destroyMediables(ctx: TenantCtx, ids: string[]): Promise<MediablesDeletedDto> {
  const wanted = bodyIds(ids);
  await deleteRows(ctx, wanted, (i) => fieldError(`ids.${ids.findIndex((id) => id.toLowerCase() === wanted[i])}`, 'The media does not exist'));
  return { deleted: wanted.length };
}

/**
 * Copies media (with their files) to another owner, or beside the originals: clone and clone-bulk.
 * Sources are locked for share so a concurrent delete cannot unlink a file while it is copied.
 */
export async function cloneMediables(ctx: TenantCtx, ids: string[], target: TCloneTarget, idField: (index: number) => string): Promise<MediableDto[]> {
  const bad = ids.findIndex((id) => !isUuid(id));
  if (bad >= 0) throw fieldError(idField(bad), 'The media does not exist');
  const wanted = ids.map((id) => id.toLowerCase());
  const store = storeOf(ctx);
  const staged: string[] = [];
  const rows = await withFiles(ctx, staged, async (tx, placed) => {
    const sources = await tx.select().from(mediables).where(inArray(mediables.id, wanted)).for('share');
    const byId = new Map(sources.map((s) => [s.id, s]));
    const gone = wanted.findIndex((id) => !byId.has(id));
    if (gone >= 0) throw fieldError(idField(gone), 'The media does not exist');
    const next = new Map<string, number>();
    const values = [];
    for (const id of wanted) {
      const src = byId.get(id)!;
      assertCan(ctx.principal, src.mediableType, 'read');
      const type: MediableType = target.mediable_type ?? (src.mediableType as MediableType);
      assertCan(ctx.principal, type, 'write');
      const mediableId = await TYPE_RULES[type].resolve(tx, target.mediable_id ?? src.mediableId, 'mediable_id');
      const key = `${type}:${mediableId}`;
      const position = next.get(key) ?? (await nextPosition(tx, type, mediableId));
      next.set(key, position + 1);
      values.push({
        tenantId: ctx.tenantId, id: randomUUID(), mediableType: type, mediableId, folder: target.folder ?? src.folder, fileName: src.fileName,
        mimeType: src.mimeType, sizeBytes: src.sizeBytes, customProperties: src.customProperties, position, createdBy: ctx.principal.userId,
      });
      staged.push(await copyOrMissing(store, ctx.tenantId, src.id, idField(wanted.indexOf(id))));
    }
    const inserted = await tx.insert(mediables).values(values).returning();
    for (const [i, v] of values.entries()) placed.push(await store.place(staged[i]!, ctx.tenantId, v.id));
    // In the order the ids were named.
    return values.map((v) => inserted.find((r) => r.id === v.id)!);
  });
  await purgeTrash(ctx);
  return rows.map(toDto);
}

async function copyOrMissing(store: MediaStore, tenantId: string, id: string, field: string): Promise<string> {
  try {
    return await store.stageCopy(tenantId, id);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw fieldError(field, 'The file of this media is missing');
    throw err;
  }
}

/**
 * Unlinks the files of deleted rows (this module's deletes, and media that went with a deleted product
 * or SKU through the triggers of 0004) and forgets them. Runs after each write of the tenant; a failure
 * is logged and retried next time, never failing the request that already committed.
 */
export async function purgeTrash(ctx: TenantCtx, limit = 500): Promise<number> {
  try {
    const store = storeOf(ctx);
    const trash = await withTenant(ctx, (tx) => tx.select({ id: mediableTrash.id }).from(mediableTrash).orderBy(asc(mediableTrash.deletedAt)).limit(limit));
    const done: string[] = [];
    for (const { id } of trash) {
      try {
        await store.remove(ctx.tenantId, id);
        done.push(id);
      } catch (err) {
        ctx.log.warn({ err, mediableId: id }, 'could not remove a media file; will retry');
      }
    }
    if (done.length) await withTenant(ctx, (tx) => tx.delete(mediableTrash).where(inArray(mediableTrash.id, done)));
    return done.length;
  } catch (err) {
    ctx.log.warn({ err }, 'media trash purge failed; will retry');
    return 0;
  }
}
