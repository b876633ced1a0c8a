import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CodeClientItem, CodeSnippetView, CustomLoginView, GeneralSettingsDto, OwnerDashboard, Paginated, TCodeSnippetInput, TGeneralSettings,
  TLoginSettingsUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';
import { PUBLIC_LOGIN_KEY } from '../../shared/settings/custom-login';
import { PUBLIC_GENERAL_KEY } from '../../shared/settings/public-settings';

/** docs/api-platform-settings.md: general settings, custom login, code snippets, the owner dashboard. */

export { usePublicSettings, type PublicGeneralSettings } from '../../shared/settings/public-settings';

const keys = {
  general: ['platform-settings', 'general'] as const,
  login: ['platform-settings', 'login'] as const,
  publicLogin: PUBLIC_LOGIN_KEY,
  publicGeneral: PUBLIC_GENERAL_KEY,
  snippets: ['platform-settings', 'code-snippets'] as const,
  codesClient: ['platform-settings', 'codes-client'] as const,
  dashboard: ['owner-dashboard'] as const,
};

export function useGeneralSettings() {
  return useQuery({ queryKey: keys.general, queryFn: () => http.get<{ data: GeneralSettingsDto }>('/settings/general'), select: (b) => b.data });
}

export function useSaveGeneralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TGeneralSettings) => (await http.put<{ data: GeneralSettingsDto }>('/settings/general', body)).data,
    onSuccess: (data) => {
      client.setQueryData(keys.general, { data });
      void client.invalidateQueries({ queryKey: keys.publicGeneral });
      void client.invalidateQueries({ queryKey: keys.publicLogin });
    },
  });
}

export function useLoginSettings() {
  return useQuery({ queryKey: keys.login, queryFn: () => http.get<{ data: CustomLoginView }>('/settings/login'), select: (b) => b.data });
}

export function useSaveLoginSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TLoginSettingsUpdate) => (await http.put<{ data: CustomLoginView }>('/settings/login', body)).data,
    onSuccess: (data) => {
      client.setQueryData(keys.login, { data });
      void client.invalidateQueries({ queryKey: keys.publicLogin });
    },
  });
}

/** The non-secret general settings (idle timeout, maintenance banner, sign-up), readable before sign-in. */
export function useCodeSnippets() {
  return useQuery({
    queryKey: keys.snippets,
    queryFn: () => http.get<Paginated<CodeSnippetView>>('/code-snippets', { params: { per_page: 500 } }),
    placeholderData: keepPreviousData,
  });
}

function useSnippetMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: keys.snippets }) });
}

export function useSaveCodeSnippet() {
  return useSnippetMutation(async ({ id, body }: { id?: string; body: TCodeSnippetInput }) =>
    (id
      ? await http.put<{ data: CodeSnippetView }>(`/code-snippets/${encodeURIComponent(id)}`, body)
      : await http.post<{ data: CodeSnippetView }>('/code-snippets', body)
    ).data);
}

export function useDeleteCodeSnippet() {
  return useSnippetMutation((id: string) => http.delete(`/code-snippets/${encodeURIComponent(id)}`));
}

/** Spec 7 GET /codes-client; spec 8: a failure is ignored silently (no retry, no toast). */
export function useCodesClient(enabled: boolean) {
  return useQuery({
    queryKey: keys.codesClient,
    queryFn: () => http.get<{ data: CodeClientItem[] }>('/codes-client'),
    select: (b) => b.data,
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

export function useOwnerDashboard() {
  return useQuery({ queryKey: keys.dashboard, queryFn: () => http.get<{ data: OwnerDashboard }>('/owner/dashboard'), select: (b) => b.data });
}
