import type { ChannelAddress, ChannelOrder } from '../connector';
import { gmtIso } from './woocommerce-api';

/** A WooCommerce REST v3 order (woocommerce.md section 2), as far as Omnio reads it; webhooks carry the same shape. */
export interface WooAddress {
  first_name?: string | null; last_name?: string | null; company?: string | null; address_1?: string | null; address_2?: string | null;
  city?: string | null; state?: string | null; postcode?: string | null; country?: string | null; email?: string | null; phone?: string | null;
}

export interface WooOrder {
  id: number;
  number?: string;
  status: string;
  currency?: string;
  date_created?: string | null;
  date_created_gmt?: string | null;
  date_modified?: string | null;
  date_modified_gmt?: string | null;
  date_paid_gmt?: string | null;
  customer_note?: string | null;
  billing?: WooAddress | null;
  shipping?: WooAddress | null;
  shipping_total?: string | null;
  line_items?: { id: number; name?: string | null; sku?: string | null; quantity: number; subtotal?: string | null; total?: string | null; total_tax?: string | null; price?: number | string | null }[];
  shipping_lines?: { method_title?: string | null; method_id?: string | null; total?: string | null }[];
}

const text = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? undefined : v);

function address(a: WooAddress | null | undefined): ChannelAddress | null {
  if (!a || !text(a.address_1) && !text(a.city) && !text(a.first_name) && !text(a.last_name)) return null;
  return {
    first_name: text(a.first_name), last_name: text(a.last_name), company: text(a.company), address1: text(a.address_1), address2: text(a.address_2),
    city: text(a.city), state: text(a.state), zip: text(a.postcode), country: text(a.country), phone: text(a.phone),
  };
}

/** Two decimals as WooCommerce's default `dp`; kept as a string (money is never a float here). */
const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100);

/**
 * The order in the framework's shape. Dates come from the `_gmt` twins (UTC without `Z`): the plain fields are
 * the site's local time with no offset, and reading them as UTC shifts every order by the store's zone.
 * A line's unit price is its subtotal (before coupons) over its quantity; `price` is a float in answers.
 */
export function fromWoo(o: WooOrder): ChannelOrder {
  const created = gmtIso(o.date_created_gmt) ?? gmtIso(o.date_created) ?? new Date(0).toISOString();
  const shipping = address(o.shipping);
  const billing = address(o.billing);
  return {
    externalId: String(o.id),
    name: o.number ? `#${o.number}` : `#${o.id}`,
    createdAt: created,
    updatedAt: gmtIso(o.date_modified_gmt) ?? created,
    cancelled: o.status === 'cancelled',
    closed: o.status === 'completed',
    financialStatus: o.status === 'refunded' ? 'refunded' : o.date_paid_gmt ? 'paid' : 'pending',
    fulfillmentStatus: o.status === 'completed' ? 'fulfilled' : 'unfulfilled',
    tags: [],
    currency: o.currency ?? null,
    email: text(o.billing?.email) ?? null,
    phone: text(o.billing?.phone) ?? null,
    customer: o.billing ? { first_name: text(o.billing.first_name), last_name: text(o.billing.last_name), email: text(o.billing.email), phone: text(o.billing.phone) } : null,
    // A virtual order has no shipping address: the billing one is where it goes.
    shippingAddress: shipping?.address1 ? { ...shipping, phone: shipping.phone ?? billing?.phone } : billing,
    billingAddress: billing,
    lines: (o.line_items ?? []).filter((l) => l.quantity > 0).map((l) => {
      const sub = l.subtotal !== undefined && l.subtotal !== null ? cents(l.subtotal) : cents(l.price) * l.quantity;
      const total = l.total !== undefined && l.total !== null ? cents(l.total) : sub;
      return {
        externalId: String(l.id), sku: l.sku ?? '', name: l.name ?? null, quantity: l.quantity, price: money(Math.round(sub / l.quantity)),
        ...(sub > total ? { discount: money(sub - total) } : {}),
        ...(l.total_tax && Number(l.total_tax) > 0 ? { tax: l.total_tax } : {}),
      };
    }),
    shipping: o.shipping_total ?? null,
    shipMethod: o.shipping_lines?.[0]?.method_title ?? o.shipping_lines?.[0]?.method_id ?? null,
    note: text(o.customer_note) ?? null,
    ref: { order_id: o.id, number: o.number ?? String(o.id) },
  };
}
