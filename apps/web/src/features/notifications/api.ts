import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationDto, NotificationPageDto, ReportStartedDto } from '@omnio/domain';
import { authorizedFetch } from '../../shared/api/file-transfer';
import { API_BASE, http, isHttpError } from '../../shared/api/http';
import { useToast } from '../../shared/ui/toast';

/** GET /notifications/{userId}/user answers the paginator body plus the user's unread count. */
export type NotificationPage = NotificationPageDto;

export interface NotificationQuery {
  page?: number;
  perPage?: number;
  /** Spec 7 search form, e.g. `read:false` or `type:report.ready`. */
  search?: string;
}

const root = ['notifications'] as const;
export const notificationsKey = (userId: string, q: NotificationQuery = {}) => [...root, userId, q.page ?? 1, q.perPage ?? 25, q.search ?? ''] as const;

export function useNotifications(userId: string | undefined, q: NotificationQuery = {}, listName = 'notifications') {
  const result = useQuery({
    queryKey: notificationsKey(userId ?? '', q),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<NotificationPage>(`/notifications/${userId}/user`, { params: { page: q.page ?? 1, per_page: q.perPage ?? 25, search: q.search || undefined } }),
  });
  useLoadFailureToast(result.error, listName);
  return result;
}

/** Spec 8: a list that fails to load says so in a toast titled Notification (a lost session says nothing: it signs out). */
function useLoadFailureToast(error: Error | null, listName: string) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  useEffect(() => {
    if (error && !isHttpError(error, 401)) toast.error(t('toast.loadFailed', { list: t(`lists.${listName}`) }), t('toast.title'));
  }, [error, listName, t, toast]);
}

/** Every cached notification list and count is stale after a change: the bell and the screens reload together. */
export const reloadNotifications = (client: QueryClient) => client.invalidateQueries({ queryKey: root });

export function useMarkNotification() {
  const client = useQueryClient();
  const { t } = useTranslation('notifications');
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ id, read }: { id: string; read: boolean }) =>
      (await http.put<{ data: NotificationDto }>(`/notifications/${read ? 'mark-as-read' : 'mark-as-unread'}/${id}`)).data,
    // Spec 4: a 200 reloads the list.
    onSuccess: () => reloadNotifications(client),
    onError: (error) => {
      if (!isHttpError(error, 401)) toast.error(t('toast.updateFailed', { item: t('item') }), t('toast.title'));
    },
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  const { t } = useTranslation('notifications');
  const toast = useToast();
  return useMutation({
    mutationFn: () => http.put<{ data: { updated: number } }>('/notifications/mark-all-as-read'),
    onSuccess: () => reloadNotifications(client),
    onError: (error) => {
      if (!isHttpError(error, 401)) toast.error(t('toast.updateFailed', { item: t('items') }), t('toast.title'));
    },
  });
}

/** POST /reports/orders: 202 {job_id}; the notification with the file arrives when the job ends. */
export function useStartOrdersReport() {
  return useMutation({
    mutationFn: async (body: { status?: string; from?: string; to?: string }) =>
      (await http.post<{ data: ReportStartedDto }>('/reports/orders', body)).data,
  });
}

/**
 * A report's file needs the bearer token, so a plain link cannot fetch it: the bytes are fetched and
 * handed to the browser as a download. Only same-origin API paths are followed.
 */
export async function downloadMediable(mediable: { url: string; file_name: string }): Promise<void> {
  if (!mediable.url.startsWith(`${API_BASE}/`)) throw new Error('Unexpected file address');
  const res = await authorizedFetch(mediable.url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = mediable.file_name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
