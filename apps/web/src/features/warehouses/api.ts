import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@omnio/domain';
import { http } from '../../shared/api/http';

/**
 * docs/api-warehouses.md. The shapes are the server's response contract (@omnio/domain); the connection password
 * is never answered, only whether one is stored.
 */
export type {
  WarehouseDto as Warehouse, WarehouseConnectionDto as WarehouseConnection, RefDto as CompanyRef, ConnectionCheckDto as ConnectionCheck,
} from '@omnio/domain';
import type { WarehouseDto as Warehouse, ConnectionCheckDto as ConnectionCheck, RefDto as CompanyRef } from '@omnio/domain';

export interface WarehouseListParams {
  page: number;
  perPage: number;
  search: string;
  status: string;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

const enc = encodeURIComponent;
export const warehouseUrls = {
  list: '/warehouses',
  one: (id: string) => `/warehouses/${enc(id)}`,
  test: (id: string) => `/warehouses/${enc(id)}/test-connection`,
  companies: '/companies',
};

/** The API's search form: free text (name or code) plus `status:`; `;` and `:` in typed text would split it. */
export function warehouseSearch(text: string, status: string): string | undefined {
  const clean = text.replace(/[;:]/g, ' ').trim();
  const parts = [clean, status ? `status:${status}` : ''].filter(Boolean);
  return parts.length ? parts.join(';') : undefined;
}

export function useWarehouses(params: WarehouseListParams) {
  return useQuery({
    queryKey: ['warehouses', 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<Warehouse>>(warehouseUrls.list, {
        params: {
          page: params.page,
          per_page: params.perPage,
          search: warehouseSearch(params.search, params.status),
          order_by: params.orderBy,
          order_direction: params.orderDirection,
        },
      }),
  });
}

export function useWarehouse(id: string | undefined) {
  return useQuery({
    queryKey: ['warehouses', 'one', id],
    enabled: Boolean(id),
    queryFn: () => http.get<{ data: Warehouse }>(warehouseUrls.one(id ?? '')),
    select: (body) => body.data,
  });
}

/** Companies a warehouse may serve (the owner's picker; 500 is the API's page maximum). */
export function useCompanyOptions() {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: () => http.get<Paginated<CompanyRef>>(warehouseUrls.companies, { params: { per_page: 500, order_by: 'name' } }),
    select: (body) => body.data.map((c) => ({ id: c.id, name: c.name })),
  });
}

export function useSaveWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      (id ? http.put<{ data: Warehouse }>(warehouseUrls.one(id), body) : http.post<{ data: Warehouse }>(warehouseUrls.list, body)).then(
        (answer) => answer.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['warehouses'] }),
  });
}

export function useDeleteWarehouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(warehouseUrls.one(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['warehouses'] }),
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (id: string) => http.post<{ data: ConnectionCheck }>(warehouseUrls.test(id)).then((answer) => answer.data),
  });
}
