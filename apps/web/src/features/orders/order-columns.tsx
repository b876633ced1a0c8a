import { Link as RouterLink } from 'react-router';
import type { TFunction } from 'i18next';
import { Box, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { pathOf } from '../../shared/routing/routes-table';
import { ORDER_SORTABLE, type OrderSummary } from './api';
import { formatDateTime, formatMoney, personName } from '../../shared/format/format';
import { FulfillmentChip, OrderStatusChip } from './StatusChips';
import type { GridLayout } from './useGridLayout';

const SORTABLE = new Set<string>(ORDER_SORTABLE);

/**
 * Columns beside the sidebar at 1280 px; the rest start hidden and wait in the column chooser. An error
 * order's code shows under its status anyway; the Error column (code and message) opens on the Error tab.
 */
export const DEFAULT_LAYOUT: GridLayout = {
  order: [],
  hidden: ['error', 'external_id', 'ship_to', 'line_count', 'updated_at', 'hold_until', 'channel'],
  widths: {},
};

function NumberLink({ row }: { row: OrderSummary }) {
  return (
    <Link
      component={RouterLink}
      to={pathOf('order-edit', { id: row.id })}
      onClick={(e) => e.stopPropagation()}
      sx={{ fontWeight: 600 }}
    >
      {row.number}
    </Link>
  );
}

/** An error order's code in words, its server message on hover and for screen readers. */
function ErrorCell({ row, t }: { row: OrderSummary; t: TFunction }) {
  if (!row.error_code) return null;
  const title = t(`errorCodes.${row.error_code}.title`, { defaultValue: row.error_code });
  return (
    <Tooltip title={row.error_message ?? title}>
      <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 0.5 }}>
        <Typography variant="body2" color="error" noWrap component="div" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {row.error_message && (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {row.error_message}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}

/** The status chip; an error order's code in words under it, its server message on hover. */
function StatusCell({ row, t }: { row: OrderSummary; t: TFunction }) {
  if (!row.error_code) return <OrderStatusChip status={row.status} />;
  return (
    <Tooltip title={row.error_message ?? ''}>
      <Stack spacing={0.25} sx={{ alignItems: 'flex-start', lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
        <OrderStatusChip status={row.status} />
        <Typography variant="caption" color="error" noWrap sx={{ maxWidth: '100%' }}>
          {t(`errorCodes.${row.error_code}.title`, { defaultValue: row.error_code })}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

export function orderColumns(t: TFunction, language: string): GridColDef<OrderSummary>[] {
  const cols: GridColDef<OrderSummary>[] = [
    { field: 'number', headerName: t('fields.number'), width: 120, renderCell: ({ row }) => <NumberLink row={row} /> },
    { field: 'status', headerName: t('fields.status'), width: 150, renderCell: ({ row }) => <StatusCell row={row} t={t} /> },
    {
      field: 'fulfillment_status', headerName: t('fields.fulfillment'), width: 160,
      renderCell: ({ row }) => <FulfillmentChip status={row.fulfillment_status} />,
    },
    { field: 'error', headerName: t('fields.error'), width: 220, renderCell: ({ row }) => <ErrorCell row={row} t={t} /> },
    {
      field: 'customer', headerName: t('fields.customer'), flex: 1, minWidth: 160,
      valueGetter: (_v, row) => personName(row.customer) || row.customer?.email || '',
      renderCell: ({ row }) => (
        <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 0.5 }}>
          <Typography variant="body2" noWrap component="div">
            {personName(row.customer) || '—'}
          </Typography>
          {row.customer?.email && (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {row.customer.email}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'ship_to', headerName: t('fields.shipTo'), width: 180,
      valueGetter: (_v, row) => [row.ship_to?.city, row.ship_to?.state, row.ship_to?.country].filter(Boolean).join(', '),
    },
    { field: 'channel', headerName: t('fields.channel'), width: 110 },
    { field: 'external_id', headerName: t('fields.externalId'), width: 140 },
    { field: 'line_count', headerName: t('fields.lines'), type: 'number', width: 80 },
    { field: 'unit_count', headerName: t('fields.units'), type: 'number', width: 72 },
    {
      field: 'total', headerName: t('fields.total'), type: 'number', width: 120,
      valueFormatter: (_v, row) => formatMoney(row.total, row.currency, language),
    },
    { field: 'hold_until', headerName: t('fields.holdUntil'), width: 160, valueFormatter: (v: string | null) => formatDateTime(v) },
    { field: 'created_at', headerName: t('fields.createdAt'), width: 160, valueFormatter: (v: string) => formatDateTime(v) },
    { field: 'updated_at', headerName: t('fields.updatedAt'), width: 160, valueFormatter: (v: string) => formatDateTime(v) },
  ];
  return cols.map((c) => ({ ...c, sortable: SORTABLE.has(c.field) }));
}

/** On a phone the grid is a compact list: one column holding number, status, customer, total and date. */
export function phoneColumns(t: TFunction, language: string): GridColDef<OrderSummary>[] {
  return [
    {
      field: 'number', headerName: t('list.phoneColumn'), flex: 1, minWidth: 240, sortable: true,
      renderCell: ({ row }) => (
        // The grid gives cells the row's line height; the list's lines need their own.
        <Stack spacing={0.25} sx={{ py: 1, minWidth: 0, width: '100%', lineHeight: 1.4 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <NumberLink row={row} />
            <OrderStatusChip status={row.status} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" noWrap>
              {personName(row.customer) || row.customer?.email || '—'}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
              {formatMoney(row.total, row.currency, language)}
            </Typography>
          </Stack>
          <Typography variant="caption" color={row.error_code ? 'error' : 'text.secondary'} noWrap>
            {row.error_code ? t(`errorCodes.${row.error_code}.title`, { defaultValue: row.error_code }) : formatDateTime(row.created_at)}
          </Typography>
        </Stack>
      ),
    },
  ];
}
