import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, TReturnReceiveInput, TShipmentCreateInput, TShipmentReturnInput } from '@omnio/domain';
import { http } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-orders.md) */

/** The server's answers (@omnio/domain, the response contract). */
export type {
  ShipmentSummaryDto as ShipmentSummary, ShipmentBoxDto as ShipmentBox, ShipmentLineDto as ShipmentLine, ShipmentDto as Shipment,
  ReturnLineDto as ReturnLine, ReturnSummaryDto as ReturnSummary, ReturnDto as ReturnDetail, OrderReturnableLineDto as OrderReturnableLine,
} from '@omnio/domain';
import type {
  ShipmentDto as Shipment, ReturnSummaryDto as ReturnSummary, ReturnDto as ReturnDetail, OrderReturnableLineDto as OrderReturnableLine,
} from '@omnio/domain';

/** What the shipment screen reads of GET /orders/{id} (docs/api-orders.md "Orders"). */
export interface OrderToShip {
  id: string;
  number: string;
  status: string;
  ship_method: string | null;
  ship_carrier: string | null;
  lines: {
    id: string;
    line_no: number;
    sku: string;
    name: string | null;
    quantity: number;
    qty_shipped: number;
    allocations: { iloc_id: string; iloc_name: string; quantity: number; qty_shipped: number }[];
  }[];
}

/** The package fields the shipment screen uses to fill a box (GET /packages). */
export interface PackageOption {
  id: string;
  name: string;
  box_weight: string | number | null;
  outer_length: string | number | null;
  outer_width: string | number | null;
  outer_height: string | number | null;
}

/* ------------------------------------------------------------------ queries */

const enc = encodeURIComponent;

export const shipmentKeys = {
  all: ['shipments'] as const,
  one: (id: string) => ['shipments', 'one', id] as const,
  order: (id: string) => ['shipments', 'order', id] as const,
  packages: ['shipments', 'packages'] as const,
  returns: ['returns'] as const,
  returnList: (params: unknown) => ['returns', 'list', params] as const,
  returnOne: (id: string) => ['returns', 'one', id] as const,
  /** Under "orders": every shipment or return write makes it stale (the order page reads the same key). */
  returnable: (orderId: string) => ['orders', 'returnable', orderId] as const,
};

export function useOrderToShip(orderId: string | undefined) {
  return useQuery({
    queryKey: shipmentKeys.order(orderId ?? ''),
    enabled: Boolean(orderId),
    queryFn: async () => (await http.get<{ data: OrderToShip }>(`/orders/${enc(orderId ?? '')}`)).data,
  });
}

export function usePackageOptions() {
  return useQuery({
    queryKey: shipmentKeys.packages,
    queryFn: async () => (await http.get<Paginated<PackageOption>>('/packages', { params: { per_page: 500, order_by: 'name', order_direction: 'ASC' } })).data,
  });
}

export function useShipment(id: string | undefined) {
  return useQuery({
    queryKey: shipmentKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: Shipment }>(`/shipments/${enc(id ?? '')}`)).data,
  });
}

export interface ReturnFilters {
  search: string;
  status: string;
  shipmentId?: string;
}

export function returnSearch(filters: ReturnFilters): string | undefined {
  return listSearch(filters.search, { status: filters.status, shipment_id: filters.shipmentId });
}

export function useReturns(params: ListParams, filters: ReturnFilters, enabled = true) {
  const search = returnSearch(filters);
  return useQuery({
    queryKey: shipmentKeys.returnList({ ...params, search }),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<ReturnSummary>>('/returns', { params: listQuery(params, search) }),
  });
}

export function useReturn(id: string | undefined) {
  return useQuery({
    queryKey: shipmentKeys.returnOne(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: ReturnDetail }>(`/returns/${enc(id ?? '')}`)).data,
  });
}

/** GET /orders/{id}/returnable: per line, the shipped units a new return of the order may still claim. */
export function fetchOrderReturnable(orderId: string): Promise<OrderReturnableLine[]> {
  return http.get<{ data: OrderReturnableLine[] }>(`/orders/${enc(orderId)}/returnable`).then((r) => r.data);
}

export function useOrderReturnable(orderId: string | undefined) {
  return useQuery({
    queryKey: shipmentKeys.returnable(orderId ?? ''),
    enabled: Boolean(orderId),
    queryFn: () => fetchOrderReturnable(orderId ?? ''),
  });
}

/** What "New return" needs of an order found by its number. */
export interface OrderMatch {
  id: string;
  number: string;
  status: string;
}

/**
 * The order whose number is exactly `number` (any case), or null. The orders list searches numbers by
 * prefix (`search=number:…`); sorted by number, an exact match comes first among its prefixes.
 */
export async function findOrderByNumber(number: string): Promise<OrderMatch | null> {
  const wanted = number.replace(/[;:]/g, ' ').trim().toUpperCase();
  if (!wanted) return null;
  const found = await http.get<Paginated<OrderMatch>>('/orders', {
    params: { search: `number:${wanted}`, page: 1, per_page: 25, order_by: 'number', order_direction: 'ASC' },
  });
  return found.data.find((o) => o.number.toUpperCase() === wanted) ?? null;
}

/* ------------------------------------------------------------------ writes */

/** After a shipment or return write: shipments, returns, the order (its lines and fulfillment) and stock are stale. */
function useShippingMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: shipmentKeys.all }),
        client.invalidateQueries({ queryKey: shipmentKeys.returns }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['inventory'] }),
      ]),
  });
}

export function useCreateShipment(orderId: string) {
  return useShippingMutation(async (body: TShipmentCreateInput) => (await http.post<{ data: Shipment }>(`/orders/${enc(orderId)}/shipments`, body)).data);
}

export function useShipmentReturn(shipmentId: string) {
  return useShippingMutation(async (body: TShipmentReturnInput) => (await http.post<{ data: ReturnDetail }>(`/shipments/${enc(shipmentId)}/return`, body)).data);
}

/** POST /returns: a return of units of an order, whatever shipped them (a shipment or "Mark as shipped"). */
export function useCreateReturn() {
  return useShippingMutation(async (body: TShipmentReturnInput & { order_id: string }) => (await http.post<{ data: ReturnDetail }>('/returns', body)).data);
}

export type ReturnCommand =
  | { action: 'submit' | 'approve' | 'reject' }
  | { action: 'receive'; body: TReturnReceiveInput }
  | { action: 'refund'; body: { amount?: string } };

export function useReturnCommand() {
  return useShippingMutation(async ({ id, command }: { id: string; command: ReturnCommand }) =>
    (await http.post<{ data: ReturnDetail }>(`/returns/${enc(id)}/${command.action}`, 'body' in command ? command.body : undefined)).data,
  );
}
