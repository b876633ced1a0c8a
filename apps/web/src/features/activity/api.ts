import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityAction, Paginated, TActivity } from '@omnio/domain';
import { http, type QueryParams } from '../../shared/api/http';

/* Shapes and queries of docs/api-activity.md. */

export type { ActivityAction, TActivity };

export interface ActivityListParams {
  page: number;
  perPage: number;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

export interface ActivityFilters {
  /** Bare text: the object's label or the summary of the change. */
  text: string;
  userId: string;
  action: string;
  objectType: string;
  /** yyyy-mm-dd, local days, either may be empty. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: ActivityFilters = { text: '', userId: '', action: '', objectType: '', from: '', to: '' };

/** The contract's `search=text;field:value` form (`;` and `:` in the text would split it). */
export function activitySearch(f: ActivityFilters): string | undefined {
  const parts: string[] = [];
  const bare = f.text.replace(/[;:]/g, ' ').trim();
  if (bare) parts.push(bare);
  if (f.userId) parts.push(`user_id:${f.userId}`);
  if (f.action) parts.push(`action:${f.action}`);
  if (f.objectType) parts.push(`object_type:${f.objectType}`);
  return parts.length ? parts.join(';') : undefined;
}

/** The date range as `filters` on created_at, from the start of the first local day to the end of the last. */
export function activityDateFilters(f: Pick<ActivityFilters, 'from' | 'to'>): string | undefined {
  const start = f.from ? new Date(`${f.from}T00:00:00`) : null;
  const end = f.to ? new Date(`${f.to}T23:59:59.999`) : null;
  const valid = (d: Date | null) => d !== null && !Number.isNaN(d.getTime());
  const filters = [];
  if (valid(start) && valid(end)) filters.push({ field: 'created_at', operator: 'between', value: [start!.toISOString(), end!.toISOString()] });
  else if (valid(start)) filters.push({ field: 'created_at', operator: 'gte', value: start!.toISOString() });
  else if (valid(end)) filters.push({ field: 'created_at', operator: 'lte', value: end!.toISOString() });
  return filters.length ? JSON.stringify(filters) : undefined;
}

export const activityKeys = {
  all: ['activity'] as const,
  list: (params: unknown) => ['activity', 'list', params] as const,
  users: ['activity', 'users'] as const,
};

export function useActivity(params: ActivityListParams, filters: ActivityFilters, enabled = true) {
  const query: QueryParams = {
    page: params.page, per_page: params.perPage, order_by: params.orderBy, order_direction: params.orderDirection,
    search: activitySearch(filters), filters: activityDateFilters(filters),
  };
  return useQuery({
    queryKey: activityKeys.list(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<TActivity>>('/activity', { params: query }),
  });
}

export interface CompanyUserRef {
  id: string;
  name: string;
  email: string;
}

/** The company's users for the "user" filter (only for those who may read them: the others see only their own). */
export function useActivityUsers(enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.users,
    enabled,
    staleTime: 60_000,
    queryFn: async () => (await http.get<Paginated<CompanyUserRef>>('/company-users', { params: { per_page: 500, order_by: 'name', order_direction: 'ASC' } })).data,
  });
}
