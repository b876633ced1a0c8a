import Decimal from 'decimal.js';
import type { ChannelAddress, ChannelOrder } from '../connector';

/** An order as CartRover's merchant API shows it (the "New Order" JSON plus its status and dates; cartrover.md §3). */
export interface CartRoverOrder {
  cust_ref: string;
  cust_po_no?: string | null;
  order_status?: string | null;
  order_date?: string | null;
  date_updated?: string | null;
  currency?: string | null;
  ship_first_name?: string | null;
  ship_last_name?: string | null;
  ship_company?: string | null;
  ship_address_1?: string | null;
  ship_address_2?: string | null;
  ship_city?: string | null;
  ship_state?: string | null;
  ship_zip?: string | null;
  ship_country?: string | null;
  ship_phone?: string | null;
  ship_email?: string | null;
  ship_is_billing?: boolean | null;
  bill_first_name?: string | null;
  bill_last_name?: string | null;
  bill_company?: string | null;
  bill_address_1?: string | null;
  bill_address_2?: string | null;
  bill_city?: string | null;
  bill_state?: string | null;
  bill_zip?: string | null;
  bill_country?: string | null;
  bill_phone?: string | null;
  bill_email?: string | null;
  shipping_method?: string | null;
  ship_code?: string | null;
  shipping_handling?: number | string | null;
  order_discount?: number | string | null;
  sales_tax?: number | string | null;
  special_instructions?: string | null;
  items?: CartRoverItem[] | null;
}

export interface CartRoverItem {
  item?: string | null;
  line_no?: number | string | null;
  description?: string | null;
  quantity?: number | string | null;
  /** Unit price before tax. */
  price?: number | string | null;
  /** Per unit, before tax. */
  discount?: number | string | null;
  /** For the line, after tax. */
  addl_discount?: number | string | null;
  /** For the line. */
  tax?: number | string | null;
}

/** JSON numbers to decimal strings without float drift (23.15 stays "23.15"). */
export function money(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '0.00';
  try {
    return new Decimal(String(v)).toFixed(2);
  } catch {
    return '0.00';
  }
}

const text = (v: string | null | undefined) => (v ? String(v) : undefined);

function addressOf(o: CartRoverOrder, prefix: 'ship' | 'bill'): ChannelAddress | null {
  const get = (field: string) => text((o as unknown as Record<string, string | null | undefined>)[`${prefix}_${field}`]);
  const a: ChannelAddress = {
    first_name: get('first_name'), last_name: get('last_name'), company: get('company'), address1: get('address_1'),
    address2: get('address_2'), city: get('city'), state: get('state'), zip: get('zip'), country: get('country'), phone: get('phone'),
  };
  return Object.values(a).some((v) => v !== undefined) ? a : null;
}

/**
 * CartRover answers UTC as `2018-08-27T02:24:58+00:00`; a date without an offset is taken as UTC rather than as
 * the server's local time.
 */
export function utc(v: string | null | undefined): string | null {
  if (!v) return null;
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v.replace(' ', 'T')}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** CartRover's order in the framework's shape: external id = cust_ref (CartRover-unique), name = cust_po_no (the cart's number). */
export function fromCartRover(o: CartRoverOrder): ChannelOrder {
  const created = utc(o.order_date) ?? utc(o.date_updated) ?? new Date(0).toISOString();
  const updated = utc(o.date_updated) ?? created;
  const status = (o.order_status ?? '').toLowerCase();
  const shipping = addressOf(o, 'ship');
  const email = text(o.ship_email) ?? text(o.bill_email) ?? null;
  return {
    externalId: o.cust_ref,
    name: text(o.cust_po_no) ?? o.cust_ref,
    createdAt: created,
    updatedAt: updated,
    cancelled: status === 'canceled' || status === 'cancelled',
    closed: status === 'confirmed',
    financialStatus: null,
    fulfillmentStatus: status || null,
    tags: [],
    currency: text(o.currency) ?? null,
    email,
    phone: text(o.ship_phone) ?? text(o.bill_phone) ?? null,
    customer: shipping || email ? { first_name: shipping?.first_name, last_name: shipping?.last_name, email: email ?? undefined, phone: shipping?.phone } : null,
    shippingAddress: shipping,
    billingAddress: o.ship_is_billing ? shipping : addressOf(o, 'bill'),
    lines: (o.items ?? []).map((it, i) => {
      const quantity = Number(it.quantity ?? 0);
      // `discount` is per unit before tax; `addl_discount` is for the line after tax: the line's discount is both.
      const discount = new Decimal(money(it.discount)).times(quantity).plus(money(it.addl_discount));
      return {
        externalId: String(it.line_no ?? i + 1),
        sku: String(it.item ?? ''),
        name: text(it.description) ?? null,
        quantity,
        price: money(it.price),
        ...(discount.isZero() ? {} : { discount: discount.toFixed(2) }),
        ...(it.tax !== undefined && it.tax !== null ? { tax: money(it.tax) } : {}),
      };
    }),
    shipping: o.shipping_handling === undefined || o.shipping_handling === null ? null : money(o.shipping_handling),
    shipMethod: text(o.shipping_method) ?? text(o.ship_code) ?? null,
    note: text(o.special_instructions) ?? null,
    ref: { cust_ref: o.cust_ref, cust_po_no: o.cust_po_no ?? null },
  };
}
