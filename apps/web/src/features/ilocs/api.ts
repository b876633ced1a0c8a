import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIlocCreate } from '@omnio/domain';
import { http } from '../../shared/api/http';
import { ilocKeys, ilocUrls, type Iloc } from '../../shared/ilocs/iloc-api';

// The iloc shape and list query live in shared/ (other features pick locations); ilocs screens import them from here.
export { useIlocs, type Iloc } from '../../shared/ilocs/iloc-api';

function useIlocMutation<TVars>(tenantId: string, run: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ilocKeys.all(tenantId) }),
  });
}

export function useSaveIloc(tenantId: string) {
  return useIlocMutation(tenantId, ({ id, values }: { id?: string; values: TIlocCreate }) =>
    id
      ? http.put<{ data: Iloc }>(ilocUrls.one(tenantId, id), values)
      : http.post<{ data: Iloc }>(ilocUrls.list(tenantId), values),
  );
}

export function useArchiveIloc(tenantId: string) {
  return useIlocMutation(tenantId, ({ id, archived }: { id: string; archived: boolean }) =>
    http.patch<{ data: Iloc }>(ilocUrls.archive(tenantId, id), { archived }),
  );
}

export function useDeleteIloc(tenantId: string) {
  return useIlocMutation(tenantId, (id: string) => http.delete(ilocUrls.one(tenantId, id)));
}
