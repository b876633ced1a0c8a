import type { ChannelAddress, ChannelOrder, ChannelProduct } from '../connector';

/**
 * Jumpseller's order and product JSON (REST v1, root-wrapped) in the framework's neutral shapes.
 * Statuses are read from the `*_enum` fields only: `status`, `status_name` and `shipment_status` are translated
 * into the store's language ("Pagada", "No Procesado") and must never drive a decision.
 */

export const JUMPSELLER_STATUSES = ['pending_payment', 'paid', 'canceled', 'abandoned'] as const;
export type JumpsellerStatus = (typeof JUMPSELLER_STATUSES)[number];

export interface JsAddress {
  name?: string | null; surname?: string | null; address?: string | null; street_number?: string | null; complement?: string | null;
  city?: string | null; postal?: string | null; region?: string | null; region_code?: string | null; municipality?: string | null;
  country?: string | null; country_code?: string | null; phone?: string | null;
}

export interface JsOrder {
  id: number | string;
  status_enum?: string | null;
  created_at?: string | null;
  completed_at?: string | null;
  currency?: string | null;
  shipping?: number | string | null;
  fulfillment_status?: string | null;
  shipment_status_enum?: string | null;
  shipping_method_name?: string | null;
  additional_information?: string | null;
  customer?: { id?: number; email?: string | null; fullname?: string | null; phone?: string | null } | null;
  shipping_address?: JsAddress | null;
  billing_address?: JsAddress | null;
  products?: { id?: number | string; variant_id?: number | string | null; sku?: string | null; name?: string | null; qty?: number; price?: number | string | null; discount?: number | string | null }[] | null;
}

export interface JsVariant { id: number | string; sku?: string | null; barcode?: string | null; price?: number | string | null; options?: { name?: string; value?: string }[] | null }
export interface JsProduct { id: number | string; name?: string | null; sku?: string | null; barcode?: string | null; price?: number | string | null; variants?: JsVariant[] | null }

/** A list or object as Jumpseller answers it: `[{"order":{…}}]` / `{"order":{…}}` (tolerates the bare form too). */
export function unwrap<T>(item: unknown, root: string): T {
  if (item && typeof item === 'object' && root in item) return (item as Record<string, T>)[root]!;
  return item as T;
}

/** "2026-05-01 10:30:00 UTC" (or an ISO string) → ISO 8601 UTC; null when absent or unreadable. */
export function jsTime(v: string | null | undefined): string | null {
  if (!v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s*(UTC|Z|[+-]\d{2}:?\d{2})?$/.exec(v.trim());
  const text = m ? `${m[1]}T${m[2]}${!m[3] || m[3] === 'UTC' ? 'Z' : m[3]}` : v;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** JSON numbers to decimal strings (Omnio keeps money as strings); null stays null. */
export function money(v: number | string | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? String(typeof v === 'number' ? Number(n.toFixed(6)) : v) : null;
}

const text = (v: string | null | undefined) => (v === null || v === undefined || String(v).trim() === '' ? undefined : String(v));

function address(a: JsAddress | null | undefined, phone?: string | null): ChannelAddress | null {
  if (!a) return null;
  // Jumpseller splits the street and its number (Latin American addresses); Omnio's address1 holds both.
  const street = [text(a.address), text(a.street_number)].filter(Boolean).join(' ');
  return {
    first_name: text(a.name), last_name: text(a.surname), address1: text(street), address2: text(a.complement),
    city: text(a.city) ?? text(a.municipality), state: text(a.region_code) ?? text(a.region), zip: text(a.postal),
    country: text(a.country_code) ?? text(a.country), phone: text(a.phone ?? phone),
  };
}

function splitName(full: string | null | undefined): { first_name?: string; last_name?: string } {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return {};
  return { first_name: parts[0], last_name: parts.slice(1).join(' ') || undefined };
}

/**
 * Jumpseller has no updated_at: the latest moment it does carry is `completed_at` (payment), else `created_at`.
 * The framework applies a known order's change when its time is not older than the one stored, so a later
 * cancel or address change (same timestamp) is still looked at.
 */
export function fromJumpseller(o: JsOrder): ChannelOrder {
  const created = jsTime(o.created_at) ?? new Date(0).toISOString();
  const status = o.status_enum ?? null;
  return {
    externalId: String(o.id),
    name: `#${o.id}`,
    createdAt: created,
    updatedAt: jsTime(o.completed_at) ?? created,
    cancelled: status === 'canceled',
    closed: false,
    financialStatus: status,
    fulfillmentStatus: o.fulfillment_status ?? o.shipment_status_enum ?? null,
    tags: [],
    currency: o.currency ?? null,
    email: o.customer?.email ?? null,
    phone: o.customer?.phone ?? null,
    customer: o.customer ? { ...splitName(o.customer.fullname), email: text(o.customer.email), phone: text(o.customer.phone) } : null,
    shippingAddress: address(o.shipping_address, o.customer?.phone),
    billingAddress: address(o.billing_address),
    lines: (o.products ?? [])
      .map((l, i) => ({
        externalId: l.variant_id ? `${l.id ?? i}/${l.variant_id}` : String(l.id ?? i),
        sku: l.sku ?? '', name: l.name ?? null, quantity: Number(l.qty ?? 0), price: money(l.price) ?? '0',
        discount: Number(l.discount ?? 0) > 0 ? (money(l.discount) ?? undefined) : undefined,
      }))
      .filter((l) => l.quantity > 0),
    shipping: money(o.shipping),
    shipMethod: o.shipping_method_name ?? null,
    note: o.additional_information ?? null,
    ref: { id: Number(o.id) },
  };
}

/** The stock target of a SKU: `{product}` for a product without variants, `{product}/{variant}` for a variant. */
export const stockTarget = (productId: number | string, variantId?: number | string | null) => (variantId ? `${productId}/${variantId}` : String(productId));

export function parseStockTarget(remoteId: string): { productId: string; variantId: string | null } | null {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(remoteId);
  return m ? { productId: m[1]!, variantId: m[2] ?? null } : null;
}

export function productFromJumpseller(p: JsProduct): ChannelProduct {
  const name = p.name ?? `Product ${p.id}`;
  const variants = p.variants?.length
    ? p.variants.map((v) => {
      const label = (v.options ?? []).map((o) => o.value).filter(Boolean).join(' / ');
      return {
        externalId: stockTarget(p.id, v.id), sku: v.sku ?? null, name: label ? `${name} ${label}` : name, barcode: v.barcode ?? null,
        price: money(v.price ?? p.price), remoteInventoryId: stockTarget(p.id, v.id),
      };
    })
    : [{ externalId: String(p.id), sku: p.sku ?? null, name, barcode: p.barcode ?? null, price: money(p.price), remoteInventoryId: String(p.id) }];
  return { externalId: String(p.id), name, variants };
}
