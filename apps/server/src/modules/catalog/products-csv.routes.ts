import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { dataOf, ZFileBody, ZListQuery, ZProductImportReport } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { access, catalogCtx } from './route-kit';
import { exportProducts, importProducts } from './products-csv.service';

const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * Products CSV import and export. Multipart is registered in this plugin's own scope, so only the import
 * route parses multipart bodies; every other route keeps the JSON-only contract.
 */
export async function registerProductCsvRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  app.post('/products/import', { config: access('create-product'), schema: { tags, consumes: ['multipart/form-data'], response: { 200: dataOf(ZProductImportReport) } } }, async (req) => {
    const ctx = catalogCtx(req, deps);
    const file = await req.file();
    if (!file || file.fieldname !== 'file') throw fieldError('file', 'Attach the CSV as the multipart field "file"');
    // toBuffer fails with a 413 past the size limit, before anything is parsed or written.
    return { data: await importProducts(ctx, await file.toBuffer()) };
  });
  app.get('/products/export', { config: access('read-product'), schema: { tags, querystring: ZListQuery, response: { 200: ZFileBody } } }, async (req, reply) => {
    const csv = await exportProducts(catalogCtx(req, deps), req.query);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="products.csv"').send(csv);
  });
}
