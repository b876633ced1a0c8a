import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { dataOf, pageOf, ZFileBody, ZListQuery, ZMediable, ZMediablesDeleted, ZNoContent } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { tenantCtx } from '../../platform/http/permissions';
import { forbidden } from '../../platform/http/errors';
import { contentDisposition, MAX_MEDIA_BYTES } from './media-files';
import { READ_PERMISSIONS, WRITE_PERMISSIONS } from './mediable-types';
import { readUpload, TooLarge } from './multipart-upload';
import { ZMediableClone, ZMediableCloneBulk, ZMediableDestroyBulk, ZMediableUpdate, ZMediableUploadFields } from './mediables.schemas';
import {
  cloneMediables, deleteMediable, destroyMediables, getMediable, listMediables, openMediableFile, storeMediables, updateMediable,
} from './mediables.service';

const ZTenant = z.object({ tenantId: z.string().max(64) });
const ZMedia = ZTenant.extend({ mediableId: z.string().max(64) });
/** Tenant media is tenant data: the tenant role, in its own company (another company's id is a 404, as for ilocs). */
const tenantOnly = ['tenant'] as const;
const BULK_FILES = 10;

/**
 * Which permission a call needs depends on the mediable_type it touches (product images need the
 * product permissions, logos the process ones; mediable-types.ts). Before the body is read, the caller
 * must hold at least one of them; the service then checks the exact one.
 */
const holdsAny = (permissions: string[]) => async (req: FastifyRequest) => {
  if (!permissions.some((p) => req.principal?.permissions.has(p))) throw forbidden();
};
const read = { config: { access: { roles: tenantOnly } }, onRequest: holdsAny(READ_PERMISSIONS) };
const write = { config: { access: { roles: tenantOnly } }, onRequest: holdsAny(WRITE_PERMISSIONS) };

/** Tenant media (spec 7 /tenants/{id}/mediables): product and SKU images, channel logos. */
export function registerMediableRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];
  const base = '/tenants/:tenantId/mediables';
  const ctxFor = (req: FastifyRequest, tenantId: string) => tenantCtx(authedCtx(req, deps), tenantId);

  app.get(base, { ...read, schema: { tags, params: ZTenant, querystring: ZListQuery, response: { 200: pageOf(ZMediable) } } },
    async (req) => listMediables(await ctxFor(req, req.params.tenantId), req.query));
  app.get(`${base}/:mediableId`, { ...read, schema: { tags, params: ZMedia, response: { 200: dataOf(ZMediable) } } },
    async (req) => ({ data: await getMediable(await ctxFor(req, req.params.tenantId), req.params.mediableId) }));
  app.get(`${base}/:mediableId/file`, { ...read, schema: { tags, params: ZMedia, description: 'The bytes of the media file.', response: { 200: ZFileBody } } },
    async (req, reply) => {
      const { row, handle } = await openMediableFile(await ctxFor(req, req.params.tenantId), req.params.mediableId);
      return reply
        .header('content-type', row.mime_type)
        .header('content-length', row.size_bytes)
        .header('content-disposition', contentDisposition(row.file_name))
        // The bytes behind an id never change; they are the tenant's, so no shared cache may keep them.
        .header('cache-control', 'private, max-age=86400')
        .send(handle.createReadStream());
    });
  app.put(`${base}/:mediableId`, { ...write, schema: { tags, params: ZMedia, body: ZMediableUpdate, response: { 200: dataOf(ZMediable) } } },
    async (req) => ({ data: await updateMediable(await ctxFor(req, req.params.tenantId), req.params.mediableId, req.body) }));
  app.delete(`${base}/:mediableId`, { ...write, schema: { tags, params: ZMedia, response: { 204: ZNoContent } } },
    async (req, reply) => {
      await deleteMediable(await ctxFor(req, req.params.tenantId), req.params.mediableId);
      return reply.status(204).send();
    });
  app.post(`${base}/destroy-bulk`, { ...write, schema: { tags, params: ZTenant, body: ZMediableDestroyBulk, response: { 200: dataOf(ZMediablesDeleted) } } },
    async (req) => ({ data: await destroyMediables(await ctxFor(req, req.params.tenantId), req.body.ids) }));
  app.post(`${base}/clone`, { ...write, schema: { tags, params: ZTenant, body: ZMediableClone, response: { 201: dataOf(ZMediable) } } },
    async (req, reply) => {
      const { id, ...target } = req.body;
      const [copy] = await cloneMediables(await ctxFor(req, req.params.tenantId), [id], target, () => 'id');
      return reply.status(201).send({ data: copy! });
    });
  app.post(`${base}/clone-bulk`, { ...write, schema: { tags, params: ZTenant, body: ZMediableCloneBulk, response: { 201: dataOf(z.array(ZMediable)) } } },
    async (req, reply) => {
      const { ids, ...target } = req.body;
      const copies = await cloneMediables(await ctxFor(req, req.params.tenantId), ids, target, (i) => `ids.${i}`);
      return reply.status(201).send({ data: copies });
    });

  // Multipart only in this child scope: every other route keeps the JSON-only contract.
  void scope.register(async (child) => {
    await child.register(multipart, {
      limits: { fileSize: MAX_MEDIA_BYTES, files: BULK_FILES, fields: 8, fieldSize: 8 * 1024, parts: BULK_FILES + 8 },
    });
    const upload = child.withTypeProvider<ZodTypeProvider>();
    const consumes = ['multipart/form-data'];
    const store = async (req: FastifyRequest, tenantId: string, reply: FastifyReply, bulk: boolean) => {
      // The tenant first: another company's id is a 404 before a byte of the body is read.
      const ctx = await ctxFor(req, tenantId);
      try {
        const { fields, files } = await readUpload(req, ZMediableUploadFields, bulk ? BULK_FILES : 1);
        const rows = await storeMediables(ctx, fields, files);
        return reply.status(201).send({ data: bulk ? rows : rows[0] });
      } catch (err) {
        if (err instanceof TooLarge) return reply.status(413).send({ message: err.message, errors: { [err.field]: [err.message] } });
        throw err;
      }
    };
    upload.post(base, { ...write, schema: { tags, params: ZTenant, consumes, description: 'multipart: file, mediable_type, mediable_id, folder, custom_properties (JSON)', response: { 201: dataOf(ZMediable) } } },
      (req, reply) => store(req, req.params.tenantId, reply, false));
    upload.post(`${base}/store-bulk`, { ...write, schema: { tags, params: ZTenant, consumes, description: `multipart: up to ${BULK_FILES} files (field files), mediable_type, mediable_id, folder, custom_properties (JSON)`, response: { 201: dataOf(z.array(ZMediable)) } } },
      (req, reply) => store(req, req.params.tenantId, reply, true));
  });
}
