import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailConfigurationDto as MailConfiguration, MailTestResultDto as MailTestResult, TMailConfiguration } from '@omnio/domain';
import { http } from '../../shared/api/http';

/**
 * GET /mail-configuration (docs/api-supply-chain.md): the server's response contract (@omnio/domain); the
 * password is never answered, only whether one is stored.
 */
export type { MailConfigurationDto as MailConfiguration, MailTestResultDto as MailTestResult } from '@omnio/domain';

const key = ['mail-configuration'] as const;

export function useMailConfiguration() {
  return useQuery({
    queryKey: key,
    queryFn: async () => (await http.get<{ data: MailConfiguration | null }>('/mail-configuration')).data,
  });
}

function useMailMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export function useSaveMailConfiguration() {
  return useMailMutation(async (body: TMailConfiguration) => (await http.put<{ data: MailConfiguration }>('/mail-configuration', body)).data);
}

export function useDeleteMailConfiguration() {
  return useMailMutation(() => http.delete('/mail-configuration'));
}

export function useTestMailConfiguration() {
  return useMailMutation(async (to: string | null) =>
    (await http.post<{ data: MailTestResult }>('/mail-configuration/test', to ? { to } : {})).data,
  );
}
