import { sql } from 'drizzle-orm';
import { SHIPMENT_SENT_STATUSES } from '@omnio/domain';
import { queryRows, textArray } from '../../platform/db/rows';
import type { RunContext } from './channel-run.job';
import { ChannelAuthError, ChannelCallError } from './connector';

interface PendingShipment {
  id: string;
  number: string;
  carrier: string | null;
  tracking: string | null;
  external_id: string;
  channel_ref: Record<string, unknown> | null;
  lines: { sku: string; quantity: number; external_line_id: string | null }[] | null;
}

/**
 * update_tracking: each shipped shipment of an order this process imported, not yet sent (or named by the
 * job: the shipment that just shipped), goes to the channel as a fulfilment with its carrier and tracking.
 * A refusal is kept on the shipment (failed, retried by the next run); refused credentials end the run.
 */
export async function runUpdateTracking(run: RunContext): Promise<Record<string, unknown>> {
  const { process, connector, cctx, rec, job } = run;
  if (!connector.pushFulfillment) throw new Error(`The ${process.driver} connector cannot send tracking`);
  const notify = process.actions.update_tracking?.options?.notify_customer ?? false;
  const only = job.payload.shipment_ids;
  const shipments = await run.inTenant((tx) => queryRows<PendingShipment>(tx, sql`
    SELECT s.id, s.number, s.carrier, s.tracking, o.external_id, o.channel_ref,
      (SELECT json_agg(json_build_object('sku', l.sku_text, 'quantity', sl.quantity, 'external_line_id', NULL) ORDER BY l.line_no)
         FROM shipment_lines sl JOIN order_lines l ON l.tenant_id = sl.tenant_id AND l.id = sl.order_line_id
        WHERE sl.tenant_id = s.tenant_id AND sl.shipment_id = s.id) AS lines
    FROM shipments s JOIN orders o ON o.tenant_id = s.tenant_id AND o.id = s.order_id
    WHERE o.process_id = ${process.id}::uuid AND o.external_id IS NOT NULL AND s.status = ANY(${textArray(SHIPMENT_SENT_STATUSES)}::text[])
      AND ${only ? sql`s.id = ANY(${textArray(only)}::uuid[]) AND coalesce(s.channel_push_status, 'pending') <> 'sent'` : sql`s.channel_push_status IN ('pending', 'failed')`}
    ORDER BY s.created_at LIMIT 5000`));
  for (const s of shipments) {
    rec.count('received');
    let outcome: { status: 'sent' | 'failed'; ref: string | null; error: string | null };
    try {
      const { remoteId } = await connector.pushFulfillment(cctx, {
        orderExternalId: s.external_id, orderRef: s.channel_ref, shipmentNumber: s.number, carrier: s.carrier, tracking: s.tracking,
        trackingUrl: null, notifyCustomer: notify,
        lines: (s.lines ?? []).map((l) => ({ sku: l.sku, quantity: Number(l.quantity), externalLineId: l.external_line_id })),
      });
      outcome = { status: 'sent', ref: remoteId, error: null };
      rec.count('updated');
    } catch (err) {
      if (err instanceof ChannelAuthError || !(err instanceof ChannelCallError)) throw err;
      outcome = { status: 'failed', ref: null, error: err.message.slice(0, 1000) };
      rec.count('failed');
      rec.error({ external_id: s.external_id, code: 'fulfillment_refused', message: `Shipment ${s.number}: ${err.message}` });
    }
    await run.inTenant(async (tx) => {
      await tx.execute(sql`
        UPDATE shipments SET channel_push_status = ${outcome.status}, channel_push_error = ${outcome.error}, channel_ref = coalesce(${outcome.ref}, channel_ref),
          channel_pushed_at = CASE WHEN ${outcome.status} = 'sent' THEN now() ELSE channel_pushed_at END
        WHERE tenant_id = ${job.tenantId}::uuid AND id = ${s.id}::uuid`);
      await rec.flush(tx);
    });
  }
  if (!shipments.length) await run.inTenant((tx) => rec.flush(tx));
  return { shipments: shipments.length };
}
