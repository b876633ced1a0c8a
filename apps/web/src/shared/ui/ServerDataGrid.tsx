import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocaleText, usePhoneColumns, type ServerGridState } from './data-grid';

interface ServerDataGridProps<R extends GridValidRowModel> {
  rows: R[];
  columns: GridColDef<R>[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  /** Replaces the grid's "No rows". */
  emptyLabel: string;
  /** Columns that start hidden on phones (still in the columns menu). */
  hideOnPhone: readonly string[];
  rowHeight?: number;
}

/** A DataGrid paged and sorted by the server: a new sort goes back to the first page. */
export function ServerDataGrid<R extends GridValidRowModel>({
  rows, columns, total, loading, grid, emptyLabel, hideOnPhone, rowHeight,
}: ServerDataGridProps<R>) {
  const localeText = useGridLocaleText(emptyLabel);
  const visibility = usePhoneColumns(hideOnPhone);
  return (
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
      pageSizeOptions={[10, 25, 50, 100]}
      rowHeight={rowHeight}
      disableRowSelectionOnClick
      disableColumnFilter
      localeText={localeText}
      {...visibility}
      sx={{ minHeight: 320 }}
    />
  );
}
