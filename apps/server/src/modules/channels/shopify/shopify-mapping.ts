import type { ChannelAddress, ChannelOrder } from '../connector';
import { legacyId } from './shopify-graphql';

/** Shopify's two shapes of one order: the Admin GraphQL node (imports) and the REST-shaped JSON of its webhooks. */

type Money = { shopMoney?: { amount?: string; currencyCode?: string } } | null | undefined;
const amount = (m: Money) => m?.shopMoney?.amount ?? null;

export interface GqlAddress {
  firstName?: string | null; lastName?: string | null; company?: string | null; address1?: string | null; address2?: string | null;
  city?: string | null; province?: string | null; provinceCode?: string | null; zip?: string | null; country?: string | null;
  countryCodeV2?: string | null; phone?: string | null;
}

export interface GqlOrder {
  id: string;
  legacyResourceId?: string;
  name?: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt?: string | null;
  closedAt?: string | null;
  displayFinancialStatus?: string | null;
  displayFulfillmentStatus?: string | null;
  currencyCode?: string | null;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  tags?: string[];
  customer?: { firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null } | null;
  shippingAddress?: GqlAddress | null;
  billingAddress?: GqlAddress | null;
  totalShippingPriceSet?: Money;
  lineItems?: { nodes: GqlLine[]; pageInfo?: { hasNextPage: boolean; endCursor: string | null } };
  shippingLines?: { nodes: { title?: string | null; code?: string | null }[] };
}

export interface GqlLine {
  id: string;
  sku?: string | null;
  name?: string | null;
  quantity: number;
  currentQuantity?: number | null;
  originalUnitPriceSet?: Money;
  totalDiscountSet?: Money;
}

const text = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : v);

function gqlAddress(a: GqlAddress | null | undefined): ChannelAddress | null {
  if (!a) return null;
  return {
    first_name: text(a.firstName), last_name: text(a.lastName), company: text(a.company), address1: text(a.address1), address2: text(a.address2),
    city: text(a.city), state: text(a.provinceCode ?? a.province), zip: text(a.zip), country: text(a.countryCodeV2 ?? a.country), phone: text(a.phone),
  };
}

/**
 * A line's quantity is what is still ordered: Shopify keeps removed units in `quantity` and the rest in
 * `currentQuantity` (an edited order). A line edited down to zero is left out.
 */
export function fromGraphql(o: GqlOrder): ChannelOrder {
  return {
    externalId: o.legacyResourceId ?? legacyId(o.id),
    name: o.name ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    cancelled: !!o.cancelledAt,
    closed: !!o.closedAt,
    financialStatus: o.displayFinancialStatus?.toLowerCase() ?? null,
    fulfillmentStatus: o.displayFulfillmentStatus?.toLowerCase() ?? null,
    tags: o.tags ?? [],
    currency: o.currencyCode ?? null,
    email: o.email ?? null,
    phone: o.phone ?? null,
    customer: o.customer ? { first_name: text(o.customer.firstName), last_name: text(o.customer.lastName), email: text(o.customer.email), phone: text(o.customer.phone) } : null,
    shippingAddress: gqlAddress(o.shippingAddress),
    billingAddress: gqlAddress(o.billingAddress),
    lines: (o.lineItems?.nodes ?? [])
      .map((l) => ({
        // A cancelled order keeps what was ordered (its current quantities are refunded to zero).
        externalId: legacyId(l.id), sku: l.sku ?? '', name: l.name ?? null, quantity: o.cancelledAt ? l.quantity : (l.currentQuantity ?? l.quantity),
        price: amount(l.originalUnitPriceSet) ?? '0', discount: amount(l.totalDiscountSet) ?? undefined,
      }))
      .filter((l) => l.quantity > 0),
    shipping: amount(o.totalShippingPriceSet),
    shipMethod: o.shippingLines?.nodes[0]?.title ?? o.shippingLines?.nodes[0]?.code ?? null,
    note: o.note ?? null,
    ref: { gid: o.id },
  };
}

interface RestAddress {
  first_name?: string | null; last_name?: string | null; company?: string | null; address1?: string | null; address2?: string | null; city?: string | null;
  province?: string | null; province_code?: string | null; zip?: string | null; country?: string | null; country_code?: string | null; phone?: string | null;
}

export interface RestOrder {
  id: number | string;
  admin_graphql_api_id?: string;
  name?: string;
  created_at?: string;
  updated_at?: string;
  cancelled_at?: string | null;
  closed_at?: string | null;
  financial_status?: string | null;
  fulfillment_status?: string | null;
  tags?: string;
  currency?: string;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  customer?: { email?: string | null; first_name?: string | null; last_name?: string | null; phone?: string | null } | null;
  shipping_address?: RestAddress | null;
  billing_address?: RestAddress | null;
  line_items?: { id: number | string; sku?: string | null; title?: string | null; name?: string | null; quantity: number; current_quantity?: number; price?: string; total_discount?: string }[];
  shipping_lines?: { title?: string | null; code?: string | null; price?: string }[];
}

function restAddress(a: RestAddress | null | undefined): ChannelAddress | null {
  if (!a) return null;
  return {
    first_name: text(a.first_name), last_name: text(a.last_name), company: text(a.company), address1: text(a.address1), address2: text(a.address2),
    city: text(a.city), state: text(a.province_code ?? a.province), zip: text(a.zip), country: text(a.country_code ?? a.country), phone: text(a.phone),
  };
}

const sum = (values: (string | undefined)[]) => values.reduce((t, v) => t + Number(v ?? 0), 0).toFixed(2);

/** The orders/* webhook body (REST JSON, shop-offset timestamps) in the same neutral shape. */
export function fromWebhook(o: RestOrder): ChannelOrder {
  const iso = (v: string | undefined | null) => (v ? new Date(v).toISOString() : new Date(0).toISOString());
  return {
    externalId: String(o.id),
    name: o.name ?? null,
    createdAt: iso(o.created_at),
    updatedAt: iso(o.updated_at ?? o.created_at),
    cancelled: !!o.cancelled_at,
    closed: !!o.closed_at,
    financialStatus: o.financial_status ?? null,
    fulfillmentStatus: o.fulfillment_status ?? null,
    tags: (o.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean),
    currency: o.currency ?? null,
    email: o.email ?? null,
    phone: o.phone ?? null,
    customer: o.customer ? { first_name: text(o.customer.first_name), last_name: text(o.customer.last_name), email: text(o.customer.email), phone: text(o.customer.phone) } : null,
    shippingAddress: restAddress(o.shipping_address),
    billingAddress: restAddress(o.billing_address),
    lines: (o.line_items ?? [])
      .map((l) => ({
        externalId: String(l.id), sku: l.sku ?? '', name: l.name ?? l.title ?? null, quantity: o.cancelled_at ? l.quantity : (l.current_quantity ?? l.quantity),
        price: l.price ?? '0', discount: l.total_discount && Number(l.total_discount) > 0 ? l.total_discount : undefined,
      }))
      .filter((l) => l.quantity > 0),
    shipping: o.shipping_lines?.length ? sum(o.shipping_lines.map((s) => s.price)) : null,
    shipMethod: o.shipping_lines?.[0]?.title ?? o.shipping_lines?.[0]?.code ?? null,
    note: o.note ?? null,
    ref: { gid: o.admin_graphql_api_id ?? `gid://shopify/Order/${o.id}` },
  };
}
