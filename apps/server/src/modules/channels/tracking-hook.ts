import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { enqueueJob } from '../../platform/jobs/jobs';
import { CHANNEL_RUN_JOB } from './process-config';

/**
 * Called where a shipment ships: a shipment of an order a process imported is marked for its channel, and
 * the process's update_tracking run is queued at once (one pending run per process collects every shipment
 * that is waiting; a failed one is sent again by the next run).
 */
export async function queueTrackingPush(tx: Tx, tenantId: string, orderId: string, shipmentId: string, userId: string | null): Promise<void> {
  const [o] = await queryRows<{ process_id: string; status: string; active: boolean | null }>(tx, sql`
    SELECT o.process_id, p.status, (p.actions->'update_tracking'->>'active')::boolean AS active
    FROM orders o JOIN processes p ON p.tenant_id = o.tenant_id AND p.id = o.process_id
    WHERE o.tenant_id = ${tenantId}::uuid AND o.id = ${orderId}::uuid AND o.external_id IS NOT NULL`);
  if (!o) return;
  await tx.execute(sql`UPDATE shipments SET channel_push_status = 'pending' WHERE tenant_id = ${tenantId}::uuid AND id = ${shipmentId}::uuid`);
  if (o.status !== 'active' || !o.active) return;
  await enqueueJob(tx, tenantId, {
    kind: CHANNEL_RUN_JOB, payload: { process_id: o.process_id, action: 'update_tracking', trigger: 'event' }, userId,
    dedupeKey: `${o.process_id}:update_tracking:event`,
  });
}
