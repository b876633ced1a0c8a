import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InventoryRow, Paginated } from '@omnio/domain';
import { http } from '../api/http';
import { listQuery, listSearch, type ListParams } from '../api/list-query';

/* The paged inventory list: the inventory screen and a product's stock section read it; every write
   stays in the inventory feature and invalidates `inventoryKeys.all`. */

export interface InventoryFilters {
  search: string;
  ilocId: string;
  type: string;
  available: boolean;
  productId?: string;
}

export function inventorySearch(filters: InventoryFilters): string | undefined {
  return listSearch(filters.search, {
    iloc: filters.ilocId,
    product: filters.productId,
    type: filters.type,
    available: filters.available && 'gt0',
  });
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (params: unknown) => ['inventory', 'list', params] as const,
  movements: (params: unknown) => ['inventory', 'movements', params] as const,
  availability: (params: unknown) => ['inventory', 'availability', params] as const,
};

export function useInventory(params: ListParams, filters: InventoryFilters, enabled = true) {
  const search = inventorySearch(filters);
  return useQuery({
    queryKey: inventoryKeys.list({ ...params, search }),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<InventoryRow>>('/inventory', { params: listQuery(params, search) }),
  });
}
