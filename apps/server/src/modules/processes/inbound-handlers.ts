import { ZOrderInput, type TOrderInput } from '@omnio/domain';
import { createOrders } from '../orders/order-create';
import { InboundHandlerError, registerInboundHandler, type InboundHandler } from './inbound-webhooks.service';

/** The most orders one delivery may carry (as POST /orders/batch). */
const MAX_ORDERS = 1000;

/**
 * `orders/import-orders`: one order, or `{orders: [...]}`, in the POST /orders shape, through the one order
 * pipeline (idempotent on channel + external id; the channel defaults to the process's driver). An order
 * the pipeline would keep in `error` (an unknown SKU, a bad address) fails the whole delivery instead and
 * nothing is imported: the channel's payload stays the truth, and a replay after the fix imports it.
 */
export const importOrders: InboundHandler = async ({ tx, tenantId, process, payload }) => {
  if (payload === null || typeof payload !== 'object') throw new InboundHandlerError('The body is not a JSON object');
  const list: unknown[] = Array.isArray((payload as { orders?: unknown }).orders) ? (payload as { orders: unknown[] }).orders : [payload];
  if (list.length === 0) throw new InboundHandlerError('The body has no orders');
  if (list.length > MAX_ORDERS) throw new InboundHandlerError(`At most ${MAX_ORDERS} orders per delivery`);
  const inputs: TOrderInput[] = [];
  const problems: string[] = [];
  for (const [i, raw] of list.entries()) {
    const parsed = ZOrderInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`Order ${i + 1}: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
      continue;
    }
    inputs.push({ ...parsed.data, channel: parsed.data.channel ?? process.driver });
  }
  if (problems.length) throw new InboundHandlerError(problems.slice(0, 10).join('; '));
  // Out of allowance (refused here, or at the commit) is handled where the delivery is worked: kept as failed.
  const results = await createOrders(tx, tenantId, null, inputs);
  const failed = results.filter((r) => r.status === 'error');
  if (failed.length) {
    throw new InboundHandlerError(failed.slice(0, 10).map((r) => {
      const ref = inputs[r.index]?.external_id ?? `#${r.index + 1}`;
      return `Order ${ref}: ${r.error_code ?? 'error'}: ${r.error_message ?? ''}`.trim();
    }).join('; '));
  }
  return { orders: results.map((r) => ({ id: r.id, number: r.number, status: r.status, duplicate: r.duplicate })) };
};

/**
 * Shopify's mandatory privacy webhooks. Omnio keeps no channel customer profile beyond what its orders hold,
 * and those are the seller's records: the request is stored (the audit trail) and acknowledged as processed.
 */
const acknowledgePrivacyRequest: InboundHandler = async () => ({ acknowledged: true });

/** Every kind without a handler here is stored and marked failed "No handler for …" (replayable once one exists). */
export function registerInboundHandlers(): void {
  registerInboundHandler('orders/import-orders', importOrders);
  registerInboundHandler('mandatory/customers/data_request', acknowledgePrivacyRequest);
  registerInboundHandler('mandatory/customers/redact', acknowledgePrivacyRequest);
  registerInboundHandler('mandatory/shop/redact', acknowledgePrivacyRequest);
}
