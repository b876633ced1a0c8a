import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography,
  useMediaQuery, useTheme,
} from '@mui/material';
import { CHANNEL_ACTIONS, CHANNEL_RUN_STATUSES, type ChannelRunItem } from '@omnio/domain';
import { FilterSelect } from '../../shared/ui/ListToolbar';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import type { RunFilters } from './api';
import { formatDateTime, RunStatusChip, useCountsText } from './labels';

const COUNT_KEYS = ['received', 'created', 'updated', 'duplicates', 'failed'] as const;

interface RunsTableProps {
  rows: ChannelRunItem[];
  total: number;
  page: number;
  perPage: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
  /** The feed history of all processes names each run's process. */
  showProcess?: boolean;
  onOpen(run: ChannelRunItem): void;
  label: string;
}

/** Runs newest first: a table on wide screens, a list of cards on phones; each opens its detail. */
export function RunsTable({ rows, total, page, perPage, onPage, onPerPage, showProcess, onOpen, label }: RunsTableProps) {
  const { t } = useTranslation('channels');
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const countsText = useCountsText();
  const actionName = (r: ChannelRunItem) => t(`actions.${r.action}`, { defaultValue: r.action });
  const openButton = (r: ChannelRunItem) => (
    <Button size="small" onClick={() => onOpen(r)} aria-label={t('runs.openNamed', { action: actionName(r), date: formatDateTime(r.started_at ?? r.created_at) })}>
      {t('runs.open')}
    </Button>
  );

  const pagination = (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={perPage}
      rowsPerPageOptions={[10, 25, 50]}
      onPageChange={(_e, p) => onPage(p)}
      onRowsPerPageChange={(e) => onPerPage(Number(e.target.value))}
      labelRowsPerPage={t('runs.perPage')}
      sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
    />
  );

  if (phone) {
    return (
      <Box>
        <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Paper component="li" key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="run-row">
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 0 }} noWrap>
                  {showProcess ? `${r.process_name} · ` : ''}{actionName(r)}
                </Typography>
                <RunStatusChip status={r.status} />
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p">
                {t(`triggers.${r.trigger}`, { defaultValue: r.trigger })} · {formatDateTime(r.started_at ?? r.created_at)}
                {r.finished_at ? ` → ${formatDateTime(r.finished_at)}` : ''}
              </Typography>
              <Typography variant="caption" component="p">{countsText(r.counts)}</Typography>
              {r.failure && <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>{r.failure}</Typography>}
              <Box sx={{ textAlign: 'right' }}>{openButton(r)}</Box>
            </Paper>
          ))}
        </Stack>
        {pagination}
      </Box>
    );
  }

  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {showProcess && <TableCell>{t('runs.columns.process')}</TableCell>}
              <TableCell>{t('runs.columns.action')}</TableCell>
              <TableCell>{t('runs.columns.trigger')}</TableCell>
              <TableCell>{t('runs.columns.status')}</TableCell>
              <TableCell>{t('runs.columns.started')}</TableCell>
              <TableCell>{t('runs.columns.finished')}</TableCell>
              {COUNT_KEYS.map((k) => <TableCell key={k} align="right">{t(`runs.columns.${k}`)}</TableCell>)}
              <TableCell><Box component="span" sx={visuallyHidden}>{t('runs.columns.detail')}</Box></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover data-testid="run-row">
                {showProcess && <TableCell sx={{ maxWidth: 180, overflowWrap: 'anywhere' }}>{r.process_name}</TableCell>}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{actionName(r)}</TableCell>
                <TableCell>{t(`triggers.${r.trigger}`, { defaultValue: r.trigger })}</TableCell>
                <TableCell><RunStatusChip status={r.status} /></TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.started_at) || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.finished_at) || '—'}</TableCell>
                {COUNT_KEYS.map((k) => (
                  <TableCell key={k} align="right" sx={k === 'failed' && r.counts.failed > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
                    {r.counts[k]}
                  </TableCell>
                ))}
                <TableCell align="right">{openButton(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Box>
  );
}

const visuallyHidden = {
  border: 0, clip: 'rect(0 0 0 0)', height: 1, margin: -1, overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: 1,
} as const;

/** Action and status filters above a runs table (and, for the feed history, the process). */
export function RunFiltersBar({ value, onChange, processes, children }: {
  value: RunFilters;
  onChange(next: RunFilters): void;
  processes?: { id: string; name: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('channels');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
      {processes && (
        <FilterSelect
          label={t('runs.filters.process')} value={value.process_id ?? ''} allLabel={t('runs.filters.allProcesses')}
          onChange={(v) => onChange({ ...value, process_id: v })}
          options={processes.map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      <FilterSelect
        label={t('runs.filters.action')} value={value.action ?? ''} allLabel={t('runs.filters.allActions')}
        onChange={(v) => onChange({ ...value, action: v as RunFilters['action'] })}
        options={CHANNEL_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))}
      />
      <FilterSelect
        label={t('runs.filters.status')} value={value.status ?? ''} allLabel={t('runs.filters.allStatuses')}
        onChange={(v) => onChange({ ...value, status: v as RunFilters['status'] })}
        options={CHANNEL_RUN_STATUSES.map((s) => ({ value: s, label: t(`runStatus.${s}`) }))}
      />
      {children}
    </Stack>
  );
}

/** Loading, error and empty states around a runs table. */
export function RunsState({ pending, error, empty, filtered, onRetry, children }: {
  pending: boolean;
  error: Error | null;
  empty: boolean;
  filtered: boolean;
  onRetry(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('channels');
  if (pending) return <LoadingState label={t('runs.loading')} minHeight={160} />;
  if (error) return <ErrorState message={`${t('runs.loadFailed')}: ${error.message}`} onRetry={onRetry} />;
  if (empty) return <EmptyState message={filtered ? t('runs.noMatch') : t('runs.empty')} />;
  return <>{children}</>;
}
