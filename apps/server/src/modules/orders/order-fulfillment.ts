import { sql } from 'drizzle-orm';
import { ORDER_BACKORDER_STATUSES } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';
import { queryRows, textArray } from '../../platform/db/rows';

export interface FulfillmentRefresh {
  fulfillmentStatus: string;
  /** The order was open and is now fully shipped: it was closed in this call. */
  closed: boolean;
}

/**
 * Recomputes each line's backorder and the order's fulfillment_status from its lines, after allocation,
 * shipping, cancelling or editing. A fully shipped open order closes (event 'ship'). Call it in the
 * transaction that changed the lines.
 */
export async function refreshOrderFulfillment(tx: Tx, tenantId: string, orderId: string, userId: string | null = null): Promise<FulfillmentRefresh> {
  const [row] = await queryRows<{ status: string; fulfillment_status: string; next: string }>(tx, sql`
    WITH lines AS (
      UPDATE order_lines l SET qty_backordered = CASE
          WHEN o.status = ANY(${textArray(ORDER_BACKORDER_STATUSES)}::text[]) THEN greatest(l.quantity - l.qty_allocated - l.qty_shipped, 0) ELSE 0 END
      FROM orders o
      WHERE l.tenant_id = ${tenantId}::uuid AND l.order_id = ${orderId}::uuid AND o.tenant_id = l.tenant_id AND o.id = l.order_id
      RETURNING l.quantity, l.qty_allocated, l.qty_shipped, l.qty_backordered
    ),
    t AS (
      SELECT coalesce(sum(quantity), 0) AS q, coalesce(sum(qty_allocated), 0) AS a, coalesce(sum(qty_shipped), 0) AS s,
             coalesce(sum(qty_backordered), 0) AS b, count(*) FILTER (WHERE qty_shipped < quantity) AS unshipped, count(*) AS n
      FROM lines
    )
    SELECT o.status, o.fulfillment_status,
      CASE WHEN t.n > 0 AND t.unshipped = 0 THEN 'shipped'
           WHEN t.s > 0 THEN 'partially_shipped'
           WHEN t.n > 0 AND t.a + t.s >= t.q THEN 'allocated'
           WHEN t.a > 0 THEN 'partially_allocated'
           WHEN t.b > 0 THEN 'backordered'
           ELSE 'unallocated' END AS next
    FROM orders o, t
    WHERE o.tenant_id = ${tenantId}::uuid AND o.id = ${orderId}::uuid`);
  if (!row) return { fulfillmentStatus: 'unallocated', closed: false };
  const close = row.next === 'shipped' && row.status === 'open';
  await tx.execute(sql`
    UPDATE orders SET fulfillment_status = ${row.next}, updated_at = now(), version = version + 1
      ${close ? sql`, status = 'closed', closed_at = now()` : sql``}
    WHERE tenant_id = ${tenantId}::uuid AND id = ${orderId}::uuid`);
  if (close) await recordStatusEvent(tx, tenantId, { subjectType: 'order', subjectId: orderId, action: 'ship', from: 'open', to: 'closed', userId });
  return { fulfillmentStatus: row.next, closed: close };
}
