import type { AdjustmentResultDto, TAdjustmentBatch } from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import { withTenant } from '../../platform/db/tenant';
import { applyMovementBatch, type BalanceRow, type MovementInput } from './ledger';
import { existingIlocIds, resolveSkuCodes } from './resolve';
import { FieldErrors } from '../../platform/http/errors';

export interface BalanceDto {
  sku_id: string;
  iloc_id: string;
  qty_available: number;
  qty_good: number;
  qty_hold: number;
  qty_hurt: number;
  qty_in_transit: number;
  qty_reserved: number;
  updated_at: string;
}

export function toBalanceDto(b: BalanceRow): BalanceDto {
  return {
    sku_id: b.skuId,
    iloc_id: b.ilocId,
    qty_available: b.qtyAvailable,
    qty_good: b.qtyGood,
    qty_hold: b.qtyHold,
    qty_hurt: b.qtyHurt,
    qty_in_transit: b.qtyInTransit,
    qty_reserved: b.qtyReserved,
    updated_at: b.updatedAt.toISOString(),
  };
}

/**
 * POST /inventory/adjustments: all rows apply or none. SKUs and ilocs are looked up in bulk and every
 * unknown one is reported at once; then the ledger applies the batch set-based. A PACK row counts in
 * packs (× its quantity of the base); a synset member's row changes the synset's pool. Balances are
 * answered for the stock holders, which is where the stock is.
 */
export async function adjustInventory(ctx: TenantCtx, input: TAdjustmentBatch): Promise<AdjustmentResultDto> {
  const rows = input.adjustments;
  return withTenant(ctx, async (tx) => {
    const skus = await resolveSkuCodes(tx, ctx.tenantId, rows.map((r) => r.sku));
    const ilocs = await existingIlocIds(tx, ctx.tenantId, rows.map((r) => r.iloc_id));
    const errors = new FieldErrors();
    rows.forEach((r, i) => {
      if (!skus.has(r.sku)) errors.add(`adjustments.${i}.sku`, 'Unknown SKU');
      if (!ilocs.has(r.iloc_id.toLowerCase())) errors.add(`adjustments.${i}.iloc_id`, 'Unknown iloc');
    });
    errors.throwIfAny();

    const movements: MovementInput[] = rows.map((r, i) => {
      const sku = skus.get(r.sku)!;
      return {
        skuId: sku.holderId,
        ilocId: r.iloc_id.toLowerCase(),
        ...(r.set !== undefined
          ? { set: { bucket: r.bucket, quantity: r.set * sku.factor }, field: `adjustments.${i}.set` }
          : { delta: { [r.bucket]: r.delta! * sku.factor }, field: `adjustments.${i}.delta` }),
        reason: r.reason,
        note: r.note ?? null,
        userId: ctx.principal.userId,
      };
    });
    const result = await applyMovementBatch(tx, ctx.tenantId, movements);
    const holderCodes = new Map([...skus.values()].map((s) => [s.holderId, s.holderSku]));
    return { movements: result.movements, balances: result.balances.map((b) => ({ sku: holderCodes.get(b.skuId)!, ...toBalanceDto(b) })) };
  });
}
