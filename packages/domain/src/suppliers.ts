import { z } from 'zod';
import { zDecimal } from './catalog';
import { ZCustomerAddressCreate, ZCustomerContactCreate, ZCustomerContactItem, ZCustomerContactUpdate, ZCustomerEmail, ZPhone } from './customers';
import { partyAddressOf, refinePartyLists, ZPartyContact } from './parties';
import { ZDecimal, ZRef, ZTimestamp } from './responses';

/**
 * Supplier and packing-template request bodies (docs/api-supply-chain.md "Suppliers", "Packing
 * templates"), shared by the server routes and the web forms. Addresses and contacts follow the customer
 * rules (spec 5 e-mail, phone, zip, country); a supplier address may also be where payments go.
 */

export const SUPPLIER_ADDRESS_KINDS = ['shipping', 'billing', 'remit_to'] as const;
export type SupplierAddressKind = (typeof SUPPLIER_ADDRESS_KINDS)[number];

export const MAX_SUPPLIER_ADDRESSES = 20;
export const MAX_SUPPLIER_CONTACTS = 50;
/** One PUT /suppliers/{id}/skus carries at most this many items (a whole price list in one request). */
export const MAX_SUPPLIER_SKU_ITEMS = 5000;

const noNul = (v: string) => !v.includes('\u0000');
const NUL_MESSAGE = 'The value contains an invalid character';
const blankToNull = (v: string | null | undefined) => (v === '' ? null : v);
const optText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).refine(noNul, NUL_MESSAGE).nullable().optional().transform(blankToNull);
const ZUuidRef = z.uuid({ message: 'Must be a valid id' });

/* ------------------------------------------------------------------ addresses and contacts */

const { kind: _customerKind, ...customerAddressFields } = ZCustomerAddressCreate.shape;
void _customerKind;
const supplierAddressFields = { ...customerAddressFields, kind: z.enum(SUPPLIER_ADDRESS_KINDS) };

/** POST /suppliers/{id}/addresses; `kind` defaults to shipping; the first address of a kind becomes its default. */
export const ZSupplierAddressCreate = z.object({ ...supplierAddressFields, kind: supplierAddressFields.kind.default('shipping') }).strict();
export type TSupplierAddressCreate = z.infer<typeof ZSupplierAddressCreate>;
export const ZSupplierAddressUpdate = z.object({ ...supplierAddressFields, is_default: z.boolean() }).partial().strict();
export type TSupplierAddressUpdate = z.infer<typeof ZSupplierAddressUpdate>;
/** An address inside a PUT supplier body: with `id` it changes that one, without it adds one. */
export const ZSupplierAddressItem = z.object({ ...supplierAddressFields, is_default: z.boolean(), id: ZUuidRef }).partial().strict();
export type TSupplierAddressItem = z.infer<typeof ZSupplierAddressItem>;

export const ZSupplierContactCreate = ZCustomerContactCreate;
export type TSupplierContactCreate = z.infer<typeof ZSupplierContactCreate>;
export const ZSupplierContactUpdate = ZCustomerContactUpdate;
export type TSupplierContactUpdate = z.infer<typeof ZSupplierContactUpdate>;
export const ZSupplierContactItem = ZCustomerContactItem;
export type TSupplierContactItem = z.infer<typeof ZSupplierContactItem>;

/* ------------------------------------------------------------------ suppliers */

export const SUPPLIER_NAME_TAKEN = 'A supplier with this name already exists';

const ZSupplierName = z.string().trim().min(1, 'The name is required').max(200, 'The name may not be longer than 200 characters').refine(noNul, NUL_MESSAGE);
/** A web address as typed; a scheme is optional ("northwind.test" is fine) but spaces are not. */
const ZWebsite = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine(noNul, NUL_MESSAGE)
  .refine((v) => v === '' || /^(https?:\/\/)?[^\s/]+\.[^\s]+$/i.test(v), 'The website must be a web address')
  .nullable()
  .optional()
  .transform(blankToNull);
const ZMinOrder = z.union([z.literal(''), z.null(), zDecimal(2, 12, 'The minimum order')]).transform((v) => (v === '' ? null : v)).optional();
const ZLeadTime = z
  .number({ message: 'The lead time must be a number of days' })
  .int('The lead time must be whole days')
  .min(0, 'The lead time cannot be negative')
  .max(3650, 'The lead time is at most 3650 days')
  .nullable()
  .optional();
const ZCurrency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO code');

const supplierFields = {
  name: ZSupplierName,
  email: ZCustomerEmail,
  phone: ZPhone,
  website: ZWebsite,
  payment_terms: optText(200),
  min_order: ZMinOrder,
  lead_time_days: ZLeadTime,
  currency: ZCurrency.optional(),
  group_id: ZUuidRef.nullable().optional(),
  notes: optText(5000),
};
const addressList = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_SUPPLIER_ADDRESSES, `At most ${MAX_SUPPLIER_ADDRESSES} addresses`);
const contactList = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_SUPPLIER_CONTACTS, `At most ${MAX_SUPPLIER_CONTACTS} contacts`);

/** POST /suppliers: a name (unique per company, whatever its case); addresses and contacts may come along. */
export const ZSupplierCreate = z
  .object({ ...supplierFields, addresses: addressList(ZSupplierAddressCreate).optional(), contacts: contactList(ZSupplierContactCreate).optional() })
  .strict()
  .superRefine(refinePartyLists);
export type TSupplierCreate = z.infer<typeof ZSupplierCreate>;

