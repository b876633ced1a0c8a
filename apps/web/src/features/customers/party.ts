import { ADDRESS_KINDS, ZCustomerAddressCreate } from '@omnio/domain';
import type { PartyKind } from '../../shared/parties/party';
import { CUSTOMER_MESSAGES_ES } from './i18n';

/** Customers as parties: what the shared address, contact and form pieces need to know of them. */
export const CUSTOMER_PARTY: PartyKind = {
  ns: 'customers',
  resource: 'customers',
  noun: 'customer',
  partTitleId: 'part-form-title',
  addressKinds: ADDRESS_KINDS,
  addressSchema: ZCustomerAddressCreate,
  companyFirst: false,
  messagesEs: CUSTOMER_MESSAGES_ES,
  // Every write changes lists, the customer, and the groups' member counts: refresh the whole feature.
  invalidates: [['customers']],
};
