import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paginated, PoAction, PoActionAnswerDto as PoActionResult, PoCountsDto as PoCounts, PoLineDto, PoSuggestionDto as Suggestion, PoSummaryDto as PoSummary,
  PurchaseOrderDto as PurchaseOrder, SupplyEventDto as PoEvent, TPurchaseOrderInput,
} from '@omnio/domain';
import { authorizedFetch, responseError } from '../../shared/api/file-transfer';
import { API_BASE, http, isHttpError } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-supply-chain.md) */

export interface Named {
  id: string;
  name: string;
}

/** The answers, as the server's response contract declares them. */
export type {
  PoActionAnswerDto as PoActionResult, PoCountsDto as PoCounts, PoLineDto as PoLine, PoShipmentDto as PoShipment, PoSummaryDto as PoSummary,
  PoSuggestionDto as Suggestion, PurchaseOrderDto as PurchaseOrder, SupplyEventDto as PoEvent,
} from '@omnio/domain';

/** A line's SKU now: its status, or `removed`. */
export type SkuStatus = PoLineDto['sku_status'];

export interface SupplierOption {
  id: string;
  name: string;
  email: string | null;
  payment_terms: string | null;
  lead_time_days: number | null;
  currency: string | null;
}

export interface BySkusBody {
  iloc_id: string;
  estimated_delivery?: string | null;
  lines: { sku: string; supplier_id: string; quantity: number; unit_cost?: string }[];
}

export interface AcknowledgeBody {
  lines: { line_id: string; confirmed_quantity: number; confirmed_date?: string | null }[];
}

/** The runnable lifecycle actions: `edit` opens the form, `ship` the ASN screen, `acknowledge` its form. */
export type RunnablePoAction = Exclude<PoAction, 'edit' | 'ship' | 'acknowledge'>;

/* ------------------------------------------------------------------ keys */

export const PO_TABS = ['all', 'draft', 'open', 'sent', 'partially_confirmed', 'confirmed', 'completed', 'cancelled', 'error'] as const;
export type PoTab = (typeof PO_TABS)[number];
/** What a supplier user may see (the server lists nothing else for it). */
export const SUPPLIER_PO_TABS = ['all', 'sent', 'partially_confirmed', 'confirmed', 'completed', 'cancelled'] as const;
export const PO_SORTABLE = ['number', 'status', 'total', 'estimated_delivery', 'created_at'] as const;

export const poKeys = {
  all: ['purchase-orders'] as const,
  list: (params: unknown) => ['purchase-orders', 'list', params] as const,
  counts: (params: unknown) => ['purchase-orders', 'counts', params] as const,
  one: (id: string) => ['purchase-orders', 'one', id] as const,
  events: (id: string) => ['purchase-orders', 'events', id] as const,
  suggestions: (params: unknown) => ['purchase-orders', 'suggestions', params] as const,
};

const enc = encodeURIComponent;

/* ------------------------------------------------------------------ list */

export interface PoListFilters {
  tab: PoTab;
  search: string;
  supplierId: string;
}

export function usePurchaseOrders(params: ListParams, f: PoListFilters) {
  const search = listSearch(f.search, { status: f.tab === 'all' ? undefined : f.tab, supplier_id: f.supplierId || undefined });
  return useQuery({
    queryKey: poKeys.list({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<PoSummary>>('/purchase-orders', { params: listQuery(params, search) }),
  });
}

/** Counts per status for the same search (the server ignores status there). */
export function usePoCounts(f: Omit<PoListFilters, 'tab'>, enabled = true) {
  const search = listSearch(f.search, { supplier_id: f.supplierId || undefined });
  return useQuery({
    queryKey: poKeys.counts({ search }),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await http.get<{ data: PoCounts }>('/purchase-orders/counts', { params: { search } })).data,
  });
}

/* ------------------------------------------------------------------ one purchase order */

export function usePurchaseOrder(id: string | undefined) {
  return useQuery({
    queryKey: poKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: PurchaseOrder }>(`/purchase-orders/${enc(id ?? '')}`)).data,
  });
}

