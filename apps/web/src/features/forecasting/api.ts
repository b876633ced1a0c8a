import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForecastCreateInput, ForecastReorderPointsSavedDto, ForecastResultRowDto, ForecastRunDto, ForecastSeriesDto, Paginated } from '@omnio/domain';
import { http } from '../../shared/api/http';

/** Forecast runs (/forecasts), their suggestion rows and one SKU's series; suggestions become POs through /purchase-orders/by-skus. */

export type { ForecastCreateInput, ForecastResultRowDto, ForecastRunDto, ForecastSeriesDto } from '@omnio/domain';

const enc = encodeURIComponent;
const key = ['forecasting'] as const;

export const isFinished = (run: ForecastRunDto | undefined) => run?.status === 'done' || run?.status === 'failed';

export function useForecastRuns(page: number, perPage = 10) {
  return useQuery({
    queryKey: [...key, 'runs', page, perPage],
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<ForecastRunDto>>('/forecasts', { params: { page, per_page: perPage } }),
    // A run still going changes its status chip when it ends.
    refetchInterval: (query) => (query.state.data?.data.some((run) => !isFinished(run)) ? 2000 : false),
  });
}

/** The run, asked again every second while it is queued or running. */
export function useForecastRun(id: string | null, pollMs = 1000) {
  return useQuery({
    queryKey: [...key, 'run', id],
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: ForecastRunDto }>(`/forecasts/${enc(id ?? '')}`)).data,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : pollMs),
  });
}

export interface ResultParams {
  page: number;
  perPage: number;
  search: string;
}

export function useForecastResults(id: string, params: ResultParams, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'run', id, 'results', params],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<ForecastResultRowDto>>(`/forecasts/${enc(id)}/results`, {
        params: { page: params.page, per_page: params.perPage, search: params.search.trim() || undefined },
      }),
  });
}

export function useForecastSeries(id: string, skuId: string | null) {
  return useQuery({
    queryKey: [...key, 'run', id, 'series', skuId],
    enabled: Boolean(skuId),
    staleTime: Infinity,
    queryFn: async () => (await http.get<{ data: ForecastSeriesDto }>(`/forecasts/${enc(id)}/results/${enc(skuId ?? '')}`)).data,
  });
}

export function useStartForecast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ForecastCreateInput) => (await http.post<{ data: ForecastRunDto }>('/forecasts', body)).data,
    onSuccess: (run) => {
      client.setQueryData([...key, 'run', run.id], run);
      void client.invalidateQueries({ queryKey: [...key, 'runs'] });
    },
  });
}

/* ------------------------------------------------------------------ purchase orders from suggestions */

export interface BySkusBody {
  iloc_id: string;
  estimated_delivery?: string | null;
  lines: { sku: string; supplier_id: string; quantity: number }[];
}

/** The part of a created PO this screen shows (docs/api-supply-chain.md PoSummary). */
export interface CreatedPo {
  id: string;
  number: string;
  supplier: { id: string; name: string };
  line_count: number;
  qty_ordered: number;
}

export function useCreatePurchaseOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BySkusBody) => (await http.post<{ data: CreatedPo[] }>('/purchase-orders/by-skus', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['purchase-orders'] }),
  });
}

/** Keeps a finished run's reorder points for its iloc (the dashboard's low-stock card reads them). */
export function useSaveReorderPoints(runId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<{ data: ForecastReorderPointsSavedDto }>(`/forecasts/${enc(runId)}/reorder-points`, {})).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

/* ------------------------------------------------------------------ pickers */

export interface Named {
  id: string;
  name: string;
}

/** The company's active ilocs, for the forecast's iloc and the POs' receiving iloc. */
export function useIlocOptions(tenantId: string | undefined) {
  return useQuery({
    queryKey: [...key, 'iloc-options', tenantId],
    enabled: Boolean(tenantId),
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<Named & { code: string | null }>>(`/tenants/${enc(tenantId ?? '')}/ilocs`, { params: { per_page: 500 } })).data,
  });
}

/** Every category, for the select (the contract caps a page at 500). */
export function useCategoryOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'category-options'],
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<Paginated<Named>>('/categories', { params: { per_page: 500, order_by: 'name', order_direction: 'ASC' } })).data,
  });
}
