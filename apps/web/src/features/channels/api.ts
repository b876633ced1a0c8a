import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelAction, ChannelProcessItem, ChannelRunDetail, ChannelRunItem, ChannelRunStartedDto, ChannelRunStatus, ChannelTestResult, Paginated,
  ProcessAction, ProcessWithSecretDto, ServiceCatalogItem, ShopifyInstallCompletedDto, ShopifyInstallStartedDto, TProcessCreate, TProcessUpdate,
} from '@omnio/domain';
import { authorizedFetch, responseError } from '../../shared/api/file-transfer';
import { API_BASE, http, publicPost } from '../../shared/api/http';

/**
 * Sales-channel connections (API.md "Channel connections (processes)"): the catalogue, the company's processes,
 * their actions and runs (feed history), and the Shopify install flow.
 */

const enc = encodeURIComponent;

export const channelKeys = {
  all: ['channels'] as const,
  /** Processes, runs and the feed: what a change to a process or a finished run can alter (not the catalogue or ilocs). */
  live: { predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === 'channels' && ['processes', 'process', 'runs', 'run', 'feed'].includes(String(q.queryKey[1])) },
  catalog: ['channels', 'catalog'] as const,
  processes: (params: object) => ['channels', 'processes', params] as const,
  process: (id: string) => ['channels', 'process', id] as const,
  runs: (processId: string, params: object) => ['channels', 'runs', processId, params] as const,
  run: (processId: string, runId: string) => ['channels', 'run', processId, runId] as const,
  feed: (params: object) => ['channels', 'feed', params] as const,
};

/** The answers, as the server's response contract declares them. A process answered with its webhook secret: create and rotate-secret only. */
export type {
  ProcessWithSecretDto as ChannelProcessWithSecret, ChannelRunStartedDto as RunStarted,
} from '@omnio/domain';

/* ------------------------------------------------------------------ catalogue */

/** The owner's catalogue as tenants see it: ACTIVE and PAUSE services, the paused ones not installable. */
export function useCatalog() {
  return useQuery({
    queryKey: channelKeys.catalog,
    staleTime: 60_000,
    queryFn: async () => (await http.get<Paginated<ServiceCatalogItem>>('/services/catalog', { params: { per_page: 100 } })).data,
  });
}

/* ------------------------------------------------------------------ processes */

export function useChannelProcesses(params: { page: number; perPage: number }, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: channelKeys.processes(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<ChannelProcessItem>>('/processes', { params: { page: params.page, per_page: params.perPage } }),
  });
}

export function useChannelProcess(id: string) {
  return useQuery({
    queryKey: channelKeys.process(id),
    enabled: id !== '',
    queryFn: async () => (await http.get<{ data: ChannelProcessItem }>(`/processes/${enc(id)}`)).data,
  });
}

/** Every change to a process refreshes the channel screens and the /advanced process panel. */
function useInvalidateProcesses() {
  const client = useQueryClient();
  return (process?: ChannelProcessItem) => {
    if (process) client.setQueryData(channelKeys.process(process.id), process);
    return Promise.all([client.invalidateQueries(channelKeys.live), client.invalidateQueries({ queryKey: ['processes'] })]);
  };
}

