import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@omnio/domain';
import { http } from '../api/http';

/* A tenant's warehouse locations as a paged list: the ilocs screen, and the location pickers of
   inventory, shipments and transfers. Writes stay in the ilocs feature. */

/** The server's answer (@omnio/domain ZIloc). */
export type { IlocDto as Iloc } from '@omnio/domain';
import type { IlocDto as Iloc } from '@omnio/domain';

export interface IlocListParams {
  page: number;
  perPage: number;
  search: string;
  status: string;
  archived: boolean;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

export const ilocUrls = {
  list: (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}/ilocs`,
  one: (tenantId: string, ilocId: string) => `${ilocUrls.list(tenantId)}/${encodeURIComponent(ilocId)}`,
  archive: (tenantId: string, ilocId: string) => `${ilocUrls.one(tenantId, ilocId)}/archive-iloc`,
};

/**
 * The spec's `search=field:value;...` form. Bare text matches name or code; `;` and `:` in it would split
 * the search, so they are dropped. The server leaves archived ilocs out unless asked (`all` keeps both).
 */
export function ilocSearch(params: Pick<IlocListParams, 'search' | 'status' | 'archived'>): string | undefined {
  const parts: string[] = [];
  const text = params.search.replace(/[;:]/g, ' ').trim();
  if (text) parts.push(text);
  if (params.status) parts.push(`status:${params.status}`);
  if (params.archived) parts.push('archived:all');
  return parts.length ? parts.join(';') : undefined;
}

export const ilocKeys = {
  all: (tenantId: string) => ['ilocs', tenantId] as const,
  list: (tenantId: string, params: IlocListParams) => ['ilocs', tenantId, 'list', params] as const,
};

export function useIlocs(tenantId: string | undefined, params: IlocListParams) {
  return useQuery({
    queryKey: ilocKeys.list(tenantId ?? '', params),
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<Iloc>>(ilocUrls.list(tenantId ?? ''), {
        params: {
          page: params.page,
          per_page: params.perPage,
          search: ilocSearch(params),
          order_by: params.orderBy,
          order_direction: params.orderDirection,
        },
      }),
  });
}
