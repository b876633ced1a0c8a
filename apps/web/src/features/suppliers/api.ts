import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  GroupDto as SupplierGroup, PackingTemplateDto as PackingTemplate, PackingTemplateType, Paginated, SupplierAddressKind, SupplierDto as Supplier,
  SupplierSkuDto as SupplierSku, SupplierSkusSavedDto, SupplierSummaryDto as SupplierSummary, ZPackingTemplateCreate, ZSupplierSkuItem, ZSupplierUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-supply-chain.md "Suppliers", "Packing templates") */

export type { PackingTemplate, PackingTemplateType, Supplier, SupplierAddressKind, SupplierGroup, SupplierSku, SupplierSummary };
export type { PackingTemplateBoxDto as PackingBox, SupplierAddressDto as SupplierAddress, SupplierContactDto as SupplierContact } from '@omnio/domain';

export type SupplierBody = z.input<typeof ZSupplierUpdate>;
export type SupplierSkuItem = z.input<typeof ZSupplierSkuItem>;
export type PackingTemplateBody = z.input<typeof ZPackingTemplateCreate>;


export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (params: unknown) => ['suppliers', 'list', params] as const,
  one: (id: string) => ['suppliers', 'one', id] as const,
  skus: (id: string, params: unknown) => ['suppliers', 'skus', id, params] as const,
  groups: ['suppliers', 'groups'] as const,
  templates: ['packing-templates'] as const,
  templateList: (params: unknown) => ['packing-templates', 'list', params] as const,
};

/** Every supplier write changes lists, the supplier and its counts: refresh the whole feature (and the group counts). */
function useSuppliersMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: supplierKeys.all }), client.invalidateQueries({ queryKey: ['customers', 'groups'] })]);
    },
  });
}

const enc = encodeURIComponent;

/* ------------------------------------------------------------------ suppliers */

export interface SupplierFilters {
  search: string;
  group: string;
}

export function useSuppliers(params: ListParams, filters: SupplierFilters) {
  const search = listSearch(filters.search, { group_id: filters.group });
  return useQuery({
    queryKey: supplierKeys.list({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<SupplierSummary>>('/suppliers', { params: listQuery(params, search) }),
  });
}

export function useSupplier(id: string) {
  return useQuery({
    queryKey: supplierKeys.one(id),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: Supplier }>(`/suppliers/${enc(id)}`)).data,
  });
}

export function useSaveSupplier() {
  return useSuppliersMutation(async ({ id, body }: { id?: string; body: SupplierBody }) =>
    id ? (await http.put<{ data: Supplier }>(`/suppliers/${enc(id)}`, body)).data : (await http.post<{ data: Supplier }>('/suppliers', body)).data,
  );
}

export function useDeleteSupplier() {
  return useSuppliersMutation((id: string) => http.delete(`/suppliers/${enc(id)}`));
}

/** Supplier groups for selects (read-group is needed; without it the select is simply left out). */
export function useSupplierGroups(enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.groups,
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<SupplierGroup>>('/groups', { params: listQuery({ page: 1, perPage: 500, orderBy: 'name', orderDirection: 'ASC' }, 'type:supplier') }))
        .data,
  });
}

/* ------------------------------------------------------------------ supplier SKUs */

export function useSupplierSkus(supplierId: string, params: ListParams, text: string) {
  const search = listSearch(text);
  return useQuery({
    queryKey: supplierKeys.skus(supplierId, { ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<SupplierSku>>(`/suppliers/${enc(supplierId)}/skus`, { params: listQuery(params, search) }),
  });
}

export function useSaveSupplierSkus(supplierId: string) {
  return useSuppliersMutation(async (items: SupplierSkuItem[]) =>
    (await http.put<{ data: SupplierSkusSavedDto }>(`/suppliers/${enc(supplierId)}/skus`, { items })).data);
}

export function useDeleteSupplierSku(supplierId: string) {
  return useSuppliersMutation((skuId: string) => http.delete(`/suppliers/${enc(supplierId)}/skus/${enc(skuId)}`));
}

/* ------------------------------------------------------------------ packing templates */

export function usePackingTemplates(params: ListParams, text: string) {
  const search = listSearch(text);
  return useQuery({
    queryKey: supplierKeys.templateList({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<PackingTemplate>>('/packing-templates', { params: listQuery(params, search) }),
  });
}

function useTemplatesMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: supplierKeys.templates }) });
}

export function useSavePackingTemplate() {
  return useTemplatesMutation(async ({ id, body }: { id?: string; body: PackingTemplateBody }) =>
    id
      ? (await http.put<{ data: PackingTemplate }>(`/packing-templates/${enc(id)}`, body)).data
      : (await http.post<{ data: PackingTemplate }>('/packing-templates', body)).data,
  );
}

export function useDeletePackingTemplate() {
  return useTemplatesMutation((id: string) => http.delete(`/packing-templates/${enc(id)}`));
}
