import { sql } from 'drizzle-orm';
import type { ChannelActionOptions } from '@omnio/domain';
import { queryRows, textArray } from '../../platform/db/rows';
import { DomainError } from '../../platform/http/errors';
import type { TenantCtx } from '../../platform/http/context';
import { createProduct } from '../catalog/products.service';
import type { RunContext } from './channel-run.job';

/**
 * import_products: the channel's catalogue a page at a time. Each variant is matched to an Omnio SKU by code
 * and linked (its remote inventory id kept, so stock pushes need no lookup); with create_sku_if_not_exists a
 * product the seller does not have yet is created with its SKUs; with sync_skus the names, barcodes and
 * retail prices of matched SKUs follow the channel's.
 * Counts: created = SKUs created, updated = matched and changed or linked, duplicates = matched as they were, failed = refused.
 */
export async function runImportProducts(run: RunContext): Promise<Record<string, unknown>> {
  const { process, connector, cctx, rec, job } = run;
  if (!connector.fetchProducts) throw new Error(`The ${process.driver} connector cannot read products`);
  const options: ChannelActionOptions<'import_products'> = process.actions.import_products?.options ?? {};
  // The catalogue's own service creates the products (its checks, its codes), as the job's user in the job's company.
  const ctx: TenantCtx = {
    db: job.deps.database.db, deps: job.deps, log: job.log, tenantId: job.tenantId,
    principal: {
      userId: job.userId ?? '', tokenId: '', clientId: 'omnio-jobs', roles: ['tenant'], role: 'tenant', permissions: new Set<string>(),
      companyId: job.tenantId, supplierId: null, impersonatorId: null, scopes: '', expiresAt: Number.MAX_SAFE_INTEGER,
    },
  };
  let page: string | null = null;
  do {
    const res = await connector.fetchProducts(cctx, { page });
    const codes = res.products.flatMap((p) => p.variants.map((v) => v.sku?.trim()).filter((s): s is string => !!s));
    const existing = await run.inTenant((tx) => queryRows<{ sku: string; name: string | null; barcode: string | null }>(tx, sql`
      SELECT sku, name, barcode FROM skus WHERE sku = ANY(${textArray(codes)}::text[])`));
    const bySku = new Map(existing.map((s) => [s.sku, s]));
    const links: { sku: string; remote_id: string | null }[] = [];
    for (const product of res.products) {
      const missing = product.variants.filter((v) => v.sku?.trim() && !bySku.has(v.sku.trim()));
      for (const v of product.variants) {
        rec.count('received');
        const sku = v.sku?.trim();
        if (!sku) {
          rec.count('failed');
          rec.error({ external_id: v.externalId, code: 'product_invalid', message: `${product.name}: a variant has no SKU` });
          continue;
        }
        links.push({ sku, remote_id: v.remoteInventoryId });
        const known = bySku.get(sku);
        if (!known) continue;
        if (options.sync_skus && ((v.name && v.name !== known.name) || (v.barcode && v.barcode !== known.barcode))) {
          await run.inTenant((tx) => tx.execute(sql`
            UPDATE skus SET name = coalesce(${v.name}, name), barcode = coalesce(${v.barcode}, barcode), updated_at = now() WHERE sku = ${sku}`));
          rec.count('updated');
        } else {
          rec.count('duplicates');
        }
      }
      if (!missing.length) continue;
      if (!options.create_sku_if_not_exists) {
        for (const v of missing) {
          rec.count('failed');
          rec.error({ external_id: v.sku!, code: 'sku_not_found', message: `${product.name}: SKU ${v.sku} is not in Omnio (turn on create_sku_if_not_exists to create it)` });
        }
        continue;
      }
      try {
        await createProduct(ctx, {
          name: product.name.slice(0, 200),
          skus: missing.map((v) => ({
            sku: v.sku!.trim(), name: (v.name ?? product.name).slice(0, 200), type: 'REGULAR' as const, barcode: v.barcode ?? undefined,
            prices: v.price ? [{ code: 'RETAIL', value: v.price }] : undefined,
          })),
        } as Parameters<typeof createProduct>[1]);
        rec.count('created', missing.length);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        rec.count('failed', missing.length);
        const detail = err.extra?.errors ? Object.values(err.extra.errors).flat().join('; ') : '';
        rec.error({ external_id: product.externalId, code: 'product_invalid', message: `${product.name}: ${err.message}${detail ? ` (${detail})` : ''}` });
      }
    }
    await run.inTenant(async (tx) => {
      if (links.length) {
        await tx.execute(sql`
          INSERT INTO channel_sku_links (tenant_id, process_id, sku, remote_id)
          SELECT ${job.tenantId}::uuid, ${process.id}::uuid, x.sku, x.remote_id FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS x(sku text, remote_id text)
          ON CONFLICT (tenant_id, process_id, sku) DO UPDATE SET remote_id = coalesce(EXCLUDED.remote_id, channel_sku_links.remote_id), missing_since = NULL, updated_at = now()`);
      }
      await rec.flush(tx);
    });
    page = res.next;
  } while (page);
  return {};
}
