import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DryRunDto, DryRunResultDto, FlowApplyResultDto, FlowDto, FlowSummaryDto, FlowValidationDto, FlowVersionDetailDto, FlowVersionDto, Paginated,
  RuleTemplateDto, RuleTraceDto, TDryRunCreate, TFlowCreate, TFlowUpdate, TFlowValidate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';

/** A company's rule flows (/rules): the list, one flow, its versions, dry runs and the traces on an order. */

const enc = encodeURIComponent;
const key = ['rules'] as const;

export interface RuleListParams {
  page: number;
  perPage: number;
  search: string;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

// Single answers are `{data: …}` (validate's too); a bare body is read as well, so a proxy that unwraps does not break the screens.
function unwrap<T>(body: T | { data: T }): T {
  return body !== null && typeof body === 'object' && 'data' in body ? (body as { data: T }).data : (body as T);
}

export function useRules(params: RuleListParams) {
  return useQuery({
    queryKey: [...key, 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<FlowSummaryDto>>('/rules', {
        params: {
          page: params.page, per_page: params.perPage, search: params.search.trim() || undefined,
          order_by: params.orderBy, order_direction: params.orderDirection,
        },
      }),
  });
}

export function useRule(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'one', id],
    enabled: Boolean(id),
    queryFn: async () => unwrap(await http.get<{ data: FlowDto }>(`/rules/${enc(id ?? '')}`)),
  });
}

export function useRuleTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'templates'],
    enabled,
    queryFn: async () => (await http.get<{ data: RuleTemplateDto[] }>('/rules/templates', { params: { per_page: 100 } })).data,
  });
}

function useInvalidating<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateRule = () => useInvalidating(async (body: Partial<TFlowCreate>) => unwrap(await http.post<{ data: FlowDto }>('/rules', body)));

export const useUpdateRule = () =>
  useInvalidating(async ({ id, body }: { id: string; body: TFlowUpdate }) => unwrap(await http.put<{ data: FlowDto }>(`/rules/${enc(id)}`, body)));

export const useRuleLifecycle = () =>
  useInvalidating(({ id, action }: { id: string; action: 'enable' | 'disable' | 'delete' }) =>
    action === 'delete' ? http.delete(`/rules/${enc(id)}`) : http.post(`/rules/${enc(id)}/${action}`));

export const useValidateRule = () =>
  useMutation({ mutationFn: async (body: Partial<TFlowValidate>) => unwrap(await http.post<FlowValidationDto | { data: FlowValidationDto }>('/rules/validate', body)) });

export const useRollbackRule = () =>
  useInvalidating(async ({ id, version }: { id: string; version: number }) => unwrap(await http.post<{ data: FlowDto }>(`/rules/${enc(id)}/rollback`, { version })));

export function useRuleVersions(id: string) {
  return useQuery({
    queryKey: [...key, 'one', id, 'versions'],
    queryFn: async () => (await http.get<{ data: FlowVersionDto[] }>(`/rules/${enc(id)}/versions`, { params: { per_page: 100 } })).data,
  });
}

export function useRuleVersion(id: string, version: number | null) {
  return useQuery({
    queryKey: [...key, 'one', id, 'versions', version],
    enabled: version !== null,
    queryFn: async () => unwrap(await http.get<{ data: FlowVersionDetailDto }>(`/rules/${enc(id)}/versions/${version ?? 0}`)),
  });
}

export const useStartDryRun = () =>
  useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Partial<TDryRunCreate> }) => unwrap(await http.post<{ data: DryRunDto }>(`/rules/${enc(id)}/dry-runs`, body)),
  });

const finished = (run: DryRunDto | undefined) => run?.status === 'completed' || run?.status === 'failed';

/** The run, asked again every second until it is completed or failed. */
export function useDryRun(id: string, runId: string | null, pollMs = 1000) {
  return useQuery({
    queryKey: [...key, 'one', id, 'dry-runs', runId],
    enabled: Boolean(runId),
    queryFn: async () => unwrap(await http.get<{ data: DryRunDto }>(`/rules/${enc(id)}/dry-runs/${enc(runId ?? '')}`)),
    refetchInterval: (query) => (finished(query.state.data) ? false : pollMs),
  });
}

export function useDryRunResults(id: string, runId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'one', id, 'dry-runs', runId, 'results'],
    enabled: Boolean(runId) && enabled,
    queryFn: () => http.get<Paginated<DryRunResultDto>>(`/rules/${enc(id)}/dry-runs/${enc(runId ?? '')}/results`, { params: { per_page: 200 } }),
  });
}

export const useApplyRule = () =>
  useMutation({
    mutationFn: async ({ id, orderIds }: { id: string; orderIds: string[] }) =>
      (await http.post<{ data: FlowApplyResultDto[] }>(`/rules/${enc(id)}/apply`, { order_ids: orderIds })).data,
  });

export function useRuleTraces(orderId: string) {
  return useQuery({
    queryKey: ['orders', orderId, 'rule-traces'],
    queryFn: async () => (await http.get<{ data: RuleTraceDto[] }>(`/orders/${enc(orderId)}/rule-traces`)).data,
  });
}
