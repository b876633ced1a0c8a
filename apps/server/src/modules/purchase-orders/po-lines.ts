import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { takeDocumentNumbers } from '../../platform/db/document-numbers';
import type { FieldErrors } from '../../platform/http/errors';
import { resolveSkuCodes } from '../inventory/resolve';
import { uuidArray } from '../inventory/holder-sql';

/**
 * Turning requested PO lines into stored ones: SKU codes resolve like orders (exact code, case-insensitive
 * code, alternative SKU), costs default from the supplier's price list, totals with decimal.js. Shared by
 * create, edit and PO by SKUs.
 */

export interface LineRequest {
  /** Where an error about this line is reported (`lines.3.sku`). */
  path: string;
  sku: string;
  quantity: number;
  unit_cost?: string | undefined;
  net_price?: string | undefined;
  tax?: string | undefined;
}

export interface BuiltLine {
  line_no: number;
  sku_id: string;
  sku: string;
  name: string;
  supplier_sku: string | null;
  quantity: number;
  unit_cost: string;
  net_price: string;
  tax: string;
}

export interface PoTotals {
  subtotal: string;
  tax_total: string;
  total: string;
}

/** Money to cents, half up: the stored totals are what the PDF and the list show. */
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export function poTotals(lines: Pick<BuiltLine, 'quantity' | 'net_price' | 'tax'>[], shippingCost: string): PoTotals {
  let subtotal = new Decimal(0);
  let tax = new Decimal(0);
  for (const l of lines) {
    subtotal = subtotal.plus(new Decimal(l.net_price).times(l.quantity));
    tax = tax.plus(l.tax);
  }
  const sub = cents(subtotal);
  const taxTotal = cents(tax);
  return { subtotal: sub.toFixed(2), tax_total: taxTotal.toFixed(2), total: sub.plus(taxTotal).plus(shippingCost).toFixed(2) };
}

export const lineTotal = (l: Pick<BuiltLine, 'quantity' | 'net_price' | 'tax'>) => cents(new Decimal(l.net_price).times(l.quantity).plus(l.tax)).toFixed(2);

/**
 * Resolves and prices the lines of one PO to `supplierId`. Unknown or discontinued SKUs are added to
 * `errors` (the caller throws them all at once, nothing written).
 */
export async function buildPoLines(tx: Tx, tenantId: string, supplierId: string, requests: LineRequest[], errors: FieldErrors): Promise<BuiltLine[]> {
  const codes = requests.map((r) => r.sku.trim()).filter((c) => c.length > 0 && c.length <= 64);
  const resolved = await resolveSkuCodes(tx, tenantId, codes);
  const ids = [...new Set([...resolved.values()].map((r) => r.id))];
  const skuRows = ids.length
    ? await queryRows<{ id: string; sku: string; name: string; status: string; supplier_sku: string | null; cost: string | null }>(tx, sql`
        SELECT s.id, s.sku, s.name, s.status, ss.supplier_sku, ss.cost
        FROM skus s
        LEFT JOIN supplier_skus ss ON ss.tenant_id = s.tenant_id AND ss.supplier_id = ${supplierId}::uuid AND ss.sku_id = s.id
        WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ANY(${uuidArray(ids)})`)
    : [];
  const byId = new Map(skuRows.map((r) => [r.id, r]));
  const built: BuiltLine[] = [];
  requests.forEach((r, i) => {
    const hit = resolved.get(r.sku.trim());
    const sku = hit ? byId.get(hit.id) : undefined;
    if (!sku) return errors.add(`${r.path}.sku`, 'SKU not found');
    if (sku.status === 'discontinued') return errors.add(`${r.path}.sku`, 'The SKU is discontinued');
    const unitCost = r.unit_cost ?? (sku.cost === null ? '0' : new Decimal(sku.cost).toFixed(4));
    built.push({
      line_no: i + 1, sku_id: sku.id, sku: sku.sku, name: sku.name, supplier_sku: sku.supplier_sku, quantity: r.quantity,
      unit_cost: unitCost, net_price: r.net_price ?? unitCost, tax: r.tax ?? '0',
    });
  });
  return built;
}

/** Writes the lines of a PO in one statement. */
export async function insertPoLines(tx: Tx, tenantId: string, poId: string, lines: BuiltLine[]): Promise<void> {
  if (!lines.length) return;
  const rows = lines.map((l) => ({ n: l.line_no, s: l.sku_id, k: l.sku, nm: l.name, ss: l.supplier_sku, q: l.quantity, u: l.unit_cost, p: l.net_price, x: l.tax }));
  await tx.execute(sql`
    INSERT INTO purchase_order_lines (tenant_id, purchase_order_id, line_no, sku_id, sku, name, supplier_sku, quantity, unit_cost, net_price, tax)
    SELECT ${tenantId}::uuid, ${poId}::uuid, x.n, x.s, x.k, x.nm, x.ss, x.q, x.u, x.p, x.x
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(n int, s uuid, k text, nm text, ss text, q int, u numeric, p numeric, x numeric)`);
}

/** PO-000001, per tenant (platform/db/document-numbers.ts). */
export const takePoNumbers = (tx: Tx, tenantId: string, count: number) => takeDocumentNumbers(tx, tenantId, 'purchase_order', 'PO-', count);
