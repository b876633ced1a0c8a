import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Chip, Link, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { SUPPLY_SHIPMENT_STATUSES } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useDebounced } from '../../shared/ui/useDebounced';
import { formatDate, formatDateTime } from '../../shared/format/format';
import { useSupplyShipments, type AsnFilters, type SupplyShipmentSummary } from './api';
import { SupplyStatusChip } from './StatusChip';

const SORTABLE = new Set(['asn_number', 'status', 'ship_date', 'created_at']);
const HIDE_ON_PHONE = ['kind', 'to_iloc', 'tracking_number', 'ship_date', 'created_at'] as const;

/** The PO or transfer a shipment belongs to, linked to its page. */
function SourceLink({ row }: { row: SupplyShipmentSummary }) {
  if (row.purchase_order)
    return (
      <Link component={RouterLink} to={pathOf('purchase-order-show', { id: row.purchase_order.id })}>
        {row.purchase_order.number}
      </Link>
    );
  if (row.transfer)
    return (
      <Link component={RouterLink} to={pathOf('transfer-show', { id: row.transfer.id })}>
        {row.transfer.number}
      </Link>
    );
  return null;
}

/** /asn — every PO and transfer shipment of the company, paged by the server; each opens its receiving screen. */
export function AsnListPage() {
  const { t } = useTranslation('supply');
  const [filters, setFilters] = useState<AsnFilters>({ search: '', status: '', kind: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid(25);
  const list = useSupplyShipments(grid.query, { ...filters, search });
  const change = (next: AsnFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<SupplyShipmentSummary>[]>(() => {
    const col = (field: string, headerName: string, rest: Partial<GridColDef<SupplyShipmentSummary>> = {}): GridColDef<SupplyShipmentSummary> => ({
      field, headerName, sortable: SORTABLE.has(field), flex: 1, minWidth: 120, ...rest,
    });
    return [
      col('asn_number', t('fields.asn'), {
        minWidth: 130,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('asn-process', { id: row.id })}>
            {row.asn_number}
          </Link>
        ),
      }),
      col('source', t('fields.source'), { minWidth: 110, renderCell: ({ row }) => <SourceLink row={row} /> }),
      col('kind', t('fields.kind'), { minWidth: 120, valueGetter: (_v, row) => t(`kind.${row.kind}`) }),
      col('status', t('fields.status'), {
        minWidth: 150,
        flex: 1.4,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <SupplyStatusChip status={row.status} />
            {row.has_discrepancy && row.status !== 'discrepancy' && (
              <Chip size="small" color="error" icon={<WarningAmber />} label={t('asnList.discrepancy')} />
            )}
          </Stack>
        ),
      }),
      col('to_iloc', t('fields.to'), { valueGetter: (_v, row) => row.to_iloc?.name ?? '' }),
      col('units', t('fields.received'), { minWidth: 90, flex: 0.6, sortable: false, valueGetter: (_v, row) => `${row.qty_received}/${row.qty_expected}` }),
      col('tracking_number', t('fields.tracking'), { valueGetter: (_v, row) => row.tracking_number ?? '' }),
      col('ship_date', t('fields.shipDate'), { minWidth: 110, valueGetter: (_v, row) => formatDate(row.ship_date) }),
      col('created_at', t('fields.createdAt'), { minWidth: 150, valueGetter: (_v, row) => formatDateTime(row.created_at) }),
    ];
  }, [t]);

  const filtered = Boolean(filters.search || filters.status || filters.kind);
  return (
    <ListPage
      title={t('asnList.title')}
      toolbar={
        <ListToolbar searchLabel={t('asnList.search')} search={filters.search} onSearchChange={(value) => change({ ...filters, search: value })}>
          <FilterSelect
            label={t('fields.status')}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            allLabel={t('asnList.allStatuses')}
            options={SUPPLY_SHIPMENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          />
          <FilterSelect
            label={t('fields.kind')}
            value={filters.kind}
            onChange={(kind) => change({ ...filters, kind })}
            allLabel={t('asnList.allKinds')}
            options={(['purchase_order', 'transfer'] as const).map((value) => ({ value, label: t(`kind.${value}`) }))}
          />
        </ListToolbar>
      }
      error={list.isError ? { message: `${t('errors.load')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <Box sx={{ minWidth: 0 }}>
        <ServerDataGrid
          rows={list.data?.data ?? []}
          columns={columns}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          grid={grid}
          emptyLabel={filtered ? t('asnList.noMatches') : t('asnList.empty')}
          hideOnPhone={HIDE_ON_PHONE}
        />
      </Box>
    </ListPage>
  );
}
