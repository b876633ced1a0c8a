import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderAction, OrderErrorCode, OrderStatus, Paginated, TAddress, TFilter, TOrderInput } from '@omnio/domain';
import { http, isHttpError } from '../../shared/api/http';
import { uploadFile } from '../../shared/api/file-transfer';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-orders.md) */

/** The server's answers (@omnio/domain, the response contract). */
export type {
  OrderSummaryDto as OrderSummary, OrderAllocationDto as OrderAllocation, OrderLineDto as OrderLine, OrderShipmentRefDto as OrderShipment,
  OrderReturnRefDto as OrderReturn, OrderDto as Order, OrderEventDto as OrderEvent, OrderCountsDto as OrderCounts,
  BulkUpdateResultDto as BulkUpdateResult, JobStartedDto as JobStarted,
} from '@omnio/domain';
import type {
  BulkUpdateResultDto as BulkUpdateResult, JobDto, JobStartedDto as JobStarted, OrderCountsDto as OrderCounts, OrderDto as Order,
  OrderEventDto as OrderEvent, OrderReturnableLineDto as OrderReturnableLine, OrderSummaryDto as OrderSummary,
} from '@omnio/domain';

export type JobStatus = JobDto['status'];

/** GET /jobs/{id}, with the result its kind reports (a job's result is opaque to the contract). */
export type Job<R = unknown> = Omit<JobDto, 'result'> & { result: R | null };

/** An order a bulk action left alone; its number is null when the order was not found. */
export type Skipped = BulkUpdateResult['skipped'][number];

export interface BulkCancelResult {
  cancelled: number;
  skipped: Skipped[];
}

export interface OrderImportReport {
  created: number;
  duplicates: number;
  failed: number;
  errors: { line: number; external_id: string | null; message: string }[];
  orders: { line: number; id: string; number: string; status: OrderStatus; error_code: OrderErrorCode | null }[];
}

export interface CustomerOption {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  complete?: boolean;
  missing?: string[];
}

export interface CustomerAddress extends TAddress {
  id?: string;
  kind?: string | null;
  is_default?: boolean | null;
}

export interface CustomerDetail extends CustomerOption {
  addresses?: CustomerAddress[];
}

/* ------------------------------------------------------------------ list */

/** The status tabs of /orders: every status plus "all". */
export const ORDER_TABS = ['all', 'draft', 'on_hold', 'open', 'error', 'closed', 'cancelled'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_SORTABLE = ['number', 'status', 'total', 'created_at', 'updated_at'] as const;

export interface OrderListFilters {
  tab: OrderTab;
  search: string;
  filters: TFilter[];
  /** `field:value;…` search parts sent as they are (a link's), after the typed text. */
  fields?: string;
}

const withFields = (search: string | undefined, fields: string | undefined) => [search, fields].filter(Boolean).join(';') || undefined;

export const orderKeys = {
  all: ['orders'] as const,
  list: (params: unknown) => ['orders', 'list', params] as const,
  counts: (params: unknown) => ['orders', 'counts', params] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  events: (id: string) => ['orders', 'events', id] as const,
  /** The same key as the start-a-return screen's: any order, shipment or return write makes it stale. */
  returnable: (id: string) => ['orders', 'returnable', id] as const,
};

const enc = encodeURIComponent;

function filtersParam(filters: TFilter[]): string | undefined {
  return filters.length ? JSON.stringify(filters) : undefined;
}

export function useOrders(params: ListParams, f: OrderListFilters) {
  const search = withFields(listSearch(f.search, { status: f.tab === 'all' ? undefined : f.tab }), f.fields);
  const filters = filtersParam(f.filters);
  return useQuery({
    queryKey: orderKeys.list({ ...params, search, filters }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<OrderSummary>>('/orders', { params: listQuery(params, search, { filters }) }),
  });
}

/** Counts per status tab for the same search and filters (the server ignores status there). */
export function useOrderCounts(f: Omit<OrderListFilters, 'tab'>) {
  const search = withFields(listSearch(f.search), f.fields);
  const filters = filtersParam(f.filters);
  return useQuery({
    queryKey: orderKeys.counts({ search, filters }),
    placeholderData: keepPreviousData,
    queryFn: async () => (await http.get<{ data: OrderCounts }>('/orders/counts', { params: { search, filters } })).data,
  });
}

/* ------------------------------------------------------------------ one order */

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: Order }>(`/orders/${enc(id ?? '')}`, { params: { include: 'shipments,returns' } })).data,
  });
}

/**
 * GET /orders/{id}/returnable (docs/api-orders.md "Returns"): per line, the shipped units a new return may
 * still claim — the order's qty_shipped and qty_returned do not count returns still open or approved.
 */
