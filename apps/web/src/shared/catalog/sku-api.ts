import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, SkuDto as Sku, SkuType } from '@omnio/domain';
import { http } from '../api/http';
import { listQuery, listSearch } from '../api/list-query';

/* The SKU shape and the lookups other features make of the catalog (pickers, a SKU by id); the catalog
   feature owns everything else about SKUs. The shapes are the server's response contract (@omnio/domain,
   docs/api-catalog.md). */

/** A decimal as the server answers it: exact text, or null when not set. */
export type Decimal = string | null;

export type { SkuDto as Sku, SkuPriceDto as SkuPrice, SkuAliasDto as SkuAlias } from '@omnio/domain';

export const catalogKeys = {
  all: ['catalog'] as const,
  resource: (name: string) => ['catalog', name] as const,
  list: (name: string, params: unknown) => ['catalog', name, 'list', params] as const,
  one: (name: string, id: string) => ['catalog', name, 'one', id] as const,
};

const enc = encodeURIComponent;

/** SKU codes for pickers: a short first page matching the typed text. */
export function useSkuOptions(text: string, type?: SkuType) {
  const search = listSearch(text, { type });
  return useQuery({
    queryKey: catalogKeys.list('sku-options', { search }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async () =>
      (await http.get<Paginated<Sku>>('/skus', { params: listQuery({ page: 1, perPage: 20, orderBy: 'sku', orderDirection: 'ASC' }, search) }))
        .data,
  });
}

export async function fetchSku(id: string): Promise<Sku> {
  return (await http.get<{ data: Sku }>(`/skus/${enc(id)}`)).data;
}
