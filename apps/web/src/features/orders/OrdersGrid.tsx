import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, type GridRowSelectionModel } from '@mui/x-data-grid';
import { pathOf } from '../../shared/routing/routes-table';
import { useGridLocaleText, type ServerGridState } from '../../shared/ui/data-grid';
import type { OrderSummary } from './api';
import { ColumnsDialog } from './ColumnsDialog';
import { DEFAULT_LAYOUT, orderColumns, phoneColumns } from './order-columns';
import { applyLayout, useGridLayout, visibilityOf } from './useGridLayout';

interface OrdersGridProps {
  rows: OrderSummary[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  emptyLabel: string;
  selectable: boolean;
  selection: ReadonlySet<string>;
  onSelectionChange(ids: Set<string>): void;
  columnsOpen: boolean;
  onColumnsClose(): void;
  /** The Error tab: the error column (code and message) shows whatever the saved layout says. */
  showErrors?: boolean;
}

/**
 * The /orders grid: paged and sorted by the server (tens of thousands of orders), its column layout kept
 * in the user's preferences. A row click opens the order; the number is also a link for keyboards.
 */
export function OrdersGrid({ rows, total, loading, grid, emptyLabel, selectable, selection, onSelectionChange, columnsOpen, onColumnsClose, showErrors = false }: OrdersGridProps) {
  const { t, i18n } = useTranslation('orders');
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const localeText = useGridLocaleText(emptyLabel);
  const { layout, setLayout, setVisibility, setWidth, reset } = useGridLayout('orders', DEFAULT_LAYOUT);

  const columns = useMemo(
    () => (phone ? phoneColumns(t, i18n.language) : applyLayout(orderColumns(t, i18n.language), layout)),
    [phone, t, i18n.language, layout],
  );

  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selection) }), [selection]);
  const onSelection = (model: GridRowSelectionModel) => {
    // "Select all" of the header answers an exclude model: on a server-paged grid that means this page.
    if (model.type === 'include') {
      onSelectionChange(new Set([...model.ids].map(String)));
      return;
    }
    const next = new Set(selection);
    for (const row of rows) if (!model.ids.has(row.id)) next.add(row.id);
    onSelectionChange(next);
  };

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        rows={rows}
        columns={columns}
        rowCount={total}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={grid.paginationModel}
        onPaginationModelChange={grid.setPaginationModel}
        sortModel={grid.sortModel}
        onSortModelChange={(model) => {
          grid.setSortModel(model);
          grid.resetPage();
        }}
        pageSizeOptions={[25, 50, 100]}
        checkboxSelection={selectable}
        keepNonExistentRowsSelected
        disableRowSelectionOnClick
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={onSelection}
        onRowClick={({ row }: { row: OrderSummary }) => void navigate(pathOf('order-edit', { id: row.id }))}
        columnVisibilityModel={phone ? {} : { ...visibilityOf(layout), ...(showErrors ? { error: true } : {}) }}
        onColumnVisibilityModelChange={(model) => {
          if (!phone) setVisibility(model);
        }}
        onColumnWidthChange={({ colDef, width }) => {
          if (!phone) setWidth(colDef.field, width);
        }}
        rowHeight={phone ? 84 : 56}
        disableColumnFilter
        localeText={localeText}
        aria-label={t('list.gridLabel')}
        sx={{ minHeight: 360, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
      <ColumnsDialog
        open={columnsOpen && !phone}
        columns={columns.map((c) => ({ field: c.field, label: c.headerName ?? c.field }))}
        layout={layout}
        onChange={(next) => setLayout(() => next)}
        onReset={reset}
        onClose={onColumnsClose}
      />
    </Box>
  );
}
