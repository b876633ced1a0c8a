import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddressKind, GroupType, Paginated, ZCustomerAddressUpdate, ZCustomerContactUpdate, ZCustomerUpdate, ZGroupCreate, ZGroupUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-orders.md "Customers and groups") */

export type { AddressKind, GroupType };

export interface Address {
  id: string;
  kind: AddressKind;
  is_default: boolean;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface Contact {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface CustomerSummary {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  group_id: string | null;
  group: { id: string; name: string } | null;
  complete: boolean;
  missing: string[];
  order_count: number;
  created_at: string;
  updated_at: string;
}

export interface Customer extends CustomerSummary {
  notes: string | null;
  addresses: Address[];
  contacts: Contact[];
}

export interface Group {
  id: string;
  type: GroupType;
  name: string;
  description: string | null;
  customer_count: number;
  created_at?: string;
  updated_at?: string;
}

/** The few order fields the customer page lists (the orders module answers more). */
export interface CustomerOrder {
  id: string;
  customer_id?: string | null;
  number: string;
  status: string;
  total: string;
  currency: string;
  created_at: string;
}

/** Request bodies: what the shared schemas accept (POST and PUT take the same customer fields). */
export type CustomerBody = z.input<typeof ZCustomerUpdate>;
export type AddressBody = z.input<typeof ZCustomerAddressUpdate>;
export type ContactBody = z.input<typeof ZCustomerContactUpdate>;
export type GroupBody = z.input<typeof ZGroupCreate> | z.input<typeof ZGroupUpdate>;

/** A customer's name as people read it: first and last name, else company, else e-mail. */
export function customerName(c: Pick<CustomerSummary, 'first_name' | 'last_name' | 'company' | 'email'>): string {
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return name || c.company || c.email || '—';
}


export const customerKeys = {
  all: ['customers'] as const,
  list: (params: unknown) => ['customers', 'list', params] as const,
  one: (id: string) => ['customers', 'one', id] as const,
  groups: ['customers', 'groups'] as const,
  groupList: (params: unknown) => ['customers', 'groups', params] as const,
  orders: (id: string) => ['customers', 'orders', id] as const,
};

/** Every write changes lists, the customer, and the groups' member counts: refresh the whole feature. */
function useCustomersMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }) });
}

const enc = encodeURIComponent;

/* ------------------------------------------------------------------ customers */

export interface CustomerFilters {
  search: string;
  group: string;
  /** '', 'true' or 'false'. */
  complete: string;
}

export function useCustomers(params: ListParams, filters: CustomerFilters) {
  const search = listSearch(filters.search, { group: filters.group, complete: filters.complete });
  return useQuery({
    queryKey: customerKeys.list({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<CustomerSummary>>('/customers', { params: listQuery(params, search) }),
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.one(id),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: Customer }>(`/customers/${enc(id)}`)).data,
  });
}

export function useSaveCustomer() {
  return useCustomersMutation(async ({ id, body }: { id?: string; body: CustomerBody }) =>
    id ? (await http.put<{ data: Customer }>(`/customers/${enc(id)}`, body)).data : (await http.post<{ data: Customer }>('/customers', body)).data,
  );
}

export function useDeleteCustomer() {
  return useCustomersMutation((id: string) => http.delete(`/customers/${enc(id)}`));
}

export function useSaveAddress(customerId: string) {
  return useCustomersMutation(async ({ id, body }: { id?: string; body: AddressBody }) => {
    const base = `/customers/${enc(customerId)}/addresses`;
    return id ? (await http.put<{ data: Address }>(`${base}/${enc(id)}`, body)).data : (await http.post<{ data: Address }>(base, body)).data;
  });
}

export function useDeleteAddress(customerId: string) {
  return useCustomersMutation((id: string) => http.delete(`/customers/${enc(customerId)}/addresses/${enc(id)}`));
}

export function useSaveContact(customerId: string) {
  return useCustomersMutation(async ({ id, body }: { id?: string; body: ContactBody }) => {
    const base = `/customers/${enc(customerId)}/contacts`;
    return id ? (await http.put<{ data: Contact }>(`${base}/${enc(id)}`, body)).data : (await http.post<{ data: Contact }>(base, body)).data;
  });
}

export function useDeleteContact(customerId: string) {
  return useCustomersMutation((id: string) => http.delete(`/customers/${enc(customerId)}/contacts/${enc(id)}`));
}

/**
 * The customer's latest orders. The orders module answers `search=customer_id:<id>`; while it cannot
 * (not there yet, no permission) the page simply leaves the section out, so failures are not retried.
 */
export function useCustomerOrders(id: string, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.orders(id),
    enabled: enabled && Boolean(id),
    retry: false,
    queryFn: () =>
      http.get<Paginated<CustomerOrder>>('/orders', {
        params: listQuery({ page: 1, perPage: 10, orderBy: 'created_at', orderDirection: 'DESC' }, `customer_id:${id}`),
      }),
  });
}

/* ------------------------------------------------------------------ groups */

export function useGroups(type: GroupType, params: ListParams, text: string) {
  const search = listSearch(text, { type });
  return useQuery({
    queryKey: customerKeys.groupList({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<Group>>('/groups', { params: listQuery(params, search) }),
  });
}

/** Every group of a type, for selects (the contract caps a page at 500). */
export function useAllGroups(type: GroupType, enabled = true) {
  return useQuery({
    queryKey: customerKeys.groupList({ type, all: true }),
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<Group>>('/groups', { params: listQuery({ page: 1, perPage: 500, orderBy: 'name', orderDirection: 'ASC' }, `type:${type}`) }))
        .data,
  });
}

export function useSaveGroup() {
  return useCustomersMutation(async ({ id, body }: { id?: string; body: GroupBody }) =>
    id ? (await http.put<{ data: Group }>(`/groups/${enc(id)}`, body)).data : (await http.post<{ data: Group }>('/groups', body)).data,
  );
}

export function useDeleteGroup() {
  return useCustomersMutation((id: string) => http.delete(`/groups/${enc(id)}`));
}
