import { sql } from 'drizzle-orm';
import { poTransition, type PoStatus, type TPoBySkusInput, type TPurchaseOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { recordStatusEvent, recordStatusEvents } from '../../platform/db/status-events';
import { FieldErrors, invalidTransition, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';
import { buildPoLines, insertPoLines, poTotals, takePoNumbers, type BuiltLine, type LineRequest } from './po-lines';

/** Creating, editing and deleting purchase orders (the lifecycle actions are in po-actions.ts). */

type SupplierRow = { id: string; currency: string | null; payment_terms: string | null };

async function suppliersById(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, SupplierRow>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<SupplierRow>(tx, sql`
    SELECT id, currency, payment_terms FROM suppliers WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The iloc must exist and not be archived (422 at `field`). */
async function checkIloc(tx: Tx, tenantId: string, ilocId: string, errors: FieldErrors, field = 'iloc_id'): Promise<void> {
  const [row] = await queryRows<{ archived_at: unknown }>(tx, sql`SELECT archived_at FROM ilocs WHERE tenant_id = ${tenantId}::uuid AND id = ${ilocId}::uuid`);
  if (!row) errors.add(field, 'Iloc not found');
  else if (row.archived_at) errors.add(field, 'The iloc is archived');
}

const requestsOf = (lines: TPurchaseOrderInput['lines']): LineRequest[] =>
  lines.map((l, i) => ({ path: `lines.${i}`, sku: l.sku, quantity: l.quantity, unit_cost: l.unit_cost, net_price: l.net_price, tax: l.tax }));

interface NewPo {
  supplierId: string;
  ilocId: string;
  currency: string;
  estimatedDelivery: string | null;
  shippingCost: string;
  paymentTerms: string | null;
  notesToWarehouse: string | null;
  notesToSupplier: string | null;
  lines: BuiltLine[];
}

/** Inserts drafts with their lines and a `create` event each; numbers are taken last (the counter row stays locked until commit). */
async function insertPos(tx: Tx, tenantId: string, userId: string | null, pos: NewPo[]): Promise<string[]> {
  const numbers = await takePoNumbers(tx, tenantId, pos.length);
  const ids: string[] = [];
  for (const [i, p] of pos.entries()) {
    const totals = poTotals(p.lines, p.shippingCost);
    const [row] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO purchase_orders (tenant_id, number, supplier_id, iloc_id, status, currency, estimated_delivery, shipping_cost, payment_terms,
        notes_to_warehouse, notes_to_supplier, subtotal, tax_total, total, created_by)
      VALUES (${tenantId}::uuid, ${numbers[i]!}, ${p.supplierId}::uuid, ${p.ilocId}::uuid, 'draft', ${p.currency}, ${p.estimatedDelivery},
        ${p.shippingCost}, ${p.paymentTerms}, ${p.notesToWarehouse}, ${p.notesToSupplier}, ${totals.subtotal}, ${totals.tax_total}, ${totals.total},
        ${userId}::uuid)
      RETURNING id`);
    await insertPoLines(tx, tenantId, row!.id, p.lines);
    ids.push(row!.id);
  }
  await recordStatusEvents(tx, tenantId, ids.map((id, i) => ({
    subjectType: 'purchase_order', subjectId: id, action: 'create', from: null, to: 'draft', userId, data: { number: numbers[i] },
  })));
  return ids;
}

/** POST /purchase-orders: one draft. Every problem of the body is reported at once, nothing written. */
export async function createPurchaseOrder(tx: Tx, tenantId: string, userId: string | null, input: TPurchaseOrderInput): Promise<string> {
  const errors = new FieldErrors();
  const supplier = (await suppliersById(tx, tenantId, [input.supplier_id])).get(input.supplier_id);
  if (!supplier) errors.add('supplier_id', 'Supplier not found');
  await checkIloc(tx, tenantId, input.iloc_id, errors);
  const lines = await buildPoLines(tx, tenantId, input.supplier_id, requestsOf(input.lines), errors);
  errors.throwIfAny();
  const [id] = await insertPos(tx, tenantId, userId, [{
    supplierId: input.supplier_id, ilocId: input.iloc_id, currency: input.currency ?? supplier!.currency ?? 'USD',
    estimatedDelivery: input.estimated_delivery ?? null, shippingCost: input.shipping_cost ?? '0',
    paymentTerms: input.payment_terms === undefined ? supplier!.payment_terms : input.payment_terms,
    notesToWarehouse: input.notes_to_warehouse ?? null, notesToSupplier: input.notes_to_supplier ?? null, lines,
  }]);
  return id!;
}

/**
 * POST /purchase-orders/by-skus: the edited suggestions become one draft per supplier, lines grouped in the
 * order they came. Error paths name the line of the request (`lines.7.sku`).
 */
export async function createPurchaseOrdersBySkus(tx: Tx, tenantId: string, userId: string | null, input: TPoBySkusInput): Promise<string[]> {
  const errors = new FieldErrors();
  await checkIloc(tx, tenantId, input.iloc_id, errors);
  const supplierIds = [...new Set(input.lines.map((l) => l.supplier_id.toLowerCase()))];
  const suppliers = await suppliersById(tx, tenantId, supplierIds);
  const groups = new Map<string, LineRequest[]>();
  input.lines.forEach((l, i) => {
    const sid = l.supplier_id.toLowerCase();
    if (!suppliers.has(sid)) return errors.add(`lines.${i}.supplier_id`, 'Supplier not found');
    const group = groups.get(sid) ?? [];
    group.push({ path: `lines.${i}`, sku: l.sku, quantity: l.quantity, unit_cost: l.unit_cost });
    groups.set(sid, group);
  });
  const pos: NewPo[] = [];
  for (const [sid, requests] of groups) {
    const supplier = suppliers.get(sid)!;
    const lines = await buildPoLines(tx, tenantId, sid, requests, errors);
    pos.push({
      supplierId: sid, ilocId: input.iloc_id, currency: supplier.currency ?? 'USD', estimatedDelivery: input.estimated_delivery ?? null,
      shippingCost: '0', paymentTerms: supplier.payment_terms, notesToWarehouse: null, notesToSupplier: null, lines,
    });
  }
  errors.throwIfAny();
  return insertPos(tx, tenantId, userId, pos);
}

export type LockedPo = {
  id: string; number: string; status: PoStatus; supplier_id: string; iloc_id: string; sent_at: unknown; shipping_cost: string;
};

/** Locks the PO row: actions on one PO run one at a time. */
export async function lockPurchaseOrder(tx: Tx, tenantId: string, id: string): Promise<LockedPo> {
  const [row] = await queryRows<LockedPo>(tx, sql`
    SELECT id, number, status, supplier_id, iloc_id, sent_at, shipping_cost FROM purchase_orders
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`);
  if (!row) throw notFound('Purchase order');
  return row;
}

export const refusedPoAction = (from: string, action: string) =>
  invalidTransition(from, action, `A purchase order that is ${from.replace('_', ' ')} cannot ${action === 'edit' ? 'be edited' : action === 'delete' ? 'be deleted' : action}`);

/** PUT /purchase-orders/{id}: the fields and the lines replaced, while `edit` is allowed (draft, open, error). */
export async function updatePurchaseOrder(tx: Tx, tenantId: string, userId: string | null, id: string, input: TPurchaseOrderInput): Promise<void> {
  const current = await lockPurchaseOrder(tx, tenantId, id);
  if (!poTransition(current.status, 'edit')) throw refusedPoAction(current.status, 'edit');
  const errors = new FieldErrors();
  const supplier = (await suppliersById(tx, tenantId, [input.supplier_id])).get(input.supplier_id);
  if (!supplier) errors.add('supplier_id', 'Supplier not found');
  await checkIloc(tx, tenantId, input.iloc_id, errors);
  const lines = await buildPoLines(tx, tenantId, input.supplier_id, requestsOf(input.lines), errors);
  errors.throwIfAny();
  const shipping = input.shipping_cost ?? '0';
  const totals = poTotals(lines, shipping);
  // Edits happen before the PO is sent, so no shipment can point at these lines yet.
  await tx.execute(sql`DELETE FROM purchase_order_lines WHERE tenant_id = ${tenantId}::uuid AND purchase_order_id = ${id}::uuid`);
  await insertPoLines(tx, tenantId, id, lines);
  await tx.execute(sql`
    UPDATE purchase_orders SET supplier_id = ${input.supplier_id}::uuid, iloc_id = ${input.iloc_id}::uuid,
      currency = ${input.currency ?? supplier!.currency ?? 'USD'}, estimated_delivery = ${input.estimated_delivery ?? null},
      shipping_cost = ${shipping}, payment_terms = ${input.payment_terms === undefined ? supplier!.payment_terms : input.payment_terms},
      notes_to_warehouse = ${input.notes_to_warehouse ?? null}, notes_to_supplier = ${input.notes_to_supplier ?? null},
      subtotal = ${totals.subtotal}, tax_total = ${totals.tax_total}, total = ${totals.total}, updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  await recordStatusEvent(tx, tenantId, {
    subjectType: 'purchase_order', subjectId: id, action: 'edit', from: current.status, to: current.status, userId, data: { line_count: lines.length },
  });
}

/** DELETE /purchase-orders/{id}: only a draft. */
export async function deletePurchaseOrder(tx: Tx, tenantId: string, id: string): Promise<void> {
  const current = await lockPurchaseOrder(tx, tenantId, id);
  if (current.status !== 'draft') throw refusedPoAction(current.status, 'delete');
  await tx.execute(sql`DELETE FROM status_events WHERE tenant_id = ${tenantId}::uuid AND subject_type = 'purchase_order' AND subject_id = ${id}::uuid`);
  await tx.execute(sql`DELETE FROM purchase_orders WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND status = 'draft'`);
}
