import { sql } from 'drizzle-orm';
import type { ChannelActionOptions } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { availabilityForChannel } from '../inventory/availability.service';
import type { RunContext } from './channel-run.job';
import type { StockLevel } from './connector';

/** SKUs sent to the channel per call (Shopify's inventorySetQuantities takes at most 250 quantities). */
export const STOCK_BATCH = 250;
/** A SKU the channel did not know is asked about again after this long, not on every push. */
const MISSING_RECHECK_HOURS = 24;

/** What sync_inventory publishes: the availability formula over the action's ilocs (every active one when none is chosen) and reserve. */
export async function channelAvailability(tx: Tx, tenantId: string, options: ChannelActionOptions<'sync_inventory'>) {
  const chosen = options.iloc_id ? (Array.isArray(options.iloc_id) ? options.iloc_id : [options.iloc_id]) : null;
  const ilocIds = chosen ?? (await queryRows<{ id: string }>(tx, sql`SELECT id FROM ilocs WHERE status = 'ACTIVE' ORDER BY created_at`)).map((r) => r.id);
  return availabilityForChannel(tx, tenantId, { ilocIds, reservePercentage: options.reserve_percentage ?? 0 });
}

interface Link { sku: string; remote_id: string | null; pushed_qty: number | null; missing: boolean }

/**
 * sync_inventory: the quantity of each SKU is exactly what POST /inventory/availability answers for the
 * process's ilocs and reserve_percentage; only what changed since the last push is sent, in the connector's
 * batch form. A SKU the channel does not know is an item error of the run, not a failure of it.
 * Counts: received = SKUs compared, duplicates = unchanged (not sent), updated = sent, failed = refused or unknown.
 */
export async function runSyncInventory(run: RunContext): Promise<Record<string, unknown>> {
  const { process, connector, cctx, rec, job } = run;
  if (!connector.pushStock) throw new Error(`The ${process.driver} connector cannot push stock`);
  const options: ChannelActionOptions<'sync_inventory'> = process.actions.sync_inventory?.options ?? {};
  const { levels, links } = await run.inTenant(async (tx) => {
    const figures = await channelAvailability(tx, job.tenantId, options);
    const known = await queryRows<Link>(tx, sql`
      SELECT sku, remote_id, pushed_qty, (missing_since IS NOT NULL AND missing_since > now() - make_interval(hours => ${MISSING_RECHECK_HOURS})) AS missing
      FROM channel_sku_links WHERE process_id = ${process.id}::uuid`);
    return { levels: figures, links: new Map(known.map((l) => [l.sku, l])) };
  });
  const changed: StockLevel[] = [];
  for (const level of levels) {
    rec.count('received');
    const link = links.get(level.sku);
    if (link?.missing || (link && link.pushed_qty === level.quantity)) {
      rec.count('duplicates');
      continue;
    }
    changed.push({ sku: level.sku, quantity: level.quantity, remoteId: link?.remote_id ?? null, previous: link?.pushed_qty ?? null });
  }
  for (let i = 0; i < changed.length; i += STOCK_BATCH) {
    const batch = changed.slice(i, i + STOCK_BATCH);
    const result = await connector.pushStock(cctx, { levels: batch, options, runId: rec.runId });
    await run.inTenant(async (tx) => {
      const rows = [
        ...result.pushed.map((p) => ({ sku: p.sku, remote_id: p.remoteId, pushed_qty: p.quantity, missing: false })),
        ...result.unknown.map((sku) => ({ sku, remote_id: null, pushed_qty: null, missing: true })),
      ];
      if (rows.length) {
        await tx.execute(sql`
          INSERT INTO channel_sku_links (tenant_id, process_id, sku, remote_id, pushed_qty, pushed_at, missing_since)
          SELECT ${job.tenantId}::uuid, ${process.id}::uuid, x.sku, x.remote_id, x.pushed_qty, CASE WHEN x.missing THEN NULL ELSE now() END,
            CASE WHEN x.missing THEN now() END
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(sku text, remote_id text, pushed_qty int, missing boolean)
          ON CONFLICT (tenant_id, process_id, sku) DO UPDATE SET remote_id = coalesce(EXCLUDED.remote_id, channel_sku_links.remote_id),
            pushed_qty = EXCLUDED.pushed_qty, pushed_at = EXCLUDED.pushed_at, missing_since = EXCLUDED.missing_since, updated_at = now()`);
      }
      rec.count('updated', result.pushed.length);
      rec.count('failed', result.unknown.length + result.failed.length);
      for (const sku of result.unknown) rec.error({ external_id: sku, code: 'sku_unknown_at_channel', message: `The channel has no variant with SKU ${sku}` });
      for (const f of result.failed) rec.error({ external_id: f.sku, code: f.code, message: f.message });
      await rec.flush(tx);
    });
    await job.progress(((i + batch.length) / changed.length) * 100);
  }
  if (!changed.length) await run.inTenant((tx) => rec.flush(tx));
  return { compared: levels.length, sent: changed.length };
}
