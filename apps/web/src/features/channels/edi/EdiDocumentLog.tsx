import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Link, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { EDI_DIRECTIONS, EDI_DOC_STATUSES, EDI_DOC_TYPES, type EdiDocumentDto } from '@omnio/domain';
import { useGridLocaleText, usePhoneColumns, useServerGrid } from '../../../shared/ui/data-grid';
import { FilterSelect } from '../../../shared/ui/ListToolbar';
import { EmptyState, ErrorState } from '../../../shared/ui/StateViews';
import { errorText } from '../../../shared/ui/form-helpers';
import { formatDateTime } from '../labels';
import { useEdiDocuments, type EdiDocumentFilters } from './edi-api';
import { AckChip, DirectionLabel, EdiStatusChip, useCountsText, useDocName } from './edi-labels';
import { EdiDocumentDialog } from './EdiDocumentDialog';

const HIDDEN_ON_PHONE = ['created_at', 'interchange_control', 'file_name', 'ack', 'counts'] as const;

/** An EDI partner's documents, newest first, with filters; a document opens its detail (readable and raw). */
export function EdiDocumentLog({ processId }: { processId: string }) {
  const { t } = useTranslation('channelsEdi');
  const grid = useServerGrid(25);
  const [filters, setFilters] = useState<EdiDocumentFilters>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useEdiDocuments(processId, { page: grid.query.page, perPage: grid.query.perPage, ...filters });
  const docName = useDocName();
  const countsText = useCountsText();
  const filtered = Boolean(filters.direction || filters.doc_type || filters.status);
  const localeText = useGridLocaleText(filtered ? t('log.noMatch') : t('log.empty'));
  const visibility = usePhoneColumns(HIDDEN_ON_PHONE);

  const filter = (next: EdiDocumentFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<EdiDocumentDto>[]>(
    () => [
      { field: 'created_at', headerName: t('log.columns.time'), width: 170, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'direction', headerName: t('log.columns.direction'), width: 100, renderCell: ({ row }) => <DirectionLabel direction={row.direction} /> },
      {
        field: 'doc_type', headerName: t('log.columns.document'), flex: 1, minWidth: 170,
        renderCell: ({ row, tabIndex }) => (
          <Link
            component="button"
            type="button"
            // The grid moves focus between cells with the arrows: the link is reached when its cell is.
            tabIndex={tabIndex}
            underline="hover"
            onClick={(e) => {
              e.stopPropagation();
              setOpenId(row.id);
            }}
            aria-label={t('log.openNamed', { doc: docName(row.doc_type), control: row.interchange_control ?? '' }).trim()}
            sx={{ fontWeight: 500, textAlign: 'left' }}
          >
            {docName(row.doc_type)}
          </Link>
        ),
      },
      {
        field: 'interchange_control', headerName: t('log.columns.isa13'), width: 120,
        renderCell: ({ row }) => <Box component="span" sx={{ fontFamily: 'monospace' }}>{row.interchange_control ?? '—'}</Box>,
      },
      {
        field: 'file_name', headerName: t('log.columns.file'), flex: 1, minWidth: 160,
        renderCell: ({ row }) => <Typography variant="body2" noWrap title={row.file_name ?? undefined}>{row.file_name ?? '—'}</Typography>,
      },
      { field: 'status', headerName: t('log.columns.status'), width: 170, renderCell: ({ row }) => <EdiStatusChip status={row.status} /> },
      { field: 'ack', headerName: t('log.columns.ack'), width: 190, renderCell: ({ row }) => <AckChip doc={row} /> },
      {
        field: 'counts', headerName: t('log.columns.counts'), flex: 1, minWidth: 220,
        renderCell: ({ row }) => {
          const text = countsText(row);
          return (
            <Typography variant="body2" color={row.counts.failed > 0 ? 'error' : text ? 'text.primary' : 'text.secondary'} noWrap>
              {text || '—'}
            </Typography>
          );
        },
      },
    ],
    [t, docName, countsText],
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
        <FilterSelect
          label={t('log.filters.direction')} value={filters.direction ?? ''} allLabel={t('log.filters.allDirections')}
          onChange={(v) => filter({ ...filters, direction: (v || undefined) as EdiDocumentFilters['direction'] })}
          options={EDI_DIRECTIONS.map((d) => ({ value: d, label: t(`direction.${d}Long`) }))}
        />
        <FilterSelect
          label={t('log.filters.type')} value={filters.doc_type ?? ''} allLabel={t('log.filters.allTypes')}
          onChange={(v) => filter({ ...filters, doc_type: (v || undefined) as EdiDocumentFilters['doc_type'] })}
          options={EDI_DOC_TYPES.map((d) => ({ value: d, label: docName(d) }))}
        />
        <FilterSelect
          label={t('log.filters.status')} value={filters.status ?? ''} allLabel={t('log.filters.allStatuses')}
          onChange={(v) => filter({ ...filters, status: (v || undefined) as EdiDocumentFilters['status'] })}
          options={EDI_DOC_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Stack>
      {list.isError ? (
        <ErrorState message={`${t('log.loadFailed')}: ${errorText(list.error)}`} onRetry={() => void list.refetch()} />
      ) : list.isSuccess && list.data.total === 0 && !filtered ? (
        <EmptyState message={t('log.empty')} />
      ) : (
        <DataGrid
          aria-label={t('log.label')}
          rows={list.data?.data ?? []}
          columns={columns}
          rowCount={list.data?.total ?? 0}
          // The 30 s refresh runs quietly; a new page or filter shows the overlay.
          loading={list.isPending || list.isPlaceholderData}
          paginationMode="server"
          paginationModel={grid.paginationModel}
          onPaginationModelChange={grid.setPaginationModel}
          pageSizeOptions={[10, 25, 50, 100]}
          onRowClick={({ row }) => setOpenId(row.id)}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') setOpenId(row.id);
          }}
          disableRowSelectionOnClick
          disableColumnFilter
          disableColumnSorting
          localeText={localeText}
          {...visibility}
          sx={{ minHeight: 320, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        />
      )}
      <EdiDocumentDialog processId={processId} docId={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
    </Box>
  );
}