export function useCreateChannelProcess() {
  const invalidate = useInvalidateProcesses();
  return useMutation({
    mutationFn: async (body: TProcessCreate) => (await http.post<{ data: ProcessWithSecretDto }>('/processes', body)).data,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateChannelProcess(id: string) {
  const invalidate = useInvalidateProcesses();
  return useMutation({
    mutationFn: async (body: TProcessUpdate) => (await http.put<{ data: ChannelProcessItem }>(`/processes/${enc(id)}`, body)).data,
    onSuccess: (process) => invalidate(process),
  });
}

export function useProcessTransition(id: string) {
  const invalidate = useInvalidateProcesses();
  return useMutation({
    mutationFn: async (action: ProcessAction) => (await http.post<{ data: ChannelProcessItem }>(`/processes/${enc(id)}/${action}`)).data,
    onSuccess: (process) => invalidate(process),
  });
}

export function useDeleteChannelProcess(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete(`/processes/${enc(id)}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: channelKeys.process(id) });
      return Promise.all([client.invalidateQueries(channelKeys.live), client.invalidateQueries({ queryKey: ['processes'] })]);
    },
  });
}

export function useRotateChannelSecret(id: string) {
  const invalidate = useInvalidateProcesses();
  return useMutation({
    mutationFn: async () => (await http.post<{ data: ProcessWithSecretDto }>(`/processes/${enc(id)}/rotate-secret`)).data,
    onSuccess: () => invalidate(),
  });
}

/** Checks the credentials against the service: 200 with the shop and its locations, or 422 with the reason. */
export function useTestChannelProcess(id: string) {
  return useMutation({
    mutationFn: async () => (await http.post<{ data: ChannelTestResult }>(`/processes/${enc(id)}/test`)).data,
  });
}

/* ------------------------------------------------------------------ runs and jobs */

export function useRunAction(processId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: ChannelAction) =>
      (await http.post<{ data: ChannelRunStartedDto }>(`/processes/${enc(processId)}/actions/${enc(action)}/run`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['channels', 'runs', processId] }),
  });
}

export type JobStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED';
export interface ChannelJob {
  id: string;
  status: JobStatus;
  /** 0 to 100. */
  progress: number;
  error: string | null;
}

export const JOB_POLL_MS = 1000;
export const jobFinished = (status: JobStatus | undefined) => status === 'COMPLETED' || status === 'FAILED';

/** Polls GET /jobs/{id} until it ends; then the runs, the feed history and the process are refreshed. */
export function useChannelJob(jobId: string | null, pollMs = JOB_POLL_MS) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['channels', 'job', jobId],
    enabled: jobId !== null,
    refetchInterval: (query) => (jobFinished(query.state.data?.status) ? false : pollMs),
    queryFn: async () => {
      const job = (await http.get<{ data: ChannelJob }>(`/jobs/${enc(jobId ?? '')}`)).data;
      if (jobFinished(job.status)) await client.invalidateQueries(channelKeys.live);
      return job;
    },
  });
}

export interface RunFilters {
  action?: ChannelAction | '';
  status?: ChannelRunStatus | '';
  process_id?: string;
}

const filterParams = (f: RunFilters) => ({
  action: f.action || undefined,
  status: f.status || undefined,
  process_id: f.process_id || undefined,
});

export const RUN_POLL_MS = 5000;
const anyInProgress = (rows: ChannelRunItem[] | undefined) => (rows ?? []).some((r) => r.status === 'PENDING' || r.status === 'RUNNING');

/** One process's runs, newest first; polled while one of the shown runs is still going. */
export function useProcessRuns(processId: string, params: { page: number; perPage: number } & RunFilters) {
  return useQuery({
    queryKey: channelKeys.runs(processId, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyInProgress(query.state.data?.data) ? RUN_POLL_MS : false),
    queryFn: () =>
      http.get<Paginated<ChannelRunItem>>(`/processes/${enc(processId)}/runs`, {
        params: { page: params.page, per_page: params.perPage, ...filterParams(params) },
      }),
  });
}

/** Runs across all the company's processes (/feed-history). */
export function useFeedHistory(params: { page: number; perPage: number } & RunFilters) {
  return useQuery({
    queryKey: channelKeys.feed(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyInProgress(query.state.data?.data) ? RUN_POLL_MS : false),
    queryFn: () =>
      http.get<Paginated<ChannelRunItem>>('/feed-history', { params: { page: params.page, per_page: params.perPage, ...filterParams(params) } }),
  });
}

export function useRunDetail(processId: string, runId: string | null) {
  return useQuery({
    queryKey: channelKeys.run(processId, runId ?? ''),
    enabled: runId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'PENDING' || status === 'RUNNING' ? RUN_POLL_MS : false;
    },
    queryFn: async () => (await http.get<{ data: ChannelRunDetail }>(`/processes/${enc(processId)}/runs/${enc(runId ?? '')}`)).data,
  });
}

export const runPagePath = (processId: string, runId: string, seq: number) =>
  `${API_BASE}/processes/${enc(processId)}/runs/${enc(runId)}/pages/${seq}`;
export const runPageFileName = (runId: string, seq: number) => `run-${runId}-page-${seq}.json`;

/** A kept page is the raw body the channel sent: fetched with the bearer token and handed over as a file. */
export async function downloadRunPage(processId: string, runId: string, seq: number): Promise<void> {
  const response = await authorizedFetch(runPagePath(processId, runId, seq));
  if (!response.ok) throw await responseError(response);
  const href = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = runPageFileName(runId, seq);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}

/* ------------------------------------------------------------------ ilocs (pickers) */

export interface IlocOption {
  id: string;
  name: string;
  code: string | null;
}

export function useIlocChoices(companyId: string | undefined) {
  return useQuery({
    queryKey: ['channels', 'iloc-options', companyId],
    enabled: Boolean(companyId),
    staleTime: 60_000,
    queryFn: async () => (await http.get<Paginated<IlocOption>>(`/tenants/${enc(companyId ?? '')}/ilocs`, { params: { per_page: 500 } })).data,
  });
}

/* ------------------------------------------------------------------ Shopify install (OAuth) */

export interface ShopifyInstallBody {
  shop: string;
  name?: string;
  query?: Record<string, string>;
}

/** Starts Shopify's OAuth: the answer is the store's authorize page, where the browser goes next. */
export function useShopifyInstall() {
  return useMutation({
    mutationFn: async (body: ShopifyInstallBody) => (await http.post<{ data: ShopifyInstallStartedDto }>('/channels/shopify/install', body)).data,
  });
}

/** Shopify's redirect back, with its whole query; no sign-in needed (the server checks the signed state). */
export async function completeShopifyInstall(query: Record<string, string>): Promise<ShopifyInstallCompletedDto> {
  return (await publicPost<{ data: ShopifyInstallCompletedDto }>(`${API_BASE}/channels/shopify/callback`, { query })).data;
}
