import { z } from 'zod';
import { REQUIRED_ADDRESS_FIELDS } from './orders';
import { GROUP_TYPES, partyAddressOf, refinePartyLists, ZPartyContact } from './parties';
import { ZRef, ZTimestamp } from './responses';

/**
 * Customer words and request bodies (docs/api-orders.md "Customers and groups", spec 3, 5 and 8), shared
 * by the server routes and the web forms so both apply the same rules.
 */

export const ADDRESS_KINDS = ['shipping', 'billing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * Spec 5 "contact or shipping information must be complete", spec 8 customer_incomplete: a customer is
 * complete when its default shipping address has these. The address's first name falls back to the
 * customer's own.
 */
export const CUSTOMER_REQUIRED_FIELDS = REQUIRED_ADDRESS_FIELDS;
export type CustomerRequiredField = (typeof CUSTOMER_REQUIRED_FIELDS)[number];

/** A customer's addresses and contacts, per customer: more is a data problem, not a customer. */
export const MAX_CUSTOMER_ADDRESSES = 20;
export const MAX_CUSTOMER_CONTACTS = 50;

/* ------------------------------------------------------------------ field shapes */

const noNul = (v: string) => !v.includes('\u0000');
const NUL_MESSAGE = 'The value contains an invalid character';
const blankToNull = (v: string | null | undefined) => (v === '' ? null : v);

/** Optional text: trimmed, "" and null both mean "no value". */
const optText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).refine(noNul, NUL_MESSAGE).nullable().optional().transform(blankToNull);

/** Spec 5 "valid email". Case is kept as typed; uniqueness (per company) ignores it. */
export const ZCustomerEmail = z
  .string()
  .trim()
  .max(191, 'At most 191 characters')
  .refine(noNul, NUL_MESSAGE)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'The email must be a valid email address')
  .nullable()
  .optional()
  .transform(blankToNull);

/** Spec 5 "valid phone": digits with the usual separators, an optional leading + and extension; 5 to 20 digits. */
export const PHONE_RE = /^\+?[0-9(][0-9 ().\-/]*[0-9)](\s*(x|ext\.?)\s*[0-9]{1,6})?$/i;
export function isValidPhone(value: string): boolean {
  if (value.length > 40) return false;
  const digits = value.replace(/(x|ext\.?)\s*[0-9]+$/i, '').replace(/\D/g, '').length;
  return PHONE_RE.test(value) && digits >= 5 && digits <= 20;
}
export const ZPhone = z
  .string()
  .trim()
  .max(40, 'At most 40 characters')
  .refine((v) => v === '' || isValidPhone(v), 'The phone must be a valid phone number')
  .nullable()
  .optional()
  .transform(blankToNull);

/** Spec 5 "valid zip": letters and digits, inner spaces or hyphens (78701, 78701-1234, SW1A 1AA, K1A 0B1), 3 to 10 characters. */
export const ZIP_RE = /^[A-Za-z0-9](?:[A-Za-z0-9]|[ -](?=[A-Za-z0-9])){2,9}$/;
export const ZZip = z
  .string()
  .trim()
  .refine((v) => v === '' || ZIP_RE.test(v), 'The zip must be a valid postal code')
  .nullable()
  .optional()
  .transform(blankToNull);

/** A two-letter ISO 3166 country code, upper-cased. */
export const ZCountryCode = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), 'The country must be a two-letter ISO code')
  .transform((v) => v.toUpperCase())
  .nullable()
  .optional()
  .transform(blankToNull);

const ZUuidRef = z.uuid({ message: 'Must be a valid id' });

/* ------------------------------------------------------------------ addresses and contacts */

const addressFields = {
  kind: z.enum(ADDRESS_KINDS),
  is_default: z.boolean(),
  first_name: optText(100),
  last_name: optText(100),
  company: optText(200),
  address1: optText(200),
  address2: optText(200),
  city: optText(100),
  state: optText(100),
  zip: ZZip,
  country: ZCountryCode,
  phone: ZPhone,
};

/** POST /customers/{id}/addresses; `kind` defaults to shipping. The first address of a kind becomes its default. */
export const ZCustomerAddressCreate = z.object({ ...addressFields, kind: addressFields.kind.default('shipping'), is_default: z.boolean().optional() }).strict();
export type TCustomerAddressCreate = z.infer<typeof ZCustomerAddressCreate>;
export const ZCustomerAddressUpdate = z.object(addressFields).partial().strict();
export type TCustomerAddressUpdate = z.infer<typeof ZCustomerAddressUpdate>;
/**
 * An address inside a PUT customer body: with `id` it changes that address (fields left out stay as they
 * are), without it adds one (`kind` shipping unless given).
 */
export const ZCustomerAddressItem = z.object({ ...addressFields, id: ZUuidRef.optional() }).partial().strict();
export type TCustomerAddressItem = z.infer<typeof ZCustomerAddressItem>;

