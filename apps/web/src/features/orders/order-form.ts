import { z } from 'zod';
import { ZOrderInput, isValidSkuText, missingAddressFields, type TAddress } from '@omnio/domain';
import type { Order, OrderBody } from './api';
import { holdUntilIso, toLocalInput } from '../../shared/format/format';

/**
 * The create/edit order form: its values (all text, as inputs hold them), the rules checked before
 * sending (messages are `validation.*` keys of the orders namespace), and the way to and from the API
 * body. The body is then checked against the shared ZOrderInput, whose messages come back in English.
 */

export const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone', 'email'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optAmount = z.string().trim().refine((v) => v === '' || AMOUNT.test(v), 'validation.amount');
const optEmail = z.string().trim().refine((v) => v === '' || EMAIL.test(v), 'validation.email');

const ZAddressValues = z.object({
  first_name: z.string(), last_name: z.string(), company: z.string(), address1: z.string(), address2: z.string(), city: z.string(),
  state: z.string(), zip: z.string().max(20, 'validation.tooLong'), country: z.string().max(60, 'validation.tooLong'), phone: z.string(),
  email: optEmail,
});

const ZLineValues = z.object({
  sku: z.string().trim().min(1, 'validation.skuRequired').refine(isValidSkuText, 'validation.skuInvalid'),
  name: z.string(),
  quantity: z.string().trim().regex(/^\d{1,9}$/, 'validation.quantity').refine((v) => Number(v) > 0, 'validation.quantity'),
  price: optAmount,
  discount: optAmount,
  tax: optAmount,
});

export const ZOrderForm = z
  .object({
    customer_id: z.string().nullable(),
    customer: z.object({ first_name: z.string(), last_name: z.string(), email: optEmail, phone: z.string(), company: z.string() }),
    shipping: ZAddressValues,
    billing_same: z.boolean(),
    billing: ZAddressValues,
    lines: z.array(ZLineValues).min(1, 'validation.linesRequired'),
    ship_method: z.string(),
    ship_carrier: z.string(),
    currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'validation.currency'),
    shipping_amount: optAmount,
    channel: z.string().trim().max(60, 'validation.tooLong'),
    external_id: z.string().trim().max(200, 'validation.tooLong'),
    notes: z.string().max(5000, 'validation.tooLong'),
    hold_date: z.string(),
    hold_time: z.string(),
    shipable_date: z.string(),
    deliver_by: z.string(),
    metadata: z.array(z.object({ key: z.string().trim().max(100, 'validation.tooLong'), value: z.string() })),
  })
  .superRefine((v, ctx) => {
    if (v.hold_time && !v.hold_date) ctx.addIssue({ code: 'custom', path: ['hold_date'], message: 'validation.holdNeedsDate' });
    if (v.shipable_date && v.deliver_by && v.deliver_by < v.shipable_date) {
      ctx.addIssue({ code: 'custom', path: ['deliver_by'], message: 'validation.deliverBefore' });
    }
    const seen = new Set<string>();
    v.metadata.forEach((m, i) => {
      if (!m.key && m.value) ctx.addIssue({ code: 'custom', path: ['metadata', i, 'key'], message: 'validation.metadataKey' });
      if (m.key && seen.has(m.key)) ctx.addIssue({ code: 'custom', path: ['metadata', i, 'key'], message: 'validation.metadataRepeated' });
      seen.add(m.key);
    });
  });
export type OrderFormValues = z.infer<typeof ZOrderForm>;

const blankAddress = (): AddressValues => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as AddressValues;

export const emptyLine = () => ({ sku: '', name: '', quantity: '1', price: '', discount: '', tax: '' });

export function addressValues(a: TAddress | null | undefined): AddressValues {
  const out = blankAddress();
  for (const f of ADDRESS_FIELDS) out[f] = a?.[f] ?? '';
  return out;
}

const sameAddress = (a: TAddress | null, b: TAddress | null) =>
  ADDRESS_FIELDS.every((f) => (a?.[f] ?? '') === (b?.[f] ?? ''));

const decimalText = (v: string | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toFormValues(order: Order | null): OrderFormValues {
  const hold = toLocalInput(order?.hold_until);
  return {
    customer_id: order?.customer_id ?? null,
    customer: {
      first_name: order?.customer?.first_name ?? '', last_name: order?.customer?.last_name ?? '', email: order?.customer?.email ?? '',
      phone: order?.customer?.phone ?? '', company: order?.customer?.company ?? '',
    },
    shipping: addressValues(order?.shipping_address),
    billing_same: !order || !order.billing_address || sameAddress(order.billing_address, order.shipping_address),
    billing: addressValues(order?.billing_address),
    lines: order?.lines.length
      ? order.lines.map((l) => ({
          sku: l.sku, name: l.name ?? '', quantity: String(l.quantity), price: decimalText(l.price), discount: zeroAsBlank(l.discount),
          tax: zeroAsBlank(l.tax),
        }))
      : [emptyLine()],
    ship_method: order?.ship_method ?? '',
    ship_carrier: order?.ship_carrier ?? '',
    currency: order?.currency ?? 'USD',
    shipping_amount: zeroAsBlank(order?.shipping_total),
    channel: order?.channel ?? 'manual',
    external_id: order?.external_id ?? '',
    notes: order?.notes ?? '',
    hold_date: hold.slice(0, 10),
    hold_time: hold ? hold.slice(11, 16) : '',
    shipable_date: order?.shipable_date?.slice(0, 10) ?? '',
    deliver_by: order?.deliver_by?.slice(0, 10) ?? '',
    metadata: Object.entries(order?.metadata ?? {}).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })),
  };
}

