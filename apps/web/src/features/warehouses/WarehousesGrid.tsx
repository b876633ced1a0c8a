import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardActionArea, CardContent, Chip, Link, Pagination, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { pathOf } from '../../shared/routing/routes-table';
import type { ServerGridState } from '../../shared/ui/data-grid';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { EmptyState, LoadingState } from '../../shared/ui/StateViews';
import type { Warehouse } from './api';

const HIDDEN_ON_PHONE = ['code', 'location', 'companies', 'connection'] as const;

interface WarehousesGridProps {
  rows: Warehouse[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  emptyLabel: string;
}

const editPath = (w: Warehouse) => pathOf('warehouse-edit', { warehouse: w.id });

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('warehouses');
  return <Chip size="small" color={status === 'ACTIVE' ? 'success' : 'default'} label={t(`statuses.${status}`, { defaultValue: status })} />;
}

/** Desktop: a server-paged grid. Phone: one card per warehouse (a grid of seven columns does not fit 375 px). */
export function WarehousesGrid(props: WarehousesGridProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return phone ? <WarehouseCards {...props} /> : <WarehouseTable {...props} />;
}

function WarehouseTable({ rows, total, loading, grid, emptyLabel }: WarehousesGridProps) {
  const { t } = useTranslation('warehouses');
  const columns = useMemo<GridColDef<Warehouse>[]>(
    () => [
      {
        field: 'name', headerName: t('fields.name'), flex: 1.4, minWidth: 200,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={editPath(row)} underline="hover" sx={{ fontWeight: 500 }}>
            {row.name}
          </Link>
        ),
      },
      { field: 'code', headerName: t('fields.code'), width: 170 },
      { field: 'provider', headerName: t('fields.provider'), width: 120, valueFormatter: (value: string) => t(`providers.${value}`, { defaultValue: value }) },
      {
        field: 'location', headerName: t('fields.location'), sortable: false, flex: 1, minWidth: 130,
        valueGetter: (_value, row) => [row.city, row.region, row.country].filter(Boolean).join(', '),
      },
      {
        field: 'companies', headerName: t('fields.companies'), sortable: false, flex: 1, minWidth: 140,
        valueGetter: (_value, row) => row.companies.map((c) => c.name).join(', '),
      },
      {
        field: 'connection', headerName: t('fields.connection'), sortable: false, width: 120,
        valueGetter: (_value, row) => (row.connection.driver ? t(`drivers.${row.connection.driver}`) : ''),
      },
      { field: 'status', headerName: t('fields.status'), width: 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    ],
    [t],
  );
  return <ServerDataGrid rows={rows} columns={columns} total={total} loading={loading} grid={grid} emptyLabel={emptyLabel} hideOnPhone={HIDDEN_ON_PHONE} />;
}

function WarehouseCards({ rows, total, loading, grid, emptyLabel }: WarehousesGridProps) {
  const { t } = useTranslation('warehouses');
  if (loading && rows.length === 0) return <LoadingState />;
  if (rows.length === 0) return <EmptyState message={emptyLabel} />;
  const pages = Math.max(1, Math.ceil(total / grid.paginationModel.pageSize));
  return (
    <Stack spacing={1.5}>
      {rows.map((w) => (
        <Card key={w.id} variant="outlined">
          <CardActionArea component={RouterLink} to={editPath(w)}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {w.name}
                </Typography>
                <StatusChip status={w.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {w.code} · {t(`providers.${w.provider}`, { defaultValue: w.provider })}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {w.companies.length ? t('list.companies', { count: w.companies.length }) : t('list.noCompanies')}
                  {[w.city, w.country].some(Boolean) ? ` · ${[w.city, w.country].filter(Boolean).join(', ')}` : ''}
                </Typography>
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={grid.paginationModel.page + 1}
          onChange={(_e, page) => grid.setPaginationModel({ ...grid.paginationModel, page: page - 1 })}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