/** PUT /suppliers/{id}: any field; `addresses` and `contacts`, when given, are the whole lists (as customers). */
export const ZSupplierUpdate = z
  .object({ ...supplierFields, addresses: addressList(ZSupplierAddressItem), contacts: contactList(ZSupplierContactItem) })
  .partial()
  .strict()
  .superRefine(refinePartyLists);
export type TSupplierUpdate = z.infer<typeof ZSupplierUpdate>;

/* ------------------------------------------------------------------ supplier SKUs */

/** The supplier's price for one of our SKUs; `sku` is our code (or an alternative SKU). */
export const ZSupplierSkuItem = z
  .object({
    sku: z.string().trim().min(1, 'The SKU is required').max(64, 'The SKU may not be longer than 64 characters').refine(noNul, NUL_MESSAGE),
    supplier_sku: optText(100),
    cost: z.union([z.null(), zDecimal(4, 10, 'The cost')]).optional(),
    min_quantity: z.number({ message: 'The minimum quantity must be a number' }).int('The minimum quantity must be a whole number')
      .min(1, 'The minimum quantity must be at least 1').max(1_000_000_000, 'The minimum quantity is too large').nullable().optional(),
  })
  .strict();
export type TSupplierSkuItem = z.infer<typeof ZSupplierSkuItem>;

/** PUT /suppliers/{id}/skus: upserts by SKU; a SKU twice in one body is refused rather than guessed. */
export const ZSupplierSkusPut = z
  .object({
    items: z.array(ZSupplierSkuItem).min(1, 'Give at least one SKU').max(MAX_SUPPLIER_SKU_ITEMS, `At most ${MAX_SUPPLIER_SKU_ITEMS} SKUs per request`),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.items.forEach((item, i) => {
      const key = item.sku.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['items', i, 'sku'], message: 'The SKU is repeated' });
      seen.add(key);
    });
  });
export type TSupplierSkusPut = z.infer<typeof ZSupplierSkusPut>;

/* ------------------------------------------------------------------ packing templates */

export const PACKING_TEMPLATE_TYPES = ['box', 'pallet', 'mixed'] as const;
export type PackingTemplateType = (typeof PACKING_TEMPLATE_TYPES)[number];
export const MAX_TEMPLATE_BOXES = 200;

/** Spec 5: a box's dimensions and weight are above zero. */
const positive = (label: string) => zDecimal(3, 9, label).refine((v) => /[1-9]/.test(v), `${label} must be greater than 0`);

export const ZPackingTemplateBox = z
  .object({
    length: positive('The length'),
    width: positive('The width'),
    height: positive('The height'),
    weight: positive('The weight'),
    units_per_box: z.number({ message: 'The units per box must be a number' }).int('The units per box must be a whole number')
      .min(1, 'The units per box must be at least 1').max(1_000_000, 'The units per box is too large'),
  })
  .strict();
export type TPackingTemplateBox = z.infer<typeof ZPackingTemplateBox>;

const templateFields = {
  name: z.string().trim().min(1, 'The name is required').max(120, 'The name may not be longer than 120 characters').refine(noNul, NUL_MESSAGE),
  type: z.enum(PACKING_TEMPLATE_TYPES),
  boxes: z.array(ZPackingTemplateBox).max(MAX_TEMPLATE_BOXES, `At most ${MAX_TEMPLATE_BOXES} boxes`),
  notes: optText(2000),
};
export const PACKING_TEMPLATE_NAME_TAKEN = 'A packing template with this name already exists';

export const ZPackingTemplateCreate = z.object({ ...templateFields, type: templateFields.type.default('box'), boxes: templateFields.boxes.default([]) }).strict();
export type TPackingTemplateCreate = z.infer<typeof ZPackingTemplateCreate>;
export const ZPackingTemplateUpdate = z.object(templateFields).partial().strict();
export type TPackingTemplateUpdate = z.infer<typeof ZPackingTemplateUpdate>;

// ---- Answers (the response contract; see responses.ts) ----

export const ZSupplierAddress = partyAddressOf(SUPPLIER_ADDRESS_KINDS);
export type SupplierAddressDto = z.input<typeof ZSupplierAddress>;
export const ZSupplierContact = ZPartyContact;
export type SupplierContactDto = z.input<typeof ZSupplierContact>;

/** A supplier in the list: its terms, group and how much it is used. */
export const ZSupplierSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  payment_terms: z.string().nullable(),
  min_order: ZDecimal.nullable(),
  lead_time_days: z.number().int().nullable(),
  currency: z.string(),
  group: ZRef.nullable(),
  sku_count: z.number().int(),
  /** Purchase orders still under way (not completed, not cancelled). */
  open_po_count: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type SupplierSummaryDto = z.input<typeof ZSupplierSummary>;

/** One supplier with its addresses (shipping, billing, remit-to; the default first) and contacts. */
export const ZSupplier = ZSupplierSummary.extend({
  notes: z.string().nullable(),
  addresses: z.array(ZSupplierAddress),
  contacts: z.array(ZSupplierContact),
});
export type SupplierDto = z.input<typeof ZSupplier>;

/** The supplier's code, cost and minimum quantity for one of our SKUs (GET /suppliers/{id}/skus). */
export const ZSupplierSku = z.object({
  sku_id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The SKU's own status (SKU_STATUSES). */
  status: z.string(),
  supplier_sku: z.string().nullable(),
  cost: ZDecimal.nullable(),
  min_quantity: z.number().int().nullable(),
  updated_at: ZTimestamp,
});
export type SupplierSkuDto = z.input<typeof ZSupplierSku>;

/** PUT /suppliers/{id}/skus: how many items were written. */
export const ZSupplierSkusSaved = z.object({ saved: z.number().int() });
export type SupplierSkusSavedDto = z.input<typeof ZSupplierSkusSaved>;
