import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ZAdjustmentBatch, ZAdjustmentResult, ZAvailabilityQuery, ZAvailabilityRequest, ZChannelAvailability, ZChannelAvailabilityDetail, ZFileBody,
  ZInventoryImportReport, ZInventoryMovement, ZInventoryRow, ZListQuery, dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, can } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { fieldError, forbidden } from '../../platform/http/errors';
import { registerIlocDeleteGuard } from '../ilocs/ilocs.service';
import { ilocStockGuard } from './ledger';
import { listInventory } from './inventory-list.service';
import { adjustInventory } from './adjustments.service';
import { listMovements } from './movements.service';
import { computeAvailability, explainAvailabilityPage } from './availability.service';
import { exportInventory, importInventory } from './inventory-csv.service';

const MAX_FILE_BYTES = 10 * 1024 * 1024;
// A 10,000-row adjustment batch is about 1.5 MB of JSON, above the server-wide 1 MB limit.
const ADJUSTMENT_BODY_BYTES = 4 * 1024 * 1024;

/** Inventory is the tenant's own: the token's active company, the tenant role only (owners administer, suppliers never see it). */
const tenantOnly = ['tenant'] as const;
const write = { access: { roles: tenantOnly, permission: 'update-inventory' } };
const read = { access: { roles: tenantOnly } };
/** Reading stock needs read-inventory or read-product (a catalog user sees quantities too); checked before the body is parsed. */
async function canReadStock(req: FastifyRequest): Promise<void> {
  const p = req.principal;
  if (!p || !(can(p, 'read-inventory') || can(p, 'read-product'))) throw forbidden();
}
const inventoryCtx = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));

let guardRegistered = false;

/** Inventory rows per SKU x iloc, adjustments, movements, channel availability, CSV export and import. */
export function registerInventoryRoutes(scope: FastifyInstance, deps: AppDeps): void {
  // Guards are process-wide; tests build several apps in one process.
  if (!guardRegistered) registerIlocDeleteGuard(ilocStockGuard);
  guardRegistered = true;

  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];
  app.get('/inventory', { config: read, onRequest: canReadStock, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZInventoryRow) } } },
    async (req) => listInventory(inventoryCtx(req, deps), req.query));
  app.post('/inventory/adjustments', { config: write, bodyLimit: ADJUSTMENT_BODY_BYTES, schema: { tags, body: ZAdjustmentBatch, response: { 201: dataOf(ZAdjustmentResult) } } },
    async (req, reply) => reply.status(201).send({ data: await adjustInventory(inventoryCtx(req, deps), req.body) }));
  app.get('/inventory/movements', { config: read, onRequest: canReadStock, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZInventoryMovement) } } },
    async (req) => listMovements(inventoryCtx(req, deps), req.query));
  // The same explanation twice: GET for a page or a few SKUs (a link a seller can open), POST for whole catalogs.
  app.get('/inventory/availability', { config: read, onRequest: canReadStock, schema: { tags, querystring: ZAvailabilityQuery, response: { 200: pageOf(ZChannelAvailabilityDetail) } } },
    async (req) => explainAvailabilityPage(inventoryCtx(req, deps), req.query));
  app.post('/inventory/availability', { config: read, onRequest: canReadStock, schema: { tags, body: ZAvailabilityRequest, response: { 200: dataOf(z.array(ZChannelAvailability)) } } },
    async (req) => ({ data: await computeAvailability(inventoryCtx(req, deps), req.body) }));
  app.get('/inventory/export', { config: read, onRequest: canReadStock, schema: { tags, querystring: ZListQuery, response: { 200: ZFileBody } } },
    async (req, reply) => reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="inventory.csv"')
      .send(exportInventory(inventoryCtx(req, deps), req.query)));

  // Multipart only in this child scope: every other route keeps the JSON-only contract.
  void scope.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
    child.withTypeProvider<ZodTypeProvider>().post('/inventory/import', { config: write, schema: { tags, consumes: ['multipart/form-data'], response: { 200: dataOf(ZInventoryImportReport) } } }, async (req) => {
      const ctx = inventoryCtx(req, deps);
      const file = await req.file();
      if (!file || file.fieldname !== 'file') throw fieldError('file', 'Attach the CSV as the multipart field "file"');
      // toBuffer fails with a 413 past the size limit, before anything is parsed or written.
      return { data: await importInventory(ctx, await file.toBuffer()) };
    });
  });
}