function zeroAsBlank(v: string | null | undefined): string {
  const text = decimalText(v);
  return Number(text) === 0 ? '' : text;
}

function addressBody(a: AddressValues): TAddress | null {
  const out: TAddress = {};
  for (const f of ADDRESS_FIELDS) {
    const v = a[f].trim();
    if (v) out[f] = v;
  }
  return Object.keys(out).length ? out : null;
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);
const orUndefined = (v: string) => (v.trim() ? v.trim() : undefined);

/**
 * The request body. On edit the channel, external id and status are not sent (they belong to the import),
 * nor the hold date (the hold action sets it).
 */
export function toOrderBody(v: OrderFormValues, mode: { editing: boolean; draft: boolean }): OrderBody {
  const customerFields = {
    first_name: orNull(v.customer.first_name), last_name: orNull(v.customer.last_name), email: orNull(v.customer.email),
    phone: orNull(v.customer.phone), company: orNull(v.customer.company),
  };
  const hasCustomer = v.customer_id !== null || Object.values(customerFields).some(Boolean);
  const shipping = addressBody(v.shipping);
  const body: OrderBody = {
    ...(mode.editing
      ? {}
      : { channel: orUndefined(v.channel), external_id: orNull(v.external_id), ...(mode.draft ? { status: 'draft' as const } : {}) }),
    customer: hasCustomer ? { ...(v.customer_id ? { id: v.customer_id } : {}), ...customerFields } : null,
    shipping_address: shipping,
    billing_address: v.billing_same ? shipping : addressBody(v.billing),
    lines: v.lines.map((l) => ({
      sku: l.sku.trim(),
      quantity: Number(l.quantity),
      ...(l.price.trim() ? { price: l.price.trim() } : {}),
      ...(l.discount.trim() ? { discount: l.discount.trim() } : {}),
      ...(l.tax.trim() ? { tax: l.tax.trim() } : {}),
      ...(l.name.trim() ? { name: l.name.trim() } : {}),
    })),
    currency: v.currency.trim().toUpperCase(),
    ...(v.shipping_amount.trim() ? { shipping: v.shipping_amount.trim() } : {}),
    notes: orNull(v.notes),
    metadata: Object.fromEntries(v.metadata.filter((m) => m.key.trim()).map((m) => [m.key.trim(), m.value])),
    // Holding an existing order is its own action (POST …/hold); PUT does not take hold_until.
    ...(mode.editing ? {} : { hold_until: holdUntilIso(v.hold_date, v.hold_time) }),
    shipable_date: orNull(v.shipable_date),
    deliver_by: orNull(v.deliver_by),
    ship_method: orNull(v.ship_method),
    ship_carrier: orNull(v.ship_carrier),
  };
  if (!mode.editing && body.channel === undefined) delete body.channel;
  return body;
}

/** A body key (server 422 or ZOrderInput issue) → the form field that shows it, or null for a banner. */
export function formFieldOf(key: string): string | null {
  const parts = key.split('.');
  const [head, ...rest] = parts;
  const tail = rest.join('.');
  switch (head) {
    case 'shipping_address':
      return rest.length && (ADDRESS_FIELDS as readonly string[]).includes(rest[0]!) ? `shipping.${rest[0]}` : null;
    case 'billing_address':
      return rest.length && (ADDRESS_FIELDS as readonly string[]).includes(rest[0]!) ? `billing.${rest[0]}` : null;
    case 'customer':
      return ['first_name', 'last_name', 'email', 'phone', 'company'].includes(rest[0] ?? '') ? `customer.${rest[0]}` : null;
    case 'lines':
      if (/^\d+\.(sku|quantity|price|discount|tax|name)$/.test(tail)) return `lines.${tail}`;
      return rest.length === 0 ? 'lines' : null;
    case 'hold_until':
      return 'hold_date';
    case 'shipping':
      return 'shipping_amount';
    case 'currency': case 'notes': case 'shipable_date': case 'deliver_by': case 'ship_method': case 'ship_carrier': case 'channel':
    case 'external_id':
      return head;
    default:
      return null;
  }
}

/** The body checked against the shared request schema: [key, English message] per problem. */
export function bodyProblems(body: OrderBody): [string, string][] {
  const { version: _version, ...input } = body;
  const parsed = ZOrderInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** Spec 8 customer_incomplete: the shipping fields an order needs before it can be processed. */
export function incompleteShipping(v: OrderFormValues): string[] {
  return missingAddressFields(addressBody(v.shipping)).map((f) => `shipping.${f}`);
}

export function isHoldInPast(v: OrderFormValues): boolean {
  const iso = holdUntilIso(v.hold_date, v.hold_time);
  return iso !== null && new Date(iso).getTime() <= Date.now();
}