const contactFields = {
  name: z.string().trim().min(1, 'The name is required').max(200, 'At most 200 characters').refine(noNul, NUL_MESSAGE),
  email: ZCustomerEmail,
  phone: ZPhone,
  role: optText(100),
};
export const ZCustomerContactCreate = z.object(contactFields).strict();
export type TCustomerContactCreate = z.infer<typeof ZCustomerContactCreate>;
export const ZCustomerContactUpdate = z.object(contactFields).partial().strict();
export type TCustomerContactUpdate = z.infer<typeof ZCustomerContactUpdate>;
/** A contact inside a PUT customer body: with `id` it changes that one, without it adds one (then `name` is required). */
export const ZCustomerContactItem = z.object({ ...contactFields, id: ZUuidRef.optional() }).partial().strict();
export type TCustomerContactItem = z.infer<typeof ZCustomerContactItem>;

/* ------------------------------------------------------------------ customers */

const customerFields = {
  first_name: optText(100),
  last_name: optText(100),
  email: ZCustomerEmail,
  phone: ZPhone,
  company: optText(200),
  group_id: ZUuidRef.nullable().optional(),
  notes: optText(5000),
};
const addressList = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_CUSTOMER_ADDRESSES, `At most ${MAX_CUSTOMER_ADDRESSES} addresses`);
const contactList = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_CUSTOMER_CONTACTS, `At most ${MAX_CUSTOMER_CONTACTS} contacts`);

export const CUSTOMER_IDENTITY_MESSAGE = 'Give a first name, last name, email or company';

/** POST /customers: a customer needs something to know it by. Addresses and contacts come along. */
export const ZCustomerCreate = z
  .object({ ...customerFields, addresses: addressList(ZCustomerAddressCreate).optional(), contacts: contactList(ZCustomerContactCreate).optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.first_name && !v.last_name && !v.email && !v.company) ctx.addIssue({ code: 'custom', path: ['first_name'], message: CUSTOMER_IDENTITY_MESSAGE });
    refinePartyLists(v, ctx);
  });
export type TCustomerCreate = z.infer<typeof ZCustomerCreate>;

/**
 * PUT /customers/{id}: any field. `addresses` and `contacts`, when given, are the whole lists: items with
 * an id change that one, items without are added, saved ones left out are removed.
 */
export const ZCustomerUpdate = z
  .object({ ...customerFields, addresses: addressList(ZCustomerAddressItem), contacts: contactList(ZCustomerContactItem) })
  .partial()
  .strict()
  .superRefine(refinePartyLists);
export type TCustomerUpdate = z.infer<typeof ZCustomerUpdate>;

/* ------------------------------------------------------------------ groups */

const groupName = z.string().trim().min(1, 'The name is required').max(120, 'The name may not be longer than 120 characters').refine(noNul, NUL_MESSAGE);

export const ZGroupCreate = z.object({ type: z.enum(GROUP_TYPES), name: groupName, description: optText(1000) }).strict();
export type TGroupCreate = z.infer<typeof ZGroupCreate>;
/** A group keeps its type: its members are of that type. */
export const ZGroupUpdate = z.object({ name: groupName, description: optText(1000) }).partial().strict();
export type TGroupUpdate = z.infer<typeof ZGroupUpdate>;

/* ------------------------------------------------------------------ completeness */

export interface AddressLike {
  first_name?: string | null;
  address1?: string | null;
  city?: string | null;
  zip?: string | null;
  country?: string | null;
}

/**
 * What a customer's shipping information lacks (spec 5, spec 8): the required fields missing from its
 * default shipping address (all of them without one), the first name falling back to the customer's. The
 * server answers the same list as `missing`; this one serves forms that check before saving.
 */
export function customerMissing(customer: { first_name?: string | null }, shipping: AddressLike | null | undefined): CustomerRequiredField[] {
  const has = (v: string | null | undefined) => Boolean(v?.trim());
  return CUSTOMER_REQUIRED_FIELDS.filter((f) => (f === 'first_name' ? !has(shipping?.first_name) && !has(customer.first_name) : !has(shipping?.[f])));
}

// ---- Answers (the response contract; see responses.ts) ----

export const ZCustomerAddress = partyAddressOf(ADDRESS_KINDS);
export type CustomerAddressDto = z.input<typeof ZCustomerAddress>;
export const ZCustomerContact = ZPartyContact;
export type CustomerContactDto = z.input<typeof ZCustomerContact>;

/** A customer in the list: its group and whether its shipping information is complete (spec 5, spec 8). */
export const ZCustomerSummary = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  group_id: z.string().nullable(),
  group: ZRef.nullable(),
  complete: z.boolean(),
  /** The required fields the default shipping address lacks, in CUSTOMER_REQUIRED_FIELDS order. */
  missing: z.array(z.enum(CUSTOMER_REQUIRED_FIELDS)),
  order_count: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type CustomerSummaryDto = z.input<typeof ZCustomerSummary>;

/** One customer with its addresses (shipping first, the default first) and contacts (oldest first). */
export const ZCustomer = ZCustomerSummary.extend({
  notes: z.string().nullable(),
  addresses: z.array(ZCustomerAddress),
  contacts: z.array(ZCustomerContact),
});
export type CustomerDto = z.input<typeof ZCustomer>;
