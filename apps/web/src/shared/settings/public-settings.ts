import { useQuery } from '@tanstack/react-query';
import type { PublicGeneralSettingsDto } from '@omnio/domain';
import { publicGet } from '../api/http';

/** The owner's general settings everyone may read (GET /api/settings/public, docs/api-platform-settings.md). */
export type PublicGeneralSettings = PublicGeneralSettingsDto;

export const PUBLIC_GENERAL_KEY = ['platform-settings', 'public-general'] as const;

/** Shared by the session (idle timeout), the layout (maintenance banner) and the owner's settings page. */
export function usePublicSettings() {
  return useQuery({
    queryKey: PUBLIC_GENERAL_KEY,
    queryFn: () => publicGet<{ data: PublicGeneralSettings }>('/api/settings/public'),
    select: (b) => b.data,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
