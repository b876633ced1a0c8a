import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { ChannelProcessItem } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useGridLocaleText, usePhoneColumns, useServerGrid } from '../../shared/ui/data-grid';
import { errorText } from '../../shared/ui/form-helpers';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState } from '../../shared/ui/StateViews';
import { useCatalog, useChannelProcesses } from './api';
import { DriverAvatar, formatDateTime, ProcessStatusChip, RunStatusChip, useCountsText, useDriverName } from './labels';

const HIDDEN_ON_PHONE = ['driver', 'last_run'] as const;

/** /connections: the company's channel connections, each opening its own page. */
export function ConnectionsPage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const grid = useServerGrid(25);
  const list = useChannelProcesses({ page: grid.query.page, perPage: grid.query.perPage });
  const catalog = useCatalog();
  const driverName = useDriverName(catalog.data);
  const countsText = useCountsText();
  const localeText = useGridLocaleText(t('connections.empty'));
  const visibility = usePhoneColumns(HIDDEN_ON_PHONE);

  const columns = useMemo<GridColDef<ChannelProcessItem>[]>(
    () => [
      {
        field: 'name', headerName: t('connections.columns.name'), flex: 1.2, minWidth: 180, sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <DriverAvatar driver={row.driver} catalog={catalog.data} />
            <Link component={RouterLink} to={pathOf('connection-show', { id: row.id })} underline="hover" sx={{ fontWeight: 500 }} noWrap
              onClick={(e) => e.stopPropagation()}>
              {row.name}
            </Link>
          </Stack>
        ),
      },
      { field: 'driver', headerName: t('connections.columns.driver'), width: 140, sortable: false, valueFormatter: (value: string) => driverName(value) },
      { field: 'status', headerName: t('connections.columns.status'), width: 130, sortable: false, renderCell: ({ row }) => <ProcessStatusChip status={row.status} /> },
      {
        field: 'last_run', headerName: t('connections.columns.lastRun'), flex: 2, minWidth: 280, sortable: false,
        renderCell: ({ row }) =>
          row.last_run ? (
            <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" noWrap>{t(`actions.${row.last_run.action}`, { defaultValue: row.last_run.action })}</Typography>
                <RunStatusChip status={row.last_run.status} />
                <Typography variant="caption" color="text.secondary" noWrap>{formatDateTime(row.last_run.finished_at)}</Typography>
              </Stack>
              <Typography variant="caption" color="text.secondary" noWrap component="div">{countsText(row.last_run.counts)}</Typography>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">{t('connections.neverRun')}</Typography>
          ),
      },
      {
        field: 'recent_errors', headerName: t('connections.columns.errors'), width: 120, sortable: false,
        renderCell: ({ row }) =>
          row.recent_errors > 0 ? (
            <Chip size="small" color="error" label={row.recent_errors} aria-label={t('connections.recentErrors', { count: row.recent_errors })} />
          ) : (
            <Typography variant="body2" color="text.secondary" aria-label={t('connections.noErrors')}>0</Typography>
          ),
      },
    ],
    [t, catalog.data, driverName, countsText],
  );

  const rows = list.data?.data ?? [];
  const nothingYet = list.isSuccess && list.data.total === 0;

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('connections.title')}
        subtitle={t('connections.intro')}
        actions={
          <Button component={RouterLink} to={pathOf('integrations')} variant="contained" startIcon={<AddLinkIcon />}>
            {t('connections.add')}
          </Button>
        }
      />
      {list.isError && (
        <ErrorState message={`${t('connections.loadFailed')}: ${errorText(list.error)}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      {nothingYet ? (
        <Paper variant="outlined">
          <EmptyState
            message={t('connections.empty')}
            action={<Button component={RouterLink} to={pathOf('integrations')} variant="outlined">{t('connections.browse')}</Button>}
          />
        </Paper>
      ) : (
        <DataGrid
          aria-label={t('connections.title')}
          rows={rows}
          columns={columns}
          rowCount={list.data?.total ?? 0}
          loading={list.isFetching}
          paginationMode="server"
          paginationModel={grid.paginationModel}
          onPaginationModelChange={grid.setPaginationModel}
          pageSizeOptions={[10, 25, 50, 100]}
          getRowHeight={() => 'auto'}
          onRowClick={({ row }) => void navigate(pathOf('connection-show', { id: row.id }))}
          disableRowSelectionOnClick
          disableColumnFilter
          disableColumnSorting
          localeText={localeText}
          {...visibility}
          sx={{ minHeight: 320, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1 } }}
        />
      )}
    </Box>
  );
}
