import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Link, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { RETURN_STATUSES } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useDebounced } from '../../shared/ui/useDebounced';
import { formatDateTime, formatMoney } from '../../shared/format/format';
import { useReturns, type ReturnFilters, type ReturnSummary } from './api';
import { NewReturnDialog } from './NewReturnDialog';
import { ReturnActions } from './ReturnActions';
import { StartReturnView } from './StartReturnView';
import { StatusChip } from './StatusChip';

/** Columns the server orders returns by. */
const SORTABLE = new Set(['number', 'status', 'refund_status', 'created_at']);
const HIDE_ON_PHONE = ['order_number', 'refund_status', 'qty_received', 'created_at'] as const;

/**
 * /returns — every return of the company, paged by the server, with its actions. `?search=` starts the list
 * searched (a new return lands on its own row); `?order=:id` is the start-a-return screen of that order
 * (`&from=order` when the order's page sent the user: Cancel goes back there).
 */
export function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('order');
  if (orderId) {
    const fromOrder = params.get('from') === 'order';
    return (
      <StartReturnView
        key={orderId}
        orderId={orderId}
        onCancel={() => (fromOrder ? void navigate(pathOf('order-edit', { id: orderId })) : setParams({}))}
        onCreated={(ret) => setParams({ search: ret.number }, { replace: true })}
      />
    );
  }
  const search = params.get('search') ?? '';
  return <ReturnsList key={search} initialSearch={search} onStart={(id) => setParams({ order: id })} />;
}

function ReturnsList({ initialSearch, onStart }: { initialSearch: string; onStart(orderId: string): void }) {
  const { t, i18n } = useTranslation('shipments');
  const session = useSession();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [starting, setStarting] = useState(false);
  const [filters, setFilters] = useState<ReturnFilters>({ search: initialSearch, status: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid(25);
  const list = useReturns(grid.query, { ...filters, search });
  const change = (next: ReturnFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<ReturnSummary>[]>(() => {
    const col = (field: string, headerName: string, rest: Partial<GridColDef<ReturnSummary>> = {}): GridColDef<ReturnSummary> => ({
      field, headerName, sortable: SORTABLE.has(field), flex: 1, minWidth: 120, ...rest,
    });
    return [
      col('number', t('fields.number'), {
        minWidth: phone ? 110 : 140,
        renderCell: ({ row }) =>
          row.shipment_id ? (
            <Link component={RouterLink} to={pathOf('shipment-return', { id: row.shipment_id })}>
              {row.number}
            </Link>
          ) : (
            row.number
          ),
      }),
      col('order_number', t('fields.order'), {
        minWidth: 100,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('order-edit', { id: row.order_id })}>
            {row.order_number}
          </Link>
        ),
      }),
      col('status', t('fields.status'), { minWidth: 110, renderCell: ({ row }) => <StatusChip kind="returnStatus" status={row.status} /> }),
      col('refund_status', t('fields.refund'), {
        minWidth: 160,
        renderCell: ({ row }) => (
          <Stack sx={{ justifyContent: 'center', height: '100%', gap: 0.25, lineHeight: 1.2 }}>
            <Box>
              <StatusChip kind="refundStatus" status={row.refund_status} />
            </Box>
            <Typography variant="caption" color="text.secondary" noWrap>
              {formatMoney(row.refund_amount, row.currency, i18n.language)} / {formatMoney(row.refundable_amount, row.currency, i18n.language)}
            </Typography>
          </Stack>
        ),
      }),
      col('qty_received', t('fields.received'), { minWidth: 80, flex: 0.6, valueGetter: (_v, row) => `${row.qty_received}/${row.unit_count}` }),
      col('created_at', t('fields.createdAt'), { minWidth: 150, valueGetter: (_v, row) => formatDateTime(row.created_at) }),
      // On a phone the buttons fold into one menu: a row of them pushed the column out of the grid.
      col('actions', phone ? '' : t('fields.actions'), {
        sortable: false, minWidth: phone ? 56 : 190, flex: phone ? 0 : 1.4, ...(phone ? { width: 56 } : {}),
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <ReturnActions ret={row} compact={phone} />
          </Box>
        ),
      }),
    ];
  }, [t, i18n.language, phone]);

  const filtered = Boolean(filters.search || filters.status);
  return (
    <ListPage
      title={t('returns.title')}
      toolbar={
        <ListToolbar
          searchLabel={t('returns.search')}
          search={filters.search}
          onSearchChange={(value) => change({ ...filters, search: value })}
          action={session.can('create-returns') ? { label: t('newReturn.action'), icon: <AssignmentReturnOutlined />, onClick: () => setStarting(true) } : undefined}
        >
          <FilterSelect
            label={t('fields.status')}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            allLabel={t('returns.allStatuses')}
            options={RETURN_STATUSES.map((value) => ({ value, label: t(`returnStatus.${value}`) }))}
          />
        </ListToolbar>
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={filtered ? t('returns.noMatches') : t('returns.empty')}
        hideOnPhone={HIDE_ON_PHONE}
        rowHeight={64}
      />
      <NewReturnDialog open={starting} onClose={() => setStarting(false)} onOrder={onStart} />
    </ListPage>
  );
}
