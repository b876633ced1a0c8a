import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenCreated, AccessTokenItem, Paginated, TAccessTokenCreate } from '@omnio/domain';
import { http } from '../../shared/api/http';

/** /access-tokens (docs/api-access-tokens.md): the token itself is answered only by create. */
const key = ['access-tokens'] as const;

export function useAccessTokens() {
  return useQuery({
    queryKey: key,
    queryFn: () => http.get<Paginated<AccessTokenItem>>('/access-tokens', { params: { per_page: 100 } }),
  });
}

function useTokenMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export function useCreateAccessToken() {
  return useTokenMutation(async (body: TAccessTokenCreate) => (await http.post<{ data: AccessTokenCreated }>('/access-tokens', body)).data);
}

export function useRevokeAccessToken() {
  return useTokenMutation(async (id: string) => (await http.post<{ data: AccessTokenItem }>(`/access-tokens/${id}/revoke`)).data);
}
