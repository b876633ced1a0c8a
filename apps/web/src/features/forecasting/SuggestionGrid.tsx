import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Link, Tooltip, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import type { ServerGridState } from '../../shared/ui/data-grid';
import { useGridLocaleText, usePhoneColumns } from '../../shared/ui/data-grid';
import type { ForecastResultRowDto } from './api';

/** A suggestion row as the grid shows it: the buyer's quantity in place of the suggested one once edited. */
export type SuggestionRow = ForecastResultRowDto & { id: string; quantity: number };

export const rowIdOf = (r: Pick<ForecastResultRowDto, 'sku_id' | 'iloc_id'>) => `${r.sku_id}:${r.iloc_id ?? ''}`;

const HIDE_ON_PHONE = ['demand_class', 'method', 'accuracy', 'notes', 'on_hand', 'on_order', 'lead_time_days', 'safety_stock', 'reorder_point'] as const;

interface Props {
  rows: SuggestionRow[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  emptyLabel: string;
  selection: ReadonlySet<string>;
  onSelection(ids: Set<string>): void;
  onQuantity(id: string, quantity: number): void;
  onShowChart(row: SuggestionRow): void;
}

/** The suggestion table: select rows with a supplier, edit the quantity (Enter, type, Enter), open a SKU's chart from its code. */
export function SuggestionGrid({ rows, total, loading, grid, emptyLabel, selection, onSelection, onQuantity, onShowChart }: Props) {
  const { t, i18n } = useTranslation('forecasting');
  const localeText = useGridLocaleText(emptyLabel);
  const visibility = usePhoneColumns(HIDE_ON_PHONE);
  const lang = i18n.language;
  const columns = useMemo((): GridColDef<SuggestionRow>[] => {
    const num = (v: number | null | undefined, digits = 0) => (v === null || v === undefined ? '—' : v.toLocaleString(lang, { maximumFractionDigits: digits }));
    const numeric = (field: keyof SuggestionRow, headerName: string, digits = 0, width = 110): GridColDef<SuggestionRow> => ({
      field, headerName, type: 'number', width, sortable: false, valueFormatter: (v: number | null) => num(v, digits),
    });
    return [
      {
        field: 'sku', headerName: t('table.sku'), minWidth: 140, flex: 1, sortable: false,
        renderCell: (p) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Link component="button" type="button" tabIndex={p.tabIndex} onClick={() => onShowChart(p.row)} sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}>
              {p.row.sku}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
              {p.row.name}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'quantity', headerName: t('table.suggested'), type: 'number', width: 110, sortable: false,
        editable: true, cellClassName: 'forecast-editable',
        valueFormatter: (v: number) => num(v),
      },
      { field: 'supplier_name', headerName: t('table.supplier'), minWidth: 140, flex: 1, sortable: false, valueFormatter: (v: string | null) => v ?? t('table.noSupplier') },
      numeric('forecast_total', t('table.forecast'), 0, 120),
      numeric('on_hand', t('table.onHand'), 0, 90),
      numeric('on_order', t('table.onOrder'), 0, 90),
      numeric('lead_time_days', t('table.leadTime'), 0, 120),
      numeric('safety_stock', t('table.safetyStock'), 1, 120),
      numeric('reorder_point', t('table.reorderPoint'), 1, 120),
      { field: 'demand_class', headerName: t('table.class'), width: 110, sortable: false, valueFormatter: (v: string) => t(`classes.${v}`, { defaultValue: v }) },
      { field: 'method', headerName: t('table.method'), width: 160, sortable: false, valueFormatter: (v: string) => t(`methods.${v}`, { defaultValue: v }) },
      {
        field: 'accuracy', headerName: t('table.accuracy'), width: 130, sortable: false,
        valueGetter: (_v, r) => r.accuracy,
        renderCell: (p) => {
          const a = p.row.accuracy;
          if (!a) return t('table.accuracyNone');
          const text = `${a.wape.toLocaleString(lang, { style: 'percent', maximumFractionDigits: 0 })} / ${num(a.mase, 2)}`;
          return (
            <Tooltip title={t('summary.vsNaive', { value: `${a.naive_wape.toLocaleString(lang, { style: 'percent', maximumFractionDigits: 0 })} / ${num(a.naive_mase, 2)}` })}>
              <span>{text}</span>
            </Tooltip>
          );
        },
      },
      {
        field: 'notes', headerName: t('table.notes'), minWidth: 220, flex: 1.2, sortable: false,
        valueGetter: (_v, r) => {
          const parts: string[] = [];
          if (r.censored_days > 0) parts.push(t('notes.censored', { count: r.censored_days }));
          if (!r.supplier_id) parts.push(t('notes.noSupplier'));
          for (const peak of r.peaks) parts.push(t('notes.peak', { name: peak.name, year: peak.year, lift: num(peak.lift, 2) }));
          return parts.join(' · ');
        },
        renderCell: (p) => <span title={String(p.value ?? '')} style={{ whiteSpace: 'normal', lineHeight: 1.3 }}>{String(p.value ?? '')}</span>,
      },
    ];
  }, [t, lang, onShowChart]);

  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selection) }), [selection]);

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      paginationModel={grid.paginationModel}
      onPaginationModelChange={grid.setPaginationModel}
      pageSizeOptions={[25, 50, 100]}
      checkboxSelection
      keepNonExistentRowsSelected
      disableRowSelectionOnClick
      isRowSelectable={(p) => Boolean(p.row.supplier_id)}
      rowSelectionModel={selectionModel}
      onRowSelectionModelChange={(model) => onSelection(new Set([...model.ids].map(String)))}
      processRowUpdate={(next: SuggestionRow, previous: SuggestionRow) => {
        const quantity = Number(next.quantity);
        // A blank, negative or fractional entry keeps the previous quantity rather than becoming a PO line.
        if (!Number.isInteger(quantity) || quantity < 0) return previous;
        onQuantity(next.id, quantity);
        return { ...next, quantity };
      }}
      disableColumnFilter
      disableColumnSorting
      getRowHeight={() => 'auto'}
      localeText={localeText}
      {...visibility}
      sx={{ minHeight: 320, '& .MuiDataGrid-cell': { py: 1 }, '& .forecast-editable': { fontWeight: 600 } }}
    />
  );
}
