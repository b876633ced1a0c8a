import { sql } from 'drizzle-orm';
import type { ChannelActionOptions } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import type { RunContext } from '../channels/channel-run.job';
import { channelAvailability } from '../channels/run-sync-inventory';
import { ChannelCallError } from '../channels/connector';
import { withRunMailbox } from './edi-connection';
import { MapperMissing, recordCsvOutbound } from './edi-csv';
import { deliverOutbox, recordOutbound } from './edi-outbox';
import { partnerProfile } from './edi-profile';
import { build846 } from './x12/x12-846';

/**
 * sync_inventory for an EDI partner: an 846 with every SKU's figure exactly as POST /inventory/availability
 * explains it for the process's ilocs and reserve, on the action's schedule. Retail partners want the whole
 * catalogue each time (a SKU left out reads as "no news", not zero), so the 846 is a full snapshot.
 */
export async function runEdiInventoryAdvice(run: RunContext): Promise<Record<string, unknown>> {
  const { process, rec, job } = run;
  const profile = partnerProfile(process.settings, run.cctx.credentials);
  const options: ChannelActionOptions<'sync_inventory'> = process.actions.sync_inventory?.options ?? {};
  const started = Date.now();
  const result = await run.inTenant(async (tx) => {
    const levels = await channelAvailability(tx, job.tenantId, options);
    const barcodes = new Map((await queryRows<{ sku: string; barcode: string }>(tx, sql`
      SELECT sku, barcode FROM skus WHERE barcode ~ '^[0-9]{12}$'`)).map((r) => [r.sku, r.barcode]));
    rec.count('received', levels.length);
    if (!levels.length) {
      await rec.flush(tx);
      return { skus: 0, buildMs: 0 };
    }
    const now = new Date();
    const t0 = Date.now();
    if (profile.format === 'csv') {
      try {
        await recordCsvOutbound(tx, run, profile, {
          type: 'INVENTORY', docKey: String(now.getTime() % 1e9),
          data: { date: now.toISOString().slice(0, 10), items: levels.map((l) => ({ sku: l.sku, upc: barcodes.get(l.sku) ?? null, quantity: l.quantity })) },
        });
      } catch (err) {
        throw new ChannelCallError(err instanceof Error ? err.message : String(err), null, err instanceof MapperMissing ? 'edi_mapper_missing' : 'edi_mapper_failed');
      }
      rec.count('updated', levels.length);
      await rec.flush(tx);
      return { skus: levels.length, buildMs: Date.now() - t0 };
    }
    const body = build846({
      reference: `INV${now.toISOString().replace(/[-:T]/g, '').slice(0, 12)}`, date: now, vendorRef: profile.vendorId, qtyQualifier: profile.qtyQualifier,
      items: levels.map((l) => ({ sku: l.sku, upc: barcodes.get(l.sku) ?? null, quantity: l.quantity })),
    });
    await recordOutbound(tx, job.tenantId, process.id, profile, { docType: '846', sets: [body], expectsAck: true, runId: rec.runId }, now);
    const buildMs = Date.now() - t0;
    rec.count('updated', levels.length);
    await rec.flush(tx);
    return { skus: levels.length, buildMs };
  });
  const delivered = await withRunMailbox(run, profile, (mailbox) => deliverOutbox(run, mailbox, profile));
  return { ...result, delivered, ms: Date.now() - started };
}
