import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { pathOf } from '../../shared/routing/routes-table';
import type { ServerGridState } from '../../shared/ui/data-grid';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import type { Company } from './api';
import { formatDate } from '../../shared/format/format';

const HIDDEN_ON_PHONE = ['contact', 'phone', 'location', 'created_at'] as const;

interface CompaniesGridProps {
  rows: Company[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  emptyLabel: string;
}

export function CompaniesGrid({ rows, total, loading, grid, emptyLabel }: CompaniesGridProps) {
  const { t, i18n } = useTranslation('companies');

  // Sorting is server-side: only columns the API can order by are sortable.
  const columns = useMemo<GridColDef<Company>[]>(
    () => [
      {
        field: 'name', headerName: t('fields.name'), flex: 1.2, minWidth: 160,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('company-conf', { id: row.id })} underline="hover" sx={{ fontWeight: 500 }}>
            {row.name}
          </Link>
        ),
      },
      {
        field: 'contact', headerName: t('fields.contact'), sortable: false, flex: 1.4, minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap>{row.contact_name ?? row.email ?? ''}</Typography>
            {row.contact_name && row.email && (
              <Typography variant="caption" color="text.secondary" noWrap>{row.email}</Typography>
            )}
          </Box>
        ),
      },
      { field: 'phone', headerName: t('fields.phone'), sortable: false, width: 130 },
      {
        field: 'location', headerName: t('fields.location'), sortable: false, flex: 1, minWidth: 130,
        valueGetter: (_value, row) => [row.city, row.country].filter(Boolean).join(', '),
      },
      {
        field: 'status', headerName: t('fields.status'), width: 100,
        renderCell: ({ row }) =>
          row.status ? (
            <Chip size="small" color={row.status.toUpperCase() === 'ACTIVE' ? 'success' : 'default'} label={t(`statuses.${row.status}`, { defaultValue: row.status })} />
          ) : null,
      },
      {
        field: 'created_at', headerName: t('fields.created_at'), width: 110,
        valueFormatter: (value: string) => formatDate(value, { language: i18n.language }),
      },
    ],
    [t, i18n.language],
  );

  return (
    <ServerDataGrid
      rows={rows}
      columns={columns}
      total={total}
      loading={loading}
      grid={grid}
      emptyLabel={emptyLabel}
      hideOnPhone={HIDDEN_ON_PHONE}
    />
  );
}
