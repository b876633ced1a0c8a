import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, TWebhookCreate, TWebhookUpdate, WebhookDeliveryView, WebhookView } from '@omnio/domain';
import { http } from '../../shared/api/http';

/** /webhooks (docs/api-webhooks.md): the signing secret is answered only by create and rotate-secret. */
const key = ['webhooks'] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: key,
    queryFn: () => http.get<Paginated<WebhookView>>('/webhooks', { params: { per_page: 100 } }),
  });
}

/** The delivery log of one webhook; polled while open so a test or a retry shows its outcome without reloading. */
export function useWebhookDeliveries(id: string | null, page: number, perPage: number) {
  return useQuery({
    queryKey: [...key, id, 'deliveries', page, perPage],
    queryFn: () => http.get<Paginated<WebhookDeliveryView>>(`/webhooks/${id}/deliveries`, { params: { page, per_page: perPage } }),
    enabled: id !== null,
    refetchInterval: 3000,
    placeholderData: keepPreviousData,
  });
}

function useWebhookMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export function useCreateWebhook() {
  return useWebhookMutation(async (body: TWebhookCreate) => (await http.post<{ data: WebhookView }>('/webhooks', body)).data);
}

export function useUpdateWebhook() {
  return useWebhookMutation(async ({ id, body }: { id: string; body: TWebhookUpdate }) => (await http.put<{ data: WebhookView }>(`/webhooks/${id}`, body)).data);
}

export function useDeleteWebhook() {
  return useWebhookMutation((id: string) => http.delete(`/webhooks/${id}`));
}

export function useTestWebhook() {
  return useWebhookMutation(async (id: string) => (await http.post<{ data: WebhookDeliveryView }>(`/webhooks/${id}/test`)).data);
}

export function useRotateWebhookSecret() {
  return useWebhookMutation(async (id: string) => (await http.post<{ data: WebhookView }>(`/webhooks/${id}/rotate-secret`)).data);
}

export function useRedeliver() {
  return useWebhookMutation(async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    (await http.post<{ data: WebhookDeliveryView }>(`/webhooks/${id}/deliveries/${deliveryId}/retry`)).data);
}
