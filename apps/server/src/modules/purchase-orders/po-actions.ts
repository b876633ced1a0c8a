import { sql } from 'drizzle-orm';
import { poAllowedActions, poTransition, PO_RECEIVING_STATUSES, SUPPLY_SHIPMENT_OPEN_STATUSES, type PoAction, type PoStatus } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { recordStatusEvent } from '../../platform/db/status-events';
import { enqueueJob } from '../../platform/jobs/jobs';
import { FieldErrors, invalidTransition, notFound } from '../../platform/http/errors';
import { lockPurchaseOrder, refusedPoAction } from './po-write';
import { supplierScope, type Viewer } from './po-read';
import { purchaseOrders as po } from './purchase-orders.tables';

/** The lifecycle of a purchase order (PO_TRANSITIONS), the supplier's acknowledgement, and the seams other modules call. */

export const PO_EMAIL_JOB = 'purchase-order.email';

export type PlainPoAction = Extract<PoAction, 'confirm' | 'submit' | 'email' | 'complete' | 'cancel'>;
export const PLAIN_PO_ACTIONS: readonly PlainPoAction[] = ['confirm', 'submit', 'email', 'complete', 'cancel'];

/** Spec 4 "blocked when a SKU was removed": confirm and submit refuse a PO with a removed or discontinued SKU. */
async function assertSkusOrderable(tx: Tx, tenantId: string, id: string, from: string, action: string): Promise<void> {
  const bad = await queryRows<{ sku: string; removed: boolean }>(tx, sql`
    SELECT l.sku, l.sku_id IS NULL AS removed FROM purchase_order_lines l
    LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
    WHERE l.tenant_id = ${tenantId}::uuid AND l.purchase_order_id = ${id}::uuid AND (l.sku_id IS NULL OR s.status = 'discontinued')
    ORDER BY l.line_no LIMIT 10`);
  if (!bad.length) return;
  const removed = bad.filter((b) => b.removed).map((b) => b.sku);
  const discontinued = bad.filter((b) => !b.removed).map((b) => b.sku);
  const parts = [
    removed.length ? `SKU ${removed.join(', ')} was removed` : '',
    discontinued.length ? `SKU ${discontinued.join(', ')} is discontinued` : '',
  ].filter(Boolean);
  throw invalidTransition(from, action, `The purchase order cannot ${action}: ${parts.join('; ')}. Edit its lines first.`);
}

async function setStatus(tx: Tx, tenantId: string, id: string, from: PoStatus, to: PoStatus, extra = sql``): Promise<void> {
  const done = await queryRows<{ id: string }>(tx, sql`
    UPDATE purchase_orders SET status = ${to}, updated_at = now() ${extra}
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND status = ${from} RETURNING id`);
  // The row is locked, so this only fails if the caller skipped the lock: say so rather than write a false event.
  if (!done.length) throw invalidTransition(from, 'update', 'The purchase order changed meanwhile; reload it');
}

export interface PoActionResult {
  /** Set by submit and email: the e-mail job. */
  emailJobId?: string;
}

