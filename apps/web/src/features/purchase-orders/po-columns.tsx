import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { pathOf } from '../../shared/routing/routes-table';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format/format';
import type { PoSummary } from './api';
import { PoStatusChip } from './StatusChips';

/** The list columns; `portal` links to the supplier's own PO page and leaves out the supplier column. */
export function poColumns(t: TFunction, language: string, portal: boolean): GridColDef<PoSummary>[] {
  const number = new Intl.NumberFormat(language === 'sp' ? 'es' : language);
  const columns: GridColDef<PoSummary>[] = [
    {
      field: 'number',
      headerName: t('fields.number'),
      minWidth: 100,
      flex: 0.8,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={portal ? pathOf('supplier-purchase-order', { id: row.id }) : pathOf('purchase-order-show', { id: row.id })}>
          {row.number}
        </Link>
      ),
    },
    { field: 'status', headerName: t('fields.status'), minWidth: 130, flex: 0.9, renderCell: ({ row }) => <PoStatusChip status={row.status} /> },
    { field: 'supplier', headerName: t('fields.supplier'), minWidth: 130, flex: 1, sortable: false, valueGetter: (_v, row) => row.supplier?.name ?? '' },
    { field: 'iloc', headerName: t('fields.iloc'), minWidth: 120, flex: 1, sortable: false, valueGetter: (_v, row) => row.iloc?.name ?? '' },
    {
      field: 'estimated_delivery',
      headerName: t('fields.estimatedDelivery'),
      minWidth: 110,
      valueGetter: (_v, row) => formatDate(row.estimated_delivery),
    },
    {
      field: 'units',
      headerName: t('fields.received'),
      minWidth: 90,
      sortable: false,
      valueGetter: (_v, row) => `${number.format(row.qty_received)} / ${number.format(row.qty_ordered)}`,
    },
    {
      field: 'total',
      headerName: t('fields.total'),
      minWidth: 110,
      flex: 0.8,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => formatMoney(row.total, row.currency, language),
    },
    { field: 'created_at', headerName: t('fields.createdAt'), minWidth: 150, valueGetter: (_v, row) => formatDateTime(row.created_at) },
  ];
  return portal ? columns.filter((c) => c.field !== 'supplier') : columns;
}

/** On phones the number, status and total stay; the rest start hidden. */
export const PO_HIDE_ON_PHONE = ['supplier', 'iloc', 'estimated_delivery', 'units', 'created_at'] as const;
