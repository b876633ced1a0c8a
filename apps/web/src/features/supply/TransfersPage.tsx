import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import { TRANSFER_STATUSES } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useDebounced } from '../../shared/ui/useDebounced';
import { formatDate, formatDateTime } from '../../shared/format/format';
import { useTransfers, type TransferFilters, type TransferSummary } from './api';
import { SupplyStatusChip } from './StatusChip';

const SORTABLE = new Set(['number', 'status', 'estimated_delivery', 'created_at']);
const HIDE_ON_PHONE = ['from_iloc', 'to_iloc', 'estimated_delivery', 'created_at'] as const;

/** /transfers — stock moves between ilocs, paged by the server, by status tab. */
export function TransfersPage() {
  const { t } = useTranslation('supply');
  const session = useSession();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<TransferFilters>({ search: '', status: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid(25);
  const list = useTransfers(grid.query, { ...filters, search });
  const change = (next: TransferFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<TransferSummary>[]>(() => {
    const col = (field: string, headerName: string, rest: Partial<GridColDef<TransferSummary>> = {}): GridColDef<TransferSummary> => ({
      field, headerName, sortable: SORTABLE.has(field), flex: 1, minWidth: 120, ...rest,
    });
    return [
      col('number', t('fields.number'), {
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('transfer-show', { id: row.id })}>
            {row.number}
          </Link>
        ),
      }),
      col('status', t('fields.status'), { minWidth: 120, renderCell: ({ row }) => <SupplyStatusChip kind="transferStatus" status={row.status} /> }),
      col('from_iloc', t('fields.from'), { valueGetter: (_v, row) => row.from_iloc?.name ?? '' }),
      col('to_iloc', t('fields.to'), { valueGetter: (_v, row) => row.to_iloc?.name ?? '' }),
      col('units', t('fields.units'), {
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ justifyContent: 'center', height: '100%' }}>
            <Typography variant="body2" noWrap>
              {t('transfers.progress', { shipped: row.qty_shipped, received: row.qty_received, total: row.qty_total })}
            </Typography>
          </Stack>
        ),
      }),
      col('estimated_delivery', t('fields.estimatedDelivery'), { valueGetter: (_v, row) => formatDate(row.estimated_delivery) }),
      col('created_at', t('fields.createdAt'), { valueGetter: (_v, row) => formatDateTime(row.created_at) }),
    ];
  }, [t]);

  const filtered = Boolean(filters.search || filters.status);
  return (
    <ListPage
      title={t('transfers.title')}
      toolbar={
        <Box>
          <Tabs
            value={filters.status}
            onChange={(_e, status: string) => change({ ...filters, status })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('fields.status')}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="" label={t('transfers.allStatuses')} />
            {TRANSFER_STATUSES.map((s) => (
              <Tab key={s} value={s} label={t(`transferStatus.${s}`)} />
            ))}
          </Tabs>
          <ListToolbar
            searchLabel={t('transfers.search')}
            search={filters.search}
            onSearchChange={(value) => change({ ...filters, search: value })}
            action={session.can('create-transfer') ? { label: t('transfers.new'), icon: <Add />, onClick: () => void navigate(pathOf('create-transfers')) } : undefined}
          />
        </Box>
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={filtered ? t('transfers.noMatches') : t('transfers.empty')}
        hideOnPhone={HIDE_ON_PHONE}
      />
    </ListPage>
  );
}
