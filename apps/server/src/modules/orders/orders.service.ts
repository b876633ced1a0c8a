import { KeyedGate } from '../../platform/keyed-gate';
import {
  ZOrderInput, BULK_CANCEL_SKIPS, type BulkUpdateResultDto, type JobStartedDto, type OrderAction, type OrderBatchResultDto, type TListQuery,
  type TOrderInput,
} from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { DomainError, fieldError } from '../../platform/http/errors';
import { enqueueJob } from '../../platform/jobs/jobs';
import { applyOrderAction, updateOrder as updateOrderTx } from './order-actions';
import { createOrders, createOrdersPartial, IMPORT_TX, type CreateResult, type RefusedResult } from './order-create';
import { withOrderLimitNotice } from '../billing/billing-limits.service';
import { getOrder as getOrderTx, listOrderEvents, listOrders as listOrdersTx, orderCounts } from './orders-read';
import { parseOrderCsv } from './orders-csv';

export const BULK_CANCEL_JOB = 'orders.bulk-cancel';
export const IMPORT_CSV_JOB = 'orders.import-csv';

const actorOf = (ctx: TenantCtx) => ({ userId: ctx.principal.userId });

export const listOrders = (ctx: TenantCtx, query: TListQuery) =>
  withTenant(ctx, (tx) => listOrdersTx(tx, ctx.tenantId, query, ctx.principal.permissions));

export const countOrders = (ctx: TenantCtx, query: TListQuery) => withTenant(ctx, (tx) => orderCounts(tx, ctx.tenantId, query));

export const getOrder = (ctx: TenantCtx, id: string, include?: string) =>
  withTenant(ctx, (tx) => getOrderTx(tx, ctx.tenantId, id, ctx.principal.permissions, include));

export const getOrderEvents = (ctx: TenantCtx, id: string, query: TListQuery) =>
  withTenant(ctx, async (tx) => {
    await getOrderTx(tx, ctx.tenantId, id, ctx.principal.permissions); // 404 for another tenant's order
    return listOrderEvents(tx, ctx.tenantId, id, query);
  });

/** POST /orders: one order through the pipeline; the same (channel, external id) again answers the existing order. */
export async function createOrder(ctx: TenantCtx, input: TOrderInput) {
  return withOrderLimitNotice(ctx, () => withTenant(ctx, async (tx) => {
    const [result] = await createOrders(tx, ctx.tenantId, ctx.principal.userId, [input]);
    // Read in the creating transaction: the answer is the order as committed (the allowance is taken with the commit).
    return { order: await getOrderTx(tx, ctx.tenantId, result!.id, ctx.principal.permissions), duplicate: result!.duplicate };
  }, IMPORT_TX));
}

export type BatchResult = Omit<CreateResult | RefusedResult, 'error_message'> | { index: number; errors: Record<string, string[]> };

/**
 * One company's batches draw on the same stock balances and lock them: past a couple at once they only queue
 * inside PostgreSQL, each holding a connection, and 50 clients import slower than 2. Here they queue for free.
 */
const importGates = new Map<number, KeyedGate>();
function importGateOf(limit: number): KeyedGate {
  let gate = importGates.get(limit);
  if (!gate) importGates.set(limit, (gate = new KeyedGate(limit)));
  return gate;
}

/** POST /orders/batch: each order validated on its own; those that read well go through the pipeline together. */
export async function createOrderBatch(ctx: TenantCtx, raw: unknown[]): Promise<OrderBatchResultDto[]> {
  const valid: { index: number; input: TOrderInput }[] = [];
  const invalid: BatchResult[] = [];
  raw.forEach((candidate, index) => {
    const parsed = ZOrderInput.safeParse(candidate);
    if (parsed.success) valid.push({ index, input: parsed.data });
    else {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'order'] ??= []).push(issue.message);
      invalid.push({ index, errors });
    }
  });
  const created = valid.length
    ? await importGateOf(ctx.deps.config.orderImportConcurrency).run(ctx.tenantId, () =>
      withOrderLimitNotice(ctx, () => withTenant(ctx, (tx) => createOrdersPartial(tx, ctx.tenantId, ctx.principal.userId, valid.map((v) => v.input)), IMPORT_TX)))
    : [];
  const results: BatchResult[] = [...invalid];
  created.forEach((r, i) => {
    const { error_message: _m, ...rest } = r;
    results.push({ ...rest, index: valid[i]!.index });
  });
  return results.sort((a, b) => a.index - b.index);
}

