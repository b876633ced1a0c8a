import type { TListQuery, TPoBySkusInput, TPoSuggestionsQuery, TPurchaseOrderInput } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { acknowledgePurchaseOrder as acknowledgeTx, applyPoAction, type AckLine, type PlainPoAction } from './po-actions';
import { getPurchaseOrder as getTx, listPoEvents, listPurchaseOrders as listTx, type poSummary, purchaseOrderCounts, visiblePoRow } from './po-read';
import { createPurchaseOrder as createTx, createPurchaseOrdersBySkus, deletePurchaseOrder as deleteTx, updatePurchaseOrder as updateTx } from './po-write';
import { listSuggestions } from './po-suggestions.service';
import { renderPurchaseOrderPdf } from './po-email';

/** Purchase orders: each use case in one tenant transaction; the viewer (role, supplier) scopes every read. */

const userOf = (ctx: TenantCtx) => ctx.principal.userId;

export const listPurchaseOrders = (ctx: TenantCtx, query: TListQuery) => withTenant(ctx, (tx) => listTx(tx, ctx.tenantId, query, ctx.principal));

export const countPurchaseOrders = (ctx: TenantCtx, query: TListQuery) =>
  withTenant(ctx, (tx) => purchaseOrderCounts(tx, ctx.tenantId, query, ctx.principal));

export const getPurchaseOrder = (ctx: TenantCtx, id: string, include?: string) =>
  withTenant(ctx, (tx) => getTx(tx, ctx.tenantId, id, ctx.principal, include));

export const getPurchaseOrderEvents = (ctx: TenantCtx, id: string, query: TListQuery) =>
  withTenant(ctx, async (tx) => {
    await visiblePoRow(tx, ctx.tenantId, id, ctx.principal);
    return listPoEvents(tx, ctx.tenantId, id, query);
  });

export const createPurchaseOrder = (ctx: TenantCtx, input: TPurchaseOrderInput) =>
  withTenant(ctx, async (tx) => getTx(tx, ctx.tenantId, await createTx(tx, ctx.tenantId, userOf(ctx), input), ctx.principal));

export const updatePurchaseOrder = (ctx: TenantCtx, id: string, input: TPurchaseOrderInput) =>
  withTenant(ctx, async (tx) => {
    await updateTx(tx, ctx.tenantId, userOf(ctx), id, input);
    return getTx(tx, ctx.tenantId, id, ctx.principal);
  });

export const deletePurchaseOrder = (ctx: TenantCtx, id: string) => withTenant(ctx, (tx) => deleteTx(tx, ctx.tenantId, id));

export const purchaseOrderAction = (ctx: TenantCtx, id: string, action: PlainPoAction) =>
  withTenant(ctx, async (tx) => {
    const result = await applyPoAction(tx, ctx.tenantId, userOf(ctx), id, action);
    return { po: await getTx(tx, ctx.tenantId, id, ctx.principal), emailJobId: result.emailJobId };
  });

export const acknowledgePurchaseOrder = (ctx: TenantCtx, id: string, lines: AckLine[]) =>
  withTenant(ctx, async (tx) => {
    await acknowledgeTx(tx, ctx.tenantId, userOf(ctx), ctx.principal, id, lines);
    return getTx(tx, ctx.tenantId, id, ctx.principal);
  });

export const purchaseOrderPdf = (ctx: TenantCtx, id: string) =>
  withTenant(ctx, async (tx) => renderPurchaseOrderPdf(tx, ctx.tenantId, id, ctx.principal));

export const purchaseOrderSuggestions = (ctx: TenantCtx, query: TPoSuggestionsQuery) => withTenant(ctx, (tx) => listSuggestions(tx, ctx.tenantId, query));

/** POST /purchase-orders/by-skus: the created drafts as summaries, in the order of their suppliers' first lines. */
export const createPurchaseOrdersFromSkus = (ctx: TenantCtx, input: TPoBySkusInput) =>
  withTenant(ctx, async (tx) => {
    const ids = await createPurchaseOrdersBySkus(tx, ctx.tenantId, userOf(ctx), input);
    const views = [];
    for (const id of ids) views.push(await getTx(tx, ctx.tenantId, id, ctx.principal));
    return views.map((v) => {
      const { id, number, status, supplier, iloc, currency, estimated_delivery, total, line_count, qty_ordered, qty_received, created_at, updated_at, allowed_actions } = v as ReturnType<typeof poSummary>;
      return { id, number, status, supplier: { id: supplier.id, name: supplier.name }, iloc, currency, estimated_delivery, total, line_count, qty_ordered, qty_received, created_at, updated_at, allowed_actions };
    });
  });
