import { z } from 'zod';
import { ZPurchaseOrderInput, isValidSkuText, type TPurchaseOrderInput } from '@omnio/domain';
import type { PurchaseOrder } from './api';

/**
 * The create/edit purchase-order form: its values (text, as inputs hold them), the checks made before
 * sending (messages are `validation.*` keys of the purchaseOrders namespace), the body, and where a
 * server 422 key lands in the form. The body is checked against the shared ZPurchaseOrderInput too.
 */

const COST = /^\d{1,10}(\.\d{1,4})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const optCost = z.string().trim().refine((v) => v === '' || COST.test(v), 'validation.cost');
const optAmount = z.string().trim().refine((v) => v === '' || AMOUNT.test(v), 'validation.amount');

const ZLineValues = z.object({
  sku: z.string().trim().min(1, 'validation.skuRequired').refine(isValidSkuText, 'validation.skuInvalid'),
  name: z.string(),
  quantity: z.string().trim().regex(/^\d{1,9}$/, 'validation.quantity').refine((v) => Number(v) > 0, 'validation.quantity'),
  unit_cost: optCost,
  net_price: optCost,
  tax: optAmount,
});

export const ZPoForm = z.object({
  supplier_id: z.string().min(1, 'validation.supplierRequired'),
  iloc_id: z.string().min(1, 'validation.ilocRequired'),
  estimated_delivery: z.string(),
  shipping_cost: optAmount,
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'validation.currency'),
  payment_terms: z.string().max(200, 'validation.tooLong'),
  notes_to_warehouse: z.string().max(2000, 'validation.tooLong'),
  notes_to_supplier: z.string().max(2000, 'validation.tooLong'),
  lines: z.array(ZLineValues).min(1, 'validation.linesRequired'),
});
export type PoFormValues = z.infer<typeof ZPoForm>;
export type PoLineValues = PoFormValues['lines'][number];

export const emptyLine = (): PoLineValues => ({ sku: '', name: '', quantity: '1', unit_cost: '', net_price: '', tax: '' });

const zeroAsBlank = (v: string | null | undefined) => (v === null || v === undefined || Number(v) === 0 ? '' : String(v));

export function toFormValues(po: PurchaseOrder | null): PoFormValues {
  return {
    supplier_id: po?.supplier.id ?? '',
    iloc_id: po?.iloc.id ?? '',
    estimated_delivery: po?.estimated_delivery?.slice(0, 10) ?? '',
    shipping_cost: zeroAsBlank(po?.shipping_cost),
    currency: po?.currency ?? 'USD',
    payment_terms: po?.payment_terms ?? '',
    notes_to_warehouse: po?.notes_to_warehouse ?? '',
    notes_to_supplier: po?.notes_to_supplier ?? '',
    lines: po?.lines.length
      ? po.lines.map((l) => ({
          sku: l.sku, name: l.name ?? '', quantity: String(l.quantity), unit_cost: String(l.unit_cost ?? ''),
          net_price: String(l.net_price ?? ''), tax: zeroAsBlank(l.tax),
        }))
      : [emptyLine()],
  };
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

export function toPoBody(v: PoFormValues): TPurchaseOrderInput {
  return {
    supplier_id: v.supplier_id,
    iloc_id: v.iloc_id,
    estimated_delivery: orNull(v.estimated_delivery),
    ...(v.shipping_cost.trim() ? { shipping_cost: v.shipping_cost.trim() } : {}),
    currency: v.currency.trim().toUpperCase(),
    payment_terms: orNull(v.payment_terms),
    notes_to_warehouse: orNull(v.notes_to_warehouse),
    notes_to_supplier: orNull(v.notes_to_supplier),
    lines: v.lines.map((l) => ({
      sku: l.sku.trim(),
      quantity: Number(l.quantity),
      // Left out, the server takes the supplier's cost for the SKU and the unit cost as the net price.
      ...(l.unit_cost.trim() ? { unit_cost: l.unit_cost.trim() } : {}),
      ...(l.net_price.trim() ? { net_price: l.net_price.trim() } : {}),
      ...(l.tax.trim() ? { tax: l.tax.trim() } : {}),
    })),
  };
}

const LINE_FIELD = /^lines\.(\d+)\.(sku|quantity|unit_cost|net_price|tax)$/;
const HEAD_FIELDS = new Set([
  'supplier_id', 'iloc_id', 'estimated_delivery', 'shipping_cost', 'currency', 'payment_terms', 'notes_to_warehouse', 'notes_to_supplier',
]);

/** A body key (server 422 or schema issue) → the form field that shows it, or null for a banner. */
export function formFieldOf(key: string): string | null {
  if (HEAD_FIELDS.has(key)) return key;
  if (LINE_FIELD.test(key)) return key;
  if (key === 'lines') return 'lines';
  return null;
}

/** The body checked against the shared request schema: [key, English message] per problem. */
export function bodyProblems(body: TPurchaseOrderInput): [string, string][] {
  const parsed = ZPurchaseOrderInput.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** Live totals of the form: net price (else unit cost) × quantity, plus tax, plus shipping. */
export function formTotals(v: Pick<PoFormValues, 'lines' | 'shipping_cost'>) {
  let subtotal = 0;
  let tax = 0;
  for (const l of v.lines) {
    const price = Number(l.net_price.trim() || l.unit_cost.trim() || 0);
    subtotal += (Number(l.quantity) || 0) * (Number.isFinite(price) ? price : 0);
    tax += Number(l.tax) || 0;
  }
  const shipping = Number(v.shipping_cost) || 0;
  return { subtotal, tax, shipping, total: subtotal + tax + shipping };
}

export function lineTotal(l: PoLineValues): number {
  const price = Number(l.net_price.trim() || l.unit_cost.trim() || 0);
  return (Number(l.quantity) || 0) * (Number.isFinite(price) ? price : 0) + (Number(l.tax) || 0);
}
