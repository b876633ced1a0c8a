import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADJUSTABLE_BUCKETS, ADJUSTMENT_REASONS, type AdjustableBucket, type AdjustmentReason, type AdjustmentResultDto, type AvailabilityIlocDetail,
  type ChannelAvailability, type InventoryImportReportDto, type InventoryMovement, type InventoryRow, type Paginated,
} from '@omnio/domain';
import { http, type QueryParams } from '../../shared/api/http';
import { uploadFile } from '../../shared/api/file-transfer';
import { listSearch } from '../../shared/api/list-query';
import { inventoryKeys } from '../../shared/inventory/inventory-query';

// The list query lives in shared/ (a product page shows stock too); inventory screens import it from here.
export { inventoryKeys, inventorySearch, useInventory, type InventoryFilters } from '../../shared/inventory/inventory-query';

/* ------------------------------------------------------------------ shapes (docs/api-catalog.md) */

export type { InventoryMovement, InventoryRow };
/** GET /inventory/availability's answer for one SKU: each iloc's term with its on-hand and reserved units. */
export type ChannelFigure = ChannelAvailability<AvailabilityIlocDetail>;
export const BUCKETS = ADJUSTABLE_BUCKETS;
export type Bucket = AdjustableBucket;
/** Reasons a person picks; reserve, release and consume belong to orders and transfers. */
export const ADJUST_REASONS = ADJUSTMENT_REASONS;
export type AdjustReason = AdjustmentReason;
/** Columns the server can order the inventory list by. */
export const INVENTORY_SORTABLE = ['sku', 'name', 'qty_available', 'qty_good', 'qty_reserved', 'updated_at'] as const;

export type Adjustment = {
  sku: string;
  iloc_id: string;
  bucket: Bucket;
  reason: AdjustReason;
  note?: string;
} & ({ delta: number } | { set: number });

/**
 * What a CSV import answers: the inventory's report (@omnio/domain), or the products' (catalog), whose rows
 * may have no SKU.
 */
export type ImportReport = Omit<InventoryImportReportDto, 'errors'> & { errors: { line: number; sku: string | null; message: string }[] };

export type CsvKind = 'inventory' | 'products';

/* ------------------------------------------------------------------ list */

export function inventoryRowId(row: Pick<InventoryRow, 'sku_id' | 'iloc_id'>): string {
  return `${row.sku_id}:${row.iloc_id}`;
}

/** The locations a row's history and explanation offer: the listed ones, plus the row's own if it is not listed (archived). */
export function withRowIloc<T extends { id: string; name: string; code: string | null }>(ilocs: T[], row: InventoryRow): (T | { id: string; name: string; code: null })[] {
  return ilocs.some((i) => i.id === row.iloc_id) ? ilocs : [{ id: row.iloc_id, name: row.iloc_name, code: null }, ...ilocs];
}

/* ------------------------------------------------------------------ movement history */

export interface MovementParams {
  skuId: string;
  /** '' for every location. */
  ilocId: string;
  page: number;
  perPage: number;
}

/** A SKU's movements (its stock holder's), newest first, with the balance after each one. */
export function useMovements(params: MovementParams | null) {
  return useQuery({
    queryKey: inventoryKeys.movements(params),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<InventoryMovement>>('/inventory/movements', {
        params: {
          search: listSearch('', { sku_id: params!.skuId, iloc: params!.ilocId }),
          include: 'balance_after',
          page: params!.page,
          per_page: params!.perPage,
        },
      }),
  });
}

/* ------------------------------------------------------------------ channel availability */

export interface AvailabilityParams {
  skuId: string;
  ilocIds: string[];
  /** As typed: the server validates (0–100, at most 2 decimals). */
  reservePercentage: string;
  /** '' for no cap. */
  maxListed: string;
}

/** The channel figure of one SKU with every term of it (GET /inventory/availability). */
export function useChannelAvailability(params: AvailabilityParams | null) {
  return useQuery({
    queryKey: inventoryKeys.availability(params),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const page = await http.get<Paginated<ChannelFigure>>('/inventory/availability', {
        params: {
          sku_ids: params!.skuId,
          iloc_ids: params!.ilocIds.join(','),
          reserve_percentage: params!.reservePercentage || undefined,
          max_listed: params!.maxListed || undefined,
        },
      });
      return page.data[0] ?? null;
    },
  });
}

export function useAdjustInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (adjustments: Adjustment[]) =>
      http.post<{ data: AdjustmentResultDto }>('/inventory/adjustments', { adjustments }),
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/* ------------------------------------------------------------------ CSV export and import */

const CSV_PATHS: Record<CsvKind, { export: string; import: string }> = {
  inventory: { export: '/inventory/export', import: '/inventory/import' },
  products: { export: '/products/export', import: '/products/import' },
};

/**
 * Downloads a CSV export. It goes through the shared client (bearer token, refresh on 401), which
 * hands back a non-JSON body as text; the text becomes a file the browser saves.
 */
export async function downloadCsv(kind: CsvKind, params: QueryParams, now = new Date()): Promise<string> {
  const csv = await http.get<unknown>(CSV_PATHS[kind].export, { params });
  const text = typeof csv === 'string' ? csv : csv === undefined ? '' : JSON.stringify(csv);
  const filename = `${kind}-${now.toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the object URL goes.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return filename;
}

/** A CSV import (multipart field `file`) through the shared upload client. */
export async function uploadCsv(kind: CsvKind, file: File): Promise<ImportReport> {
  return uploadFile(CSV_PATHS[kind].import, file);
}

export function useImportCsv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: CsvKind; file: File }) => uploadCsv(kind, file),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: inventoryKeys.all }),
        client.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}
