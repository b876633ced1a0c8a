import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { NoSubscriptionRedirect, SubscriptionEvents } from '../features/billing/SubscriptionEvents';
import { HttpError } from '../shared/api/http';
import { i18n } from '../shared/i18n/i18n';
import { RealtimeProvider } from '../shared/realtime/RealtimeProvider';
import { SessionProvider } from '../shared/session/SessionProvider';
import { ToastProvider } from '../shared/ui/ToastProvider';
import { ThemePreferenceProvider } from './layout/ThemePreferenceProvider';

/** A 4xx will not change on retry (bad input, no permission, gone); only network and 5xx are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Must sit inside the router: the session navigates on sign-out. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <RealtimeProvider>
            <ThemePreferenceProvider>
              <ToastProvider>
                <SubscriptionEvents />
                <NoSubscriptionRedirect />
                {children}
              </ToastProvider>
            </ThemePreferenceProvider>
          </RealtimeProvider>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
