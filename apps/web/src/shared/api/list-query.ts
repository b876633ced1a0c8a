import type { QueryParams } from './http';

/** The contract's list parameters, shared by every paged list (catalog, inventory, orders, supply). */
export interface ListParams {
  page: number;
  perPage: number;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

/**
 * The contract's `search=field:value;…` form: bare text first, then the field filters. `;` and `:` in the
 * typed text would split it, so they become spaces.
 */
export function listSearch(text: string, fields: Record<string, string | undefined | false> = {}): string | undefined {
  const parts: string[] = [];
  const bare = text.replace(/[;:]/g, ' ').trim();
  if (bare) parts.push(bare);
  for (const [field, value] of Object.entries(fields)) {
    if (value) parts.push(`${field}:${value}`);
  }
  return parts.length ? parts.join(';') : undefined;
}

export function listQuery(params: ListParams, search?: string, extra: QueryParams = {}): QueryParams {
  return {
    page: params.page,
    per_page: params.perPage,
    search,
    order_by: params.orderBy,
    order_direction: params.orderDirection,
    ...extra,
  };
}