export function useOrderReturnable(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.returnable(id),
    enabled,
    queryFn: async () => (await http.get<{ data: OrderReturnableLine[] }>(`/orders/${enc(id)}/returnable`)).data,
  });
}

export function useOrderEvents(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.events(id),
    enabled,
    queryFn: async () =>
      (await http.get<Paginated<OrderEvent>>(`/orders/${enc(id)}/events`, { params: { page: 1, per_page: 500 } })).data,
  });
}

function useOrderMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Orders reserve stock: the inventory screens are stale after any order change.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: orderKeys.all }), client.invalidateQueries({ queryKey: ['inventory'] })]),
  });
}

export type OrderBody = TOrderInput & { version?: number };

export function useSaveOrder() {
  return useOrderMutation(async ({ id, body }: { id?: string; body: OrderBody }) =>
    id ? (await http.put<{ data: Order }>(`/orders/${enc(id)}`, body)).data : (await http.post<{ data: Order }>('/orders', body)).data,
  );
}

/** Lifecycle actions other than edit: POST /orders/{id}/{action}. `clone` answers the new draft. */
export type RunnableAction = Exclude<OrderAction, 'edit'>;

export function useOrderAction() {
  return useOrderMutation(async ({ id, action, hold_until }: { id: string; action: RunnableAction; hold_until?: string | null }) =>
    (await http.post<{ data: Order }>(`/orders/${enc(id)}/${action}`, action === 'hold' ? { hold_until: hold_until ?? null } : undefined)).data,
  );
}

/** The server refused a change because another user saved the order first. */
export function isConflict(error: unknown): boolean {
  return isHttpError(error, 409) && error.bodyField('code') === 'CONFLICT';
}

export function isInvalidTransition(error: unknown): boolean {
  return isHttpError(error, 409) && error.bodyField('code') === 'INVALID_TRANSITION';
}

/* ------------------------------------------------------------------ bulk actions and jobs */

export function useBulkCancel() {
  return useMutation({
    mutationFn: async (ids: string[]) => (await http.post<{ data: JobStarted }>('/orders/bulk-cancel', { ids })).data,
  });
}

export function useBulkHold() {
  return useOrderMutation(async ({ ids, hold_until }: { ids: string[]; hold_until: string | null }) =>
    (await http.post<{ data: BulkUpdateResult }>('/orders/bulk-hold', hold_until ? { ids, hold_until } : { ids })).data,
  );
}

export function useBulkRelease() {
  return useOrderMutation(async (ids: string[]) => (await http.post<{ data: BulkUpdateResult }>('/orders/bulk-release', { ids })).data);
}

export const JOB_POLL_MS = 1000;
const finished = (status: JobStatus | undefined) => status === 'COMPLETED' || status === 'FAILED';

/** Polls GET /jobs/{id} until the job is COMPLETED or FAILED; then the order lists are refreshed. */
export function useJob<R>(jobId: string | null, pollMs = JOB_POLL_MS) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['jobs', jobId],
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data?.status) ? false : pollMs),
    queryFn: async () => {
      const job = (await http.get<{ data: Job<R> }>(`/jobs/${enc(jobId ?? '')}`)).data;
      if (finished(job.status)) {
        await Promise.all([client.invalidateQueries({ queryKey: orderKeys.all }), client.invalidateQueries({ queryKey: ['inventory'] })]);
      }
      return job;
    },
  });
}

/* ------------------------------------------------------------------ CSV import */

/** POST /orders/import, multipart field `file`, through the shared upload client. */
export async function uploadOrdersCsv(file: File): Promise<JobStarted> {
  return uploadFile('/orders/import', file);
}

export function useUploadOrdersCsv() {
  return useMutation({ mutationFn: uploadOrdersCsv });
}

export const TEMPLATE_FILENAME = 'orders-template.csv';

/** GET /orders/import/template through the authenticated client, saved as a file. */
export async function downloadTemplate(): Promise<void> {
  const csv = await http.get<unknown>('/orders/import/template');
  const text = typeof csv === 'string' ? csv : '';
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = TEMPLATE_FILENAME;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/* ------------------------------------------------------------------ customers and SKUs for the form */

/** Customers whose name, e-mail or company start with the text (GET /customers, first 10). */
export function useCustomerOptions(text: string) {
  const search = listSearch(text);
  return useQuery({
    queryKey: ['orders', 'customer-options', search],
    enabled: Boolean(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async () => (await http.get<Paginated<CustomerOption>>('/customers', { params: { search, per_page: 10 } })).data,
  });
}

export async function fetchCustomer(id: string): Promise<CustomerDetail> {
  return (await http.get<{ data: CustomerDetail }>(`/customers/${enc(id)}`)).data;
}

export type { ListParams };
