import { useEffect, useState } from 'react';
import { useMediaQuery, useTheme, type SxProps, type Theme } from '@mui/material';
import {
  ColumnsPanelTrigger, DataGrid, Toolbar, useGridApiContext, type GridColDef, type GridColumnVisibilityModel, type GridRowIdGetter,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { useGridLocaleText, type ServerGridState } from './data-grid';

/**
 * Which columns start visible: fewest on phones, more beside the sidebar on a laptop, all on wide
 * screens. Choices made in the column chooser hold until the screen crosses a breakpoint.
 */
export function useResponsiveColumns(hideOnPhone: readonly string[], hideOnLaptop: readonly string[]) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const key = (phone ? hideOnPhone : wide ? [] : hideOnLaptop).join(',');
  const [model, setModel] = useState<GridColumnVisibilityModel>({});
  useEffect(() => {
    setModel(Object.fromEntries(key.split(',').filter(Boolean).map((field) => [field, false])));
  }, [key]);
  return { columnVisibilityModel: model, onColumnVisibilityModelChange: setModel };
}

/** The grid's own toolbar: the column chooser. */
function GridTools() {
  const apiRef = useGridApiContext();
  return (
    <Toolbar>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnOutlined />}>
        {apiRef.current.getLocaleText('toolbarColumns')}
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}

interface CatalogGridProps<R extends GridValidRowModel> {
  rows: R[];
  columns: GridColDef<R>[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  /** Replaces the grid's "No rows". */
  emptyLabel: string;
  hideOnPhone: readonly string[];
  hideOnLaptop?: readonly string[];
  getRowId?: GridRowIdGetter<R>;
  label?: string;
  pageSizeOptions?: number[];
  sx?: SxProps<Theme>;
}

/**
 * The shared ServerDataGrid's behaviour (server paging and sorting; a new sort goes back to page one)
 * plus a column chooser button and laptop-width defaults, for the wide catalog lists.
 */
export function CatalogGrid<R extends GridValidRowModel>({
  rows, columns, total, loading, grid, emptyLabel, hideOnPhone, hideOnLaptop = [], getRowId, label, pageSizeOptions = [10, 25, 50, 100], sx,
}: CatalogGridProps<R>) {
  const localeText = useGridLocaleText(emptyLabel);
  const visibility = useResponsiveColumns(hideOnPhone, hideOnLaptop);
  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={getRowId}
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
      pageSizeOptions={pageSizeOptions}
      disableRowSelectionOnClick
      disableColumnFilter
      showToolbar
      slots={{ toolbar: GridTools }}
      localeText={localeText}
      aria-label={label}
      {...visibility}
      sx={[{ minHeight: 320 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
