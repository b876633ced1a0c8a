import { sql } from 'drizzle-orm';
import { SUPPLY_SHIPMENT_OPEN_STATUSES, SUPPLY_SHIPMENT_UNSHIPPED_STATUSES } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent, recordStatusEvents } from '../../platform/db/status-events';
import { queryRows, textArray } from '../../platform/db/rows';
import { applyMovementBatch } from '../inventory/ledger';
import { HOLDER_OF_S, SYNSET_OF_S } from '../inventory/holder-sql';

/**
 * What closing a transfer does, whichever way it closes (the last unit received, `complete`, `cancel`):
 * the reservation still held at the source goes back, and shipments never shipped are cancelled.
 */

/**
 * Gives back what each line still holds at the source (qty_reserved − qty_shipped), in one ledger batch,
 * and brings qty_reserved down to what shipped. Answers the units released.
 */
export async function releaseTransferReservations(tx: Tx, tenantId: string, transferId: string, fromIlocId: string, userId: string | null): Promise<number> {
  const rows = await queryRows<{ holder_id: string | null; left: number; factor: number }>(tx, sql`
    SELECT CASE WHEN s.id IS NULL THEN NULL ELSE ${HOLDER_OF_S} END AS holder_id, l.qty_reserved - l.qty_shipped AS left, coalesce(s.pack_quantity, 1) AS factor
    FROM transfer_lines l
    LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
    ${SYNSET_OF_S}
    WHERE l.tenant_id = ${tenantId}::uuid AND l.transfer_id = ${transferId}::uuid AND l.qty_reserved > l.qty_shipped
    ORDER BY l.line_no`);
  const reference = { type: 'transfer', id: transferId };
  await applyMovementBatch(tx, tenantId, rows.filter((r) => r.holder_id).map((r) => ({
    skuId: r.holder_id!, ilocId: fromIlocId, delta: { reserved: -Number(r.left) * Number(r.factor) }, reason: 'release' as const, reference, userId,
  })));
  await tx.execute(sql`
    UPDATE transfer_lines SET qty_reserved = qty_shipped
    WHERE tenant_id = ${tenantId}::uuid AND transfer_id = ${transferId}::uuid AND qty_reserved > qty_shipped`);
  return rows.reduce((a, r) => a + Number(r.left), 0);
}

/** Cancels the transfer's shipments that never shipped (nothing of theirs is in the ledger). */
export async function cancelDraftShipments(tx: Tx, tenantId: string, transferId: string, userId: string | null): Promise<void> {
  const rows = await queryRows<{ id: string; before: string }>(tx, sql`
    WITH before AS (
      SELECT id, status FROM supply_shipments
      WHERE tenant_id = ${tenantId}::uuid AND transfer_id = ${transferId}::uuid AND status = ANY(${textArray(SUPPLY_SHIPMENT_UNSHIPPED_STATUSES)}::text[]) FOR UPDATE)
    UPDATE supply_shipments s SET status = 'cancelled', cancelled_at = now(), updated_at = now()
    FROM before WHERE s.tenant_id = ${tenantId}::uuid AND s.id = before.id
    RETURNING s.id, before.status AS before`);
  await recordStatusEvents(tx, tenantId, rows.map((r) => ({
    subjectType: 'supply_shipment', subjectId: r.id, action: 'cancel', from: r.before, to: 'cancelled', userId, data: { reason: 'transfer closed' },
  })));
}

/** Whether a shipment of the transfer still has units on the way (complete and cancel wait for it). */
export async function hasShipmentInTransit(tx: Tx, tenantId: string, transferId: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`
    SELECT 1 FROM supply_shipments WHERE tenant_id = ${tenantId}::uuid AND transfer_id = ${transferId}::uuid
      AND status = ANY(${textArray(SUPPLY_SHIPMENT_OPEN_STATUSES)}::text[]) LIMIT 1`);
  return rows.length > 0;
}

/**
 * Receiving the last expected unit of every line completes a confirmed transfer (spec 4): anything still
 * reserved for it is released and unshipped drafts are cancelled. Called by receiving, in its transaction,
 * with the transfer already locked.
 */
export async function completeTransferIfReceived(tx: Tx, tenantId: string, transferId: string, userId: string | null): Promise<boolean> {
  if (await hasShipmentInTransit(tx, tenantId, transferId)) return false;
  const [row] = await queryRows<{ from_iloc_id: string }>(tx, sql`
    UPDATE transfers t SET status = 'completed', completed_at = now(), updated_at = now()
    WHERE t.tenant_id = ${tenantId}::uuid AND t.id = ${transferId}::uuid AND t.status = 'confirmed'
      AND NOT EXISTS (SELECT 1 FROM transfer_lines l WHERE l.tenant_id = t.tenant_id AND l.transfer_id = t.id AND l.qty_received < l.quantity)
    RETURNING t.from_iloc_id`);
  if (!row) return false;
  await releaseTransferReservations(tx, tenantId, transferId, row.from_iloc_id, userId);
  await cancelDraftShipments(tx, tenantId, transferId, userId);
  await recordStatusEvent(tx, tenantId, {
    subjectType: 'transfer', subjectId: transferId, action: 'complete', from: 'confirmed', to: 'completed', userId, data: { automatic: true, reason: 'received' },
  });
  return true;
}
