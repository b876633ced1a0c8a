import { asc, sql } from 'drizzle-orm';
import { ADDRESS_KINDS, MAX_CUSTOMER_ADDRESSES, MAX_CUSTOMER_CONTACTS, type AddressKind } from '@omnio/domain';
import type { Party } from '../parties/party-rules';
import { customerAddresses, customerContacts, customers } from './customers.tables';

/** A customer as a party: its addresses (shipping and billing) and contacts work as a supplier's do. */
export const CUSTOMER_PARTY: Party<AddressKind> = {
  label: 'Customer',
  noun: 'customer',
  table: customers,
  addresses: customerAddresses,
  addressOwner: customerAddresses.customerId,
  /** Shipping before billing, the default first, then oldest first: the order the screens show them in. */
  addressOrder: [sql`${customerAddresses.kind} = 'billing'`, sql`${customerAddresses.isDefault} DESC`, asc(customerAddresses.createdAt), asc(customerAddresses.id)],
  contacts: customerContacts,
  contactOwner: customerContacts.customerId,
  maxAddresses: MAX_CUSTOMER_ADDRESSES,
  maxContacts: MAX_CUSTOMER_CONTACTS,
  kinds: ADDRESS_KINDS,
};