export async function orderAction(ctx: TenantCtx, id: string, action: Exclude<OrderAction, 'edit'>, body: { hold_until?: string | null } = {}) {
  // clone creates an order, so it may meet the plan's allowance.
  return withOrderLimitNotice(ctx, () => withTenant(ctx, async (tx) => {
    const result = await applyOrderAction(tx, ctx.tenantId, actorOf(ctx), id, action, body);
    return { order: await getOrderTx(tx, ctx.tenantId, result.id, ctx.principal.permissions), created: result.created ?? false };
  }));
}

export async function updateOrder(ctx: TenantCtx, id: string, input: TOrderInput & { version?: number }) {
  return withTenant(ctx, async (tx) => {
    await updateOrderTx(tx, ctx.tenantId, actorOf(ctx), id, input);
    return getOrderTx(tx, ctx.tenantId, id, ctx.principal.permissions);
  });
}

/** Bulk hold or release, each order on its own (one refused order does not stop the others). */
export async function bulkAction(ctx: TenantCtx, ids: string[], action: 'hold' | 'release', body: { hold_until?: string | null } = {}): Promise<BulkUpdateResultDto> {
  if (action === 'hold' && body.hold_until && Date.parse(body.hold_until) <= Date.now()) throw fieldError('hold_until', 'The hold must end in the future');
  const updated: string[] = [];
  const skipped: { id: string; number: string | null; reason: string }[] = [];
  for (const id of [...new Set(ids.map((i) => i.toLowerCase()))]) {
    try {
      await withTenant(ctx, (tx) => applyOrderAction(tx, ctx.tenantId, actorOf(ctx), id, action, body));
      updated.push(id);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      skipped.push({ id, number: await orderNumber(ctx, id), reason: err.message });
    }
  }
  return { updated, skipped };
}

async function orderNumber(ctx: TenantCtx, id: string): Promise<string | null> {
  try {
    return (await getOrder(ctx, id)).number as string;
  } catch {
    return null;
  }
}

/** POST /orders/bulk-cancel: 202 with a job; the job skips what spec 4 says bulk cancel leaves alone. */
export async function startBulkCancel(ctx: TenantCtx, ids: string[]): Promise<JobStartedDto> {
  const id = await withTenant(ctx, (tx) => enqueueJob(tx, ctx.tenantId, {
    kind: BULK_CANCEL_JOB, payload: { ids: [...new Set(ids.map((i) => i.toLowerCase()))] }, userId: ctx.principal.userId, maxAttempts: 1,
  }));
  return { job_id: id, status: 'PENDING' as const };
}

/** POST /orders/import: the CSV is read now (so a broken file is a 422 at once), the orders are created by a job. */
export async function startCsvImport(ctx: TenantCtx, buffer: Buffer): Promise<JobStartedDto> {
  const { orders, errors } = parseOrderCsv(buffer);
  if (orders.length === 0 && errors.length === 1 && errors[0]!.line === 1) throw fieldError('file', errors[0]!.message);
  const id = await withTenant(ctx, (tx) => enqueueJob(tx, ctx.tenantId, {
    kind: IMPORT_CSV_JOB, payload: { orders, errors }, userId: ctx.principal.userId, maxAttempts: 1,
  }));
  return { job_id: id, status: 'PENDING' as const };
}

export const BULK_CANCEL_SKIP_REASON: Record<string, string> = Object.fromEntries(
  BULK_CANCEL_SKIPS.map((s) => [s, `The order is ${s}: bulk cancel leaves it as it is`]),
);
