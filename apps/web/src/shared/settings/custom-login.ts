import { useQuery } from '@tanstack/react-query';
import type { PublicCustomLoginDto } from '@omnio/domain';
import { publicGet } from '../api/http';

/** The sign-in page's look as everyone may read it (GET /api/custom-login, docs/api-platform-settings.md). */
export type PublicCustomLogin = PublicCustomLoginDto;

export const PUBLIC_LOGIN_KEY = ['platform-settings', 'public-login'] as const;

/**
 * The sign-in page's look (public), read by the auth layout and the login screen. A failure leaves the
 * built-in look: the login form must never wait for or break on it, so it is not retried and not reported.
 */
export function useCustomLogin() {
  return useQuery({
    queryKey: PUBLIC_LOGIN_KEY,
    queryFn: () => publicGet<{ data: PublicCustomLogin }>('/api/custom-login'),
    select: (b) => b.data,
    retry: false,
    staleTime: 60_000,
  });
}
