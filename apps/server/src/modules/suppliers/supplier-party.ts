import { asc, sql } from 'drizzle-orm';
import { MAX_SUPPLIER_ADDRESSES, MAX_SUPPLIER_CONTACTS, SUPPLIER_ADDRESS_KINDS, type SupplierAddressKind } from '@omnio/domain';
import type { Party } from '../parties/party-rules';
import { supplierAddresses, supplierContacts, suppliers } from './suppliers.tables';

/** A supplier as a party: its addresses (shipping, billing, remit-to) and contacts work as a customer's do. */
export const SUPPLIER_PARTY: Party<SupplierAddressKind> = {
  label: 'Supplier',
  noun: 'supplier',
  table: suppliers,
  addresses: supplierAddresses,
  addressOwner: supplierAddresses.supplierId,
  /** Shipping, billing, then remit-to; the default first within a kind, then oldest first. */
  addressOrder: [
    sql`array_position(ARRAY['shipping', 'billing', 'remit_to']::text[], ${supplierAddresses.kind})`,
    sql`${supplierAddresses.isDefault} DESC`,
    asc(supplierAddresses.createdAt),
    asc(supplierAddresses.id),
  ],
  contacts: supplierContacts,
  contactOwner: supplierContacts.supplierId,
  maxAddresses: MAX_SUPPLIER_ADDRESSES,
  maxContacts: MAX_SUPPLIER_CONTACTS,
  kinds: SUPPLIER_ADDRESS_KINDS,
};
