import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppServiceAction, AppServiceView, MapperTemplateView, Paginated, RuleTemplateView, ServiceAction, ServiceView, TAppServiceCreate,
  TAppServiceUpdate, TMapperTemplateCreate, TRuleTemplateCreate, TServiceCreate, TServiceUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';

/** Owner services, app services and templates (docs/api-services.md). */

const enc = encodeURIComponent;

export interface ListParams {
  page: number;
  perPage: number;
  /** Free text, sent as the bare search of the API. */
  text: string;
  /** Exact `field:value` filters (status, category, type, hook_point); empty values are left out. */
  filters?: Record<string, string>;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

/**
 * The API's `search` form: `field:value;…` then the free text. `;` and `:` inside typed text would split it, so
 * they become spaces.
 */
export function searchParam(text: string, filters: Record<string, string> = {}): string | undefined {
  const parts = Object.entries(filters).filter(([, v]) => v).map(([k, v]) => `${k}:${v}`);
  const clean = text.replace(/[;:]/g, ' ').trim();
  if (clean) parts.push(clean);
  return parts.length ? parts.join(';') : undefined;
}

function listQuery<T>(key: readonly unknown[], path: string, params: ListParams) {
  return {
    queryKey: [...key, 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<T>>(path, {
        params: {
          page: params.page, per_page: params.perPage, search: searchParam(params.text, params.filters),
          order_by: params.orderBy, order_direction: params.orderDirection,
        },
      }),
  };
}

function useInvalidating<TVars, TResult>(key: readonly unknown[], run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

/* ------------------------------------------------------------------ services */

const servicesKey = ['services'] as const;
export const useServices = (params: ListParams) => useQuery(listQuery<ServiceView>(servicesKey, '/services', params));

export function useService(id: string | undefined) {
  return useQuery({
    queryKey: [...servicesKey, 'one', id],
    enabled: Boolean(id),
    queryFn: () => http.get<{ data: ServiceView }>(`/services/${enc(id ?? '')}`),
    select: (body) => body.data,
  });
}

export const useSaveService = () =>
  useInvalidating(servicesKey, async ({ id, body }: { id?: string; body: TServiceCreate | TServiceUpdate }) =>
    (id ? await http.put<{ data: ServiceView }>(`/services/${enc(id)}`, body) : await http.post<{ data: ServiceView }>('/services', body)).data);

export const useServiceAction = () =>
  useInvalidating(servicesKey, async ({ id, action }: { id: string; action: ServiceAction }) =>
    (await http.post<{ data: ServiceView }>(`/services/${enc(id)}/${action}`)).data);

export const useDeleteService = () => useInvalidating(servicesKey, (id: string) => http.delete(`/services/${enc(id)}`));

/* ------------------------------------------------------------------ app services */

const appKey = ['app-services'] as const;
export const useAppServices = (params: ListParams) => useQuery(listQuery<AppServiceView>(appKey, '/app_services', params));

export const useSaveAppService = () =>
  useInvalidating(appKey, async ({ id, body }: { id?: string; body: TAppServiceCreate | TAppServiceUpdate }) =>
    (id ? await http.put<{ data: AppServiceView }>(`/app_services/${enc(id)}`, body) : await http.post<{ data: AppServiceView }>('/app_services', body)).data);

export const useAppServiceAction = () =>
  useInvalidating(appKey, async ({ id, action }: { id: string; action: AppServiceAction }) =>
    (await http.post<{ data: AppServiceView }>(`/app_services/${enc(id)}/${action}`)).data);

export const useDeleteAppService = () => useInvalidating(appKey, (id: string) => http.delete(`/app_services/${enc(id)}`));

/* ------------------------------------------------------------------ templates */

const mapperKey = ['mapper-templates'] as const;
export const useMapperTemplates = (params: ListParams) => useQuery(listQuery<MapperTemplateView>(mapperKey, '/mapper-templates', params));
export const useSaveMapperTemplate = () =>
  useInvalidating(mapperKey, async ({ id, body }: { id?: string; body: TMapperTemplateCreate }) =>
    (id ? await http.put<{ data: MapperTemplateView }>(`/mapper-templates/${enc(id)}`, body) : await http.post<{ data: MapperTemplateView }>('/mapper-templates', body)).data);
export const useDeleteMapperTemplate = () => useInvalidating(mapperKey, (id: string) => http.delete(`/mapper-templates/${enc(id)}`));

const ruleKey = ['rule-templates'] as const;
export const useRuleTemplates = (params: ListParams) => useQuery(listQuery<RuleTemplateView>(ruleKey, '/rule-templates', params));
export const useSaveRuleTemplate = () =>
  useInvalidating(ruleKey, async ({ id, body }: { id?: string; body: TRuleTemplateCreate }) =>
    (id ? await http.put<{ data: RuleTemplateView }>(`/rule-templates/${enc(id)}`, body) : await http.post<{ data: RuleTemplateView }>('/rule-templates', body)).data);
export const useDeleteRuleTemplate = () => useInvalidating(ruleKey, (id: string) => http.delete(`/rule-templates/${enc(id)}`));