/** One lifecycle action as PO_TRANSITIONS allows it, with its event, in the caller's transaction. */
export async function applyPoAction(tx: Tx, tenantId: string, userId: string | null, id: string, action: PlainPoAction): Promise<PoActionResult> {
  const current = await lockPurchaseOrder(tx, tenantId, id);
  const from = current.status;
  const to = poTransition(from, action);
  if (!to) throw refusedPoAction(from, action);
  const result: PoActionResult = {};
  switch (action) {
    case 'confirm':
      await assertSkusOrderable(tx, tenantId, id, from, action);
      await setStatus(tx, tenantId, id, from, to, sql`, confirmed_at = now(), error_message = NULL`);
      break;
    case 'submit':
      await assertSkusOrderable(tx, tenantId, id, from, action);
      await setStatus(tx, tenantId, id, from, to, sql`, sent_at = now()`);
      result.emailJobId = await enqueueEmail(tx, tenantId, id, userId);
      break;
    case 'email':
      result.emailJobId = await enqueueEmail(tx, tenantId, id, userId);
      // Not a status change, but the history says who asked for the mail to go again.
      await recordStatusEvent(tx, tenantId, { subjectType: 'purchase_order', subjectId: id, action, from, to: from, userId, data: { job_id: result.emailJobId } });
      return result;
    case 'complete':
      await setStatus(tx, tenantId, id, from, to, sql`, completed_at = now()`);
      break;
    case 'cancel': {
      const [moving] = await queryRows<{ asn_number: string; status: string }>(tx, sql`
        SELECT asn_number, status FROM supply_shipments
        WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ${id}::uuid AND status IN (${sql.join(SUPPLY_SHIPMENT_OPEN_STATUSES.map((s) => sql`${s}`), sql`, `)})
        LIMIT 1`);
      if (moving) {
        throw invalidTransition(from, action, `The purchase order cannot be cancelled: shipment ${moving.asn_number} is ${moving.status.replace('_', ' ')}`);
      }
      await setStatus(tx, tenantId, id, from, to, sql`, cancelled_at = now()`);
      break;
    }
  }
  await recordStatusEvent(tx, tenantId, {
    subjectType: 'purchase_order', subjectId: id, action, from, to, userId, data: result.emailJobId ? { job_id: result.emailJobId } : {},
  });
  return result;
}

function enqueueEmail(tx: Tx, tenantId: string, poId: string, userId: string | null): Promise<string> {
  // The job's own retry limit applies: each refused send is recorded on the PO (email_failed), and after the
  // last one the job ends FAILED with a notification to the user, who can still re-send with `email`.
  return enqueueJob(tx, tenantId, { kind: PO_EMAIL_JOB, payload: { purchase_order_id: poId }, userId });
}

export interface AckLine {
  line_id: string;
  confirmed_quantity: number;
  confirmed_date?: string | null | undefined;
}

/**
 * The supplier confirms quantities and dates per line. The PO becomes `confirmed` when every line is
 * confirmed at its quantity or more, else `partially_confirmed`. A supplier acknowledges only its own
 * sent PO (the viewer's scope makes any other a 404).
 */
export async function acknowledgePurchaseOrder(tx: Tx, tenantId: string, userId: string | null, viewer: Viewer, id: string, lines: AckLine[]): Promise<void> {
  await assertVisible(tx, tenantId, id, viewer);
  const current = await lockPurchaseOrder(tx, tenantId, id);
  const from = current.status;
  if (!poTransition(from, 'acknowledge')) throw refusedPoAction(from, 'acknowledge');
  const known = new Set((await queryRows<{ id: string }>(tx, sql`
    SELECT id FROM purchase_order_lines WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ${id}::uuid`)).map((r) => r.id));
  const errors = new FieldErrors();
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const lineId = l.line_id.toLowerCase();
    if (!known.has(lineId)) errors.add(`lines.${i}.line_id`, 'Not a line of this purchase order');
    else if (seen.has(lineId)) errors.add(`lines.${i}.line_id`, 'The line is listed twice');
    seen.add(lineId);
  });
  errors.throwIfAny();
  const rows = lines.map((l) => ({ id: l.line_id.toLowerCase(), q: l.confirmed_quantity, d: l.confirmed_date ?? null }));
  await tx.execute(sql`
    UPDATE purchase_order_lines l SET confirmed_quantity = x.q, confirmed_date = x.d
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, q int, d date)
    WHERE l.tenant_id = ${tenantId}::uuid AND l.purchase_order_id = ${id}::uuid AND l.id = x.id`);
  const [short] = await queryRows<{ n: number }>(tx, sql`
    SELECT 1 AS n FROM purchase_order_lines WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ${id}::uuid
      AND (confirmed_quantity IS NULL OR confirmed_quantity < quantity) LIMIT 1`);
  const to: PoStatus = short ? 'partially_confirmed' : 'confirmed';
  await setStatus(tx, tenantId, id, from, to, sql`, acknowledged_at = now()`);
  await recordStatusEvent(tx, tenantId, {
    subjectType: 'purchase_order', subjectId: id, action: 'acknowledge', from, to, userId, data: { lines: rows.length },
  });
}

