import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, PriceCode, SkuType } from '@omnio/domain';
import { http } from '../api/http';
import { listQuery, listSearch } from '../api/list-query';

/* The SKU shape and the lookups other features make of the catalog (pickers, a SKU by id); the catalog
   feature owns everything else about SKUs. Shapes follow docs/api-catalog.md. */

export type Decimal = string | number | null;

export interface SkuPrice {
  code: PriceCode;
  value: string;
  currency?: string | null;
}

export interface SkuAlias {
  alias: string;
  channel?: string | null;
}

export interface Sku {
  id: string;
  sku: string;
  name: string;
  type: SkuType;
  status: string;
  allowed_actions: string[];
  product_id: string | null;
  barcode: string | null;
  weight: Decimal;
  length: Decimal;
  width: Decimal;
  height: Decimal;
  prices: SkuPrice[];
  aliases: SkuAlias[];
  pack_of: { sku_id: string; sku: string; quantity: number } | null;
  members: { id: string; sku: string }[] | null;
  synset: { id: string; sku: string } | null;
  created_at: string;
  updated_at: string;
}

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
