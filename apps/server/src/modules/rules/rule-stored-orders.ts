import { sql, type SQL } from 'drizzle-orm';
import type { TOrderInput } from '@omnio/domain';

/**
 * Orders as the pipeline saw them, rebuilt from what is stored (for a dry run and a re-apply), with what
 * happened to them: their status and where their units went.
 */

export interface StoredOrder {
  id: string;
  number: string;
  status: string;
  created_at: string;
  /** created_at exactly as stored (microseconds), for a keyset cursor. */
  cursor: string;
  process_id: string | null;
  input: TOrderInput;
  /** The names of the iLocs its units are reserved at or shipped from. */
  ilocs: string[];
  shipped: number;
}

const dateText = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

/** The orders' columns and lines, one row per order; `where` narrows `orders o`. */
export function storedOrdersSql(tenantId: string, where: SQL, limit: number): SQL {
  return sql`
    SELECT o.id, o.number, o.status, o.created_at, o.created_at::text AS cursor, o.process_id, o.channel, o.external_id, o.customer, o.billing_address,
      o.shipping_address, o.currency, o.shipping_total, o.notes, o.metadata, o.shipable_date, o.deliver_by, o.ship_method,
      o.ship_carrier, o.hold_until,
      coalesce((SELECT jsonb_agg(jsonb_build_object('sku', l.sku_text, 'quantity', l.quantity, 'price', l.price::text, 'discount', l.discount::text,
          'tax', l.tax::text, 'name', l.name, 'iloc_id', l.requested_iloc_id, 'shipping_address', l.shipping_address, 'shipped', l.qty_shipped) ORDER BY l.line_no)
        FROM order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id), '[]'::jsonb) AS lines,
      coalesce((SELECT array_agg(DISTINCT i.name ORDER BY i.name) FROM order_allocations a
        JOIN ilocs i ON i.tenant_id = a.tenant_id AND i.id = a.iloc_id
        WHERE a.tenant_id = o.tenant_id AND a.order_id = o.id), '{}') AS ilocs
    FROM orders o
    WHERE o.tenant_id = ${tenantId}::uuid AND ${where}
    ORDER BY o.created_at, o.id
    LIMIT ${limit}`;
}

type Line = { sku: string; quantity: number; price: string; discount: string; tax: string; name: string | null; iloc_id: string | null; shipping_address: TOrderInput['shipping_address']; shipped: number };

export function toStoredOrder(r: Record<string, unknown>): StoredOrder {
  const lines = r.lines as Line[];
  return {
    id: String(r.id), number: String(r.number), status: String(r.status), created_at: new Date(r.created_at as string).toISOString(), cursor: String(r.cursor),
    process_id: (r.process_id as string | null) ?? null, ilocs: (r.ilocs as string[]) ?? [],
    shipped: lines.reduce((n, l) => n + Number(l.shipped ?? 0), 0),
    input: {
      channel: String(r.channel), external_id: (r.external_id as string | null) ?? null,
      customer: r.customer as TOrderInput['customer'], billing_address: r.billing_address as TOrderInput['billing_address'],
      shipping_address: r.shipping_address as TOrderInput['shipping_address'], currency: String(r.currency).trim(),
      shipping: String(r.shipping_total), notes: (r.notes as string | null) ?? null, metadata: (r.metadata as Record<string, unknown>) ?? {},
      shipable_date: dateText(r.shipable_date), deliver_by: dateText(r.deliver_by), ship_method: (r.ship_method as string | null) ?? null,
      ship_carrier: (r.ship_carrier as string | null) ?? null,
      hold_until: r.hold_until ? new Date(r.hold_until as string).toISOString() : null,
      lines: lines.map((l) => ({
        sku: l.sku, quantity: Number(l.quantity), price: l.price, discount: l.discount, tax: l.tax, name: l.name, iloc_id: l.iloc_id,
        shipping_address: l.shipping_address,
      })),
    },
  };
}