async function assertVisible(tx: Tx, tenantId: string, id: string, viewer: Viewer): Promise<void> {
  const scope = supplierScope(viewer);
  if (!scope) return;
  const [row] = await queryRows<{ id: string }>(tx, sql`
    SELECT id FROM purchase_orders WHERE ${po.tenantId} = ${tenantId}::uuid AND ${po.id} = ${id}::uuid AND ${scope}`);
  if (!row) throw notFound('Purchase order');
}

/**
 * For the supply-shipments module, inside its transaction: after receiving units on PO lines (their
 * qty_received updated), completes the PO automatically when every line has received at least its
 * quantity — status event `complete` by the system (user null, data {automatic: true}). Answers the PO's
 * status afterwards. Safe to call on any PO: a draft, open, completed or cancelled one is left alone.
 *
 *   recordPoLineProgress(tx: Tx, tenantId: string, poId: string): Promise<PoStatus>
 */
export async function recordPoLineProgress(tx: Tx, tenantId: string, poId: string): Promise<PoStatus> {
  const current = await lockPurchaseOrder(tx, tenantId, poId);
  if (!poTransition(current.status, 'complete') || !PO_RECEIVING_STATUSES.includes(current.status)) return current.status;
  const [open] = await queryRows<{ n: number }>(tx, sql`
    SELECT 1 AS n FROM purchase_order_lines WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ${poId}::uuid AND qty_received < quantity LIMIT 1`);
  if (open) return current.status;
  await setStatus(tx, tenantId, poId, current.status, 'completed', sql`, completed_at = now()`);
  await recordStatusEvent(tx, tenantId, {
    subjectType: 'purchase_order', subjectId: poId, action: 'complete', from: current.status, to: 'completed', userId: null, data: { automatic: true },
  });
  return 'completed';
}

export interface PoForShipment {
  id: string;
  number: string;
  status: PoStatus;
  supplier_id: string;
  iloc_id: string;
  /** What the caller may do to the PO now (includes `ship` when an ASN may be created). */
  allowed_actions: PoAction[];
  lines: { id: string; line_no: number; sku_id: string | null; sku: string; name: string | null; quantity: number; qty_shipped: number; qty_received: number }[];
}

/**
 * For the supply-shipments module, inside its transaction: the PO locked FOR UPDATE with its lines, as
 * the caller may see it — a supplier user gets 404 for another supplier's PO or one not sent yet, exactly
 * as the PO routes answer. The caller checks `allowed_actions.includes('ship')` before creating an ASN.
 *
 *   loadPurchaseOrderForShipment(tx: Tx, ctx: { tenantId: string; principal: Viewer }, poId: string): Promise<PoForShipment>
 */
export async function loadPurchaseOrderForShipment(tx: Tx, ctx: { tenantId: string; principal: Viewer }, poId: string): Promise<PoForShipment> {
  await assertVisible(tx, ctx.tenantId, poId, ctx.principal);
  const current = await lockPurchaseOrder(tx, ctx.tenantId, poId);
  const lines = await queryRows<PoForShipment['lines'][number]>(tx, sql`
    SELECT id, line_no, sku_id, sku, name, quantity, qty_shipped, qty_received FROM purchase_order_lines
    WHERE tenant_id = ${ctx.tenantId}::uuid AND purchase_order_id = ${poId}::uuid ORDER BY line_no`);
  return {
    id: current.id, number: current.number, status: current.status, supplier_id: current.supplier_id, iloc_id: current.iloc_id,
    allowed_actions: poAllowedActions(current.status, ctx.principal.permissions, ctx.principal.role),
    lines: lines.map((l) => ({ ...l, line_no: Number(l.line_no), quantity: Number(l.quantity), qty_shipped: Number(l.qty_shipped), qty_received: Number(l.qty_received) })),
  };
}
