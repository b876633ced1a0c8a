import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddressKind, CustomerDto as Customer, CustomerSummaryDto as CustomerSummary, GroupDto as Group, GroupType, Paginated, ZCustomerUpdate, ZGroupCreate,
  ZGroupUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-orders.md "Customers and groups") */

export type { AddressKind, Customer, CustomerSummary, Group, GroupType };
export type { CustomerAddressDto as Address, CustomerContactDto as Contact } from '@omnio/domain';

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
