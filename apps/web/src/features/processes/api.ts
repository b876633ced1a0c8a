import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelProcessItem as ProcessItem, InboundWebhookItemDto as InboundWebhookItem, InboundWebhookReplayDto, Paginated, ProcessWithSecretDto as ProcessWithSecret,
  ServiceCatalogItem, TProcessCreate, TProcessUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';

/** The answers, as the server's response contract declares them. */
export type {
  ChannelProcessItem as ProcessItem, InboundWebhookItemDto as InboundWebhookItem, InboundWebhookReplayDto as InboundWebhookReplay,
  ProcessWithSecretDto as ProcessWithSecret,
} from '@omnio/domain';

/** /processes and their received webhooks (docs/api-access-tokens.md "Inbound webhooks"). */
const key = ['processes'] as const;
const webhooksKey = (processId: string) => ['processes', processId, 'inbound-webhooks'] as const;

export function useProcesses() {
  return useQuery({ queryKey: key, queryFn: () => http.get<Paginated<ProcessItem>>('/processes', { params: { per_page: 100 } }) });
}

/** The owner's catalogue (docs/api-services.md): inactive services are absent, paused ones not installable. */
export function useServiceCatalog(enabled: boolean) {
  return useQuery({
    queryKey: ['services', 'catalog'],
    queryFn: () => http.get<Paginated<ServiceCatalogItem>>('/services/catalog', { params: { per_page: 100 } }),
    enabled,
    staleTime: 60_000,
  });
}

export function useInboundWebhooks(processId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhooksKey(processId),
    queryFn: () => http.get<Paginated<InboundWebhookItem>>(`/processes/${processId}/inbound-webhooks`, { params: { per_page: 50 } }),
    enabled,
  });
}

function useProcessMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export function useCreateProcess() {
  return useProcessMutation(async (body: TProcessCreate) => (await http.post<{ data: ProcessWithSecret }>('/processes', body)).data);
}

export function useUpdateProcess() {
  return useProcessMutation(async ({ id, body }: { id: string; body: TProcessUpdate }) => (await http.put<{ data: ProcessItem }>(`/processes/${id}`, body)).data);
}

export function useDeleteProcess() {
  return useProcessMutation((id: string) => http.delete(`/processes/${id}`));
}

export function useRotateSecret() {
  return useProcessMutation(async (id: string) => (await http.post<{ data: ProcessWithSecret }>(`/processes/${id}/rotate-secret`)).data);
}

export function useReplayWebhook(processId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => (await http.post<{ data: InboundWebhookReplayDto }>(`/processes/${processId}/inbound-webhooks/${webhookId}/replay`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(processId) }),
  });
}
