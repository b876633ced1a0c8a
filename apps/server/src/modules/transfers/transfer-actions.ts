import { sql } from 'drizzle-orm';
import { transferTransition, type TransferAction } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { queryRows } from '../../platform/db/rows';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, invalidTransition } from '../../platform/http/errors';
import { applyMovementBatch, InsufficientStockError } from '../inventory/ledger';
import { HOLDER_OF_S, SYNSET_OF_S } from '../inventory/holder-sql';
import { cancelDraftShipments, hasShipmentInTransit, releaseTransferReservations } from './transfer-progress';
import { answerTransfer, lockTransferRow } from './transfers.service';
import type { TransferDto } from './transfers.read';

/** The transfer lifecycle (TRANSFER_TRANSITIONS): confirm reserves at the source, complete and cancel release. */

type TransferRow = Awaited<ReturnType<typeof lockTransferRow>>;
const REFUSED: Record<'confirm' | 'complete' | 'cancel', string> = {
  confirm: 'Only a draft transfer or one in error can be confirmed',
  complete: 'Only a confirmed transfer can be completed',
  cancel: 'A completed or cancelled transfer cannot be cancelled',
};

async function setStatus(tx: Tx, ctx: TenantCtx, t: TransferRow, action: TransferAction, to: string, set = sql``, data: Record<string, unknown> = {}): Promise<void> {
  const done = await queryRows(tx, sql`
    UPDATE transfers SET status = ${to}, updated_at = now() ${set}
    WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${t.id}::uuid AND status = ${t.status} RETURNING id`);
  if (!done.length) throw invalidTransition(t.status, action, 'The transfer changed meanwhile; reload it');
  await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'transfer', subjectId: t.id, action, from: t.status, to, userId: ctx.principal.userId, data });
}

/**
 * Lines the source cannot cover, per stock holder (two lines of one SKU, or a pack and its base, draw on
 * one balance), as "TEE-1: 10 needed, 4 available". Empty when the source covers every line.
 */
async function shortages(tx: Tx, tenantId: string, t: TransferRow): Promise<string[]> {
  const rows = await queryRows<{ sku: string; removed: boolean; needed: number; available: number }>(tx, sql`
    WITH need AS (
      SELECT CASE WHEN s.id IS NULL THEN NULL ELSE ${HOLDER_OF_S} END AS holder_id, sum(l.quantity * coalesce(s.pack_quantity, 1))::int AS needed,
        string_agg(DISTINCT l.sku, ', ') AS sku
      FROM transfer_lines l
      LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
      ${SYNSET_OF_S}
      WHERE l.tenant_id = ${tenantId}::uuid AND l.transfer_id = ${t.id}::uuid
      GROUP BY 1)
    SELECT need.sku, need.holder_id IS NULL AS removed, need.needed, coalesce(b.qty_good - b.qty_reserved, 0)::int AS available
    FROM need LEFT JOIN inventory_balances b ON b.tenant_id = ${tenantId}::uuid AND b.sku_id = need.holder_id AND b.iloc_id = ${t.from_iloc_id}::uuid
    WHERE need.holder_id IS NULL OR coalesce(b.qty_good - b.qty_reserved, 0) < need.needed
    ORDER BY need.sku`);
  return rows.map((r) => (r.removed ? `${r.sku}: the SKU was removed` : `${r.sku}: ${r.needed} needed, ${r.available} available`));
}

/**
 * Reserves every line at the source, all or nothing. A shortage is an answer, not an error: the transfer
 * goes to `error` with a message naming the SKUs, nothing reserved, and `confirm` may be tried again.
 */
async function confirm(tx: Tx, ctx: TenantCtx, t: TransferRow): Promise<void> {
  let short = await shortages(tx, ctx.tenantId, t);
  if (!short.length) {
    const lines = await queryRows<{ holder_id: string; units: number }>(tx, sql`
      SELECT ${HOLDER_OF_S} AS holder_id, l.quantity * coalesce(s.pack_quantity, 1) AS units
      FROM transfer_lines l
      JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
      ${SYNSET_OF_S}
      WHERE l.tenant_id = ${ctx.tenantId}::uuid AND l.transfer_id = ${t.id}::uuid ORDER BY l.line_no`);
    const reference = { type: 'transfer', id: t.id };
    try {
      // One ledger batch (the movements `reserve` writes, set-based: a 10,000-line transfer is a few statements),
      // in a savepoint: should an order take the stock between the check and here, nothing of this transfer stays reserved.
      await tx.transaction(async (sp) => {
        await applyMovementBatch(sp as unknown as Tx, ctx.tenantId, lines.map((l) => ({
          skuId: l.holder_id, ilocId: t.from_iloc_id, delta: { reserved: Number(l.units) }, reason: 'reserve' as const, reference, userId: ctx.principal.userId,
        })));
      });
    } catch (err) {
      if (!(err instanceof InsufficientStockError)) throw err;
      short = await shortages(tx, ctx.tenantId, t);
      if (!short.length) short = ['the stock changed while reserving; try again'];
    }
  }
  if (short.length) {
    const message = `Not enough stock at the source: ${short.slice(0, 20).join('; ')}${short.length > 20 ? `; and ${short.length - 20} more` : ''}`;
    await setStatus(tx, ctx, t, 'confirm', 'error', sql`, error_message = ${message}`, { error_message: message });
    return;
  }
  await tx.execute(sql`UPDATE transfer_lines SET qty_reserved = quantity WHERE tenant_id = ${ctx.tenantId}::uuid AND transfer_id = ${t.id}::uuid`);
  await setStatus(tx, ctx, t, 'confirm', 'confirmed', sql`, error_message = NULL, confirmed_at = now()`);
}

/** complete (close early with what arrived) and cancel: wait for shipments in transit, then release and close. */
async function close(tx: Tx, ctx: TenantCtx, t: TransferRow, action: 'complete' | 'cancel', to: string): Promise<void> {
  if (await hasShipmentInTransit(tx, ctx.tenantId, t.id)) {
    throw invalidTransition(t.status, action, `A shipment of transfer ${t.number} is in transit: receive or cancel it first`);
  }
  const released = await releaseTransferReservations(tx, ctx.tenantId, t.id, t.from_iloc_id, ctx.principal.userId);
  await cancelDraftShipments(tx, ctx.tenantId, t.id, ctx.principal.userId);
  const stamp = action === 'complete' ? sql`, completed_at = now()` : sql`, cancelled_at = now()`;
  await setStatus(tx, ctx, t, action, to, stamp, { released });
}

export async function transferAction(ctx: TenantCtx, idParam: string, action: 'confirm' | 'complete' | 'cancel'): Promise<TransferDto> {
  const id = assertId(idParam, 'Transfer');
  return withTenant(ctx, async (tx) => {
    const t = await lockTransferRow(tx, ctx.tenantId, id);
    const to = transferTransition(t.status, action);
    if (!to) throw invalidTransition(t.status, action, `${REFUSED[action]}; this one is ${t.status}`);
    if (action === 'confirm') await confirm(tx, ctx, t);
    else await close(tx, ctx, t, action, to);
    return answerTransfer(tx, ctx, id);
  });
}
