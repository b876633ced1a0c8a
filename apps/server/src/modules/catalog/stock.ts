import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import type { TenantCtx } from '../../platform/http/context';
import { conflict } from '../../platform/http/errors';
import { dropEmptyBalances, moveStockIntoSynset } from '../inventory/ledger';
import { queryRows } from '../../platform/db/rows';

/**
 * The catalog's only contact with inventory, which modules/inventory owns: it reads balances and asks the
 * ledger (the one writer of inventory) to move stock or to clear empty rows.
 */

/** A SKU with balance rows has had stock: renaming it may break other inventories' sync (spec 5). */
export async function hasBalances(tx: Tx, tenantId: string, skuId: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`SELECT 1 FROM inventory_balances WHERE tenant_id = ${tenantId}::uuid AND sku_id = ${skuId}::uuid LIMIT 1`);
  return rows.length > 0;
}

/** Spec 5: a SKU is removed only without stock. Clears its empty balance rows, which would block the delete. */
export async function assertNoStockThenClear(tx: Tx, tenantId: string, sku: { id: string; sku: string }): Promise<void> {
  if (!(await dropEmptyBalances(tx, tenantId, { skuId: sku.id }))) throw conflict(`The SKU ${sku.sku} still has stock`);
}

/** SKUs joining a synset bring their own stock into the pool (ledger movements, reason synset_merge). */
export async function mergeMemberStock(tx: Tx, ctx: TenantCtx, memberSkuIds: string[], synsetSkuId: string): Promise<void> {
  for (const memberSkuId of memberSkuIds) {
    await moveStockIntoSynset(tx, ctx.tenantId, { memberSkuId, synsetSkuId, userId: ctx.principal.userId });
  }
}
