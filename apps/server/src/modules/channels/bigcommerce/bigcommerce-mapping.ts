import Decimal from 'decimal.js';
import type { ChannelAddress, ChannelOrder, ChannelProduct } from '../connector';

/** BigCommerce's shapes (bigcommerce.md sections 2 and 5) and their mapping to the framework's neutral ones. */

export interface BcAddress {
  first_name?: string; last_name?: string; company?: string; street_1?: string; street_2?: string; city?: string; state?: string; zip?: string;
  country?: string; country_iso2?: string; phone?: string; email?: string;
}

export interface BcOrder {
  id: number;
  date_created: string;
  date_modified: string;
  status_id: number;
  status?: string;
  payment_status?: string;
  currency_code?: string;
  billing_address?: BcAddress;
  customer_message?: string;
  shipping_cost_ex_tax?: string;
  shipping_cost_inc_tax?: string;
}

export interface BcOrderProduct {
  id: number; order_address_id?: number; name?: string; sku?: string; quantity: number; quantity_shipped?: number;
  price_ex_tax?: string; price_inc_tax?: string; total_ex_tax?: string; total_inc_tax?: string; parent_order_product_id?: number | null;
}

export interface BcShippingAddress extends BcAddress { id: number; shipping_method?: string }

export interface BcVariant { id: number; product_id: number; sku?: string; price?: number | null; calculated_price?: number; upc?: string; gtin?: string; weight?: number | null; option_values?: { label?: string }[] }
export interface BcProduct { id: number; name: string; price?: number; variants?: BcVariant[] }

/** Status ids (bigcommerce.md section 2, /order_statuses). */
export const BC_STATUS = {
  incomplete: 0, pending: 1, shipped: 2, partiallyShipped: 3, refunded: 4, cancelled: 5, declined: 6, awaitingPayment: 7, awaitingPickup: 8,
  awaitingShipment: 9, completed: 10, awaitingFulfillment: 11,
} as const;

/**
 * What a seller ships by default: Awaiting Fulfillment (11, paid and ready) and Awaiting Shipment (9, packed,
 * waiting for the carrier). Pending, Awaiting Payment and Incomplete are not paid; the rest are done.
 */
export const DEFAULT_IMPORT_STATUSES = [String(BC_STATUS.awaitingFulfillment), String(BC_STATUS.awaitingShipment)];
/** Orders the store called off: passed on as cancelled, so an imported one is cancelled here too. */
export const CANCELLED_STATUSES = new Set<number>([BC_STATUS.refunded, BC_STATUS.cancelled, BC_STATUS.declined]);
const CLOSED_STATUSES = new Set<number>([BC_STATUS.shipped, BC_STATUS.completed]);

/** RFC-2822 ("Wed, 10 Jan 2018 16:05:30 -0500") or ISO → ISO UTC; V2 dates carry the store's offset. */
export function isoOf(value: string | null | undefined): string {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? new Date(0).toISOString() : new Date(ms).toISOString();
}

const text = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? undefined : v);

function address(a: BcAddress | null | undefined): ChannelAddress | null {
  if (!a) return null;
  return {
    first_name: text(a.first_name), last_name: text(a.last_name), company: text(a.company), address1: text(a.street_1), address2: text(a.street_2),
    city: text(a.city), state: text(a.state), zip: text(a.zip), country: text(a.country_iso2 ?? a.country), phone: text(a.phone),
  };
}

const money = (v: string | undefined) => new Decimal(v || '0').toFixed(2);

/**
 * One V2 order with its products and shipping addresses (fetched as sub-resources). A bundle's children
 * (parent_order_product_id set) are the parent's parts, not lines of their own.
 */
export function fromBigcommerce(o: BcOrder, products: BcOrderProduct[], addresses: BcShippingAddress[]): ChannelOrder {
  const billing = o.billing_address;
  const first = addresses[0];
  return {
    externalId: String(o.id),
    name: String(o.id),
    createdAt: isoOf(o.date_created),
    updatedAt: isoOf(o.date_modified),
    cancelled: CANCELLED_STATUSES.has(o.status_id),
    closed: CLOSED_STATUSES.has(o.status_id),
    financialStatus: o.payment_status || null,
    fulfillmentStatus: o.status ? o.status.toLowerCase() : null,
    tags: [],
    currency: o.currency_code ?? null,
    email: text(billing?.email) ?? null,
    phone: text(billing?.phone) ?? null,
    customer: billing ? { first_name: text(billing.first_name), last_name: text(billing.last_name), email: text(billing.email), phone: text(billing.phone) } : null,
    shippingAddress: address(first ?? null),
    billingAddress: address(billing),
    lines: products
      .filter((p) => !p.parent_order_product_id && p.quantity > 0)
      .map((p) => {
        const tax = p.total_inc_tax !== undefined && p.total_ex_tax !== undefined ? new Decimal(p.total_inc_tax).minus(p.total_ex_tax) : null;
        return {
          externalId: String(p.id), sku: p.sku ?? '', name: p.name ?? null, quantity: p.quantity, price: money(p.price_ex_tax),
          ...(tax && tax.gt(0) ? { tax: tax.toFixed(2) } : {}),
        };
      }),
    shipping: o.shipping_cost_ex_tax !== undefined ? money(o.shipping_cost_ex_tax) : null,
    shipMethod: text(first?.shipping_method) ?? null,
    note: text(o.customer_message) ?? null,
    ref: { order_id: o.id, address_ids: addresses.map((a) => a.id) },
  };
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? null : new Decimal(v).toFixed(2));

/** A V3 product with its variants: every product has at least its base variant, which carries the SKU. */
export function productOf(p: BcProduct): ChannelProduct {
  return {
    externalId: String(p.id),
    name: p.name,
    variants: (p.variants ?? []).map((v) => {
      const labels = (v.option_values ?? []).map((o) => o.label).filter(Boolean);
      return {
        externalId: String(v.id), sku: v.sku || null, name: labels.length ? `${p.name} ${labels.join(' / ')}` : p.name,
        barcode: v.upc || v.gtin || null, price: num(v.price ?? v.calculated_price ?? p.price), remoteInventoryId: String(v.id),
        weight: num(v.weight),
      };
    }),
  };
}
