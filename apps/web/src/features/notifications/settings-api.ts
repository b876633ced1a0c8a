import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsViewDto, TNotificationSetting, UserNotificationSettingsDto } from '@omnio/domain';
import { http } from '../../shared/api/http';

const key = ['notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({ queryKey: key, queryFn: async () => (await http.get<{ data: NotificationSettingsViewDto }>('/notification-settings')).data });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, settings }: { userId: string; settings: TNotificationSetting[] }) =>
      (await http.put<{ data: UserNotificationSettingsDto }>(`/notification-settings/${encodeURIComponent(userId)}`, { settings })).data,
    onSuccess: (saved) => {
      client.setQueryData<NotificationSettingsViewDto>(key, (old) => old && { ...old, users: old.users.map((u) => (u.user_id === saved.user_id ? saved : u)) });
    },
  });
}
