import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PartyAddressDto, PartyContactDto, ZCustomerContactUpdate, ZSupplierAddressCreate, ZSupplierAddressUpdate } from '@omnio/domain';
import { http } from '../api/http';

/**
 * Customers and suppliers are both parties: a company we sell to or buy from, with addresses and contacts.
 * The shared screens (parties/*.tsx) take one PartyKind saying what differs; each feature keeps the rest.
 */

export type { PartyAddressDto as PartyAddress, PartyContactDto as PartyContact };

/** The parts every party answers with; a feature's own type (Customer, Supplier) has more. */
export interface Party {
  id: string;
  addresses: readonly PartyAddressDto[];
  contacts: readonly PartyContactDto[];
}

/** Address bodies of any party (the widest kinds: the server checks the party's own). */
export type PartyAddressBody = z.input<typeof ZSupplierAddressUpdate>;
export type PartyContactBody = z.input<typeof ZCustomerContactUpdate>;
/** The address form's schema: the party's own create schema (only `kind` differs between parties). */
export type PartyAddressSchema = z.ZodType<z.output<typeof ZSupplierAddressCreate>, z.input<typeof ZSupplierAddressCreate>>;

export interface PartyKind {
  /** The feature's i18n namespace; its strings include the party strings (withPartyStrings). */
  ns: 'customers' | 'suppliers';
  /** The API collection: /customers/{id}/addresses. */
  resource: 'customers' | 'suppliers';
  /** The party in the singular: element ids (customer-addresses), route names (customer-show), string keys (delete.customerTitle). */
  noun: 'customer' | 'supplier';
  /** The id of the address and contact dialogs' titles. */
  partTitleId: string;
  addressKinds: readonly string[];
  addressSchema: PartyAddressSchema;
  /** Suppliers are firms: their addresses put the company before the person, on the card and in the form. */
  companyFirst: boolean;
  /** The feature's Spanish for the schemas' and the server's English messages. */
  messagesEs: Readonly<Record<string, string>>;
  /** What a write to an address or contact makes stale. */
  invalidates: readonly QueryKey[];
}

const enc = encodeURIComponent;

/** The address and contact writes of one party, refreshing what the kind says when they succeed. */
export function usePartyParts(kind: PartyKind, partyId: string) {
  const client = useQueryClient();
  const base = `/${kind.resource}/${enc(partyId)}`;
  const onSuccess = () => Promise.all(kind.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
  const saveAddress = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: PartyAddressBody }) =>
      id
        ? (await http.put<{ data: PartyAddressDto }>(`${base}/addresses/${enc(id)}`, body)).data
        : (await http.post<{ data: PartyAddressDto }>(`${base}/addresses`, body)).data,
    onSuccess,
  });
  const deleteAddress = useMutation({ mutationFn: (id: string) => http.delete(`${base}/addresses/${enc(id)}`), onSuccess });
  const saveContact = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: PartyContactBody }) =>
      id
        ? (await http.put<{ data: PartyContactDto }>(`${base}/contacts/${enc(id)}`, body)).data
        : (await http.post<{ data: PartyContactDto }>(`${base}/contacts`, body)).data,
    onSuccess,
  });
  const deleteContact = useMutation({ mutationFn: (id: string) => http.delete(`${base}/contacts/${enc(id)}`), onSuccess });
  return { saveAddress, deleteAddress, saveContact, deleteContact };
}

/** The party's own string keys, by its noun: delete.customerTitle, errors.deleteCustomer, notices.customerDeleted… */
export function partyKeys(kind: PartyKind) {
  const Noun = kind.noun === 'customer' ? 'Customer' : 'Supplier';
  return {
    deleteTitle: `delete.${kind.noun}Title`,
    deleteMessage: `delete.${kind.noun}Message`,
    deleteError: `errors.delete${Noun}`,
    deleted: `notices.${kind.noun}Deleted`,
    created: `notices.${kind.noun}Created`,
    updated: `notices.${kind.noun}Updated`,
    loadOne: `errors.load${Noun}`,
    loadList: `errors.load${Noun}s`,
    save: `errors.save${Noun}`,
  };
}
