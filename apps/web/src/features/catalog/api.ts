import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SKU_ACTIONS, SKU_DELETABLE_STATUS, type BrandDto, type CategoryDto as Category, type PackageDto as Package, type Paginated, type PriceCode,
  type ProductDto as Product, type SkuAction, type SkuType, type TCategoryCreate, type TPackageCreate,
} from '@omnio/domain';
import { http, isHttpError } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';
import { catalogKeys, type Sku } from '../../shared/catalog/sku-api';

// The SKU shape and picker query live in shared/ (other features pick SKUs too); catalog screens keep importing them from here.
export { useSkuOptions, type Decimal, type Sku } from '../../shared/catalog/sku-api';

/* ------------------------------------------------------------------ shapes (docs/api-catalog.md) */

export { SKU_STATUSES, SKU_TYPES, SYNSET_MIN_MEMBERS } from '@omnio/domain';
export type { SkuType };
/** The types a product's SKU form offers; synsets have their own screen. */
export const PRODUCT_SKU_TYPES = ['REGULAR', 'PACK'] as const;
/** The price codes in the order a person fills them in (retail first). */
export const PRICE_CODES = ['RETAIL', 'BUY', 'WHOLE', 'WTDAVGCOST'] as const satisfies readonly PriceCode[];
export type { PriceCode };
/** Transitions a SKU may offer in `allowed_actions`, each a POST /skus/{id}/{action}. */
export const SKU_TRANSITIONS = SKU_ACTIONS;
export type SkuTransition = SkuAction;
/** Spec 5: only a discontinued SKU may be removed. */
export const SKU_DELETABLE = SKU_DELETABLE_STATUS;

/** The answers are the server's response contract (@omnio/domain); the web keeps its names for them. */
export type {
  RefDto as Named, ProductDto as Product, CategoryDto as Category, PackageDto as Package, BrandDto as Brand,
  ProductImportReportDto as ProductImportReport,
} from '@omnio/domain';

/* ------------------------------------------------------------------ request bodies */

export interface SkuBody {
  id?: string;
  sku: string;
  name: string;
  type: 'REGULAR' | 'PACK';
  barcode?: string | null;
  weight?: string | null;
  prices?: { code: PriceCode; value: string }[];
  aliases?: { alias: string }[];
  pack_of?: { sku: string; quantity: number };
}

export interface ProductBody {
  name: string;
  description?: string | null;
  category_id?: string | null;
  brand_id?: string | null;
  skus: SkuBody[];
  confirm?: boolean;
}

/** POST /synsets sends all three; PUT /synsets/{id} sends name and members. */
export interface SynsetBody {
  sku?: string;
  name?: string;
  members?: string[];
}

export type CategoryBody = TCategoryCreate;

export type PackageBody = TPackageCreate;

function usePaged<T>(name: string, path: string, params: ListParams, search: string | undefined, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.list(name, { ...params, search }),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<T>>(path, { params: listQuery(params, search) }),
  });
}

/** After any catalog write: catalog lists and the inventory grid (names, types, rows) are stale. */
function useCatalogMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: catalogKeys.all }),
        client.invalidateQueries({ queryKey: ['inventory'] }),
      ]);
    },
  });
}

const enc = encodeURIComponent;

/* ------------------------------------------------------------------ products */

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.one('products', id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: Product }>(`/products/${enc(id ?? '')}`, { params: { include: 'skus,category,brand' } })).data,
  });
}

export function useSaveProduct() {
  return useCatalogMutation(async ({ id, body }: { id?: string; body: ProductBody }) =>
    id
      ? (await http.put<{ data: Product }>(`/products/${enc(id)}`, body)).data
      : (await http.post<{ data: Product }>('/products', body)).data,
  );
}

export function useDeleteProduct() {
  return useCatalogMutation((id: string) => http.delete(`/products/${enc(id)}`));
}

/** The server's 409 asking to resend with `confirm: true` (changing a SKU in use). */
export function isConfirmationRequired(error: unknown): boolean {
  return isHttpError(error, 409) && error.bodyField('code') === 'CONFIRMATION_REQUIRED';
}

/* ------------------------------------------------------------------ SKUs */

export interface SkuFilters {
  search: string;
  type: string;
  status: string;
}

export function useSkus(params: ListParams, filters: SkuFilters) {
  const search = listSearch(filters.search, { type: filters.type, status: filters.status });
  return usePaged<Sku>('skus', '/skus', params, search);
}

export function useSkuTransition() {
  return useCatalogMutation(async ({ id, action }: { id: string; action: SkuTransition }) =>
    (await http.post<{ data: Sku }>(`/skus/${enc(id)}/${action}`)).data,
  );
}

export function useDeleteSku() {
  return useCatalogMutation((id: string) => http.delete(`/skus/${enc(id)}`));
}

/* ------------------------------------------------------------------ synsets */

export function useSynsets(params: ListParams, text: string) {
  return usePaged<Sku>('synsets', '/synsets', params, listSearch(text));
}

export function useSaveSynset() {
  return useCatalogMutation(async ({ id, body }: { id?: string; body: SynsetBody }) =>
    id
      ? (await http.put<{ data: Sku }>(`/synsets/${enc(id)}`, { name: body.name, members: body.members })).data
      : (await http.post<{ data: Sku }>('/synsets', body)).data,
  );
}

/* ------------------------------------------------------------------ categories and brands */

export function useCategories(params: ListParams, text: string) {
  return usePaged<Category>('categories', '/categories', params, listSearch(text));
}

/** Every category, for selects (the contract caps a page at 500). */
export function useAllCategories(enabled = true) {
  return useQuery({
    queryKey: catalogKeys.list('categories', 'all'),
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<Category>>('/categories', { params: listQuery({ page: 1, perPage: 500, orderBy: 'name', orderDirection: 'ASC' }) }))
        .data,
  });
}

export function useSaveCategory() {
  return useCatalogMutation(async ({ id, body }: { id?: string; body: CategoryBody }) =>
    id
      ? (await http.put<{ data: Category }>(`/categories/${enc(id)}`, body)).data
      : (await http.post<{ data: Category }>('/categories', body)).data,
  );
}

export function useDeleteCategory() {
  return useCatalogMutation((id: string) => http.delete(`/categories/${enc(id)}`));
}

export function useAllBrands() {
  return useQuery({
    queryKey: catalogKeys.list('brands', 'all'),
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<BrandDto>>('/brands', { params: listQuery({ page: 1, perPage: 500, orderBy: 'name', orderDirection: 'ASC' }) })).data,
  });
}

export async function createBrand(name: string): Promise<BrandDto> {
  return (await http.post<{ data: BrandDto }>('/brands', { name })).data;
}

/* ------------------------------------------------------------------ packages */

export function usePackages(params: ListParams, text: string) {
  return usePaged<Package>('packages', '/packages', params, listSearch(text));
}

export function useSavePackage() {
  return useCatalogMutation(async ({ id, body }: { id?: string; body: PackageBody }) =>
    id
      ? (await http.put<{ data: Package }>(`/packages/${enc(id)}`, body)).data
      : (await http.post<{ data: Package }>('/packages', body)).data,
  );
}

export function useDeletePackage() {
  return useCatalogMutation((id: string) => http.delete(`/packages/${enc(id)}`));
}
