import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InventoryRow, Paginated, PurchaseOrderDto as PurchaseOrderToShip, SupplyShipmentDto as SupplyShipment, SupplyShipmentSummaryDto as SupplyShipmentSummary,
  TransferDto as Transfer, TransferSummaryDto as TransferSummary, TReceiveInput, TSupplyShipmentInput, TTransferInput,
} from '@omnio/domain';
import { http } from '../../shared/api/http';
import { listQuery, listSearch, type ListParams } from '../../shared/api/list-query';

/* ------------------------------------------------------------------ shapes (docs/api-supply-chain.md) */

/** The answers, as the server's response contract declares them. */
export type {
  PurchaseOrderDto as PurchaseOrderToShip, SupplyEventDto as HistoryEvent, SupplyRefDto as Ref, SupplyShipmentBoxDto as SupplyShipmentBox,
  SupplyShipmentDto as SupplyShipment, SupplyShipmentLineDto as SupplyShipmentLine, SupplyShipmentSummaryDto as SupplyShipmentSummary,
  TransferDto as Transfer, TransferLineDto as TransferLine, TransferSummaryDto as TransferSummary,
} from '@omnio/domain';

export interface PackingTemplate {
  id: string;
  name: string;
  type: 'box' | 'pallet' | 'mixed';
  boxes: { length: string | number; width: string | number; height: string | number; weight: string | number; units_per_box: number | null }[];
}

/** Where an ASN comes from: a purchase order, or a transfer. */
export type AsnSource = { kind: 'purchase_order'; id: string } | { kind: 'transfer'; id: string };

/* ------------------------------------------------------------------ paths */

const enc = encodeURIComponent;
const sourceBase = (source: AsnSource) => (source.kind === 'purchase_order' ? `/purchase-orders/${enc(source.id)}` : `/transfers/${enc(source.id)}`);
/**
 * A shipment is read and moved under its PO or transfer: those are the routes a supplier user may use, and
 * the same object answers there for tenant users.
 */
export const shipmentPath = (source: AsnSource, id: string) => `${sourceBase(source)}/shipments/${enc(id)}`;

export const supplyKeys = {
  all: ['supply'] as const,
  shipments: (params: unknown) => ['supply', 'shipments', params] as const,
  shipment: (id: string) => ['supply', 'shipment', id] as const,
  source: (kind: string, id: string) => ['supply', 'source', kind, id] as const,
  templates: ['supply', 'packing-templates'] as const,
  transfers: (params: unknown) => ['supply', 'transfers', params] as const,
  transfer: (id: string) => ['supply', 'transfer', id] as const,
  available: (sku: string, iloc: string) => ['supply', 'available', sku, iloc] as const,
};

/* ------------------------------------------------------------------ queries */

export interface AsnFilters {
  search: string;
  status: string;
  kind: string;
}

export function asnSearch(filters: AsnFilters): string | undefined {
  return listSearch(filters.search, { status: filters.status, kind: filters.kind });
}

export function useSupplyShipments(params: ListParams, filters: AsnFilters) {
  const search = asnSearch(filters);
  return useQuery({
    queryKey: supplyKeys.shipments({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<SupplyShipmentSummary>>('/supply-shipments', { params: listQuery(params, search) }),
  });
}

/** One shipment with its history; under its PO or transfer when known, else by id alone. */
export function useSupplyShipment(id: string | undefined, source?: AsnSource) {
  return useQuery({
    queryKey: supplyKeys.shipment(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () =>
      (await http.get<{ data: SupplyShipment }>(source ? shipmentPath(source, id ?? '') : `/supply-shipments/${enc(id ?? '')}`, { params: { include: 'events' } })).data,
  });
}

export function usePurchaseOrderToShip(id: string | undefined) {
  return useQuery({
    queryKey: supplyKeys.source('purchase_order', id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: PurchaseOrderToShip }>(`/purchase-orders/${enc(id ?? '')}`)).data,
  });
}

export function useTransfer(id: string | undefined, withEvents = false) {
  return useQuery({
    queryKey: [...supplyKeys.transfer(id ?? ''), withEvents],
    enabled: Boolean(id),
    queryFn: async () => (await http.get<{ data: Transfer }>(`/transfers/${enc(id ?? '')}`, { params: withEvents ? { include: 'events' } : {} })).data,
  });
}

export function usePackingTemplates(enabled = true) {
  return useQuery({
    queryKey: supplyKeys.templates,
    enabled,
    queryFn: async () => (await http.get<Paginated<PackingTemplate>>('/packing-templates', { params: { per_page: 500, order_by: 'name', order_direction: 'ASC' } })).data,
  });
}

export interface TransferFilters {
  search: string;
  status: string;
}

export function useTransfers(params: ListParams, filters: TransferFilters) {
  const search = listSearch(filters.search, { status: filters.status });
  return useQuery({
    queryKey: supplyKeys.transfers({ ...params, search }),
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<TransferSummary>>('/transfers', { params: listQuery(params, search) }),
  });
}

/** Units available for a SKU at an iloc (good − reserved), or null when the SKU is not stocked there. */
export function useAvailableAt(sku: string, ilocId: string) {
  return useQuery({
    queryKey: supplyKeys.available(sku, ilocId),
    enabled: Boolean(sku && ilocId),
    staleTime: 15_000,
    queryFn: async () => {
      const rows = await http.get<Paginated<InventoryRow>>('/inventory', { params: { per_page: 5, search: `sku:${sku.replace(/[;:]/g, ' ')};iloc:${ilocId}` } });
      const row = rows.data.find((r) => r.sku.toLowerCase() === sku.toLowerCase() && r.iloc_id === ilocId);
      return row ? row.qty_available : null;
    },
  });
}

/* ------------------------------------------------------------------ writes */

/** After any supply write: shipments, transfers, the PO and stock are stale. */
function useSupplyMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: supplyKeys.all }),
        client.invalidateQueries({ queryKey: ['purchase-orders'] }),
        client.invalidateQueries({ queryKey: ['inventory'] }),
      ]),
  });
}

export function useSaveAsn(source: AsnSource) {
  return useSupplyMutation(async ({ id, body }: { id?: string; body: TSupplyShipmentInput }) =>
    id
      ? (await http.put<{ data: SupplyShipment }>(shipmentPath(source, id), body)).data
      : (await http.post<{ data: SupplyShipment }>(`${sourceBase(source)}/shipments`, body)).data,
  );
}

export type ShipmentCommand = { action: 'ship' | 'arrive' | 'cancel' } | { action: 'receive'; body: TReceiveInput };

export function useShipmentCommand() {
  return useSupplyMutation(async ({ id, source, command }: { id: string; source?: AsnSource; command: ShipmentCommand }) =>
    (
      await http.post<{ data: SupplyShipment }>(
        `${source ? shipmentPath(source, id) : `/supply-shipments/${enc(id)}`}/${command.action}`,
        'body' in command ? command.body : undefined,
      )
    ).data,
  );
}

export function useCreateTransfer() {
  return useSupplyMutation(async (body: TTransferInput) => (await http.post<{ data: Transfer }>('/transfers', body)).data);
}

export function useTransferCommand() {
  return useSupplyMutation(async ({ id, action }: { id: string; action: 'confirm' | 'complete' | 'cancel' }) =>
    (await http.post<{ data: Transfer }>(`/transfers/${enc(id)}/${action}`)).data,
  );
}