export function usePoEvents(id: string) {
  return useQuery({
    queryKey: poKeys.events(id),
    // The contract answers the history under `data`, as a plain list or a paginator: both read the same.
    queryFn: async () => (await http.get<{ data: PoEvent[] }>(`/purchase-orders/${enc(id)}/events`, { params: { per_page: 500 } })).data,
  });
}

function usePoMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: poKeys.all }),
  });
}

export function useSavePurchaseOrder() {
  return usePoMutation(async ({ id, body }: { id?: string; body: TPurchaseOrderInput }) =>
    id
      ? (await http.put<{ data: PurchaseOrder }>(`/purchase-orders/${enc(id)}`, body)).data
      : (await http.post<{ data: PurchaseOrder }>('/purchase-orders', body)).data,
  );
}

export function usePoAction() {
  return usePoMutation(async ({ id, action }: { id: string; action: RunnablePoAction }) =>
    http.post<PoActionResult>(`/purchase-orders/${enc(id)}/${action}`),
  );
}

export function useDeletePurchaseOrder() {
  return usePoMutation((id: string) => http.delete(`/purchase-orders/${enc(id)}`));
}

export function useAcknowledge() {
  return usePoMutation(async ({ id, body }: { id: string; body: AcknowledgeBody }) =>
    (await http.post<{ data: PurchaseOrder }>(`/purchase-orders/${enc(id)}/acknowledge`, body)).data,
  );
}

export function isInvalidTransition(error: unknown): boolean {
  return isHttpError(error, 409) && error.bodyField('code') === 'INVALID_TRANSITION';
}

/* ------------------------------------------------------------------ PO by SKUs */

export interface SuggestionParams {
  ilocId: string;
  windowDays: number;
  coverDays: number;
  supplierId: string;
  search: string;
  onlyNeeded: boolean;
}

export function useSuggestions(p: SuggestionParams, enabled: boolean) {
  return useQuery({
    queryKey: poKeys.suggestions(p),
    enabled: enabled && Boolean(p.ilocId),
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<Suggestion>>('/purchase-orders/suggestions', {
        params: {
          iloc_id: p.ilocId,
          window_days: p.windowDays,
          cover_days: p.coverDays,
          supplier_id: p.supplierId || undefined,
          search: p.search.trim() || undefined,
          only_needed: p.onlyNeeded,
          page: 1,
          per_page: 500,
        },
      }),
  });
}

export function useCreateBySkus() {
  return usePoMutation(async (body: BySkusBody) => (await http.post<{ data: PoSummary[] }>('/purchase-orders/by-skus', body)).data);
}

/* ------------------------------------------------------------------ pickers */

/** Suppliers for pickers and filters: the first 500 by name is every supplier a tenant keeps in practice. */
export function useSupplierOptions(enabled = true) {
  return useQuery({
    queryKey: ['purchase-orders', 'supplier-options'],
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<SupplierOption>>('/suppliers', { params: { per_page: 500, order_by: 'name', order_direction: 'ASC' } })).data,
  });
}

/** The company's active ilocs (archived ones are left out by the server). */
export function useIlocOptions(tenantId: string | undefined) {
  return useQuery({
    queryKey: ['purchase-orders', 'iloc-options', tenantId],
    enabled: Boolean(tenantId),
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<Named & { code: string | null }>>(`/tenants/${enc(tenantId ?? '')}/ilocs`, { params: { per_page: 500 } })).data,
  });
}

/* ------------------------------------------------------------------ PDF */

/** GET /purchase-orders/{id}/pdf with the bearer token (a plain link would carry none), saved as `{number}.pdf`. */
export async function downloadPoPdf(po: Pick<PoSummary, 'id' | 'number'>): Promise<void> {
  const response = await authorizedFetch(`${API_BASE}/purchase-orders/${enc(po.id)}/pdf`, { headers: { Accept: 'application/pdf' } });
  if (!response.ok) throw await responseError(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${po.number}.pdf`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export type { ListParams };
