import { useState } from 'react';
import { Box, Button, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES, ORDER_STATUSES } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { downloadMediable, useNotifications, useStartOrdersReport } from './api';
import { formatNotificationDate, mediableOf, PHONE_PAGINATION, StatusIcon } from './notification-view';

/** /feed-history (spec 2): the reports this user asked for, each with its file. */
export function FeedHistoryPage() {
  const { t } = useTranslation('notifications');
  const { user, can } = useSession();
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const reports = useNotifications(user?.id, { page: page + 1, perPage, search: `type:${NOTIFICATION_TYPES.reportReady}` }, 'reports');
  const rows = reports.data?.data ?? [];

  return (
    <Box sx={{ maxWidth: 960, minWidth: 0 }}>
      <Typography variant="h5" component="h1">{t('feed.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('feed.subtitle')}</Typography>
      {can('read-order') && <ReportForm />}
      {reports.isPending ? (
        <LoadingState />
      ) : reports.isError && !reports.data ? (
        <ErrorState message={t('toast.loadFailed', { list: t('lists.reports') })} onRetry={() => void reports.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={t('feed.empty')} />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('feed.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('feed.file')}</TableCell>
                  <TableCell>{t('feed.status')}</TableCell>
                  <TableCell>{t('feed.date')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((n) => {
                  const file = mediableOf(n);
                  return (
                    <TableRow key={n.id} data-testid="report-row">
                      <TableCell sx={{ wordBreak: 'break-all' }}>
                        {file?.file_name ?? n.data.title}
                        {n.data.description && <Typography variant="caption" display="block" color="text.secondary">{n.data.description}</Typography>}
                      </TableCell>
                      <TableCell><StatusIcon status={n.data.status} size="small" /></TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNotificationDate(n.created_at)}</TableCell>
                      <TableCell align="right">
                        {file ? (
                          <Button size="small" startIcon={<DownloadIcon />} aria-label={t('downloadNamed', { name: file.file_name })}
                            onClick={() => downloadMediable(file).catch(() => toast.error(t('toast.downloadFailed'), t('toast.title')))}>
                            {t('download')}
                          </Button>
                        ) : t('feed.noFile')}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            sx={PHONE_PAGINATION} component="div" count={reports.data?.total ?? 0} page={page} rowsPerPage={perPage} rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_e, p) => setPage(p)} onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }} />
        </Paper>
      )}
    </Box>
  );
}

/** Starts an orders report (202); its notification, with the file, arrives in the bell and in this list. */
function ReportForm() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const start = useStartOrdersReport();
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start.mutate(
      { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) },
      {
        onSuccess: () => toast.success(t('toast.reportStarted')),
        onError: (err) => {
          if (!isHttpError(err, 401)) toast.error(t('toast.reportFailed'), t('toast.title'));
        },
      },
    );
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-label={t('feed.newReport')} sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>{t('feed.newReport')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField select size="small" label={t('feed.reportStatus')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('feed.anyStatus')}</MenuItem>
          {ORDER_STATUSES.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
        </TextField>
        <TextField size="small" type="date" label={t('feed.from')} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label={t('feed.to')} value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" disabled={start.isPending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>{t('feed.start')}</Button>
      </Stack>
    </Paper>
  );
}
