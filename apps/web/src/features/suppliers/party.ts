import { SUPPLIER_ADDRESS_KINDS, ZSupplierAddressCreate } from '@omnio/domain';
import type { PartyKind } from '../../shared/parties/party';
import { SUPPLIER_MESSAGES_ES } from './i18n';

/** Suppliers as parties: firms (company first on their addresses), with remit-to addresses too. */
export const SUPPLIER_PARTY: PartyKind = {
  ns: 'suppliers',
  resource: 'suppliers',
  noun: 'supplier',
  partTitleId: 'supplier-part-title',
  addressKinds: SUPPLIER_ADDRESS_KINDS,
  addressSchema: ZSupplierAddressCreate,
  companyFirst: true,
  messagesEs: SUPPLIER_MESSAGES_ES,
  // A supplier write changes lists, the supplier and its counts, and the group member counts.
  invalidates: [['suppliers'], ['customers', 'groups']],
};
